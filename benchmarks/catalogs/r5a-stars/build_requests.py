"""Build ../requests/byo-r5a-stars.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed here with
plain pandas expressions, and the script asserts that the `expect` facets (read the way a checker reads
items.csv: plain pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are asserted against
the file. Conventions: `temp` is in kelvin (Celsius = K - 273.15); `magnitude` is absolute magnitude, so
"brighter"/"more luminous" means a LOWER number; spectral `type` is ordered hot to cool O > B > A > F > G > K > M
("earlier" = hotter), and the white-dwarf codes `DA`, `DB`, `DF` are outside that sequence (they count as
"white dwarfs", never as A, B or F); "hotter than the sun" uses the file's own `Sun` row (5840).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5a-stars"
PREFIX = "st"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 96 and list(df["id"]) == list(range(1, 97))
assert list(df.columns) == ["id", "star", "magnitude", "temp", "type"]
assert df.notna().all().all()
SEQ = ["O", "B", "A", "F", "G", "K", "M"]
TYPES = sorted(df["type"].unique())
assert set(TYPES) == set(SEQ) | {"DA", "DB", "DF"}
order = df["type"].map({t: i for i, t in enumerate(SEQ)})  # white dwarfs -> NaN
typ = df["type"]
temp = df["temp"]
mag = df["magnitude"]
assert str(temp.dtype).startswith("int")

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "there were no", "isn't", "aren't", "wasn't", "weren't"]
WHAT = ["star", "Star", "STAR", "stellar", "Stellar", "magnitude", "Magnitude", "temperature", "Temperature",
        "spectral", "Spectral", "astronom"]


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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["yo what can u do"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me m class stars"], {"has_items": True, "text_in": {"type": ["M"]}}, typ == "M", 5)
add("plain", ["b type stars pls"], {"has_items": True, "text_in": {"type": ["B"]}}, typ == "B", 5)
sun = df.loc[df["star"] == "Sun", "temp"]
assert len(sun) == 1 and sun.iloc[0] == 5840
add("plain", ["stars hotter than the sun"], {"has_items": True, "num_range": {"temp": [5841, None]}},
    temp > 5840, 5)
gap_empty("magnitude", -0.1, 0)
add("plain", ["really bright ones, absolute magnitude below zero"],
    {"has_items": True, "num_range": {"magnitude": [None, -0.1]}}, mag < 0, 5)

# ---- units (temp is kelvin, no unit in the column) --------------------------------------------
cool = temp < 3000
assert int(cool.sum()) == 23
add("units", ["anything cooler than 3k kelvin?"], {"has_items": True, "num_range": {"temp": [None, 2999]}}, cool, 5)
hotc = temp > 10000 + 273.15
assert int(hotc.sum()) == 22
add("units", ["stars hotter than 10,000 degrees celsius"], {"has_items": True, "num_range": {"temp": [10274, None]}},
    hotc, 5)

# ---- fact -----------------------------------------------------------------------------------
assert list(df.loc[df["star"] == "Betelgeuse", "temp"]) == [3200]
add("fact", ["whats the temperature of betelgeuse"], {"reply_number": 3200})
assert list(df.loc[df["star"] == "Vega", "magnitude"]) == [0.5]
add("fact", ["vega's absolute magnitude?"], {"reply_number": 0.5})
# Sirius A is listed twice (`SiriusA` and `*SiriusA`); both rows say 9620
assert list(df.loc[df["star"].str.lstrip("*") == "SiriusA", "temp"]) == [9620, 9620]
add("fact", ["how hot is sirius a"], {"reply_number": 9620})

# ---- count ----------------------------------------------------------------------------------
wd = typ.str.startswith("D")
assert ids(wd) == ["59", "74", "86", "92"]
add("count", ["how many white dwarfs are on the list"], {"reply_number": 4})
assert int((typ == "B").sum()) == 19
add("count", ["how many b-type stars r there"], {"reply_number": 19})
assert int((temp > 20000).sum()) == 15
add("count", ["how many stars are over 20000 K"], {"reply_number": 15})

# ---- superlative ----------------------------------------------------------------------------
hottest = temp == temp.max()
assert ids(hottest) == ["35"] and df.loc[hottest, "star"].item() == "Alnitak"
add("superlative", ["which star is the hottest"], {"has_items": True, "subset_of_ids": ["35"]}, hottest)
lum3 = df["id"].isin(df.nsmallest(3, "magnitude")["id"])
assert ids(lum3) == ["8", "19", "45"] and mag.nsmallest(4).iloc[3] > mag.nsmallest(3).max()
add("superlative", ["top 3 most luminous stars"], {"has_items": True, "subset_of_ids": ["8", "19", "45"]}, lum3, 3)

# ---- ordinal (spectral sequence O B A F G K M) ------------------------------------------------
early = order < SEQ.index("F")
add("ordinal", ["stars of an earlier spectral type than F"], {"has_items": True, "text_in": {"type": ["O", "B", "A"]}},
    early, 5)
mid = order.between(SEQ.index("A"), SEQ.index("G"))
add("ordinal", ["spectral classes from a through g"], {"has_items": True, "text_in": {"type": ["A", "F", "G"]}},
    mid, 5)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["stars that arent m type"], {"has_items": True, "text_in": {"type": [t for t in TYPES if t != "M"]}},
    typ != "M", 5)
hot_not_b = (temp > 10000) & (typ != "B")
assert ids(hot_not_b) == ["35", "59", "86"]
add("negation", ["over 10000 kelvin but not the b type ones"],
    {"has_items": True, "text_in": {"type": [t for t in TYPES if t != "B"]}, "num_range": {"temp": [10001, None]}},
    hot_not_b)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["g or k type stars"], {"has_items": True, "text_in": {"type": ["G", "K"]}},
    typ.isin(["G", "K"]), 5)

# ---- follow_up (expect applies to the last turn, cumulative) ----------------------------------
f1 = (typ == "K") & (mag > 6)
gap_empty("magnitude", 6, 6.1)
assert int(f1.sum()) == 6
add("follow_up", ["k type stars", "only the dim ones, absolute mag over 6"],
    {"has_items": True, "text_in": {"type": ["K"]}, "num_range": {"magnitude": [6.1, None]}}, f1)
f2 = (typ == "M") & (temp > 3000)
assert int(f2.sum()) == 9
add("follow_up", ["red m class stars", "which of those are above 3000 k"],
    {"has_items": True, "text_in": {"type": ["M"]}, "num_range": {"temp": [3001, None]}}, f2)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["an o type star cooler than the sun"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (typ == "O") & (temp < 5840))

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me #59"], {"has_items": True, "subset_of_ids": ["59"]}, df["id"] == 59)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
