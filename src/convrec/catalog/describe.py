"""The column-description map: what the LLM sees instead of the raw table."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pandas as pd

from convrec.catalog.dates import holds_dates, periods
from convrec.catalog.headers import name_words
from convrec.catalog.schema import ColumnSpec


def describe_columns(items: pd.DataFrame, columns: list[ColumnSpec], n_examples: int = 6) -> list[dict[str, Any]]:
    """For every column: name, meaning, type, example values, distinct count, null share,
    and min/max for numbers."""
    out = []
    n = max(len(items), 1)
    for c in columns:
        s = items[c.name]
        d: dict[str, Any] = {"name": c.name, "type": c.type, "meaning": c.meaning}
        if c.type == "list":
            counts = Counter(v for lst in s for v in lst)
            d["examples"] = [v for v, _ in counts.most_common(n_examples)]
            d["distinct"] = len(counts)
            d["null_fraction"] = round(sum(1 for lst in s if not lst) / n, 4)
        elif c.type in ("integer", "real"):
            num = pd.to_numeric(s, errors="coerce")
            present = num.dropna()
            d["null_fraction"] = round(1 - len(present) / n, 4)
            if len(present):
                cast = int if c.type == "integer" else float
                d["min"], d["max"] = cast(present.min()), cast(present.max())
                d["examples"] = [cast(v) for v in present.value_counts().index[:n_examples]]
                d["median"] = float(present.median())  # where a number said in an unknown unit most likely falls
                if c.type == "integer" and len(present) == len(items) and n >= 10 \
                        and (num.to_numpy() == np.arange(1, n + 1)).all():
                    d["row_number"] = True  # 1, 2, … n in the rows' order: it counts the rows
                if c.type == "real":  # kelvin written from Celsius keeps its offset: 273.15, 302.15
                    d["kelvin_marks"] = round(float(((present * 100).round() % 100 == 15).mean()), 3)
            else:
                d["min"] = d["max"] = None
                d["examples"] = []
            d["distinct"] = int(present.nunique())
        elif c.type == "boolean":
            present = s.dropna()
            d["examples"] = [bool(v) for v in present.unique()[:2]]
            d["null_fraction"] = round(1 - len(present) / n, 4)
            d["true_fraction"] = round(float(present.astype(bool).mean()) if len(present) else 0.0, 4)
        else:
            present = s.dropna()
            present = present[present.astype(str) != ""]
            d["null_fraction"] = round(1 - len(present) / n, 4)
            d["distinct"] = int(present.nunique())
            if c.name in ("item_id", "title") or d["distinct"] > 0.5 * max(len(present), 1):
                d["examples"] = [str(v) for v in present.head(n_examples)]
            else:
                d["examples"] = [str(v) for v in present.value_counts().index[:n_examples]]
            if 2 <= d["distinct"] <= 40 and c.name not in ("item_id", "title"):
                from convrec.catalog.meaning import value_order

                order = value_order(present.astype(str).value_counts().to_dict())
                if order:
                    d["order"] = order  # graded values, low → high ("SI1" … "IF")
        out.append(d)
    _listed_kinds(items, out)
    _durations_in_years(items, out)
    dates = _date_columns(items, out)
    _date_parts(items, out, dates)
    _spans_between_dates(items, out, dates)
    _totals(items, out)
    _ratios(items, out)
    _elements(items, out)
    _differences(items, out)
    return out


def _listed_kinds(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """A text column whose values are a standard list's codes or names (ISO country codes, US states):
    what each value is ("country"), so "how many countries" names it whatever its header (`LOCATION`)."""
    from convrec.catalog.wordlists import codes_data

    lists = [(t["_kind"], {str(v).lower() for k, v in t.items() if not k.startswith("_")} | {k for k in t if not k.startswith("_")})
             for t in codes_data().values() if isinstance(t, dict) and isinstance(t.get("_kind"), str)]
    for d in described:
        if d["type"] != "text" or d["name"] in ("item_id", "title") or not 3 <= (d.get("distinct") or 0) <= 400:
            continue
        vals = {str(v).strip().lower() for v in items[d["name"]].dropna() if str(v).strip()}
        for kind, known in lists:
            if len(vals & known) >= max(3, 0.8 * len(vals)):
                d["kind"] = kind
                break


def _differences(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """A number that is the difference of two others of a measure by year on every item, as the
    data shows (`uniChange` = `uni2013` − `uni2015`): ``difference_of`` = [a, b] (x = a − b) — what
    "fell by more than 10", "the biggest drops" mean."""
    import re

    year = re.compile(r"(?<![0-9])(1[89][0-9]{2}|20[0-9]{2})(?![0-9])")
    nums = [d for d in described if d["type"] in ("integer", "real") and d["name"] not in ("item_id", "popularity")]
    fams: dict[str, list[str]] = {}
    for d in nums:
        if year.search(d["name"]):
            fams.setdefault(year.sub("#", d["name"]), []).append(d["name"])
    pairs = [(a, b) for names in fams.values() for a in names for b in names if a != b]
    if not pairs:
        return
    vals = {d["name"]: pd.to_numeric(items[d["name"]], errors="coerce") for d in nums}
    for d in nums:
        if year.search(d["name"]) or d.get("total_of"):
            continue
        x = vals[d["name"]]
        text = items[d["name"]].dropna().astype(str).head(50)
        dec = max((len(t.split(".")[1]) for t in text if "." in t), default=0)
        tol = 0.6 * 10 ** (-min(dec, 6)) if dec else 0.5
        for a, b in pairs:
            both = x.notna() & vals[a].notna() & vals[b].notna()
            if both.sum() >= 10 and float(((x[both] - (vals[a][both] - vals[b][both])).abs() <= tol).mean()) >= 0.95 \
                    and float((x[both] != 0).mean()) > 0.5:
                d["difference_of"] = [a, b]
                break


def _ratios(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """A fraction that is one number over another on every item, as the data shows (`Ratio` =
    `BackpackWeight` / `BodyWeight`): ``ratio_of`` = [a, b] — what "more than 15% of their body
    weight", "the biggest share of …" mean."""
    nums = [d for d in described if d["type"] in ("integer", "real") and d["name"] not in ("item_id", "popularity")]
    if len(nums) < 3 or len(items) < 10 or len(nums) > 40:
        return
    vals = {d["name"]: pd.to_numeric(items[d["name"]], errors="coerce") for d in nums}
    for d in nums:
        x = vals[d["name"]]
        if d["type"] != "real" or x.dropna().empty or float(x.min()) < 0 or float(x.max()) > 100:
            continue
        per = 1.0 if float(x.max()) <= 1.5 else 100.0  # a share as a fraction, or in percent (deaths / cases × 100)
        for a in nums:
            for b in nums:
                if len({a["name"], b["name"], d["name"]}) < 3:
                    continue
                both = x.notna() & vals[a["name"]].notna() & (vals[b["name"]] > 0)
                if both.sum() < 10:
                    continue
                head = both[both].index[:20]  # most pairs fail on a few rows: tried there first
                tol = 1e-3 if per == 1.0 else 0.051  # (percents written to one decimal)
                q = per * vals[a["name"]][head] / vals[b["name"]][head]
                if float(((q - x[head]).abs() <= 0.01 * q.abs() + tol).mean()) < 0.5:
                    continue
                q = per * vals[a["name"]][both] / vals[b["name"]][both]
                if float(((q - x[both]).abs() <= 0.01 * q.abs() + tol).mean()) >= 0.95 and float((x[both] > 0).mean()) > 0.5:
                    d["ratio_of"] = [a["name"], b["name"]]
                    if per == 100.0:
                        d["ratio_percent"] = True
                    break
            if "ratio_of" in d:
                break


def _elements(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """Number columns headed by a chemical element's symbol (`Al`, `Fe`, `Na`, written with its
    capital), where three or more are: ``element`` = the symbol; where the row sums of them all stay
    within 100, they are the shares of a whole in percent (``composition``: oxide weight %)."""
    from convrec.catalog.meaning import elements_data, source_header

    names = elements_data()["names"]
    found = []
    for d in described:
        header = source_header(d)
        if d["type"] in ("integer", "real") and header in names:
            found.append((d, header))
    if len(found) < 3:
        return
    total = sum(pd.to_numeric(items[d["name"]], errors="coerce").fillna(0).abs() for d, _ in found)
    composition = bool(len(total)) and float((total <= 100.5).mean()) >= 0.99 and float(total.max()) > 1
    for d, symbol in found:
        d["element"] = symbol
        if composition:
            d["composition"] = True


def _totals(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """A count that is the sum of two others on every item, as the data shows (`n` = `sober` +
    `drinks`): ``total_of`` = [a, b] — the whole that "10 men", "in all" say."""
    counts = [d for d in described if d["type"] == "integer" and d.get("min") is not None and d["min"] >= 0
              and d["name"] not in ("item_id", "popularity") and (d.get("distinct") or 0) >= 3]
    if len(counts) < 3 or len(items) < 10:
        return
    vals = {d["name"]: pd.to_numeric(items[d["name"]], errors="coerce") for d in counts}
    for d in counts:
        x = vals[d["name"]]
        others = [e["name"] for e in counts if e["name"] != d["name"]]
        for k, a in enumerate(others):
            for b in others[k + 1:]:
                both = x.notna() & vals[a].notna() & vals[b].notna()
                if both.sum() >= 10 and float((vals[a][both] + vals[b][both] == x[both]).mean()) >= 0.95 \
                        and float((vals[a][both] > 0).mean()) > 0.2 and float((vals[b][both] > 0).mean()) > 0.2:
                    d["total_of"] = [a, b]
                    break
            if "total_of" in d:
                break


_SPAN_UNITS = (("month", 30.436875, 1.01), ("d", 1.0, 1.01), ("wk", 7.0, 1.01), ("yr", 365.2425, 0.51))


def _date_columns(items: pd.DataFrame, described: list[dict[str, Any]]) -> dict[str, pd.Series]:
    """The text columns that hold dates, parsed."""
    dates = {}
    for d in described:
        if d["type"] not in ("text", "date") or d["name"] in ("item_id", "title"):
            continue
        if not holds_dates(items[d["name"]]):
            continue
        parsed = periods(items[d["name"]])[0]
        if parsed.notna().sum() >= 8:
            dates[d["name"]] = parsed
    return dates


def _date_parts(items: pd.DataFrame, described: list[dict[str, Any]], dates: dict[str, pd.Series]) -> None:
    """A small whole number that is the quarter or the month of a date of the same item, as the data
    shows (`peakq` 2 where `peak` is 1857-06-01): ``date_part`` = [date column, "quarter" | "month"]."""
    for d in described:
        if d["type"] not in ("integer", "real") or d.get("min") is None or d["min"] < 1 or d["max"] > 12:
            continue
        x = pd.to_numeric(items[d["name"]], errors="coerce")
        for name, parsed in dates.items():
            both = x.notna() & parsed.notna()
            if both.sum() < 12:
                continue
            for part, got in (("quarter", parsed.dt.quarter), ("month", parsed.dt.month)):
                if float((got[both] == x[both]).mean()) >= 0.7:  # NBER quarters: 76 % the quarter of the peak's month
                    d["date_part"] = [name, part]
                    break
            if "date_part" in d:
                break


def _spans_between_dates(items: pd.DataFrame, described: list[dict[str, Any]], dates: dict[str, pd.Series]) -> None:
    """A number that is the time between two dates of the same item, as the data shows (`p2t` 18
    where `peak` is 1857-06-01 and `trough` 1858-12-01: 18 months): ``spans`` = [from, to, unit]
    (the length of what runs from one date to the other), and the earlier date is where the item
    ``starts``, the later where it ``ends`` — for "lasted more than a year", "the longest", "began in
    August 1929", "when did it end"."""
    if len(dates) < 2:
        return
    for d in described:
        if d["type"] not in ("integer", "real") or d.get("min") is None or d["min"] < 0:
            continue
        x = pd.to_numeric(items[d["name"]], errors="coerce")
        if x.nunique() < 3:
            continue  # a length between two dates varies (not a column of zeros)
        found = None
        for a, da in dates.items():
            for b, db in dates.items():
                if a == b:
                    continue
                days = (db - da).dt.days
                both = x.notna() & days.notna()
                if both.sum() < 8 or float((days[both] >= 0).mean()) < 0.95 or float((days[both] > 0).mean()) < 0.5:
                    continue  # the later date after the earlier (the same day allowed: a wedding on the day of the licence)
                for unit, per, tol in _SPAN_UNITS:
                    if float((days[both] / per).std()) <= 2 * tol:
                        continue  # polls of a week each "span" 0 months: no length in that unit, whatever is near 0
                    if float(((days[both] / per - x[both]).abs() <= tol).mean()) >= 0.9:
                        found = [a, b, unit]
                        break
                if found:
                    break
            if found:
                break
        if found:
            d["spans"] = found
            for e in described:
                if e["name"] == found[0]:
                    e["starts"] = True
                elif e["name"] == found[1]:
                    e["ends"] = True
    for e in described:  # a date that starts one length and ends another (an application after a birth): neither
        if e.get("starts") and e.get("ends"):
            e.pop("starts")
            e.pop("ends")


def _durations_in_years(items: pd.DataFrame, described: list[dict[str, Any]]) -> None:
    """A count of years the data shows: beside a year column, a small whole number that never
    runs past the last year ("start_year" 1946 and "duration" 7, up to 2008) is a span in years
    (``in_years``), not minutes — a film's 1999 and 136 would run to 2135."""
    years = [d["name"] for d in described if d["type"] == "integer" and d.get("min") is not None
             and 1000 <= d["min"] and d["max"] <= 2100 and d["max"] - d["min"] >= 5]
    for d in described:
        if d["type"] != "integer" or d["name"] in years or d.get("min") is None or d["min"] < 0 \
                or not 2 <= d["max"] <= 200 or (d.get("distinct") or 0) < 3:
            continue
        x = pd.to_numeric(items[d["name"]], errors="coerce")
        for y in years:
            yv = pd.to_numeric(items[y], errors="coerce")
            both = x.notna() & yv.notna()
            if both.sum() >= 20 and float((yv[both] + x[both] <= yv.max() + 1).mean()) >= 0.99:
                d["in_years"] = True
                break


_MONEY_WORDS = {"pay", "salary", "wage", "wages", "income", "revenue", "cost", "costs", "price", "spend", "spending", "amount",
                "sales", "profit", "budget", "fee", "fees", "tax", "dollars", "dollar", "usd", "eur", "earnings", "compensation",
                "value", "worth", "expenditure", "expenses", "bill", "assets", "debt", "cash"}


def with_overall_score(items: pd.DataFrame, described: list[dict[str, Any]], fixed=()) -> list[dict[str, Any]]:
    """A catalog with no rating column whose number column is, on every item, the sum of three or more
    others (a coffee's `total_cup_points` = aroma + flavor + … , a decathlete's points): that column
    is its overall score — what "the best", "highest rated", "scored" mean. Its role becomes
    ``rating`` and ``sum_of`` names the parts, as the data shows."""
    if any(d.get("role") == "rating" for d in described) or len(items) < 20:
        return described  # (``fixed``: the columns whose role the user set)
    nums = [d for d in described if d["type"] in ("integer", "real") and d.get("role") not in ("id", "time", "count")
            and d["name"] not in ("item_id", "popularity") and d["name"] in items.columns]
    if len(nums) < 4:
        return described
    frame = items[[d["name"] for d in nums]].apply(pd.to_numeric, errors="coerce").dropna()
    if len(frame) < 20:
        return described
    frame = frame.sample(min(len(frame), 5000), random_state=0)  # (a sum holds on any rows: prepare stays fast)
    vals = frame.to_numpy(dtype=float)
    for k, d in enumerate(nums):
        y = vals[:, k]
        if np.std(y) == 0 or d["name"] in fixed or _MONEY_WORDS & set(name_words(d["name"])):
            continue  # (`total_pay` = cash + equity + other: money added up, no score)
        rest = np.delete(vals, k, axis=1)
        coef, *_ = np.linalg.lstsq(rest, y, rcond=None)
        ones = np.abs(coef - 1.0) < 0.02
        if ones.sum() < 3 or (np.abs(coef[~ones]) > 0.02).any():
            continue
        fitted = rest[:, ones].sum(axis=1)
        if float(np.mean(np.abs(fitted - y) <= 0.01 * np.abs(y) + 1e-9)) >= 0.95:
            names = [nums[j]["name"] for j in range(len(nums)) if j != k]
            d["role"] = "rating"
            d["sum_of"] = [names[j] for j in np.flatnonzero(ones)]
            break
    return described
