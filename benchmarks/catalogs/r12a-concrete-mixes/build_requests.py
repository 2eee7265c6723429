"""Build ../requests/byo-r12a-concrete-mixes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

No column names a unit. The seven ingredients are kilograms per cubic metre of concrete, `age` is days since
casting, `compressive_strength` is megapascals (Yeh's data as described with the source). For every request that
must return items, `truth` is computed here with plain pandas expressions in the user's unit where the user
used one (MPa x 145.0377 against psi, kg/m3 / 0.593276 against lb/yd3, weeks x 7 against days), and the script
asserts that the `expect` facets accept exactly those rows. A zero means the ingredient is absent ("no fly
ash"); there are no blank cells. There is no title column: a mix is only its row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12a-concrete-mixes"
PREFIX = "r12a-co"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 1030
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == ["id", "cement", "blast_furnace_slag", "fly_ash", "water", "superplasticizer",
                            "coarse_aggregate", "fine_aggregate", "age", "compressive_strength"]
assert not df.isna().any().any()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CEM, SLAG, ASH, SP = num("cement"), num("blast_furnace_slag"), num("fly_ash"), num("superplasticizer")
AGE, MPA = num("age"), num("compressive_strength")
assert (SLAG >= 0).all() and (ASH >= 0).all() and (SP >= 0).all()
assert ((MPA * 100 - (MPA * 100).round()).abs() < 1e-6).all()     # strengths in hundredths of a MPa
assert ((CEM * 10 - (CEM * 10).round()).abs() < 1e-6).all()    # cement in tenths of a kg
PSI_PER_MPA = 145.0377
KGM3_PER_LBYD3 = 0.593276

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["concrete", "Concrete", "mix", "Mix", "cement", "Cement", "strength"]


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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can i search here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["mixes tested at 28 days"], {"has_items": True, "num_range": {"age": [28, 28]}}, AGE == 28, 5)
add("plain", ["concrete with no fly ash and no slag"],
    {"has_items": True, "num_range": {"fly_ash": [0, 0], "blast_furnace_slag": [0, 0]}},
    (ASH == 0) & (SLAG == 0), 5)
gap_empty("compressive_strength", 70, 70.01)
add("plain", ["compressive strenght above 70 MPa"],
    {"has_items": True, "num_range": {"compressive_strength": [70.01, None]}}, MPA > 70, 5)
gap_empty("cement", 450, 450.1)
add("plain", ["mixes using more than 450 kg of cement per cubic metre"],
    {"has_items": True, "num_range": {"cement": [450.1, None]}}, CEM > 450, 5)

# ---- units (strength in MPa asked in psi; cement in kg/m3 asked in lb/yd3) -----------------------
# stronger than 6000 psi = stronger than 41.3686 MPa; strengths are in hundredths
gap_empty("compressive_strength", 6000 / PSI_PER_MPA, 41.37)
add("units", ["which mixes are stronger than 6000 psi?"],
    {"has_items": True, "num_range": {"compressive_strength": [41.37, None]}}, MPA * PSI_PER_MPA > 6000, 5)
# over 700 lb of cement per cubic yard = over 415.29 kg/m3; cement is in tenths
gap_empty("cement", 700 * KGM3_PER_LBYD3, 415.3)
add("units", ["mixes with over 700 pounds of cement per cubic yard"],
    {"has_items": True, "num_range": {"cement": [415.3, None]}}, CEM / KGM3_PER_LBYD3 > 700, 5)

# ---- fact (a mix has no name: asked by its row number, or about the whole table) ----------------
assert df.loc[df.id == "3", "compressive_strength"].item() == "40.27"
add("fact", ["what's the compressive strength of mix 3?"], {"reply_number": 40.27})
assert MPA.max() == 82.6 and (MPA == 82.6).sum() == 1
add("fact", ["what's the highest compressive strength anyone got in this data?"], {"reply_number": 82.6})
assert df.loc[df.id == "225", "age"].item() == "3"
add("fact", ["how old was mix #225 when it was tested"], {"reply_number": 3})

# ---- count ----------------------------------------------------------------------------------
assert (ASH > 0).sum() == 464
add("count", ["how many mixes contain fly ash?"], {"reply_number": 464})
assert (AGE == 3).sum() == 134
add("count", ["how many were tested at 3 days"], {"reply_number": 134})
assert (SP == 0).sum() == 379
add("count", ["how many mixes don't use any superplastisizer"], {"reply_number": 379})

# ---- superlative ----------------------------------------------------------------------------
strong3 = top_ids(MPA, 3)                                  # 82.6, 81.75, 80.2; next 79.99
assert sorted(MPA[df.id.isin(strong3)]) == [80.2, 81.75, 82.6]
add("superlative", ["the 3 strongest mixes"], {"has_items": True, "subset_of_ids": strong3}, df.id.isin(strong3), 3)
weak1 = top_ids(MPA, 1, largest=False)                     # 2.33; next 3.32
assert MPA[df.id.isin(weak1)].item() == 2.33
add("superlative", ["what's the weakest mix in here"], {"has_items": True, "subset_of_ids": weak1}, df.id.isin(weak1), 1)

# ---- ordinal --------------------------------------------------------------------------------
assert df.loc[df.id == "1", "compressive_strength"].item() == "79.99"
gap_empty("compressive_strength", 79.99, 80.0)
add("ordinal", ["mixes that are stronger than mix 1"],
    {"has_items": True, "num_range": {"compressive_strength": [80.0, None]}}, MPA > MPA[0])
s28 = MPA.where(AGE == 28)
top2_28 = top_ids(s28, 2)                                  # 81.75, 79.99; next 78.8
second28 = [i for i in top2_28 if s28[df.id == i].item() != s28.max()]
assert second28 == ["1"]
add("ordinal", ["the second strongest mix tested at 28 days"], {"has_items": True, "subset_of_ids": second28},
    df.id.isin(second28), 1)

# ---- negation -------------------------------------------------------------------------------
other_ages = sorted(set(df.age) - {"28"}, key=int)
add("negation", ["mixes not tested at 28 days"], {"has_items": True, "text_in": {"age": other_ages}}, AGE != 28, 5)
add("negation", ["concrete that isn't made with fly ash, at least 60 MPa"],
    {"has_items": True, "num_range": {"fly_ash": [0, 0], "compressive_strength": [60, None]}},
    ~(ASH > 0) & (MPA >= 60), 5)

# ---- disjunction ----------------------------------------------------------------------------
gap_empty("cement", 500, 500.1)
gap_empty("blast_furnace_slag", 300, 300.1)
disj = (CEM > 500) | (SLAG > 300)
assert int(disj.sum()) == 40
add("disjunction", ["mixes with more than 500 kg of cement or more than 300 kg of slag"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj, 5)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("blast_furnace_slag", 0, 0.1)
# 8 weeks or longer = age >= 56 days
add("follow_up", ["mixes with slag but no fly ash", "only the ones cured 8 weeks or longer"],
    {"has_items": True, "num_range": {"blast_furnace_slag": [0.1, None], "fly_ash": [0, 0], "age": [56, None]}},
    (SLAG > 0) & (ASH == 0) & (AGE / 7 >= 8))
add("follow_up", ["show me the 28 day tests", "no superplasticizer", "which of those reached 40 MPa?"],
    {"has_items": True, "num_range": {"age": [28, 28], "superplasticizer": [0, 0], "compressive_strength": [40, None]}},
    (AGE == 28) & (SP == 0) & (MPA >= 40))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any mix stronger than 15,000 psi?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    MPA * PSI_PER_MPA > 15000)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me item 225"], {"has_items": True, "subset_of_ids": ["225"]}, df.id == "225")

finish()
