"""Build ../requests/byo-r31a-ma-high-schools.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (shares of disadvantaged students are stored in percent and asked as
"more than half" or "one in twenty"), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file; facts by school name are asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31a-ma-high-schools"
PREFIX = "r31a-ma"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 332 and list(df["id"]) == [str(i) for i in range(1, 333)]
assert list(df.columns) == ["id", "school_name", "average_sat_math", "perc_disadvan", "size"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SAT, DIS = num("average_sat_math"), num("perc_disadvan")
assert set(df["size"]) == {"small", "medium", "large"} and df.notna().all().all()
assert df.school_name.is_unique and (SAT % 1 == 0).all()
assert ((DIS * 10).round(6) % 1 == 0).all()               # percents with one decimal

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["school", "School", "SAT", "high school", "High School"]


def school(name):
    r = df[df["school_name"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hey, what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["big high schools averaging at least 600 on SAT math"],
    {"has_items": True, "text_in": {"size": ["large"]}, "num_range": {"average_sat_math": [600, None]}},
    (df["size"] == "large") & (SAT >= 600), 5)
add("plain", ["small schools"], {"has_items": True, "text_in": {"size": ["small"]}}, df["size"] == "small", 5)
add("plain", ["schools where the math SAT average is between 500 and 550"],
    {"has_items": True, "num_range": {"average_sat_math": [500, 550]}}, (SAT >= 500) & (SAT <= 550), 5)
gap_empty("perc_disadvan", 19.9, 20)
add("plain", ["medium sized scools with less than 20% economically disadvantaged students"],
    {"has_items": True, "text_in": {"size": ["medium"]}, "num_range": {"perc_disadvan": [None, 19.9]}},
    (df["size"] == "medium") & (DIS < 20), 5)

# ---- units (perc_disadvan is a percent; users say "half", "one in twenty") -------------------------
# more than half = share > 0.5 = percent > 50; percents have one decimal
gap_empty("perc_disadvan", 50, 50.1)
add("units", ["which schools have more than half their students disadvantaged?"],
    {"has_items": True, "num_range": {"perc_disadvan": [50.1, None]}}, DIS / 100 > 0.5)
# fewer than one in twenty = share < 1/20 = percent < 5
gap_empty("perc_disadvan", 4.9, 5)
add("units", ["schools where fewer than one in twenty kids are disadvantaged"],
    {"has_items": True, "num_range": {"perc_disadvan": [None, 4.9]}}, DIS / 100 < 1 / 20)

# ---- fact (asked by school name; names asserted unique) ------------------------------------------
assert school("Lexington High")["average_sat_math"] == "645"
add("fact", ["what's the average math SAT at Lexington High?"], {"reply_number": 645})
assert school("Springfield Central High")["perc_disadvan"] == "62.4"
add("fact", ["what percent of students at Springfield Central High are disadvantaged?"], {"reply_number": 62.4})
assert school("Hopedale Jr Sr High")["size"] == "medium"
add("fact", ["what size of school is Hopedale Jr Sr High?"], {"reply_contains_any": ["medium", "Medium"]})

# ---- count ----------------------------------------------------------------------------------
assert (df["size"] == "large").sum() == 235
add("count", ["how many large schools are on the list"], {"reply_number": 235})
n600 = int((SAT >= 600).sum())
assert n600 == 20, n600
add("count", ["how many schools average 600 or more in math?"], {"reply_number": n600})
gap_empty("perc_disadvan", 70, 70.1)
n70 = int((DIS > 70).sum())
assert n70 == 5, n70
add("count", ["how many schools have over 70% disadvantaged students"], {"reply_number": n70})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(SAT, 3)                                     # 741, 658, 647; next is 645
assert sorted(SAT[df.id.isin(top3)]) == [647, 658, 741]
add("superlative", ["top 3 schools by math SAT"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
least = top_ids(DIS, 1, largest=False)                     # 3.1; next is 3.4
assert DIS[df.id.isin(least)].tolist() == [3.1]
add("superlative", ["which school has the lowest share of disadvantaged students?"],
    {"has_items": True, "subset_of_ids": least}, df.id.isin(least), 1)

# ---- ordinal (compared with another school) -------------------------------------------------
nn = int(school("Newton North High")["average_sat_math"])
assert nn == 598
add("ordinal", ["schools with a higher math SAT than Newton North High"],
    {"has_items": True, "num_range": {"average_sat_math": [nn + 1, None]}}, SAT > nn)
fr = float(school("Four Rivers Charter Public School")["perc_disadvan"])
assert fr == 29.5
gap_empty("perc_disadvan", 29.4, 29.5)
add("ordinal", ["small schools with fewer dissadvantaged students than Four Rivers Charter Public School"],
    {"has_items": True, "text_in": {"size": ["small"]}, "num_range": {"perc_disadvan": [None, 29.4]}},
    (df["size"] == "small") & (DIS < fr))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["schools that aren't large, with SAT math over 520"],
    {"has_items": True, "text_in": {"size": ["medium", "small"]}, "num_range": {"average_sat_math": [521, None]}},
    (df["size"] != "large") & (SAT > 520))
add("negation", ["schools that don't average below 500 in math"],
    {"has_items": True, "num_range": {"average_sat_math": [500, None]}}, ~(SAT < 500))

# ---- disjunction ----------------------------------------------------------------------------
disj = (SAT < 380) | (SAT > 640)
dj = ids(disj)
assert len(dj) == 17, dj
add("disjunction", ["schools with math SAT under 380 or over 640"], {"has_items": True, "subset_of_ids": dj}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the medium schools", "only the ones scoring above 540 in math"],
    {"has_items": True, "text_in": {"size": ["medium"]}, "num_range": {"average_sat_math": [541, None]}},
    (df["size"] == "medium") & (SAT > 540))
gap_empty("perc_disadvan", 9.9, 10)
add("follow_up", ["large high schools", "with under 10% disadvantaged", "which of those average below 580 in math"],
    {"has_items": True, "text_in": {"size": ["large"]},
     "num_range": {"perc_disadvan": [None, 9.9], "average_sat_math": [None, 579]}},
    (df["size"] == "large") & (DIS < 10) & (SAT < 580))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any school averaging over 750 on the math SAT?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SAT > 750)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "207", "school_name"].item() == "Newton North High"
add("id_lookup", ["tell me about item 207"], {"has_items": True, "subset_of_ids": ["207"]}, df.id == "207")

finish()
