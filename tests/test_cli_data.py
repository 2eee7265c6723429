"""The data commands, end to end through the real console script entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def run(args, home, stdin=None, **env):
    e = {**os.environ, "CONVREC_HOME": str(home), **env}
    return subprocess.run([sys.executable, "-m", "convrec.cli", *args], input=stdin, capture_output=True, text=True,
                          env=e, timeout=900)  # a first use in a fresh home prepares the catalog and fits the ranker


def assert_clean_error(r, *needles):
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    lines = [ln for ln in r.stderr.splitlines() if ln.startswith("error:")]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]


def test_info_json_default_dataset(tmp_path):
    r = run(["data", "info", "--json"], tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    info = json.loads(lines[0])
    assert info["dataset"] == "movielens-small" and info["items"] == 9742
    assert info["users"] == 610 and info["interactions"] > 80000
    assert {"item_id", "title", "year", "genres", "tags", "popularity"} <= set(info["columns"])


def test_show_prints_columns(tmp_path):
    r = run(["data", "show", "movielens-small"], tmp_path, COLUMNS="200")
    assert r.returncode == 0, r.stderr
    assert "genres" in r.stdout and "Drama" in r.stdout and "9,742 items" in r.stdout


def test_unknown_dataset(tmp_path):
    assert_clean_error(run(["data", "info", "nosuch"], tmp_path), "unknown dataset 'nosuch'", "movielens-small")


def test_missing_shared_file_names_file_and_variable(tmp_path):
    r = run(["data", "prepare", "movielens-100k"], tmp_path, CONVREC_DATA=str(tmp_path / "nowhere"))
    assert_clean_error(r, "u.item", "CONVREC_DATA")


def test_byo_errors(tmp_path):
    good_items = tmp_path / "items.csv"
    good_items.write_text("id,name,genre\n1,Alpha,x|y\n2,Beta,y\n3,Gamma,z\n")
    # empty file
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert_clean_error(run(["data", "prepare", "mine", "--items", str(empty)], tmp_path), "empty")
    # no column names an id (an "id" / "ID" column would be taken without --id-col)
    odd = tmp_path / "odd.csv"
    odd.write_text("sku,label,genre\n1,Alpha,x\n2,Beta,y\n")
    r = run(["data", "prepare", "mine", "--items", str(odd)], tmp_path)
    assert_clean_error(r, "no item id column 'item_id'", "--id-col")
    # malformed line
    bad = tmp_path / "bad.csv"
    bad.write_text('item_id,title\n1,Alpha\n2,"Beta,broken,extra\n3,Gamma,z,w\n')
    assert_clean_error(run(["data", "prepare", "mine", "--items", str(bad)], tmp_path), str(bad))
    # missing file
    assert_clean_error(run(["data", "prepare", "mine", "--items", str(tmp_path / "nope.csv")], tmp_path), "nope.csv")
    # interactions with a bad rating
    inter = tmp_path / "inter.csv"
    inter.write_text("user,item,rating\nu1,1,5\nu1,2,great\n")
    r = run(["data", "prepare", "mine", "--items", str(good_items), "--id-col", "id", "--title-col", "name",
             "--interactions", str(inter), "--user-col", "user", "--item-col", "item"], tmp_path)
    assert_clean_error(r, "line 3", "great")


def test_byo_end_to_end(tmp_path):
    items = tmp_path / "items.csv"
    items.write_text("id,name,genre,price\n" + "".join(f"{i},Item {i},g{i % 3}|all,{i}.5\n" for i in range(1, 9)))
    inter = tmp_path / "inter.csv"
    inter.write_text("user,item,when\n" + "".join(f"u{u},{1 + (u + j) % 8},2020-01-{1 + j:02d}\n" for u in range(10) for j in range(5)))
    r = run(["data", "prepare", "shop", "--items", str(items), "--id-col", "id", "--title-col", "name",
             "--interactions", str(inter), "--user-col", "user", "--item-col", "item", "--time-col", "when",
             "--domain", "product", "--no-llm"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "ready to chat" in r.stdout
    r = run(["data", "info", "shop", "--json"], tmp_path)
    info = json.loads(r.stdout)
    assert info == {"dataset": "shop", "items": 8, "users": 10, "interactions": 50,
                    "columns": ["item_id", "title", "genre", "price", "popularity"]}


def test_malformed_shared_style_file(tmp_path):
    # a copy of the ml-100k layout with one broken line in u.data
    d = tmp_path / "data" / "movielens-100k"
    d.mkdir(parents=True)
    (d / "u.item").write_text("1|Toy Story (1995)|01-Jan-1995||http://x|0|0|0|1|1|1|0|0|0|0|0|0|0|0|0|0|0|0|0\n", encoding="latin-1")
    (d / "u.data").write_text("1\t1\t5\t881250949\n2\t1\n")
    r = run(["data", "prepare", "movielens-100k"], tmp_path / "home", CONVREC_DATA=str(tmp_path / "data"))
    assert_clean_error(r, "u.data")
