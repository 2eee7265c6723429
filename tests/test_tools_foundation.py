"""The toolbox's foundations: read-only SQL, structured hard filters, item linking, the bus."""

from __future__ import annotations

import pytest

from convrec.tools.bus import CandidateBus
from convrec.catalog.store import prepare
from convrec.tools.base import ToolError
from convrec.tools.filters import Condition, Filter, apply_filter
from convrec.tools.linking import ItemLinker, normalize_title
from convrec.tools.sql import run_readonly


@pytest.fixture(scope="module")
def ml(session_config):
    return prepare(session_config, "movielens-small")


def test_readonly_sql_answers_questions(ml):
    cols, rows = run_readonly(ml.db_path, "SELECT year FROM items WHERE title = 'The Matrix'")
    assert rows == [(1999,)]
    _, rows = run_readonly(ml.db_path, "SELECT COUNT(*) FROM item_genres WHERE value = 'Horror'")
    assert rows[0][0] > 900


@pytest.mark.parametrize("sql,needle", [
    ("DELETE FROM items", "only SELECT"),
    ("SELECT 1; DROP TABLE items", "one SQL statement"),
    ("ATTACH DATABASE '/tmp/x.db' AS x", "only SELECT"),
    ("SELECT * FROM pragma_table_info('items')", "not allowed"),
    ("SELECT load_extension('x')", "not allowed"),
    ("SELECT nosuchcol FROM items", "SQL error"),
])
def test_readonly_sql_refuses(ml, sql, needle):
    with pytest.raises(ToolError, match=needle):
        run_readonly(ml.db_path, sql)


def test_readonly_sql_deadline(ml):
    slow = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c")
    with pytest.raises(ToolError, match="longer than"):
        run_readonly(ml.db_path, slow, timeout_s=0.3)


def test_row_limit(ml):
    _, rows = run_readonly(ml.db_path, "SELECT item_id FROM items", max_rows=7)
    assert len(rows) == 7


def test_structured_filter(ml):
    flt = Filter(conditions=[Condition(column="genres", op="contains", value="sci fi"),
                             Condition(column="year", op=">", value=2015),
                             Condition(column="genres", op="not_contains", value="horror")])
    ids = apply_filter(ml, flt, None)
    items = ml.items.set_index("item_id").loc[ids]
    assert len(ids) > 10
    assert all("Sci-Fi" in g and "Horror" not in g for g in items["genres"])
    assert (items["year"] > 2015).all()
    # within given candidates, their order is kept
    cand = list(reversed(ids[:5])) + ["1"]
    assert apply_filter(ml, flt, cand) == list(reversed(ids[:5]))


def test_filter_errors_are_clear(ml):
    with pytest.raises(ToolError, match="unknown column 'colour'"):
        apply_filter(ml, Filter(conditions=[Condition(column="colour", op="=", value="red")]), None)
    with pytest.raises(ToolError, match="no genres value like 'telenovela"):
        apply_filter(ml, Filter(conditions=[Condition(column="genres", op="contains", value="telenovela")]), None)
    with pytest.raises(ToolError, match="needs a number"):
        apply_filter(ml, Filter(conditions=[Condition(column="year", op=">", value="recent")]), None)


def test_linker(ml):
    it = ml.items
    linker = ItemLinker(it["item_id"], it["title"], it["popularity"], it["year"])
    cases = {"The Matrix": "2571", "matrix": "2571", "Terminator 2": "589", "forest gump": "356",
             "Star Wars": "260", "lord of the rings fellowship": "4993"}
    for name, iid in cases.items():
        assert linker.link(name).item_id == iid, name
    for nonsense in ("Some Nonexistent Film Xyz", "zzz qqq", ""):
        assert linker.link(nonsense).item_id is None
    assert normalize_title("Rocky II (1979)") == "rocky 2"
    # the article written is part of the name: "The Heat" (2013) is not "Heat" (1995), the more popular
    heat = it[it["title"].isin(["Heat", "The Heat"])].set_index("title")["item_id"]
    assert len(heat) == 2
    assert linker.link("The Heat").item_id == heat["The Heat"] and linker.exact("The Heat") == heat["The Heat"]
    assert linker.link("Heat").item_id == heat["Heat"] and linker.link("heat").item_id == heat["Heat"]


def test_bus_and_tracker():
    bus = CandidateBus(100)
    assert bus.count == 100 and bus.candidates is None
    bus.set(["a", "b", "a", "c"], [3, 2, 1])
    assert bus.candidates == ["a", "b", "c"] and bus.count == 3
    import time

    bus.record("filter", {"x": 1}, "3 left", None, time.perf_counter())
    assert bus.tracker.to_list()[0]["tool"] == "filter" and "3 left" in bus.tracker.summary()


def test_cut_off_titles_are_prefixes_only_where_the_source_cuts():
    """"Oops!.. I Did It Aga..." (a chart file cuts a fifth of its titles) links what a user types in
    full; "When Harry Met Sally..." (a whole title, one of many) does not swallow what follows it."""
    from convrec.catalog.linking import ItemLinker

    songs = ["Oops!.. I Did It Aga...", "Give Me Just One Nig...", "Bye Bye Bye", "Lucky", "Try Again"]
    lk = ItemLinker([str(i) for i in range(len(songs))], songs)
    assert lk.exact_indices("oops i did it again") == [0]
    films = ["When Harry Met Sally..."] + [f"Film {i}" for i in range(99)]
    lk = ItemLinker([str(i) for i in range(len(films))], films)
    assert lk.exact_indices("When Harry Met Sally, Clueless") == [] and lk.exact_indices("when harry met sally") == [0]
