"""Build ../requests/byo-r29b-mass-traffic-sites.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (average speeds converted from mph to km/h, x 1.609344), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`site_id` is the count station's own code, not the row `id`; sites are only ever asked by codes that cannot
be row ids (over 874 or not numeric). Blank crash counts never pass a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29b-mass-traffic-sites"
PREFIX = "r29b-mt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
MPH_KMH = 1.609344

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 874 and list(df["id"]) == [str(i) for i in range(1, 875)]
assert list(df.columns) == ["id", "site_id", "county", "community", "rural_urban", "dir", "functional_class",
                            "avg_speed", "total_volume", "crashes", "nonfatal_injuries", "fatal_injuries"]
assert df.site_id.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SPEED, VOLUME, CRASHES, FATAL = num("avg_speed"), num("total_volume"), num("crashes"), num("fatal_injuries")
KMH = SPEED * MPH_KMH
COUNTIES = sorted(df.county.unique())
assert len(COUNTIES) == 13 and df.county.notna().all()
assert df.rural_urban.isna().sum() == 2 and set(df.rural_urban.dropna()) == {"U", "R"}
assert CRASHES.isna().sum() == 630 and CRASHES.min() == 1 and (CRASHES.dropna() % 1 == 0).all()
ASKED = ["RPA02-190-0008", "4172", "6298", "6050", "5087"]           # site codes named in requests
assert all(not s.isdigit() or int(s) > len(df) for s in ASKED)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["traffic", "Traffic", "road", "Road", "site", "Site", "crash", "Crash", "Massachusetts", "speed", "count"]


def site(code):
    r = df[df["site_id"] == str(code)]
    assert len(r) == 1, code
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


def gap_empty(col, lo, hi):
    """Assert no value of `col` lies strictly between lo and hi (the gap skipped by a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["interstate sites in essex county"],
    {"has_items": True, "text_in": {"functional_class": ["Interstate"], "county": ["essex"]}},
    (df.functional_class == "Interstate") & (df.county == "essex"), 5)
add("plain", ["rural count sites in Franklin County"],
    {"has_items": True, "text_in": {"rural_urban": ["R"], "county": ["franklin"]}},
    (df.rural_urban == "R") & (df.county == "franklin"), 5)
add("plain", ["ramps in bristol"], {"has_items": True, "text_in": {"dir": ["RAMP"], "county": ["bristol"]}},
    (df.dir == "RAMP") & (df.county == "bristol"), 5)
add("plain", ["locations with 5 or more crahses"], {"has_items": True, "num_range": {"crashes": [5, None]}},
    CRASHES >= 5, 5)

# ---- units (avg_speed is in mph, the header says nothing; asked in km/h) ---------------------------
assert abs(110 / MPH_KMH - 68.3508) < 1e-4
gap_empty("avg_speed", 110 / MPH_KMH, 68.351)
add("units", ["where does traffic average over 110 km/h?"],
    {"has_items": True, "num_range": {"avg_speed": [68.351, None]}}, KMH > 110)
assert abs(40 / MPH_KMH - 24.8548) < 1e-4
gap_empty("avg_speed", 24.854, 40 / MPH_KMH)
add("units", ["local roads where the average speed is under 40 km/h"],
    {"has_items": True, "text_in": {"functional_class": ["Local Road"]}, "num_range": {"avg_speed": [None, 24.854]}},
    (df.functional_class == "Local Road") & (KMH < 40))

# ---- fact (asked by the station's site_id) ---------------------------------------------------------
assert site("RPA02-190-0008")["community"] == "monroe"
add("fact", ["what town is site RPA02-190-0008 in?"], {"reply_contains_any": ["monroe", "Monroe", "MONROE"]})
assert site("4172")["total_volume"] == "9885277.0"
add("fact", ["how many vehicles were counted at site 4172"], {"reply_number": 9885277})
assert site("6298")["crashes"] == "41.0"
add("fact", ["number of crashes at site 6298?"], {"reply_number": 41})

# ---- count ----------------------------------------------------------------------------------
assert (df.county == "dukes").sum() == 6
add("count", ["how many sites are in dukes county?"], {"reply_number": 6})
assert (df.dir == "RAMP").sum() == 161
add("count", ["how many of the sites are ramps"], {"reply_number": 161})
assert CRASHES.notna().sum() == 244 and (CRASHES >= 1).sum() == 244
add("count", ["how many sites had at least one crash?"], {"reply_number": 244})

# ---- superlative ----------------------------------------------------------------------------
busiest = top_ids(VOLUME, 3)                               # 49.5M, 46.7M, 44.5M; next is 44.4M
assert sorted(VOLUME[df.id.isin(busiest)]) == [44521821.0, 46741019.0, 49527478.0]
add("superlative", ["the 3 busiest sites by traffic volume"], {"has_items": True, "subset_of_ids": busiest},
    df.id.isin(busiest), 3)
slowest = top_ids(SPEED, 1, largest=False)
assert round(SPEED[df.id.isin(slowest)].item(), 4) == 9.5349
add("superlative", ["which site has the slowest average speed"], {"has_items": True, "subset_of_ids": slowest},
    df.id.isin(slowest), 1)

# ---- ordinal (compared with another site) ------------------------------------------------------
assert site("6050")["crashes"] == "34.0"
add("ordinal", ["sites with more crashes than site 6050"],
    {"has_items": True, "num_range": {"crashes": [35, None]}}, CRASHES > float(site("6050")["crashes"]))
assert site("5087")["avg_speed"] == "73.05971736"
gap_empty("avg_speed", 73.05971736, 73.0598)
add("ordinal", ["interstates faster than site 5087"],
    {"has_items": True, "text_in": {"functional_class": ["Interstate"]}, "num_range": {"avg_speed": [73.0598, None]}},
    (df.functional_class == "Interstate") & (SPEED > float(site("5087")["avg_speed"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["sites outside essex county with more than 20 crashes"],
    {"has_items": True, "text_in": {"county": [c for c in COUNTIES if c != "essex"]}, "num_range": {"crashes": [21, None]}},
    (df.county != "essex") & (CRASHES > 20))
add("negation", ["which sites aren't urban?"], {"has_items": True, "text_in": {"rural_urban": ["R"]}},
    df.rural_urban.notna() & (df.rural_urban != "U"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["sites in dukes or suffolk county"], {"has_items": True, "text_in": {"county": ["dukes", "suffolk"]}},
    df.county.isin(["dukes", "suffolk"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["interstate sites", "only in worcester county"],
    {"has_items": True, "text_in": {"functional_class": ["Interstate"], "county": ["worcester"]}},
    (df.functional_class == "Interstate") & (df.county == "worcester"))
add("follow_up", ["sites in bristol county", "just the arterials", "which of those had 10 or more crashes"],
    {"has_items": True, "text_in": {"county": ["bristol"], "functional_class": ["Arterial"]},
     "num_range": {"crashes": [10, None]}},
    (df.county == "bristol") & (df.functional_class == "Arterial") & (CRASHES >= 10))

# ---- impossible -----------------------------------------------------------------------------
assert FATAL.max() == 0
add("impossible", ["any sites with a fatal crash?"], {"no_items": True, "reply_contains_any": NO_REPLY}, FATAL > 0)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", "site_id"].item() == "7062"
add("id_lookup", ["tell me about item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
