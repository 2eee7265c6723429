"""Small readings of amounts the number binders share: round thousands, the scale a column keeps an
amount in, a comparative said by a column's own word."""

from __future__ import annotations

import re

import numpy as np


def round_in(v: float, div: float) -> bool:
    """Is v a round number of thousands / millions / billions ("500 million" = 0.5 billion)?"""
    return abs(v / div - round(v / div, 3)) < 1e-9


def money_scale(v: float, lo: float, hi: float) -> float:
    """The thousands, millions or billions a column with no stated scale keeps an amount said in
    full in ("$50 billion" on a market cap of 4,170–505,330: millions): the smallest that brings the
    amount within the column's values, else the one that brings it nearest them (a trillion on that
    column is 1,000,000 millions, more than any — not 1,000 billions)."""
    lo = max(lo, hi / 1e4) if lo <= 0 else lo  # a column from 0 ("no debt") still has a size
    def gap(div: float) -> float:
        x = v / div
        return 0.0 if lo <= x <= hi else np.log10(lo / x) if x < lo else np.log10(x / hi)
    inside = [d for d in (1e3, 1e6, 1e9) if gap(d) == 0.0]
    return inside[0] if inside else min((1e3, 1e6, 1e9), key=gap)


def base_said(comparative: str, c) -> bool:
    """Is a comparative's base ("long" of "longer") one of the column's words?"""
    if not comparative.endswith("er") or len(comparative) < 5:
        return False
    bases = {comparative[:-2], comparative[:-1], comparative[:-3]}  # longer, larger, bigger
    return any(b in g for g in c.words for b in bases)


_CENTS = re.compile(r"(?<![\w.$])(\d+(?:\.\d+)?)\s?(?:cents?|¢)(?!\w)", re.I)


def cents_as_dollars(text: str, vocab) -> str:
    """"cheaper than 12 cents", "90¢": the amount in dollars ("$0.12"), read as any other money said — unless
    the catalog keeps its money in cents (a column holds 30, none holds 0.30: "a tax not above 30 cents")."""
    def held(v: float) -> bool:
        return any(c.type in ("integer", "real") and c.role not in ("id", "time") and c.min is not None and c.max is not None
                   and float(c.min) <= v <= float(c.max) for c in vocab.columns.values())

    def dollars(m: re.Match) -> str:
        v = float(m.group(1))
        return m.group(0) if held(v) and not held(v / 100) else f"${v / 100:g}"
    return _CENTS.sub(dollars, text)


_TALLY_WORDS = {"count", "counts", "n", "number", "tally", "total", "freq", "frequency", "abundance"}


def the_tally(p, vocab, i: int, j: int) -> str | None:
    """"5 or more birds", "more than one bird" where the catalog's one count column is headed `count` (or
    `n`, `number`, `tally`) and no column says what it counts: that column — the plural after the number
    is the thing counted, a word no column, unit or value of the catalog holds."""
    from convrec.catalog.text import noun_plural, singular
    from convrec.nlu.binding import lex_compares, unit_after
    from convrec.nlu.columns import column_vocabulary

    w = p.words
    tallies = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role in ("count", "other")
               and c.name != "popularity" and set((c.label or c.name).split()) <= _TALLY_WORDS]
    if len(tallies) != 1:
        return None
    k = j
    if k + 1 < len(w) and w[k] == "or" and w[k + 1] in ("more", "fewer", "less", "over", "under", "above", "below"):
        k += 2  # "5 or more birds"
    if k >= len(w) or not w[k].isalpha() or unit_after(w, k)[0] is not None or w[k] in vocab.lexicon.stop:
        return None
    x = w[k]
    if x in column_vocabulary(vocab) or x in (vocab.domain, noun_plural(vocab.domain)) or vocab.lookup(x) \
            or not (x.endswith("s") or singular(x) == x and w[i] in ("1", "one", "a", "single")):
        return None
    if not (lex_compares(vocab, w, i, j) or k > j):
        return None
    p.claim(k, k + 1)  # the thing counted is said with its number
    return tallies[0]
