"""Build ../requests/byo-r32b-aircraft-types.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (wingspan metres -> feet, take-off mass kg -> pounds
or tonnes, flight level -> feet), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `ICAO` is the type designator, not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32b-aircraft-types"
PREFIX = "r32b-ac"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 68 and list(df["id"]) == [str(i) for i in range(1, 69)]
assert list(df.columns[:9]) == ["id", "ICAO", "Manufacturer", "Type", "Year_of_first_flight", "n_engine",
                                "winglets", "WV", "MTOM_kg"] and len(df.columns) == 45
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, ENG, MTOM, SPAN, FL = num("Year_of_first_flight"), num("n_engine"), num("MTOM_kg"), num("span_m"), num("FL_max")
assert set(df.Manufacturer) == {"Boeing", "Airbus", "Embraer", "Bombardier", "Gulfstream", "BAESystems"}
assert set(df.winglets) == {"yes", "no"} and set(df.n_engine) == {"2", "4"}
assert df.WV.isna().sum() == 14 and (df.WV == "HGW").sum() == 1      # blanks and a text code in WV
assert df.ICAO.is_unique and df.Type.str.lower().is_unique
assert (MTOM % 1 == 0).all()                                          # whole kilograms
assert (SPAN.round(2) == SPAN).all()                                  # span to the centimetre

KG_PER_LB = 0.45359237
FT_PER_M = 1 / 0.3048
NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]
WHAT = ["aircraft", "Aircraft", "plane", "Plane", "airliner", "Airliner", "jet", "Jet"]


def row(type_name):
    r = df[df["Type"].str.lower() == type_name.lower()]
    assert len(r) == 1, type_name
    return r.iloc[0]


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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what kind of stuff is in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["four engined aircarft"], {"has_items": True, "num_range": {"n_engine": [4, 4]}}, ENG == 4, 5)
add("plain", ["Embraer jets"], {"has_items": True, "text_in": {"Manufacturer": ["Embraer"]}},
    df.Manufacturer == "Embraer", 5)
add("plain", ["planes with winglets that first flew after 2010"],
    {"has_items": True, "text_in": {"winglets": ["yes"]}, "num_range": {"Year_of_first_flight": [2011, None]}},
    (df.winglets == "yes") & (YEAR > 2010), 5)
add("plain", ["boeing types that first flew in the 90s"],
    {"has_items": True, "text_in": {"Manufacturer": ["Boeing"]}, "num_range": {"Year_of_first_flight": [1990, 1999]}},
    (df.Manufacturer == "Boeing") & (YEAR >= 1990) & (YEAR <= 1999), 5)

# ---- units (span in metres, MTOM in kg) --------------------------------------------------------
# over 200 ft = over 60.96 m; the 777-200/-300 are 60.93 m = 199.9 ft, the next span is 63.45 m
gap_empty("span_m", 200 / FT_PER_M, 60.97)
add("units", ["which ones have a wingspan over 200 ft?"],
    {"has_items": True, "num_range": {"span_m": [60.97, None]}}, SPAN * FT_PER_M > 200)
# under 100,000 lb = under 45,359.2 kg; masses are whole kg
gap_empty("MTOM_kg", 45359, 100000 * KG_PER_LB)
add("units", ["max takeoff weight under 100,000 lbs"],
    {"has_items": True, "num_range": {"MTOM_kg": [None, 45359]}}, MTOM / KG_PER_LB < 100000)

# ---- fact (asked by the type name; the user leaves off the B prefix) ---------------------------
assert row("B787-9")["span_m"] == "60.12"
add("fact", ["what's the wingspan of the 787-9?"], {"reply_number": 60.12})
assert row("B747-400")["Year_of_first_flight"] == "1985"
add("fact", ["when did the 747-400 first fly"], {"reply_number": 1985})
assert row("CRJ-9")["Manufacturer"] == "Bombardier"
add("fact", ["who makes the CRJ-9?"], {"reply_contains": "Bombardier"})

# ---- count ----------------------------------------------------------------------------------
assert (df.Manufacturer == "Airbus").sum() == 23
add("count", ["how many Airbus types are in the list?"], {"reply_number": 23})
assert (df.winglets == "yes").sum() == 15
add("count", ["how many of them have winglets"], {"reply_number": 15})
assert (YEAR < 1990).sum() == 19
add("count", ["how many aircraft first flew before 1990?"], {"reply_number": 19})

# ---- superlative ----------------------------------------------------------------------------
heavy3 = top_ids(MTOM, 3)                                   # 569000, 442253, 396894; next is 377800
assert sorted(MTOM[df.id.isin(heavy3)], reverse=True) == [569000, 442253, 396894]
add("superlative", ["3 heaviest aircraft by max takeoff weight"],
    {"has_items": True, "subset_of_ids": heavy3}, df.id.isin(heavy3), 3)
highest = top_ids(FL, 1)                                    # G-550, FL 510; next is 450
assert highest == ["65"] and FL.max() == 510
add("superlative", ["which plane can fly the highest?"],
    {"has_items": True, "subset_of_ids": highest}, df.id.isin(highest), 1)

# ---- ordinal (compared with another type) -----------------------------------------------------
ref = float(row("B777-300ER")["span_m"])
assert ref == 64.8
gap_empty("span_m", 64.8, 64.81)
add("ordinal", ["aircraft with a longer wingspan than the 777-300ER"],
    {"has_items": True, "num_range": {"span_m": [64.81, None]}}, SPAN > ref)
ref = int(row("B737-300")["Year_of_first_flight"])
assert ref == 1984
add("ordinal", ["twin engine types that first flew befor the 737-300"],
    {"has_items": True, "num_range": {"n_engine": [2, 2], "Year_of_first_flight": [None, 1983]}},
    (ENG == 2) & (YEAR < ref))

# ---- negation -------------------------------------------------------------------------------
others = sorted(set(df.Manufacturer) - {"Boeing", "Airbus"})
assert others == ["BAESystems", "Bombardier", "Embraer", "Gulfstream"]
add("negation", ["planes not made by Boeing or Airbus"],
    {"has_items": True, "text_in": {"Manufacturer": others}},
    ~df.Manufacturer.isin(["Boeing", "Airbus"]))
not_boeing = sorted(set(df.Manufacturer) - {"Boeing"})
add("negation", ["four-engine planes that aren't Boeings"],
    {"has_items": True, "text_in": {"Manufacturer": not_boeing}, "num_range": {"n_engine": [4, 4]}},
    (df.Manufacturer != "Boeing") & (ENG == 4))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.Manufacturer.isin(["Bombardier", "Gulfstream", "BAESystems"])
assert ids(disj) == ["54", "65", "68"]
add("disjunction", ["anything from Bombardier, Gulfstream or BAE Systems"],
    {"has_items": True, "text_in": {"Manufacturer": ["Bombardier", "Gulfstream", "BAESystems"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the airbus planes", "only the four-engine ones"],
    {"has_items": True, "text_in": {"Manufacturer": ["Airbus"]}, "num_range": {"n_engine": [4, 4]}},
    (df.Manufacturer == "Airbus") & (ENG == 4))
# heavier than 80 tonnes = MTOM > 80000 kg; whole kg
gap_empty("MTOM_kg", 80000, 80001)
add("follow_up", ["twin-engine jets please", "with winglets", "which of those can take off heavier than 80 tonnes?"],
    {"has_items": True, "num_range": {"n_engine": [2, 2], "MTOM_kg": [80001, None]}, "text_in": {"winglets": ["yes"]}},
    (ENG == 2) & (df.winglets == "yes") & (MTOM / 1000 > 80))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything that first flew before 1960?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    YEAR < 1960)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "ICAO"].item() == "B752"
add("id_lookup", ["tell me about item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
