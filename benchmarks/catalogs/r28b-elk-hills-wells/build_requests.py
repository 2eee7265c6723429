"""Build ../requests/byo-r28b-elk-hills-wells.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (permeability `perm` is in millidarcies, so
darcies x 1000; coordinates `x`, `y` are in miles, so km / 1.609344; porosity `por` is in percent), and
the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. A well is named by the source's own label in the column `rownames` (`86-1B`), which
is not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28b-elk-hills-wells"
PREFIX = "r28b-ew"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 104 and list(df["id"]) == [str(i) for i in range(1, 105)]
assert list(df.columns) == ["id", "rownames", "x", "y", "perm", "por"]
assert df.notna().all().all() and df["rownames"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
X, Y, PERM, POR = num("x"), num("y"), num("perm"), num("por")
assert (PERM % 1 == 0).all() and (POR % 1 == 0).all()     # whole millidarcies, whole percents
assert df.x.str.fullmatch(r"\d+\.\d{1,2}").all() and df.y.str.fullmatch(r"\d+\.\d{1,2}").all()   # <= 2 decimals

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["well", "Well", "oil", "Oil", "petroleum", "Petroleum", "reservoir", "Reservoir", "porosity",
        "permeability"]


def well(label):
    r = df[df["rownames"].str.lower() == label.lower()]
    assert len(r) == 1, label
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
add("greeting", ["hi, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["wells with porosity of 36% or more"], {"has_items": True, "num_range": {"por": [36, None]}},
    POR >= 36, 5)
gap_empty("perm", 2000, 2001)
add("plain", ["wells with permeability above 2000 millidarcies"],
    {"has_items": True, "num_range": {"perm": [2001, None]}}, PERM > 2000, 5)
add("plain", ["porocity between 30 and 32"], {"has_items": True, "num_range": {"por": [30, 32]}},
    (POR >= 30) & (POR <= 32), 5)
gap_empty("y", 4, 4.01)
add("plain", ["wells with a y coordinate greater than 4"], {"has_items": True, "num_range": {"y": [4.01, None]}},
    Y > 4, 5)

# ---- units (perm in millidarcies; x, y in miles) --------------------------------------------------
gap_empty("perm", 3000, 3001)
add("units", ["which wells have permeability over 3 darcies?"],
    {"has_items": True, "num_range": {"perm": [3001, None]}}, PERM / 1000 > 3)
# 20 km = 12.4274 miles; x has two decimals
gap_empty("x", 20 / 1.609344, 12.43)
add("units", ["wells whose x coordinate is more than 20 km"],
    {"has_items": True, "num_range": {"x": [12.43, None]}}, X * 1.609344 > 20)

# ---- fact (asked by the well's own label, not the row id) -------------------------------------
assert well("70-1G")["perm"] == "4770"
add("fact", ["what's the permeability of well 70-1G?"], {"reply_number": 4770})
assert well("24-35S")["por"] == "31"
add("fact", ["porosity of 24-35S"], {"reply_number": 31})
assert well("68-25R")["y"] == "4.13"
add("fact", ["what is the y coordinate of well 68-25R"], {"reply_number": 4.13})

# ---- count ----------------------------------------------------------------------------------
assert (POR >= 35).sum() == 44
add("count", ["how many wells have porosity of 35% or higher?"], {"reply_number": 44})
assert (PERM < 500).sum() == 12 and not (PERM == 500).any()
add("count", ["how many wells are under 500 mD permeabilty"], {"reply_number": 12})
assert (PERM > 4000).sum() == 3
add("count", ["how many wells have a permeability over 4000?"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(PERM, 1)
assert best == [well("70-1G")["id"]] and PERM.max() == 4770
add("superlative", ["most permeable well?"], {"has_items": True, "subset_of_ids": best}, df.id.isin(best), 1)
tight3 = top_ids(PERM, 3, largest=False)                   # 4, 80, 162; next 185
assert sorted(PERM[df.id.isin(tight3)]) == [4, 80, 162]
add("superlative", ["the 3 wells with the lowest permeability"],
    {"has_items": True, "subset_of_ids": tight3}, df.id.isin(tight3), 3)

# ---- ordinal (compared with another well) -----------------------------------------------------
assert well("15-1G")["perm"] == "3369"
gap_empty("perm", 3369, 3370)
add("ordinal", ["wells more permeable than 15-1G"],
    {"has_items": True, "num_range": {"perm": [3370, None]}}, PERM > float(well("15-1G")["perm"]))
assert well("86-1B")["por"] == "33"
gap_empty("por", 32, 33)
add("ordinal", ["wells with lower porosity than 86-1B"],
    {"has_items": True, "num_range": {"por": [None, 32]}}, POR < float(well("86-1B")["por"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["wells where porosity is not above 30%"], {"has_items": True, "num_range": {"por": [None, 30]}},
    ~(POR > 30))
add("negation", ["wells that aren't under 1000 mD"], {"has_items": True, "num_range": {"perm": [1000, None]}},
    ~(PERM < 1000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POR < 29) | (POR > 38)
assert ids(disj) == ["3", "31", "87"]
add("disjunction", ["wells with porosity under 29 or over 38"],
    {"has_items": True, "subset_of_ids": ["3", "31", "87"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["wells with porosity of at least 35", "only the ones with permeability over 2 darcies"],
    {"has_items": True, "num_range": {"por": [35, None], "perm": [2001, None]}}, (POR >= 35) & (PERM / 1000 > 2))
gap_empty("perm", 1499, 1500)
add("follow_up", ["wells with y above 4", "with porosity 33 or more", "which of those have perm under 1500?"],
    {"has_items": True, "num_range": {"y": [4.01, None], "por": [33, None], "perm": [None, 1499]}},
    (Y > 4) & (POR >= 33) & (PERM < 1500))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any wells with porosity above 50%?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    POR > 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "rownames"].item() == "37-5G"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
