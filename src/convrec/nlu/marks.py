"""Marks: the number a header carries beside siblings that carry others (`Freq12`, `Freq24`;
"20yr GWP", "100yr GWP"), decided at prepare time (:func:`convrec.catalog.meaning._numbered_split`).
A request says the mark as a window or a horizon — "in the last 12 months", "over the past 2 years",
"the 100-year GWP", "GWP 100" — which picks the sibling (2 years are 24 months of a `Freq24`) and is
no value of any column (not "lifetime = 100 years")."""

from __future__ import annotations

import re

from convrec.catalog.meaning import convert, unit_for_word
from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary

_WINDOW = {"last", "past", "previous", "prior", "recent", "trailing", "preceding"}
_LEAD = {"in", "over", "during", "within", "for", "the", "of"}
_BARE_AS = ("month", "wk", "d", "h", "min")
"""Units a bare mark (`Freq12`) may count in: "the past 2 years" is 24 of a 12/24 pair."""


def _time(unit: str | None) -> bool:
    return bool(unit) and convert(1.0, unit, "h") is not None


def marked(vocab: Vocabulary) -> list:
    got = vocab.__dict__.get("_marked")
    if got is None:
        got = vocab.__dict__["_marked"] = [c for c in vocab.columns.values() if c.mark and c.type in ("integer", "real")]
    return got


def mark_fits(mark: tuple, n: float, unit: str | None) -> bool:
    """Whether ``n`` (in ``unit``, or bare) says the mark (number, unit) of a column."""
    m, mu = float(mark[0]), (mark[1] if len(mark) > 1 else "") or None

    def close(x: float | None) -> bool:
        return x is not None and abs(x - m) <= 1e-6 * max(1.0, m)

    if mu and unit:
        return close(convert(n, unit, mu))
    if mu or not unit:
        return close(n)
    return close(n) or (_time(unit) and any(close(convert(n, unit, t)) for t in _BARE_AS))


def _said(w: list[str], claimed: list[bool], vocab: Vocabulary):
    """(start, end, columns) of each window or horizon that says a mark."""
    cols = marked(vocab)
    if not cols:
        return
    fam = {x for c in cols for g in c.words for x in g}
    i = 0
    while i < len(w):
        if claimed[i]:
            i += 1
            continue
        n, unit, a, b = num(w[i]), None, i, i + 1
        glued = re.fullmatch(r"(\d+(?:\.\d+)?)([a-z]+)", w[i]) if n is None else None
        if glued and _time(unit_for_word(glued.group(2))):
            n, unit = float(glued.group(1)), unit_for_word(glued.group(2))  # "5yr"
        elif n is None:
            if w[i] in _WINDOW and i + 1 < len(w) and not claimed[i + 1] and _time(unit_for_word(w[i + 1])):
                n, unit, b = 1.0, unit_for_word(w[i + 1]), i + 2  # "the past year": one year
            else:
                i += 1
                continue
        elif b < len(w) and not claimed[b] and unit_for_word(w[b]):
            unit, b = unit_for_word(w[b]), b + 1
        window = a > 0 and w[a - 1] in _WINDOW or w[a] in _WINDOW
        after = b
        while unit is not None and after < len(w) - 1 and w[after] == "of":
            after += 1  # "the 20 year of gwp"
        horizon = (after < len(w) and w[after] in fam) or (a > 0 and w[a - 1] in fam)  # "GWP 100", "return 5yr"
        hits = [c for c in cols if mark_fits(c.mark, n, unit)] if (window or horizon) and (unit is None or _time(unit)) else []
        if not hits:
            i += 1
            continue
        if window and w[a] not in _WINDOW:
            a -= 1
        while a > 0 and not claimed[a - 1] and w[a - 1] in _LEAD:
            a -= 1
        yield a, b, hits
        i = b


def read_marks(p: Parse, vocab: Vocabulary) -> None:
    """Claim the windows and horizons that say a mark; ``p.marks`` gets the marks said."""
    for a, b, hits in list(_said(p.words, p.claimed, vocab)):
        p.claim(a, b)
        p.mark_at.update(range(a, b))
        p.marks.update(tuple(c.mark) for c in hits)
    from convrec.nlu.periodmarks import said_periods

    for a, b, mark in said_periods(p.words, p.claimed, vocab):  # "incidents between 1985 and 1999": `incidents_85_99`
        p.claim(a, b)
        p.mark_at.update(range(a, b))
        p.marks.add(mark)


def marks_in(w: list[str], vocab: Vocabulary) -> set:
    """The marks these words say."""
    from convrec.nlu.periodmarks import said_periods

    return {tuple(c.mark) for _, _, hits in _said(list(w), [False] * len(w), vocab) for c in hits} | {
        m for _, _, m in said_periods(list(w), [False] * len(w), vocab)}


def mark_choice(vocab: Vocabulary, names, marks: set) -> list[str]:
    """Of columns named together, the siblings whose mark was said (all of them when none was)."""
    names = list(names)
    if not marks or len(names) < 2:
        return names
    keep = [c for c in names if c in vocab.columns and tuple(vocab.columns[c].mark) in marks]
    return keep or names


def marked_sibling(vocab: Vocabulary, col: str | None, marks: set) -> str | None:
    """``col``, or its sibling of the same words whose mark the request said ("$20,000 in sales over
    the past 12 months": `Sales12m`, whichever sibling the amount was bound to first)."""
    c = vocab.columns.get(col) if col else None
    if c is None or not c.mark or not marks or tuple(c.mark) in marks:
        return col
    return next((o.name for o in marked(vocab) if tuple(o.mark) in marks and o.words == c.words), col)


def settle_marks(p: Parse, vocab: Vocabulary) -> None:
    """Every order and bound the readers took on a marked column moved to the sibling the request's
    window says ("earned the most in the last 12 months": `Sales12m`)."""
    if not p.marks:
        return
    from dataclasses import replace

    p.sort = [replace(s, column=marked_sibling(vocab, s.column, p.marks)) for s in p.sort]
    p.numbers = [(span, replace(c, column=marked_sibling(vocab, c.column, p.marks))) for span, c in p.numbers]


def counted_sibling(p: Parse, vocab: Vocabulary, near: list[str]) -> str | None:
    """"sales over 5000 in the last 3 months" of count columns `Sales3m`, `Sales12m`: the sibling named
    by its words ``near`` the number and the window said (without one, the first), else None."""
    from convrec.nlu.columns import columns_named, later_siblings

    if not (p.marks or any(c.role in ("count", "rating") for c in marked(vocab))):
        return None
    named = [c for c in columns_named(near, vocab, by_name_only=True)
             if vocab.columns[c].role in ("count", "rating") and vocab.columns[c].mark]
    named = mark_choice(vocab, named, p.marks) if p.marks else [c for c in named if c not in later_siblings(vocab)]
    return named[0] if len(named) == 1 else None
