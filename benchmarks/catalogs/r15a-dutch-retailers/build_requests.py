"""Build ../requests/byo-r15a-dutch-retailers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (all money columns are in thousands of euros: a user's "5 million
euros" is 5000 and "300k" is 300), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. The table has no name or code column: a retailer
is its row `id` ("retailer 31" = item 31). Blank cells never pass a facet nor a truth expression.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15a-dutch-retailers"
PREFIX = "r15a-re"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 60 and list(df["id"]) == [str(i) for i in range(1, 61)]
assert list(df.columns) == ["id", "size", "incl.prob", "staff", "turnover", "other.rev", "total.rev", "staff.costs",
                            "total.costs", "profit", "vat"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
STAFF, TURN, PROFIT, SCOST = num("staff"), num("turnover"), num("profit"), num("staff.costs")
SIZE = df["size"]
assert set(SIZE) == {"sc0", "sc1", "sc2", "sc3"}
assert STAFF.isna().sum() == 6 and TURN.isna().sum() == 4 and PROFIT.isna().sum() == 5 and SCOST.isna().sum() == 10
for c in ["staff", "turnover", "other.rev", "total.rev", "staff.costs", "total.costs", "profit", "vat"]:
    v = num(c).dropna()
    assert (v % 1 == 0).all(), c                           # whole numbers (staff; thousands of euros)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["retailer", "Retailer", "supermarket", "Supermarket", "shop", "store", "Store", "revenue", "turnover",
        "business", "compan"]


def item(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["size class 2 retailers"], {"has_items": True, "text_in": {"size": ["sc2"]}}, SIZE == "sc2", 5)
add("plain", ["retailers with more than 20 employees"],
    {"has_items": True, "num_range": {"staff": [21, None]}}, STAFF > 20, 5)
add("plain", ["size class 3 shops with at least 10 staff"],
    {"has_items": True, "text_in": {"size": ["sc3"]}, "num_range": {"staff": [10, None]}},
    (SIZE == "sc3") & (STAFF >= 10), 5)
add("plain", ["retialers with 5 to 10 people on staff"],
    {"has_items": True, "num_range": {"staff": [5, 10]}}, (STAFF >= 5) & (STAFF <= 10), 5)

# ---- units (money in thousands of euros, unit in no header) ----------------------------------------
gap_empty("turnover", 5000, 5001)
add("units", ["which retailers have a turnover of over 5 million euros?"],
    {"has_items": True, "num_range": {"turnover": [5001, None]}}, TURN * 1000 > 5_000_000)
add("units", ["staff costs of at least 300k €"],
    {"has_items": True, "num_range": {"staff.costs": [300, None]}}, SCOST * 1000 >= 300_000)

# ---- fact (a retailer is its row number) ----------------------------------------------------------
assert item(47)["staff"] == "60.0"
add("fact", ["how many staff does retailer 47 have?"], {"reply_number": 60})
assert item(14)["size"] == "sc1"
add("fact", ["what size class is retailer 14 in"], {"reply_contains_any": ["sc1", "SC1", "class 1", "size 1"]})
assert item(13)["turnover"] == "5678.0"
add("fact", ["what was the turnover of retailer 13?"],
    {"reply_contains_any": ["5678", "5,678", "5.678", "5 678"]})

# ---- count ----------------------------------------------------------------------------------
assert (SIZE == "sc3").sum() == 26
add("count", ["how many retailers are in size class 3?"], {"reply_number": 26})
assert (PROFIT < 0).sum() == 4
add("count", ["how many of them made a loss"], {"reply_number": 4})
assert df["staff"].isna().sum() == 6
add("count", ["how many don't report their number of staff?"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(TURN, 1)
assert biggest == ["14"] and TURN.max() == 931397
add("superlative", ["which retailer has the biggest turnover"],
    {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)
prof3 = top_ids(PROFIT, 3)                                  # 225493, 89908, 22457; next is 20045
assert sorted(PROFIT[df.id.isin(prof3)], reverse=True) == [225493, 89908, 22457]
add("superlative", ["the 3 most profitable retailers"], {"has_items": True, "subset_of_ids": prof3},
    df.id.isin(prof3), 3)

# ---- ordinal (compared with another retailer, or "2nd") ---------------------------------------------
assert item(31)["staff"] == "29.0"
gap_empty("staff", 29, 30)
add("ordinal", ["retailers with more staff than retailer 31"],
    {"has_items": True, "num_range": {"staff": [30, None]}}, STAFF > float(item(31)["staff"]))
t = TURN.dropna().sort_values(ascending=False, kind="mergesort")
assert t.iloc[0] > t.iloc[1] > t.iloc[2]
second = [str(df.loc[t.index[1], "id"])]
assert second == ["15"] and TURN[14] == 80000
add("ordinal", ["who has the second highest turnover?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["retailers that aren't size class 3, with at least 5 staff"],
    {"has_items": True, "text_in": {"size": ["sc0", "sc1", "sc2"]}, "num_range": {"staff": [5, None]}},
    (SIZE != "sc3") & (STAFF >= 5))
gap_empty("turnover", 499, 500)
add("negation", ["which ones did not make a loss and have turnover under 500k euros"],
    {"has_items": True, "num_range": {"profit": [0, None], "turnover": [None, 499]}},
    PROFIT.notna() & ~(PROFIT < 0) & (TURN * 1000 < 500_000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (STAFF > 50) | (TURN * 1000 > 9_000_000)
assert ids(disj) == ["1", "14", "15", "16", "38", "47"]
add("disjunction", ["either more than 50 staff or over 9 million euros turnover"],
    {"has_items": True, "subset_of_ids": ["1", "14", "15", "16", "38", "47"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("profit", 100, 101)
add("follow_up", ["size class 2 retailers", "only those with a profit over 100k"],
    {"has_items": True, "text_in": {"size": ["sc2"]}, "num_range": {"profit": [101, None]}},
    (SIZE == "sc2") & (PROFIT * 1000 > 100_000))
gap_empty("turnover", 3999, 4000)
add("follow_up", ["retailers with at least 10 staff", "just size class 3", "and turnover under 4 million euros?"],
    {"has_items": True, "num_range": {"staff": [10, None], "turnover": [None, 3999]}, "text_in": {"size": ["sc3"]}},
    (STAFF >= 10) & (SIZE == "sc3") & (TURN * 1000 < 4_000_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any retailer with more than 1000 employees?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    STAFF > 1000)

# ---- id_lookup (item 10 has only size, incl.prob and staff filled in) ----------------------------------
assert df.loc[9, ["turnover", "total.rev", "profit"]].isna().all() and item(10)["staff"] == "5.0"
add("id_lookup", ["tell me about item 10"], {"has_items": True, "subset_of_ids": ["10"]}, df.id == "10")

finish()
