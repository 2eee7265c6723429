"""Measures by period: sibling columns whose headers end with the years they count over
(`incidents_85_99`, `incidents_00_14`; `deaths_2000_2009`), marked at prepare time (``mark`` =
[first year, "", last year]). A request says the period — "between 1985 and 1999", "from 2000 to
2014", "in 85-99", "2000-2014", "after 2000", "since 2000", "before 2000", "in 1990" — which picks the
sibling whose years it overlaps most; the years said are no value of any column."""

from __future__ import annotations

import re

from convrec.catalog.meaning import period_year as _year
from convrec.nlu.vocab import Vocabulary

def periods(vocab: Vocabulary) -> dict[tuple, tuple[int, int]]:
    """mark → (first year, last year) of the catalog's period siblings."""
    got = vocab.__dict__.get("_periods")
    if got is None:
        got = {tuple(c.mark): (int(c.mark[0]), int(c.mark[2])) for c in vocab.columns.values()
               if len(c.mark) > 2 and c.type in ("integer", "real")}
        vocab.__dict__["_periods"] = got
    return got


def _spans(w: list[str], claimed: list[bool]) -> list[tuple[int, int, float, float]]:
    """(start, end, first year, last year) of each period said."""
    out, i = [], 0
    while i < len(w):
        lead = w[i] if w[i] in ("between", "from", "in", "during", "after", "since", "before", "until", "over") else None
        j = i + 1 if lead else i
        if j < len(w) and j + 1 < len(w) and not claimed[j] and _year(w[j]) and (
                (j + 2 < len(w) and w[j + 1] in ("and", "to", "through", "thru", "-", "till", "until") and _year(w[j + 2]))
                or _year(w[j + 1])):
            k = j + 2 if _year(w[j + 1]) else j + 3  # "1985-1999" is two tokens; "1985 to 1999" three
            lo = _year(w[j])
            hi = _year(w[k - 1], after=lo)
            if lo and hi and lo < hi and not any(claimed[x] for x in range(i, k)):
                out.append((i, k, float(lo), float(hi)))
                i = k
                continue
        if lead in ("after", "since", "before", "until", "in", "during") and j < len(w) and not claimed[j] \
                and re.fullmatch(r"(?:1[89]|20)\d{2}", w[j]):
            y = float(w[j])
            lo, hi = {"after": (y + (lead == "after"), 9999.0), "since": (y, 9999.0), "before": (0.0, y - 1),
                      "until": (0.0, y)}.get(lead, (y, y))
            out.append((i, j + 1, lo, hi))
            i = j + 1
            continue
        i += 1
    return out


def said_periods(w: list[str], claimed: list[bool], vocab: Vocabulary) -> list[tuple[int, int, tuple]]:
    """(start, end, mark) of each period said that picks one set of siblings."""
    table = periods(vocab)
    if len(set(table.values())) < 2:
        return []
    out = []
    for a, b, lo, hi in _spans(w, claimed):
        overlap = {m: min(hi, p[1]) - max(lo, p[0]) + 1 for m, p in table.items()}
        best = max(overlap.values())
        if best > 0 and list(overlap.values()).count(best) == 1:
            out.append((a, b, max(overlap, key=overlap.get)))
    return out
