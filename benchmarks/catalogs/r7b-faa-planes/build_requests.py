"""Build ../requests/byo-r7b-faa-planes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7b-faa-planes"
PREFIX = "r7b-pl"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3322 and list(df["id"]) == [str(i) for i in range(1, 3323)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, SEATS, SPEED, ENG = num("year"), num("seats"), num("speed"), num("engines")
MFR, MODEL = df["manufacturer"], df["model"]

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["plane", "Plane", "aircraft", "Aircraft", "airplane", "jet", "fleet", "tail", "FAA"]
AIRBUS = ["AIRBUS", "AIRBUS INDUSTRIE"]                     # one maker, two spellings in the file
assert set(MFR[MFR.str.contains("AIRBUS")]) == set(AIRBUS)


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def tail(t):
    r = df[df["tailnum"] == t]
    assert len(r) == 1, t
    return r.iloc[0]


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what have you got in here?"], {"reply_contains_any": WHAT})
add("greeting", ["hi there. what kind of stuff can i search for"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the airbus planes"],
    {"has_items": True, "text_in": {"manufacturer": AIRBUS}}, MFR.isin(AIRBUS), 5)
assert (df["type"] == "Rotorcraft").sum() == 5
add("plain", ["any helicopters?"],
    {"has_items": True, "text_in": {"type": ["Rotorcraft"]}}, df["type"] == "Rotorcraft", 5)
B757 = sorted(set(MODEL[MODEL.str.startswith("757")]))
assert set(MFR[MODEL.isin(B757)]) == {"BOEING"}
add("plain", ["boeing 757s pls"],
    {"has_items": True, "text_in": {"model": B757}}, (MFR == "BOEING") & MODEL.str.startswith("757"), 5)
add("plain", ["embraer jets plz"],
    {"has_items": True, "text_in": {"manufacturer": ["EMBRAER"]}}, MFR == "EMBRAER", 5)

# ---- units (speed is average cruising speed in mph; 23 of 3322 rows have one) -----------------
# faster than 600 km/h = faster than 372.82 mph; speeds are whole mph
assert not ((SPEED * 1.609344 > 600) & (SPEED < 373)).any()
add("units", ["anything that cruises faster than 600 km/h?"],
    {"has_items": True, "num_range": {"speed": [373, None]}}, SPEED * 1.609344 > 600)
# over 150 knots = over 172.62 mph
assert not ((SPEED * 0.868976 > 150) & (SPEED < 173)).any()
add("units", ["planes with a cruising speed over 150 knots"],
    {"has_items": True, "num_range": {"speed": [173, None]}}, SPEED * 0.868976 > 150)

# ---- fact -----------------------------------------------------------------------------------
assert tail("N10156")["seats"] == "55"
add("fact", ["how many seats on N10156?"], {"reply_number": 55})
assert tail("N381AA")["year"] == "1956.0"
add("fact", ["what year was n381aa built"], {"reply_number": 1956})
assert tail("N508AA")["manufacturer"] == "BELL"
add("fact", ["who made the aircraft with tail number N508AA"], {"reply_contains_any": ["BELL", "Bell", "bell"]})

# ---- count ----------------------------------------------------------------------------------
assert (MFR == "BOEING").sum() == 1630
add("count", ["how many boeing planes are there"], {"reply_number": 1630})
assert df["year"].isna().sum() == 70
add("count", ["how many planes dont have a build year listed?"], {"reply_number": 70})
assert (df["engine"] == "Turbo-jet").sum() == 535
add("count", ["how many turbojets are in the list"], {"reply_number": 535})

# ---- superlative ----------------------------------------------------------------------------
old = YEAR.nsmallest(4)
assert old.iloc[2] < old.iloc[3]                                       # 1956, 1959, 1959 | 1963
OLD3 = ids(df.index.isin(old.index[:3]))
assert OLD3 == ["425", "1038", "1695"]
add("superlative", ["the 3 oldest planes"],
    {"has_items": True, "subset_of_ids": OLD3}, df.index.isin(old.index[:3]), 3)
assert SEATS.max() == 450 and (SEATS == 450).sum() == 1
add("superlative", ["which plane has the most seats"],
    {"has_items": True, "subset_of_ids": ids(SEATS == 450)}, SEATS == SEATS.max())

# ---- ordinal (compared with a named plane) ----------------------------------------------------
ref = tail("N102UW")
assert ref["year"] == "1998.0" and ref["seats"] == "182"
add("ordinal", ["airbus planes newer than N102UW"],
    {"has_items": True, "text_in": {"manufacturer": AIRBUS}, "num_range": {"year": [1999, None]}},
    MFR.isin(AIRBUS) & (YEAR > 1998))
add("ordinal", ["boeings with more seats than n102uw"],
    {"has_items": True, "text_in": {"manufacturer": ["BOEING"]}, "num_range": {"seats": [183, None]}},
    (MFR == "BOEING") & (SEATS > 182))

# ---- negation -------------------------------------------------------------------------------
NON737 = sorted(set(MODEL[(MFR == "BOEING") & ~MODEL.str.startswith("737")]))
add("negation", ["boeing planes that aren't 737s"],
    {"has_items": True, "text_in": {"manufacturer": ["BOEING"], "model": NON737}},
    (MFR == "BOEING") & ~MODEL.str.startswith("737"))
OTHER_MFR = sorted(set(MFR) - {"BOEING"} - set(AIRBUS))
add("negation", ["turbofan jets not made by boeing or airbus"],
    {"has_items": True, "text_in": {"engine": ["Turbo-fan"], "manufacturer": OTHER_MFR}},
    (df["engine"] == "Turbo-fan") & ~MFR.isin(["BOEING"] + AIRBUS))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df["engine"] == "Turbo-prop") | (df["type"] == "Rotorcraft")
assert int(disj.sum()) == 7
add("disjunction", ["turboprops or helicopters"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
# Canadair built the CL-600 before Bombardier bought it; its 9 CL-600s have 55 seats, so either reading agrees
assert set(SEATS[MFR == "CANADAIR"]) == {55}
add("follow_up", ["show me bombardier jets", "which of those have more than 80 seats"],
    {"has_items": True, "text_in": {"manufacturer": ["BOMBARDIER INC", "CANADAIR"]}, "num_range": {"seats": [81, None]}},
    (MFR == "BOMBARDIER INC") & (SEATS > 80), 5)
A321 = sorted(set(MODEL[MODEL.str.startswith("A321")]))
add("follow_up", ["i'm looking at airbus planes", "only the a321s", "built before 2005"],
    {"has_items": True, "text_in": {"manufacturer": AIRBUS, "model": A321}, "num_range": {"year": [None, 2004]}},
    MFR.isin(AIRBUS) & MODEL.str.startswith("A321") & (YEAR < 2005))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["i need a plane with more than 500 seats"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SEATS > 500)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1695", "model"].item() == "OTTER DHC-3"
add("id_lookup", ["tell me about item 1695"], {"has_items": True, "subset_of_ids": ["1695"]}, df.id == "1695")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
