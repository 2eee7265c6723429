"""Build ../requests/byo-r5a-occupations.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed here with
plain pandas expressions, and the script asserts that the `expect` facets (read the way a checker reads
items.csv: plain pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are asserted against
the file. Conventions: the occupation name is the column `rownames` (dotted, some misspelt: `physio.therapsts`);
`income` is average dollars a year (1971), `women` is percent of workers who are women (0-100, no % sign),
`education` is average years of schooling, `prestige` is a 0-100 score; `type` codes: `bc` = blue collar,
`wc` = white collar, `prof` = professional/managerial; a blank `type` never matches any type, so "not blue
collar" means `prof` or `wc`. "Teachers" = every `rownames` containing `teachers`; "nurses" = `nurses` only
(`nursing.aides` are aides).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5a-occupations"
PREFIX = "oc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 102 and list(df["id"]) == list(range(1, 103))
assert list(df.columns) == ["id", "rownames", "education", "income", "women", "prestige", "census", "type"]
assert df["rownames"].is_unique
TYPES = ["bc", "prof", "wc"]
assert sorted(df["type"].dropna().unique()) == TYPES and int(df["type"].isna().sum()) == 4
typ = df["type"]
inc = df["income"]
women = df["women"]
pres = df["prestige"]
name = df["rownames"]
assert str(inc.dtype).startswith("int")


def by_name(n):
    r = df[name == n]
    assert len(r) == 1, n
    return r.iloc[0]

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "there were no", "isn't", "aren't", "wasn't", "weren't"]
WHAT = ["occupation", "Occupation", "job", "Job", "profession", "Profession", "career", "Career", "prestige",
        "Prestige", "work", "Work"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
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
    """nothing strictly between lo and hi (the strict bound and the written inclusive one)"""
    v = df[col]
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what is this catalog?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["white collar jobs"], {"has_items": True, "text_in": {"type": ["wc"]}}, typ == "wc", 5)
add("plain", ["show me profesional occupations"], {"has_items": True, "text_in": {"type": ["prof"]}}, typ == "prof", 5)
gap_empty("women", 50, 50.01)
add("plain", ["jobs that are mostly women"], {"has_items": True, "num_range": {"women": [50.01, None]}}, women > 50, 5)
gap_empty("prestige", 70, 70.1)
add("plain", ["high prestige jobs, like over 70"], {"has_items": True, "num_range": {"prestige": [70.1, None]}},
    pres > 70, 5)

# ---- units (income in dollars a year, women in percent; no unit in either column) -------------
low = inc < 3000
assert int(low.sum()) == 9
add("units", ["jobs making under 3 grand a year"], {"has_items": True, "num_range": {"income": [None, 2999]}}, low, 5)
gap_empty("women", 9.99, 10)
few_w = women < 10
add("units", ["jobs where less than 1 in 10 workers are women"],
    {"has_items": True, "num_range": {"women": [None, 9.99]}}, few_w, 5)

# ---- fact -----------------------------------------------------------------------------------
assert by_name("physicians")["income"] == 25308
add("fact", ["what do physicians make on average"], {"reply_number": 25308})
assert by_name("physio.therapsts")["prestige"] == 72.1 and not name.str.contains("physiothera").any()
add("fact", ["prestige score for physiotherapists?"], {"reply_number": 72.1})
assert by_name("nurses")["women"] == 96.12
add("fact", ["what percent of nurses are women"], {"reply_number": 96.12})

# ---- count ----------------------------------------------------------------------------------
assert int((typ == "bc").sum()) == 44
add("count", ["how many blue collar jobs are there"], {"reply_number": 44})
add("count", ["how many occupations dont have a type listed"], {"reply_number": 4})
assert int((inc > 10000).sum()) == 13
add("count", ["how many jobs pay more than 10k"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
top = pres == pres.max()
assert ids(top) == ["24"] and by_name("physicians")["id"] == 24
add("superlative", ["most prestigious job"], {"has_items": True, "subset_of_ids": ["24"]}, top)
low3 = df["id"].isin(df.nsmallest(3, "income")["id"])
assert ids(low3) == ["53", "63", "68"] and inc.nsmallest(4).iloc[3] > inc.nsmallest(3).max()
add("superlative", ["the 3 lowest paid jobs"], {"has_items": True, "subset_of_ids": ["53", "63", "68"]}, low3, 3)

# ---- ordinal (rank positions) ----------------------------------------------------------------
by_inc = df.sort_values("income", ascending=False)["id"].tolist()
assert inc.nlargest(3).is_unique
assert by_inc[1] == 24  # general.managers 25879 first, physicians 25308 second
add("ordinal", ["which job is the 2nd highest paying"], {"has_items": True, "subset_of_ids": ["24"]}, df["id"] == 24)
by_pres = df.sort_values("prestige", ascending=False)
assert pres.nlargest(4).is_unique and by_pres["id"].iloc[2] == 17 and by_pres["rownames"].iloc[2] == "lawyers"
add("ordinal", ["whats the third most prestigious occupation"], {"has_items": True, "subset_of_ids": ["17"]},
    df["id"] == 17)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["jobs that aren't blue collar"], {"has_items": True, "text_in": {"type": ["prof", "wc"]}},
    typ.notna() & (typ != "bc"), 5)
n2 = (inc > 8000) & typ.isin(["bc", "wc"])
assert int(n2.sum()) == 8
add("negation", ["jobs paying over 8k that are not professional ones"],
    {"has_items": True, "text_in": {"type": ["bc", "wc"]}, "num_range": {"income": [8001, None]}}, n2, 5)

# ---- disjunction ----------------------------------------------------------------------------
nt = name.str.contains("teachers") | (name == "nurses")
assert ids(nt) == ["21", "22", "23", "27"]
add("disjunction", ["nurses or teachers"], {"has_items": True, "subset_of_ids": ["21", "22", "23", "27"]}, nt)

# ---- follow_up (expect applies to the last turn, cumulative) ----------------------------------
f1 = (typ == "bc") & (women > 50)
assert int(f1.sum()) == 7
add("follow_up", ["blue collar jobs", "ones where most of the workers are women"],
    {"has_items": True, "text_in": {"type": ["bc"]}, "num_range": {"women": [50.01, None]}}, f1)
f2 = (inc > 10000) & (typ == "prof") & (pres < 70)
gap_empty("prestige", 69.9, 70)
assert int(f2.sum()) == 7
add("follow_up", ["jobs paying over 10 grand", "only the professional ones", "and prestige under 70"],
    {"has_items": True, "text_in": {"type": ["prof"]}, "num_range": {"income": [10001, None], "prestige": [None, 69.9]}},
    f2)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["white collar jobs that pay more than 20k"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (typ == "wc") & (inc > 20000))

# ---- id_lookup ------------------------------------------------------------------------------
assert by_name("slaughterers.1")["id"] == 71
add("id_lookup", ["what's item 71"], {"has_items": True, "subset_of_ids": ["71"]}, df["id"] == 71)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
