"""Build ../requests/byo-r25a-inorganic-compounds.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (kelvin -> degrees Celsius as K - 273.15,
kelvin -> degrees Fahrenheit as (K - 273.15) * 9/5 + 32, kg/m^3 -> g/cm^3 as / 1000), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the
file. Blank cells (no value in the handbook) never pass a facet nor a truth expression.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25a-inorganic-compounds"
PREFIX = "r25a-ic"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2438 and list(df["id"]) == [str(i) for i in range(1, 2439)]
assert list(df.columns) == ["id", "CAS", "Chemical", "Tm", "Tb", "rho"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
TM, TB, RHO = num("Tm"), num("Tb"), num("rho")            # kelvin, kelvin, kg/m^3
assert (TM.isna().sum(), TB.isna().sum(), RHO.isna().sum()) == (917, 1882, 331)
assert df.CAS.is_unique and df.Chemical.notna().all()
C = df.Chemical
TM_C, TB_C = TM - 273.15, TB - 273.15                     # degrees Celsius
TB_F = TB_C * 9 / 5 + 32                                  # degrees Fahrenheit
G_CM3 = RHO / 1000                                        # g/cm^3

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["compound", "Compound", "chemical", "Chemical", "substance", "inorganic", "Inorganic", "melting",
        "boiling", "density"]


def chem(name):
    r = df[C.str.lower() == name.lower()]
    assert len(r) == 1, name
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


PERMANGANATES = sorted(C[C.str.contains("permanganate", case=False)])
assert len(PERMANGANATES) == 10
MERCURY_I = sorted(C[C.str.startswith("Mercury(I) ")])    # mercury(I) = mercurous; "Mercury(II) ..." excluded
assert len(MERCURY_I) == 10

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["compounds with a melting point of at least 3000 K"],
    {"has_items": True, "num_range": {"Tm": [3000, None]}}, TM >= 3000, 5)
add("plain", ["show me the permanganates"],
    {"has_items": True, "text_in": {"Chemical": PERMANGANATES}}, C.str.contains("permanganate", case=False), 5)
add("plain", ["density between 5000 and 6000 kg/m3"],
    {"has_items": True, "num_range": {"rho": [5000, 6000]}}, (RHO >= 5000) & (RHO <= 6000), 5)
gap_empty("Tb", 199.999, 200)
add("plain", ["stuff that boils below 200 kelvin"],
    {"has_items": True, "num_range": {"Tb": [None, 199.999]}}, TB < 200, 5)

# ---- units (Tm, Tb in kelvin; rho in kg/m^3) --------------------------------------------------
gap_empty("Tm", 273.149, 273.15)
add("units", ["which ones melt below 0 °C?"],
    {"has_items": True, "num_range": {"Tm": [None, 273.149]}}, TM_C < 0)
gap_empty("rho", 20000, 20000.001)
add("units", ["anything denser than 20 g/cm³"],
    {"has_items": True, "num_range": {"rho": [20000.001, None]}}, G_CM3 > 20)

# ---- fact ------------------------------------------------------------------------------------
assert chem("Mercury")["Tb"] == "629.769"                  # = 356.619 °C = 673.91 °F
add("fact", ["what's the boiling point of mercury"],
    {"reply_contains_any": ["629.769", "629.77", "629.8", "356.6", "673.9"]})
assert chem("Osmium")["rho"] == "22587.2"
add("fact", ["how dense is osmium"], {"reply_number": 22587.2})
assert chem("Potassium permanganate")["CAS"] == "7722-64-7"
add("fact", ["CAS number for potassium permanganate?"], {"reply_contains": "7722-64-7"})

# ---- count ----------------------------------------------------------------------------------
assert df.Tm.isna().sum() == 917
add("count", ["how many compounds don't have a melting point listed"], {"reply_number": 917})
assert int((TB_F > 2000).sum()) == 167
add("count", ["how many boil above 2000 °F?"], {"reply_number": 167})
assert int((TB_C < 0).sum()) == 95
add("count", ["how many of these boil below freezing (0 C)?"], {"reply_number": 95})

# ---- superlative ----------------------------------------------------------------------------
hot = top_ids(TB, 1)
assert hot == ["428"] and df.loc[df.id == "428", "Chemical"].item() == "Rhenium"
add("superlative", ["which compound has the highest boiling point"],
    {"has_items": True, "subset_of_ids": hot}, df.id.isin(hot), 1)
dense5 = top_ids(RHO, 5)                                   # 22587.2, 22562.2, 21500, 20800, 20200; next 19700
assert sorted(RHO[df.id.isin(dense5)], reverse=True) == [22587.2, 22562.2, 21500, 20800, 20200]
add("superlative", ["5 densest things on the list"],
    {"has_items": True, "subset_of_ids": dense5}, df.id.isin(dense5), 5)

# ---- ordinal (compared with another entry) ---------------------------------------------------
assert chem("Gold")["rho"] == "19300"
gap_empty("rho", 19300, 19300.001)
add("ordinal", ["compunds denser than gold"],
    {"has_items": True, "num_range": {"rho": [19300.001, None]}}, RHO > float(chem("Gold")["rho"]))
assert chem("Tungsten")["Tm"] == "3687.15"
gap_empty("Tm", 3687.15, 3687.151)
add("ordinal", ["what melts at a higher temperature than tungsten"],
    {"has_items": True, "num_range": {"Tm": [3687.151, None]}}, TM > float(chem("Tungsten")["Tm"]))

# ---- negation -------------------------------------------------------------------------------
assert chem("Water")["rho"] == "997.025"
add("negation", ["compounds that are not denser than water"],
    {"has_items": True, "num_range": {"rho": [None, 997.025]}}, RHO.notna() & ~(RHO > 997.025))
not_hydr = [n for n in PERMANGANATES if "hydrate" not in n]
assert len(not_hydr) == 6
add("negation", ["permanganates that aren't hydrates"],
    {"has_items": True, "text_in": {"Chemical": not_hydr}},
    C.str.contains("permanganate", case=False) & ~C.str.contains("hydrate", case=False))

# ---- disjunction ----------------------------------------------------------------------------
disj = (TM_C < -200) | (TM_C > 3500)
assert len(ids(disj)) == 16
add("disjunction", ["melts below -200 °C or above 3500 °C"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("rho", 10000, 10000.001)
gap_empty("Tm", 1273.149, 1273.15)
add("follow_up", ["compounds denser than 10 g/cm3", "only the ones that melt under 1000 °C"],
    {"has_items": True, "num_range": {"rho": [10000.001, None], "Tm": [None, 1273.149]}},
    (G_CM3 > 10) & (TM_C < 1000))
gap_empty("rho", 7499.999, 7500)
add("follow_up", ["show me the mercury(I) compounds", "just the ones with a denisty listed",
                  "which of those are lighter than 7.5 g/cm3"],
    {"has_items": True, "text_in": {"Chemical": MERCURY_I}, "num_range": {"rho": [None, 7499.999]}},
    C.str.startswith("Mercury(I) ") & RHO.notna() & (G_CM3 < 7.5), 5)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything that melts above 5000 K?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    TM > 5000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "582", "Chemical"].item() == "Water"
add("id_lookup", ["tell me about item 582"], {"has_items": True, "subset_of_ids": ["582"]}, df.id == "582")

finish()
