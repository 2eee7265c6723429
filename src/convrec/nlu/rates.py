"""A count said per day, week or month where the catalog keeps it per year: "more than 50 bikes stolen a
month", "averaging over 10 thefts a day", "150,000 passengers a day" — the yearly figure is the rate
times 365, 52 or 12.

Only for a number column with no unit of its own (a count, not minutes or money, which have their own
readers), and only where the catalog's figures are yearly: a panel of the same places or things year
after year (a year column, each name in most of its years), or a single table whose values the yearly
figure falls among far better than the rate itself (the stored median decides: the rate times the
period must be twice as near it, on a log scale, as the rate as said)."""

from __future__ import annotations

import math

from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_PER_YEAR = {"day": 365.0, "daily": 365.0, "week": 52.0, "weekly": 52.0, "month": 12.0, "monthly": 12.0}


def _yearly_panel(vocab: Vocabulary) -> bool:
    got = vocab.__dict__.get("_yearly_panel")
    if got is None:
        got = False
        items = vocab.items
        for c in vocab.columns.values():
            if c.role != "time" or c.type not in ("integer", "real") or c.name not in items or c.min is None \
                    or not 1800 <= float(c.min) <= float(c.max) <= 2200:
                continue
            years = items[c.name].nunique()
            if years < 2:
                continue
            for o in vocab.columns.values():
                if o.role not in ("title", "category") or o.type != "text" or o.name not in items:
                    continue
                per = items.groupby(o.name)[c.name].nunique()
                if len(per) >= 5 and (per >= 0.8 * years).mean() >= 0.8:
                    got = True
                    break
            if got:
                break
        vocab.__dict__["_yearly_panel"] = got
    return got


def per_period(p: Parse, vocab: Vocabulary, i: int, v: float, col: str) -> tuple[float, Span | None]:
    """(factor to the yearly figure, the words that said the period) for the number at token ``i``
    bound to ``col``; (1.0, None) where no period is said or the column is not a yearly count."""
    from convrec.nlu.columns import money_columns

    c = vocab.columns.get(col)
    if c is None or c.type not in ("integer", "real") or c.unit or c.role in ("time", "date", "id", "rating", "price") \
            or col in money_columns(vocab) or c.min is None or c.max is None:
        return 1.0, None
    from convrec.nlu.binding import unit_after

    if unit_after(p.words, i + 1)[0] is not None:
        return 1.0, None  # "50 hours a week": a time per week, read by its unit (not a count per week)
    w, found = p.words, None
    for k in range(i + 1, min(len(w), i + 7)):
        if p.toks[k].punct or w[k] in ("and", "or", "but", "than"):
            break
        if w[k] in ("daily", "weekly", "monthly"):
            found = (_PER_YEAR[w[k]], Span(k, k + 1))
        elif w[k] in ("day", "week", "month") and w[k - 1] in ("a", "an", "per", "each", "every"):
            found = (_PER_YEAR[w[k]], Span(k - 1, k + 1))
        if found:
            break
    if not found or any(p.claimed[x] for x in range(found[1].start, found[1].end)):
        return 1.0, None
    factor, span = found
    if _yearly_panel(vocab):
        return factor, span
    mid = c.median if c.median is not None and c.median > 0 else None
    if mid is None or v <= 0:
        return 1.0, None
    as_said, yearly = abs(math.log(v / mid)), abs(math.log(v * factor / mid))
    return (factor, span) if 2 * yearly < as_said else (1.0, None)
