"""Names made of two columns: where no column names every item apart, a column of names that
repeat across groups ("Washington County" in thirty states, "Springfield" in several) names each
item together with the group it sits in ("Jefferson, Alabama") — the way people write a place
that is not unique on its own."""

from __future__ import annotations

import re

import pandas as pd

_CALENDAR = re.compile(r"(?i)(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?")


def _wordy(vals: pd.Series) -> bool:
    letters = vals.str.count(r"[A-Za-z]") / vals.str.len().clip(lower=1)
    length = vals.str.len()
    return letters.median() >= 0.6 and 3 <= length.median() <= 40 and vals.str.contains(r"[a-z]{3}").mean() > 0.5


def names_in_groups(raw: pd.DataFrame, id_col: str) -> tuple[str, str] | None:
    """(name column, group column) when a text column of word names, a third or more of them
    their own but not all apart, is told apart by a text column of few groups (a county by its
    state, a town by its country): the pair different for (almost) every row; else None. Of
    several name columns, the most varied; of several groups, the one with the fewest values that
    still tells every name apart."""
    n = len(raw)
    if n < 10:
        return None
    text = {}
    for col in raw.columns:
        if col == id_col or raw[col].dtype.kind in "biufcM":
            continue
        vals = raw[col].astype("string").str.strip()
        if vals.notna().mean() >= 0.95 and _wordy(vals.dropna()):
            text[col] = vals
    best = None
    for name, vals in text.items():
        share = vals.nunique() / n
        if not 0.3 <= share < 0.9:
            continue
        for group, g in text.items():
            k = g.nunique()
            if group == name or not 2 <= k <= max(2, n // 4) or g.dropna().str.fullmatch(_CALENDAR).mean() > 0.5:
                continue  # a month tells two quakes of one area apart, but names neither
            if (vals.fillna("") + "\x00" + g.fillna("")).nunique() < 0.98 * n:
                continue
            key = (share, -k)
            if best is None or key > best[0]:
                best = (key, (str(name), str(group)))
    return best[1] if best else None
