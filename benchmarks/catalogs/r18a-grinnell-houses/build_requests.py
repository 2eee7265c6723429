"""Build ../requests/byo-r18a-grinnell-houses.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (square feet converted to square metres, acres to hectares, street
spellings matched case-insensitively after stripping the trailing blank), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`Address` is the house's own street address; the same house can appear once per sale.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18a-grinnell-houses"
PREFIX = "r18a-gh"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 929 and list(df["id"]) == [str(i) for i in range(1, 930)]
assert list(df.columns) == ["id", "Date", "Address", "Bedrooms", "Baths", "SquareFeet", "LotSize", "YearBuilt",
                            "YearSold", "MonthSold", "DaySold", "CostPerSqFt", "OrigPrice", "ListPrice",
                            "SalePrice", "SPLPPct"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SALE, LIST, SQFT, ACRES = num("SalePrice"), num("ListPrice"), num("SquareFeet"), num("LotSize")
BEDS, BATHS, BUILT, YSOLD, MSOLD = num("Bedrooms"), num("Baths"), num("YearBuilt"), num("YearSold"), num("MonthSold")
assert SQFT.isna().sum() == 18 and ACRES.isna().sum() == 188 and df.drop(columns=["SquareFeet", "LotSize"]).notna().all().all()
assert (SALE % 1 == 0).all() and (SQFT.dropna() % 1 == 0).all()          # whole dollars, whole square feet
ADDR = df["Address"].str.strip().str.lower()
STREET = ADDR.str.split(n=1).str[1]                                       # the address without its house number
SQM = 0.09290304                                                          # m2 per square foot
HA = 0.40468564224                                                        # hectares per acre

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["house", "House", "home", "Home", "propert", "Propert", "real estate", "Real estate", "sale", "Sale"]


def house(address):
    r = df[ADDR == address.lower()]
    assert len(r) == 1, address                            # facts are asked only of addresses sold once
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
add("greeting", ["hi there, what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("SalePrice", 149999, 150000)
add("plain", ["3 bedroom houses that sold for under $150,000"],
    {"has_items": True, "text_in": {"Bedrooms": ["3"]}, "num_range": {"SalePrice": [None, 149999]}},
    (BEDS == 3) & (SALE < 150000), 5)
gap_empty("YearBuilt", 2000, 2001)
add("plain", ["homes built after 2000"], {"has_items": True, "num_range": {"YearBuilt": [2001, None]}},
    BUILT > 2000, 5)
# Summer Street is written four ways in the file ("Summer", "Summer St", "Summer St.", "Summer Street"),
# every raw address on it is listed (with its trailing blank)
summer = STREET.isin(["summer", "summer st", "summer st.", "summer street"])
assert summer.sum() == 36 and df.Address[summer].nunique() == 33      # e.g. '1027 Summer ' and '1027 Summer St '
assert df.Address[summer].str.lower().str.contains("summer").all() and \
    (df.Address.str.lower().str.contains("summer") == summer).all()
add("plain", ["anything on Summer Street?"],
    {"has_items": True, "text_in": {"Address": sorted(df.Address[summer].unique())}}, summer, 5)
add("plain", ["what sold in the summer of 2008 (june-august)"],
    {"has_items": True, "num_range": {"YearSold": [2008, 2008], "MonthSold": [6, 8]}},
    (YSOLD == 2008) & MSOLD.isin([6, 7, 8]), 5)

# ---- units (SquareFeet in square feet, LotSize in acres; asked in m2 and hectares) -----------------
# more than 200 m2 = more than 2152.78 sq ft; square feet are whole numbers
assert 200 / SQM > 2152 and 200 / SQM < 2153
gap_empty("SquareFeet", 200 / SQM, 2153)
add("units", ["houses with more than 200 m2 of living space"],
    {"has_items": True, "num_range": {"SquareFeet": [2153, None]}}, SQFT * SQM > 200)
# more than 3 hectares = more than 7.413 acres; the nearest acre values are 6.95 below and 9.9 above
assert abs(3 / HA - 7.4132) < 0.0001
gap_empty("LotSize", 3 / HA, 7.42)
add("units", ["any with more than 3 hectares of land?"],
    {"has_items": True, "num_range": {"LotSize": [7.42, None]}}, ACRES * HA > 3)

# ---- fact (asked by address; each of these addresses was sold once) ------------------------------
assert house("918 Chatterton St")["SalePrice"] == "28000"
add("fact", ["what did 918 Chatterton St sell for?"], {"reply_number": 28000})
assert house("209 16th Avenue")["SquareFeet"] == "5421.0"
add("fact", ["how many square feet is the house at 209 16th Avenue"], {"reply_number": 5421})
assert house("154 Walnut Rd")["YearBuilt"] == "1990"
add("fact", ["when was 154 walnut rd built"], {"reply_number": 1990})

# ---- count ----------------------------------------------------------------------------------
assert (YSOLD == 2009).sum() == 53
add("count", ["how many houses sold in 2009?"], {"reply_number": 53})
assert df.LotSize.isna().sum() == 188
add("count", ["how many of these have no lot size listed"], {"reply_number": 188})
assert (SALE >= 300000).sum() == 38
add("count", ["how many went for 300k or more?"], {"reply_number": 38})

# ---- superlative ----------------------------------------------------------------------------
dearest = top_ids(SALE, 1)
assert dearest == ["929"] and SALE.max() == 606000
add("superlative", ["whats the most expensive house that sold"],
    {"has_items": True, "subset_of_ids": dearest}, df.id.isin(dearest), 1)
biggest3 = top_ids(SQFT, 3)                                # 6815, 5421, 4779; next is 4650
assert sorted(SQFT[df.id.isin(biggest3)]) == [4779, 5421, 6815]
add("superlative", ["the 3 biggest houses by square footage"],
    {"has_items": True, "subset_of_ids": biggest3}, df.id.isin(biggest3), 3)

# ---- ordinal (compared with another house) ----------------------------------------------------
assert house("918 Chatterton St")["SquareFeet"] == "1540.0"
gap_empty("SquareFeet", 1540, 1541)
add("ordinal", ["show me houses bigger than 918 Chatterton St"],
    {"has_items": True, "num_range": {"SquareFeet": [1541, None]}},
    SQFT > float(house("918 Chatterton St")["SquareFeet"]))
assert house("1020 Center St")["SalePrice"] == "27000"
gap_empty("SalePrice", 26999, 27000)
add("ordinal", ["which ones sold for less than 1020 Center St did?"],
    {"has_items": True, "num_range": {"SalePrice": [None, 26999]}},
    SALE < float(house("1020 Center St")["SalePrice"]))

# ---- negation -------------------------------------------------------------------------------
not3 = sorted(set(df.Bedrooms) - {"3"}, key=int)
assert not3 == ["0", "1", "2", "4", "5", "6", "7", "8"]
add("negation", ["homes sold in 2013 that arent 3 bedrooms"],
    {"has_items": True, "text_in": {"Bedrooms": not3}, "num_range": {"YearSold": [2013, 2013]}},
    (BEDS != 3) & (YSOLD == 2013))
# "did not sell below asking": SalePrice >= ListPrice, which is exactly SPLPPct >= 100 in this file
assert ((SALE >= LIST) == (num("SPLPPct") >= 100)).all()
gap_empty("SPLPPct", 99.99, 100)
add("negation", ["houses that didn't sell below the asking price"],
    {"has_items": True, "num_range": {"SPLPPct": [100, None]}}, ~(SALE < LIST))

# ---- disjunction ----------------------------------------------------------------------------
disj = (BEDS >= 6) | (ACRES > 5)
assert int(disj.sum()) == 24
add("disjunction", ["either 6+ bedrooms or more than 5 acres"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("YearBuilt", 1990, 1991)
add("follow_up", ["4 bedroom houses", "only the ones built after 1990"],
    {"has_items": True, "text_in": {"Bedrooms": ["4"]}, "num_range": {"YearBuilt": [1991, None]}},
    (BEDS == 4) & (BUILT > 1990))
add("follow_up", ["what sold in 2014?", "just the ones with 2 or more bathroms",
                  "and which of those went for under 150k"],
    {"has_items": True, "num_range": {"YearSold": [2014, 2014], "Baths": [2, None], "SalePrice": [None, 149999]}},
    (YSOLD == 2014) & (BATHS >= 2) & (SALE < 150000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any houses that sold for over a million dollars?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SALE > 1_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "412", "Address"].item().strip() != ""
add("id_lookup", ["tell me about item 412"], {"has_items": True, "subset_of_ids": ["412"]}, df.id == "412")

finish()
