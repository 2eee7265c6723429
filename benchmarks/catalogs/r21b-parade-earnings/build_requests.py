"""Build ../requests/byo-r21b-parade-earnings.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (annual dollars against the user's "k", "million", per-month and
per-week figures), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. The table has no name column: people are picked out
by their state, age, gender and celebrity flag.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r21b-parade-earnings"
PREFIX = "r21b-pa"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 130 and list(df["id"]) == [str(i) for i in range(1, 131)]
assert list(df.columns) == ["id", "earnings", "age", "gender", "state", "celebrity"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
EARN, AGE = num("earnings"), num("age")
assert set(df.gender) == {"male", "female"} and set(df.celebrity) == {"yes", "no"}
assert df.notna().all().all() and (EARN % 1 == 0).all() and (AGE % 1 == 0).all()   # no blanks; whole dollars, whole years
STATES = sorted(df.state.unique())

WHAT = ["earn", "Earn", "income", "Income", "salar", "Salar", "wage", "Wage", "pay", "Pay", "Parade"]

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


def person(mask):
    r = df[mask]
    assert len(r) == 1, int(mask.sum())
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what kind of data is this?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["women making more than 100k"],
    {"has_items": True, "text_in": {"gender": ["female"]}, "num_range": {"earnings": [100001, None]}},
    (df.gender == "female") & (EARN / 1000 > 100), 5)
add("plain", ["show me the celebrities"], {"has_items": True, "text_in": {"celebrity": ["yes"]}},
    df.celebrity == "yes", 5)
add("plain", ["people from california"], {"has_items": True, "text_in": {"state": ["CA"]}}, df.state == "CA", 5)
add("plain", ["folks between 30 and 40 years old"], {"has_items": True, "num_range": {"age": [30, 40]}},
    (AGE >= 30) & (AGE <= 40), 5)

# ---- units (earnings are annual US dollars) ------------------------------------------------------
add("units", ["who makes more than $5k a month?"], {"has_items": True, "num_range": {"earnings": [60001, None]}},
    EARN / 12 > 5000, 5)
add("units", ["anyone earning less than 500 dollars a week"], {"has_items": True, "num_range": {"earnings": [None, 25999]}},
    EARN / 52 < 500)

# ---- fact (no names: a person is picked out by unique attributes) -----------------------------------
p = person((df.celebrity == "yes") & (df.state == "IN"))
assert p["earnings"] == "42000000"
add("fact", ["how much does the celebrity from Indiana earn?"], {"reply_number": 42000000})
p = person(AGE == AGE.max())
assert p["earnings"] == "79600" and p["age"] == "64"
add("fact", ["what does the oldest person in the survey make"], {"reply_number": 79600})
p = person((df.celebrity == "yes") & (AGE == 19))
assert p["state"] == "MI"
add("fact", ["which state is the 19 year old celeb from?"], {"reply_contains_any": ["MI", "Michigan"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.celebrity == "yes").sum() == 11
add("count", ["how many celebrities are in the list"], {"reply_number": 11})
assert (df.state == "TX").sum() == 4
add("count", ["how many people are from Texas?"], {"reply_number": 4})
assert ((EARN >= 100000) & (EARN < 1000000)).sum() == 13
add("count", ["how many people earn six figures"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(EARN, 3)                                    # 42M, 27M, 25M; next is 21M (twice)
assert sorted(EARN[df.id.isin(top3)]) == [25000000, 27000000, 42000000]
add("superlative", ["top 3 earners"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
low = top_ids(EARN, 1, largest=False)
assert low == ["1"] and EARN.min() == 10000
add("superlative", ["who's the lowest paid person?"], {"has_items": True, "subset_of_ids": low}, df.id.isin(low), 1)

# ---- ordinal (compared with another person) ---------------------------------------------------
mi = person((df.celebrity == "yes") & (df.state == "MI"))
assert mi["earnings"] == "1000000"
add("ordinal", ["who earns more than the celebrity from michigan?"],
    {"has_items": True, "num_range": {"earnings": [1000001, None]}}, EARN > float(mi["earnings"]))
ind = person((df.celebrity == "yes") & (df.state == "IN"))
assert ind["age"] == "28"
add("ordinal", ["celebs who are older than the one from Indiana"],
    {"has_items": True, "text_in": {"celebrity": ["yes"]}, "num_range": {"age": [29, None]}},
    (df.celebrity == "yes") & (AGE > float(ind["age"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["non-celebrities in their twenties"],
    {"has_items": True, "text_in": {"celebrity": ["no"]}, "num_range": {"age": [20, 29]}},
    (df.celebrity != "yes") & (AGE >= 20) & (AGE <= 29))
others = [s for s in STATES if s != "CA"]
add("negation", ["people not from California making over 200k"],
    {"has_items": True, "text_in": {"state": others}, "num_range": {"earnings": [200001, None]}},
    (df.state != "CA") & (EARN > 200000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anyone from hawaii or alaska?"], {"has_items": True, "text_in": {"state": ["HI", "AK"]}},
    df.state.isin(["HI", "AK"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["women in the survey", "only the ones under 30"],
    {"has_items": True, "text_in": {"gender": ["female"]}, "num_range": {"age": [None, 29]}},
    (df.gender == "female") & (AGE < 30))
add("follow_up", ["show me the men", "leave out the celebrities", "now just those making between 50 and 80 thousand"],
    {"has_items": True, "text_in": {"gender": ["male"], "celebrity": ["no"]}, "num_range": {"earnings": [50000, 80000]}},
    (df.gender == "male") & (df.celebrity == "no") & (EARN >= 50000) & (EARN <= 80000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there anybody earning over 100 million?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    EARN > 100_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "44", "state"].item() == "TX"
add("id_lookup", ["tell me about item 44"], {"has_items": True, "subset_of_ids": ["44"]}, df.id == "44")

finish()
