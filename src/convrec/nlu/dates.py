"""Days and months said as people say them: "aug 29 2017", "feb 1st 2017", "the 29th of august",
"christmas day 2017", "the 4th of july", "july 2017", "in january". They pick the rows of that day or
month: on a date column (ISO or any form pandas reads), its values that fall then; on a catalog that
keeps the date in parts (`year`, `month`, `day` columns of whole numbers), those parts. A year said
alone is left to the year readers."""

from __future__ import annotations

import re

import pandas as pd

from convrec.catalog.dates import monthly_series, months_covered, periods
from convrec.catalog.meaning import scales_data
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary

_ORDINAL_DAY = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?$")


def _months() -> dict[str, int]:
    sc = scales_data()
    out = {m: k + 1 for k, m in enumerate(sc.get("months", []))}
    out.update({m: k + 1 for k, m in enumerate(sc.get("months_short", []))})
    out["sept"] = 9
    return out


def _day_first(vocab: Vocabulary) -> bool:
    got = vocab.__dict__.get("_day_first")
    if got is None:
        from convrec.catalog.dates import writes_day_first

        got = vocab.__dict__["_day_first"] = any(writes_day_first(vocab.items[c.name]) for c in vocab.columns.values()
                                                 if c.role == "date" and c.name in vocab.items)
    return got


def _date_column(vocab: Vocabulary, words: list[str] | None = None) -> tuple[str, pd.Series, pd.Series] | None:
    """The column of dates (each value's period: first and last day, by item) that varies by day or
    holds periods (months, quarters: "1998 Q1"): of several, the one whose own word the message says
    ("polls that ended in November": `enddate`), else the first."""
    got = vocab.__dict__.get("_date_columns")
    if got is None:
        got = []
        for c in vocab.columns.values():
            if c.role != "date" or c.name not in vocab.items:
                continue
            ts, te = periods(vocab.items[c.name])
            filled = vocab.items[c.name].notna() & vocab.items[c.name].astype(str).str.strip().ne("")
            if filled.any() and ts[filled].notna().mean() >= 0.8 and (
                    ts.dt.day.nunique() > 1 or bool((te > ts).any()) or monthly_series(ts)):
                # blanks: no date, not a bad one; a monthly series on every 1st ("1960-06-01") holds months
                got.append((c.name, ts, te))
        vocab.__dict__["_date_columns"] = got
    k = _date_word(vocab, words, got)
    if k is not None:
        return got[k[0]]
    return got[0] if got else None


def _date_word(vocab: Vocabulary, words: list[str] | None, got: list) -> tuple[int, int] | None:
    """(which date column, where its word is) when several are dated and the message says one's word."""
    if len(got) < 2 or not words:
        return None
    for n, (name, *_) in enumerate(got):
        own = [y for y in (vocab.columns[name].label or name).lower().split() if len(y) >= 3 and y not in ("date", "dates")]
        for i, x in enumerate(words):
            if x.isalpha() and len(x) >= 3 and any(x.startswith(y) or (len(x) >= 4 and y.startswith(x[:4])) for y in own):
                return n, i
    return None


def _part_columns(vocab: Vocabulary, words: list[str] | None = None) -> dict[str, str]:
    """`year`, `month`, `day` columns of whole numbers a catalog keeps a date in — called just that,
    or sharing their other words (`YearSold`, `MonthSold`, `DaySold`: the date of the sale), the set
    whose other words the message says first ("what sold in …")."""
    groups: dict[tuple[str, ...], dict[str, str]] = {}
    for part, lo, hi in (("year", 1000, 2200), ("month", 1, 12), ("day", 1, 31)):
        for c in vocab.columns.values():
            ws = (c.label or c.name).strip().lower().split()
            if part in ws and c.type in ("integer", "real") and c.min is not None and lo <= float(c.min) \
                    and float(c.max) <= hi:
                groups.setdefault(tuple(x for x in ws if x != part), {}).setdefault(part, c.name)
    if () in groups and "month" in groups[()]:
        return groups[()]
    said = set(words or ())
    dated = [g for g in groups.values() if "month" in g]
    for rest, g in groups.items():
        if "month" in g and rest and set(rest) & said:
            return g
    return dated[0] if len(dated) == 1 else groups.get((), {})


def _said(p: Parse, vocab: Vocabulary, i: int, months: dict[str, int]) -> tuple[int, int | None, int | None, int | None] | None:
    """A date said from token i: (end, year, month, day), or None."""
    w = p.words
    year = month = day = None
    j = i
    for words, md in sorted(vocab.lexicon.holidays.items(), key=lambda x: -len(x[0])):  # "christmas day", "the 4th of july"
        if tuple(w[i:i + len(words)]) == words:
            month, day = int(md[:2]), int(md[3:])
            j = i + len(words)
            break
    if month is None and i + 2 < len(w) and re.fullmatch(r"(1[89]|20)\d\d", w[i]) and re.fullmatch(r"\d{2}", w[i + 1]) \
            and re.fullmatch(r"\d{2}", w[i + 2]) and 1 <= int(w[i + 1]) <= 12 and 1 <= int(w[i + 2]) <= 31 \
            and p.toks[i + 1].start == p.toks[i].end + 1 and p.toks[i + 2].start == p.toks[i + 1].end + 1:
        return i + 3, int(w[i]), int(w[i + 1]), int(w[i + 2])  # "2021-04-12": a day as ISO writes it
    if month is None and i + 2 < len(w) and re.fullmatch(r"\d{1,2}", w[i]) and re.fullmatch(r"\d{1,2}", w[i + 1]) \
            and re.fullmatch(r"(1[89]|20)\d\d", w[i + 2]) and all(
                p.toks[x + 1].start == p.toks[x].end + 1 for x in (i, i + 1)):
        a, b = int(w[i]), int(w[i + 1])  # "18/01/2013": day first where a number says so or the catalog writes it so
        first = a > 12 or (b <= 12 and _day_first(vocab))
        d, mo = (a, b) if first else (b, a)
        if 1 <= mo <= 12 and 1 <= d <= 31:
            return i + 3, int(w[i + 2]), mo, d
    if month is None:
        m = _ORDINAL_DAY.match(w[i])
        if m and i + 2 < len(w) and w[i + 1] == "of" and w[i + 2] in months:  # "the 29th of august"
            day, month, j = int(m.group(1)), months[w[i + 2]], i + 3
        elif m and i + 1 < len(w) and w[i + 1] in months and (w[i].endswith(("st", "nd", "rd", "th")) or (
                i + 2 < len(w) and re.fullmatch(r"(1[89]|20)\d\d", w[i + 2]))):  # "29th august", "17 July 2014"
            day, month, j = int(m.group(1)), months[w[i + 1]], i + 2
        elif w[i] in months and (w[i] != "may" or (i + 1 < len(w) and num(w[i + 1]) is not None)):
            month, j = months[w[i]], i + 1
            m = _ORDINAL_DAY.match(w[j]) if j < len(w) else None
            if m and 1 <= int(m.group(1)) <= 31 and not (len(m.group(1)) == 4):
                day, j = int(m.group(1)), j + 1  # "aug 29", "feb 1st"
        else:
            return None
    if day is not None and not 1 <= day <= 31:
        return None
    k = j + (1 if j < len(w) and w[j] == "," else 0)
    if k < len(w) and re.fullmatch(r"(1[89]|20)\d\d", w[k]):
        year, j = int(w[k]), k + 1
    if month in (None,) or (day is None and year is None and w[i] in months and len(w[i]) <= 3 and w[i] != w[i].lower()):
        return None
    return j, year, month, day


def read_dates(p: Parse, vocab: Vocabulary) -> None:
    dated = _date_column(vocab, p.words)
    said = _date_word(vocab, p.words, vocab.__dict__.get("_date_columns") or [])
    if said is not None and not p.claimed[said[1]] and any(x in _months() for x in p.words):
        p.claim(said[1], said[1] + 1)  # "polls that ended in November": the word that chose `enddate`
    parts = _part_columns(vocab, p.words) if dated is None else {}
    if dated is None and "month" not in parts:
        return
    months = _months()
    w = p.words
    runs: list[list] = []  # months said alone, in lists: [[start, end, {months}, negated, joiner]]
    i = 0
    while i < len(w):
        season = _SEASONS.get(w[i]) if not p.claimed[i] else None
        if season:  # "winter bills", "the summer months": the months of that season
            end = i + 1 + (i + 1 < len(w) and w[i + 1] in ("months", "month", "season"))
            _add_run(p, runs, i, end, set(season))
            p.claim(i, end)
            i = end
            continue
        q = _quarter_said(p, i) if dated is not None and not p.claimed[i] else None
        if q is not None:  # "Q2 2008", "2005 Q3", "the third quarter of 2000": the quarter's months
            a, end, ms, year = q
            text = " ".join(t.raw for t in p.toks[a:end])
            p.numbers.append((Span(a, end), _on_dates(vocab, dated, ms, None, year, text, p.negated(a))))
            p.claim(a, end)
            i = end
            continue
        got = None if p.claimed[i] else _said(p, vocab, i, months)
        if got is None or any(p.claimed[k] for k in range(i, got[0])):
            i += 1
            continue
        end, year, month, day = got
        if dated is not None and end < len(w) and w[end] in ("quarter", "quarters") and day is None:
            end += 1  # "the September quarter", "December quarters": the quarter that holds that month
        if year is None and day is None:
            _add_run(p, runs, i, end, {month})
            p.claim(i, end)
            i = end
            continue
        text = " ".join(t.raw for t in p.toks[i:end])
        if dated is not None:
            p.numbers.append((Span(i, end), _on_dates(vocab, dated, {month}, day, year, text, p.negated(i))))
        else:
            said = [(parts[part], v) for part, v in (("year", year), ("month", month), ("day", day))
                    if v is not None and part in parts]
            # "not caught in october": another month (a negated day of a month would be two conditions
            # that may each fail: left as said)
            op = "!=" if p.negated(i) and len(said) == 1 else "="
            for name, v in said:
                c = vocab.columns[name]
                p.numbers.append((Span(i, end), Condition(c.name, op, float(v), text, c.role)))
        p.claim(i, end)
        i = end
    for a, b, ms, neg, _ in runs:  # "dec, jan, feb", "june to august", "not dec, jan or feb": one set of months
        text = " ".join(t.raw for t in p.toks[a:b])
        if dated is not None:
            p.numbers.append((Span(a, b), _on_dates(vocab, dated, ms, None, None, text, neg)))
            continue
        c = vocab.columns[parts["month"]]
        vals = tuple(float(m) for m in sorted(ms))
        if len(vals) == 1:
            p.numbers.append((Span(a, b), Condition(c.name, "!=" if neg else "=", vals[0], text, c.role)))
        else:
            p.numbers.append((Span(a, b), Condition(c.name, "not_in" if neg else "in", vals, text, c.role)))


_SEASONS = {"winter": (12, 1, 2), "spring": (3, 4, 5), "summer": (6, 7, 8), "fall": (9, 10, 11), "autumn": (9, 10, 11),
            "winters": (12, 1, 2), "summers": (6, 7, 8)}
_LIST_JOIN = {",", "or", "and", "/", "nor"}
_RANGE_JOIN = {"to", "through", "thru", "till", "until", "-"}


def _add_run(p: Parse, runs: list[list], a: int, b: int, ms: set[int]) -> None:
    """A month (or season) said at [a, b): joined to the list before it when only list words or a
    range word lie between ("dec, jan or feb"; "june to august", which takes the months between)."""
    w = p.words
    if runs:
        last = runs[-1]
        gap = [x for x in w[last[1]:a]]
        if gap and len(gap) <= 2 and all(x in _LIST_JOIN for x in gap):
            last[1], last[2] = b, last[2] | ms
            return
        if len(gap) == 1 and gap[0] in _RANGE_JOIN and len(last[2]) == 1 and len(ms) == 1:
            m0, m1 = next(iter(last[2])), next(iter(ms))
            span = [(m0 - 1 + k) % 12 + 1 for k in range((m1 - m0) % 12 + 1)]  # "nov to feb" wraps the year
            last[1], last[2] = b, set(span)
            return
        if not gap:
            last[1], last[2] = b, last[2] | ms
            return
    runs.append([a, b, set(ms), p.negated(a), None])


_QUARTER_WORD = re.compile(r"^q([1-4])$")
_QUARTER_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_YEAR = re.compile(r"(1[89]|20)\d\d")


def _quarter_said(p: Parse, i: int) -> tuple[int, int, set[int], int | None] | None:
    """A quarter said from token i ("q3", "Q3 2005", "2005 Q3", "the 3rd quarter of 2000"):
    (start, end, its months, its year or None)."""
    w = p.words
    m = _QUARTER_WORD.match(w[i])
    if m:
        n, j = int(m.group(1)), i + 1
    elif w[i] == "q" and i + 1 < len(w) and w[i + 1] in ("1", "2", "3", "4"):  # "Q3" read as "q", "3"
        n, j = int(w[i + 1]), i + 2
    elif w[i] in _QUARTER_ORDINAL and i + 1 < len(w) and w[i + 1] in ("quarter", "quarters", "qtr"):
        n, j = _QUARTER_ORDINAL[w[i]], i + 2
    else:
        return None
    a, year = i, None
    k = j + (1 if j < len(w) and w[j] in ("of", "in") else 0)
    if k < len(w) and _YEAR.fullmatch(w[k]) and not p.claimed[k]:
        year, j = int(w[k]), k + 1
    elif i > 0 and _YEAR.fullmatch(w[i - 1]) and not p.claimed[i - 1]:
        year, a = int(w[i - 1]), i - 1
    return a, j, {3 * n - 2, 3 * n - 1, 3 * n}, year


def _on_dates(vocab: Vocabulary, dated: tuple[str, pd.Series, pd.Series], ms: set[int], day: int | None,
              year: int | None, text: str, negated: bool) -> Condition:
    col, ts, te = dated
    keep = months_covered(ts, te, ms)  # a day in that month, or a quarter that holds it
    if day is not None:
        keep &= (ts.dt.day == day) & (ts == te)
    if year is not None:
        keep &= ts.dt.year == year
    values = tuple(sorted({str(v) for v in vocab.items.loc[keep.fillna(False).to_numpy(), col].dropna()}))
    return Condition(col, "not_in" if negated else "in", values, text, "date")


def full_year_end(start: float | None, end: float | None) -> float | None:
    """The end of a span of years written short ("1965-69", "1998 to 02"): in full, after the start."""
    if start is None or end is None or not (1000 <= start <= 2200 and float(start).is_integer()) \
            or not (0 <= end < 100 and float(end).is_integer()):
        return end
    full = start - start % 100 + end
    return full if full >= start else full + 100


def decade_conditions(p: Parse, col: str, lo: int, hi: int, text: str, at: int) -> list[Condition]:
    """A decade said as a span of years: within it, or outside it where negated ("not built in the 60s")."""
    if p.negated(at) or (at > 0 and p.negated(at - 1)):
        return [Condition(col, "outside", (float(lo), float(hi)), text, "time")]
    return [Condition(col, ">=", float(lo), text, "time"), Condition(col, "<=", float(hi), text, "time")]


def settle_two_digit_years(p: Parse, vocab: Vocabulary) -> None:
    """A year said in full on a column of two-digit years, counted from its century ("built after
    1965": `year` > 65; "not in the 60s": outside 60–69)."""
    if not any(c.year_base for c in vocab.columns.values()):
        return
    from dataclasses import replace

    def short(c: Condition) -> Condition:
        base = vocab.columns[c.column].year_base if c.column in vocab.columns else 0
        one = lambda v: float(v) - base if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 1000 else v  # noqa: E731
        return replace(c, value=tuple(one(v) for v in c.value) if isinstance(c.value, tuple) else one(c.value)) if base else c

    p.numbers = [(span, short(c)) for span, c in p.numbers]
