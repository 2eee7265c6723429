"""Amounts said per a span of time ("80 times a minute", "$4,000 a month", "3 per second") on a column
whose own period no header states: the period the column keeps is the one that puts the amount among
the column's values (attacks per second 0.67–8: 80 a minute is 1.33 a second; salaries of
24,900–78,325 a year: $4,000 a month is 48,000 a year), and where the amount was counted ("times",
"per") the column is a rate (`attack_spd`, not `attack`) when a sibling says so.

Runs after the number readers: it rewrites the bound condition and claims the period's words. The
data decides the period; where no period or two put the amount among the values, the number stands as
said (and the period's words stay unread, named in the reply).
"""

from __future__ import annotations

import math
from dataclasses import replace

from convrec.catalog.meaning import unit_for_word
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary

# seconds in each period (a physical rate); money is paid by working time, measured in work hours
_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0, "month": 2629800.0,
            "year": 31557600.0}
_WORK_HOURS = {"hour": 1.0, "day": 8.0, "week": 40.0, "month": 2080.0 / 12, "year": 2080.0}
_WORDS = {"sec": "second", "secs": "second", "second": "second", "seconds": "second", "min": "minute",
          "minute": "minute", "minutes": "minute", "hour": "hour", "hr": "hour", "day": "day", "week": "week",
          "month": "month", "year": "year", "yr": "year", "annum": "year"}
_ADVERBS = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year"}
_RATE_WORDS = {"speed", "spd", "rate", "frequency", "freq", "per", "pace", "tempo"}


def _rate_columns(vocab: Vocabulary, said: set[str], but: str = "") -> list:
    """Number columns a said word names whose own words say they are a rate (`attack_spd`: attack speed)."""
    out = []
    for o in vocab.columns.values():
        own = {x for g in o.words for x in g}
        if o.type in ("integer", "real") and o.name != but and said & own \
                and _RATE_WORDS & (own | set(o.name.lower().replace("_", " ").split())):
            out.append(o)
    return out


def _period_at(w: list[str], j: int) -> tuple[str, int] | None:
    """The period said at ``w[j]`` ("a minute", "per month", "each year", "monthly"): (period, tokens)."""
    if j < len(w) and w[j] in _ADVERBS:
        return _ADVERBS[w[j]], 1
    if j + 1 < len(w) and w[j] in ("a", "an", "per", "each", "every", "/") and w[j + 1] in _WORDS:
        return _WORDS[w[j + 1]], 2
    return None


def _fits(v: float, c) -> bool:
    return c.min is not None and c.max is not None and float(c.min) <= v <= float(c.max)


def _convert(v: float, said: str, kept: str, money: bool) -> float | None:
    table = _WORK_HOURS if money else _SECONDS
    if said not in table or kept not in table:
        return None
    return v * table[kept] / table[said]


def _kept_period(v: float, said: str, c, money: bool) -> str | None:
    """The period column ``c`` keeps an amount ``v`` said per ``said`` in: the one that puts it among
    the values, nearest their middle (in orders of magnitude) when several do; None when none does."""
    if _fits(v, c):
        return said
    table = _WORK_HOURS if money else _SECONDS
    lo, hi = float(c.min), float(c.max)
    if lo <= 0 < hi:
        lo = hi / 1e4
    mid = math.sqrt(max(lo, 1e-12) * hi)
    fits = [(abs(math.log10(x / mid)), k) for k in table if (x := _convert(v, said, k, money)) is not None
            and x > 0 and _fits(x, c)]
    return min(fits)[1] if fits else None


def _stated(c) -> str | None:
    """The period a column's own header states (`MonthlyIncome`, `daily_visits`, `annual_pay`): "150k a
    year" on a monthly income is 12,500 a month."""
    words = {x for g in c.words for x in g} | set((c.label or "").split())
    said = {_ADVERBS[x] for x in words if x in _ADVERBS} | ({"year"} if "annual" in words else set())
    return said.pop() if len(said) == 1 else None


_YEARLY = {"salary", "salaries", "income", "earnings", "compensation", "wage", "wages", "pay", "revenue", "turnover"}


def _yearly(c) -> str | None:
    """A pay or income column whose header states no period is kept by the year, as such figures are
    ("10k a month" on `Salary`: 120,000) — where its values are a year's amounts (over 1,000)."""
    words = {x for g in c.words for x in g} | set((c.label or "").split())
    if words & _YEARLY and c.max is not None and float(c.max) > 1000 \
            and not words & set(_WORDS) and not words & {"hourly", "weekly", "monthly", "daily"}:
        return "year"
    return None


def read_periods(p: Parse, vocab: Vocabulary) -> None:
    w = p.words
    for n, (span, cond) in enumerate(list(p.numbers)):
        if cond.op not in ("<", "<=", ">", ">=", "=") or not isinstance(cond.value, (int, float)):
            continue
        j = span.end
        counted = j < len(w) and w[j] in ("times", "attacks", "hits", "visits", "beats")
        got = _period_at(w, j + counted)
        if got is None or any(p.claimed[k] for k in range(j + counted, j + counted + got[1])):
            continue
        said, size = got
        c = vocab.columns.get(cond.column)
        if c is None or c.unit in ("min", "h", "sec", "d", "wk", "month", "yr", "mph", "kmh", "ms", "knot"):
            continue  # a column that states its own time unit converts by the unit readers
        money = c.unit == "$" or c.role == "price"
        col = c
        if counted or "per" in w[j:j + counted + 1]:  # "80 times a minute": a rate; a sibling named a rate is meant
            words = {x for g in c.words for x in g}
            rates = _rate_columns(vocab, words, but=c.name)
            if len(rates) == 1 and not (_RATE_WORDS & words):
                col = rates[0]
        v = float(cond.value)
        kept = _stated(col) or _yearly(col) or _kept_period(v, said, col, money)  # ("over half a million a year" on salaries: as said)
        if kept is None:
            continue
        x = _convert(v, said, kept, money) if kept != said else v
        end = j + counted + size
        text = " ".join(t.raw for t in p.toks[span.start:end])
        p.numbers[n] = (Span(span.start, end), replace(cond, column=col.name, value=float(round(x, 6)), text=text,
                                                      role=col.role))
        p.claim(span.start, end)


_UNIT_PERIOD = {"sec": "second", "min": "minute", "h": "hour", "d": "day", "wk": "week", "month": "month", "yr": "year"}
_AFTER = {("or", "longer"): ">=", ("or", "more"): ">=", ("or", "over"): ">=", ("or", "shorter"): "<=",
          ("or", "less"): "<=", ("or", "under"): "<="}
_BEFORE = {("more", "than"): ">", ("longer", "than"): ">", ("at", "least"): ">=", ("over",): ">", ("above",): ">",
           ("less", "than"): "<", ("shorter", "than"): "<", ("at", "most"): "<=", ("under",): "<", ("below",): "<",
           ("within",): "<="}
_FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">="}


def read_intervals(p: Parse, vocab: Vocabulary) -> None:
    """"1.2 seconds or longer between basic attacks": the time between events is the inverse of
    their rate — a bound on the rate column the events name (`attack_spd`, attacks per second by its
    values), the other way round."""
    w = p.words
    for i in range(len(w) - 3):
        v = num(w[i]) if not p.claimed[i] else None
        unit = unit_for_word(w[i + 1]) if v else None
        if not v or unit not in _UNIT_PERIOD or p.claimed[i + 1]:
            continue
        op, a, e = None, i, i + 2
        for ph, o in _BEFORE.items():
            if tuple(w[max(0, i - len(ph)):i]) == ph:
                op, a = o, i - len(ph)
        if tuple(w[e:e + 2]) in _AFTER:
            op, e = _AFTER[tuple(w[e:e + 2])], e + 2
        if op is None or e >= len(w) or w[e] != "between":
            continue
        if a > 0 and w[a - 1] in ("take", "takes", "wait", "waits", "need", "needs") and not p.claimed[a - 1]:
            a -= 1  # "heroes that take 1.2 seconds … between attacks"
        rates = _rate_columns(vocab, set(w[e + 1:e + 4]))
        if len(rates) != 1:
            continue
        col = rates[0]
        per = 1.0 / float(v)  # events per said period
        kept = _kept_period(per, _UNIT_PERIOD[unit], col, False)
        if kept is None:
            continue
        x = _convert(per, _UNIT_PERIOD[unit], kept, False)
        end = e + 1 + sum(1 for k in range(e + 1, min(len(w), e + 4)) if not p.claimed[k] and w[k].isalpha())
        text = " ".join(t.raw for t in p.toks[a:end])
        p.numbers.append((Span(a, end), Condition(col.name, _FLIP[op], float(round(x, 6)), text, col.role)))
        p.claim(a, end)
