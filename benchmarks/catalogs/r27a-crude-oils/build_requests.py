"""Build ../requests/byo-r27a-crude-oils.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's own terms (specific gravity from API degrees as
141.5 / (API + 131.5), dollars per barrel over 42 US gallons, sulphur percent as is), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
The table has no name column: a crude is its row `id` ("crude 37"), or is picked out by a unique value.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27a-crude-oils"
PREFIX = "r27a-cr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 99 and list(df["id"]) == [str(i) for i in range(1, 100)]
assert list(df.columns) == ["id", "price", "gravity", "sulphur"]
assert not df.isna().any().any()                            # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRICE, API, SULPHUR = num("price"), num("gravity"), num("sulphur")
SG = 141.5 / (API + 131.5)                                  # specific gravity at 60 F from API degrees
GALLON = PRICE / 42                                         # dollars per US gallon (42 gallons a barrel)
on_grid = lambda v, k: ((v * k).round() - v * k).abs().max() < 1e-6
assert on_grid(PRICE, 100) and on_grid(API, 10) and on_grid(SULPHUR, 10)   # whole cents; tenths

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["crude", "Crude", "oil", "Oil", "petroleum", "Petroleum", "barrel"]


def row(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
    return r.iloc[0]


def only(mask):
    """The single row picked out by `mask` (asserted unique)."""
    r = df[mask.fillna(False).astype(bool)]
    assert len(r) == 1, len(r)
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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what kind of stuff is in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["crudes priced between $14 and $15 a barrel"],
    {"has_items": True, "num_range": {"price": [14, 15]}}, (PRICE >= 14) & (PRICE <= 15), 5)
gap_empty("gravity", 30, 30.1)
add("plain", ["oils with an API gravity above 30"],
    {"has_items": True, "num_range": {"gravity": [30.1, None]}}, API > 30, 5)
gap_empty("sulphur", 3, 3.1)
add("plain", ["crudes with more than 3% sulphur"],
    {"has_items": True, "num_range": {"sulphur": [3.1, None]}}, SULPHUR > 3, 5)
add("plain", ["heavy crudes, API 20 or below"],
    {"has_items": True, "num_range": {"gravity": [None, 20]}}, API <= 20, 5)

# ---- units (gravity is in API degrees, price in dollars per barrel) ----------------------------
# specific gravity below 0.85 <=> API above 141.5/0.85 - 131.5 = 34.97; gravities are in tenths
gap_empty("gravity", 141.5 / 0.85 - 131.5, 35.0)
add("units", ["which crudes have a specific gravity below 0.85?"],
    {"has_items": True, "num_range": {"gravity": [35.0, None]}}, SG < 0.85)
# under 35 cents a gallon <=> under 0.35 * 42 = 14.70 dollars a barrel; prices are in cents
gap_empty("price", 14.69, 14.70)
add("units", ["any crude under 35 cents a gallon?"],
    {"has_items": True, "num_range": {"price": [None, 14.69]}}, GALLON < 0.35)

# ---- fact (no names: by a unique value or by row id) ----------------------------------------------
r = only(API == 40.8)
assert r["sulphur"] == "0.1"
add("fact", ["what's the sulphur content of the crude with 40.8 API gravity?"], {"reply_number": 0.1})
assert row(37)["price"] == "11.03"
add("fact", ["how much does crude 37 go for?"], {"reply_number": 11.03})
r = only(SULPHUR == 5.9)
assert r["price"] == "11.84"
add("fact", ["price of the oil with 5.9% sulfur"], {"reply_number": 11.84})

# ---- count ----------------------------------------------------------------------------------
assert (SULPHUR > 2).sum() == 19
add("count", ["how many crudes are above 2 percent sulphur?"], {"reply_number": 19})
assert (PRICE < 13).sum() == 11
add("count", ["how many sell for less than $13 a barrel"], {"reply_number": 11})
assert (API >= 35).sum() == 10
add("count", ["how many have an API gravity of 35 or more?"], {"reply_number": 10})

# ---- superlative ----------------------------------------------------------------------------
cheapest = top_ids(PRICE, 1, largest=False)
assert cheapest == ["37"] and PRICE.min() == 11.03
add("superlative", ["what's the cheapest crude"], {"has_items": True, "subset_of_ids": cheapest},
    df.id.isin(cheapest), 1)
sour3 = top_ids(SULPHUR, 3)                                 # 5.9, 5.7, 5.7; next is 5.2
assert sorted(SULPHUR[df.id.isin(sour3)]) == [5.7, 5.7, 5.9]
add("superlative", ["top 3 crudes with the most sulpher"], {"has_items": True, "subset_of_ids": sour3},
    df.id.isin(sour3), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert row(2)["gravity"] == "31.7"
gap_empty("gravity", 31.7, 31.8)
add("ordinal", ["crudes with a higher API gravity than crude 2"],
    {"has_items": True, "num_range": {"gravity": [31.8, None]}}, API > float(row(2)["gravity"]))
second = top_ids(PRICE, 2)                                  # 18.05, 17.72; next is 17.61
assert second == ["7", "95"] and row(95)["price"] == "17.72"
add("ordinal", ["the 2nd most expensive one?"], {"has_items": True, "subset_of_ids": ["95"]}, df.id == "95")

# ---- negation -------------------------------------------------------------------------------
add("negation", ["crudes that aren't over $16"],
    {"has_items": True, "num_range": {"price": [None, 16]}}, ~(PRICE > 16))
add("negation", ["oils that are not below 1% sulfur"],
    {"has_items": True, "num_range": {"sulphur": [1.0, None]}}, ~(SULPHUR < 1))

# ---- disjunction ----------------------------------------------------------------------------
disj = (PRICE < 12) | (PRICE > 17.5)
assert ids(disj) == ["7", "18", "36", "37", "42", "45", "84", "95"]
add("disjunction", ["either dirt cheap, under $12, or pricier than $17.50"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("price", 16.49, 16.5)
add("follow_up", ["crudes with API gravity above 30", "only the ones under $16.50"],
    {"has_items": True, "num_range": {"gravity": [30.1, None], "price": [None, 16.49]}},
    (API > 30) & (PRICE < 16.5))
gap_empty("sulphur", 0.9, 1.0)
gap_empty("price", 16, 16.01)
gap_empty("gravity", 29.9, 30)
add("follow_up", ["low sulphur crudes, under 1%", "just those priced above 16 dollars",
                  "which of them have API gravity under 30?"],
    {"has_items": True, "num_range": {"sulphur": [None, 0.9], "price": [16.01, None], "gravity": [None, 29.9]}},
    (SULPHUR < 1) & (PRICE > 16) & (API < 30))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any crude going for over $20 a barrel?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    PRICE > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert row(58)["price"] == "16.55"
add("id_lookup", ["show me item 58"], {"has_items": True, "subset_of_ids": ["58"]}, df.id == "58")

finish()
