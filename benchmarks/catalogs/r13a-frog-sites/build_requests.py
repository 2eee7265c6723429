"""Build ../requests/byo-r13a-frog-sites.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

One row is one survey site for the southern corroboree frog. Sites have no name: people point at one by
its grid reference (`northing`, `easting`), which is asserted unique for every site named below. For every
request that must return items, `truth` is the set of rows that really answer it, computed here with plain
pandas expressions (altitude in metres against the user's feet, distance in metres against kilometres,
spring temperatures in degrees C against Fahrenheit), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. `rownames` (2..213) is the source's
own row label, always one more than `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13a-frog-sites"
PREFIX = "r13a-fr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 212 and list(df["id"]) == [str(i) for i in range(1, 213)]
assert list(df.columns) == ["id", "rownames", "pres.abs", "northing", "easting", "altitude", "distance",
                            "NoOfPools", "NoOfSites", "avrain", "meanmin", "meanmax"]
assert (pd.to_numeric(df.rownames) == pd.to_numeric(df.id) + 1).all()
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
ALT, DIST, POOLS, SITES, RAIN, TMIN = num("altitude"), num("distance"), num("NoOfPools"), num("NoOfSites"), \
    num("avrain"), num("meanmin")
assert set(df["pres.abs"]) == {"0", "1"}
assert (ALT % 10 == 0).all() and (DIST % 1 == 0).all()    # altitude in whole tens of metres
FOUND = df["pres.abs"].astype(int) == 1

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "highest", "tops out", "maximum"]
WHAT = ["frog", "Frog", "site", "Site", "pool", "Pool", "survey", "Survey"]


def site(northing, easting):
    r = df[(df["northing"] == str(northing)) & (df["easting"] == str(easting))]
    assert len(r) == 1, (northing, easting)
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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["what's this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["sites where frogs were found"], {"has_items": True, "text_in": {"pres.abs": ["1"]}}, FOUND, 5)
add("plain", ["sites above 1600 m with frogs present"],
    {"has_items": True, "text_in": {"pres.abs": ["1"]}, "num_range": {"altitude": [1601, None]}},
    FOUND & (ALT > 1600), 5)
add("plain", ["sites with at least 20 breding pools"], {"has_items": True, "num_range": {"NoOfPools": [20, None]}},
    POOLS >= 20, 5)
add("plain", ["sites within 500 m of an existing population"],
    {"has_items": True, "num_range": {"distance": [None, 500]}}, DIST <= 500, 5)

# ---- units (altitude and distance in metres, temperatures in degrees C: all only in the docs) -------
# higher than 5,000 ft = higher than 1524 m exactly; altitudes are whole tens of metres
gap_empty("altitude", 1524, 1530)
add("units", ["sites higher than 5,000 feet"], {"has_items": True, "num_range": {"altitude": [1530, None]}},
    ALT * 10000 > 5000 * 3048)
add("units", ["which sites are more than 5 km from the nearest known population?"],
    {"has_items": True, "num_range": {"distance": [5001, None]}}, DIST / 1000 > 5)

# ---- fact (sites named by their grid reference) -----------------------------------------------------
assert site(191, 1103)["NoOfPools"] == "10"
add("fact", ["how many breeding pools are at the site at northing 191, easting 1103?"], {"reply_number": 10})
assert site(299, 1005)["altitude"] == "1610"
add("fact", ["altitude of the site at northing 299 / easting 1005?"], {"reply_number": 1610})
assert site(195, 947)["distance"] == "1000"
add("fact", ["how far is the site at 195 north, 947 east from the nearest population, in metres?"],
    {"reply_number": 1000})

# ---- count ----------------------------------------------------------------------------------
assert FOUND.sum() == 79
add("count", ["how many sites had frogs?"], {"reply_number": 79})
assert (SITES == 0).sum() == 23
add("count", ["how many sites have no other potential breeding sites within 2 km?"], {"reply_number": 23})
assert (ALT > 1700).sum() == 10
add("count", ["how many sites are above 1700 m?"], {"reply_number": 10})

# ---- superlative ----------------------------------------------------------------------------
pools3 = top_ids(POOLS, 3)                                 # 232, 112, 110; next is 108
assert sorted(POOLS[df.id.isin(pools3)], reverse=True) == [232, 112, 110]
add("superlative", ["top 3 sites by number of pools"], {"has_items": True, "subset_of_ids": pools3},
    df.id.isin(pools3), 3)
wettest = top_ids(RAIN, 1)                                 # 198.33; next is 180.67
assert wettest == ["181"]
add("superlative", ["which site is the wettest?"], {"has_items": True, "subset_of_ids": wettest},
    df.id.isin(wettest), 1)

# ---- ordinal --------------------------------------------------------------------------------
ref = site(228, 1092)
assert ref["NoOfPools"] == "68"
add("ordinal", ["sites with more pools than the one at northing 228, easting 1092"],
    {"has_items": True, "num_range": {"NoOfPools": [69, None]}}, POOLS > int(ref["NoOfPools"]))
HIGH = ALT.sort_values(ascending=False)
assert HIGH.iloc[0] > HIGH.iloc[1] > HIGH.iloc[2]          # 1800 > 1790 > 1780
second_high = [str(df.loc[HIGH.index[1], "id"])]
add("ordinal", ["what's the second-highest site?"], {"has_items": True, "subset_of_ids": second_high},
    df.id.isin(second_high), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["sites over 1600 m where no frogs turned up"],
    {"has_items": True, "text_in": {"pres.abs": ["0"]}, "num_range": {"altitude": [1601, None]}},
    ~FOUND & (ALT > 1600))
add("negation", ["sites that aren't more than 1 km from a known population"],
    {"has_items": True, "num_range": {"distance": [None, 1000]}}, ~(DIST / 1000 > 1))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POOLS > 100) | (SITES > 8)
assert ids(disj) == ["1", "53", "71", "161", "192"]
add("disjunction", ["sites with over 100 pools or more than 8 breeding sites nearby"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["sites with no frogs", "only those with more than 50 pools"],
    {"has_items": True, "text_in": {"pres.abs": ["0"]}, "num_range": {"NoOfPools": [51, None]}},
    ~FOUND & (POOLS > 50))
# colder than 37 F = meanmin below 2.7778 C; meanmin moves in thirds of a degree (2.7667, then 2.8)
gap_empty("meanmin", 2.777, (37 - 32) * 5 / 9)
add("follow_up", ["sites with frogs", "just the ones within a kilometre of a known population",
                  "which of those have spring nights averaging colder than 37°F?"],
    {"has_items": True, "text_in": {"pres.abs": ["1"]},
     "num_range": {"distance": [None, 1000], "meanmin": [None, 2.777]}},
    FOUND & (DIST <= 1000) & (TMIN * 9 / 5 + 32 < 37))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any frog sites above 2,000 m?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    ALT > 2000)

# ---- id_lookup (row id 57 is the source's rownames 58) ----------------------------------------
assert df.loc[df.id == "57", "rownames"].item() == "58"
add("id_lookup", ["tell me about item 57"], {"has_items": True, "subset_of_ids": ["57"]}, df.id == "57")

finish()
