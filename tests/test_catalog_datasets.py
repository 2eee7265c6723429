"""Every shared dataset loads with the row counts its README states, into the one schema."""

from __future__ import annotations

import pandas as pd
import pytest

from convrec.catalog import loaders
from convrec.catalog.registry import BUNDLED_DIR
from convrec.catalog.store import prepare

pytestmark = pytest.mark.shared_data


def _check_schema(raw):
    items = raw.items
    assert list(items.columns) == [c.name for c in raw.columns]
    assert items["item_id"].map(type).eq(str).all()
    assert items["title"].map(type).eq(str).all()
    for c in raw.columns:
        s = items[c.name]
        if c.type == "list":
            assert s.map(lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)).all(), c.name
        elif c.type == "integer":
            assert str(s.dtype) in ("Int64", "int64"), (c.name, s.dtype)
        elif c.type == "real":
            assert s.map(lambda v: v is None or isinstance(v, float)).all(), c.name
    inter = raw.interactions
    assert {"user_id", "item_id", "timestamp", "rating"} <= set(inter.columns)


def test_movielens_small_shared_copy_matches_readme(shared_data):
    raw = loaders.load_movielens_small(shared_data / "movielens-latest-small")
    assert len(raw.items) == 9742
    assert len(raw.interactions) == 100836
    assert raw.interactions["user_id"].nunique() == 610
    _check_schema(raw)
    toy = raw.items.set_index("item_id").loc["1"]
    assert toy["title"] == "Toy Story" and toy["year"] == 1995
    assert toy["genres"] == ["Adventure", "Animation", "Children", "Comedy", "Fantasy"]
    # the article moves back to the front: "American President, The (1995)"
    assert raw.items.set_index("item_id").loc["11", "title"] == "The American President"
    # user tags became an attribute
    assert sum(len(t) for t in raw.items["tags"]) > 1500


def test_bundled_copy_is_identical_to_shared(shared_data):
    for f in ("movies.csv", "ratings.csv", "tags.csv", "links.csv"):
        assert (BUNDLED_DIR / "ml-latest-small" / f).read_bytes() == (shared_data / "movielens-latest-small" / f).read_bytes()


def test_movielens_100k(shared_data):
    raw = loaders.load_movielens_100k(shared_data / "movielens-100k")
    assert len(raw.items) == 1682 and len(raw.interactions) == 100000
    assert raw.interactions["user_id"].nunique() == 943
    assert len(raw.users) == 943
    _check_schema(raw)
    toy = raw.items.iloc[0]
    assert (toy["title"], toy["year"], toy["release_date"]) == ("Toy Story", 1995, "1995-01-01")
    assert toy["genres"] == ["Animation", "Children's", "Comedy"]


def test_movielens_1m_subset(shared_data):
    raw = loaders.load_movielens_1m(shared_data / "movielens-1m-subset")
    assert len(raw.items) == 3883
    assert len(raw.interactions) == 487650
    assert raw.interactions["user_id"].nunique() == 2999
    assert raw.interactions["item_id"].nunique() == 3615
    assert len(raw.users) == 6040
    _check_schema(raw)


def test_steam(shared_data):
    raw = loaders.load_steam(shared_data / "steam")
    # 32,135 records: one has neither id nor app url, 612880 and 200260 appear twice,
    # and 317160 (a demo) has no name at all
    assert len(raw.items) == 32131
    assert len(raw.interactions) == 58431
    assert raw.interactions["user_id"].nunique() == 25458
    assert raw.interactions["item_id"].nunique() == 3682
    _check_schema(raw)
    known = raw.interactions["item_id"].isin(set(raw.items["item_id"]))
    assert int((~known).sum()) == 58431 - 53197
    price = raw.items["price"]
    assert price.dtype == "float64" and (price.dropna() >= 0).all()
    assert price.isna().sum() > 1000  # games without a price stay null, not 0
    ironbound = raw.items.set_index("item_id").loc["643980"]
    assert ironbound["price"] == 0.0  # "Free To Play"
    assert "Design & Illustration" in ironbound["tags"]  # HTML entities decoded
    # every review has a timestamp; no-year ones are put after 2015
    assert raw.interactions["timestamp"].notna().all()


def test_beauty(shared_data):
    raw = loaders.load_beauty(shared_data / "amazon-beauty-2014")
    assert len(raw.items) == 12101
    assert len(raw.interactions) == 198502
    assert raw.interactions["user_id"].nunique() == 22363
    assert raw.interactions["timestamp"].isna().all()
    _check_schema(raw)
    assert (raw.items["title"] != "").all()


def test_goodbooks_catalog_only(shared_data):
    raw = loaders.load_goodbooks(shared_data / "goodbooks-10k-metadata")
    assert len(raw.items) == 10000 and raw.interactions.empty
    _check_schema(raw)
    assert raw.items.iloc[1]["authors"] == ["J.K. Rowling", "Mary GrandPré"]


@pytest.mark.parametrize(
    "name,items,users_min,inter_min",
    [
        ("movielens-100k", 1682, 943, 99000),
        ("movielens-1m", 3883, 2999, 480000),
        ("steam", 32131, 1000, 10000),
        ("beauty", 12101, 22363, 198502),
    ],
)
def test_prepare_shared(session_config, name, items, users_min, inter_min):
    ds = prepare(session_config, name)
    m = ds.manifest
    assert m["items"] == items
    assert m["users"] >= users_min and m["interactions"] >= inter_min
    assert m["split"]["test"] == m["split"]["valid"] == m["users"]
    # popularity is the training count
    pop = ds.split("train")["item_id"].value_counts()
    it = ds.items.set_index("item_id")
    top = pop.index[0]
    assert it.loc[top, "popularity"] == pop.iloc[0]
    assert int(it["popularity"].sum()) == m["split"]["train"]


def test_steam_prepare_reports_unjoined(session_config):
    ds = prepare(session_config, "steam")
    assert ds.manifest["stats"]["unjoined_interactions"] == 5234
