"""Build ../requests/byo-r16a-mississippi-levees.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (widths converted from metres to the user's feet or miles, coded
columns read through the documented codes: Meander 1 = inside bend, 2 = outside bend, 3 = chute,
4 = straight; LandCover 1 = open water, 2 = grassy, 3 = agricultural, 4 = forest; 0/1 flags), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against
the file. A site has no name: it is known by its river mile (asserted unique for the miles asked about).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16a-mississippi-levees"
PREFIX = "r16a-lv"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 82 and list(df["id"]) == [str(i) for i in range(1, 83)]
assert list(df.columns) == ["id", "Failure", "Year", "RiverMile", "Sediments", "BorrowPit", "Meander", "ChannelWidth",
                            "FloodwayWidth", "ConstrictionFactor", "LandCover", "VegWidth", "Sinuosity", "Dredging",
                            "Revetement"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
FAIL, YEAR, MILE, CW, FW, VW, SIN = (num(c) for c in ["Failure", "Year", "RiverMile", "ChannelWidth", "FloodwayWidth",
                                                       "VegWidth", "Sinuosity"])
MEANDER = num("Meander").map({1: "inside bend", 2: "outside bend", 3: "chute", 4: "straight"})
COVER = num("LandCover").map({1: "open water", 2: "grassy", 3: "agricultural", 4: "forest"})
BORROW, REVET = num("BorrowPit"), num("Revetement")
assert MEANDER.notna().all() and COVER.notna().all()
for c in ["Failure", "Sediments", "BorrowPit", "Revetement"]:
    assert set(df[c]) == {"0", "1"}, c
assert set(df.Year) == {"1890", "1910", "1937"} and set(df.Meander) == set("1234") and set(df.LandCover) == set("1234")
FT_PER_M, M_PER_MILE = 3.28084, 1609.344
WHAT = ["levee", "Levee", "river", "River", "Mississippi", "flood", "Flood", "site"]


def at_mile(mile):
    r = df[MILE == mile]
    assert len(r) == 1, mile
    return r.iloc[0]

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

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what kind of stuff can you tell me from this?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["levees that failed in 1937"],
    {"has_items": True, "text_in": {"Failure": ["1"], "Year": ["1937"]}}, (FAIL == 1) & (YEAR == 1937), 5)
add("plain", ["sites on a straight streach of the river"],
    {"has_items": True, "text_in": {"Meander": ["4"]}}, MEANDER == "straight", 5)
add("plain", ["forested sites with a borrow pit"],
    {"has_items": True, "text_in": {"LandCover": ["4"], "BorrowPit": ["1"]}}, (COVER == "forest") & (BORROW == 1), 5)
add("plain", ["levee sites where the channel is between 1500 and 2000 m wide"],
    {"has_items": True, "num_range": {"ChannelWidth": [1500, 2000]}}, (CW >= 1500) & (CW <= 2000), 5)

# ---- units (widths are in metres) -------------------------------------------------------------
assert abs(10000 / FT_PER_M - 3048.0) < 0.001
gap_empty("ChannelWidth", 10000 / FT_PER_M, 3048.01)
add("units", ["show me spots where the river channel is wider than 10,000 feet"],
    {"has_items": True, "num_range": {"ChannelWidth": [3048.01, None]}}, CW * FT_PER_M > 10000)
gap_empty("FloodwayWidth", 3218.68, 2 * M_PER_MILE)
add("units", ["floodway narower than 2 miles"],
    {"has_items": True, "num_range": {"FloodwayWidth": [None, 3218.68]}}, FW / M_PER_MILE < 2)

# ---- fact (a site asked by its river mile, asserted unique) -----------------------------------
assert at_mile(952)["ChannelWidth"] == "998.33"
add("fact", ["how wide is the channel at river mile 952?"], {"reply_number": 998.33})
assert at_mile(716)["Year"] == "1937" and at_mile(716)["Failure"] == "1"
add("fact", ["what year did the levee at mile 716 fail"], {"reply_number": 1937})
assert at_mile(933.48)["FloodwayWidth"] == "8524.1"
add("fact", ["floodway width at river mile 933.48?"], {"reply_number": 8524.1})

# ---- count ----------------------------------------------------------------------------------
assert (FAIL == 1).sum() == 41
add("count", ["how many of these levees actually failed?"], {"reply_number": 41})
assert (REVET == 1).sum() == 2
add("count", ["how many sites had a stone revetment?"], {"reply_number": 2})
assert (YEAR == 1910).sum() == 30
add("count", ["how many sites are from the 1910 flood"], {"reply_number": 30})

# ---- superlative ----------------------------------------------------------------------------
widest_fw = top_ids(FW, 1)
assert widest_fw == ["79"] and FW.max() == 9435.9
add("superlative", ["which site has the widest floodway"],
    {"has_items": True, "subset_of_ids": widest_fw}, df.id.isin(widest_fw), 1)
curvy3 = top_ids(SIN, 3)                                    # 2.9621, 2.7805, 2.5348; next 2.37
assert sorted(SIN[df.id.isin(curvy3)]) == [2.5348, 2.7805, 2.9621]
add("superlative", ["top 3 most sinuous (windiest) stretches"],
    {"has_items": True, "subset_of_ids": curvy3}, df.id.isin(curvy3), 3)

# ---- ordinal --------------------------------------------------------------------------------
ref = at_mile(952)
gap_empty("ChannelWidth", 998.32, 998.33)
add("ordinal", ["sites with a narrower channel than the one at mile 952"],
    {"has_items": True, "num_range": {"ChannelWidth": [None, 998.32]}}, CW < float(ref["ChannelWidth"]), 5)
cws = CW.sort_values(ascending=False, kind="mergesort")
assert cws.iloc[0] != cws.iloc[1] != cws.iloc[2]
sec = [str(df.loc[cws.index[1], "id"])]
assert sec == ["74"] and cws.iloc[1] == 3994.31
add("ordinal", ["the 2nd widest river channel"], {"has_items": True, "subset_of_ids": sec}, df.id.isin(sec), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["sites that aren't on a chute"],
    {"has_items": True, "text_in": {"Meander": ["1", "2", "4"]}}, MEANDER != "chute")
add("negation", ["levees that held, not on forest land"],
    {"has_items": True, "text_in": {"Failure": ["0"], "LandCover": ["1", "2", "3"]}}, (FAIL == 0) & (COVER != "forest"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (REVET == 1) | (VW / 1000 > 5)
dis_ids = ids(disj)
assert dis_ids == ["22", "23", "55", "62", "63", "64", "78"], dis_ids
add("disjunction", ["sites with a revetment or more than 5 km of vegetation buffer"],
    {"has_items": True, "subset_of_ids": dis_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the levees that held in 1937", "just the ones on an outside bend"],
    {"has_items": True, "text_in": {"Failure": ["0"], "Year": ["1937"], "Meander": ["2"]}},
    (FAIL == 0) & (YEAR == 1937) & (MEANDER == "outside bend"))
add("follow_up", ["levee failures please", "just the 1910 flood", "and on farmland"],
    {"has_items": True, "text_in": {"Failure": ["1"], "Year": ["1910"], "LandCover": ["3"]}},
    (FAIL == 1) & (YEAR == 1910) & (COVER == "agricultural"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any failures from the 1927 flood?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (FAIL == 1) & (YEAR == 1927))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "RiverMile"].item() == "761.0"
add("id_lookup", ["tell me about item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
