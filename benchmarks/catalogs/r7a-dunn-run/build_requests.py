"""Build ../requests/byo-r7a-dunn-run.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (run times converted from minutes to the user's hours, h:mm or
minutes-per-mile pace), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Run times have long decimals, so strict bounds are
written a hair inside the limit and a helper asserts that no time lies in the skipped gap.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7a-dunn-run"
PREFIX = "r7a-dr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 978 and list(df["id"]) == [str(i) for i in range(1, 979)]
assert list(df.columns) == ["id", "date", "race", "bib_num", "first_name", "last_initial", "sex", "age", "city",
                            "state", "run_time_minutes"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MIN, AGE = num("run_time_minutes"), num("age")
HALF, FIVE = df.race == "half-marathon", df.race == "5k"
Y2017, Y2018 = df.date == "2017-05-13", df.date == "2018-05-12"
assert set(df.race) == {"5k", "half-marathon"} and set(df.date) == {"2017-05-13", "2018-05-12"}
assert set(df.sex) == {"F", "M"} and (AGE.dropna() % 1 == 0).all()
assert df.age.isna().sum() == 5 and df.city.isna().sum() == 7 and df.state.isna().sum() == 8
STATES = set(df.state.dropna())
MILES_5K = 5 / 1.609344                                    # 3.107 miles

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "nobody", "No one", "no one"]
WHAT = ["race", "Race", "run", "Run", "runner", "Runner", "5k", "5K", "marathon", "Marathon"]


def runner(first, initial):
    """The one row whose first name and last initial match (case-insensitive)."""
    r = df[(df.first_name.str.lower() == first) & (df.last_initial.str.lower() == initial)]
    assert len(r) == 1, (first, initial, len(r))
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
add("greeting", ["hey! what's this?"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can i look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["women who ran the half marathon"],
    {"has_items": True, "text_in": {"sex": ["F"], "race": ["half-marathon"]}}, (df.sex == "F") & HALF, 5)
add("plain", ["runners from minnesota"], {"has_items": True, "text_in": {"state": ["MN"]}}, df.state == "MN", 5)
add("plain", ["2018 5k results"],
    {"has_items": True, "text_in": {"race": ["5k"], "date": ["2018-05-12"]}}, FIVE & Y2018, 5)
gap_empty("age", 11, 12)
add("plain", ["kids under 12 in the 5k"],
    {"has_items": True, "text_in": {"race": ["5k"]}, "num_range": {"age": [None, 11]}}, FIVE & (AGE < 12), 5)

# ---- units (run_time_minutes is in minutes, with long decimals) ----------------------------------
gap_empty("run_time_minutes", 119.9999, 120)
add("units", ["half marathoners who finished in under 2 hours"],
    {"has_items": True, "text_in": {"race": ["half-marathon"]}, "num_range": {"run_time_minutes": [None, 119.9999]}},
    HALF & (MIN / 60 < 2))
# faster than an 8:00 min/mile pace over 5 km = under 24.855 minutes
gap_empty("run_time_minutes", 24.854, 8 * MILES_5K)
add("units", ["5k runners who beat an 8 minute mile pace"],
    {"has_items": True, "text_in": {"race": ["5k"]}, "num_range": {"run_time_minutes": [None, 24.854]}},
    FIVE & (MIN / MILES_5K < 8))

# ---- fact -----------------------------------------------------------------------------------
assert runner("roxana", "c")["city"] == "Cozumel"
add("fact", ["where is roxana c. from?"], {"reply_contains": "Cozumel"})
assert runner("ronald", "j")["bib_num"] == "4499"
add("fact", ["what bib number did ronald j have"], {"reply_number": 4499})
assert runner("jonathan", "d")["age"] == "21.0"
add("fact", ["how old is jonathan d"], {"reply_number": 21})

# ---- count ----------------------------------------------------------------------------------
assert HALF.sum() == 202
add("count", ["how many people ran the half marathon?"], {"reply_number": 202})
assert ((df.sex == "F") & Y2017).sum() == 278
add("count", ["how many women ran in 2017"], {"reply_number": 278})
assert df.age.isna().sum() == 5
add("count", ["how many entries are mising an age"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
fastest5k = top_ids(MIN.where(FIVE), 1, largest=False)
assert fastest5k == ["524"]
add("superlative", ["who had the fastest 5k time"], {"has_items": True, "subset_of_ids": fastest5k},
    df.id.isin(fastest5k), 1)
slow3 = top_ids(MIN.where(HALF), 3)                       # 184.7, 179.3, 179.0; next 178.7
assert len(slow3) == 3
add("superlative", ["the 3 slowest half marathon finishers"], {"has_items": True, "subset_of_ids": slow3},
    df.id.isin(slow3), 3)

# ---- ordinal (faster than a named runner) ------------------------------------------------------
rox = runner("roxana", "c")
assert rox["race"] == "half-marathon" and rox["run_time_minutes"] == "110.07083333333334"
gap_empty("run_time_minutes", 110.0708, 110.07083333333334)
add("ordinal", ["half marathon runners who were faster than roxana c"],
    {"has_items": True, "text_in": {"race": ["half-marathon"]}, "num_range": {"run_time_minutes": [None, 110.0708]}},
    HALF & (MIN < float(rox["run_time_minutes"])))
sav = runner("savannah", "s")
assert sav["race"] == "5k" and sav["date"] == "2018-05-12" and sav["run_time_minutes"] == "39.848333333333336"
gap_empty("run_time_minutes", 39.8483, 39.848333333333336)
add("ordinal", ["girls and women in the 2018 5k who finished ahead of savannah s"],
    {"has_items": True, "text_in": {"sex": ["F"], "race": ["5k"], "date": ["2018-05-12"]},
     "num_range": {"run_time_minutes": [None, 39.8483]}},
    (df.sex == "F") & FIVE & Y2018 & (MIN < float(sav["run_time_minutes"])))

# ---- negation (blank states are not "not from wisconsin") ------------------------------------------
add("negation", ["guys in the half marathon who aren't from wisconsin"],
    {"has_items": True, "text_in": {"sex": ["M"], "race": ["half-marathon"], "state": sorted(STATES - {"WI"})}},
    (df.sex == "M") & HALF & df.state.notna() & (df.state != "WI"))
gap_empty("age", 50, 51)
add("negation", ["women over 50 who didn't do the 5k"],
    {"has_items": True, "text_in": {"sex": ["F"], "race": ["half-marathon"]}, "num_range": {"age": [51, None]}},
    (df.sex == "F") & (AGE > 50) & ~FIVE)

# ---- disjunction ----------------------------------------------------------------------------
assert df.state.isin(["IA", "IL"]).sum() == 4
add("disjunction", ["runners from iowa or illinois"], {"has_items": True, "text_in": {"state": ["IA", "IL"]}},
    (df.state == "IA") | (df.state == "IL"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("run_time_minutes", 104.9999, 105)
add("follow_up", ["show me the half marathon results", "just 2018", "which of those were under 1:45"],
    {"has_items": True, "text_in": {"race": ["half-marathon"], "date": ["2018-05-12"]},
     "num_range": {"run_time_minutes": [None, 104.9999]}},
    HALF & Y2018 & (MIN < 60 + 45))
EAU = sorted(c for c in set(df.city.dropna()) if c.lower() == "eau claire")
assert EAU == ["EAU CLAIRE", "EAu Claire", "Eau Claire", "Eau claire"]
add("follow_up", ["anyone from eau claire?", "only the women"],
    {"has_items": True, "text_in": {"city": EAU, "sex": ["F"]}},
    (df.city.str.lower() == "eau claire") & (df.sex == "F"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did anyone finish the half marathon in under an hour?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, HALF & (MIN < 60))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "524", "first_name"].item() == "Ryan"
add("id_lookup", ["tell me about item 524"], {"has_items": True, "subset_of_ids": ["524"]}, df.id == "524")

finish()
