"""Build ../requests/byo-r31a-cigarette-states.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit where the user used one (prices and taxes are in
cents per pack, asked in dollars; `packpc` is packs per person per year, asked per month; `income` is in
thousands of dollars), and the script asserts that the `expect` facets accept exactly those rows.
A row is one state in one year (48 states x 1985-1995): no title, the name is made of `state` + `year`.
Most float columns carry single-precision tails (`32.5000038146973`), so strict bounds sit a hair inside
the limit and a helper asserts that no value lies in the skipped gap.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31a-cigarette-states"
PREFIX = "r31a-cg"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 528 and list(df["id"]) == [str(i) for i in range(1, 529)]
assert list(df.columns) == ["id", "state", "year", "cpi", "pop", "packpc", "income", "tax", "avgprs", "taxs"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
Y, CPI, POP, PK, INC, TAX, PRICE = (num(c) for c in ["year", "cpi", "pop", "packpc", "income", "tax", "avgprs"])
ST = df["state"]
assert ST.nunique() == 48 and sorted(Y.unique()) == list(range(1985, 1996)) and df.notna().all().all()
assert not df.duplicated(["state", "year"]).any() and (ST.str.len() == 2).all()
NEW_ENGLAND = ["CT", "MA", "ME", "NH", "RI", "VT"]
assert set(NEW_ENGLAND) <= set(ST)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["cigarette", "Cigarette", "tobacco", "Tobacco", "pack", "smok", "Smok"]


def row(state, year):
    r = df[(ST == state) & (Y == year)]
    assert len(r) == 1, (state, year)
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what does this data cover?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me all the Texas numbers"], {"has_items": True, "text_in": {"state": ["TX"]}}, ST == "TX", 5)
add("plain", ["New York from 1990 through 1995"],
    {"has_items": True, "text_in": {"state": ["NY"]}, "num_range": {"year": [1990, 1995]}},
    (ST == "NY") & (Y >= 1990) & (Y <= 1995), 5)
gap_empty("packpc", 130, 130.0001)
add("plain", ["1988, states where people bought more than 130 packs per person"],
    {"has_items": True, "num_range": {"year": [1988, 1988], "packpc": [130.0001, None]}}, (Y == 1988) & (PK > 130), 5)
add("plain", ["states with over 10 million people in 1985"],
    {"has_items": True, "num_range": {"year": [1985, 1985], "pop": [10000001, None]}}, (Y == 1985) & (POP > 10_000_000), 5)

# ---- units (avgprs in cents per pack; packpc in packs per person per year) ------------------------
# more than $2 a pack = more than 200 cents
gap_empty("avgprs", 200, 200.0001)
add("units", ["where did a pack cost more than $2 in 1995?"],
    {"has_items": True, "num_range": {"year": [1995, 1995], "avgprs": [200.0001, None]}}, (Y == 1995) & (PRICE / 100 > 2))
# more than 10 packs a month per person = more than 120 packs a year
gap_empty("packpc", 120, 120.0001)
add("units", ["which states smoked more than 10 packs a month per person in 1993?"],
    {"has_items": True, "num_range": {"year": [1993, 1993], "packpc": [120.0001, None]}}, (Y == 1993) & (PK / 12 > 10))

# ---- fact (a row is named by state + year, asserted unique) ----------------------------------------
assert row("NV", 1990)["pop"] == "1218629"
add("fact", ["what was Nevada's populaton in 1990?"], {"reply_number": 1218629})
assert row("MI", 1995)["tax"] == "99.0"
add("fact", ["what was Michigan's cigarette excise tax in 1995, in cents per pack?"], {"reply_number": 99})
assert set(CPI[Y == 1992].round(6)) == {1.403}
add("fact", ["what was the CPI in 1992?"], {"reply_number": 1.403})

# ---- count ----------------------------------------------------------------------------------
assert ST.nunique() == 48
add("count", ["how many states are covered?"], {"reply_number": 48})
assert not ((TAX > 59.99) & (TAX < 60)).any()
n60 = int((TAX >= 60).sum())
assert n60 == 44, n60
add("count", ["how many state-years had a tax of 60 cents or more?"], {"reply_number": n60})
n160 = int(((Y == 1995) & (PRICE < 160)).sum())
assert n160 == 9, n160
add("count", ["in 1995, how many states had an average pack price under $1.60?"], {"reply_number": n160})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(PK.where(Y == 1985), 3)                     # NH, KY, NC; next is VT
assert sorted(ST[df.id.isin(top3)]) == ["KY", "NC", "NH"]
add("superlative", ["the 3 heaviest-smoking states in 1985 by packs per person"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
cheap = top_ids(PRICE.where(Y == 1995), 1, largest=False)
assert ST[df.id.isin(cheap)].tolist() == ["KY"]
add("superlative", ["cheapest cigarettes in 1995?"], {"has_items": True, "subset_of_ids": cheap}, df.id.isin(cheap), 1)

# ---- ordinal (compared with another state-year) ---------------------------------------------
ny95 = float(row("NY", 1995)["avgprs"])
assert round(ny95, 3) == 221.858
gap_empty("avgprs", ny95, 221.859)
add("ordinal", ["states where a pack cost more than in New York in 1995"],
    {"has_items": True, "num_range": {"year": [1995, 1995], "avgprs": [221.859, None]}}, (Y == 1995) & (PRICE > ny95))
ca90 = float(row("CA", 1990)["packpc"])
assert round(ca90, 3) == 74.200
gap_empty("packpc", 74.1999, ca90)
add("ordinal", ["which states smoked less per person than California did in 1990?"],
    {"has_items": True, "num_range": {"year": [1990, 1990], "packpc": [None, 74.1999]}}, (Y == 1990) & (PK < ca90))

# ---- negation -------------------------------------------------------------------------------
others = sorted(set(ST) - set(NEW_ENGLAND))
assert len(others) == 42
add("negation", ["everything from 1995 except the New England states"],
    {"has_items": True, "text_in": {"state": others}, "num_range": {"year": [1995, 1995]}},
    (Y == 1995) & ~ST.isin(NEW_ENGLAND))
gap_empty("tax", 30, 30.01)
add("negation", ["1990 states where the tax was not above 30 cents"],
    {"has_items": True, "num_range": {"year": [1990, 1990], "tax": [None, 30]}}, (Y == 1990) & ~(TAX > 30))

# ---- disjunction ----------------------------------------------------------------------------
assert not ((TAX > 89.99) & (TAX < 90)).any()
disj = (TAX >= 90) | (PK < 55)
dj = ids(disj)
assert len(dj) == 7, dj
add("disjunction", ["state-years with a tax of 90 cents or more, or fewer than 55 packs per person"],
    {"has_items": True, "subset_of_ids": dj}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me Massachusets", "only after 1990"],
    {"has_items": True, "text_in": {"state": ["MA"]}, "num_range": {"year": [1991, None]}}, (ST == "MA") & (Y > 1990))
gap_empty("avgprs", 159.9999, 160)
add("follow_up", ["1994 figures", "only states where a pack was under $1.60", "which of those had more than 5 million people?"],
    {"has_items": True, "num_range": {"year": [1994, 1994], "avgprs": [None, 159.9999], "pop": [5000001, None]}},
    (Y == 1994) & (PRICE / 100 < 1.60) & (POP > 5_000_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any state where a pack averaged over $3?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    PRICE / 100 > 3)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "300", ["state", "year"]].values.tolist() == [["IL", "1991"]]
add("id_lookup", ["tell me about item 300"], {"has_items": True, "subset_of_ids": ["300"]}, df.id == "300")

finish()
