"""Build ../requests/byo-r34b-trail-riders.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one day of laser counts on the Northampton rail trail (Florence, MA) in 2005. For every request
that must return items, `truth` is the set of rows that really answer it, computed here with plain pandas
expressions in the user's unit (temperatures in degrees Fahrenheit converted to Celsius, precipitation in
inches converted to centimetres, dates parsed from the raw `2005-04-05T00:00:00Z` strings), and the script
asserts that the `expect` facets accept exactly those rows. Date facets are `text_in` lists of the raw date
strings. "Weekend" means Saturday/Sunday (`day`); the source's `weekday` flag `N` also marks four holiday
Mondays, so it is not used for "weekend". Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34b-trail-riders"
PREFIX = "r34b-tr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 90 and list(df["id"]) == [str(i) for i in range(1, 91)]
assert list(df.columns) == ["id", "date", "day", "highT", "lowT", "hi", "lo", "precip", "clouds", "riders",
                            "ct", "weekday", "wday"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
HIGH, LOWT, RAIN, RIDERS = num("highT"), num("lowT"), num("precip"), num("riders")
DATE = pd.to_datetime(df["date"])
assert df.date.is_unique and df.notna().all().all() and set(df.weekday) == {"Y", "N"}
assert (df.hi == df.highT).all() and (df.lo == df.lowT).all() and (df.ct == df.riders).all() and (df.wday == df.weekday).all()
WEEKEND = ["Saturday", "Sunday"]
WORKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
assert set(df.day) == set(WEEKEND + WORKDAYS)
WHAT = ["trail", "Trail", "rider", "Rider", "rail", "Rail", "cyclist", "crossing", "walker"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col])
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= df["id"].astype(str).isin(expect["subset_of_ids"])
    return m


def gap_empty(col, lo, hi):
    """Assert no value of `col` lies strictly between lo and hi (the gap skipped by a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_ids(values, n, largest=True):
    """ids of the n rows with the largest (smallest) values; asserts the n-th and (n+1)-th values differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert len(s) > n and s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return sorted((str(df.loc[i, "id"]) for i in s.index[:n]), key=int)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25
    assert [r["kind"] for r in REQS if len(r["turns"]) == 3] == ["follow_up"]
    assert all(len(r["turns"]) == 1 for r in REQS if r["kind"] != "follow_up")
    assert all(len(r["turns"]) >= 2 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


def day_of(iso):
    r = df[DATE.dt.strftime("%Y-%m-%d") == iso]
    assert len(r) == 1, iso
    return r.iloc[0]


def dates(mask):
    return df.loc[mask, "date"].tolist()


C = lambda f: (f - 32) * 5 / 9                             # Fahrenheit -> Celsius

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of info do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("riders", 500, 501)
add("plain", ["weekend days with over 500 riders"],
    {"has_items": True, "text_in": {"day": WEEKEND}, "num_range": {"riders": [501, None]}},
    df.day.isin(WEEKEND) & (RIDERS > 500), 5)
gap_empty("precip", 0, 0.01)
add("plain", ["days that had rain"], {"has_items": True, "num_range": {"precip": [0.01, None]}}, RAIN > 0, 5)
add("plain", ["show me the mondays"], {"has_items": True, "text_in": {"day": ["Monday"]}}, df.day == "Monday", 5)
gap_empty("riders", 400, 401)
add("plain", ["days in May with more than 400 people on the trail"],
    {"has_items": True, "text_in": {"date": dates(DATE.dt.month == 5)}, "num_range": {"riders": [401, None]}},
    (DATE.dt.month == 5) & (RIDERS > 400), 5)

# ---- units (temperatures in F, rain in inches) --------------------------------------------------
gap_empty("highT", 86, 87)                                 # 30 C = 86 F; highs are whole degrees F
add("units", ["days hotter than 30°C"], {"has_items": True, "num_range": {"highT": [87, None]}}, C(HIGH) > 30)
gap_empty("precip", 1 / 2.54, 0.4)                         # 1 cm = 0.3937 in; rain in hundredths of an inch
add("units", ["days with more than 1 cm of rain"], {"has_items": True, "num_range": {"precip": [0.4, None]}},
    RAIN * 2.54 > 1)

# ---- fact -----------------------------------------------------------------------------------
assert day_of("2005-07-04")["riders"] == "535"
add("fact", ["how many riders were there on july 4th?"], {"reply_number": 535})
assert day_of("2005-06-25")["highT"] == "95"
add("fact", ["what was the high temp on 2005-06-25"], {"reply_number": 95})
assert day_of("2005-06-29")["precip"] == "1.49"
add("fact", ["how much rain fell on June 29"], {"reply_number": 1.49})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many days were counted?"], {"reply_number": 90})
assert (df.weekday == "N").sum() == 28
add("count", ["how many days are marked as weekend or holiday"], {"reply_number": 28})
assert (RAIN == 0).sum() == 61
add("count", ["how many days had no rain at all?"], {"reply_number": 61})

# ---- superlative ----------------------------------------------------------------------------
busy3 = top_ids(RIDERS, 3)                                  # 736, 650, 635; next is 629
assert sorted(RIDERS[df.id.isin(busy3)]) == [635, 650, 736]
add("superlative", ["busiest 3 days"], {"has_items": True, "subset_of_ids": busy3}, df.id.isin(busy3), 3)
cold = top_ids(LOWT, 1, largest=False)
assert cold == ["87"] and LOWT.min() == 19
add("superlative", ["which day had the coldest low?"], {"has_items": True, "subset_of_ids": cold}, df.id.isin(cold), 1)

# ---- ordinal --------------------------------------------------------------------------------
ref = int(day_of("2005-07-04")["riders"])
gap_empty("riders", 535, 536)
add("ordinal", ["days busier than the fourth of july"],
    {"has_items": True, "num_range": {"riders": [536, None]}}, RIDERS > ref)
wet2 = top_ids(RAIN, 2)                                     # 1.49, 1.44; next is 1.15
second = [i for i in wet2 if RAIN[df.id == i].item() == 1.44]
assert second == ["72"]
add("ordinal", ["the 2nd rainiest day"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["days that weren't saturdays or sundays with over 500 riders"],
    {"has_items": True, "text_in": {"day": WORKDAYS}, "num_range": {"riders": [501, None]}},
    ~df.day.isin(WEEKEND) & (RIDERS > 500))
add("negation", ["dry days that didn't go above 80F"],
    {"has_items": True, "num_range": {"precip": [None, 0], "highT": [None, 80]}}, (RAIN == 0) & ~(HIGH > 80))

# ---- disjunction ----------------------------------------------------------------------------
disj = (HIGH < 45) | (HIGH > 95)
assert ids(disj) == ["77", "86", "90"]
add("disjunction", ["days with a high under 45 or over 95 degrees F"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("riders", 450, 451)
add("follow_up", ["days in june", "which of them had over 450 riders?"],
    {"has_items": True, "text_in": {"date": dates(DATE.dt.month == 6)}, "num_range": {"riders": [451, None]}},
    (DATE.dt.month == 6) & (RIDERS > 450))
add("follow_up", ["dry days", "with a high of at least 75", "only weekends"],
    {"has_items": True, "num_range": {"precip": [None, 0], "highT": [75, None]}, "text_in": {"day": WEEKEND}},
    (RAIN == 0) & (HIGH >= 75) & df.day.isin(WEEKEND))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any days with more than 1000 riders?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, RIDERS > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "52", "date"].item() == "2005-05-30T00:00:00Z"
add("id_lookup", ["tell me about item 52"], {"has_items": True, "subset_of_ids": ["52"]}, df.id == "52")

finish()
