"""Build ../requests/byo-r5b-house-races.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with plain pandas expressions (money converted from the file's thousands of dollars, the spending ratio
expendA / expendB derived on the numbers), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5b-house-races"
PREFIX = "r5b-hr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 173 and list(df["id"]) == [str(i) for i in range(1, 174)]
num = lambda c: pd.to_numeric(df[c])
VA, EA, EB, PS, DIST = num("voteA"), num("expendA"), num("expendB"), num("prtystrA"), num("district")
DOLLARS_A, DOLLARS_B = EA * 1000, EB * 1000                # expendA / expendB are in thousands of dollars
RATIO = EA / EB                                            # derived: how many times B's spending A spent
assert ((num("shareA") - 100 * EA / (EA + EB)).abs() < 1e-3).all()   # shareA is the source's own share
assert set(df.democA) == {"0", "1"}
assert not df.isna().any().any()                           # this table has no blanks

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["election", "race", "district", "candidate", "House", "house", "congress", "Congress", "vote", "campaign"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def race(state, district):
    r = df[(df.state == state) & (df.district == str(district))]
    assert len(r) == 1, (state, district)
    return r.iloc[0]


def others(col, *excluded):
    vals = set(df[col].dropna())
    assert all(e in vals for e in excluded), excluded
    return sorted(vals - set(excluded))


def no_gap(v, lo, hi):
    """no value lies strictly between lo and hi (so an inclusive bound equals a strict one)"""
    assert not ((v > lo) & (v < hi)).any(), (lo, hi)


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
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what kind of stuff do you have"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["races in california"],
    {"has_items": True, "text_in": {"state": ["CA"]}}, df.state == "CA", 5)
add("plain", ["show me the new york districts"],
    {"has_items": True, "text_in": {"state": ["NY"]}}, df.state == "NY", 5)
add("plain", ["close races where candidate a got between 45 and 55 percent"],
    {"has_items": True, "num_range": {"voteA": [45, 55]}}, VA.between(45, 55), 5)
add("plain", ["races where the democrat is candidate A in michigan"],
    {"has_items": True, "text_in": {"state": ["MI"], "democA": ["1"]}}, (df.state == "MI") & (df.democA == "1"), 5)

# ---- units (money is in thousands of dollars) ----------------------------------------------
no_gap(EA, 1000, 1000.0001)
add("units", ["where did candidate A spend more than a million dollars"],
    {"has_items": True, "num_range": {"expendA": [1000.0001, None]}}, DOLLARS_A > 1_000_000)
no_gap(EB, 9.9999, 10)
add("units", ["races where B spent under 10 grand"],
    {"has_items": True, "num_range": {"expendB": [None, 9.9999]}}, DOLLARS_B < 10_000)

# ---- fact -----------------------------------------------------------------------------------
assert race("NY", 17)["voteA"] == "16"
add("fact", ["what % of the vote did A get in new york district 17"], {"reply_number": 16})
assert race("AK", 1)["prtystrA"] == "60"
add("fact", ["in the alaska race what was the presidential vote % for A's party"], {"reply_number": 60})
assert (df.state == "DE").sum() == 1 and race("DE", 1)["voteA"] == "68"
add("fact", ["how did candidate a do in delaware, what percent"], {"reply_number": 68})

# ---- count ----------------------------------------------------------------------------------
assert (df.state == "CA").sum() == 19
add("count", ["how many races are from california"], {"reply_number": 19})
assert (df.democA == "1").sum() == 96
add("count", ["in how many races is candidate A a democrat?"], {"reply_number": 96})
assert (VA < 30).sum() == 24
add("count", ["how many times did A get under 30 percent"], {"reply_number": 24})

# ---- superlative ----------------------------------------------------------------------------
top = EA.nlargest(4)
assert top.iloc[2] > top.iloc[3]
big = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(big) == ["13", "15", "101"]                     # CA-12, CA-19, NE-2
add("superlative", ["top 3 races by how much candidate A spent"],
    {"has_items": True, "subset_of_ids": ["13", "15", "101"]}, big, 3)
assert VA.max() == 84 and (VA == 84).sum() == 1
add("superlative", ["biggest landslide for candidate a"], {"has_items": True, "subset_of_ids": ["74"]}, VA == VA.max())

# ---- ordinal (compared with a named race) ----------------------------------------------------
ne2 = float(race("NE", 2)["expendA"])
no_gap(EA, ne2, 1158.3)
add("ordinal", ["races where A spent more than A did in nebraska district 2"],
    {"has_items": True, "num_range": {"expendA": [1158.3, None]}}, EA > ne2)
ca40 = int(race("CA", 40)["voteA"])
assert ca40 == 67
add("ordinal", ["where did A get a bigger share of the vote than in CA-40"],
    {"has_items": True, "num_range": {"voteA": [68, None]}}, VA > ca40, 5)

# ---- negation -------------------------------------------------------------------------------
no_gap(EA, 500, 500.0001)
add("negation", ["races outside california where A spent over 500k"],
    {"has_items": True, "text_in": {"state": others("state", "CA")}, "num_range": {"expendA": [500.0001, None]}},
    (df.state != "CA") & (DOLLARS_A > 500_000), 5)
add("negation", ["california races where A is not a democrat"],
    {"has_items": True, "text_in": {"state": ["CA"], "democA": ["0"]}}, (df.state == "CA") & (df.democA != "1"))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.state.isin(["NV", "UT"])
assert ids(disj) == ["102", "159", "160"]
add("disjunction", ["races in nevada or utah"], {"has_items": True, "subset_of_ids": ["102", "159", "160"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["texas races", "just the ones where A is a dem"],
    {"has_items": True, "text_in": {"state": ["TX"], "democA": ["1"]}}, (df.state == "TX") & (df.democA == "1"))
lopsided = (RATIO >= 10) & (df.state == "CA")
LOP = ids(lopsided)
assert LOP == ["8", "9", "11", "17", "18", "20", "24", "25"], LOP
add("follow_up", ["races where A outspent B at least 10 to 1", "only in california"],
    {"has_items": True, "text_in": {"state": ["CA"]}, "subset_of_ids": LOP}, lopsided)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a race where candidate A got over 90 percent"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, VA > 90)

# ---- id_lookup ------------------------------------------------------------------------------
assert (df.loc[df.id == "112", ["state", "district"]].values.tolist() == [["NY", "17"]])
add("id_lookup", ["pull up item 112 please"], {"has_items": True, "subset_of_ids": ["112"]}, df.id == "112")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
