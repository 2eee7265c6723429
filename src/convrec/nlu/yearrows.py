"""A year after "than" that names one row of a catalog with a row a year: "a higher turnout than
1983", "more cases than (in) 2006" — that year's row is the item compared with (the comparison
reader in :mod:`convrec.nlu.compared` reads the rest)."""

from __future__ import annotations

from convrec.catalog.text import said_year
from convrec.nlu.columns import columns_named
from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary


def year_row_after_than(p: Parse, vocab: Vocabulary, k: int, a: int) -> int | None:
    """"a higher turnout than 1983", "more cases than 2006": where the catalog has one row a year, a bare
    year after "than" that no number column named before it can hold (1983 is no turnout) and no
    comparison of time asks of ("older than 1990") is that year's row — the one compared with."""
    from convrec.nlu.compared import _clause, comparative_ending

    w = p.words
    v = num(w[a])
    col = vocab.first("time")
    if v is None or not said_year(v) or col is None or col not in vocab.items or (a + 1 < len(w) and w[a + 1].isalpha()
                                                                                   and w[a + 1] not in ("and", "or", "but")):
        return None
    years = vocab.items[col]
    hits = [int(r) for r in (years == v).to_numpy().nonzero()[0]]
    if len(hits) != 1 or years.dropna().nunique() < 0.8 * len(years):
        return None  # a panel (a row per place and year): the year alone picks no one row
    lo, _ = _clause(p, k)
    ends = next((e for e in (comparative_ending(vocab.lexicon, w, x, lo) for x in range(k, lo, -1)) if e), None)
    if ends is None or any(d in ("age", "time", "duration") for d, _ in ends[2]) \
            or any(x in ("older", "newer", "earlier", "later", "before", "after", "since") for x in w[lo:k]):
        return None  # ("older than 1990": a year compared with a year)
    named = [c for c in columns_named(w[lo:k], vocab, by_name_only=True)
             if c in vocab.columns and vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role not in ("time", "date")]
    if not named or any(vocab.columns[c].min is not None and vocab.columns[c].max is not None
                        and float(vocab.columns[c].min) <= v <= float(vocab.columns[c].max) for c in named):
        return None  # "more seats than 1983": a value some named column could hold stays a number
    return hits[0]
