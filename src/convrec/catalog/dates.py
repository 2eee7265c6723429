"""Dates as catalogs write them, read once for every part that needs them.

A date column may hold days in any form pandas reads ("2006-05-19", "5/19/2006 0:00:00"), months
("2015-03", "Mar 2015") or quarters ("1998 Q1", "Q1 1998", "1998-Q1", "1998Q1"). Each value is read as
the period it names — its first and its last day — so "in September 2000" finds the quarter that holds
September, and "since 2015" every value whose period starts in 2015 or later.
"""

from __future__ import annotations

import re

import pandas as pd

_QUARTER = re.compile(r"^\s*(?:(\d{4})\s*[-/ ]?\s*[Qq]([1-4])|[Qq]([1-4])\s*[-/ ]?\s*(\d{4}))\s*$")
_MONTH_ONLY = re.compile(r"^\s*(\d{4})-(\d{1,2})\s*$|^\s*[A-Za-z]{3,9}\.?\s+\d{4}\s*$")
_MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
           r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DAY_TEXT = re.compile(r"^\s*\d{4}-(0?[1-9]|1[0-2])-(0?[1-9]|[12]\d|3[01])(?:[T ].*)?\s*$"
                       r"|^\s*(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])/\d{2,4}(?: .*)?\s*$"
                       r"|^\s*(0?[1-9]|[12]\d|3[01])/(0?[1-9]|1[0-2])/\d{2,4}(?: .*)?\s*$"
                       r"|^\s*" + _MONTHS + r"\.?\s+(0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?\s+\d{4}\s*$"  # "January 7, 2018"
                       r"|^\s*(0?[1-9]|[12]\d|3[01])[\s\-]+" + _MONTHS + r"\.?[\s\-,]+\d{4}\s*$", re.I)  # "7 Jan 2018", "7-Jan-2018"
_ISO_MONTH = re.compile(r"^\s*(\d{4})-(0?[1-9]|1[0-2])\s*$")


def date_like(value: str) -> bool:
    """Is this text written as a date (a day, a month of a year, or a quarter of a year)? A code
    such as "1005-00-073-9421" is not."""
    v = str(value)
    return bool(_QUARTER.match(v) or _ISO_MONTH.match(v) or _DAY_TEXT.match(v))


def holds_dates(values: pd.Series) -> bool:
    """Is this a column of dates written as text: eight values or more, nine in ten of them dates?"""
    s = values.dropna().astype(str)
    s = s[s.str.strip() != ""]
    return len(s) >= 8 and float(s.map(date_like).mean()) >= 0.9


_NUMERIC_DAY = re.compile(r"^\s*(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})\b")


def parse_dates(values: pd.Series) -> pd.Series:
    """Dates as timestamps (NaT where none). Dates written with numbers only ("05/07/2010") are read
    day first where the column writes them so — a first number above 12 somewhere, the second never —
    as sources outside the US do; not one row one way and the next the other."""
    s = values.astype("string")
    if writes_day_first(s):
        return pd.to_datetime(s, errors="coerce", dayfirst=True, format="mixed")
    return pd.to_datetime(s, errors="coerce", format="mixed")


def writes_day_first(values: pd.Series) -> bool:
    """Does a column write its dates in numbers, day first ("21/10/2012": a first number above 12
    somewhere, the second never)?"""
    s = values.astype("string")
    parts = s.str.extract(_NUMERIC_DAY)
    if parts[0].notna().sum() < 0.9 * max(1, int((s.str.strip() != "").fillna(False).sum())):
        return False
    a = pd.to_numeric(parts[0], errors="coerce")
    b = pd.to_numeric(parts[1], errors="coerce")
    return bool((a > 12).any() and not (b > 12).any())


def periods(values: pd.Series) -> tuple[pd.Series, pd.Series]:
    """(first day, last day) of the period each value names, as timestamps (NaT where the value
    is no date). A column of quarters ("1998 Q1", "Q1 1998", "1998-Q1") or of months ("2015-03",
    "Mar 2015") gives each its span; any other column is read by pandas, day by day."""
    s = values.astype("string")
    filled = s.notna().to_numpy(dtype=bool) & (s.str.strip() != "").fillna(False).to_numpy(dtype=bool)
    n = max(int(filled.sum()), 1)
    q = s.str.extract(_QUARTER)
    has_q = (q[0].notna() | q[2].notna()).to_numpy(dtype=bool)
    if has_q.sum() >= 0.9 * n:
        year = pd.to_numeric(q[0].fillna(q[3]), errors="coerce").astype("float64")
        quarter = pd.to_numeric(q[1].fillna(q[2]), errors="coerce").astype("float64")
        first = pd.to_datetime(pd.DataFrame({"year": year, "month": 3 * quarter - 2, "day": 1.0}), errors="coerce")
        return first, first + pd.offsets.QuarterEnd(0)
    months = s.str.match(_MONTH_ONLY).fillna(False).to_numpy(dtype=bool)
    parsed = parse_dates(s)
    if months.sum() >= 0.9 * n:
        return parsed, parsed + pd.offsets.MonthEnd(0)
    return parsed, parsed


def monthly_series(start: pd.Series) -> bool:
    """Dates on the 1st of month after month, each once ("1960-01-01" … "2022-12-01"): a series of months."""
    t = start.dropna()
    if len(t) < 12 or not t.is_unique or t.dt.month.nunique() < 6 or not (t.dt.day == 1).all():
        return False
    span = (t.max().year - t.min().year) * 12 + t.max().month - t.min().month + 1
    return span <= 1.25 * len(t)


def period_titles(raw: pd.DataFrame, id_col: str) -> tuple[str, pd.Series, str] | None:
    """A table whose rows are the periods of a series and no title column: months (a date on the 1st of
    each month, every one once: "1960-01-01" … "2022-12-01") or days (each day once, "2005-04-05T00:00:00Z",
    gaps allowed) or years (a `Year` column, each once): (the column, each row named as people say it —
    "June 2014", "5 April 2005", "year 1981" — and what the items are: "month", "day", "year")."""
    for col in raw.columns:
        if col == id_col or raw[col].dtype.kind in "biuf" or not holds_dates(raw[col]):
            continue
        start, end = periods(raw[col])
        if start.isna().any() or not start.is_unique or len(start) < 12:
            continue
        if monthly_series(start) and bool((end == start).all() or (end == start + pd.offsets.MonthEnd(0)).all()):
            return str(col), start.dt.strftime("%B %Y"), "month"
        days = start.dt.tz_localize(None) if start.dt.tz is not None else start
        if (days == days.dt.normalize()).all() and start.dt.day.nunique() >= 10 \
                and (days.max() - days.min()).days + 1 <= 3 * len(days):
            return str(col), days.dt.day.astype(str) + days.dt.strftime(" %B %Y"), "day"
    for col in raw.columns:  # a row a year: `Year` 1610 … 2021, each once
        v = pd.to_numeric(raw[col], errors="coerce")
        if col != id_col and " ".join(str(col).lower().replace("_", " ").split()) == "year" and v.notna().all() \
                and len(v) >= 12 and v.is_unique and (v % 1 == 0).all() and v.between(1000, 2200).all():
            return str(col), "year " + v.astype("int64").astype(str), "year"
    return None


def months_covered(start: pd.Series, end: pd.Series, months: set[int]) -> pd.Series:
    """Which periods hold one of these months (of any year): a day in them, a month that is one, a
    quarter that contains one."""
    keep = pd.Series(False, index=start.index)
    ok = start.notna() & end.notna()
    for m in months:
        # periods within one year: start month ≤ m ≤ end month; across a new year: either side
        same = start.dt.year == end.dt.year
        inside = (start.dt.month <= m) & (m <= end.dt.month)
        wraps = ~same & ((start.dt.month <= m) | (m <= end.dt.month))
        keep |= ok & ((same & inside) | wraps)
    return keep


def with_years(items: pd.DataFrame, columns: list) -> list:
    """A catalog whose dates are text and that keeps no year of its own gets, for each column of
    dates spanning several years, the year of each date as a column of its own (`ship_date_year`):
    "shipped in 2012", "since 2015", "the 2012 onwards ones", "the newest" then read it as any year.
    Adds to ``items`` in place; returns the column specs with the new ones after their dates."""
    from convrec.catalog.schema import ColumnSpec

    names = {c.name for c in columns}
    for c in columns:  # the catalog says its years itself (a `year` column of numbers, however typed)
        if "year" in c.name.lower() and c.name in items and \
                float(pd.to_numeric(items[c.name], errors="coerce").notna().mean()) >= 0.9:
            return columns
    out = []
    for c in columns:
        out.append(c)
        if c.type != "text" or c.name in ("item_id", "title"):
            continue
        if not holds_dates(items[c.name]):
            continue
        start, _ = periods(items[c.name])
        years = start.dt.year
        name = f"{c.name}_year"
        if years.notna().sum() < 8 or years.nunique() < 2 or name in names:
            continue
        items[name] = years.astype("Int64")
        out.append(ColumnSpec(name, "integer", f"the year of {c.name} (read from its dates when the catalog was prepared)"))
    return out


_CLOCK_TEXT = re.compile(r"(?i)^\s*(\d{1,2})(?::([0-5]\d))?(?::[0-5]\d)?\s*(?:([ap])\.?\s?m\.?)?\s*$")
_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _clock_hours(values: pd.Series) -> pd.Series | None:
    """The hour of the day (13.5 for 1:30 p.m.) of each clock time written as text ("5:00 a.m.",
    "12:00 p.m.", "17:30"), where nine in ten of eight or more values are one; else None."""
    s = values.dropna().astype(str)
    s = s[s.str.strip() != ""]
    if len(s) < 8:
        return None
    m = values.astype("string").str.extract(_CLOCK_TEXT)
    h, mins, half = pd.to_numeric(m[0], errors="coerce"), pd.to_numeric(m[1], errors="coerce"), m[2].str.lower()
    written = m[0].notna() & (m[1].notna() | half.notna())  # "8" alone is no time of day
    if float(written[s.index].mean()) < 0.9:
        return None
    hours = h.where(half.isna(), h % 12 + (half == "p").astype(float) * 12) + mins.fillna(0) / 60
    hours = hours.where(written & (h <= 24))
    return hours if hours.notna().sum() >= 8 and hours.nunique() >= 2 else None


def with_day_parts(items: pd.DataFrame, columns: list) -> list:
    """Parts of the day and week a catalog writes only inside text: for a column of clock times
    ("5:00 a.m.") its hour of the day as a number (`time_hour`: "before noon", "in the morning",
    "after 6pm" then read it); for a column of days spread over the week (`date`) the day's name
    (`weekday`: "Sunday prices", "how many Sundays"). Adds to ``items`` in place; returns the
    column specs with the new ones after their sources."""
    from convrec.catalog.schema import ColumnSpec

    names = {c.name for c in columns}
    dated = [c.name for c in columns if c.type == "text" and c.name not in ("item_id", "title") and c.name in items
             and holds_dates(items[c.name])]
    out, later = [], []
    for c in columns:
        out.append(c)
        if c.type != "text" or c.name in ("item_id", "title") or c.name not in items:
            continue
        hours = _clock_hours(items[c.name])
        if hours is not None and f"{c.name}_hour" not in names:
            items[f"{c.name}_hour"] = hours.astype(float)
            out.append(ColumnSpec(f"{c.name}_hour", "real",
                                  f"the hour of the day of {c.name} (read from its clock times when the catalog was prepared)"))
            continue
        if c.name not in dated or len(dated) > 1:
            continue  # (of several dates — a licence's, a ceremony's, a birth — no one's weekday is "the" day)
        start, end = periods(items[c.name])
        days = start[start.notna() & (start == end)]
        # its own name, not `date_weekday` (a header that says "date" holds dates, not day names)
        name = "weekday" if "weekday" not in names else f"{c.name}_weekday"
        if len(days) < 20 or days.dt.day_of_week.nunique() < 5 or name in names or days.dt.day.nunique() == 1:
            continue  # (months, quarters, dates that all fall on a few weekdays, a monthly series written on every
            # 1st: no day of the week to ask by)
        items[name] = start.map(lambda d: None if pd.isna(d) else _DAY_NAMES[d.weekday()]).astype(object)
        names.add(name)
        later.append(ColumnSpec(name, "text", f"the day of the week of {c.name} (read from its dates when the catalog was prepared)"))
    return out + later  # (last: a list shows an item's own facets first, not the weekday derived from them)
