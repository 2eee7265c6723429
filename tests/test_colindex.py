"""On a large catalog, conditions over the whole catalog are read from an in-memory index
(convrec.tools.colindex) instead of SQLite: the same ids in the same order as the SQL path,
for list values, numbers and yes/no columns; what it cannot read still goes to SQL."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import convrec.tools.colindex as ci
import convrec.tools.filters as filters
from convrec.catalog import prepare
from convrec.tools.filters import Condition, Filter, apply_filter


def _both(ds, flt, monkeypatch, limit=1_000_000):
    monkeypatch.setattr(filters, "LARGE", 10**12)
    sql = apply_filter(ds, flt, None, max_rows=limit)
    monkeypatch.setattr(filters, "LARGE", 0)
    monkeypatch.setattr(ci, "LARGE", 0)
    calls = []
    real = ci.ColumnIndex.matching
    monkeypatch.setattr(ci.ColumnIndex, "matching", lambda self, c, n, **kw: calls.append(c) or real(self, c, n, **kw))
    mem = apply_filter(ds, flt, None, max_rows=limit)
    monkeypatch.setattr(ci.ColumnIndex, "matching", real)
    _both.read_by_index = bool(calls)
    return sql, mem


def _values(ds, column, k, rng):
    import sqlite3

    from convrec.catalog.store import junction_table

    with sqlite3.connect(ds.db_path) as con:
        vals = [r[0] for r in con.execute(f'SELECT value, COUNT(*) c FROM "{junction_table(column)}" GROUP BY value ORDER BY c DESC')]
    return [vals[0], vals[len(vals) // 2], vals[-1]] + list(rng.choice(vals, k, replace=False))


def test_the_index_answers_as_sql_does_on_the_shipped_catalog(session_config, monkeypatch):
    ds = prepare(session_config, "movielens-small")
    rng = np.random.default_rng(0)
    genres = _values(ds, "genres", 4, rng)
    conds = [Condition(column="genres", op="contains", value=g) for g in genres[:4]]
    conds += [Condition(column="genres", op="not_contains", value=g) for g in genres[4:6]]
    conds += [Condition(column="genres", op="in", value=list(genres[1:4])), Condition(column="genres", op="not_in", value=list(genres[:2]))]
    conds += [Condition(column="year", op=op, value=v) for op, v in ((">=", 2000), ("<", 1980), ("=", 1995), ("!=", 1999))]
    checked = 0
    for a, b in itertools.chain(((c, None) for c in conds), itertools.combinations(conds, 2)):
        flt = Filter(conditions=[a] + ([b] if b is not None else []))
        sql, mem = _both(ds, flt, monkeypatch)
        assert mem == sql, (a, b)
        assert _both.read_by_index
        checked += len(sql)
    assert checked > 10_000
    # the most popular first, cut at the limit, as SQL cuts it
    sql, mem = _both(ds, Filter(conditions=[Condition(column="genres", op="contains", value="Drama")]), monkeypatch, limit=50)
    assert mem == sql and len(mem) == 50
    # a spelling the catalog does not have is resolved the same way ("comedy" → Comedy)
    sql, mem = _both(ds, Filter(conditions=[Condition(column="genres", op="contains", value="comedy")]), monkeypatch)
    assert mem == sql and len(mem) > 100


def test_yes_no_columns_and_what_only_sql_reads(tiny_ds, monkeypatch):
    cols = {c["name"]: c["type"] for c in tiny_ds.columns}
    checked, by_index = 0, []
    for flt in (Filter(conditions=[Condition(column="genres", op="contains", value="Indie"),
                                   Condition(column="cost", op="<", value=15)]),
                Filter(conditions=[Condition(column="tags", op="not_contains", value="Pixel Graphics"),
                                   Condition(column="score", op=">=", value=4)]),
                Filter(conditions=[Condition(column="studio", op="like", value="Pond")]),  # words in a text: SQL
                Filter(conditions=[Condition(column="votes", op=">", value=10000)])):
        sql, mem = _both(tiny_ds, flt, monkeypatch)
        assert mem == sql
        checked += len(sql)
        by_index.append(_both.read_by_index)
    assert checked > 5
    assert by_index == [True, True, False, True]  # LIKE on a text goes to SQL
    # a text column of few values (a maker, a brand): exact values, case as SQLite's NOCASE folds it
    studios = sorted({str(s) for s in tiny_ds.items["studio"].dropna()})
    assert len(studios) > 1
    for op, v in (("=", studios[0]), ("=", studios[0].upper()), ("!=", studios[0].lower()), ("=", "No Such Studio"),
                  ("in", [studios[0], studios[-1].lower()]), ("not_in", [studios[-1]]), ("not_in", ["nobody"])):
        flt = Filter(conditions=[Condition(column="studio", op=op, value=v)])
        sql, mem = _both(tiny_ds, flt, monkeypatch)
        assert mem == sql and _both.read_by_index, (op, v)
        checked += len(sql)
    bools = [c for c, t in cols.items() if t == "boolean"]
    for b in bools:
        for v in (True, False, "yes"):
            sql, mem = _both(tiny_ds, Filter(conditions=[Condition(column=b, op="=", value=v)]), monkeypatch)
            assert mem == sql


def test_a_bad_value_is_the_same_clear_error(tiny_ds, monkeypatch):
    monkeypatch.setattr(filters, "LARGE", 0)
    monkeypatch.setattr(ci, "LARGE", 0)
    with pytest.raises(filters.ToolError, match="no genres value like"):
        apply_filter(tiny_ds, Filter(conditions=[Condition(column="genres", op="contains", value="zzqx unknown")]), None)
    with pytest.raises(filters.ToolError, match="needs a number"):
        apply_filter(tiny_ds, Filter(conditions=[Condition(column="cost", op="<", value="cheap")]), None)


def test_carrying_a_value_reads_the_same_through_the_index(session_config, monkeypatch):
    """What the soft (mood) ranking asks of every candidate — does it hold this value? — is
    read from the condition index on a large catalog: the same answers as reading each item's
    values, and the most popular holders in popularity order."""
    from convrec.core.catalog import CatalogAccess

    ds = prepare(session_config, "movielens-small")
    cat = CatalogAccess(ds, session_config)
    rows = np.arange(len(cat.item_index))
    checked = 0
    for value in ("drama", "comedy", "film-noir", "(no genres listed)", "not a genre"):
        monkeypatch.setattr(ci, "LARGE", 10**12)
        direct = cat.carrying("genres", value, rows)
        assert cat.most_popular_with("genres", value, 50) is None  # no index on a small catalog
        monkeypatch.setattr(ci, "LARGE", 0)
        ds.__dict__.pop("_column_index", None)
        indexed = cat.carrying("genres", value, rows)
        assert np.array_equal(direct, indexed), value
        top = cat.most_popular_with("genres", value, 50)
        assert top is not None and len(top) == min(50, int(direct.sum()))
        assert direct[top].all()
        pop = ds.items.set_index("item_id")["popularity"].reindex(cat.item_index.decode(top)).to_numpy()
        assert (np.diff(pop) <= 0).all()
        from convrec.strategies.interecagent.common import _items_with

        assert list(cat.item_index.decode(top)) == _items_with(cat.vocab, "genres", value, 50)  # as the table reads them
        ds.__dict__.pop("_column_index", None)
        checked += int(direct.sum())
    assert checked > 5000
