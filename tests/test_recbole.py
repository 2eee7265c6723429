"""RecBole atomic files: the shipped ml-100k split written out and read back is the same data;
an atomic-file dataset written by hand prepares and answers a request."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from convrec.catalog.recbole import read_atomic
from convrec.catalog.store import open_dataset
from convrec.config import Config, DataConfig
from convrec.errors import DataError


def _cli(env, *args, timeout=900):
    return subprocess.run([sys.executable, "-m", "convrec.cli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout)


def test_ml100k_exported_and_read_back_is_the_same(shared_data, tmp_path):
    home = tmp_path / "home"
    env = {**os.environ, "CONVREC_HOME": str(home), "CONVREC_DATA": str(shared_data)}
    assert _cli(env, "data", "prepare", "movielens-100k", "--items-only", "-q").returncode == 0
    r = _cli(env, "data", "export", "movielens-100k", "--recbole", str(tmp_path / "rb"))
    assert r.returncode == 0, r.stderr[-2000:]
    d = tmp_path / "rb" / "movielens-100k"
    inter, types = read_atomic(d / "movielens-100k.inter")
    assert types == {"user_id": "token", "item_id": "token", "rating": "float", "timestamp": "float"}
    item, itypes = read_atomic(d / "movielens-100k.item")
    assert itypes["genres"] == "token_seq" and item.loc[item["item_id"] == "1", "genres"].iloc[0] == \
        ["Animation", "Children's", "Comedy"]
    yaml = (d / "movielens-100k.yaml").read_text()
    assert "benchmark_filename: [train, valid, test]" in yaml and 'seq_separator: " "' in yaml

    r = _cli(env, "data", "prepare", "ml100k-atomic", "--recbole", str(tmp_path / "rb"), "--items-only")
    assert r.returncode == 0, r.stderr[-2000:]
    cfg = Config(home=home, data=DataConfig(root=shared_data))
    a, b = open_dataset(cfg, "movielens-100k"), open_dataset(cfg, "ml100k-atomic")
    ia, ib = a.items.set_index("item_id"), b.items.set_index("item_id")
    assert list(ia.index) == list(ib.index) and len(ia) == 1682
    for col in ("title", "year", "release_date", "imdb_url"):
        assert ia[col].astype(str).tolist() == ib[col].astype(str).tolist(), col
    assert ia["genres"].map(tuple).tolist() == ib["genres"].map(tuple).tolist()
    A, B = a.interactions, b.interactions
    assert len(A) == len(B) == len(inter)
    for col in ("user_id", "item_id", "timestamp", "rating", "pos"):
        assert A[col].astype(str).tolist() == B[col].astype(str).tolist(), col
    assert A["split"].astype(str).tolist() == B["split"].astype(str).tolist()
    for s in ("train", "valid", "test"):  # the benchmark files hold the split
        part, _ = read_atomic(d / f"movielens-100k.{s}.inter")
        assert len(part) == int((A["split"] == s).sum())
    assert (d / "movielens-100k.user").is_file()
    import sqlite3

    def users(ds):
        with sqlite3.connect(ds.db_path) as con:
            return sorted(map(tuple, con.execute("SELECT user_id, age, gender, occupation FROM users").fetchall()))
    ua, ub = users(a), users(b)
    assert len(ua) == 943 and [tuple(map(str, r)) for r in ua] == [tuple(map(str, r)) for r in ub]


def test_a_hand_written_atomic_dataset_prepares_and_answers(tmp_path):
    d = tmp_path / "games"
    d.mkdir()
    rows = ["game_id:token\tgame_title:token_seq\tgenre:token_seq\tprice:float\trelease_year:token"]
    genres = ["Puzzle", "Strategy", "Puzzle Casual", "Shooter", "Strategy Puzzle", "RPG"]
    for i in range(60):
        rows.append(f"g{i}\tGame Number {i} {'Deluxe' if i % 7 == 0 else 'Classic'}\t{genres[i % 6]}\t{(i % 10) * 3 + 0.99}\t"
                    f"{2005 + i % 15}")
    (d / "games.item").write_text("\n".join(rows) + "\n")
    inter = ["user_id:token\tgame_id:token\trating:float\ttimestamp:float"]
    for u in range(40):
        for k in range(8):
            g = (u * 3 + k * 6) % 60
            inter.append(f"u{u}\tg{g}\t{1 + (u + k) % 5}\t{1_500_000_000 + u * 100 + k}")
    (d / "games.inter").write_text("\n".join(inter) + "\n")
    env = {**os.environ, "CONVREC_HOME": str(tmp_path / "home")}
    r = _cli(env, "data", "prepare", "games", "--recbole", str(d), "--kcore", "1", "--no-llm", "--domain", "game",
             "--json")
    assert r.returncode == 0, r.stderr[-3000:]
    cfg = Config(home=tmp_path / "home")
    ds = open_dataset(cfg, "games")
    cols = {c["name"]: c["type"] for c in ds.columns}
    assert cols["genre"] == "list" and cols["price"] == "real" and cols["title"] == "text"
    assert ds.items.set_index("item_id").at["g0", "title"] == "Game Number 0 Deluxe"
    assert ds.manifest["interactions"] == 40 * 8 and ds.manifest["split"]["test"] == 40

    r = _cli(env, "ask", "--dataset", "games", "--json", "puzzle games under $10", timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    items = ds.items.set_index("item_id")
    assert out["items"], out
    for it in out["items"]:
        assert "Puzzle" in items.at[it["id"], "genre"] and items.at[it["id"], "price"] < 10


def test_bad_atomic_headers_are_named(tmp_path):
    (tmp_path / "x.item").write_text("item_id\ttitle\n1\tA\n")
    with pytest.raises(DataError, match="is not NAME:TYPE"):
        read_atomic(tmp_path / "x.item")
    env = {**os.environ, "CONVREC_HOME": str(tmp_path / "home")}
    r = _cli(env, "data", "prepare", "x", "--recbole", str(tmp_path), "--items-only")
    assert r.returncode == 2 and "is not NAME:TYPE" in r.stderr and "Traceback" not in r.stderr
    r = _cli(env, "data", "prepare", "y", "--recbole", str(tmp_path / "nothing-here"), "--items-only")
    assert r.returncode == 2 and "no y.item" in r.stderr
