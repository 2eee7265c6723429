"""Build ../requests/byo-r9b-hill-races.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (miles x 1.609344 against km, feet x 0.3048
against metres, decimal hours x 60 against minutes or h:mm), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. The race's name is
in the column `rownames` (the source's own row names); `timef` (women's record) has 2 blanks.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r9b-hill-races"
PREFIX = "r9b-hr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 77 and list(df["id"]) == [str(i) for i in range(1, 78)]
assert list(df.columns) == ["id", "rownames", "dist", "climb", "time", "timef", "type"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MILES, FEET, HOURS, HOURS_F = num("dist"), num("climb"), num("time"), num("timef")
assert HOURS_F.isna().sum() == 2 and df.drop(columns="timef").notna().all().all()
assert set(df.type) == {"hill", "other", "relay", "uphill", "marathon"}
TYPES = sorted(set(df.type))
KM, METRES, MIN, MIN_F = MILES * 1.609344, FEET * 0.3048, HOURS * 60, HOURS_F * 60

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["race", "Race", "hill", "Hill", "running", "Running", "Scottish", "Scotland", "fell"]


def race(name):
    r = df[df["rownames"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

REQS = []


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
add("greeting", ["hey, what can you tell me about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["races of 10 miles or more"], {"has_items": True, "num_range": {"dist": [10, None]}},
    MILES >= 10, 5)
add("plain", ["races with at least 3000 ft of climbing"], {"has_items": True, "num_range": {"climb": [3000, None]}},
    FEET >= 3000, 5)
gap_empty("dist", 4.5, 5)
add("plain", ["short hill races, under 5 miles"],
    {"has_items": True, "text_in": {"type": ["hill"]}, "num_range": {"dist": [None, 4.5]}},
    (df.type == "hill") & (MILES < 5), 5)
gap_empty("time", 0.9999, 1)
add("plain", ["races where the record is less than an hour"],
    {"has_items": True, "num_range": {"time": [None, 0.9999]}}, HOURS < 1, 5)

# ---- units (dist in miles, climb in feet) -----------------------------------------------------
# longer than 20 km = longer than 12.43 miles; distances are 12.0, 13.0, ...
gap_empty("dist", 20 / 1.609344, 12.43)
add("units", ["races longer than 20 km"], {"has_items": True, "num_range": {"dist": [12.43, None]}}, KM > 20)
# more than 1000 m of climb = more than 3280.8 ft; climbs are whole feet
gap_empty("climb", 1000 / 0.3048, 3281)
add("units", ["which ones climb more than 1000 metres?"],
    {"has_items": True, "num_range": {"climb": [3281, None]}}, METRES > 1000)

# ---- fact (asked by the race's name; "Ben Nevis" is not "Half Ben Nevis") -------------------------
assert race("Ben Nevis")["climb"] == "4400"
add("fact", ["how much climb is there in the ben nevis race"], {"reply_number": 4400})
assert race("West Highland Way")["dist"] == "95.0"
add("fact", ["how long is the west highland way race?"], {"reply_number": 95})
g = float(race("Goatfell")["timef"])                       # 1.526389 h = 91.58 min = 1:31:35
assert abs(g - 1.52638888888889) < 1e-9 and int(g * 60) == 91
add("fact", ["what's the women's record on goatfell"],
    {"reply_contains_any": ["1:31", "1.53", "1.526", "91.6", "91.58", "1h31", "1 h 31", "1 hr 31", "1 hour 31",
                            "1 hour and 31"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.type == "relay").sum() == 3
add("count", ["how many relay races are there?"], {"reply_number": 3})
assert df.timef.isna().sum() == 2
add("count", ["how many races have no womens record listed"], {"reply_number": 2})
assert (MILES <= 5).sum() == 33
add("count", ["how many races are 5 miles or shorter"], {"reply_number": 33})

# ---- superlative ----------------------------------------------------------------------------
fastest = top_ids(HOURS, 1, largest=False)
assert fastest == ["58"] and race("Caerketton")["id"] == "58"
add("superlative", ["which race has the quickest record time"],
    {"has_items": True, "subset_of_ids": fastest}, df.id.isin(fastest), 1)
climb2 = top_ids(FEET, 2)                                  # 9200, 8000; next is 7500
assert sorted(FEET[df.id.isin(climb2)]) == [8000, 9200]
add("superlative", ["the 2 races with the most ascent"], {"has_items": True, "subset_of_ids": climb2},
    df.id.isin(climb2), 2)

# ---- ordinal ----------------------------------------------------------------------------------
d2 = sorted(MILES, reverse=True)
assert d2[:3] == [95.0, 46.0, 30.5]
second = ids(MILES == d2[1])
assert second == ["29"] and race("12 Trig Trog")["id"] == "29"
add("ordinal", ["what's the second longest race"], {"has_items": True, "subset_of_ids": second}, MILES == d2[1])
assert race("Goatfell")["climb"] == "2866"
gap_empty("climb", 2866, 2867)
add("ordinal", ["races with more climbing than goatfell"],
    {"has_items": True, "num_range": {"climb": [2867, None]}}, FEET > int(race("Goatfell")["climb"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["races that aren't hill races"], {"has_items": True, "text_in": {"type": [t for t in TYPES if t != "hill"]}},
    df.type != "hill")
add("negation", ["races not over 3 miles"], {"has_items": True, "num_range": {"dist": [None, 3]}}, ~(MILES > 3))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["relays or marathons"], {"has_items": True, "text_in": {"type": ["relay", "marathon"]}},
    df.type.isin(["relay", "marathon"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
# record under 40 minutes = under 0.6667 h; times have long decimals, so a bound a hair inside
gap_empty("time", 0.6666, 40 / 60)
add("follow_up", ["hill type races", "what about ones with a record under 40 minutes"],
    {"has_items": True, "text_in": {"type": ["hill"]}, "num_range": {"time": [None, 0.6666]}},
    (df.type == "hill") & (MIN < 40))
# women's record under 1h15 = under 75 minutes = under 1.25 h
gap_empty("timef", 1.2499, 1.25)
add("follow_up", ["races between 5 and 10 miles", "with at least 2000 feet of climb",
                  "which of those have a womens record under 1h15?"],
    {"has_items": True, "num_range": {"dist": [5, 10], "climb": [2000, None], "timef": [None, 1.2499]}},
    (MILES >= 5) & (MILES <= 10) & (FEET >= 2000) & (MIN_F < 75))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any race over 100 miles?"], {"no_items": True, "reply_contains_any": NO_REPLY}, MILES > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "50", "rownames"].item() == "Half Ben Nevis"
add("id_lookup", ["show me item 50"], {"has_items": True, "subset_of_ids": ["50"]}, df.id == "50")

finish()
