"""Build ../requests/byo-r10a-uk-1992-election.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (vote shares stored as 0-1 fractions are multiplied by 100 and compared
with the user's percents; "Tories"/"Labour"/"Lib Dems" are v1/v2/v3, "held by" is the incumbency flag), and
the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. Two rows have a blank constituency and county.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10a-uk-1992-election"
PREFIX = "r10a-uk"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 521 and list(df["id"]) == [str(i) for i in range(1, 522)]
assert list(df.columns) == ["id", "constituency", "county", "y1", "y2", "y1lag", "y2lag", "coninc", "labinc",
                            "libinc", "v1", "v2", "v3"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CON, LAB, LIB = num("v1") * 100, num("v2") * 100, num("v3") * 100     # shares of the 3-party vote, in percent
assert df.constituency.isna().sum() == 2 and df.county.isna().sum() == 2
assert ((num("v1") + num("v2") + num("v3")) - 1).abs().max() < 0.0002
for c in ["coninc", "labinc", "libinc"]:
    assert set(df[c]) == {"0", "1"}
assert (num("v1").round(4) == num("v1")).all() and (num("v2").round(4) == num("v2")).all() \
    and (num("v3").round(4) == num("v3")).all()            # shares have 4 decimals: strict bounds step 0.0001
WHAT = ["constituenc", "Constituenc", "seat", "Seat", "election", "Election", "vote", "Vote"]


def seat(name):
    r = df[df["constituency"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
CON, LAB, LIB = CON.round(6), LAB.round(6), LIB.round(6)   # percent values without float tails

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["constituencies in Essex"], {"has_items": True, "text_in": {"county": ["Essex"]}},
    df.county == "Essex", 5)
add("plain", ["Labour-held seats in Merseyside"],
    {"has_items": True, "text_in": {"county": ["Merseyside"], "labinc": ["1"]}},
    (df.county == "Merseyside") & (df.labinc == "1"), 5)
gap_empty("v2", 0.6, 0.6001)
add("plain", ["seats where labour got over 60%"], {"has_items": True, "num_range": {"v2": [0.6001, None]}},
    LAB > 60, 5)
add("plain", ["tory seats in surrey"], {"has_items": True, "text_in": {"county": ["Surrey"], "coninc": ["1"]}},
    (df.county == "Surrey") & (df.coninc == "1"), 5)

# ---- units (shares are 0-1 fractions of the three-party vote; users speak percent) -----------
gap_empty("v2", 2 / 3, 0.6667)
add("units", ["where did Labour get more than two thirds of the vote"],
    {"has_items": True, "num_range": {"v2": [0.6667, None]}}, LAB > 200 / 3)
add("units", ["lib dem share between 35 and 45 per cent"],
    {"has_items": True, "num_range": {"v3": [0.35, 0.45]}}, (LIB >= 35) & (LIB <= 45), 5)

# ---- fact ------------------------------------------------------------------------------------
assert seat("Skipton & Ripon")["v1"] == "0.5841"
add("fact", ["what % did the tories get in Skipton & Ripon"],
    {"reply_contains_any": ["58.4", "0.5841", "0.584"]})
assert seat("Bishop Auckland")["county"] == "Durham"
add("fact", ["which county is Bishop Auckland in?"], {"reply_contains": "Durham"})
assert seat("Bath")["v3"] == "0.4968"
add("fact", ["lib dem vote share in Bath?"], {"reply_contains_any": ["0.4968", "0.497", "49.68", "49.7"]})

# ---- count -----------------------------------------------------------------------------------
assert (df.coninc == "1").sum() == 299
add("count", ["how many seats were the Conservatives defending?"], {"reply_number": 299})
assert (df.county == "West Yorkshire").sum() == 22
add("count", ["how many constituancies are listed for West Yorkshire"], {"reply_number": 22})
assert (df.libinc == "1").sum() == 8
add("count", ["how many seats had a sitting Lib Dem MP"], {"reply_number": 8})

# ---- superlative -----------------------------------------------------------------------------
lab3 = top_ids(LAB, 3)                                    # 80.59, 78.55, 77.19; next 76.79
assert sorted(num("v2")[df.id.isin(lab3)], reverse=True) == [0.8059, 0.7855, 0.7719]
add("superlative", ["Labour's 3 safest seats by vote share"], {"has_items": True, "subset_of_ids": lab3},
    df.id.isin(lab3), 3)
lib1 = top_ids(LIB, 1)
assert df.loc[df.id == lib1[0], "constituency"].item() == "Southwark & Bermondsey"
add("superlative", ["where did the lib dems do best?"], {"has_items": True, "subset_of_ids": lib1},
    df.id.isin(lib1), 1)

# ---- ordinal ---------------------------------------------------------------------------------
assert seat("Bishop Auckland")["v2"] == "0.4999"
add("ordinal", ["seats where Labour did better than in Bishop Auckland"],
    {"has_items": True, "num_range": {"v2": [0.5, None]}}, LAB > float(seat("Bishop Auckland")["v2"]) * 100)
con2 = sorted(set(top_ids(CON, 2)) - set(top_ids(CON, 1)), key=int)   # 69.04, 66.55, 66.05: no ties
assert len(con2) == 1 and df.loc[df.id == con2[0], "v1"].item() == "0.6655"
add("ordinal", ["which seat had the 2nd highest conservitive share?"],
    {"has_items": True, "subset_of_ids": con2}, df.id.isin(con2), 1)

# ---- negation --------------------------------------------------------------------------------
add("negation", ["Merseyside seats that weren't held by Labour"],
    {"has_items": True, "text_in": {"county": ["Merseyside"], "labinc": ["0"]}},
    (df.county == "Merseyside") & ~(df.labinc == "1"))
add("negation", ["Lancashire constituencies where the Tories didn't top 40 percent"],
    {"has_items": True, "text_in": {"county": ["Lancashire"]}, "num_range": {"v1": [None, 0.4]}},
    (df.county == "Lancashire") & CON.notna() & ~(CON > 40))

# ---- disjunction -----------------------------------------------------------------------------
add("disjunction", ["constituencies in cornwall or devon"],
    {"has_items": True, "text_in": {"county": ["Cornwall", "Devon"]}},
    (df.county == "Cornwall") | (df.county == "Devon"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["seats in West Yorkshire", "just the ones Labour was defending"],
    {"has_items": True, "text_in": {"county": ["West Yorkshire"], "labinc": ["1"]}},
    (df.county == "West Yorkshire") & (df.labinc == "1"))
gap_empty("v3", 0.3, 0.3001)
gap_empty("v2", 0.1499, 0.15)
add("follow_up", ["show me seats where the lib dems got over 30 percent", "only ones the conservatives held",
                  "and labour under 15%"],
    {"has_items": True, "num_range": {"v3": [0.3001, None], "v2": [None, 0.1499]}, "text_in": {"coninc": ["1"]}},
    (LIB > 30) & (df.coninc == "1") & (LAB < 15))

# ---- impossible ------------------------------------------------------------------------------
assert num("v3").max() == 0.5821
add("impossible", ["any seat where the Lib Dems won more than 60% of the vote?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, LIB > 60)

# ---- id_lookup (a row whose constituency and county are blank) --------------------------------
assert df.loc[df.id == "184", "constituency"].isna().item() and df.loc[df.id == "184", "v2"].item() == "0.4196"
add("id_lookup", ["show me item 184"], {"has_items": True, "subset_of_ids": ["184"]}, df.id == "184")

finish()
