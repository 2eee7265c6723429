"""Build ../requests/byo-r36a-heart-transplants.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (days converted from the user's years and weeks), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the
file. A patient has no name or code: "patient 7" is row `id` 7 (the source's row names were 1..103 too).
0/1 flags are raw strings: `fustat`, `surgery`, `transplant` are written `0`/`1`, but `hla.a2` and
`reject` (blank for the 34 patients never transplanted and 4 transplanted ones) are written `0.0`/`1.0`.
Dates are ISO strings, so date conditions are written as `text_in` over the raw dates that qualify.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36a-heart-transplants"
PREFIX = "r36a-ht"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
N = 103
COLS = ["id", "birth.dt", "accept.dt", "tx.date", "fu.date", "fustat", "surgery", "age", "futime", "wait.time",
        "transplant", "mismatch", "hla.a2", "mscore", "reject"]

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == COLS
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]


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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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

AGE, DAYS, WAIT, MSCORE = num("age"), num("futime"), num("wait.time"), num("mscore")
ACC = df["accept.dt"]
assert set(df.fustat) == {"0", "1"} and set(df.surgery) == {"0", "1"} and set(df.transplant) == {"0", "1"}
assert set(df.reject.dropna()) == {"0.0", "1.0"} and df.reject.isna().sum() == 38
assert (df.transplant == "1").sum() == 69 and WAIT.notna().sum() == 69 and df["tx.date"].notna().sum() == 69
assert (DAYS % 1 == 0).all() and (WAIT.dropna() % 1 == 0).all()     # whole days
WHAT = ["transplant", "Transplant", "heart", "Heart", "patient", "Patient", "Stanford"]


def pt(i):
    return df[df["id"] == str(i)].iloc[0]


def dates(col, mask):
    """The raw dates of `col` in the qualifying rows (a text_in list)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), col]))


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what does this table cover?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["patients who got a transplant"], {"has_items": True, "text_in": {"transplant": ["1"]}},
    df.transplant == "1", 5)
add("plain", ["show me the ones who'd had bypass surgery before"], {"has_items": True, "text_in": {"surgery": ["1"]}},
    df.surgery == "1", 5)
add("plain", ["transplant patients whose body rejected the heart"],
    {"has_items": True, "text_in": {"reject": ["1.0"]}}, df.reject == "1.0", 5)
in1970 = ACC.str.startswith("1970")
add("plain", ["patients accepted into the program in 1970"],
    {"has_items": True, "text_in": {"accept.dt": dates("accept.dt", in1970)}}, in1970, 5)

# ---- units (futime and wait.time are in days) ---------------------------------------------------
gap_empty("futime", 730.5, 731)
add("units", ["who lived more than 2 years after being accepted"],
    {"has_items": True, "num_range": {"futime": [731, None]}}, DAYS / 365.25 > 2)
gap_empty("wait.time", 42, 43)
add("units", ["patients who waited over 6 weeks for a donor heart"],
    {"has_items": True, "num_range": {"wait.time": [43, None]}}, WAIT / 7 > 6)

# ---- fact (a patient is its row number) --------------------------------------------------------
assert pt(7)["birth.dt"] == "1917-08-29"
add("fact", ["when was patient 7 born?"],
    {"reply_contains_any": ["1917-08-29", "August 29, 1917", "29 August 1917", "Aug 29, 1917", "8/29/1917",
                            "August 29th, 1917"]})
assert pt(4)["wait.time"] == "35.0"
add("fact", ["how many days did patient 4 wait for the transplant"], {"reply_number": 35})
assert pt(3)["mscore"] == "1.11"
add("fact", ["what's patient 3's mismatch score"], {"reply_number": 1.11})

# ---- count ----------------------------------------------------------------------------------
assert (df.fustat == "0").sum() == 28
add("count", ["how many patients were still alive at the end of follow-up?"], {"reply_number": 28})
assert (df.transplant == "0").sum() == 34
add("count", ["how many never got a new heart"], {"reply_number": 34})
assert ((df.transplant == "1") & df.mismatch.isna()).sum() == 4
add("count", ["how many transplanted patients are missing the tissue mismatch data?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(DAYS, 1)
assert DAYS.max() == 1799
add("superlative", ["who was followed the longest?"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)
young3 = top_ids(AGE, 3, largest=False)                   # 8.8, 19.6, 20.3; next 20.8
add("superlative", ["the 3 youngest patients"], {"has_items": True, "subset_of_ids": young3}, df.id.isin(young3), 3)

# ---- ordinal (compared with another patient) ----------------------------------------------------
assert pt(7)["wait.time"] == "50.0"
gap_empty("wait.time", 50, 51)
add("ordinal", ["patients who waited longer than patient 7"],
    {"has_items": True, "num_range": {"wait.time": [51, None]}}, WAIT > float(pt(7)["wait.time"]))
gap_empty("mscore", 1.11, 1.12)
add("ordinal", ["who had a higher mismatch score than patient 3?"],
    {"has_items": True, "num_range": {"mscore": [1.12, None]}}, MSCORE > float(pt(3)["mscore"]))

# ---- negation -------------------------------------------------------------------------------
assert (AGE != 55).all()
add("negation", ["patients over 55 with no prior bypass surgery"],
    {"has_items": True, "text_in": {"surgery": others("surgery", "1")}, "num_range": {"age": [55, None]}},
    (df.surgery != "1") & (AGE > 55))
add("negation", ["transplant recipients that didn't reject the heart"],
    {"has_items": True, "text_in": {"transplant": ["1"], "reject": others("reject", "1.0")}},
    (df.transplant == "1") & df.reject.notna() & (df.reject != "1.0"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (AGE < 30) | (AGE > 60)
add("disjunction", ["patients younger than 30 or older than 60"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["transplant recipents", "only the ones still alive"],
    {"has_items": True, "text_in": {"transplant": ["1"], "fustat": ["0"]}},
    (df.transplant == "1") & (df.fustat == "0"))
gap_empty("wait.time", 13, 14)
late = (ACC >= "1972-01-01") & (df.transplant == "1") & (WAIT < 14)
add("follow_up", ["patients accepted from 1972 on", "who got a transplant", "and waited under 2 weeks"],
    {"has_items": True, "text_in": {"accept.dt": dates("accept.dt", late), "transplant": ["1"]},
     "num_range": {"wait.time": [None, 13]}}, late)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any patients over 70?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE > 70)

# ---- id_lookup ------------------------------------------------------------------------------
assert pt(58)["birth.dt"] == "1923-09-17"
add("id_lookup", ["tell me about item 58"], {"has_items": True, "subset_of_ids": ["58"]}, df.id == "58")

finish()
