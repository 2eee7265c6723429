"""Build ../requests/byo-r7a-horses.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (height converted from hands to cm, age from years to months, prices
against the user's "k"), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `HorseID` is the ad's own code, not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7a-horses"
PREFIX = "r7a-ho"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 50 and list(df["id"]) == [str(i) for i in range(1, 51)]
assert list(df.columns) == ["id", "HorseID", "Price", "Age", "Height", "Sex"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRICE, AGE, HANDS = num("Price"), num("Age"), num("Height")
assert set(df.Sex) == {"f", "m"} and HANDS.isna().sum() == 3 and df.HorseID.is_unique
ASKED = {97, 135, 156, 164, 248}                          # HorseIDs named in requests: all > 50, so no row id
assert ASKED <= set(df.HorseID.astype(int)) and min(ASKED) > len(df)
assert (PRICE % 1 == 0).all()                              # whole dollars

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["horse", "Horse", "equine", "Equine", "pony", "mare", "stallion"]


def horse(code):
    r = df[df["HorseID"] == str(code)]
    assert len(r) == 1, code
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hey what can you help me find in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["female horses for sale"], {"has_items": True, "text_in": {"Sex": ["f"]}}, df.Sex == "f", 5)
gap_empty("Price", 19999, 20000)
add("plain", ["male horses under 20k"],
    {"has_items": True, "text_in": {"Sex": ["m"]}, "num_range": {"Price": [None, 19999]}},
    (df.Sex == "m") & (PRICE / 1000 < 20), 5)
add("plain", ["horses between 5 and 10 years old"],
    {"has_items": True, "num_range": {"Age": [5, 10]}}, (AGE >= 5) & (AGE <= 10), 5)
add("plain", ["16 hands or taller"], {"has_items": True, "num_range": {"Height": [16, None]}}, HANDS >= 16, 5)

# ---- units (Height is in hands of 4 in = 10.16 cm; Age in years) ---------------------------------
# taller than 170 cm = taller than 16.73 hands; heights are in quarter hands
gap_empty("Height", 170 / 10.16, 16.75)
add("units", ["show me horses taller than 170 cm"],
    {"has_items": True, "num_range": {"Height": [16.75, None]}}, HANDS * 10.16 > 170)
# younger than 18 months = younger than 1.5 years; ages are 0.5, 1, 2, ...
gap_empty("Age", 1.0, 1.5)
add("units", ["any younger than 18 months?"],
    {"has_items": True, "num_range": {"Age": [None, 1.0]}}, AGE * 12 < 18)

# ---- fact (asked by the ad's HorseID; the row ids only go to 50) ----------------------------------
assert horse(156)["Price"] == "40000"
add("fact", ["whats the asking price for horse #156"], {"reply_number": 40000})
assert horse(164)["Age"] == "19.0"
add("fact", ["how old is horse 164?"], {"reply_number": 19})
assert horse(248)["Height"] == "17.25"
add("fact", ["how tall is horse 248"], {"reply_number": 17.25})

# ---- count ----------------------------------------------------------------------------------
assert (df.Sex == "m").sum() == 30
add("count", ["how many males are listed"], {"reply_number": 30})
assert df.Height.isna().sum() == 3
add("count", ["how many of the listings don't give a height"], {"reply_number": 3})
assert (PRICE >= 50000).sum() == 5
add("count", ["how many horses cost 50k or more?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
cheap3 = top_ids(PRICE, 3, largest=False)                 # 1100, 2000, 4500; next is 6000
assert sorted(PRICE[df.id.isin(cheap3)]) == [1100, 2000, 4500]
add("superlative", ["3 cheapest horses"], {"has_items": True, "subset_of_ids": cheap3}, df.id.isin(cheap3), 3)
dearest = top_ids(PRICE, 1)
assert dearest == ["47"] and PRICE.max() == 60000
add("superlative", ["what's the most expensive one"],
    {"has_items": True, "subset_of_ids": dearest}, df.id.isin(dearest), 1)

# ---- ordinal (compared with another ad) -----------------------------------------------------
assert horse(97)["Height"] == "16.75"
add("ordinal", ["horses taller than horse 97"],
    {"has_items": True, "num_range": {"Height": [17.0, None]}}, HANDS > float(horse(97)["Height"]))
assert horse(135)["Age"] == "6.0"
gap_empty("Age", 5, 6)
add("ordinal", ["females yonger than horse 135"],
    {"has_items": True, "text_in": {"Sex": ["f"]}, "num_range": {"Age": [None, 5]}},
    (df.Sex == "f") & (AGE < float(horse(135)["Age"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["horses that aren't female, 10k to 30k"],
    {"has_items": True, "text_in": {"Sex": ["m"]}, "num_range": {"Price": [10000, 30000]}},
    (df.Sex != "f") & (PRICE >= 10000) & (PRICE <= 30000))
add("negation", ["horses that aren't over 16 hands"],
    {"has_items": True, "num_range": {"Height": [None, 16]}}, HANDS.notna() & ~(HANDS > 16))

# ---- disjunction ----------------------------------------------------------------------------
disj = (PRICE < 5000) | (PRICE > 50000)
assert ids(disj) == ["13", "30", "33", "47"]
add("disjunction", ["either under 5k or over 50k"], {"has_items": True, "subset_of_ids": ["13", "30", "33", "47"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Price", 24999, 25000)
add("follow_up", ["male horses please", "only the ones under 25 grand"],
    {"has_items": True, "text_in": {"Sex": ["m"]}, "num_range": {"Price": [None, 24999]}},
    (df.Sex == "m") & (PRICE < 25000))
gap_empty("Price", 29999, 30000)
add("follow_up", ["horses 16 hands and up", "just the females", "which of those are under 30k"],
    {"has_items": True, "num_range": {"Height": [16, None], "Price": [None, 29999]}, "text_in": {"Sex": ["f"]}},
    (HANDS >= 16) & (df.Sex == "f") & (PRICE < 30000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any horse for less than $1000?"], {"no_items": True, "reply_contains_any": NO_REPLY}, PRICE < 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "HorseID"].item() == "96"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
