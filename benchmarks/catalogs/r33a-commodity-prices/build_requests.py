"""Build ../requests/byo-r33a-commodity-prices.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (oil in $/barrel as stored; coffee and sugar asked
per pound = $/kg / 2.20462262185, in cents where the user says cents; oil per litre = $/bbl / 158.987294928),
and the script asserts that the `expect` facets accept exactly those rows. Months are asked as years,
decades or month names and are matched on the raw `date` strings (`1986-01-01` = January 1986), so those
facets are `text_in` lists of the qualifying first-of-month dates. Counts and facts are asserted against
the file. Prices carry long float tails (`133.87304347826`), so strict bounds sit a hair inside the limit
and a helper asserts that no value lies in the skipped gap.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33a-commodity-prices"
PREFIX = "r33a-cp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 756 and list(df["id"]) == [str(i) for i in range(1, 757)]
assert list(df.columns) == ["id", "date", "oil_brent", "oil_dubai", "coffee_arabica", "coffee_robustas",
                            "tea_columbo", "tea_kolkata", "tea_mombasa", "sugar_eu", "sugar_us", "sugar_world"]
assert df.notna().all().all() and df["date"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
BRENT, DUBAI, ARABICA, ROBUSTA = num("oil_brent"), num("oil_dubai"), num("coffee_arabica"), num("coffee_robustas")
KOLKATA, MOMBASA, SUGAR_US, SUGAR_W = num("tea_kolkata"), num("tea_mombasa"), num("sugar_us"), num("sugar_world")
DATE = pd.to_datetime(df["date"], format="%Y-%m-%d")
assert (DATE.dt.day == 1).all() and DATE.is_monotonic_increasing
YEAR = DATE.dt.year
assert YEAR.min() == 1960 and YEAR.max() == 2022 and len(df) == 63 * 12
LB_PER_KG = 2.20462262185                                   # $/kg -> $/lb: divide by this
L_PER_BBL = 158.987294928                                   # $/bbl -> $/litre: divide by this

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "never", "Never", "didn't", "did not"]
WHAT = ["commodit", "Commodit", "price", "Price", "oil", "Oil", "coffee", "Coffee", "tea", "sugar"]


def month(d):
    r = df[df["date"] == d]
    assert len(r) == 1, d
    return r.iloc[0]


def dates(mask):
    """The raw `date` strings of the rows in mask (for a text_in facet on `date`)."""
    return df.loc[mask.fillna(False).astype(bool), "date"].tolist()


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("oil_brent", 100, 101.92)                       # lowest Brent above 100 is 101.92
add("plain", ["months when brent crude was over 100 dolars"],
    {"has_items": True, "num_range": {"oil_brent": [101.92, None]}}, BRENT > 100, 5)
add("plain", ["show me all of 2008"], {"has_items": True, "text_in": {"date": dates(YEAR == 2008)}},
    YEAR == 2008, 5)
gap_empty("tea_mombasa", 3, 3.0001)
add("plain", ["when did mombasa tea sell for more than $3/kg?"],
    {"has_items": True, "num_range": {"tea_mombasa": [3.0001, None]}}, MOMBASA > 3, 5)
gap_empty("oil_dubai", 49.999, 50)
add("plain", ["months in the 2010s with dubai oil under $50"],
    {"has_items": True, "text_in": {"date": dates((YEAR >= 2010) & (YEAR <= 2019))},
     "num_range": {"oil_dubai": [None, 49.999]}},
    (YEAR >= 2010) & (YEAR <= 2019) & (DUBAI < 50), 5)

# ---- units (coffee and sugar are stored in $/kg; users think in $/lb and cents/lb) ------------
lo = 2.5 * LB_PER_KG                                        # $2.50/lb = 5.5116 $/kg
gap_empty("coffee_arabica", lo, 5.512)
add("units", ["months when arabica coffee went above $2.50 a pound"],
    {"has_items": True, "num_range": {"coffee_arabica": [5.512, None]}}, ARABICA / LB_PER_KG > 2.5)
hi = 0.12 * LB_PER_KG                                       # 12 cents/lb = 0.26455 $/kg
gap_empty("sugar_world", 0.2645, hi)
add("units", ["when was world sugar cheaper than 12 cents a pound in the 2000s?"],
    {"has_items": True, "text_in": {"date": dates((YEAR >= 2000) & (YEAR <= 2009))},
     "num_range": {"sugar_world": [None, 0.2645]}},
    (YEAR >= 2000) & (YEAR <= 2009) & (SUGAR_W * 100 / LB_PER_KG < 12))

# ---- fact (by month, unique) -----------------------------------------------------------------
assert month("2022-03-01")["oil_brent"] == "115.59"
add("fact", ["what was brent in march 2022?"], {"reply_number": 115.59})
assert month("1999-01-01")["oil_dubai"] == "10.78"
add("fact", ["price of dubai crude in jan 1999"], {"reply_number": 10.78})
assert month("1986-01-01")["sugar_world"] == "0.1067"
add("fact", ["world sugar price for january 1986, per kg"], {"reply_number": 0.1067})

# ---- count ----------------------------------------------------------------------------------
assert (BRENT > 100).sum() == 53
add("count", ["how many months was brent above $100?"], {"reply_number": 53})
assert len(df) == 756
add("count", ["how many months of prices are in this table"], {"reply_number": 756})
assert (KOLKATA < 1).sum() == 98
add("count", ["in how many months did kolkata tea cost under a dollar a kilo"], {"reply_number": 98})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(BRENT, 3)                                    # Jul 2008, Jun 2008, Mar 2012
assert df.loc[df.id.isin(top3), "date"].tolist() == ["2008-06-01", "2008-07-01", "2012-03-01"]
add("superlative", ["the 3 months with the highest brent price"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
cheap = top_ids(SUGAR_W, 1, largest=False)
assert df.loc[df.id.isin(cheap), "date"].tolist() == ["1967-01-01"]
add("superlative", ["when was world sugar at its cheapest?"],
    {"has_items": True, "subset_of_ids": cheap}, df.id.isin(cheap), 1)

# ---- ordinal (compared with another month) ---------------------------------------------------
jun14 = float(month("2014-06-01")["oil_dubai"])
assert jun14 == 108.01
gap_empty("oil_dubai", 108.01, 108.0101)
add("ordinal", ["months when dubai oil cost more than it did in june 2014"],
    {"has_items": True, "num_range": {"oil_dubai": [108.0101, None]}}, DUBAI > jun14)
oct90 = float(month("1990-10-01")["tea_kolkata"])
assert oct90 == 2.813694
gap_empty("tea_kolkata", 2.813694, 2.8137)
add("ordinal", ["kolkata tea prices higher than october 1990"],
    {"has_items": True, "num_range": {"tea_kolkata": [2.8137, None]}}, KOLKATA > oct90)

# ---- negation -------------------------------------------------------------------------------
y22 = YEAR == 2022
add("negation", ["2022 but not january"],
    {"has_items": True, "text_in": {"date": dates(y22 & (DATE.dt.month != 1))}},
    y22 & (DATE.dt.month != 1))
add("negation", ["months in the 90s when mombasa tea wasn't above 1.50"],
    {"has_items": True, "text_in": {"date": dates((YEAR >= 1990) & (YEAR <= 1999))},
     "num_range": {"tea_mombasa": [None, 1.5]}},
    (YEAR >= 1990) & (YEAR <= 1999) & ~(MOMBASA > 1.5))

# ---- disjunction ----------------------------------------------------------------------------
disj = (BRENT < 1.25) | (BRENT > 130)
dids = ids(disj)
assert len(dids) == 14, len(dids)
add("disjunction", ["months where brent was below $1.25 or above $130"],
    {"has_items": True, "subset_of_ids": dids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("oil_brent", 110, 110.001)
add("follow_up", ["prices in 2012", "only where brent was above 110"],
    {"has_items": True, "text_in": {"date": dates(YEAR == 2012)}, "num_range": {"oil_brent": [110.001, None]}},
    (YEAR == 2012) & (BRENT > 110))
e80s = (YEAR >= 1980) & (YEAR <= 1989)
gap_empty("oil_dubai", 14.999, 15)
gap_empty("coffee_arabica", 3.0, 3.0001)
add("follow_up", ["prices from the 1980s", "just months with dubai crude below 15 dollars",
                  "and arabica over 3 a kilo"],
    {"has_items": True, "text_in": {"date": dates(e80s)},
     "num_range": {"oil_dubai": [None, 14.999], "coffee_arabica": [3.0001, None]}},
    e80s & (DUBAI < 15) & (ARABICA > 3))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["was brent ever above $200 a barrel?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, BRENT > 200)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "600", "date"].item() == "2009-12-01"
add("id_lookup", ["open item 600"], {"has_items": True, "subset_of_ids": ["600"]}, df.id == "600")

finish()
