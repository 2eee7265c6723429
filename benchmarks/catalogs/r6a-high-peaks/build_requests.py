"""Build ../requests/byo-r6a-high-peaks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's units (metres, km, hours), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Units of the file (Stat2Data documentation): Elevation and Ascent in feet, Length in miles, Time in hours;
Difficulty 1 (easy) .. 7 (most difficult). Every `Peak` value ends with a space (as in the source).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6a-high-peaks"
PREFIX = "r6a-hp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 46 and list(df["id"]) == [str(i) for i in range(1, 47)]
assert df.notna().all().all()                             # no blanks in this table
num = lambda c: pd.to_numeric(df[c])
ELEV, DIFF, ASC, LEN, TIME = num("Elevation"), num("Difficulty"), num("Ascent"), num("Length"), num("Time")
NAMEK = df["Peak"].str.strip()                            # name without the trailing space, for look-ups


def row(name):
    r = df[NAMEK == name]
    assert len(r) == 1, name
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "aren't any", "isn't any", "There are no", "there are no"]


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


def add(kind, turns, expect, truth=None, min_rows=1, exact_n=None):
    """Record a request; for item requests assert the facets accept exactly the true rows."""
    if expect.get("has_items"):
        assert truth is not None, turns
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        if exact_n is not None:
            assert n == exact_n, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, ids(acc), ids(truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def gap_empty(values, lo, hi):
    """Assert no value lies strictly between lo and hi (the gap a strict bound skips)."""
    v = values.dropna()
    assert not ((v > lo) & (v < hi)).any(), (lo, hi)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert any(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"all assertions OK; wrote {len(REQS)} requests to {OUT}")

WHAT = ["peak", "Peak", "mountain", "Mountain", "hike", "Hike", "hiking", "trail", "Adirondack", "summit"]

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey! what kind of stuff do you have in here?"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what can you help me with"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["peaks over 4800 feet"],
    {"has_items": True, "num_range": {"Elevation": [4801, None]}}, ELEV > 4800, 5)
gap_empty(LEN, 7.9, 8)
add("plain", ["short hikes please, under 8 miles round trip"],
    {"has_items": True, "num_range": {"Length": [None, 7.9]}}, LEN < 8, 5)
add("plain", ["which hikes can i do in 8 hours or less"],
    {"has_items": True, "num_range": {"Time": [None, 8]}}, TIME <= 8, 5)
add("plain", ["trails with less than 2500 ft of climbing"],
    {"has_items": True, "num_range": {"Ascent": [None, 2499]}}, ASC < 2500, 5)

# ---- units (file: feet and miles) -------------------------------------------------------------
# "higher than 1500 metres": Elevation * 0.3048 > 1500  <=>  Elevation > 4921.26 ft; elevations are whole feet
gap_empty(ELEV, 1500 / 0.3048, 4922)
add("units", ["any peaks higher than 1500 meters?"],
    {"has_items": True, "num_range": {"Elevation": [4922, None]}}, ELEV * 0.3048 > 1500)
# "shorter than 15 km": Length * 1.609344 < 15  <=>  Length < 9.3206 mi; lengths have one decimal
gap_empty(LEN, 9.3, 15 / 1.609344)
add("units", ["hikes shorter than 15 km"],
    {"has_items": True, "num_range": {"Length": [None, 9.3]}}, LEN * 1.609344 < 15)

# ---- fact -----------------------------------------------------------------------------------
assert row("Mt. Marcy")["Elevation"] == "5344"
add("fact", ["how tall is mount marcy?"], {"reply_number": 5344})
assert row("Santanoni Peak")["Length"] == "11.4"
add("fact", ["how many miles is the santanoni hike"], {"reply_number": 11.4})
assert row("Nippletop")["Ascent"] == "4050"
add("fact", ["how much elevation gain is there on nippletop?"], {"reply_number": 4050})

# ---- count ----------------------------------------------------------------------------------
n7 = int((DIFF == 7).sum())
assert n7 == 8
add("count", ["how many of the hikes are rated 7 for difficulty"], {"reply_number": n7})
n_low = int((ELEV < 4000).sum())
assert n_low == 4
add("count", ["how many of these peaks are actually under 4000 ft?"], {"reply_number": n_low})
n_long = int((TIME >= 10).sum())
add("count", ["how many hikes take 10 hours or more"], {"reply_number": n_long})

# ---- superlative ----------------------------------------------------------------------------
top = LEN.nlargest(4)
assert top.iloc[2] > top.iloc[3]
top3 = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(top3) == ["3", "4", "40"]                     # Haystack 17.8, Skylight 17.9, Emmons 18.0
add("superlative", ["what are the 3 longest hikes?"],
    {"has_items": True, "subset_of_ids": ids(top3)}, top3, exact_n=3)
easiest = DIFF == DIFF.min()
assert ids(easiest) == ["36"] and NAMEK[35] == "Cascade Mtn."
add("superlative", ["what's the easiest one"],
    {"has_items": True, "subset_of_ids": ["36"]}, easiest, exact_n=1)

# ---- ordinal (difficulty 1..7) -----------------------------------------------------------------
add("ordinal", ["the tough ones - difficulty 6 or harder"],
    {"has_items": True, "num_range": {"Difficulty": [6, None]}}, DIFF >= 6)
basin = int(row("Basin Mtn.")["Difficulty"])
assert basin == 6
add("ordinal", ["something easier than basin mountain"],
    {"has_items": True, "num_range": {"Difficulty": [None, 5]}}, DIFF < basin)

# ---- negation -------------------------------------------------------------------------------
gap_empty(LEN, 15, 15.1)
add("negation", ["hikes over 15 miles that aren't rated a 7"],
    {"has_items": True, "num_range": {"Length": [15.1, None], "Difficulty": [None, 6]}},
    (LEN > 15) & ~(DIFF == 7))
add("negation", ["hard hikes (6 or 7) that don't take more than 11 hours"],
    {"has_items": True, "num_range": {"Difficulty": [6, 7], "Time": [None, 11]}},
    DIFF.isin([6, 7]) & ~(TIME > 11))

# ---- disjunction ----------------------------------------------------------------------------
disj = (LEN < 7) | (ASC < 2000)
assert ids(disj) == ["12", "36", "45"]                   # Giant, Cascade, Nye
add("disjunction", ["either under 7 miles or less than 2000 feet of ascent"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["peaks above 4500 ft", "only the ones i can finish in 10 hours or less"],
    {"has_items": True, "num_range": {"Elevation": [4501, None], "Time": [None, 10]}},
    (ELEV > 4500) & (TIME <= 10))
gap_empty(LEN, 11.9, 12)
add("follow_up", ["show me hikes rated 5", "under 12 miles", "and which of those have less than 3000 ft of climbing?"],
    {"has_items": True, "num_range": {"Difficulty": [5, 5], "Length": [None, 11.9], "Ascent": [None, 2999]}},
    (DIFF == 5) & (LEN < 12) & (ASC < 3000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything above 6,000 ft?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, ELEV > 6000)

# ---- id_lookup ------------------------------------------------------------------------------
assert NAMEK[25] == "Allen Mtn." and df.loc[25, "id"] == "26"
add("id_lookup", ["what's item 26?"], {"has_items": True, "subset_of_ids": ["26"]}, df.id == "26", exact_n=1)

finish()
