"""Build ../requests/byo-r22a-pedometer.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (miles converted to km where the user asks in km, one-letter day codes
U = Sunday and R = Thursday decoded), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. Rows are the days of the log in order (row 1 is the
first logged day), so "day 30" is row 30.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22a-pedometer"
PREFIX = "r22a-pe"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 68 and list(df["id"]) == [str(i) for i in range(1, 69)]
assert list(df.columns) == ["id", "Steps", "Moderate", "Min", "kcal", "Mile", "Rain", "Day", "DayType"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
STEPS, MOD, MIN, KCAL, MILE = num("Steps"), num("Moderate"), num("Min"), num("kcal"), num("Mile")
assert set(df.Rain) == {"rain", "shine", "cold"} and set(df.DayType) == {"Weekday", "Weekend"}
assert set(df.Day) == {"U", "M", "T", "W", "R", "F", "S"}
assert set(df.loc[df.DayType == "Weekend", "Day"]) == {"S", "U"}      # U = Sunday, S = Saturday
assert not df.isna().any().any()
KM = MILE * 1.609344
WHAT = ["step", "Step", "walk", "Walk", "pedometer", "Pedometer", "mile", "Mile", "day", "Day"]

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
        v = pd.to_numeric(df[col], errors="coerce")            # a non-number cell (`?`) never passes
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
    v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what's in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["rainy days"], {"has_items": True, "text_in": {"Rain": ["rain"]}}, df.Rain == "rain", 5)
add("plain", ["weekend days with more than 4000 steps"],
    {"has_items": True, "text_in": {"DayType": ["Weekend"]}, "num_range": {"Steps": [4001, None]}},
    (df.DayType == "Weekend") & (STEPS > 4000), 5)
add("plain", ["days I walked at least 4 miles"], {"has_items": True, "num_range": {"Mile": [4, None]}},
    MILE >= 4, 5)
add("plain", ["cold days with over 30 minutes of brisk walking"],
    {"has_items": True, "text_in": {"Rain": ["cold"]}, "num_range": {"Min": [31, None]}},
    (df.Rain == "cold") & (MIN > 30), 5)

# ---- units (Mile is in miles; 1 mile = 1.609344 km) ---------------------------------------------
# more than 8 km = more than 4.97 miles; miles are written to 0.1
gap_empty("Mile", 8 / 1.609344, 5.0)
add("units", ["which days did he cover more than 8 km?"],
    {"has_items": True, "num_range": {"Mile": [5.0, None]}}, KM > 8)
# under 3 km = under 1.864 miles
gap_empty("Mile", 1.8, 3 / 1.609344)
add("units", ["days with under 3 km walked"],
    {"has_items": True, "num_range": {"Mile": [None, 1.8]}}, KM < 3)

# ---- fact -----------------------------------------------------------------------------------
assert STEPS.max() == 10634 and (STEPS == 10634).sum() == 1
add("fact", ["what's the most steps logged in a single day?"], {"reply_number": 10634})
assert df.loc[STEPS.idxmax(), "Mile"] == "5.3"
add("fact", ["how far did he walk on the day with the most steps"], {"reply_number": 5.3})
assert MILE.max() == 5.6 and (MILE == 5.6).sum() == 1 and df.loc[MILE.idxmax(), "kcal"] == "274"
add("fact", ["how many calroies did he burn on his longest walk by distance?"], {"reply_number": 274})

# ---- count ----------------------------------------------------------------------------------
assert (df.Rain == "cold").sum() == 30
add("count", ["how many days were cold?"], {"reply_number": 30})
assert (df.DayType == "Weekend").sum() == 11
add("count", ["how many weekend days are in the log"], {"reply_number": 11})
assert (STEPS < 3000).sum() == 7
add("count", ["how many days had fewer than 3000 steps?"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(STEPS, 3)                                   # 10634, 10008, 9793; next is 9260
assert sorted(STEPS[df.id.isin(top3)]) == [9793, 10008, 10634]
add("superlative", ["top 3 days by step count"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
least = top_ids(MOD, 1, largest=False)                     # 35 moderate steps; next is 100
assert least == ["60"]
add("superlative", ["which day had the least brisk walking?"],
    {"has_items": True, "subset_of_ids": least}, df.id.isin(least), 1)

# ---- ordinal --------------------------------------------------------------------------------
kc2 = top_ids(KCAL, 2)                                     # 317, 305; next is 280
second = [i for i in kc2 if KCAL[df.id == i].item() == 305]
assert second == ["44"]
add("ordinal", ["the 2nd highest calorie day"], {"has_items": True, "subset_of_ids": second}, df.id == "44", 1)
assert df.loc[df.id == "30", "Steps"].item() == "6217"
add("ordinal", ["days with more steps than day 30"],
    {"has_items": True, "num_range": {"Steps": [6218, None]}}, STEPS > 6217)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["days that weren't rainy"], {"has_items": True, "text_in": {"Rain": ["cold", "shine"]}},
    df.Rain != "rain")
add("negation", ["weekdays but not fridays"], {"has_items": True, "text_in": {"Day": ["M", "T", "W", "R"]}},
    (df.DayType == "Weekday") & (df.Day != "F"))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.Day.isin(["S", "U"]) & (STEPS > 5000)            # Saturdays (S) or Sundays (U)
assert ids(disj) == ["40", "41", "53"]
add("disjunction", ["any saturdays or sundays where he topped 5000 steps?"],
    {"has_items": True, "text_in": {"Day": ["S", "U"]}, "num_range": {"Steps": [5001, None]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the rainy days", "only the ones over 7000 steps"],
    {"has_items": True, "text_in": {"Rain": ["rain"]}, "num_range": {"Steps": [7001, None]}},
    (df.Rain == "rain") & (STEPS > 7000))
add("follow_up", ["days he walked 3 miles or more", "just weekdays", "wich of those were cold"],
    {"has_items": True, "num_range": {"Mile": [3, None]}, "text_in": {"DayType": ["Weekday"], "Rain": ["cold"]}},
    (MILE >= 3) & (df.DayType == "Weekday") & (df.Rain == "cold"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any day with over 15,000 steps?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    STEPS > 15000)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me item 12"], {"has_items": True, "subset_of_ids": ["12"]}, df.id == "12")

finish()
