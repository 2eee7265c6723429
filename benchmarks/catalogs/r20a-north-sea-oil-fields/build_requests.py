"""Build ../requests/byo-r20a-north-sea-oil-fields.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

The fields have no names: users call a field by its row number ("field 12" = item 12). For every request
that must return items, `truth` is the set of rows that really answer it, computed here with plain pandas
expressions in the user's unit where the user used one (water depth `waterd` in metres against feet,
appraisal lag `dur` in months against years, reserves `size` in millions of barrels against "a billion"),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. The table has no blanks.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20a-north-sea-oil-fields"
PREFIX = "r20a-oil"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 53 and list(df["id"]) == [str(i) for i in range(1, 54)]
assert list(df.columns) == ["id", "dur", "size", "waterd", "gasres", "operator", "p", "vardp", "p97", "varp97",
                            "p98", "varp98"]
assert df.notna().all().all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
DUR, SIZE, DEPTH, GAS = num("dur"), num("size"), num("waterd"), num("gasres")
for v in (DUR, SIZE, DEPTH, GAS):
    assert (v % 1 == 0).all()                              # whole months, million barrels, metres, bcf
FT = 3.28084                                               # feet per metre

WHAT = ["oil", "Oil", "field", "Field", "North Sea", "reserve", "barrel"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any", "There are no", "there are no"]


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


def others(col, *excluded):
    """Every raw value of `col` except `excluded` (blanks are not values, so they never pass)."""
    vals = sorted(df[col].dropna().unique())
    assert all(e in vals for e in excluded), excluded
    return [v for v in vals if v not in excluded]


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
add("greeting", ["what's this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["fields with more than 500 million barrels of reserves"],
    {"has_items": True, "num_range": {"size": [501, None]}}, SIZE > 500, 5)
add("plain", ["oil fields with no gas"], {"has_items": True, "num_range": {"gasres": [0, 0]}}, GAS == 0, 5)
add("plain", ["fields in 100 to 150 m of water"], {"has_items": True, "num_range": {"waterd": [100, 150]}},
    (DEPTH >= 100) & (DEPTH <= 150), 5)
add("plain", ["fields that took more than 100 months from discovery to development"],
    {"has_items": True, "num_range": {"dur": [101, None]}}, DUR > 100, 5)

# ---- units (metres against feet, months against years) ----------------------------------------
# deeper than 500 ft = deeper than 152.4 m; depths are whole metres (151, then 154)
gap_empty("waterd", 500 / FT, 153)
add("units", ["fields in water deeper than 500 feet"], {"has_items": True, "num_range": {"waterd": [153, None]}},
    DEPTH * FT > 500)
add("units", ["where did it take over 10 years to get from discovery to development?"],
    {"has_items": True, "num_range": {"dur": [121, None]}}, DUR / 12 > 10)

# ---- fact (by row number: the fields have no names) --------------------------------------------
assert df.loc[df.id == "11", "size"].item() == "1815"
add("fact", ["how big are the oil reserves of field 11?"], {"reply_number": 1815})
assert df.loc[df.id == "1", "gasres"].item() == "1140"
add("fact", ["gas reserves for field 1?"], {"reply_number": 1140})
assert df.loc[df.id == "12", "waterd"].item() == "119"
add("fact", ["how deep is the water at field 12"], {"reply_number": 119})

# ---- count ----------------------------------------------------------------------------------
assert (GAS == 0).sum() == 29
add("count", ["how many fields have no gas reserves at all?"], {"reply_number": 29})
assert (DEPTH > 150).sum() == 9
add("count", ["how many fields sit in more than 150 m of water"], {"reply_number": 9})
assert (SIZE > 1000).sum() == 4
add("count", ["how many fields hold more than a billion barrels?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
big = top_ids(SIZE, 1)
assert SIZE[df.id.isin(big)].tolist() == [3030]
add("superlative", ["biggest field by oil reserves"], {"has_items": True, "subset_of_ids": big}, df.id.isin(big), 1)
quick3 = top_ids(DUR, 3, largest=False)                    # 1, 3, 3 months; next is 7
assert sorted(DUR[df.id.isin(quick3)]) == [1, 3, 3]
add("superlative", ["the 3 fields with the shortest appraisal lag"],
    {"has_items": True, "subset_of_ids": quick3}, df.id.isin(quick3), 3)

# ---- ordinal (compared with another field) ---------------------------------------------------
assert df.loc[df.id == "2", "waterd"].item() == "91"
add("ordinal", ["fields in deeper water than field 2"], {"has_items": True, "num_range": {"waterd": [92, None]}},
    DEPTH > 91)
assert df.loc[df.id == "7", "size"].item() == "800"
add("ordinal", ["which fields have bigger reserves than field 7?"],
    {"has_items": True, "num_range": {"size": [801, None]}}, SIZE > 800)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["fields that are not deeper than 100 metres"], {"has_items": True, "num_range": {"waterd": [None, 100]}},
    ~(DEPTH > 100))
add("negation", ["fields whose reserves aren't under 100 million barrels"],
    {"has_items": True, "num_range": {"size": [100, None]}}, ~(SIZE < 100))

# ---- disjunction ----------------------------------------------------------------------------
disj = (SIZE < 50) | (SIZE > 1000)
assert ids(disj) == ["11", "13", "18", "19", "20", "22", "25", "26", "29", "34", "37", "41", "43", "45", "47", "50"]
add("disjunction", ["either tiny fields under 50 million barrels or giants over a billion"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["fields that have some gas", "only ones with more than 300 million barrels of oil"],
    {"has_items": True, "num_range": {"gasres": [1, None], "size": [301, None]}}, (GAS > 0) & (SIZE > 300))
add("follow_up", ["fields in more than 120 m of water", "with an appraisal lag under 5 years",
                  "and at least 100 million barrels"],
    {"has_items": True, "num_range": {"waterd": [121, None], "dur": [None, 59], "size": [100, None]}},
    (DEPTH > 120) & (DUR / 12 < 5) & (SIZE >= 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any fields in water deeper than 1000 metres?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    DEPTH > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "31", ["dur", "size", "waterd"]].values.tolist() == [["91", "85", "128"]]
add("id_lookup", ["show me item 31"], {"has_items": True, "subset_of_ids": ["31"]}, df.id == "31")

finish()
