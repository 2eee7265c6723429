"""Property-based fuzzing (hypothesis) of the two places where free text and model output
become conditions: ``understand()`` (message → intent) and the plan repair pipeline (the
planner's plan + the intent → the plan that runs). Neither may raise, and what comes out names
only the catalog's own columns and values."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import prepare_tiny_games
from convrec.strategies.interecagent.plan import FilterStep, Plan
from convrec.strategies.interecagent.repairs import RepairContext, run_repairs
from convrec.config import Config, DataConfig
from convrec.nlu.understand import understand
from convrec.core.catalog import CatalogAccess

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                            HealthCheck.too_slow])
TEXT_OPS = {"contains", "not_contains", "in", "not_in", "==", "!="}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("fuzz_home"), data=DataConfig())
    return CatalogAccess(prepare_tiny_games(cfg), cfg)


def _words(catalog) -> list[str]:
    v = catalog.vocab
    out = list(v.values)[:200] + [str(t) for t in catalog.items["title"].tolist()]
    out += ["no", "not", "without", "under $", "over", "before", "after", "between", "and", "or", "but",
            "like", "loved", "hated", "cheaper", "newest", "most popular", "5", "1990s", "2015", "$20", "top 3",
            "instead", "more", "those", "what year", "how many", "?", "!", "'", ";", "--", "%", "_", "\u00e9"]
    return out


def messages(catalog):
    words = _words(catalog)
    built = st.lists(st.sampled_from(words), min_size=0, max_size=14).map(" ".join)
    return st.one_of(built, st.text(max_size=200), st.tuples(built, st.text(max_size=30)).map(" ".join))


def check_conditions(catalog, conditions) -> None:
    v = catalog.vocab
    for c in conditions:
        assert c.column in v.columns, f"unknown column {c.column!r}"
        values = list(c.value) if isinstance(c.value, (list, tuple)) else [c.value]
        for x in values:
            if isinstance(x, (int, float)) and not isinstance(x, bool):
                assert math.isfinite(x), c
            elif c.op in TEXT_OPS:
                assert v.has_value(c.column, str(x)), f"value {x!r} is not in column {c.column!r}"


def test_understand_never_raises_and_names_only_catalog_values(catalog):
    @SETTINGS
    @given(messages(catalog))
    def run(message):
        intent = understand(message, catalog.vocab)
        check_conditions(catalog, intent.conditions)
        assert all(m.item_id in catalog.items.index for m in intent.mentions)
        assert all(s.column in catalog.vocab.columns for s in intent.sort)

    run()


def plan_dicts(catalog):
    cols = list(catalog.vocab.columns) + ["title; DROP TABLE items", "password", "", "year)"]
    values = st.one_of(st.text(max_size=30), st.integers(-10**9, 10**9), st.floats(allow_nan=True),
                       st.sampled_from(list(catalog.vocab.values)[:50] or ["x"]),
                       st.lists(st.text(max_size=10), max_size=3))
    cond = st.fixed_dictionaries({"column": st.sampled_from(cols),
                                  "op": st.sampled_from(["==", "!=", ">", ">=", "<", "<=", "contains", "not_contains",
                                                         "in", "not_in", "like", "= 1 OR 1=1"]),
                                  "value": values})
    titles = st.lists(st.one_of(st.sampled_from(catalog.items["title"].tolist()), st.text(max_size=40)), max_size=4)
    step = st.one_of(
        st.fixed_dictionaries({"tool": st.just("hard_filter"), "conditions": st.lists(cond, max_size=4)}),
        st.fixed_dictionaries({"tool": st.just("rank"), "schema": st.sampled_from(["preference", "similarity", "popularity"]),
                               "prefer": titles, "unwanted": titles}),
        st.fixed_dictionaries({"tool": st.just("similar_to"), "seed_items": titles.filter(bool)}),
        st.fixed_dictionaries({"tool": st.just("fetch"), "k": st.integers(1, 30)}),
        st.fixed_dictionaries({"tool": st.just("lookup"), "sql": st.text(max_size=60)}),
    )
    return st.fixed_dictionaries({"action": st.sampled_from(["use_tools", "reply", "ask_user"]),
                                  "steps": st.lists(step, max_size=6)})


def test_plan_repairs_never_raise_and_keep_only_catalog_conditions(catalog):
    ctx = RepairContext(title=catalog.title, link=lambda names: [l.item_id for l in catalog.linker.link_many(names)],
                        k=10, list_columns=tuple(catalog.ds.list_columns))

    @SETTINGS
    @given(messages(catalog), plan_dicts(catalog))
    def run(message, raw):
        try:
            plan = Plan.model_validate(raw)
        except Exception:  # noqa: BLE001 - the planner's JSON is validated first; invalid plans never reach repairs
            return
        intent = understand(message, catalog.vocab)
        repaired, labels = run_repairs(plan, intent, ctx)
        assert isinstance(labels, list)
        for s in repaired.steps:
            if isinstance(s, FilterStep):
                check_conditions(catalog, s.conditions)

    run()
