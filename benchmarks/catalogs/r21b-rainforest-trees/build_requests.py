"""Build ../requests/byo-r21b-rainforest-trees.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (trunk diameter `dbh` in cm converted to inches, wood mass in kg
converted to pounds), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `rownames` is the source's own tree number
(27, 61, ..., 150, with gaps), not the row `id`; the tree numbers asked about are all > 65, so none is a row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r21b-rainforest-trees"
PREFIX = "r21b-rf"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 65 and list(df["id"]) == [str(i) for i in range(1, 66)]
assert list(df.columns) == ["id", "rownames", "dbh", "wood", "bark", "root", "rootsk", "branch", "species"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
DBH, WOOD, BRANCH = num("dbh"), num("wood"), num("branch")
SPECIES = ["Acacia mabellae", "C. fraseri", "Acmena smithii", "B. myrtifolia"]
assert sorted(df.species.unique()) == sorted(SPECIES) and df.rownames.is_unique
assert DBH.notna().all() and WOOD.isna().sum() == 1 and BRANCH.isna().sum() == 22 and num("bark").notna().sum() == 4
assert (DBH % 1 == 0).all() and (WOOD.dropna() % 1 == 0).all() and (BRANCH.dropna() % 1 == 0).all()   # whole cm / kg
ASKED = {99, 100, 131, 134, 150}                           # tree numbers named in requests: all > 65
assert ASKED <= set(df.rownames.astype(int)) and min(ASKED) > len(df)

WHAT = ["tree", "Tree", "species", "Species", "Acacia", "Acmena", "rainforest", "biomass", "wood"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


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


def tree(no):
    r = df[df["rownames"] == str(no)]
    assert len(r) == 1, no
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Acacia mabellae trees"], {"has_items": True, "text_in": {"species": ["Acacia mabellae"]}},
    df.species == "Acacia mabellae", 5)
add("plain", ["trees with a dbh of at least 20"], {"has_items": True, "num_range": {"dbh": [20, None]}}, DBH >= 20, 5)
add("plain", ["acmena smithii with more than 300 kg of wood"],
    {"has_items": True, "text_in": {"species": ["Acmena smithii"]}, "num_range": {"wood": [301, None]}},
    (df.species == "Acmena smithii") & (WOOD > 300), 5)
add("plain", ["trees whose branches weigh between 10 and 50 kg"],
    {"has_items": True, "num_range": {"branch": [10, 50]}}, (BRANCH >= 10) & (BRANCH <= 50), 5)

# ---- units (dbh in cm, masses in kg) ---------------------------------------------------------
# thicker than 8 inches = dbh > 20.32 cm; dbh is in whole cm
gap_empty("dbh", 8 * 2.54, 21)
add("units", ["which trees have a trunk thicker than 8 inches?"], {"has_items": True, "num_range": {"dbh": [21, None]}},
    DBH / 2.54 > 8)
# more than 1000 lb of wood = wood > 453.59 kg; wood is in whole kg
gap_empty("wood", 1000 / 2.20462, 454)
add("units", ["trees with over 1000 lbs of wood"], {"has_items": True, "num_range": {"wood": [454, None]}},
    WOOD * 2.20462 > 1000)

# ---- fact (asked by the source's tree number `rownames`) ---------------------------------------
assert tree(131)["wood"] == "1250.0"
add("fact", ["how much wood did tree 131 have?"], {"reply_number": 1250})
assert tree(150)["dbh"] == "48"
add("fact", ["whats the diameter of tree #150"], {"reply_number": 48})
assert tree(99)["species"] == "Acacia mabellae"
add("fact", ["what species is tree no. 99"], {"reply_contains_any": ["Acacia mabellae", "Acacia", "mabellae"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.species == "C. fraseri").sum() == 12
add("count", ["how many C. fraseri are there?"], {"reply_number": 12})
assert num("bark").notna().sum() == 4
add("count", ["how many trees actually have a bark weight recorded"], {"reply_number": 4})
assert (DBH > 30).sum() == 6
add("count", ["how many trees are wider than 30 cm at breast height?"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
big = top_ids(DBH, 1)
assert big == ["49"] and tree(134)["id"] == "49" and DBH.max() == 56
add("superlative", ["biggest tree by diameter"], {"has_items": True, "subset_of_ids": big}, df.id.isin(big), 1)
top3 = top_ids(BRANCH, 3)                                  # 120, 95, 92; next is 90 (blanks skipped)
assert sorted(BRANCH[df.id.isin(top3)]) == [92, 95, 120]
add("superlative", ["top 3 trees by branch mass"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)

# ---- ordinal (compared with another tree) ----------------------------------------------------
assert tree(100)["dbh"] == "35"
add("ordinal", ["trees thicker than tree 100"], {"has_items": True, "num_range": {"dbh": [36, None]}},
    DBH > float(tree(100)["dbh"]))
assert tree(99)["wood"] == "203.0"
add("ordinal", ["acacias with more wood than tree 99"],
    {"has_items": True, "text_in": {"species": ["Acacia mabellae"]}, "num_range": {"wood": [204, None]}},
    (df.species == "Acacia mabellae") & (WOOD > float(tree(99)["wood"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["trees that aren't Acmena smithii"],
    {"has_items": True, "text_in": {"species": [s for s in SPECIES if s != "Acmena smithii"]}},
    df.species != "Acmena smithii")
add("negation", ["trees not over 10 cm in diameter"], {"has_items": True, "num_range": {"dbh": [None, 10]}},
    ~(DBH > 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["C. fraseri or B. myrtifolia trees"],
    {"has_items": True, "text_in": {"species": ["C. fraseri", "B. myrtifolia"]}},
    df.species.isin(["C. fraseri", "B. myrtifolia"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the Acmena smithii", "just the ones with more than 50 kg of branches"],
    {"has_items": True, "text_in": {"species": ["Acmena smithii"]}, "num_range": {"branch": [51, None]}},
    (df.species == "Acmena smithii") & (BRANCH > 50))
add("follow_up", ["trees over 20cm dbh", "only the acacias", "which of them have less than 500 kg wood"],
    {"has_items": True, "text_in": {"species": ["Acacia mabellae"]}, "num_range": {"dbh": [21, None], "wood": [None, 499]}},
    (DBH > 20) & (df.species == "Acacia mabellae") & (WOOD < 500))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any trees more than a metre across?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    DBH > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "rownames"].item() == "125"
add("id_lookup", ["tell me about item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
