"""Build ../requests/byo-r19b-nyc-taxi-zones.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (median distance converted from miles to km where the user speaks km),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. `zone_id` is the NYC TLC zone number (2..263 with gaps), not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19b-nyc-taxi-zones"
PREFIX = "r19b-tx"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
MILE_KM = 1.609344

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 259 and list(df["id"]) == [str(i) for i in range(1, 260)]
assert list(df.columns) == ["id", "zone_id", "zone_name", "trips", "med_distance", "med_fare", "med_tip"]
assert df.notna().all().all()                             # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
TRIPS, MILES, FARE, TIP = num("trips"), num("med_distance"), num("med_fare"), num("med_tip")
assert df.zone_id.is_unique and (df.zone_name == "Corona").sum() == 2
assert (TRIPS % 1 == 0).all()                               # whole trip counts

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["zone", "Zone", "taxi", "Taxi", "cab", "neighborhood", "neighbourhood", "New York", "NYC", "trip"]


def zone(name):
    r = df[df["zone_name"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
# "under $13": fares have cents (and a few long float tails); the largest fare below 13 is 12.8
gap_empty("med_fare", 12.99, 13)
add("plain", ["zones where the typical fare is under $13"],
    {"has_items": True, "num_range": {"med_fare": [None, 12.99]}}, FARE < 13, 5)
add("plain", ["neighborhoods with a median tip of at least 2.50"],
    {"has_items": True, "num_range": {"med_tip": [2.5, None]}}, TIP >= 2.5, 5)
add("plain", ["which zones had more than a million trips?"],
    {"has_items": True, "num_range": {"trips": [1000001, None]}}, TRIPS > 1_000_000, 5)
add("plain", ["zones where the median ride is 5 to 8 miles and the fare is below 30 bucks"],
    {"has_items": True, "num_range": {"med_distance": [5, 8], "med_fare": [None, 29.99]}},
    (MILES >= 5) & (MILES <= 8) & (FARE < 30), 5)
gap_empty("med_fare", 29.99, 30)

# ---- units (med_distance is in miles; the header does not say so) --------------------------------
# longer than 20 km = longer than 12.43 miles; the smallest such median is 12.905
KM20 = 20 / MILE_KM
gap_empty("med_distance", KM20, 12.905)
add("units", ["zones where the median trip is longer than 20 km"],
    {"has_items": True, "num_range": {"med_distance": [12.905, None]}}, MILES * MILE_KM > 20)
# under 3 km = under 1.864 miles; 1.86 qualifies (2.99 km), 1.87 does not (3.01 km)
gap_empty("med_distance", 1.86, 3 / MILE_KM)
add("units", ["show me zones where rides are usually shorter than 3 kilometres"],
    {"has_items": True, "num_range": {"med_distance": [None, 1.86]}}, MILES * MILE_KM < 3)

# ---- fact -----------------------------------------------------------------------------------
assert zone("JFK Airport")["med_fare"] == "70.0"
add("fact", ["whats the median fare out of JFK?"], {"reply_number": 70})
assert zone("Central Park")["trips"] == "607795"
add("fact", ["how many trips does Central Park have"], {"reply_number": 607795})
r = df[df.zone_id == "199"]
assert len(r) == 1 and r.iloc[0]["zone_name"] == "Rikers Island"
add("fact", ["which zone has zone_id 199?"], {"reply_contains": "Rikers"})

# ---- count ----------------------------------------------------------------------------------
assert (df.med_tip == "0.0").sum() == 204 and (TIP == 0).sum() == 204
add("count", ["how many zones have a median tip of zero?"], {"reply_number": 204})
assert (df.zone_name.str.lower() == "corona").sum() == 2
add("count", ["how many zones are named Corona"], {"reply_number": 2})
assert (TRIPS < 100).sum() == 11
add("count", ["how many zones saw fewer than 100 trips?"], {"reply_number": 11})

# ---- superlative ----------------------------------------------------------------------------
busy3 = top_ids(TRIPS, 3)                                   # 2034449, 1969476, 1836394; next 1780099
assert sorted(TRIPS[df.id.isin(busy3)], reverse=True) == [2034449, 1969476, 1836394]
add("superlative", ["top 3 busiest zones"], {"has_items": True, "subset_of_ids": busy3}, df.id.isin(busy3), 3)
longest = top_ids(MILES, 1)
assert longest == ["43"] and df.loc[42, "zone_name"] == "Charleston/Tottenville"
add("superlative", ["where are the longest rides, going by median distance?"],
    {"has_items": True, "subset_of_ids": longest}, df.id.isin(longest), 1)

# ---- ordinal (compared with another zone) ---------------------------------------------------
lga = float(zone("LaGuardia Airport")["med_fare"])
assert lga == 42.9
gap_empty("med_fare", 42.9, 43.5)
add("ordinal", ["zones with a higher median fare than LaGuardia Airport"],
    {"has_items": True, "num_range": {"med_fare": [43.5, None]}}, FARE > lga)
rik = int(zone("Rikers Island")["trips"])
assert rik == 15
add("ordinal", ["zones with fewer trips then Rikers Island"],
    {"has_items": True, "num_range": {"trips": [None, 14]}}, TRIPS < rik)

# ---- negation -------------------------------------------------------------------------------
# "tip isn't zero": the smallest non-zero median tip is 1.0
gap_empty("med_tip", 0, 1.0)
gap_empty("med_fare", 13.99, 14)
add("negation", ["zones where the median tip isn't zero and the fare is under $14"],
    {"has_items": True, "num_range": {"med_tip": [1.0, None], "med_fare": [None, 13.99]}},
    ~(TIP == 0) & (FARE < 14))
add("negation", ["busy zones, 100k trips or more, where the typical fare is not above $20"],
    {"has_items": True, "num_range": {"trips": [100000, None], "med_fare": [None, 20]}},
    (TRIPS >= 100000) & ~(FARE > 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = (FARE > 60) | (MILES < 1.5)
assert ids(disj) == ["43", "89", "99", "128", "137", "203", "232", "233"]
add("disjunction", ["zones with either a median fare over $60 or a median trip under 1.5 miles"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("trips", 500000, 500001)
add("follow_up", ["zones with over 500k trips", "ok just the ones where the median tip is 2.60 or more"],
    {"has_items": True, "num_range": {"trips": [500001, None], "med_tip": [2.6, None]}},
    (TRIPS > 500000) & (TIP >= 2.6))
gap_empty("med_distance", 10, 10.03)
gap_empty("med_fare", 40, 40.1)
gap_empty("trips", 999, 1000)
add("follow_up", ["zones where the median trip is over 10 miles", "which of those have a median fare above $40?",
                  "and at least 1000 trips"],
    {"has_items": True, "num_range": {"med_distance": [10.03, None], "med_fare": [40.1, None], "trips": [1000, None]}},
    (MILES > 10) & (FARE > 40) & (TRIPS >= 1000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there any zone where the median fare is over $100?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, FARE > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "102", "zone_name"].item() == "Governor's Island/Ellis Island/Liberty Island"
assert df.loc[df.id == "102", "zone_id"].item() == "105"
add("id_lookup", ["tell me about item 102"], {"has_items": True, "subset_of_ids": ["102"]}, df.id == "102")

finish()
