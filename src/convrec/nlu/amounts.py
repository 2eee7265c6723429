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


def cents_as_dollars(text: str) -> str:
    """"cheaper than 12 cents", "90¢": the amount in dollars ("$0.12"), read as any other money said."""
    return _CENTS.sub(lambda m: f"${float(m.group(1)) / 100:g}", text)
