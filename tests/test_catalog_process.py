"""k-core, leave-one-out split, the SQLite item database and bring-your-own catalogs."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from convrec.catalog.custom import CustomSource, infer_column, load_custom
from convrec.catalog.process import join_and_order, kcore, leave_one_out
from convrec.catalog.store import open_dataset, prepare


def _inter(rows):
    return pd.DataFrame(rows, columns=["user_id", "item_id", "timestamp", "rating"]).astype({"timestamp": "Int64"})


def test_kcore_hand_made_example():
    # u1..u3 each rate a, b, c; u4 rates a and d only; item d has one rating.
    rows = [(u, i) for u in ("u1", "u2", "u3") for i in ("a", "b", "c")] + [("u4", "a"), ("u4", "d")]
    df = pd.DataFrame(rows, columns=["user_id", "item_id"])
    out = kcore(df, 3)
    # round 1: d (1) dropped, u4 (2) dropped; then a has 3 → stable
    assert sorted(out["user_id"].unique()) == ["u1", "u2", "u3"]
    assert sorted(out["item_id"].unique()) == ["a", "b", "c"]
    # iterative: with k=4 removing users cascades until nothing is left
    assert kcore(df, 4).empty
    assert len(kcore(df, 1)) == len(df)


def test_kcore_cascades():
    # item x has 2 users; after dropping x, user v falls below k=2 and must go too
    df = pd.DataFrame([("u", "a"), ("u", "b"), ("w", "a"), ("w", "b"), ("v", "a"), ("v", "x")], columns=["user_id", "item_id"])
    out = kcore(df, 2)
    assert set(out["user_id"]) == {"u", "w", "v"} - {"v"} | ({"v"} if (out["user_id"] == "v").sum() >= 2 else set())
    assert "x" not in set(out["item_id"])
    assert (out.groupby("user_id").size() >= 2).all() and (out.groupby("item_id").size() >= 2).all()


def test_join_order_and_split_chronological():
    inter = _inter([
        ("u1", "c", 30, 4.0), ("u1", "a", 10, 5.0), ("u1", "b", 20, 3.0), ("u1", "zzz", 5, 1.0),
        ("u1", "a", 40, 2.0),  # a repeated later: keep the latest
        ("u2", "a", None, None), ("u2", "b", None, None),  # too short for a test item
    ])
    df, stats = join_and_order(inter, pd.Series(["a", "b", "c"]))
    assert stats["unjoined_interactions"] == 1 and stats["duplicate_interactions"] == 1
    u1 = df[df.user_id == "u1"]
    assert list(u1["item_id"]) == ["b", "c", "a"]
    sp = leave_one_out(df)
    u1 = sp[sp.user_id == "u1"]
    assert list(u1["split"]) == ["train", "valid", "test"]
    assert list(sp[sp.user_id == "u2"]["split"]) == ["train", "train"]


def test_split_invariants_on_movielens_small(config):
    ds = prepare(config, "movielens-small")
    df = ds.interactions
    per_user = df.groupby("user_id")["split"].value_counts().unstack()
    assert (per_user["test"] == 1).all() and (per_user["valid"] == 1).all()
    test = df[df.split == "test"].set_index("user_id")["item_id"]
    train_pairs = set(zip(df.loc[df.split == "train", "user_id"], df.loc[df.split == "train", "item_id"]))
    assert not any((u, i) in train_pairs for u, i in test.items())
    # chronological: within a user, timestamps never decrease and test is the latest
    ts = df.sort_values(["user_id", "pos"]).groupby("user_id")["timestamp"].apply(lambda s: s.is_monotonic_increasing)
    assert ts.all()
    last = df.loc[df.groupby("user_id")["pos"].idxmax()]
    assert (last["split"] == "test").all()
    assert ds.manifest["items"] == 9742


def test_sqlite_round_trip(config):
    ds = prepare(config, "movielens-small")
    con = ds.connect()
    row = con.execute("SELECT * FROM items WHERE item_id = '1'").fetchone()
    assert row["title"] == "Toy Story" and row["year"] == 1995
    assert json.loads(row["genres"]) == ["Adventure", "Animation", "Children", "Comedy", "Fantasy"]
    genres = [r[0] for r in con.execute("SELECT value FROM item_genres WHERE item_id = '1' ORDER BY rowid")]
    assert genres == ["Adventure", "Animation", "Children", "Comedy", "Fantasy"]
    n_horror = con.execute("SELECT COUNT(*) FROM item_genres WHERE value = 'Horror'").fetchone()[0]
    assert n_horror == int(ds.items["genres"].map(lambda g: "Horror" in g).sum()) > 900
    cols = {r["name"]: json.loads(r["description"]) for r in con.execute("SELECT * FROM columns")}
    assert cols["year"]["min"] == 1902 and cols["year"]["max"] == 2018
    assert "Drama" in cols["genres"]["examples"]
    # read-only connection cannot write
    with pytest.raises(sqlite3.OperationalError):
        con.execute("DELETE FROM items")
    # the frame read back equals what the catalog holds
    items = ds.items
    assert len(items) == 9742 and items["genres"].map(type).eq(list).all()
    assert str(items["year"].dtype) == "Int64"


def test_prepare_is_idempotent(config):
    ds1 = prepare(config, "movielens-small")
    n5 = ds1.manifest["interactions"]
    mtime = (ds1.dir / "items.db").stat().st_mtime_ns
    msgs = []
    ds2 = prepare(config, "movielens-small", progress=msgs.append)
    assert (ds2.dir / "items.db").stat().st_mtime_ns == mtime
    assert any("already prepared" in m for m in msgs)
    ds3 = prepare(config, "movielens-small", kcore_k=10)
    assert ds3.manifest["kcore"] == 10 and ds3.manifest["interactions"] < n5
    # a later caller that names no k-core keeps the one it was prepared with (a catalog prepared
    # with --kcore 1 and opened from Python was filtered again at the default 5, wiping its models)
    msgs.clear()
    ds4 = prepare(config, "movielens-small", progress=msgs.append)
    assert ds4.manifest["kcore"] == 10 and any("already prepared" in m for m in msgs)
    # a configuration that sets one explicitly still decides
    explicit = config.model_copy(update={"data": config.data.model_copy(update={"kcore": 5})})
    explicit.data.model_fields_set.add("kcore")
    assert prepare(explicit, "movielens-small").manifest["interactions"] == n5


def test_open_dataset_prepares_on_first_use(config):
    msgs = []
    ds = open_dataset(config, "movielens-small", progress=msgs.append)
    assert msgs and "first use" in msgs[0]
    assert ds.n_items == 9742


def test_infer_column_types():
    assert infer_column(pd.Series(["1", "2", ""]), "|")[0] == "integer"
    assert infer_column(pd.Series(["1.5", "2", ""]), "|")[0] == "real"
    assert infer_column(pd.Series(["true", "false"]), "|")[0] == "boolean"
    kind, vals = infer_column(pd.Series(['["a", "b"]', "[]", '["c"]']), "|")
    assert kind == "list" and vals == [["a", "b"], [], ["c"]]
    kind, vals = infer_column(pd.Series(["a|b", "c", "d|e"]), "|")
    assert kind == "list" and vals[0] == ["a", "b"]
    assert infer_column(pd.Series(["hello world", "another one", "x"]), "|")[0] == "text"


def test_bring_your_own_csv_and_parquet(config, tmp_path):
    items = pd.DataFrame({
        "sku": ["p1", "p2", "p3", "p4"],
        "name": ["Red Shoe", "Blue Shoe", "Green Hat", "Old Boot"],
        "Price ($)": ["19.99", "", "5", "7.5"],
        "categories": ['["shoes", "red"]', '["shoes"]', '["hats"]', "[]"],
        "Year": ["2019", "2020", "2021", "1999"],
    })
    ip = tmp_path / "items.csv"
    items.to_csv(ip, index=False)
    rng = np.random.default_rng(0)
    rows = [(f"u{u}", f"p{1 + (u + j) % 4}", 1000 * u + j) for u in range(6) for j in range(4)]
    inter = pd.DataFrame(rows, columns=["uid", "sku", "when"])
    xp = tmp_path / "inter.parquet"
    inter.to_parquet(xp)
    src = CustomSource(items=str(ip), interactions=str(xp), id_col="sku", title_col="name", user_col="uid",
                       item_col="sku", time_col="when")
    raw = load_custom("shop", src)
    types = {c.name: c.type for c in raw.columns}
    assert types == {"item_id": "text", "title": "text", "price": "real", "categories": "list", "year": "integer"}
    assert raw.items["categories"].tolist()[0] == ["shoes", "red"]
    assert pd.isna(raw.items["price"].iloc[1])
    from convrec.catalog.registry import custom_source_path

    p = custom_source_path(config, "shop")
    p.parent.mkdir(parents=True)
    p.write_text(src.to_json())
    ds = prepare(config, "shop", kcore_k=1)
    assert ds.manifest["items"] == 4 and ds.manifest["users"] == 6
    assert (ds.dir / "source.json").is_file()  # the registration survives preparing
    con = ds.connect()
    assert con.execute("SELECT COUNT(*) FROM item_categories WHERE value='shoes'").fetchone()[0] == 2
