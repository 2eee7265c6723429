"""Build ../requests/byo-r25a-turnip-prices.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions from the user's words (a month or a year = the ISO dates that fall in
it, parsed with pd.to_datetime; "Sunday" / "Daisy Mae" = the 5:00 a.m. reading, which the script checks
falls on Sundays only; 24-hour "08:00" / "noon" = the `time` strings "8:00 a.m." / "12:00 p.m.";
"half a thousand" = 500), and the script asserts that the `expect` facets accept exactly those rows.
Dates are matched as raw strings (`text_in` lists every date of the month or year present in the file).
Counts and facts are asserted against the file. The 6 blank prices never pass a facet nor a truth.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25a-turnip-prices"
PREFIX = "r25a-tp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1429 and list(df["id"]) == [str(i) for i in range(1, 1430)]
assert list(df.columns) == ["id", "date", "time", "price"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRICE = num("price")
DATE = pd.to_datetime(df.date, format="%Y-%m-%d")
assert PRICE.isna().sum() == 6 and (PRICE.dropna() % 1 == 0).all()   # whole bells written "96.0"
assert set(df.time) == {"5:00 a.m.", "8:00 a.m.", "12:00 p.m."}
assert (DATE[df.time == "5:00 a.m."].dt.day_of_week == 6).all()        # the 5 a.m. reading is Sunday's
assert (DATE[df.time != "5:00 a.m."].dt.day_of_week != 6).all()        # and Sunday has no other reading
assert not df.duplicated(["date", "time"]).any()
SUN, AM, PM = df.time == "5:00 a.m.", df.time == "8:00 a.m.", df.time == "12:00 p.m."

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["turnip", "Turnip", "price", "Price", "bell", "Bell", "Animal Crossing", "stalk"]


def dates_in(year, month=None):
    """The raw date strings of the file that fall in the given year (and month)."""
    m = DATE.dt.year == year
    if month is not None:
        m &= DATE.dt.month == month
    return sorted(set(df.date[m]))


def reading(date, time):
    r = df[(df.date == date) & (df.time == time)]
    assert len(r) == 1, (date, time)
    return r.iloc[0]


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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can I ask you here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["prices over 300 bells"], {"has_items": True, "num_range": {"price": [301, None]}}, PRICE > 300, 5)
APR21 = dates_in(2021, 4)
add("plain", ["morning prices in April 2021"],
    {"has_items": True, "text_in": {"time": ["8:00 a.m."], "date": APR21}},
    AM & (DATE.dt.year == 2021) & (DATE.dt.month == 4), 5)
add("plain", ["afternoon prices between 100 and 150"],
    {"has_items": True, "text_in": {"time": ["12:00 p.m."]}, "num_range": {"price": [100, 150]}},
    PM & (PRICE >= 100) & (PRICE <= 150), 5)
add("plain", ["sunday buying prices under 95"],
    {"has_items": True, "text_in": {"time": ["5:00 a.m."]}, "num_range": {"price": [None, 94]}},
    (DATE.dt.day_of_week == 6) & (PRICE < 95), 5)

# ---- units (clock times written "8:00 a.m." / "12:00 p.m."; asked on a 24-hour clock or as "noon") -----
add("units", ["prices at 08:00 hrs over 200"],
    {"has_items": True, "text_in": {"time": ["8:00 a.m."]}, "num_range": {"price": [201, None]}},
    AM & (PRICE > 200))
add("units", ["what sold for more than half a thousand bells at noon?"],
    {"has_items": True, "text_in": {"time": ["12:00 p.m."]}, "num_range": {"price": [501, None]}},
    PM & (PRICE > 500))

# ---- fact -----------------------------------------------------------------------------------
assert reading("2021-04-12", "8:00 a.m.")["price"] == "92.0"
add("fact", ["what was the turnip price on the morning of 2021-04-12?"], {"reply_number": 92})
assert reading("2021-04-11", "5:00 a.m.")["price"] == "96.0"
add("fact", ["what did Daisy Mae charge on April 11, 2021?"], {"reply_number": 96})
assert reading("2021-12-25", "8:00 a.m.")["price"] == "45.0"
add("fact", ["price on christmas morning 2021?"], {"reply_number": 45})

# ---- count ----------------------------------------------------------------------------------
assert df.price.isna().sum() == 6
add("count", ["how many readings are missing a price"], {"reply_number": 6})
assert int((DATE.dt.day_of_week == 6).sum()) == SUN.sum() == df.date[DATE.dt.day_of_week == 6].nunique() == 110
add("count", ["how many Sundays are in the log?"], {"reply_number": 110})
assert int((PRICE > 400).sum()) == 14
add("count", ["how many times did the price go above 400?"], {"reply_number": 14})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(PRICE, 1)                                  # 541; next 533
assert PRICE[df.id.isin(best)].tolist() == [541]
add("superlative", ["highest price ever?"], {"has_items": True, "subset_of_ids": best}, df.id.isin(best), 1)
low5 = top_ids(PRICE, 5, largest=False)                   # 24, 27, 29, 32, 32; next 33
assert sorted(PRICE[df.id.isin(low5)]) == [24, 27, 29, 32, 32]
add("superlative", ["5 lowest prices"], {"has_items": True, "subset_of_ids": low5}, df.id.isin(low5), 5)

# ---- ordinal (compared with another reading / with the best of another year) ----------------------
first_sun = float(reading("2021-04-11", "5:00 a.m.")["price"])
assert first_sun == 96
add("ordinal", ["sunday prices higher than the one on 2021-04-11"],
    {"has_items": True, "text_in": {"time": ["5:00 a.m."]}, "num_range": {"price": [97, None]}},
    (DATE.dt.day_of_week == 6) & (PRICE > first_sun))
best21 = PRICE[DATE.dt.year == 2021].max()
assert best21 == 525
Y22 = dates_in(2022)
add("ordinal", ["any 2022 prices that beat the best price of 2021?"],
    {"has_items": True, "text_in": {"date": Y22}, "num_range": {"price": [526, None]}},
    (DATE.dt.year == 2022) & (PRICE > best21))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["prices above 250 that weren't at 8am"],
    {"has_items": True, "text_in": {"time": ["5:00 a.m.", "12:00 p.m."]}, "num_range": {"price": [251, None]}},
    (df.time != "8:00 a.m.") & (PRICE > 250))
MAY21 = dates_in(2021, 5)
add("negation", ["readings from may 2021 that are not under 100"],
    {"has_items": True, "text_in": {"date": MAY21}, "num_range": {"price": [100, None]}},
    (DATE.dt.year == 2021) & (DATE.dt.month == 5) & PRICE.notna() & ~(PRICE < 100))

# ---- disjunction ----------------------------------------------------------------------------
disj = (PRICE < 30) | (PRICE > 520)
assert 1 <= len(ids(disj)) <= 10
add("disjunction", ["prices under 30 or over 520"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
JUL22 = dates_in(2022, 7)
add("follow_up", ["prices in July 2022", "just the afternoon ones"],
    {"has_items": True, "text_in": {"date": JUL22, "time": ["12:00 p.m."]}},
    (DATE.dt.year == 2022) & (DATE.dt.month == 7) & PM)
add("follow_up", ["Sunday buy prices", "only 2022", "which of those were under 100?"],
    {"has_items": True, "text_in": {"time": ["5:00 a.m."], "date": Y22}, "num_range": {"price": [None, 99]}},
    (DATE.dt.day_of_week == 6) & (DATE.dt.year == 2022) & (PRICE < 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any price above 700 bells?"], {"no_items": True, "reply_contains_any": NO_REPLY}, PRICE > 700)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["tell me about item 1000"], {"has_items": True, "subset_of_ids": ["1000"]}, df.id == "1000")

finish()
