"""Build ../requests/byo-r34a-senate-cafe-vote.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (contributions against the user's "k", "grand" and "six figures"), and
the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. `Vote` is 1 = yes on the March 2002 amendment that shelved the CAFE bill, 0 = no;
`Dem` is 1 for Democrats *and* the one Independent (Jeffords), so "democrats" are matched on `Party`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34a-senate-cafe-vote"
PREFIX = "r34a-sc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 100 and list(df["id"]) == [str(i) for i in range(1, 101)]
assert list(df.columns) == ["id", "Senator", "State", "Party", "Contribution", "LogContr", "Dem", "Vote"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MONEY, VOTE = num("Contribution"), num("Vote")
assert set(df.Party) == {"D", "R", "I"} and set(df.Vote) == {"0", "1"} and df.notna().all().all()
assert (MONEY % 1 == 0).all() and df.Senator.str.lower().is_unique   # whole dollars; names unique

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["senator", "Senator", "Senate", "senate", "vote", "Vote"]


def senator(last):
    r = df[df["Senator"].str.lower().str.startswith(last.lower() + ",")]
    assert len(r) == 1, last
    return r.iloc[0]

REQS = []


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
add("greeting", ["hey, what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["republican senators who voted no"],
    {"has_items": True, "text_in": {"Party": ["R"]}, "num_range": {"Vote": [0, 0]}},
    (df.Party == "R") & (VOTE == 0), 5)
gap_empty("Contribution", 20000, 20001)
add("plain", ["democrats that got more than 20k from the car companies"],
    {"has_items": True, "text_in": {"Party": ["D"]}, "num_range": {"Contribution": [20001, None]}},
    (df.Party == "D") & (MONEY / 1000 > 20), 5)
gap_empty("Contribution", 4999, 5000)
add("plain", ["senators who voted yes and took less than $5,000 from automakers"],
    {"has_items": True, "num_range": {"Vote": [1, 1], "Contribution": [None, 4999]}},
    (VOTE == 1) & (MONEY < 5000), 5)
add("plain", ["who got between 10k and 15k?"],
    {"has_items": True, "num_range": {"Contribution": [10000, 15000]}}, (MONEY >= 10000) & (MONEY <= 15000), 5)

# ---- units (Contribution is in whole US dollars; no unit in the header) -----------------------------
gap_empty("Contribution", 99999, 100000)
add("units", ["did anybody get six figures from the auto industry"],
    {"has_items": True, "num_range": {"Contribution": [100000, None]}}, MONEY >= 100000)
gap_empty("Contribution", 999, 1000)
add("units", ["senators with under a grand in car maker money"],
    {"has_items": True, "num_range": {"Contribution": [None, 999]}}, MONEY < 1000)

# ---- fact -----------------------------------------------------------------------------------
assert senator("McCain")["Contribution"] == "29350"
add("fact", ["how much did John McCain get from the car makers?"], {"reply_number": 29350})
assert senator("Feingold")["Contribution"] == "1326"
add("fact", ["feingold's contributions from automakers?"], {"reply_number": 1326})
assert senator("Snowe")["State"] == "ME"
add("fact", ["which state is Olympia Snowe from"], {"reply_contains_any": ["ME", "Maine"]})

# ---- count ----------------------------------------------------------------------------------
assert (VOTE == 1).sum() == 62
add("count", ["how many senators voted yes on it?"], {"reply_number": 62})
assert (MONEY == 0).sum() == 6
add("count", ["how many got zero dollars from the car industry"], {"reply_number": 6})
n_dyes = int(((df.Party == "D") & (VOTE == 1)).sum())
assert n_dyes == 19, n_dyes
add("count", ["how many democrats voted yes"], {"reply_number": n_dyes})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(MONEY, 3)                                 # 133250, 51668, 48939; next is 48350
assert sorted(MONEY[df.id.isin(top3)]) == [48939, 51668, 133250]
add("superlative", ["top 3 senators by auto industry money"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
rep = MONEY.where(df.Party == "R")
least_r = top_ids(rep, 1, largest=False)                 # Chafee, 250; next is 2000
assert df.loc[df.id == least_r[0], "Senator"].item() == "Chafee, Lincoln"
add("superlative", ["which republican got the least from carmakers"],
    {"has_items": True, "subset_of_ids": least_r}, df.id.isin(least_r), 1)

# ---- ordinal (compared with another senator) ------------------------------------------------
mc = int(senator("McCain")["Contribution"])
gap_empty("Contribution", mc, mc + 1)
add("ordinal", ["senators who got more money than McCain"],
    {"has_items": True, "num_range": {"Contribution": [mc + 1, None]}}, MONEY > mc)
ted = int(senator("Kennedy")["Contribution"])
assert ted == 3150
gap_empty("Contribution", ted - 1, ted)
add("ordinal", ["democrats who recieved less than Ted Kennedy"],
    {"has_items": True, "text_in": {"Party": ["D"]}, "num_range": {"Contribution": [None, ted - 1]}},
    (df.Party == "D") & (MONEY < ted))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["senators who aren't republicans but still voted yes"],
    {"has_items": True, "text_in": {"Party": ["D", "I"]}, "num_range": {"Vote": [1, 1]}},
    (df.Party != "R") & (VOTE == 1))
add("negation", ["people who didn't vote yes even though they got 10k or more"],
    {"has_items": True, "num_range": {"Vote": [0, 0], "Contribution": [10000, None]}},
    (VOTE != 1) & (MONEY >= 10000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["senators from Michigan or Ohio"],
    {"has_items": True, "text_in": {"State": ["MI", "OH"]}}, df.State.isin(["MI", "OH"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["senators who voted no", "just the republicans"],
    {"has_items": True, "text_in": {"Party": ["R"]}, "num_range": {"Vote": [0, 0]}},
    (VOTE == 0) & (df.Party == "R"))
gap_empty("Contribution", 9999, 10000)
add("follow_up", ["show me the democrats", "the ones who voted yes", "which of those got under 10k"],
    {"has_items": True, "text_in": {"Party": ["D"]}, "num_range": {"Vote": [1, 1], "Contribution": [None, 9999]}},
    (df.Party == "D") & (VOTE == 1) & (MONEY < 10000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any senator who took over a million dollars from automakers?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, MONEY > 1_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "Senator"].item() == "Snowe, Olympia"
add("id_lookup", ["show me item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
