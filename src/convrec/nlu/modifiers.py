"""A measure said as a modifier, with its unit and no comparison: "3 year loans", "the 5-year
loan", "a 2 hour hike", "16 gb phones". The number is one of the values of the column that holds
it once the unit is read — in the column's own unit, or converted where nobody wrote the
column's unit down (a `term` of 36 and 60 months holds "3 year"). Among several columns that
hold it, the words around it decide by meaning; failing that, the column whose values are most
a class of items (the fewest distinct values: a loan's term of 36 or 60 months, not a
borrower's 0–10 years at work)."""

from __future__ import annotations

import numpy as np

from convrec.catalog.meaning import _factors as closure, convert
from convrec.catalog.text import noun_plural
from convrec.nlu.binding import unit_after
from convrec.nlu.columns import nearest_column
from convrec.nlu.dimensions import column_dimensions, numeric_values, unit_dimensions
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary



def _factors(unit: str, c) -> list[float]:
    """The ways a value said in ``unit`` may be stored in column ``c``."""
    if c.unit:
        f = convert(1.0, unit, c.unit)
        return [] if f is None else [f]
    return [1.0] + sorted(set(closure().get(unit, {}).values()))


def column_holding(p: Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, float, int]:
    """(column, factor to its stored unit, tokens the unit takes) for the number at token i said
    with a unit and held as a value of a column; (None, 1.0, 0) when no column, or no single one."""
    w = p.words
    unit, n = unit_after(w, i + 1)
    if unit is None or unit == "%":
        return None, 1.0, 0
    dims = unit_dimensions(vocab, unit, w[i + 1])
    hits: list[tuple[str, float, int]] = []
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "time", "link") or c.name == "popularity" \
                or c.min is None or c.max is None:
            continue
        own = column_dimensions(vocab, c)
        if own and dims and not own & dims:
            continue  # "a 14 mile hike" is no `time` of 14 (hours): a column of another dimension
        vals = numeric_values(vocab, c.name)
        if not len(vals):
            continue
        for f in _factors(unit, c):
            x = v * f / (c.scale or 1.0)
            shared = int(np.sum(np.isclose(vals, x, rtol=1e-6, atol=1e-9)))
            if shared:
                hits.append((c.name, f / (c.scale or 1.0), len(np.unique(vals))))
                break
    if not hits:
        return None, 1.0, 0
    if len(hits) > 1:
        a, b = max(0, i - 4), min(len(w), i + 1 + n + 4)
        near = [w[k] for k in range(a, b) if not p.claimed[k] and not i <= k <= i + n
                and w[k] not in (vocab.domain, noun_plural(vocab.domain))]
        got = nearest_column(near, vocab, numeric=True, among={h[0] for h in hits})
        if got:
            hits = [h for h in hits if h[0] == got[0]]
    hits.sort(key=lambda h: h[2])
    if len(hits) > 1 and hits[0][2] == hits[1][2]:
        return None, 1.0, 0  # no column whose values are more a class of items than another's: not guessed
    col, f, _ = hits[0]
    return col, f, n
