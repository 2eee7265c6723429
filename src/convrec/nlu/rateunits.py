"""Units said after a column's own words ("over 1 billion available seat miles a week" of
`avail_seat_km_per_week`): a unit whose column writes another in its header (km) converts, and a rate
said per another period than the header's ("50 million seat km per day" of a weekly column) scales by
the two periods — the header's units, read once per column, not a word list per catalog."""

from __future__ import annotations

from dataclasses import replace

from convrec.catalog.meaning import convert, unit_for_word
from convrec.nlu.reading import Parse, Span

_PER = ("per", "a", "an", "each", "every")
_TIMES = {"h", "d", "wk", "month", "yr"}


def _header_units(label: str) -> tuple[list[str], str | None]:
    """(units the label writes, the period after its "per")."""
    words = label.split()
    units, period = [], None
    for k, x in enumerate(words):
        u = unit_for_word(x)
        if u is None:
            continue
        if k > 0 and words[k - 1] == "per" and u in _TIMES:
            period = u
        else:
            units.append(u)
    return units, period


def convert_trailing_units(p: Parse, vocab) -> None:
    w = [t.raw.lower() for t in p.toks]  # as written (a reader may have put a column's word in place of "per")
    out = []
    for sp, c in p.numbers:
        col = vocab.columns.get(c.column)
        if col is None or col.unit or not isinstance(c.value, (int, float)) or isinstance(c.value, bool) \
                or c.op not in ("<", "<=", ">", ">=", "="):
            out.append((sp, c))
            continue
        units, period = _header_units(col.label or "")
        own = {x for g in col.words for x in g} | {col.name, col.name.lower()}  # (the header itself, as read before)
        k, factor, end, skipped = sp.end, 1.0, sp.end, set()
        while k < len(w) and k - sp.end < 4 and w[k] not in _PER and (
                w[k] in own or p.words[k] in own or any(w[k].startswith(x) for x in own if len(x) >= 4) or (w[k] == "of" and k == sp.end)):
            skipped.add(k)
            k += 1  # "available seat": the column's own words
        u = unit_for_word(w[k]) if k < len(w) else None
        if u is not None and u not in _TIMES and units and u not in units:
            f = next((convert(1.0, u, x) for x in units if convert(1.0, u, x) is not None), None)
            if f is not None:
                factor, end, k = f, k + 1, k + 1
        elif u is not None and u in units:
            end, k = k + 1, k + 1
        said = unit_for_word(w[k + 1]) if period and k + 1 < len(w) and w[k] in _PER else None
        if said is not None and said == period:  # "a week" of a weekly amount: as kept
            end = k + 2
        elif said in _TIMES and (f := convert(1.0, period, said)) is not None:  # "per day" of it: 7 days' worth
            factor, end = factor * f, k + 2
        if end > sp.end and not any(p.claimed[x] for x in range(sp.end, end) if x not in skipped and w[x] not in _PER and w[x] not in own):
            p.claim(sp.end, end)
            if factor != 1.0:
                c = replace(c, value=float(c.value) * factor,
                            text=c.text + " " + " ".join(w[x] for x in range(sp.end, end) if x not in skipped))
            sp = Span(sp.start, end)
        out.append((sp, c))
    p.numbers = out
