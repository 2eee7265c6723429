"""Build ../requests/byo-r16b-trades-1910.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (weekly wages are decimal shillings: pounds are turned into shillings
at 20 s to the pound, "£1 15s" = 35 s, "a quid" = 20 s), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file. Trades are asked for the way
people say them ("masons", "bakers") and matched to the file's own spellings (`mason`, `baker`).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16b-trades-1910"
PREFIX = "r16b-tr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 70 and list(df["id"]) == [str(i) for i in range(1, 71)]
assert list(df.columns) == ["id", "class", "trade", "sober", "drinks", "wage", "n"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
WAGE, SOBER, DRINKS, N = num("wage"), num("sober"), num("drinks"), num("n")
assert df.notna().all().all() and df.trade.is_unique and set(df["class"]) == {"A", "B", "C"}
assert (SOBER + DRINKS == N).all()
for c in ["sober", "drinks", "n"]:
    assert (num(c) % 1 == 0).all(), c                      # whole counts: "more than k" is ">= k+1"
CL = df["class"]
SH_PER_POUND = 20

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["trade", "Trade", "wage", "Wage", "drink", "Drink", "occupation", "Occupation", "job", "Job", "worker",
        "Edinburgh", "1910"]


def trade(name):
    r = df[df["trade"].str.lower() == name.lower()]
    assert len(r) == 1, name
    assert df["trade"].str.contains(name, case=False).sum() == 1, name   # no other trade contains the word
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
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["class C trades"], {"has_items": True, "text_in": {"class": ["C"]}}, CL == "C", 5)
add("plain", ["trades where none of the men drank"],
    {"has_items": True, "num_range": {"drinks": [0, 0]}}, DRINKS == 0, 5)
add("plain", ["jobs paying 30 shillings or more a week"],
    {"has_items": True, "num_range": {"wage": [30, None]}}, WAGE >= 30, 5)
add("plain", ["trades with more than 10 men in the sample"],
    {"has_items": True, "num_range": {"n": [11, None]}}, N > 10, 5)

# ---- units (wage is in shillings a week; 20 shillings to the pound) ----------------------------
gap_empty("wage", 19.99, 20)
add("units", ["trades paying under a quid a week"],
    {"has_items": True, "num_range": {"wage": [None, 19.99]}}, WAGE / SH_PER_POUND < 1)
add("units", ["which trades earned at least £1 15s a week?"],
    {"has_items": True, "num_range": {"wage": [35, None]}}, WAGE >= 1 * SH_PER_POUND + 15)

# ---- fact (asked by trade; each word names exactly one row) ------------------------------------
assert trade("plasterer")["wage"] == "37.0"
add("fact", ["how much did a plasterer earn a week?"], {"reply_number": 37})
assert trade("baker")["sober"] == "11"
add("fact", ["how many bakers were sober?"], {"reply_number": 11})
assert trade("painter")["drinks"] == "23"
add("fact", ["how many of the painters drank?"], {"reply_number": 23})

# ---- count ----------------------------------------------------------------------------------
assert (CL == "B").sum() == 22
add("count", ["how many trades are in class B?"], {"reply_number": 22})
assert (SOBER == 0).sum() == 9
add("count", ["in how many trades was not a single man sober?"], {"reply_number": 9})
assert (DRINKS > SOBER).sum() == 29
add("count", ["how many trades had more drinkers than sober men?"], {"reply_number": 29})

# ---- superlative ----------------------------------------------------------------------------
low3 = top_ids(WAGE, 3, largest=False)                     # 12.0, 13.5, 17.33; next is 18.0
assert df.loc[df.id.isin(low3), "trade"].tolist() == ["chimneysweep", "french polisher", "factory worker"]
add("superlative", ["3 lowest paid trades"], {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)
most = top_ids(DRINKS, 1)
assert df.loc[df.id.isin(most), "trade"].tolist() == ["general labourer"] and DRINKS.max() == 85
add("superlative", ["which trade had the most drinkers"], {"has_items": True, "subset_of_ids": most},
    df.id.isin(most), 1)

# ---- ordinal (compared with another trade) ---------------------------------------------------
assert trade("joiner")["wage"] == "30.833333333"
gap_empty("wage", 30.833333333, 30.8334)                   # `stream crane` has the same wage as `joiner`
add("ordinal", ["trades that paid better than joiners"],
    {"has_items": True, "num_range": {"wage": [30.8334, None]}}, WAGE > float(trade("joiner")["wage"]))
assert trade("shoemaker")["n"] == "20"
add("ordinal", ["class A trades with more men in the sample than the shoemakers"],
    {"has_items": True, "text_in": {"class": ["A"]}, "num_range": {"n": [21, None]}},
    (CL == "A") & (N > float(trade("shoemaker")["n"])))

# ---- negation -------------------------------------------------------------------------------
gap_empty("wage", 27.99, 28)
add("negation", ["trades not in class A earning under 28 shillings"],
    {"has_items": True, "text_in": {"class": ["B", "C"]}, "num_range": {"wage": [None, 27.99]}},
    (CL != "A") & (WAGE < 28))
add("negation", ["jobs that didn't pay over 25 shillings"],
    {"has_items": True, "num_range": {"wage": [None, 25]}}, ~(WAGE > 25))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.trade.isin(["mason", "plasterer", "slater"])
assert ids(disj) == ["54", "58", "66"]
add("disjunction", ["masons, plasterers or slaters"],
    {"has_items": True, "text_in": {"trade": ["mason", "plasterer", "slater"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me class B trades", "only the ones paying 28 shillings or more"],
    {"has_items": True, "text_in": {"class": ["B"]}, "num_range": {"wage": [28, None]}},
    (CL == "B") & (WAGE >= 28))
gap_empty("wage", 33, 33.01)
add("follow_up", ["trades with at least 5 men surveyed", "just class C", "now only those paying over 33 shillngs"],
    {"has_items": True, "text_in": {"class": ["C"]}, "num_range": {"n": [5, None], "wage": [33.01, None]}},
    (N >= 5) & (CL == "C") & (WAGE > 33))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any trade paying more than £3 a week?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, WAGE > 3 * SH_PER_POUND)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "trade"].item() == "sailor"
add("id_lookup", ["what's item 42?"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
