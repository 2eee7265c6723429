"""Build ../requests/byo-r4a-earthquakes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets (read the way a checker
reads items.csv: plain pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are
asserted against the file. A country includes the two-country values that name it ("Iran-Turkey" is in
Turkey and in Iran) and the source's misspelling "Chine" counts as China.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4a-earthquakes"
PREFIX = "eq"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 123 and list(df["id"]) == list(range(1, 124))
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
assert set(df["month"]) <= set(MONTHS)
mnum = df["month"].map({m: i + 1 for i, m in enumerate(MONTHS)})
REGIONS = sorted(df["region"].dropna().unique())
reg = df["region"].fillna("")
parts = reg.str.split("-")


def in_country(*names):
    return parts.apply(lambda p: any(n in p for n in names))


def values_for(*names):
    return sorted(r for r in REGIONS if any(n in r.split("-") for n in names))


NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "isn't", "aren't", "wasn't", "weren't"]
WHAT = ["earthquake", "Earthquake", "quake", "Quake", "seismic", "richter", "Richter", "magnitude", "Magnitude"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
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
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi, what's this about?"], {"reply_contains_any": WHAT})
add("greeting", ["hey can you help me look something up"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
assert values_for("Turkey") == ["Iran-Turkey", "Turkey"]
add("plain", ["earthquakes in turkey"], {"has_items": True, "text_in": {"region": values_for("Turkey")}},
    reg.str.contains("Turkey"), 5)
assert values_for("China", "Chine") == ["China", "Chine"]
add("plain", ["show me quakes in china"], {"has_items": True, "text_in": {"region": ["China", "Chine"]}},
    reg.str.startswith("Chin"), 5)
add("plain", ["japanese earthquakes"], {"has_items": True, "text_in": {"region": ["Japan"]}}, reg == "Japan", 5)
add("plain", ["magnitude 8 or more"], {"has_items": True, "num_range": {"richter": [8, None]}},
    df["richter"] >= 8.0, 5)

# ---- units (deaths are a head count; "100k" = 100,000) ----------------------------------------
big = df["deaths"] > 100_000
assert ids(big) == ["18", "21", "51", "73", "85"]
add("units", ["quakes that killed more than 100k people"],
    {"has_items": True, "num_range": {"deaths": [100001, None]}}, big)
few = df["deaths"] < 100
assert ids(few) == ["74", "101", "108", "112"]
add("units", ["ones with fewer than a hundred deaths"],
    {"has_items": True, "num_range": {"deaths": [None, 99]}}, few)

# ---- fact -----------------------------------------------------------------------------------
assert row(85)["area"] == "Tangshan" and row(85)["deaths"] == 255000
add("fact", ["how many people died in the tangshan earthquake?"], {"reply_number": 255000})
assert row(8)["area"] == "San Francisco" and row(8)["year"] == 1906 and row(8)["richter"] == 7.7
add("fact", ["what magnitude was the 1906 san francisco quake"], {"reply_number": 7.7})
assert (df["area"] == "Kobe").sum() == 1 and row(114)["year"] == 1995
add("fact", ["what year was the kobe earthquake"], {"reply_number": 1995})

# ---- count ----------------------------------------------------------------------------------
n70s = int(df["year"].between(1970, 1979).sum())
assert n70s == 19
add("count", ["how many earthquakes happened in the 1970s?"], {"reply_number": 19})
assert (reg == "United States").sum() == 8
add("count", ["how many were in the US"], {"reply_number": 8})
assert (df["month"] == "December").sum() == 12
add("count", ["how many hit in december"], {"reply_number": 12})

# ---- superlative ----------------------------------------------------------------------------
worst = df["deaths"] == df["deaths"].max()
assert ids(worst) == ["73"]
add("superlative", ["what was the deadliest earthquake"], {"has_items": True, "subset_of_ids": ["73"]}, worst)
top3 = df.nlargest(3, "richter", keep="all")
assert len(top3) == 3 and df["richter"].nlargest(4).iloc[3] < top3["richter"].min()
assert sorted(ids(df["id"].isin(top3["id"])), key=int) == ["6", "62", "65"]
add("superlative", ["the 3 strongest quakes"], {"has_items": True, "subset_of_ids": ["6", "62", "65"]},
    df["id"].isin(top3["id"]), 3)

# ---- ordinal (months are names; years are ordered) ---------------------------------------------
summer90s = mnum.between(6, 8) & df["year"].between(1990, 1999)
assert int(summer90s.sum()) == 7
add("ordinal", ["quakes in june through august during the 90s"],
    {"has_items": True, "text_in": {"month": ["June", "July", "August"]}, "num_range": {"year": [1990, 1999]}},
    summer90s)
early = df["year"] < 1910
assert int(early.sum()) == 12
add("ordinal", ["earthquakes before 1910"], {"has_items": True, "num_range": {"year": [None, 1909]}}, early)

# ---- negation -------------------------------------------------------------------------------
not_us = df["year"].between(1990, 1999) & df["region"].notna() & (reg != "United States")
add("negation", ["90s quakes outside the united states"],
    {"has_items": True, "text_in": {"region": [r for r in REGIONS if r != "United States"]},
     "num_range": {"year": [1990, 1999]}}, not_us, 5)
strong = (df["richter"] >= 7.5) & df["region"].notna() & ~in_country("China", "Chine", "Japan")
add("negation", ["7.5 or stronger but not in china or japan"],
    {"has_items": True, "text_in": {"region": [r for r in REGIONS if r not in ("China", "Chine", "Japan")]},
     "num_range": {"richter": [7.5, None]}}, strong, 5)

# ---- disjunction ----------------------------------------------------------------------------
pc = in_country("Peru", "Chile")
assert ids(pc) == ["9", "37", "48", "62", "73"]
add("disjunction", ["quakes in either peru or chile"], {"has_items": True, "text_in": {"region": ["Chile", "Peru"]}}, pc)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert values_for("Iran") == ["Iran", "Iran-Turkey"]
iran = in_country("Iran") & (df["year"] > 1970)
assert int(iran.sum()) == 8
add("follow_up", ["show me earthquakes in iran", "only the ones after 1970"],
    {"has_items": True, "text_in": {"region": values_for("Iran")}, "num_range": {"year": [1971, None]}}, iran)
thirties = df["year"].between(1930, 1939) & (df["deaths"] > 10_000)
assert ids(thirties) == ["34", "36", "37", "38"]
add("follow_up", ["quakes in the 1930s", "just the ones that killed over 10,000"],
    {"has_items": True, "num_range": {"year": [1930, 1939], "deaths": [10001, None]}}, thirties)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a magnitude 9 quake in japan"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (reg == "Japan") & (df["richter"] >= 9))

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["tell me about #85"], {"has_items": True, "subset_of_ids": ["85"]}, df["id"] == 85)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
