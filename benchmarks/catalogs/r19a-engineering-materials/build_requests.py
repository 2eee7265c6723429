"""Build ../requests/byo-r19a-engineering-materials.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions: material families found in the free-text `Material` name
(case-insensitively: "aluminium alloy" = names with `Aluminum Alloy`, which leaves out the copper-based
`Aluminum Bronze`; "cast iron" = names with `cast iron`), strengths `Su`/`Sy` in MPa converted to ksi
(1 MPa = 0.1450377 ksi), density `Ro` in kg/m3 converted to g/cm3 (/1000). The script asserts that the
`expect` facets accept exactly those rows. Name lists in `text_in` are the raw `Material` strings, trailing
spaces and doubled prefixes (`JIS JIS S55C `) included. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19a-engineering-materials"
PREFIX = "r19a-em"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1552 and list(df["id"]) == [str(i) for i in range(1, 1553)]
assert list(df.columns) == ["id", "Material", "Su", "Sy", "E", "G", "mu", "Ro", "Use"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SU, SY, E, MU, RO = num("Su"), num("Sy"), num("E"), num("mu"), num("Ro")
for c in ["Su", "Sy", "E", "G", "Ro"]:
    assert (num(c) % 1 == 0).all(), c                      # whole MPa and kg/m3
assert set(df.Use) == {"True", "False"}
MAT = df["Material"]
KSI = 0.1450377                                            # ksi per MPa

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "doesn't", "does not"]
WHAT = ["material", "Material", "steel", "Steel", "alloy", "Alloy", "strength", "metal"]


def name_has(word):
    return MAT.str.contains(word, case=False, regex=False)


def raw_values(col, mask):
    """Every distinct raw value of `col` on the rows of `mask` (sorted), for a text_in facet."""
    return sorted(df.loc[mask.fillna(False).astype(bool), col].dropna().unique().tolist())


ALU = name_has("Aluminum Alloy")
MG = name_has("Magnesium")
CI = name_has("cast iron")
BRONZE = name_has("bronze")
assert int(ALU.sum()) == 244 and int(MG.sum()) == 37 and int(CI.sum()) == 88 and int(BRONZE.sum()) == 50
assert not (ALU & name_has("Bronze")).any()
assert (RO[MG] == 1750).all() and (RO[ALU] == 2700).all()
def one(mask):
    r = df[mask.fillna(False).astype(bool)]
    assert len(r) == 1, r
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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["magnesium alloys"], {"has_items": True, "text_in": {"Material": raw_values("Material", MG)}}, MG, 5)
gap_empty("Sy", 1000, 1001)
add("plain", ["materials with a yield strength over 1000 MPa"],
    {"has_items": True, "num_range": {"Sy": [1001, None]}}, SY > 1000, 5)
add("plain", ["cast irons with tensile strength of at least 500 MPa"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", CI)}, "num_range": {"Su": [500, None]}},
    CI & (SU >= 500), 5)
gap_empty("Su", 500, 501)
add("plain", ["bronzes with a tensile strength above 500 mpa"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", BRONZE)}, "num_range": {"Su": [501, None]}},
    BRONZE & (SU > 500), 5)

# ---- units (MPa asked in ksi, kg/m3 asked in g/cm3) -------------------------------------------
gap_empty("Sy", 150 / KSI, 1035)                           # 150 ksi = 1034.2 MPa
add("units", ["anything with a yield strength above 150 ksi?"],
    {"has_items": True, "num_range": {"Sy": [1035, None]}}, SY * KSI > 150)
gap_empty("Ro", 2999, 3000)
add("units", ["which materials are lighter than 3 g/cm3"],
    {"has_items": True, "num_range": {"Ro": [None, 2999]}}, RO / 1000 < 3)

# ---- fact (by a name that matches one row) ----------------------------------------------------
r = df[name_has("SAE 4130 tempered")]
assert len(r) == 1 and r.iloc[0]["Su"] == "1627"
add("fact", ["what's the tensile strength of SAE 4130 tempered at 400 F?"], {"reply_number": 1627})
r = df[name_has("C87900")]
assert len(r) == 1 and r.iloc[0]["Ro"] == "8800" and r.iloc[0]["Material"] == "ANSI Silicon Bronze C87900 "
add("fact", ["density of the C87900 silicon bronze?"], {"reply_contains_any": ["8800", "8,800", "8.8"]})
r = df[name_has("S55C")]
assert len(r) == 1 and r.iloc[0]["mu"] == "0.3" and r.iloc[0]["Material"] == "JIS JIS S55C "
add("fact", ["poissons ratio for JIS S55C"], {"reply_number": 0.3})

# ---- count ----------------------------------------------------------------------------------
assert (df.Use == "True").sum() == 135
add("count", ["how many materials are marked as usable?"], {"reply_number": 135})
assert MAT.str.startswith("GOST").sum() == 323
add("count", ["how many GOST materials are in the list"], {"reply_number": 323})
assert (ALU & (SY >= 400)).sum() == 23
add("count", ["how many aluminum alloys have a yield strength of 400 MPa or more?"], {"reply_number": 23})

# ---- superlative ----------------------------------------------------------------------------
top = top_ids(SU, 1)
assert top == ["87"] and SU.max() == 2220
add("superlative", ["which material has the highest tensile strength"],
    {"has_items": True, "subset_of_ids": top}, df.id.isin(top), 1)
mg3 = top_ids(SY.where(MG), 3)                             # 283, 276, 255; next is 228
assert sorted(SY[df.id.isin(mg3)]) == [255, 276, 283]
add("superlative", ["top 3 magnesium alloys by yield strength"],
    {"has_items": True, "subset_of_ids": mg3}, df.id.isin(mg3), 3)

# ---- ordinal (compared with another material) -------------------------------------------------
ref = df[MAT == "ANSI Aluminum Alloy 6061-T6 Wrought"]
assert len(ref) == 1 and ref.iloc[0]["Sy"] == "276"
gap_empty("Sy", 276, 277)
add("ordinal", ["aluminium alloys with a higher yield strength than ANSI Aluminum Alloy 6061-T6 Wrought"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", ALU)}, "num_range": {"Sy": [277, None]}},
    ALU & (SY > 276))
ref = df[name_has("SAE 4340 tempered")]
assert len(ref) == 1 and ref.iloc[0]["Su"] == "1875"
gap_empty("Su", 1875, 1876)
add("ordinal", ["materials with more tensile stregth than SAE 4340 tempered at 400 F"],
    {"has_items": True, "num_range": {"Su": [1876, None]}}, SU > 1875)

# ---- negation -------------------------------------------------------------------------------
not_sand = MG & ~name_has("sand casting")
add("negation", ["magnesium alloys that aren't sand castings"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", not_sand)}}, not_sand)
not_ansi = CI & ~MAT.str.startswith("ANSI")
assert set(MAT[not_ansi].str.split().str[0]) == {"ISO", "BS", "GOST", "NF", "JIS"}
add("negation", ["cast irons but not the ANSI ones"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", not_ansi)}}, not_ansi)

# ---- disjunction ----------------------------------------------------------------------------
disj = name_has("Aluminum Bronze") | name_has("Silicon Bronze")
assert int(disj.sum()) == 12
add("disjunction", ["aluminum bronze or silicon bronze"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", disj)}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Sy", 400, 401)
add("follow_up", ["aluminium alloys", "only those with yield above 400 MPa"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", ALU)}, "num_range": {"Sy": [401, None]}},
    ALU & (SY > 400))
gost_norm = MAT.str.startswith("GOST") & name_has("Steel") & name_has("normalized")
gap_empty("Su", 600, 601)
add("follow_up", ["GOST steels", "normalized ones only", "and a tensile strength over 600 MPa"],
    {"has_items": True, "text_in": {"Material": raw_values("Material", gost_norm)}, "num_range": {"Su": [601, None]}},
    gost_norm & (SU > 600))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["do you have any titanium alloys?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    name_has("titanium") | name_has("Ti-6Al"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1000", "Material"].item() == "CSN CSN 17150 normalized"
add("id_lookup", ["show me item 1000"], {"has_items": True, "subset_of_ids": ["1000"]}, df.id == "1000")

finish()
