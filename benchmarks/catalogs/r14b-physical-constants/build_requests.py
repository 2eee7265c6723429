"""Build ../requests/byo-r14b-physical-constants.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (a "femtometre" is 1e-15 m, "1 GeV" is 1000 MeV),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file (facts by name, the name asserted unique case-insensitively). `value` is parsed with
pd.to_numeric, which reads the file's odd spellings (`602214076e15`, `9.274010078299999e-24`) as numbers.
A blank `units` means a dimensionless constant; a blank `uncert` (and `sf_uncert`) means an exact value.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14b-physical-constants"
PREFIX = "r14b-pc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 354 and list(df["id"]) == [str(i) for i in range(1, 355)]
assert list(df.columns) == ["id", "name", "value", "uncert", "sf_value", "sf_uncert", "units"]
assert df.name.str.lower().is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
VAL, UNC, SF, SFU, U = num("value"), num("uncert"), num("sf_value"), num("sf_uncert"), df["units"]
assert VAL.notna().all() and SF.notna().all()
assert (UNC.isna() == SFU.isna()).all() and set(SFU.dropna()) == {1.0, 2.0}   # exact <=> both blank
assert UNC.isna().sum() == 81 and U.isna().sum() == 93
NAMED = lambda word: df.name.str.contains(word, case=False, regex=False)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["constant", "Constant", "CODATA", "physic", "Physic", "NIST"]


def by_name(name):
    r = df[df["name"].str.lower() == name.lower()]
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


def gap_empty_where(mask, col, lo, hi):
    """Like gap_empty, but only over the rows the other facets already keep (e.g. one unit)."""
    v = pd.to_numeric(df.loc[mask, col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["constants given in MeV"], {"has_items": True, "text_in": {"units": ["MeV"]}}, U == "MeV", 5)
muon = ids(NAMED("muon"))
assert len(muon) == 22
add("plain", ["all the muon constants"], {"has_items": True, "subset_of_ids": muon}, NAMED("muon"), 5)
add("plain", ["which constants are in J/T?"], {"has_items": True, "text_in": {"units": ["J T^-1"]}}, U == "J T^-1", 5)
add("plain", ["constants known to at least 13 significant figures"],
    {"has_items": True, "num_range": {"sf_value": [13, None]}}, SF >= 13, 5)

# ---- units (a femtometre is 1e-15 m; 1 GeV is 1000 MeV) ---------------------------------------------
gap_empty_where(U == "m", "value", 0.999e-15, 1e-15)
add("units", ["lengths shorter than a femtometre"],
    {"has_items": True, "text_in": {"units": ["m"]}, "num_range": {"value": [None, 0.999e-15]}},
    (U == "m") & (VAL / 1e-15 < 1))
gap_empty_where(U == "MeV", "value", 1000, 1000.001)
add("units", ["which particle mass energies are above 1 GeV?"],
    {"has_items": True, "text_in": {"units": ["MeV"]}, "num_range": {"value": [1000.001, None]}},
    (U == "MeV") & (VAL / 1000 > 1))

# ---- fact (by name) -------------------------------------------------------------------------
assert df.name[NAMED("speed of light")].tolist() == ["speed of light in vacuum"]
assert by_name("speed of light in vacuum")["value"] == "299792458"
add("fact", ["what's the speed of light?"], {"reply_number": 299792458})
assert df.name[NAMED("boltzmann constant")].str.lower().tolist()[0] == "boltzmann constant"
assert by_name("Boltzmann constant")["value"] == "1.380649e-23"
add("fact", ["value of the boltzmann constant"], {"reply_contains": "1.380649"})
assert by_name("Rydberg constant")["units"] == "m^-1"
add("fact", ["what units is the Rydberg constant in?"],
    {"reply_contains_any": ["m^-1", "m⁻¹", "m-1", "1/m", "per metre", "per meter", "inverse met", "reciprocal met"]})

# ---- count ----------------------------------------------------------------------------------
assert UNC.isna().sum() == 81
add("count", ["how many of the constants are exact, with no uncertainty?"], {"reply_number": 81})
assert U.isna().sum() == 93
add("count", ["how many are dimensionless (no units)?"], {"reply_number": 93})
assert NAMED("neutron").sum() == 32
add("count", ["how many neutron constants are there"], {"reply_number": 32})

# ---- superlative ----------------------------------------------------------------------------
kg_top = top_ids(VAL.where(U == "kg"), 1)
assert by_name("Planck mass")["id"] in kg_top and len(kg_top) == 1
add("superlative", ["which constant in kilograms has the biggest value?"],
    {"has_items": True, "subset_of_ids": kg_top}, df.id.isin(kg_top), 1)
sf2 = top_ids(SF, 2)                                       # two at 15 figures; the next is 14
assert sorted(SF[df.id.isin(sf2)]) == [15, 15]
add("superlative", ["the 2 constants given to the most significant figures"],
    {"has_items": True, "subset_of_ids": sf2}, df.id.isin(sf2), 2)

# ---- ordinal (compared with another constant) ------------------------------------------------
p = float(by_name("proton mass")["value"])
gap_empty_where(U == "kg", "value", p, 1.6727e-27)
add("ordinal", ["anything in kg that's heavier than the proton mass"],
    {"has_items": True, "text_in": {"units": ["kg"]}, "num_range": {"value": [1.6727e-27, None]}},
    (U == "kg") & (VAL > p))
b = float(by_name("Bohr radius")["value"])
gap_empty_where(U == "m", "value", b, 5.2918e-11)
add("ordinal", ["lengths longer than the bohr radius"],
    {"has_items": True, "text_in": {"units": ["m"]}, "num_range": {"value": [5.2918e-11, None]}},
    (U == "m") & (VAL > b))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["constants in joules that aren't exact"],
    {"has_items": True, "text_in": {"units": ["J"]}, "num_range": {"sf_uncert": [1, None]}},
    (U == "J") & UNC.notna())
add("negation", ["MeV constants that aren't above 1000 MeV"],
    {"has_items": True, "text_in": {"units": ["MeV"]}, "num_range": {"value": [None, 1000]}},
    (U == "MeV") & ~(VAL > 1000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["show me the ones in hertz or kelvin"],
    {"has_items": True, "text_in": {"units": ["Hz", "K"]}}, (U == "Hz") | (U == "K"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
nkg = NAMED("neutron") & (U == "kg")
assert ids(nkg) == [by_name("neutron mass")["id"], by_name("neutron-proton mass difference")["id"]]
add("follow_up", ["neutron constants", "only the ones in kg"],
    {"has_items": True, "subset_of_ids": ids(nkg), "text_in": {"units": ["kg"]}}, nkg)
pr = NAMED("proton") & U.notna() & (SF >= 12)
add("follow_up", ["proton constants", "the ones that actually have units", "only those with at least 12 significant figures"],
    {"has_items": True, "subset_of_ids": ids(pr), "num_range": {"sf_value": [12, None]}}, pr)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything known to more than 20 significant figures?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SF > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "120", "name"].item() == "elementary charge"
add("id_lookup", ["tell me about item 120"], {"has_items": True, "subset_of_ids": ["120"]}, df.id == "120")

finish()
