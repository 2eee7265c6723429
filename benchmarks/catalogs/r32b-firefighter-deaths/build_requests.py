"""Build ../requests/byo-r32b-firefighter-deaths.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (ages parsed with errors="coerce", so the blank ages and the one shifted
source row whose Age cell reads `Hammett` never qualify; dates parsed from the file's `Mon D, YYYY` strings),
and the script asserts that the `expect` facets accept exactly those rows. Date facets are written as
`text_in` over the raw date strings of the file. Counts and facts are asserted against the file; people
are asked for by first + last name, asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32b-firefighter-deaths"
PREFIX = "r32b-ff"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2005 and list(df["id"]) == [str(i) for i in range(1, 2006)]
assert list(df.columns) == ["id", "First Name", "Last Name", "Age", "Rank", "Classification", "Date of Incident",
                            "Date of Death", "Cause Of Death", "Nature Of Death", "Duty", "Activity", "Emergency",
                            "Property Type", "Unnamed: 14"]   # the source's unnamed last column, as pandas names it
AGE = pd.to_numeric(df["Age"], errors="coerce")
assert df.Age.isna().sum() == 359 and (df.Age == "Hammett").sum() == 1 and AGE.notna().sum() == 1645
assert (AGE.dropna() % 1 == 0).all()                       # whole years
DEATH = pd.to_datetime(df["Date of Death"], format="%b %d, %Y")   # every Date of Death parses
assert DEATH.notna().all()
assert set(df.Emergency) == {"Yes", "No", "Personal Vehicle Driver/Passenger"}   # the last from the shifted row
FULL = (df["First Name"].fillna("") + " " + df["Last Name"].fillna("")).str.strip().str.lower()
WILD = ["Wildland Contract", "Wildland Full-Time", "Wildland Part-Time"]
assert sorted(v for v in df.Classification.dropna().unique() if v.startswith("Wildland")) == WILD

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]
WHAT = ["firefighter", "Firefighter", "fatalit", "Fatalit", "death", "Death", "died", "fire", "Fire"]


def person(name):
    r = df[FULL == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


def death_dates(mask):
    """The raw `Date of Death` strings of the rows in mask (for a text_in facet)."""
    return sorted(df.loc[mask, "Date of Death"].unique(), key=lambda s: pd.to_datetime(s, format="%b %d, %Y"))


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hello, what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["volunteer firefighters who died of a heart attack"],
    {"has_items": True, "text_in": {"Classification": ["Volunteer"], "Nature Of Death": ["Heart Attack"]}},
    (df.Classification == "Volunteer") & (df["Nature Of Death"] == "Heart Attack"), 5)
y2013 = DEATH.dt.year == 2013
add("plain", ["wildland firefighters who died in 2013"],
    {"has_items": True, "text_in": {"Classification": WILD, "Date of Death": death_dates(y2013)}},
    df.Classification.str.startswith("Wildland") & y2013, 5)
add("plain", ["deaths durring training"], {"has_items": True, "text_in": {"Duty": ["Training"]}},
    df.Duty == "Training", 5)
add("plain", ["firefighters over 60 killed in vehicle collisions"],
    {"has_items": True, "num_range": {"Age": [61, None]}, "text_in": {"Cause Of Death": ["Vehicle Collision"]}},
    (AGE > 60) & (df["Cause Of Death"] == "Vehicle Collision"), 5)

# ---- units (a decade of life; a calendar quarter) ------------------------------------------------
add("units", ["firefighters who died in their twenties"], {"has_items": True, "num_range": {"Age": [20, 29]}},
    AGE // 10 == 2)
q1 = (DEATH.dt.year == 2012) & (DEATH.dt.quarter == 1)
assert int(q1.sum()) == 22
add("units", ["deaths in the first quarter of 2012"], {"has_items": True, "text_in": {"Date of Death": death_dates(q1)}},
    q1)

# ---- fact (asked by name, unique) ----------------------------------------------------------------
assert person("Leroy Kemp")["Age"] == "85"
add("fact", ["how old was Leroy Kemp?"], {"reply_number": 85})
assert person("Worne Hall")["Rank"] == "Fire Police Captain"
add("fact", ["what rank was Worne Hall"], {"reply_contains": "Fire Police Captain"})
assert person("Christopher Kangas")["Date of Death"] == "May 5, 2002"
add("fact", ["when did christopher kangas die"],
    {"reply_contains_any": ["May 5, 2002", "5 May 2002", "May 5th, 2002", "2002-05-05", "5/5/2002", "05/05/2002"]})

# ---- count ----------------------------------------------------------------------------------
assert (df["Date of Death"] == "Sep 11, 2001").sum() == 343
add("count", ["how many firefighters died on september 11, 2001?"], {"reply_number": 343})
assert (df.Emergency == "No").sum() == 650
add("count", ["how many of these deaths were not on an emergency call"], {"reply_number": 650})
assert (DEATH.dt.year == 2008).sum() == 122
add("count", ["how many died in 2008"], {"reply_number": 122})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_ids(AGE, 1)                                    # 95; next is 91
assert oldest == ["1938"] and person("John Doster")["id"] == "1938"
add("superlative", ["who was the oldest firefighter on the list?"],
    {"has_items": True, "subset_of_ids": oldest}, df.id.isin(oldest), 1)
young2 = top_ids(AGE, 2, largest=False)                     # 14 and 15; next is 16
assert sorted(AGE[df.id.isin(young2)]) == [14, 15]
add("superlative", ["the two youngest who died"],
    {"has_items": True, "subset_of_ids": young2}, df.id.isin(young2), 2)

# ---- ordinal (compared with another person) -------------------------------------------------------
ref = int(person("Leroy Kemp")["Age"])
add("ordinal", ["anyone older than Leroy Kemp?"], {"has_items": True, "num_range": {"Age": [ref + 1, None]}},
    AGE > ref)
ref = int(person("Devin Weaver")["Age"])
assert ref == 21
add("ordinal", ["career firefighters who died younger than Devin Weaver"],
    {"has_items": True, "text_in": {"Classification": ["Career"]}, "num_range": {"Age": [None, ref - 1]}},
    (df.Classification == "Career") & (AGE < ref))

# ---- negation (text_in of every other raw value; blanks are not "not ...") --------------------------
other_causes = sorted(v for v in df["Cause Of Death"].dropna().unique() if v != "Stress/Overexertion")
add("negation", ["fire chiefs whose death wasn't from stress or overexertion"],
    {"has_items": True, "text_in": {"Rank": ["Fire Chief"], "Cause Of Death": other_causes}},
    (df.Rank == "Fire Chief") & df["Cause Of Death"].notna() & (df["Cause Of Death"] != "Stress/Overexertion"))
other_em = sorted(v for v in df.Emergency.dropna().unique() if v != "Yes")
add("negation", ["career firefighters who weren't responding to an emergency"],
    {"has_items": True, "text_in": {"Classification": ["Career"], "Emergency": other_em}},
    (df.Classification == "Career") & df.Emergency.notna() & (df.Emergency != "Yes"))

# ---- disjunction ----------------------------------------------------------------------------
disj = df["Nature Of Death"].isin(["Burns", "Electrocution"])
assert int(disj.sum()) == 97
add("disjunction", ["deaths from burns or electrocution"],
    {"has_items": True, "text_in": {"Nature Of Death": ["Burns", "Electrocution"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["firefighters who died of burns", "just the volunteers"],
    {"has_items": True, "text_in": {"Nature Of Death": ["Burns"], "Classification": ["Volunteer"]}},
    (df["Nature Of Death"] == "Burns") & (df.Classification == "Volunteer"))
y2015 = DEATH.dt.year == 2015
add("follow_up", ["show me deaths in 2015", "only the heart attacks", "and only people over 55"],
    {"has_items": True, "text_in": {"Date of Death": death_dates(y2015), "Nature Of Death": ["Heart Attack"]},
     "num_range": {"Age": [56, None]}},
    y2015 & (df["Nature Of Death"] == "Heart Attack") & (AGE > 55))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any firefighters over 100 years old?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    AGE > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1200", "Last Name"].notna().item()
add("id_lookup", ["tell me about item 1200"], {"has_items": True, "subset_of_ids": ["1200"]}, df.id == "1200")

finish()
