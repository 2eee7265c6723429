"""Build ../requests/byo-r22a-takeover-bids.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (firm size in billions of dollars against the
user's "$100M"; takeover time in weeks, stored as whole days / 7 with rounding tails such as 21.429001,
against the user's days; the bid premium ratio against a premium in percent), and the script asserts that
the `expect` facets accept exactly those rows. The 0/1 flag columns are matched as the raw strings
"0"/"1". Counts and facts are asserted against the file; deals are named by their `docno`, not the row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22a-takeover-bids"
PREFIX = "r22a-tb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 126 and list(df["id"]) == [str(i) for i in range(1, 127)]
assert list(df.columns) == ["id", "docno", "weeks", "numbids", "takeover", "bidprem", "insthold", "size",
                            "leglrest", "rearest", "finrest", "regulatn", "whtknght"]
assert not df.isna().any().any() and df.docno.is_unique
FLAGS = ["takeover", "leglrest", "rearest", "finrest", "regulatn", "whtknght"]
assert all(set(df[c]) <= {"0", "1"} for c in FLAGS) and set(df.takeover) == {"1"}
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
WEEKS, NB, PREM, SIZE = num("weeks"), num("numbids"), num("bidprem"), num("size")
DAYS = (WEEKS * 7).round()                                 # weeks are whole days / 7, written with tails
assert ((WEEKS * 7 - DAYS).abs() < 0.01).all()
ASKED = {"78001", "78015", "79015", "81006"}               # docnos named in requests: all > 126, so no row id
assert ASKED <= set(df.docno)
WHAT = ["bid", "Bid", "takeover", "Takeover", "firm", "Firm", "compan", "Compan", "acqui", "target", "Target"]


def deal(docno):
    r = df[df["docno"] == str(docno)]
    assert len(r) == 1, docno
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
        v = pd.to_numeric(df[col], errors="coerce")            # a non-number cell (`?`) never passes
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
    v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what kind of stuff is in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["firms that brought in a white knight"], {"has_items": True, "text_in": {"whtknght": ["1"]}},
    df.whtknght == "1", 5)
add("plain", ["targets that got 3 or more bids"], {"has_items": True, "num_range": {"numbids": [3, None]}},
    NB >= 3, 5)
add("plain", ["compnies that fought back with a legal defense"], {"has_items": True, "text_in": {"leglrest": ["1"]}},
    df.leglrest == "1", 5)
add("plain", ["deals where federal regulators got involved"], {"has_items": True, "text_in": {"regulatn": ["1"]}},
    df.regulatn == "1", 5)

# ---- units (size in billions of dollars; weeks = days / 7) ---------------------------------------
gap_empty("size", 0.0999, 0.1)
add("units", ["targets with under $100M in assets"], {"has_items": True, "num_range": {"size": [None, 0.0999]}},
    SIZE * 1000 < 100)
# more than 150 days: 150 days is stored as 21.429001 weeks, 151 days as 21.571...
gap_empty("weeks", 150.01 / 7, 21.5)
add("units", ["takeovers that dragged on for more than 150 days"],
    {"has_items": True, "num_range": {"weeks": [21.5, None]}}, DAYS > 150)

# ---- fact (asked by the deal's docno; the row ids only go to 126) ---------------------------------
assert deal(81006)["numbids"] == "10"
add("fact", ["how many bids did deal 81006 get?"], {"reply_number": 10})
assert deal(78015)["weeks"] == "5.0"
add("fact", ["how many weeks did takeover 78015 take"], {"reply_number": 5})
assert deal(79015)["bidprem"] == "2.066366"
add("fact", ["what was the bid premuim on 79015?"],
    {"reply_contains_any": ["2.07", "2.066", "107%", "106.6%", "106.64", "107 %"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.whtknght == "1").sum() == 75
add("count", ["how many targets had a white knight?"], {"reply_number": 75})
assert (NB == 0).sum() == 9
add("count", ["how many firms got no bids at all"], {"reply_number": 9})
assert (df.finrest == "1").sum() == 13
add("count", ["how many went through a financial restructuring?"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
big3 = top_ids(SIZE, 3)                                    # 22.169, 20.964, 11.036; next 9.924
assert sorted(SIZE[df.id.isin(big3)].round(2)) == [11.04, 20.96, 22.17]
add("superlative", ["the 3 largest target firms"], {"has_items": True, "subset_of_ids": big3}, df.id.isin(big3), 3)
longest = top_ids(WEEKS, 1)                                # 41.429 weeks (290 days); next 39.571
assert longest == ["10"]
add("superlative", ["which takeover took the longest?"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)

# ---- ordinal --------------------------------------------------------------------------------
big2 = top_ids(SIZE, 2)
second = [i for i in big2 if SIZE[df.id == i].item() < SIZE.max()]
assert second == ["83"]
add("ordinal", ["2nd biggest firm by assets"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
ref = float(deal(78001)["size"])
assert ref == 0.76676
gap_empty("size", ref, 0.7668)
add("ordinal", ["targets bigger than the one in deal 78001"], {"has_items": True, "num_range": {"size": [0.7668, None]}},
    SIZE > ref)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["targets without a white knight that still got 2 or more bids"],
    {"has_items": True, "text_in": {"whtknght": ["0"]}, "num_range": {"numbids": [2, None]}},
    (df.whtknght != "1") & (NB >= 2))
assert not (PREM == 1.6).any()
add("negation", ["deals with no regulator involvement and a premium over 60%"],
    {"has_items": True, "text_in": {"regulatn": ["0"]}, "num_range": {"bidprem": [1.6, None]}},
    (df.regulatn != "1") & ((PREM - 1) * 100 > 60))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.leglrest == "1") | (df.finrest == "1")
assert int(disj.sum()) == 59
add("disjunction", ["deals with either a legal defense or a financial restructuring"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["firms that used a legal defense", "only those with more than 2 bids"],
    {"has_items": True, "text_in": {"leglrest": ["1"]}, "num_range": {"numbids": [3, None]}},
    (df.leglrest == "1") & (NB > 2))
gap_empty("size", 0.4999, 0.5)
assert not (PREM == 1.3).any()
add("follow_up", ["targets under $500 million in assets", "with a white knight", "and a premium above 30%"],
    {"has_items": True, "num_range": {"size": [None, 0.4999], "bidprem": [1.3, None]}, "text_in": {"whtknght": ["1"]}},
    (SIZE * 1000 < 500) & (df.whtknght == "1") & ((PREM - 1) * 100 > 30))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any target that drew more than 20 bids?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    NB > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "77", "docno"].item() not in ASKED
add("id_lookup", ["tell me about item 77"], {"has_items": True, "subset_of_ids": ["77"]}, df.id == "77")

finish()
