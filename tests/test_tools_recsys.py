"""The InteRecAgent toolbox run as a hand-written plan against the bus on the bundled catalog."""

from __future__ import annotations

import pytest

from convrec.tools.bus import CandidateBus
from convrec.catalog.store import prepare
from convrec.tools.base import ToolContext
from convrec.core.catalog import CatalogAccess
from convrec.tools.recsys import TOOLS, FetchCandidates, HardFilter, LookUp, Rank, SoftFilter, StoreCandidates


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


def ctx(catalog):
    return ToolContext(CandidateBus(catalog.ds.n_items), catalog)


def test_tool_specs_are_schemas():
    for t in TOOLS:
        spec = t.spec()
        assert spec["name"] and spec["description"] and spec["input"]["type"] == "object"


def test_plan_filter_similar_rank_fetch(catalog):
    c = ctx(catalog)
    obs = HardFilter()({"conditions": [{"column": "genres", "op": "contains", "value": "animation"},
                                       {"column": "year", "op": ">=", "value": 1995}]}, c)
    assert "candidates satisfy" in obs.text and c.bus.count < 1000
    SoftFilter()({"seed_items": ["Toy Story", "Finding Nemo"], "ratio": 0.2}, c)
    Rank()({"schema": "preference", "prefer": ["Toy Story", "Finding Nemo"], "unwanted": ["Cars"]}, c)
    out = FetchCandidates()({"k": 5}, c)
    items = out.data["items"]
    assert 1 <= len(items) <= 5
    for it in items:
        assert "Animation" in catalog.describe(it["item_id"])["genres"] and it["year"] >= 1995
        assert it["item_id"] not in ("1", "6377", "45517")  # liked and unwanted items never come back
    steps = c.bus.tracker.to_list()
    assert [s["tool"] for s in steps] == ["hard_filter", "similar_to", "rank", "fetch"]
    assert all(s["error"] is None and s["ms"] >= 0 for s in steps)


def test_over_strict_filter_is_reported(catalog):
    c = ctx(catalog)
    obs = HardFilter()({"conditions": [{"column": "genres", "op": "contains", "value": "Film-Noir"},
                                       {"column": "year", "op": ">", "value": 2017}]}, c)
    assert "relax" in obs.text and c.bus.candidates is None
    assert c.bus.tracker.steps[-1].error


def test_store_and_rank_user_candidates(catalog):
    c = ctx(catalog)
    obs = StoreCandidates()({"items": ["The Matrix", "Titanic", "Not A Real Movie Qq"]}, c)
    assert "not in the catalog: Not A Real Movie Qq" in obs.text and c.bus.count == 2
    Rank()({"schema": "preference", "prefer": ["Terminator 2", "Aliens"]}, c)
    assert set(c.bus.candidates) <= {"2571", "1721"} and c.bus.candidates[0] == "2571"


def test_lookup_and_bad_input(catalog):
    c = ctx(catalog)
    assert "1999" in LookUp()({"sql": "SELECT year FROM items WHERE title = 'The Matrix'"}, c).text
    assert "invalid input" in Rank()({"schema": "vibes"}, c).text
    assert "only SELECT" in LookUp()({"sql": "DROP TABLE items"}, c).text


def _plan(catalog, steps):
    c = ctx(catalog)
    kinds = []
    for tool, args in steps:
        tool()(args, c)
        kinds.append(type(c.bus.candidates).__name__)
    return c, kinds


@pytest.mark.parametrize("steps", [
    [(HardFilter, {"conditions": [{"column": "genres", "op": "contains", "value": "Drama"}]}),
     (Rank, {"schema": "preference", "prefer": ["The Matrix", "Heat"], "unwanted": ["Titanic"]}),
     (FetchCandidates, {"k": 10})],
    [(HardFilter, {"conditions": [{"column": "genres", "op": "not_contains", "value": "Comedy"},
                                  {"column": "year", "op": ">=", "value": 1990}]}),
     (Rank, {"schema": "popularity", "unwanted": ["Forrest Gump"]}), (FetchCandidates, {"k": 10})],
    [(Rank, {"schema": "popularity"}),
     (HardFilter, {"conditions": [{"column": "genres", "op": "contains", "value": "Horror"}]}),
     (FetchCandidates, {"k": 10})],
    [(SoftFilter, {"seed_items": ["Toy Story"], "ratio": 0.3}),
     (HardFilter, {"conditions": [{"column": "genres", "op": "contains", "value": "Animation"}]}),
     (Rank, {"schema": "preference", "prefer": ["Toy Story"]}), (FetchCandidates, {"k": 10})],
])
def test_candidates_held_as_indices_give_the_same_items(catalog, steps, monkeypatch):
    """Over a large catalog conditions and rankings hand candidates on as catalog indices
    (ItemIds); here the threshold is lowered on the shipped catalog: every step leaves the same
    candidates in the same order as the id lists do."""
    import convrec.tools.colindex as ci
    import convrec.tools.filters as filters

    monkeypatch.setattr(filters, "LARGE", 10**12)
    ref, ref_kinds = _plan(catalog, steps)
    monkeypatch.setattr(filters, "LARGE", 0)
    monkeypatch.setattr(ci, "LARGE", 0)
    catalog.ds.__dict__.pop("_column_index", None)
    got, kinds = _plan(catalog, steps)
    catalog.ds.__dict__.pop("_column_index", None)
    h = [t for t, _ in steps].index(HardFilter)
    assert kinds[h] == "ItemIds" and ref_kinds[h] == "list"  # the index answered, SQL before
    assert list(got.bus.candidates) == list(ref.bus.candidates) and len(got.bus.candidates) >= 10
    a, b = ref.bus.tracker.steps[-1], got.bus.tracker.steps[-1]
    assert a.output == b.output and a.output.count("\n") == 9
