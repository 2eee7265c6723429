"""A user's catalog read in chunks (progress, bounded memory), a broken or cut row left out and
named, and an interrupted ``convrec data prepare`` that resumes instead of starting over."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from convrec.catalog.custom import CustomSource, load_custom
from convrec.catalog.io import read_any_table
from convrec.errors import DataError


def _shop(tmp_path: Path, n_items: int = 400, n_users: int = 300, per_user: int = 12, seed: int = 0):
    """A small shop: items with a category and a price, users buying within a favourite category."""
    rng = np.random.default_rng(seed)
    cats = ["shoes", "bags", "hats", "coats", "socks"]
    items = pd.DataFrame({"sku": [f"s{i}" for i in range(n_items)],
                          "name": [f"{cats[i % 5].title()} model {i}" for i in range(n_items)],
                          "category": [cats[i % 5] for i in range(n_items)],
                          "price": np.round(rng.uniform(5, 200, n_items), 2)})
    rows = []
    for u in range(n_users):
        fav = rng.integers(5)
        pool = [i for i in range(n_items) if i % 5 == fav]
        for k, i in enumerate(rng.choice(pool, per_user, replace=False)):
            rows.append((f"u{u}", f"s{i}", 1_600_000_000 + u * 1000 + k, int(rng.integers(1, 6))))
    inter = pd.DataFrame(rows, columns=["customer", "sku", "ts", "stars"])
    items_f, inter_f = tmp_path / "items.csv", tmp_path / "orders.csv"
    items.to_csv(items_f, index=False)
    inter.to_csv(inter_f, index=False)
    return items_f, inter_f, items, inter


def test_chunked_read_equals_whole_read_with_progress(tmp_path):
    items_f, inter_f, items, inter = _shop(tmp_path)
    lines: list[str] = []
    chunked = read_any_table(inter_f, progress=lines.append, chunk_rows=500)
    whole = read_any_table(inter_f, chunk_rows=10 ** 9)
    pd.testing.assert_frame_equal(chunked, whole)
    assert len(chunked) == len(inter) and len(lines) == -(-len(inter) // 500)
    assert lines[-1].startswith(f"orders.csv: {len(inter):,} rows")
    # parquet and JSON lines, chunked the same way
    inter.astype(str).to_parquet(tmp_path / "orders.parquet", index=False)
    inter.astype(str).to_json(tmp_path / "orders.jsonl", orient="records", lines=True)
    for name in ("orders.parquet", "orders.jsonl"):
        got = read_any_table(tmp_path / name, chunk_rows=700)
        assert got.astype(str).values.tolist() == whole.values.tolist(), name
    assert len(read_any_table(inter_f, nrows=25)) == 25  # a preview reads the head only


def test_a_bad_value_in_a_later_chunk_names_its_line(tmp_path):
    _, inter_f, _, inter = _shop(tmp_path)
    lines = inter_f.read_text().splitlines()
    k = 1234  # data row 1234 is line 1236 (header = line 1)
    parts = lines[k + 1].split(",")
    parts[3] = "lots"
    lines[k + 1] = ",".join(parts)
    inter_f.write_text("\n".join(lines) + "\n")
    src = CustomSource(items=str(tmp_path / "items.csv"), interactions=str(inter_f), id_col="sku", title_col="name",
                       user_col="customer", item_col="sku", time_col="ts", rating_col="stars")
    import convrec.catalog.io as io

    old = io.CHUNK_ROWS
    io.CHUNK_ROWS = 500
    try:
        with pytest.raises(DataError, match=rf"line {k + 2}: rating 'lots' is not a number"):
            load_custom("shop", src)
    finally:
        io.CHUNK_ROWS = old


def test_a_file_cut_mid_row_keeps_the_whole_rows_and_says_which_was_left_out(tmp_path):
    items_f, _, items, _ = _shop(tmp_path, n_items=50, per_user=5)
    text = items_f.read_text()
    items_f.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 8])  # the last row stops after a few characters
    df = read_any_table(items_f)
    assert len(df) == 49 and df["sku"].tolist() == items["sku"].tolist()[:49]
    (only,) = df.attrs["skipped_lines"]
    assert only.startswith("line 51 (") and only.endswith("expected 4)")


def _prepare_cmd(name, items_f, inter_f):
    return [sys.executable, "-m", "convrec.cli", "data", "prepare", name, "--items", str(items_f), "--interactions",
            str(inter_f), "--id-col", "sku", "--title-col", "name", "--user-col", "customer", "--item-col", "sku",
            "--time-col", "ts", "--rating-col", "stars", "--kcore", "1", "--no-llm", "--json"]


def test_an_interrupted_prepare_resumes_where_it_stopped(tmp_path):
    items_f, inter_f, _, _ = _shop(tmp_path)
    home = tmp_path / "home"
    env = {**os.environ, "CONVREC_HOME": str(home), "OMP_NUM_THREADS": "1"}
    p = subprocess.Popen(_prepare_cmd("shop", items_f, inter_f), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    models = home / "datasets" / "shop" / "models"
    t0 = time.time()
    while time.time() - t0 < 600 and p.poll() is None and not (models / "itemcf" / "weights.npz").is_file():
        time.sleep(0.05)
    assert p.poll() is None, "prepare ended before it could be interrupted"
    p.send_signal(signal.SIGINT)
    p.communicate(timeout=120)
    assert p.returncode == 130
    done_before = {d.name for d in models.iterdir() if (d / "weights.npz").is_file()}
    assert {"popularity", "itemcf"} <= done_before and "pref-ranker" not in done_before

    r = subprocess.run(_prepare_cmd("shop", items_f, inter_f), capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    stages = {s["stage"]: s for s in json.loads(r.stdout.strip().splitlines()[-1])["stages"]}
    for art in done_before:  # kept, not trained again
        assert stages[f"model: {art}"]["note"] == "present", (art, stages[f"model: {art}"])
    assert stages["model: pref-ranker"]["note"] == "trained"
    assert stages["items and split"]["seconds"] < 2.0  # the item database was kept too

    # the same command once more: nothing to do; another reading of the files: prepared again
    again = subprocess.run(_prepare_cmd("shop", items_f, inter_f), capture_output=True, text=True, env=env, timeout=600)
    notes = {s["stage"]: s.get("note") for s in json.loads(again.stdout.strip().splitlines()[-1])["stages"]}
    assert all(v in ("present", "shipped") for k, v in notes.items() if k.startswith("model:")), notes
    cmd = _prepare_cmd("shop", items_f, inter_f)
    cmd[cmd.index("--rating-col") + 1] = "none"  # ratings no longer read: a different preparation
    changed = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    assert changed.returncode == 0, changed.stderr[-2000:]
    notes = {s["stage"]: s.get("note") for s in json.loads(changed.stdout.strip().splitlines()[-1])["stages"]}
    assert notes["model: itemcf"] == "trained"


def test_filter_columns_are_indexed(tmp_path):
    import sqlite3

    items_f, _, _, _ = _shop(tmp_path)
    env = {**os.environ, "CONVREC_HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "convrec.cli", "data", "prepare", "shop", "--items", str(items_f),
                        "--id-col", "sku", "--title-col", "name", "--items-only"], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    con = sqlite3.connect(tmp_path / "home" / "datasets" / "shop" / "items.db")
    plan = lambda sql: " ".join(str(row[-1]) for row in con.execute("EXPLAIN QUERY PLAN " + sql, ("shoes",)))  # noqa: E731
    assert "idx_items_category" in plan('SELECT item_id FROM items WHERE ("category" COLLATE NOCASE IN (?))')
    assert "idx_items_price" in plan('SELECT item_id FROM items WHERE "price" < 20 AND ? IS NOT NULL')
