"""Build ../requests/byo-r14a-london-cholera-1849.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (elevation feet * 0.3048 against metres, area
acres * 0.0040468564224 against square kilometres, death rates per 10,000 / 100 against percents), and the
script asserts that the `expect` facets accept exactly those rows. `area` carries no unit in the source's
docs; it is acres, as `pop_dens` (documented as persons per acre) equals round(popn / area) on every row,
which is asserted below. Counts and facts are asserted against the file; facts by name are asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14a-london-cholera-1849"
PREFIX = "r14a-lc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 38 and list(df["id"]) == [str(i) for i in range(1, 39)]
assert list(df.columns) == ["id", "district", "cholera_drate", "cholera_deaths", "popn", "elevation", "region",
                            "water", "annual_deaths", "pop_dens", "persons_house", "house_valpp", "poor_rate",
                            "area", "houses", "house_val"]
assert not df.isna().any().any()                           # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
RATE, DEATHS, POP, ELEV, AREA, DENS = (num(c) for c in ["cholera_drate", "cholera_deaths", "popn", "elevation",
                                                         "area", "pop_dens"])
assert ((POP / AREA).round() == DENS).all()                # area is in acres
assert (AREA % 1 == 0).all() and (ELEV % 1 == 0).all() and (RATE % 1 == 0).all()
assert set(df.water) == {"Battersea", "New River", "Kew"}
assert set(df.region) == {"West", "North", "Central", "South", "Kent"}
assert df.district.str.lower().is_unique

WHAT = ["district", "District", "cholera", "Cholera", "London", "parish", "1849"]


def district(name):
    r = df[df["district"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["districts supplied by the New River company"],
    {"has_items": True, "text_in": {"water": ["New River"]}}, df.water == "New River", 5)
add("plain", ["Kent districts with a cholera death rate above 100 per 10,000"],
    {"has_items": True, "text_in": {"region": ["Kent"]}, "num_range": {"cholera_drate": [101, None]}},
    (df.region == "Kent") & (RATE > 100), 5)
add("plain", ["which districts had more than 100,000 people?"],
    {"has_items": True, "num_range": {"popn": [100001, None]}}, POP > 100000, 5)
add("plain", ["central london districts"], {"has_items": True, "text_in": {"region": ["Central"]}},
    df.region == "Central", 5)

# ---- units (elevation in feet, area in acres) ------------------------------------------------
# more than 15 m = more than 49.21 ft; elevations are whole feet
gap_empty("elevation", 49, 50)
add("units", ["districts more than 15 metres above the high water mark"],
    {"has_items": True, "num_range": {"elevation": [50, None]}}, ELEV * 0.3048 > 15)
# bigger than 10 km2 = more than 2471.05 acres; areas are whole acres
gap_empty("area", 2471, 2472)
add("units", ["districts bigger than 10 square km"],
    {"has_items": True, "num_range": {"area": [2472, None]}}, AREA * 0.0040468564224 > 10)

# ---- fact ------------------------------------------------------------------------------------
assert district("Lambeth")["cholera_deaths"] == "1618"
add("fact", ["how many people died of cholera in lambeth?"], {"reply_number": 1618})
assert district("Hampstead")["water"] == "Kew"
add("fact", ["where did Hampstead get its water from"], {"reply_contains": "Kew"})
assert district("Marylebone")["elevation"] == "100"
add("fact", ["elevation of Marylebone?"], {"reply_number": 100})

# ---- count ----------------------------------------------------------------------------------
assert (df.water == "Kew").sum() == 6
add("count", ["how many districts got their water from Kew?"], {"reply_number": 6})
assert (df.region == "North").sum() == 5
add("count", ["how many distrcts are in the north"], {"reply_number": 5})
assert (RATE / 100 >= 1).sum() == 8                        # a rate per 10,000 of 100 is 1 %
add("count", ["how many districts lost at least 1% of their population to cholera?"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
worst = top_ids(RATE, 1)
assert worst == ["2"] and district("Rotherhithe")["id"] == "2"
add("superlative", ["which district had the highest cholera death rate"],
    {"has_items": True, "subset_of_ids": worst}, df.id.isin(worst), 1)
dense3 = top_ids(DENS, 3)                                  # 284, 254, 242; next is 235
assert sorted(DENS[df.id.isin(dense3)]) == [242, 254, 284]
add("superlative", ["the 3 most densely populated districts"],
    {"has_items": True, "subset_of_ids": dense3}, df.id.isin(dense3), 3)

# ---- ordinal (compared with another district) -----------------------------------------------
assert district("Westminster")["cholera_drate"] == "68"
add("ordinal", ["districts with a higher cholera death rate than Westminster"],
    {"has_items": True, "num_range": {"cholera_drate": [69, None]}}, RATE > float(district("Westminster")["cholera_drate"]))
assert district("Islington")["elevation"] == "88"
add("ordinal", ["which districts sit higher up than islington"],
    {"has_items": True, "num_range": {"elevation": [89, None]}}, ELEV > float(district("Islington")["elevation"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["districts not supplied by the New River"],
    {"has_items": True, "text_in": {"water": ["Battersea", "Kew"]}}, df.water != "New River", 5)
add("negation", ["districts outside central london with a cholera death rate under 30"],
    {"has_items": True, "text_in": {"region": ["West", "North", "South", "Kent"]},
     "num_range": {"cholera_drate": [None, 29]}},
    (df.region != "Central") & (RATE < 30), 5)

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.region == "North") | (RATE > 150)
disj_ids = ["2", "3", "4", "5", "6", "31", "35", "36", "37", "38"]
assert ids(disj) == disj_ids
add("disjunction", ["districts in the North, or with a death rate above 150"],
    {"has_items": True, "subset_of_ids": disj_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["districts on Battersea water", "which of those had under 50 cholera deaths per 10,000?"],
    {"has_items": True, "text_in": {"water": ["Battersea"]}, "num_range": {"cholera_drate": [None, 49]}},
    (df.water == "Battersea") & (RATE < 50))
add("follow_up", ["districts more than 30 feet above the river", "only the ones on New River water",
                  "and with a population under 50,000"],
    {"has_items": True, "num_range": {"elevation": [31, None], "popn": [None, 49999]},
     "text_in": {"water": ["New River"]}},
    (ELEV > 30) & (df.water == "New River") & (POP < 50000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any district with no cholera deaths at all?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    DEATHS == 0)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "23", "district"].item() == "London City"
add("id_lookup", ["tell me about item 23"], {"has_items": True, "subset_of_ids": ["23"]}, df.id == "23")

finish()
