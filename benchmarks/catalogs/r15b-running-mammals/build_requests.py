"""Build ../requests/byo-r15b-running-mammals.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (speed converted from km/h to mph, weight from kg to pounds and
tonnes), and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are
asserted against the file. The species have no names: users refer to them by item number or by a
superlative ("the fastest one").
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15b-running-mammals"
PREFIX = "r15b-rm"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 107 and list(df["id"]) == [str(i) for i in range(1, 108)]
assert list(df.columns) == ["id", "weight", "speed", "hoppers", "specials"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
KG, KMH = num("weight"), num("speed")
assert set(df.hoppers) == {"True", "False"} and set(df.specials) == {"True", "False"} and df.notna().all().all()
assert not ((df.hoppers == "True") & (df.specials == "True")).any()
assert ((KMH * 10).round(6) % 1 == 0).all()              # speeds to 0.1 km/h
assert ((KG * 1000).round(6) % 1 == 0).all()             # weights to 0.001 kg
LB, MPH = 0.45359237, 1.609344                             # kg per pound, km per mile

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["mammal", "Mammal", "animal", "Animal", "speed", "Speed", "running", "weight"]


def item(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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


HOP, SPECIAL = df.hoppers == "True", df.specials == "True"

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of data do you have here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("speed", 70, 70.1)
add("plain", ["mamals that can run faster than 70 km/h"], {"has_items": True, "num_range": {"speed": [70.1, None]}},
    KMH > 70, 5)
add("plain", ["show me the hopping ones"], {"has_items": True, "text_in": {"hoppers": ["True"]}}, HOP, 5)
add("plain", ["animals between 100 and 500 kg"], {"has_items": True, "num_range": {"weight": [100, 500]}},
    (KG >= 100) & (KG <= 500), 5)
gap_empty("weight", 0.999, 1)
add("plain", ["species under 1 kg that can still do at least 20 km/h"],
    {"has_items": True, "num_range": {"weight": [None, 0.999], "speed": [20, None]}}, (KG < 1) & (KMH >= 20), 5)

# ---- units (weight is kg, speed is km/h; neither unit is in the file) --------------------------
# faster than 60 mph = faster than 96.56 km/h
gap_empty("speed", 60 * MPH, 96.6)
add("units", ["which ones are faster than 60 mph?"], {"has_items": True, "num_range": {"speed": [96.6, None]}},
    KMH / MPH > 60)
# under a pound = under 0.4536 kg; more than 10 mph = more than 16.09 km/h
gap_empty("weight", 0.45, LB)
gap_empty("speed", 10 * MPH, 16.1)
add("units", ["tiny ones under a pound that can still go more than 10 mph"],
    {"has_items": True, "num_range": {"weight": [None, 0.45], "speed": [16.1, None]}},
    (KG / LB < 1) & (KMH / MPH > 10))

# ---- fact (by a unique description) -----------------------------------------------------------
assert KMH.max() == 110 and (KMH == 110).sum() == 1 and item(53)["weight"] == "55.0"
add("fact", ["how heavy is the fastest one?"], {"reply_number": 55})
assert KG.max() == 6000 and (KG == 6000).sum() == 1 and item(1)["speed"] == "35.0"
add("fact", ["what's the top speed of the heaviest mammal in the list?"], {"reply_number": 35})
hop_kg = KG[HOP]
assert hop_kg.max() == 4.6 and (hop_kg == 4.6).sum() == 1 and item(96)["speed"] == "64.0"
add("fact", ["how fast can the heaviest hopper go?"], {"reply_number": 64})

# ---- count ----------------------------------------------------------------------------------
assert int(HOP.sum()) == 11
add("count", ["how many hoppers are there"], {"reply_number": 11})
assert int(SPECIAL.sum()) == 10
add("count", ["how many are flagged as special?"], {"reply_number": 10})
assert int((KG > 100).sum()) == 33
add("count", ["how many weigh over 100 kg"], {"reply_number": 33})

# ---- superlative ----------------------------------------------------------------------------
slow3 = top_ids(KMH, 3, largest=False)                    # 1.6, 2.4, 3.2; next is 3.6
assert sorted(KMH[df.id.isin(slow3)]) == [1.6, 2.4, 3.2]
add("superlative", ["the 3 slowest"], {"has_items": True, "subset_of_ids": slow3}, df.id.isin(slow3), 3)
heaviest = top_ids(KG, 1)
assert heaviest == ["1"]
add("superlative", ["which mammal is the heavyest?"],
    {"has_items": True, "subset_of_ids": heaviest}, df.id.isin(heaviest), 1)

# ---- ordinal (compared with another item) ----------------------------------------------------
assert item(23)["speed"] == "48.0"
gap_empty("speed", 48, 48.1)
add("ordinal", ["mammals faster than item 23"], {"has_items": True, "num_range": {"speed": [48.1, None]}},
    KMH > float(item(23)["speed"]))
assert item(99)["speed"] == "56.0" and item(99)["hoppers"] == "True"
gap_empty("speed", 56, 56.1)
add("ordinal", ["hoppers that are faster than item 99"],
    {"has_items": True, "text_in": {"hoppers": ["True"]}, "num_range": {"speed": [56.1, None]}},
    HOP & (KMH > float(item(99)["speed"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["non-hoppers under 1 kg"],
    {"has_items": True, "text_in": {"hoppers": ["False"]}, "num_range": {"weight": [None, 0.999]}},
    (df.hoppers != "True") & (KG < 1))
gap_empty("weight", 1000, 1000.001)
add("negation", ["ones that aren't marked special and weigh more than 1000 kg"],
    {"has_items": True, "text_in": {"specials": ["False"]}, "num_range": {"weight": [1000.001, None]}},
    (df.specials != "True") & (KG > 1000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (KMH > 100) | (KMH < 5)
assert ids(disj) == ["39", "53", "70", "93", "94", "95", "107"], ids(disj)
add("disjunction", ["either faster than 100 km/h or slower than 5 km/h"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("weight", 200, 200.001)
gap_empty("speed", 60, 60.1)
add("follow_up", ["mammals over 200 kg", "what about only the ones faster than 60 km/h"],
    {"has_items": True, "num_range": {"weight": [200.001, None], "speed": [60.1, None]}}, (KG > 200) & (KMH > 60))
gap_empty("weight", 9.999, 10)
gap_empty("speed", 20, 20.1)
add("follow_up", ["animals lighter than 10 kg", "leave out the hoppers", "now just those faster than 20 km/h"],
    {"has_items": True, "num_range": {"weight": [None, 9.999], "speed": [20.1, None]}, "text_in": {"hoppers": ["False"]}},
    (KG < 10) & ~HOP & (KMH > 20))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any mammal over 10 tonnes?"], {"no_items": True, "reply_contains_any": NO_REPLY}, KG / 1000 > 10)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me item 53"], {"has_items": True, "subset_of_ids": ["53"]}, df.id == "53")

finish()
