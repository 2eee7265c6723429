"""Build ../requests/byo-r17a-roman-pottery.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (oxide percentages converted to ppm (x 10,000) and to g/kg (x 10) where
the user asked in those units), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `rownames` is the specimen's own code (`GA1`, `C13`), not
the row `id`; a user naming the Welsh site spells it `Llanederyn`, the file has `Llanedryn`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17a-roman-pottery"
PREFIX = "r17a-po"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 48 and list(df["id"]) == [str(i) for i in range(1, 49)]
assert list(df.columns) == ["id", "rownames", "Region", "Site", "Kiln", "Al", "Fe", "Mg", "Ca", "Na", "K", "Ti",
                            "Mn", "Ba"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AL, FE, MG, CA, NA, K, TI, MN, BA = (num(c) for c in ["Al", "Fe", "Mg", "Ca", "Na", "K", "Ti", "Mn", "Ba"])
assert df.notna().all().all()                              # no blanks in this table
assert df.rownames.str.lower().is_unique                   # specimen codes unique, even case-insensitively
assert set(df.Region) == {"Gl", "Wales", "NF"}
SITES = {"Gloucester", "Llanedryn", "Caldicot", "IsleThorns", "AshleyRails"}
assert set(df.Site) == SITES and set(df.Kiln) == {"1", "2", "3", "4", "5"}
assert not df.rownames.isin(df.id).any()                   # no specimen code looks like a row id

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["pottery", "Pottery", "sherd", "Sherd", "ceramic", "Ceramic", "specimen", "Specimen", "sample", "Sample",
        "oxide", "Roman"]


def sherd(code):
    r = df[df["rownames"].str.lower() == code.lower()]
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


def nth_id(values, n, largest=True):
    """id of the row holding the n-th largest (smallest) value; asserts it is not tied with its neighbours."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return [str(df.loc[s.index[n - 1], "id"])]


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
add("greeting", ["hello! what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the sherds from the New Forest"], {"has_items": True, "text_in": {"Region": ["NF"]}},
    df.Region == "NF", 5)
gap_empty("Mg", 5, 5.01)
add("plain", ["welsh pottery with more than 5% magnesium oxide"],
    {"has_items": True, "text_in": {"Region": ["Wales"]}, "num_range": {"Mg": [5.01, None]}},
    (df.Region == "Wales") & (MG > 5), 5)
gap_empty("Fe", 1.99, 2)
add("plain", ["samples with less than 2 percent iron oxide"],
    {"has_items": True, "num_range": {"Fe": [None, 1.99]}}, FE < 2, 5)
add("plain", ["alumina between 15 and 18%"], {"has_items": True, "num_range": {"Al": [15, 18]}},
    (AL >= 15) & (AL <= 18), 5)

# ---- units (every oxide is a weight percentage; 1 % = 10,000 ppm = 10 g/kg) -------------------------
# more than 200 ppm BaO = more than 0.02 %; Ba is given to 0.001
gap_empty("Ba", 0.02, 0.021)
add("units", ["which samples have more than 200 ppm barium oxide?"],
    {"has_items": True, "num_range": {"Ba": [0.021, None]}}, (BA * 10000).round(6) > 200)
# 5 g/kg Na2O or more = 0.5 % or more
add("units", ["ones with a soda (Na2O) content of 5 g/kg or more"],
    {"has_items": True, "num_range": {"Na": [0.5, None]}}, (NA * 10).round(6) >= 5)

# ---- fact (asked by the specimen code; ids are 1..48 and no code is a number) ---------------------
assert sherd("GA1")["Fe"] == "9.52"
add("fact", ["what's the iron oxide % in GA1?"], {"reply_number": 9.52})
assert sherd("C13")["Site"] == "Llanedryn"
add("fact", ["which site did sample C13 come from"], {"reply_contains_any": ["Llanedryn", "Llanederyn"]})
assert sherd("C14")["K"] == "0.81"
add("fact", ["potasium oxide for C14?"], {"reply_number": 0.81})

# ---- count ----------------------------------------------------------------------------------
assert (df.Site == "Llanedryn").sum() == 14
add("count", ["how many sherds came from Llanederyn?"], {"reply_number": 14})
assert (TI > 1).sum() == 6
add("count", ["how many samples have over 1% titanium oxide"], {"reply_number": 6})
assert (df.Kiln == "4").sum() == 5
add("count", ["how many specimens were found at kiln 4"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
most_mn = top_ids(MN, 1)
assert most_mn == ["35"] and df.loc[34, "rownames"] == "C13" and MN.max() == 0.394
add("superlative", ["which sample has the most manganese"],
    {"has_items": True, "subset_of_ids": most_mn}, df.id.isin(most_mn), 1)
top_al = top_ids(AL, 3)                                    # 20.8, 19.1, 18.9; next is 18.8
assert sorted(AL[df.id.isin(top_al)], reverse=True) == [20.8, 19.1, 18.9]
add("superlative", ["top 3 by aluminium oxide"], {"has_items": True, "subset_of_ids": top_al},
    df.id.isin(top_al), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert sherd("GA2")["Fe"] == "7.33"
gap_empty("Fe", 7.33, 7.34)
add("ordinal", ["samples with more iron oxide than GA2"],
    {"has_items": True, "num_range": {"Fe": [7.34, None]}}, FE > float(sherd("GA2")["Fe"]))
second_mg = nth_id(MG, 2)                                  # 7.23, 5.91, 5.69
assert MG[df.id.isin(second_mg)].item() == 5.91
add("ordinal", ["the one with the 2nd highest magnesium"],
    {"has_items": True, "subset_of_ids": second_mg}, df.id.isin(second_mg), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["pottery not from Gloucester"],
    {"has_items": True, "text_in": {"Site": sorted(SITES - {"Gloucester"})}}, df.Site != "Gloucester")
add("negation", ["Welsh samples whose potassium isn't above 4%"],
    {"has_items": True, "text_in": {"Region": ["Wales"]}, "num_range": {"K": [None, 4]}},
    (df.Region == "Wales") & ~(K > 4))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anything from Caldicot or Ashley Rails?"],
    {"has_items": True, "text_in": {"Site": ["AshleyRails", "Caldicot"]}},
    df.Site.isin(["Caldicot", "AshleyRails"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the New Forest samples", "only kiln 5"],
    {"has_items": True, "text_in": {"Region": ["NF"], "Kiln": ["5"]}}, (df.Region == "NF") & (df.Kiln == "5"))
gap_empty("Ca", 1, 1.01)
gap_empty("Na", 0.29, 0.3)
add("follow_up", ["samples from gloucester", "with calcium oxide over 1%", "and sodium under 0.3"],
    {"has_items": True, "text_in": {"Site": ["Gloucester"]}, "num_range": {"Ca": [1.01, None], "Na": [None, 0.29]}},
    (df.Site == "Gloucester") & (CA > 1) & (NA < 0.3))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any with more than 25% alumina?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AL > 25)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "rownames"].item() == "T12"
add("id_lookup", ["tell me about item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
