"""Build ../requests/byo-r29a-kershaw-pitches.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (speeds converted from mph to km/h with 1 mph = 1.609344 km/h, pitch
names decoded from the codes FF/SL/CU/CH, "swinging strike" matching both `Swinging Strike` and
`Swinging Strike (Blocked)`), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Each row is one pitch; `Time` is UTC.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29a-kershaw-pitches"
PREFIX = "r29a-kp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3402 and list(df["id"]) == [str(i) for i in range(1, 3403)]
assert list(df.columns) == ["id", "BatterNumber", "Outcome", "Class", "Result", "Swing", "Time", "StartSpeed",
                            "EndSpeed", "HDev", "VDev", "HPos", "VPos", "PitchType", "Zone", "Nasty", "Count",
                            "BallCount", "StrikeCount", "Inning", "InningSide", "Outs", "BatterHand", "ABEvent",
                            "Batter"]
assert not df.isna().any().any() and df["Time"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MPH, NASTY, INNING = num("StartSpeed"), num("Nasty"), num("Inning")
KMH = MPH * 1.609344
assert ((MPH * 10).round() == MPH * 10).all()              # speeds to 0.1 mph
assert set(df.PitchType) == {"FF", "SL", "CU", "CH"} and set(df.BatterHand) == {"L", "R"}
assert set(df.Swing) == {"Yes", "No"}
FAST, SLIDER, CURVE, CHANGE = (df.PitchType == c for c in ("FF", "SL", "CU", "CH"))
LEFTY, RIGHTY = df.BatterHand == "L", df.BatterHand == "R"
FIRST = df.loc[df["Time"] == df["Time"].min()].iloc[0]     # the first pitch of his season
assert FIRST["id"] == "1"

WHAT = ["pitch", "Pitch", "Kershaw", "baseball", "Baseball", "batter", "Batter", "Dodger"]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]


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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["what can you tell me about, what's in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["curvebals to lefties"], {"has_items": True, "text_in": {"PitchType": ["CU"], "BatterHand": ["L"]}},
    CURVE & LEFTY, 5)
gap_empty("StartSpeed", 95, 95.1)
add("plain", ["fastballs over 95 mph"], {"has_items": True, "text_in": {"PitchType": ["FF"]},
                                         "num_range": {"StartSpeed": [95.1, None]}}, FAST & (MPH > 95), 5)
assert (df.ABEvent == "Home Run").sum() == 43
add("plain", ["pitches from at-bats that ended in a home run"],
    {"has_items": True, "text_in": {"ABEvent": ["Home Run"]}}, df.ABEvent == "Home Run", 5)
SWSTR = df.Outcome.str.lower().str.startswith("swinging strike")
assert sorted(df.Outcome[SWSTR].unique()) == ["Swinging Strike", "Swinging Strike (Blocked)"]
add("plain", ["swinging strikes on sliders"],
    {"has_items": True, "text_in": {"Outcome": ["Swinging Strike", "Swinging Strike (Blocked)"],
                                    "PitchType": ["SL"]}}, SWSTR & SLIDER, 5)

# ---- units (speeds are in mph; users ask in km/h) -----------------------------------------------
gap_empty("StartSpeed", 150 / 1.609344, 93.3)              # 150 km/h = 93.21 mph; speeds are in 0.1 mph
add("units", ["pitches faster than 150 km/h"], {"has_items": True, "num_range": {"StartSpeed": [93.3, None]}},
    KMH > 150)
gap_empty("StartSpeed", 74.5, 120 / 1.609344)              # 120 km/h = 74.56 mph
add("units", ["curveballs under 120 km/h"],
    {"has_items": True, "text_in": {"PitchType": ["CU"]}, "num_range": {"StartSpeed": [None, 74.5]}},
    CURVE & (KMH < 120))

# ---- fact -----------------------------------------------------------------------------------
assert FIRST["StartSpeed"] == "92.7"
add("fact", ["how fast was his very first pitch of the season?"], {"reply_number": 92.7})
assert MPH.max() == 95.6 and (MPH == 95.6).sum() == 1
add("fact", ["what's the fastest pitch he threw, in mph"], {"reply_number": 95.6})
vc = df.Batter.value_counts()
assert vc.index[0] == "Chris Denorfia" and vc.iloc[0] == 65 and vc.iloc[1] < 65
add("fact", ["which batter saw the most pitches from him?"], {"reply_contains": "Denorfia"})

# ---- count ----------------------------------------------------------------------------------
hr = (df.ABEvent == "Home Run") & (df.Class == "X")        # the pitch that was hit out, one per home run
assert hr.sum() == 11 and (df.Outcome[hr] == "In play, run(s)").all()
add("count", ["how many home runs did he give up?"], {"reply_number": 11})
assert CURVE.sum() == 425
add("count", ["how many of his pitches were curveballs"], {"reply_number": 425})
opening = df.Time.str[:10] == "2013-04-01"                  # a day game (20:15-22:40 UTC), same date locally
assert opening.sum() == 94 and df.Time[opening].max() < "2013-04-01T23"
add("count", ["how many pitches did he throw on opening day?"], {"reply_number": 94})

# ---- superlative ----------------------------------------------------------------------------
fast3 = top_ids(MPH, 3)                                    # 95.6, 95.5, 95.4; next is 95.2
assert sorted(MPH[df.id.isin(fast3)]) == [95.4, 95.5, 95.6]
add("superlative", ["his 3 fastest pitches"], {"has_items": True, "subset_of_ids": fast3}, df.id.isin(fast3), 3)
nastiest = top_ids(NASTY, 1)                               # 94; next is 93
assert NASTY[df.id.isin(nastiest)].item() == 94
add("superlative", ["show me the nastiest pitch"], {"has_items": True, "subset_of_ids": nastiest},
    df.id.isin(nastiest), 1)

# ---- ordinal (compared with his first pitch) -------------------------------------------------
gap_empty("StartSpeed", 92.7, 92.8)
add("ordinal", ["pitches faster than the very first one he threw this season"],
    {"has_items": True, "num_range": {"StartSpeed": [92.8, None]}}, MPH > float(FIRST["StartSpeed"]))
assert FIRST["Nasty"] == "56"
gap_empty("Nasty", 56, 57)
add("ordinal", ["sliders with a higher nasty score than his first pitch"],
    {"has_items": True, "text_in": {"PitchType": ["SL"]}, "num_range": {"Nasty": [57, None]}},
    SLIDER & (NASTY > int(FIRST["Nasty"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["pitches that weren't fastballs, to righties"],
    {"has_items": True, "text_in": {"PitchType": ["CH", "CU", "SL"], "BatterHand": ["R"]}}, ~FAST & RIGHTY)
add("negation", ["3-2 pitches the batter didn't swing at"],
    {"has_items": True, "text_in": {"Count": ["3-2"], "Swing": ["No"]}}, (df.Count == "3-2") & ~(df.Swing == "Yes"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["changeups or curveballs with two strikes"],
    {"has_items": True, "text_in": {"PitchType": ["CH", "CU"], "StrikeCount": ["2"]}},
    (CHANGE | CURVE) & (df.StrikeCount == "2"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["sliders", "only the ones to left-handed hitters"],
    {"has_items": True, "text_in": {"PitchType": ["SL"], "BatterHand": ["L"]}}, SLIDER & LEFTY)
add("follow_up", ["fastballs in the 9th inning", "just the ones at 93 mph or faster",
                  "which ones did the batter swing at"],
    {"has_items": True, "text_in": {"PitchType": ["FF"], "Inning": ["9"], "Swing": ["Yes"]},
     "num_range": {"StartSpeed": [93, None]}},
    FAST & (INNING == 9) & (MPH >= 93) & (df.Swing == "Yes"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any pitch over 100 mph?"], {"no_items": True, "reply_contains_any": NO_REPLY}, MPH > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1234", "Batter"].item() == "Wilin Rosario"
add("id_lookup", ["tell me about item 1234"], {"has_items": True, "subset_of_ids": ["1234"]}, df.id == "1234")

finish()
