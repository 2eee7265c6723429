"""Build ../requests/byo-r17b-swedish-counties.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (area converted from km² to square miles with 1 sq mi = 2.589988 km²,
population against the user's "k" and "million"), and the script asserts that the `expect` facets accept
exactly those rows. County names are asked without their diacritics where people type them that way
(`jamtland` for `Jämtland`). Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17b-swedish-counties"
PREFIX = "r17b-se"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 21 and list(df["id"]) == [str(i) for i in range(1, 22)]
assert list(df.columns) == ["id", "iso", "nuts", "county", "centre", "area", "pop2019"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AREA, POP = num("area"), num("pop2019")
SQMI = AREA / 2.589988                                     # km² -> square miles
assert df.notna().all().all() and df.county.is_unique and df.iso.is_unique and df.nuts.is_unique
assert (POP % 1 == 0).all() and ((AREA * 10).round() == AREA * 10).all()   # whole people, km² to 0.1

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero", "not in", "isn't", "aren't"]
WHAT = ["count", "Count", "Sweden", "Swedish", "län", "Län", "region", "Region"]


def county(name):
    r = df[df["county"] == name]
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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what can I ask you about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["counties with more than 300,000 people"],
    {"has_items": True, "num_range": {"pop2019": [300001, None]}}, POP > 300000, 5)
gap_empty("area", 9999.9, 10000)
add("plain", ["counties smaller than 10000 km2"],
    {"has_items": True, "num_range": {"area": [None, 9999.9]}}, AREA < 10000, 5)
add("plain", ["which counties have between 250k and 300k inhabitants"],
    {"has_items": True, "num_range": {"pop2019": [250000, 300000]}}, (POP >= 250000) & (POP <= 300000), 5)
add("plain", ["small counties under 10,000 sq km but with over 250k people"],
    {"has_items": True, "num_range": {"area": [None, 9999.9], "pop2019": [250001, None]}},
    (AREA < 10000) & (POP > 250000), 5)

# ---- units (area is km², shown in no header; population is whole people) -------------------------
# bigger than 10,000 square miles = area > 25,899.88 km²; areas are given to 0.1 km²
gap_empty("area", 10000 * 2.589988, 25899.9)
add("units", ["which counties are bigger than 10,000 square miles?"],
    {"has_items": True, "num_range": {"area": [25899.9, None]}}, SQMI > 10000)
# under 2,000 square miles = area < 5,179.98 km²
gap_empty("area", 5179.9, 2000 * 2.589988)
add("units", ["counties under 2000 sq miles"],
    {"has_items": True, "num_range": {"area": [None, 5179.9]}}, SQMI < 2000)

# ---- fact (asked by county name, unique) -----------------------------------------------------
assert county("Jämtland")["pop2019"] == "130810"
assert not df.county.str.lower().eq("jamtland").any()     # asked without the diacritic
add("fact", ["whats the populaton of jamtland"], {"reply_number": 130810})
assert county("Kronoberg")["centre"] == "Växjö"
add("fact", ["what's the main town of Kronoberg county?"], {"reply_contains_any": ["Växjö", "Vaxjo", "VÄXJÖ"]})
assert county("Gotland")["area"] == "3151.4"
add("fact", ["how big is Gotland in km2"], {"reply_number": 3151.4})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many counties are there?"], {"reply_number": 21})
assert (POP > 1_000_000).sum() == 3
add("count", ["how many counties have more than a million people"], {"reply_number": 3})
assert (df.county == df.centre).sum() == 5
add("count", ["in how many counties does the seat town have the same name as the county?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
largest = top_ids(AREA, 1)
assert largest == ["3"] and county("Norrbotten")["id"] == "3"
add("superlative", ["which county is the largest by area"],
    {"has_items": True, "subset_of_ids": largest}, df.id.isin(largest), 1)
least3 = top_ids(POP, 3, largest=False)                   # Gotland, Jämtland, Blekinge; next is Kronoberg
assert sorted(df.county[df.id.isin(least3)]) == ["Blekinge", "Gotland", "Jämtland"]
add("superlative", ["the 3 least populated counties"],
    {"has_items": True, "subset_of_ids": least3}, df.id.isin(least3), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert county("Uppsala")["pop2019"] == "383713"
add("ordinal", ["counties with more people than Uppsala"],
    {"has_items": True, "num_range": {"pop2019": [383714, None]}}, POP > int(county("Uppsala")["pop2019"]))
top2 = top_ids(POP, 2)
second = [i for i in top2 if i != top_ids(POP, 1)[0]]
assert df.county[df.id.isin(second)].tolist() == ["Västra Götaland"]
add("ordinal", ["what's the 2nd most populous county"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
big3 = ["Stockholm", "Skåne", "Västra Götaland"]
add("negation", ["all the counties except Stockholm, Skane and Vastra Gotaland"],
    {"has_items": True, "text_in": {"county": [c for c in df.county if c not in big3]}}, ~df.county.isin(big3))
add("negation", ["counties that don't have more than 200k inhabitants"],
    {"has_items": True, "num_range": {"pop2019": [None, 200000]}}, ~(POP > 200000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (AREA < 4000) | (POP > 1_500_000)
assert ids(disj) == ["1", "10", "11", "14"]
add("disjunction", ["counties under 4000 km² or with more than 1.5 million people"],
    {"has_items": True, "subset_of_ids": ["1", "10", "11", "14"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("area", 20000, 20000.1)
add("follow_up", ["counties over 20,000 km²", "which of those have fewer than 250k people"],
    {"has_items": True, "num_range": {"area": [20000.1, None], "pop2019": [None, 249999]}},
    (AREA > 20000) & (POP < 250000))
gap_empty("area", 14999.9, 15000)
add("follow_up", ["show me counties with at least 250,000 residents", "only ones smaller than 15000 km2",
                  "and under 400k people"],
    {"has_items": True, "num_range": {"pop2019": [250000, 399999], "area": [None, 14999.9]}},
    (POP >= 250000) & (AREA < 15000) & (POP < 400000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there a county with over 3 million people?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, POP > 3_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert county("Kronoberg")["id"] == "8"
add("id_lookup", ["tell me about item 8"], {"has_items": True, "subset_of_ids": ["8"]}, df.id == "8")

finish()
