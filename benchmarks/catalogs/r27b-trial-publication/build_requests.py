"""Build ../requests/byo-r27b-trial-publication.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's units (budget is in millions of dollars, so "$500k" is
0.5 and "$20 million" is 20; time is in months, so "a year" is 12 and "5 years" is 60), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the
file. The trials have no name or code: a trial is its row `id`. `status` 1 = published at `time`,
0 = not published by the end of follow-up (censored), so "published" means status 1.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27b-trial-publication"
PREFIX = "r27b-tp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 244 and list(df["id"]) == [str(i) for i in range(1, 245)]
assert list(df.columns) == ["id", "posres", "multi", "clinend", "mech", "sampsize", "budget", "impact", "time",
                            "status"]
assert not df.isna().any().any()                           # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
BUDGET, MONTHS, N, IMPACT = num("budget"), num("time"), num("sampsize"), num("impact")
for c in ["posres", "multi", "clinend", "status"]:
    assert set(df[c]) == {"0", "1"}, c
PUB = df.status == "1"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["trial", "Trial", "study", "Study", "studies", "Studies", "publication", "Publication", "clinical",
        "Clinical"]


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


def others(col, *exclude):
    """Every raw value of `col` except `exclude` (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(exclude))
    assert set(exclude) <= set(df[col].dropna()), exclude
    return vals


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
add("greeting", ["hi, what's in this file?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["multicenter trails"], {"has_items": True, "text_in": {"multi": ["1"]}}, df.multi == "1", 5)
add("plain", ["trials with a positive result that actually got published"],
    {"has_items": True, "text_in": {"posres": ["1"], "status": ["1"]}}, (df.posres == "1") & PUB, 5)
add("plain", ["studies with more than 1000 participants"],
    {"has_items": True, "num_range": {"sampsize": [1001, None]}}, N > 1000, 5)
add("plain", ["R01 funded trials with a clinical endpoint"],
    {"has_items": True, "text_in": {"mech": ["R01"], "clinend": ["1"]}}, (df.mech == "R01") & (df.clinend == "1"), 5)

# ---- units (budget in millions of dollars, time in months; neither unit is in the header) ----------
gap_empty("budget", 0.4999, 0.5)
add("units", ["trials with budgets under $500k"],
    {"has_items": True, "num_range": {"budget": [None, 0.4999]}}, BUDGET * 1_000_000 < 500_000)
gap_empty("time", 60, 60.0001)
add("units", ["which published trials took more than 5 years to come out?"],
    {"has_items": True, "text_in": {"status": ["1"]}, "num_range": {"time": [60.0001, None]}},
    PUB & (MONTHS / 12 > 5))

# ---- fact -----------------------------------------------------------------------------------
assert BUDGET.max() == 415.1 and (BUDGET == 415.1).sum() == 1
add("fact", ["what's the biggest budget of any trial in here?"], {"reply_number": 415.1})
assert N.min() == 18 and (N == 18).sum() == 1
add("fact", ["how many patients were in the smallest trial?"], {"reply_number": 18})
slowest = df.loc[MONTHS.idxmax()]
assert (MONTHS == MONTHS.max()).sum() == 1 and slowest["sampsize"] == "210" and slowest["id"] == "24"
add("fact", ["what was the sample size of the trial with the longest follow-up time?"], {"reply_number": 210})

# ---- count ----------------------------------------------------------------------------------
assert (df.status == "0").sum() == 88
add("count", ["how many trials never got published?"], {"reply_number": 88})
assert (df.multi == "1").sum() == 37
add("count", ["how many multi-center studies are there"], {"reply_number": 37})
assert (BUDGET > 10).sum() == 31
add("count", ["how many trials had a budget over 10 million dollars?"], {"reply_number": 31})

# ---- superlative ----------------------------------------------------------------------------
big3 = top_ids(N, 3)                                       # 48835, 39876, 39876; next is 36282
assert sorted(N[df.id.isin(big3)]) == [39876, 39876, 48835]
add("superlative", ["top 3 biggest trials by enrollment"], {"has_items": True, "subset_of_ids": big3},
    df.id.isin(big3), 3)
cheap2 = top_ids(BUDGET, 2, largest=False)                 # 0.25 twice; next is 0.362247
assert sorted(BUDGET[df.id.isin(cheap2)]) == [0.25, 0.25]
add("superlative", ["the two cheapest trials"], {"has_items": True, "subset_of_ids": cheap2}, df.id.isin(cheap2), 2)

# ---- ordinal (compared with another trial, named by its row id) ------------------------------------
t5 = df[df.id == "5"].iloc[0]
assert t5["sampsize"] == "33357"
add("ordinal", ["trials that enrolled more people than trial 5"],
    {"has_items": True, "num_range": {"sampsize": [33358, None]}}, N > int(t5["sampsize"]))
t3 = df[df.id == "3"].iloc[0]
assert t3["budget"] == "7.612606" and t3["mech"] == "R01"
gap_empty("budget", 7.612606, 7.6127)
add("ordinal", ["R01 trials with a bigger budget than trial 3"],
    {"has_items": True, "text_in": {"mech": ["R01"]}, "num_range": {"budget": [7.6127, None]}},
    (df.mech == "R01") & (BUDGET > float(t3["budget"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["trials that weren't funded through an R01"],
    {"has_items": True, "text_in": {"mech": others("mech", "R01")}}, df.mech != "R01")
add("negation", ["single-site trials that did not have a positive result"],
    {"has_items": True, "text_in": {"multi": ["0"], "posres": ["0"]}}, (df.multi != "1") & (df.posres != "1"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (N > 10000) | (BUDGET > 50)
assert ids(disj) == ["1", "2", "4", "5", "6", "20", "21", "22", "23", "31", "32", "33", "36", "41"]
add("disjunction", ["trials with over 10,000 patients or a budget above $50M"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the multicenter trials", "just the ones with a positive result"],
    {"has_items": True, "text_in": {"multi": ["1"], "posres": ["1"]}}, (df.multi == "1") & (df.posres == "1"))
add("follow_up", ["trials funded by U01", "only the published ones", "which of those had fewer than 500 patients"],
    {"has_items": True, "text_in": {"mech": ["U01"], "status": ["1"]}, "num_range": {"sampsize": [None, 499]}},
    (df.mech == "U01") & PUB & (N < 500))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any trial with a budget over a billion dollars?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, BUDGET * 1_000_000 > 1_000_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "mech"].item() == "U01"
add("id_lookup", ["tell me about item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
