"""Build ../requests/byo-r28b-rail-trail-homes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (square metres from `SquareFeet`, which is in
thousands of square feet; kilometres from `Distance`, which is in miles; dollars against `Price2014`,
which is in thousands of dollars), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. A home is named by `StreetNum` + `StreetName`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28b-rail-trail-homes"
PREFIX = "r28b-rt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 104 and list(df["id"]) == [str(i) for i in range(1, 105)]
assert list(df.columns) == ["id", "HouseNum", "Acre", "AcreGroup", "Adj1998", "Adj2007", "Adj2011", "BedGroup",
                            "Bedrooms", "BikeScore", "Diff2014", "Distance", "DistGroup", "GarageSpaces",
                            "GarageGroup", "Latitude", "Longitude", "NumFullBaths", "NumHalfBaths", "NumRooms",
                            "PctChange", "Price1998", "Price2007", "Price2011", "Price2014", "SFGroup",
                            "SquareFeet", "StreetName", "StreetNum", "WalkScore", "Zip"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
BEDS, DIST, SQFT_K, PRICE_K = num("Bedrooms"), num("Distance"), num("SquareFeet"), num("Price2014")
ROOMS, WALK, BIKE, FULLBATH = num("NumRooms"), num("WalkScore"), num("BikeScore"), num("NumFullBaths")
assert set(df.GarageGroup) == {"yes", "no"} and set(df.Zip) == {"1060", "1062"}
assert set(df.BedGroup) == {"1-2 beds", "3 beds", "4+ beds"}
assert ((BEDS <= 2) == (df.BedGroup == "1-2 beds")).all() and ((BEDS >= 4) == (df.BedGroup == "4+ beds")).all()
assert ((num("GarageSpaces") > 0) == (df.GarageGroup == "yes")).all()
assert ((DIST < 0.5) == (df.DistGroup == "Closer")).all()  # Distance is in miles (the R docs say feet)
ADDR = df.StreetNum + " " + df.StreetName
assert ADDR.str.lower().is_unique                          # a home is named by its street address

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["home", "Home", "house", "House", "propert", "Propert", "real estate", "Real estate", "Northampton"]


def home(address):
    r = df[ADDR.str.lower() == address.lower()]
    assert len(r) == 1, address
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["3 bedroom houses with a garage"],
    {"has_items": True, "num_range": {"Bedrooms": [3, 3]}, "text_in": {"GarageGroup": ["yes"]}},
    (BEDS == 3) & (df.GarageGroup == "yes"), 5)
assert not (DIST == 0.5).any()
add("plain", ["homes within half a mile of the rail trail"],
    {"has_items": True, "num_range": {"Distance": [None, 0.5]}}, DIST <= 0.5, 5)
# Price2014 is in thousands of dollars, with three decimals (whole dollars)
gap_empty("Price2014", 249.999, 250)
add("plain", ["homes in 01062 worth under 250k in 2014"],
    {"has_items": True, "text_in": {"Zip": ["1062"]}, "num_range": {"Price2014": [None, 249.999]}},
    (df.Zip == "1062") & (PRICE_K * 1000 < 250000), 5)
add("plain", ["houses with 2 or more full bathrooms"],
    {"has_items": True, "num_range": {"NumFullBaths": [2, None]}}, FULLBATH >= 2, 5)

# ---- units (SquareFeet is thousands of sq ft; Distance is miles) --------------------------------
# 150 m2 = 1614.59 sq ft = 1.61459 thousand sq ft; SquareFeet has three decimals
gap_empty("SquareFeet", 150 / 0.09290304 / 1000, 1.615)
add("units", ["show me homes over 150 square metres"],
    {"has_items": True, "num_range": {"SquareFeet": [1.615, None]}}, SQFT_K * 1000 * 0.09290304 > 150)
# 1 km = 0.6213712 miles
gap_empty("Distance", 0.62137, 1 / 1.609344)
add("units", ["anything less than a kilometre from the trail?"],
    {"has_items": True, "num_range": {"Distance": [None, 0.62137]}}, DIST * 1.609344 < 1)

# ---- fact (asked by street address, StreetNum + StreetName) ----------------------------------
assert home("406 Acrebrook Drive")["Bedrooms"] == "3"
add("fact", ["how many bedrooms does 406 Acrebrook Drive have?"], {"reply_number": 3})
assert home("18 Bright Avenue")["BikeScore"] == "97"
add("fact", ["whats the bike score for 18 Bright Avenue"], {"reply_number": 97})
assert home("200 Bridge Road")["Zip"] == "1060"
add("fact", ["which zip code is 200 Bridge Road in?"], {"reply_contains_any": ["1060", "01060"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.GarageGroup == "no").sum() == 51
add("count", ["how many homes have no garage?"], {"reply_number": 51})
assert (df.Zip == "1062").sum() == 61
add("count", ["how many of the houses are in zip code 01062"], {"reply_number": 61})
assert (BEDS >= 4).sum() == 36
add("count", ["how many have four or more bedroms?"], {"reply_number": 36})

# ---- superlative ----------------------------------------------------------------------------
dear3 = top_ids(PRICE_K, 3)                                # 879.328, 534.865, 528.114; next 525.112
assert sorted(PRICE_K[df.id.isin(dear3)], reverse=True) == [879.328, 534.865, 528.114]
add("superlative", ["top 3 most expensive homes by the 2014 estimate"],
    {"has_items": True, "subset_of_ids": dear3}, df.id.isin(dear3), 3)
closest = top_ids(DIST, 1, largest=False)
assert closest == ["93"] and ADDR[df.id == "93"].item() == "279 State St" and DIST.min() == 0.038825758
add("superlative", ["which house is closest to the trail"],
    {"has_items": True, "subset_of_ids": closest}, df.id.isin(closest), 1)

# ---- ordinal (compared with another home) -----------------------------------------------------
assert home("23 Bright Street")["NumRooms"] == "9"
gap_empty("NumRooms", 9, 10)
add("ordinal", ["homes with more rooms than 23 Bright Street"],
    {"has_items": True, "num_range": {"NumRooms": [10, None]}}, ROOMS > float(home("23 Bright Street")["NumRooms"]))
assert home("31 Bridge Road")["WalkScore"] == "46"
gap_empty("WalkScore", 46, 47)
add("ordinal", ["houses with a better walk score than 31 Bridge Road"],
    {"has_items": True, "num_range": {"WalkScore": [47, None]}}, WALK > float(home("31 Bridge Road")["WalkScore"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["houses that aren't 3 bedrooms"],
    {"has_items": True, "text_in": {"BedGroup": ["1-2 beds", "4+ beds"]}}, BEDS != 3)
add("negation", ["homes not in the 01062 zip, with a garage"],
    {"has_items": True, "text_in": {"Zip": ["1060"], "GarageGroup": ["yes"]}},
    (df.Zip != "1062") & (df.GarageGroup == "yes"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (BEDS >= 5) | (SQFT_K * 1000 > 3000)
assert ids(disj) == ["9", "17", "50", "66", "88", "89", "97"]
add("disjunction", ["either 5+ bedrooms or more than 3000 sq ft"],
    {"has_items": True, "subset_of_ids": ["9", "17", "50", "66", "88", "89", "97"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["houses with a garage", "only the ones under 250k in 2014"],
    {"has_items": True, "text_in": {"GarageGroup": ["yes"]}, "num_range": {"Price2014": [None, 249.999]}},
    (df.GarageGroup == "yes") & (PRICE_K < 250))
gap_empty("BikeScore", 80, 81)
add("follow_up", ["homes within half a mile of the trail", "with at least 3 bedrooms",
                  "which of those have a bike score over 80?"],
    {"has_items": True, "num_range": {"Distance": [None, 0.5], "Bedrooms": [3, None], "BikeScore": [81, None]}},
    (DIST <= 0.5) & (BEDS >= 3) & (BIKE > 80))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any house with 8 bedrooms or more?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    BEDS >= 8)

# ---- id_lookup ------------------------------------------------------------------------------
assert ADDR[df.id == "42"].item() == "10 Laurel Park" and df.loc[df.id == "42", "HouseNum"].item() == "42"
add("id_lookup", ["tell me about item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
