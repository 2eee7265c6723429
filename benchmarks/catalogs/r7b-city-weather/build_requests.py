"""Build ../requests/byo-r7b-city-weather.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers, dates read from `date`), and
the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. `precip` is text (`T` = trace); it is read as a number with `T` as not-a-number, so a
trace day never passes a numeric facet and is never in a numeric truth.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7b-city-weather"
PREFIX = "r7b-we"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3655 and list(df["id"]) == [str(i) for i in range(1, 3656)]
num = lambda c: pd.to_numeric(df[c], errors="coerce")      # numeric view; precip "T" -> NaN
HT, LT, P = num("high_temp"), num("low_temp"), num("precip")
CITY, DATE = df["city"], pd.to_datetime(df["date"], format="%Y-%m-%d")
EV = df["events"].fillna("")                               # blank = no event recorded
assert set(CITY) == {"Auckland", "Beijing", "Chicago", "Mumbai", "San Diego"}
assert (num("year") == DATE.dt.year).all() and (num("month") == DATE.dt.month).all()
assert set(df.loc[P.isna(), "precip"]) == {"T"}

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["weather", "Weather", "temperature", "Temperature", "rain", "Rain", "climate", "forecast",
        "cities", "city", "daily"]


def events_with(word, without=None):
    """Raw `events` values that mention `word` (and not `without`): the file lists events as 'Fog , Rain'."""
    vals = sorted(v for v in set(df["events"].dropna()) if word in v.split(" , "))
    if without:
        vals = [v for v in vals if without not in v.split(" , ")]
    return vals


def has(word):
    return EV.str.split(" , ").apply(lambda xs: word in xs)


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def day(city, date):
    r = df[(CITY == city) & (df["date"] == date)]
    assert len(r) == 1, (city, date)
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= df["id"].astype(str).isin(expect["subset_of_ids"])
    return m


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey what's this?"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can i ask you about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["snow days in beijing"],
    {"has_items": True, "text_in": {"city": ["Beijing"], "events": events_with("Snow")}},
    (CITY == "Beijing") & has("Snow"), 5)
add("plain", ["foggy days in san deigo"],
    {"has_items": True, "text_in": {"city": ["San Diego"], "events": events_with("Fog")}},
    (CITY == "San Diego") & has("Fog"), 5)
add("plain", ["thunderstorms in mumbai"],
    {"has_items": True, "text_in": {"city": ["Mumbai"], "events": events_with("Thunderstorm")}},
    (CITY == "Mumbai") & has("Thunderstorm"), 5)
add("plain", ["beijing weather for july 2017"],
    {"has_items": True, "text_in": {"city": ["Beijing"]}, "num_range": {"year": [2017, 2017], "month": [7, 7]}},
    (CITY == "Beijing") & (DATE.dt.year == 2017) & (DATE.dt.month == 7), 5)

# ---- units (temperatures in °F, precipitation in inches) ----------------------------------------
# warmer than 25 °C = high above 77 °F; temperatures are whole degrees
add("units", ["days in auckland warmer than 25°C"],
    {"has_items": True, "text_in": {"city": ["Auckland"]}, "num_range": {"high_temp": [78, None]}},
    (CITY == "Auckland") & ((HT - 32) * 5 / 9 > 25))
# more than 50 mm = more than 1.9685 in; precipitation has 2 decimals
assert not ((P > 50 / 25.4) & (P < 1.97)).any()
add("units", ["which days had more than 50mm of rain"],
    {"has_items": True, "num_range": {"precip": [1.97, None]}}, P * 25.4 > 50)

# ---- fact -----------------------------------------------------------------------------------
assert day("Chicago", "2017-12-25")["high_temp"] == "21"
add("fact", ["what was the high in chicago on christmas day 2017?"], {"reply_number": 21})
assert day("Mumbai", "2017-08-29")["precip"] == "12.68"
add("fact", ["how much rain did mumbai get on aug 29 2017"], {"reply_number": 12.68})
assert day("Beijing", "2017-02-01")["low_temp"] == "19"
add("fact", ["what was the low in beijing on feb 1st 2017"], {"reply_number": 19})

# ---- count ----------------------------------------------------------------------------------
assert ((CITY == "Chicago") & has("Snow")).sum() == 79
add("count", ["how many days did it snow in chicago"], {"reply_number": 79})
assert ((CITY == "San Diego") & (df["precip"] == "T")).sum() == 64
add("count", ["how many days in san diego had just a trace of rain?"], {"reply_number": 64})
assert ((CITY == "Auckland") & (DATE.dt.year == 2016)).sum() == 366
add("count", ["how many days of auckland weather are there for 2016"], {"reply_number": 366})

# ---- superlative ----------------------------------------------------------------------------
cl = LT[CITY == "Chicago"].nsmallest(3)
assert list(cl) == [-13, -7, -4] and cl.iloc[1] < cl.iloc[2]
COLD2 = ids(df.index.isin(cl.index[:2]))
add("superlative", ["the 2 coldest nights in chicago"],
    {"has_items": True, "subset_of_ids": COLD2}, df.index.isin(cl.index[:2]), 2)
sd = HT.where(CITY == "San Diego")
assert sd.max() == 101 and (sd == sd.max()).sum() == 1
add("superlative", ["what was the hottest day in san diego"],
    {"has_items": True, "subset_of_ids": ids(sd == sd.max())}, sd == sd.max())

# ---- ordinal (compared with a named day) -------------------------------------------------------
assert day("Chicago", "2016-07-04")["high_temp"] == "79"
add("ordinal", ["chicago days in july 2016 that were hotter than the 4th of july"],
    {"has_items": True, "text_in": {"city": ["Chicago"]},
     "num_range": {"year": [2016, 2016], "month": [7, 7], "high_temp": [80, None]}},
    (CITY == "Chicago") & (DATE.dt.year == 2016) & (DATE.dt.month == 7) & (HT > 79))
add("ordinal", ["days in beijing hotter than the hottest day in san diego"],
    {"has_items": True, "text_in": {"city": ["Beijing"]}, "num_range": {"high_temp": [102, None]}},
    (CITY == "Beijing") & (HT > sd.max()))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["rainy days in auckland without fog"],
    {"has_items": True, "text_in": {"city": ["Auckland"], "events": events_with("Rain", without="Fog")}},
    (CITY == "Auckland") & has("Rain") & ~has("Fog"))
add("negation", ["chicago days in january 2017 where it didn't drop below freezing"],
    {"has_items": True, "text_in": {"city": ["Chicago"]},
     "num_range": {"year": [2017, 2017], "month": [1, 1], "low_temp": [32, None]}},
    (CITY == "Chicago") & (DATE.dt.year == 2017) & (DATE.dt.month == 1) & ~(LT < 32))

# ---- disjunction ----------------------------------------------------------------------------
disj = has("Hail") | (HT > 100)
assert int(disj.sum()) == 19
add("disjunction", ["days with hail or highs over 100°F"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me rainy days in san diego", "only the ones in 2017"],
    {"has_items": True, "text_in": {"city": ["San Diego"], "events": events_with("Rain")},
     "num_range": {"year": [2017, 2017]}},
    (CITY == "San Diego") & has("Rain") & (DATE.dt.year == 2017), 5)
assert not ((P > 2) & (P < 2.01)).any()
add("follow_up", ["weather for mumbai", "just the 2016 monsoon, june to september", "days with over 2 inches of rain"],
    {"has_items": True, "text_in": {"city": ["Mumbai"]},
     "num_range": {"year": [2016, 2016], "month": [6, 9], "precip": [2.01, None]}},
    (CITY == "Mumbai") & (DATE >= "2016-06-01") & (DATE <= "2016-09-30") & (P > 2))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any days in san diego below freezing?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (CITY == "San Diego") & (LT < 32))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1338", ["city", "date"]].values.tolist() == [["Mumbai", "2017-08-29"]]
add("id_lookup", ["tell me about item 1338"], {"has_items": True, "subset_of_ids": ["1338"]}, df.id == "1338")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
