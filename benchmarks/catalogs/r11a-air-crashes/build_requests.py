"""Build ../requests/byo-r11a-air-crashes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the user's "two dozen" as 24 deaths, "the nineties" as the years
1990-1999, dates parsed from the ISO `date` strings), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file; a crash asked about by its
date is asserted to be the only crash on that date. There is no title: a crash is its date, phase and cause.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11a-air-crashes"
PREFIX = "r11a-ac"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 439 and list(df["id"]) == [str(i) for i in range(1, 440)]
assert list(df.columns) == ["id", "Phase", "Cause", "date", "Fatalities", "Year"]
assert df.notna().all().all()                             # no blanks in this table
DEAD, YEAR = pd.to_numeric(df["Fatalities"]), pd.to_numeric(df["Year"])
DATE = pd.to_datetime(df["date"], format="%Y-%m-%d")
assert (DATE.dt.year == YEAR).all() and DEAD.min() == 1 and YEAR.between(1993, 2015).all()
PHASES = ["en route", "landing", "standing", "take-off", "unknown"]
CAUSES = ["criminal", "human error", "mechanical", "unknown", "weather"]
assert sorted(df.Phase.unique()) == PHASES and sorted(df.Cause.unique()) == CAUSES

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["crash", "Crash", "accident", "Accident", "aviation", "Aviation", "plane", "aircraft", "airliner",
        "flight", "Flight"]


def crash(day):
    """The only crash on `day` (YYYY-MM-DD); asserts there is exactly one."""
    r = df[df["date"] == day]
    assert len(r) == 1, day
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
add("greeting", ["what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["crashs caused by bad weather"], {"has_items": True, "text_in": {"Cause": ["weather"]}},
    df.Cause == "weather", 5)
gap_empty("Fatalities", 100, 101)
add("plain", ["takeoff crashes where more than 100 people died"],
    {"has_items": True, "text_in": {"Phase": ["take-off"]}, "num_range": {"Fatalities": [101, None]}},
    (df.Phase == "take-off") & (DEAD > 100), 5)
add("plain", ["accidents from 2010 onwards"], {"has_items": True, "num_range": {"Year": [2010, None]}},
    YEAR >= 2010, 5)
add("plain", ["mechanical failures during landing"],
    {"has_items": True, "text_in": {"Phase": ["landing"], "Cause": ["mechanical"]}},
    (df.Phase == "landing") & (df.Cause == "mechanical"), 5)

# ---- units (deaths asked in dozens; years asked as a decade) ------------------------------------
gap_empty("Fatalities", 24, 25)
add("units", ["crashes that killed more than two dozen people"],
    {"has_items": True, "num_range": {"Fatalities": [25, None]}}, DEAD > 2 * 12)
add("units", ["show me crashes from the nineties"], {"has_items": True, "num_range": {"Year": [1990, 1999]}},
    (DATE >= "1990-01-01") & (DATE <= "1999-12-31"))

# ---- fact (asked by date; each date asserted to hold one crash) ----------------------------------
assert crash("2014-07-17")["Fatalities"] == "298"
add("fact", ["how many people died in the crash on July 17, 2014?"], {"reply_number": 298})
assert crash("1996-01-08")["Cause"] == "human error"
add("fact", ["what caused the crash on 8 January 1996"], {"reply_contains": "human error"})
assert crash("1994-04-26")["Phase"] == "landing"
add("fact", ["which phase of flight was the 26 april 1994 accident in?"],
    {"reply_contains_any": ["landing", "Landing"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.Cause == "criminal").sum() == 23
add("count", ["how many of the crashes were criminal acts?"], {"reply_number": 23})
assert (df.Phase == "standing").sum() == 4
add("count", ["how many happened while the plane was standing on the ground?"], {"reply_number": 4})
assert (YEAR == 2001).sum() == 22
add("count", ["number of crashes in 2001?"], {"reply_number": 22})

# ---- superlative ----------------------------------------------------------------------------
worst3 = top_ids(DEAD, 3)                                   # 1692, 965, 312; next is 298
assert sorted(DEAD[df.id.isin(worst3)]) == [312, 965, 1692]
add("superlative", ["top 3 deadliest crashes"], {"has_items": True, "subset_of_ids": worst3}, df.id.isin(worst3), 3)
latest = top_ids(DATE, 1)
assert latest == ["251"] and df.loc[250, "date"] == "2015-03-24"
add("superlative", ["most recnet crash in the data"], {"has_items": True, "subset_of_ids": latest},
    df.id.isin(latest))

# ---- ordinal --------------------------------------------------------------------------------
mh = crash("2014-07-17")
gap_empty("Fatalities", 298, 299)
add("ordinal", ["crashes deadlier than the one on 17 July 2014"],
    {"has_items": True, "num_range": {"Fatalities": [299, None]}}, DEAD > int(mh["Fatalities"]))
w = DEAD.where(df.Cause == "weather")
w2 = top_ids(w, 2)                                          # 162, 129; next is 119
second = [i for i in w2 if i not in top_ids(w, 1)]
assert second == ["77"] and df.loc[76, "Fatalities"] == "129"
add("ordinal", ["what was the 2nd deadliest weather-related crash?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["crashes that were not caused by human error"],
    {"has_items": True, "text_in": {"Cause": [c for c in CAUSES if c != "human error"]}}, df.Cause != "human error")
gap_empty("Fatalities", 9, 10)
add("negation", ["non-landing crashes with fewer than 10 deaths"],
    {"has_items": True, "text_in": {"Phase": [p for p in PHASES if p != "landing"]},
     "num_range": {"Fatalities": [None, 9]}},
    (df.Phase != "landing") & (DEAD < 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["crashes during take-off or while standing"],
    {"has_items": True, "text_in": {"Phase": ["take-off", "standing"]}}, df.Phase.isin(["take-off", "standing"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["weather-related crashes", "only the ones during landing"],
    {"has_items": True, "text_in": {"Cause": ["weather"], "Phase": ["landing"]}},
    (df.Cause == "weather") & (df.Phase == "landing"))
gap_empty("Year", 2005, 2006)
add("follow_up", ["crashes after 2005", "just the human error ones", "which of those killed over 100?"],
    {"has_items": True, "num_range": {"Year": [2006, None], "Fatalities": [101, None]},
     "text_in": {"Cause": ["human error"]}},
    (YEAR > 2005) & (df.Cause == "human error") & (DEAD > 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any crashes from the 1980s?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (YEAR >= 1980) & (YEAR <= 1989))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "222", "Fatalities"].item() == "1692"
add("id_lookup", ["show me item 222"], {"has_items": True, "subset_of_ids": ["222"]}, df.id == "222")

finish()
