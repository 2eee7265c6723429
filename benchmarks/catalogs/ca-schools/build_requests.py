"""Build ../requests/byo-ca-schools.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched-next); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it,
computed here with plain pandas expressions, and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file.

Units: avginc is in thousands of US dollars (AER's copy of the same data documents
"in USD 1,000"); expnstu is US dollars per student; str is students per teacher; calwpct,
mealpct and elpct are percentages; testscr = (readscr + mathscr) / 2.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "ca-schools"
PREFIX = "cas"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype={"county": str, "district": str, "grspan": str})
assert len(df) == 420 and list(df["id"]) == list(range(1, 421))
assert set(df["grspan"]) == {"KK-06", "KK-08"}

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["school", "School", "district", "District"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def one(mask):
    r = df[mask]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed)
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
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def no_values_between(col, lo, hi):
    v = df[col]
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


def counties_except(*names):
    assert all(n in set(df.county) for n in names)
    return sorted(set(df.county) - set(names))


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi, what's this for?"], {"reply_contains_any": WHAT})
add("greeting", ["hello!! what can i search for here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["school districts in san diego county"],
    {"has_items": True, "text_in": {"county": ["San Diego"]}}, df.county == "San Diego", 5)
add("plain", ["k-6 disticts only"],
    {"has_items": True, "text_in": {"grspan": ["KK-06"]}}, df.grspan == "KK-06", 5)
no_values_between("mathscr", 660, 660.0001)
add("plain", ["sonoma districts with math scores above 660"],
    {"has_items": True, "text_in": {"county": ["Sonoma"]}, "num_range": {"mathscr": [660.0001, None]}},
    (df.county == "Sonoma") & (df.mathscr > 660), 5)
no_values_between("str", 16.9999, 17)
add("plain", ["small classes pls, fewer than 17 students per teacher"],
    {"has_items": True, "num_range": {"str": [None, 16.9999]}}, df["str"] < 17, 5)

# ---- units (avginc is in thousands of dollars) --------------------------------------------------
no_values_between("avginc", 30, 30.0001)
add("units", ["where do families make over 30 grand a year on average?"],
    {"has_items": True, "num_range": {"avginc": [30.0001, None]}}, df.avginc * 1000 > 30000)
add("units", ["districts spending at least 6k per kid"],
    {"has_items": True, "num_range": {"expnstu": [6000, None]}}, df.expnstu >= 6000)

# ---- fact -----------------------------------------------------------------------------------
sunol = one(df.district == "Sunol Glen Unified")
assert sunol.mathscr == 690
add("fact", ["whats the average math score in sunol glen?"], {"reply_number": 690})
# three districts are called "Mountain View Elementary"; the county picks one
assert (df.district == "Mountain View Elementary").sum() == 3
mv = one((df.district == "Mountain View Elementary") & (df.county == "Los Angeles"))
assert mv.enrltot == 10012
add("fact", ["how many kids go to the mountain view elementary in los angelas county?"], {"reply_number": 10012})
assert one(df.district == "Thermalito Union Elementary").computer == 169
add("fact", ["how many computers does thermalito union elementary have"], {"reply_number": 169})

# ---- count ----------------------------------------------------------------------------------
assert (df.county == "Kern").sum() == 27
add("count", ["how many districts are in kern county?"], {"reply_number": 27})
assert (df.grspan == "KK-08").sum() == 359
add("count", ["how many districts go all the way up to 8th grade"], {"reply_number": 359})
assert (df.enrltot > 10000).sum() == 24
add("count", ["How many districts have more than 10,000 students?"], {"reply_number": 24})

# ---- superlative ----------------------------------------------------------------------------
read3 = df.nlargest(3, "readscr", keep="all")
assert len(read3) == 3 and sorted(read3.district) == ["Las Lomitas Elementary", "Los Altos Elementary",
                                                       "Woodside Elementary"]
add("superlative", ["top 3 districts for reading"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(read3.id))}, df.id.isin(read3.id), 3)
rich5 = df.nlargest(5, "avginc", keep="all")
assert len(rich5) == 5  # 4th and 5th tie at 43.23
add("superlative", ["the 5 wealthiest districts"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(rich5.id))}, df.id.isin(rich5.id), 5)

# ---- ordinal (better than a named district; a score "or better") -------------------------------
no_values_between("mathscr", 690, 690.0001)
add("ordinal", ["which districts beat sunol glen in math?"],
    {"has_items": True, "num_range": {"mathscr": [690.0001, None]}}, df.mathscr > sunol.mathscr)
add("ordinal", ["an overall test score of 700 or better"],
    {"has_items": True, "num_range": {"testscr": [700, None]}}, df.testscr >= 700)

# ---- negation -------------------------------------------------------------------------------
no_values_between("str", 19.9999, 20)
add("negation", ["k-8 districts outside los angeles county with under 20 kids per teacher"],
    {"has_items": True, "text_in": {"grspan": ["KK-08"], "county": counties_except("Los Angeles")},
     "num_range": {"str": [None, 19.9999]}},
    (df.grspan == "KK-08") & (df.county != "Los Angeles") & (df["str"] < 20))
no_values_between("mathscr", 680, 680.0001)
add("negation", ["math above 680 but NOT in santa clara or san mateo, those are too pricey"],
    {"has_items": True, "text_in": {"county": counties_except("Santa Clara", "San Mateo")},
     "num_range": {"mathscr": [680.0001, None]}},
    (df.mathscr > 680) & ~df.county.isin(["Santa Clara", "San Mateo"]))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["districts in santa clara or san mateo county"],
    {"has_items": True, "text_in": {"county": ["San Mateo", "Santa Clara"]}},
    (df.county == "Santa Clara") | (df.county == "San Mateo"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
no_values_between("testscr", 640, 640.0001)
add("follow_up", ["districts in fresno county", "just the ones averaging over 640 on the tests"],
    {"has_items": True, "text_in": {"county": ["Fresno"]}, "num_range": {"testscr": [640.0001, None]}},
    (df.county == "Fresno") & (df.testscr > 640))
add("follow_up", ["i want a big district, over 5000 students", "with good math, 670+",
                  "not in los angeles county tho"],
    {"has_items": True, "text_in": {"county": counties_except("Los Angeles")},
     "num_range": {"enrltot": [5001, None], "mathscr": [670, None]}},
    (df.enrltot > 5000) & (df.mathscr >= 670) & (df.county != "Los Angeles"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a district with math scores over 700 where more than half the kids get reduced-price lunch"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.mathscr > 700) & (df.mealpct > 50))

# ---- id_lookup (distcod is the state's district code) -----------------------------------------
assert one(df.distcod == 61499).district == "Manzanita Elementary"
add("id_lookup", ["what's district 61499?"],
    {"has_items": True, "subset_of_ids": ids(df.distcod == 61499)}, df.distcod == 61499)

assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
