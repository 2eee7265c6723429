"""The honesty contract: every returned item meets every grounded condition of the request;
when fewer (or none) do, the reply says so and names the condition to relax."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from convrec.catalog.store import junction_table
from convrec.tools.base import ToolError

Condition = Any
"""A grounded condition (``column``, ``op``, ``value``): the understanding's
:class:`convrec.nlu.intent.Condition` or a tool's :class:`convrec.tools.filters.Condition`;
read by its fields (tools sit below understanding and never import it)."""
Vocabulary = Any
"""The catalog's vocabulary (:class:`convrec.nlu.vocab.Vocabulary`), read through its methods."""


def satisfies(vocab: Vocabulary, item_id: str, c: Condition | Any) -> bool:
    """Does the item meet the condition? A missing value never meets a positive condition."""
    if c.op == "any_true":
        return any(vocab.item_value(item_id, str(col)) in (True, 1) for col in
                   (c.value if isinstance(c.value, (list, tuple)) else [c.value]))
    if c.op == "any_of":  # (column, op, value) triples: any of them
        from types import SimpleNamespace

        vals = list(c.value)
        return any(satisfies(vocab, item_id, SimpleNamespace(column=str(vals[k]), op=str(vals[k + 1]), value=vals[k + 2]))
                   for k in range(0, len(vals) - 2, 3))
    v = vocab.item_value(item_id, c.column)
    op, want = c.op, c.value
    if op in ("missing", "present"):  # "no age listed": no value at all
        empty = v is None or (isinstance(v, float) and v != v) or (isinstance(v, (list, str)) and not str(v).strip("[] "))
        return empty if op == "missing" else not empty
    if op in ("matches", "not_matches"):
        from convrec.tools.filters import word_pattern

        text = " ".join(map(str, v)) if isinstance(v, list) else ("" if v is None else str(v))
        hit = any(word_pattern(str(ph)).search(text) for ph in (want if isinstance(want, (list, tuple)) else [want]))
        return hit if op == "matches" else not hit
    if op in ("in", "not_in") and isinstance(v, (int, float)) and not isinstance(v, bool):
        try:
            hit = float(v) in {float(x) for x in (want if isinstance(want, (list, tuple)) else [want])}
            return hit if op == "in" else not hit
        except (TypeError, ValueError):
            pass
    if op in ("contains", "not_contains", "in", "not_in"):
        wanted = [str(x).lower() for x in (want if isinstance(want, (list, tuple)) else [want])]
        have = [str(x).lower() for x in v] if isinstance(v, list) else ([str(v).lower()] if v is not None else [])
        hit = bool(set(wanted) & set(have))
        if op == "not_in" and v is None:
            return False  # "not in English": an unknown language does not qualify
        return hit if op in ("contains", "in") else not hit
    if op == "outside":  # "under 5k or over 50k": either side of a range
        try:
            lo, hi = (float(x) for x in want)
            return v is not None and (float(v) < lo or float(v) > hi)
        except (TypeError, ValueError):
            return False
    if v is None:
        return op == "!="
    try:
        x, y = float(v), float(want)
    except (TypeError, ValueError):
        x, y = str(v).lower(), str(want).lower()
    return {"=": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}.get(op, True)


def violations(vocab: Vocabulary, item_id: str, conditions: Iterable) -> list:
    return [c for c in conditions if not satisfies(vocab, item_id, c)]


def verify(vocab: Vocabulary, ids: Sequence[str], conditions: Sequence, exclude: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """(kept ids in order, dropped ids)."""
    ex = set(exclude)
    keep, drop = [], []
    for i in ids:
        if i in ex or violations(vocab, i, conditions):
            drop.append(i)
        else:
            keep.append(i)
    return keep, drop


def matching(catalog, conditions: Sequence, exclude: Iterable[str] = (), limit: int = 200) -> list[str]:
    """Items meeting every condition, most popular first (the hard filter's SQL, then checked),
    for a strategy whose tools found too few."""
    from convrec.tools.filters import Filter, apply_filter

    ex = set(exclude)
    ids = [i for i in apply_filter(catalog.ds, Filter.model_construct(conditions=list(conditions)), None,
                                   max_rows=2 * limit + len(ex)) if i not in ex]
    return verify(catalog.vocab, ids[: 2 * limit], conditions)[0][:limit]


def count_sql(ds, conditions: Sequence, units: str | None = None) -> tuple[str, list]:
    """One read-only COUNT over the item database for tool conditions (the hard filter's SQL);
    with ``units`` (a column of how many each row is: `quantity`), their sum too."""
    from convrec.tools.filters import Filter, build_sql

    sql, params = build_sql(ds, Filter.model_construct(conditions=list(conditions)))
    if units and units in {c["name"] for c in ds.columns}:
        return f'SELECT COUNT(*) AS n, SUM("{units}") AS units FROM items WHERE item_id IN ({sql})', params
    return f"SELECT COUNT(*) AS n FROM ({sql})", params


def group_count_sql(ds, conditions: Sequence, column: str, fewest: bool = False, distinct: bool = False) -> tuple[str, list]:
    """Items meeting the conditions counted per value of one column, most (or fewest) first; with
    ``distinct``, one row: how many different values they carry."""
    from convrec.tools.filters import Filter, build_sql

    cols = {c["name"]: c for c in ds.columns}
    if column not in cols:
        raise ToolError(f"unknown column '{column}'")
    sql, params = build_sql(ds, Filter.model_construct(conditions=list(conditions)))
    if cols[column]["type"] == "list":
        src = f'SELECT value AS v FROM "{junction_table(column)}" WHERE item_id IN ({sql})'
    else:
        src = f'SELECT "{column}" AS v FROM items WHERE item_id IN ({sql}) AND "{column}" IS NOT NULL'
    if distinct:
        return f"SELECT COUNT(DISTINCT v) AS n FROM ({src})", params
    return f"SELECT v, COUNT(*) AS n FROM ({src}) GROUP BY v ORDER BY n {'ASC' if fewest else 'DESC'}, v LIMIT 5", params


def count_matching(ds, conditions: Sequence) -> int:
    from convrec.tools.sql import run_readonly

    sql, params = count_sql(ds, conditions)
    _, rows = run_readonly(ds.db_path, sql, params, max_rows=1, timeout_s=5.0)
    return int(rows[0][0])


def relax_hint(ds, conditions: Sequence) -> str:
    """Which single condition, dropped, lets the most items through (said to the user)."""
    if len(conditions) < 2:
        return ""
    best, n_best = None, 0
    for c in conditions:
        rest = [x for x in conditions if x is not c]
        n = count_matching(ds, rest)
        if n > n_best:
            best, n_best = c, n
    if best is None:
        return ""
    what = best.describe() if hasattr(best, "describe") else f"{best.column} {best.op} {best.value}"
    return f"Without “{what}” there would be {n_best:,}."
