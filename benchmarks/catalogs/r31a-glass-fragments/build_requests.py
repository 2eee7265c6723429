"""Build ../requests/byo-r31a-glass-fragments.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit where the user used one (the `RI` column stores
(refractive index - 1.518) x 1000, so a user's "refractive index above 1.52" is 1.518 + RI/1000 > 1.52;
oxides are weight percent, so "1000 ppm" is 0.1 %), and the script asserts that the `expect` facets accept
exactly those rows. The fragments have no name or code: a fragment is its row `id` ("fragment 117").
`RI` carries long float tails (`-0.3900000000001`), so strict bounds on it sit a hair inside the limit and
a helper asserts that no value lies in the skipped gap.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31a-glass-fragments"
PREFIX = "r31a-gl"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 214 and list(df["id"]) == [str(i) for i in range(1, 215)]
assert list(df.columns) == ["id", "RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe", "type"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
RI, NA, MG, AL, SI, K, CA, BA, FE = (num(c) for c in ["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"])
T = df["type"]
assert T.value_counts().to_dict() == {"WinNF": 76, "WinF": 70, "Head": 29, "Veh": 17, "Con": 13, "Tabl": 9}
assert df.notna().all().all()
for c in ["Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"]:       # oxides: plain two-decimal strings
    assert (df[c].str.len() <= 5).all() and ((num(c) * 100).round(6) % 1 == 0).all(), c
NREF = 1.518 + RI / 1000                                   # the real refractive index

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["glass", "Glass", "fragment", "Fragment", "forensic", "Forensic"]


def item(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["what can I search in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["headlamp glas fragments"], {"has_items": True, "text_in": {"type": ["Head"]}}, T == "Head", 5)
gap_empty("Mg", 3.8, 3.81)
add("plain", ["window float glass with more than 3.8% magnesium"],
    {"has_items": True, "text_in": {"type": ["WinF"]}, "num_range": {"Mg": [3.81, None]}}, (T == "WinF") & (MG > 3.8), 5)
add("plain", ["vehicle window pieces without any barium"],
    {"has_items": True, "text_in": {"type": ["Veh"]}, "num_range": {"Ba": [0, 0]}}, (T == "Veh") & (BA == 0), 5)
add("plain", ["fragments with sodium between 14 and 15 percent"],
    {"has_items": True, "num_range": {"Na": [14, 15]}}, (NA >= 14) & (NA <= 15), 5)

# ---- units (RI is (n - 1.518) x 1000; oxides are weight percent) ---------------------------------
# refractive index above 1.52  <=>  RI > 2.0; RI has long float tails, so the bound sits a hair above 2
gap_empty("RI", 2.0, 2.0001)
add("units", ["fragments with a refractive index above 1.52"],
    {"has_items": True, "num_range": {"RI": [2.0001, None]}}, NREF > 1.52)
# under 1000 ppm potassium oxide = under 0.1 weight percent; values have two decimals
gap_empty("K", 0.09, 0.1)
add("units", ["show me glass with less than 1000 ppm potassium"],
    {"has_items": True, "num_range": {"K": [None, 0.09]}}, K * 10000 < 1000)

# ---- fact (a fragment is its row id; one aggregate) ---------------------------------------------
assert item(117)["Ca"] == "8.31"
add("fact", ["what's the calcium content of fragment 117?"], {"reply_number": 8.31})
assert BA.max() == 3.15 and (BA == 3.15).sum() == 1
add("fact", ["what's the highest barium reading in the whole set?"], {"reply_number": 3.15})
assert item(200)["type"] == "Head"
add("fact", ["what kind of glass is fragment 200?"],
    {"reply_contains_any": ["Head", "headlamp", "Headlamp", "head lamp", "Head lamp"]})

# ---- count ----------------------------------------------------------------------------------
assert (T == "Tabl").sum() == 9
add("count", ["how many tableware pieces are there?"], {"reply_number": 9})
assert (FE == 0).sum() == 144
add("count", ["how many fragments have no iron at all"], {"reply_number": 144})
assert (BA > 0).sum() == 38
add("count", ["how many of the fragments contain barium?"], {"reply_number": 38})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(RI, 3)                                      # 15.93, 13.25, 9.77; next is 9.39
assert sorted(RI[df.id.isin(top3)].round(2)) == [9.77, 13.25, 15.93]
add("superlative", ["the 3 fragments with the highest refractive index"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
low = top_ids(SI, 1, largest=False)                        # 69.81; next is 69.89
assert SI[df.id.isin(low)].tolist() == [69.81]
add("superlative", ["which piece has the least silicon?"], {"has_items": True, "subset_of_ids": low}, df.id.isin(low), 1)

# ---- ordinal (compared with another fragment) -----------------------------------------------
ca105 = float(item(105)["Ca"])
assert ca105 == 10.79
gap_empty("Ca", 10.79, 10.8)
add("ordinal", ["fragments with more calcium than fragment 105"],
    {"has_items": True, "num_range": {"Ca": [10.8, None]}}, CA > ca105)
na170 = float(item(170)["Na"])
assert na170 == 13.27 and item(170)["type"] == "Con"
gap_empty("Na", 13.26, 13.27)
add("ordinal", ["container glass with less sodium than fragment 170"],
    {"has_items": True, "text_in": {"type": ["Con"]}, "num_range": {"Na": [None, 13.26]}}, (T == "Con") & (NA < na170))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["glass that isn't from any kind of window"],
    {"has_items": True, "text_in": {"type": ["Con", "Tabl", "Head"]}}, ~T.isin(["WinF", "WinNF", "Veh"]))
add("negation", ["fragments that aren't over 73% silicon"],
    {"has_items": True, "num_range": {"Si": [None, 73.0]}}, ~(SI > 73))

# ---- disjunction ----------------------------------------------------------------------------
disj = (T == "Tabl") | (BA > 2)
dj = ids(disj)
assert len(dj) == 12, dj
add("disjunction", ["tableware, or anything with over 2% barium"], {"has_items": True, "subset_of_ids": dj}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
# refractive index under 1.517 <=> RI < -1.0
gap_empty("RI", -1.0001, -1.0)
add("follow_up", ["window float glass", "only the ones with refractive index under 1.517"],
    {"has_items": True, "text_in": {"type": ["WinF"]}, "num_range": {"RI": [None, -1.0001]}},
    (T == "WinF") & (NREF < 1.517))
gap_empty("Al", 1.5, 1.51)
gap_empty("Ca", 8.99, 9.0)
add("follow_up", ["fragments with more than 1.5% aluminium", "just the non-float window glass", "and calcium below 9%"],
    {"has_items": True, "text_in": {"type": ["WinNF"]}, "num_range": {"Al": [1.51, None], "Ca": [None, 8.99]}},
    (AL > 1.5) & (T == "WinNF") & (CA < 9))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any fragment that's over 80% silica?"], {"no_items": True, "reply_contains_any": NO_REPLY}, SI > 80)

# ---- id_lookup ------------------------------------------------------------------------------
assert item(150)["type"] == "Veh" and item(150)["Si"] == "72.89"
add("id_lookup", ["tell me about item 150"], {"has_items": True, "subset_of_ids": ["150"]}, df.id == "150")

finish()
