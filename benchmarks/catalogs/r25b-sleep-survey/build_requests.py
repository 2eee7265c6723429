"""Build ../requests/byo-r25b-sleep-survey.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (night sleep and work are stored as minutes per
week: hours a night = minutes / 7 / 60, hours a week = minutes / 60), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. The survey's
own identifier `case` equals the row `id` (asserted), so "respondent 245" and "item 245" are the same row.
The flags are 0/1, except `clerical` and `construc`, written `0.0`/`1.0`, which hold a fractional mean
(0.18233..., 0.03007...) for the 174 people not in the labour force; facets match the raw strings.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25b-sleep-survey"
PREFIX = "r25b-sl"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 706 and list(df["id"]) == [str(i) for i in range(1, 707)]
assert df.shape[1] == 35 and list(df.columns[:4]) == ["id", "age", "black", "case"]
assert (df["case"] == df["id"]).all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, SLEEP, WORK, EDUC = num("age"), num("sleep"), num("totwrk"), num("educ")
assert (SLEEP % 1 == 0).all() and (WORK % 1 == 0).all()   # whole minutes per week
for flag in ["black", "gdhlth", "inlf", "male", "marr", "prot", "selfe", "smsa", "south", "spwrk75", "union",
             "yngkid"]:
    assert set(df[flag]) == {"0", "1"}, flag
assert set(df.clerical) == {"0.0", "1.0", "0.1823309957981109"}
assert set(df.construc) == {"0.0", "1.0", "0.0300750005990266"}
assert df.hrwage.isna().sum() == 174 and df.lhrwage.isna().sum() == 174
assert ((df.inlf == "0") == df.hrwage.isna()).all()
PER_NIGHT = SLEEP / 7 / 60                                 # hours of night sleep per night
WORK_H = WORK / 60                                         # hours worked per week

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero"]
WHAT = ["sleep", "Sleep", "survey", "Survey", "respondent", "people", "People", "time use", "Time use"]


def person(case):
    r = df[df["case"] == str(case)]
    assert len(r) == 1, case
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
add("greeting", ["what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["married women with a kid under 3"],
    {"has_items": True, "text_in": {"male": ["0"], "marr": ["1"], "yngkid": ["1"]}},
    (df.male == "0") & (df.marr == "1") & (df.yngkid == "1"), 5)
add("plain", ["union members living in the south"],
    {"has_items": True, "text_in": {"union": ["1"], "south": ["1"]}}, (df.union == "1") & (df.south == "1"), 5)
gap_empty("age", 50, 51)
add("plain", ["self-employed men over 50"],
    {"has_items": True, "text_in": {"selfe": ["1"], "male": ["1"]}, "num_range": {"age": [51, None]}},
    (df.selfe == "1") & (df.male == "1") & (AGE > 50), 5)
add("plain", ["people with 16+ years of schooling who are not in good health"],
    {"has_items": True, "text_in": {"gdhlth": ["0"]}, "num_range": {"educ": [16, None]}},
    (EDUC >= 16) & (df.gdhlth == "0"), 5)

# ---- units (sleep and totwrk are minutes per week) ---------------------------------------------
# more than 9 hours a night = more than 3780 minutes a week; whole minutes
gap_empty("sleep", 9 * 60 * 7, 3781)
add("units", ["who sleeps more than 9 hours a night?"],
    {"has_items": True, "num_range": {"sleep": [3781, None]}}, PER_NIGHT > 9)
# more than 50 hours a week = more than 3000 minutes
gap_empty("totwrk", 3000, 3001)
add("units", ["peple working over 50 hours a week"],
    {"has_items": True, "num_range": {"totwrk": [3001, None]}}, WORK_H > 50)

# ---- fact (asked by the survey's case number, which equals the row id) --------------------------
assert person(245)["sleep"] == "3308"
add("fact", ["how many minutes a week does respondent 245 sleep at night?"], {"reply_number": 3308})
assert person(88)["age"] == "32"
add("fact", ["how old is case 88"], {"reply_number": 32})
assert person(300)["educ"] == "12"
add("fact", ["how many years of school does respondent 300 have"], {"reply_number": 12})

# ---- count ----------------------------------------------------------------------------------
assert (df.inlf == "1").sum() == 532
add("count", ["how many people are in the labor force?"], {"reply_number": 532})
assert df.hrwage.isna().sum() == 174
add("count", ["how many respondents have no hourly wage recorded"], {"reply_number": 174})
assert (df.black == "1").sum() == 35
add("count", ["how many black respondents are there?"], {"reply_number": 35})

# ---- superlative ----------------------------------------------------------------------------
least = top_ids(SLEEP, 1, largest=False)                   # 755 minutes; next is 1485
assert least == ["624"] and SLEEP.min() == 755
add("superlative", ["who gets the least sleep?"], {"has_items": True, "subset_of_ids": least}, df.id.isin(least), 1)
work3 = top_ids(WORK, 3)                                   # 6415, 5043, 5020; next is 4805
assert sorted(WORK[df.id.isin(work3)], reverse=True) == [6415, 5043, 5020]
add("superlative", ["the 3 people who work the most hours"],
    {"has_items": True, "subset_of_ids": work3}, df.id.isin(work3), 3)

# ---- ordinal (compared with another respondent) -----------------------------------------------
assert person(1)["sleep"] == "3113"
add("ordinal", ["people who sleep more than respondent 1"],
    {"has_items": True, "num_range": {"sleep": [3114, None]}}, SLEEP > float(person(1)["sleep"]))
assert person(3)["totwrk"] == "2815"
add("ordinal", ["men who work more hours than case 3"],
    {"has_items": True, "text_in": {"male": ["1"]}, "num_range": {"totwrk": [2816, None]}},
    (df.male == "1") & (WORK > float(person(3)["totwrk"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["people not in good health"], {"has_items": True, "text_in": {"gdhlth": ["0"]}},
    df.gdhlth != "1", 5)
add("negation", ["unmarried people who dont live in the south"],
    {"has_items": True, "text_in": {"marr": ["0"], "south": ["0"]}}, (df.marr != "1") & (df.south != "1"), 5)

# ---- disjunction (two flag columns, so the answer is listed by id) -------------------------------
disj = ((df.clerical == "1.0") | (df.construc == "1.0")) & (df.south == "1")
assert ((df.clerical == "1.0") & disj).any() and ((df.construc == "1.0") & disj).any()
add("disjunction", ["clerical or construction workers in the south"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj, 2)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the self-employed", "only women"],
    {"has_items": True, "text_in": {"selfe": ["1"], "male": ["0"]}}, (df.selfe == "1") & (df.male == "0"))
# less than 7 hours a night = less than 2940 minutes a week
gap_empty("sleep", 2939, 7 * 60 * 7)
add("follow_up", ["married men", "just the ones with a child under 3",
                  "which of those sleep less than 7 hours a night?"],
    {"has_items": True, "text_in": {"marr": ["1"], "male": ["1"], "yngkid": ["1"]},
     "num_range": {"sleep": [None, 2939]}},
    (df.marr == "1") & (df.male == "1") & (df.yngkid == "1") & (PER_NIGHT < 7))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anyone over 70?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE > 70)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "512", "age"].item() == "39"
add("id_lookup", ["show me item 512"], {"has_items": True, "subset_of_ids": ["512"]}, df.id == "512")

finish()
