"""Build ../requests/byo-r7a-mpls-neighborhoods.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the file's fractions turned into the user's percents, dollars into
"k"), and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are
asserted against the file. `rownames` is the source's own row label (with gaps), not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7a-mpls-neighborhoods"
PREFIX = "r7a-mp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 84 and list(df["id"]) == [str(i) for i in range(1, 85)]
assert list(df.columns) == ["id", "rownames", "neighborhood", "population", "white", "black", "foreignBorn",
                            "hhIncome", "poverty", "collegeGrad"]
assert df.notna().all().all() and df.neighborhood.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
POP, INC, POV, COL, FOR = num("population"), num("hhIncome"), num("poverty"), num("collegeGrad"), num("foreignBorn")
pct = lambda s: (s * 100).round(6)                         # fraction -> percent, float noise removed
NAMES = set(df.neighborhood)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["neighborhood", "Neighborhood", "neighbourhood", "Neighbourhood", "Minneapolis", "demographic",
        "community", "Community"]


def hood(name):
    r = df[df["neighborhood"] == name]
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
add("greeting", ["hi! what's in this table?"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can you tell me about this data"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("population", 8000, 8001)
add("plain", ["neighborhoods with more than 8000 people"],
    {"has_items": True, "num_range": {"population": [8001, None]}}, POP > 8000, 5)
gap_empty("population", 1999, 2000)
add("plain", ["small neighborhoods, under 2000 residents"],
    {"has_items": True, "num_range": {"population": [None, 1999]}}, POP < 2000, 5)
gap_empty("hhIncome", 100000, 100001)
add("plain", ["neighborhoods where the median household income is over 100k"],
    {"has_items": True, "num_range": {"hhIncome": [100001, None]}}, INC / 1000 > 100, 5)
gap_empty("hhIncome", 29999, 30000)
add("plain", ["lower income areas - median household income under 30k"],
    {"has_items": True, "num_range": {"hhIncome": [None, 29999]}}, INC / 1000 < 30, 5)

# ---- units (poverty, collegeGrad, foreignBorn are fractions 0-1 with 3 decimals) ----------------------
gap_empty("poverty", 0.039, 0.04)
add("units", ["where is the poverty rate below 4%?"],
    {"has_items": True, "num_range": {"poverty": [None, 0.039]}}, pct(POV) < 4)
add("units", ["neighborhoods with at least 70 percent college grads"],
    {"has_items": True, "num_range": {"collegeGrad": [0.7, None]}}, pct(COL) >= 70)

# ---- fact -----------------------------------------------------------------------------------
assert hood("Linden Hills")["hhIncome"] == "93909"
add("fact", ["whats the median household income in linden hills"], {"reply_number": 93909})
assert hood("Como")["population"] == "16022"
add("fact", ["population of como?"], {"reply_number": 16022})
assert hood("Cedar Riverside")["foreignBorn"] == "0.408"
add("fact", ["what share of cedar riverside is foreign born"], {"reply_contains_any": ["40.8", "0.408", ".408"]})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many neighborhoods are there"], {"reply_number": 84})
assert (INC > 75000).sum() == 22
add("count", ["how many have median incomes above 75k?"], {"reply_number": 22})
assert (POP > 10000).sum() == 3
add("count", ["how many neighbourhoods have over 10,000 residents"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
least = top_ids(POP, 1, largest=False)
assert least == ["59"] and hood("Mid - City Industrial")["population"] == "240"
add("superlative", ["least populated neighborhood"], {"has_items": True, "subset_of_ids": least},
    df.id.isin(least), 1)
grads3 = top_ids(COL, 3)                                  # 0.837, 0.79, 0.776; next 0.774
assert sorted(COL[df.id.isin(grads3)], reverse=True) == [0.837, 0.79, 0.776]
add("superlative", ["top 3 neighborhoods for share of college grads"], {"has_items": True, "subset_of_ids": grads3},
    df.id.isin(grads3), 3)

# ---- ordinal (compared with a named neighbourhood) ---------------------------------------------
pp = hood("Powderhorn Park")
assert pp["population"] == "9175"
gap_empty("population", 9175, 9176)
add("ordinal", ["neighborhoods with more people than powderhorn park"],
    {"has_items": True, "num_range": {"population": [9176, None]}}, POP > int(pp["population"]))
gap_empty("hhIncome", 93909, 93910)
add("ordinal", ["which neighborhoods have higher incomes than linden hills"],
    {"has_items": True, "num_range": {"hhIncome": [93910, None]}}, INC > int(hood("Linden Hills")["hhIncome"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("hhIncome", 80000, 80001)
TWO = {"Kenwood", "Cedar - Isles - Dean"}
assert TWO <= NAMES
add("negation", ["household income over 80k, but not kenwood or cedar-isles-dean"],
    {"has_items": True, "num_range": {"hhIncome": [80001, None]}, "text_in": {"neighborhood": sorted(NAMES - TWO)}},
    (INC > 80000) & ~df.neighborhood.isin(TWO))
add("negation", ["neighborhoods where poverty isn't above 5%"],
    {"has_items": True, "num_range": {"poverty": [None, 0.05]}}, ~(pct(POV) > 5))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POP < 1000) | (POP > 10000)
assert ids(disj) == ["59", "64", "78", "79", "81"]
add("disjunction", ["either tiny (under 1000 people) or huge (over 10k)"],
    {"has_items": True, "subset_of_ids": ["59", "64", "78", "79", "81"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("hhIncome", 70000, 70001)
gap_empty("population", 6000, 6001)
add("follow_up", ["neighborhoods with median income over 70k", "which of those have more than 6000 people"],
    {"has_items": True, "num_range": {"hhIncome": [70001, None], "population": [6001, None]}},
    (INC > 70000) & (POP > 6000))
gap_empty("collegeGrad", 0.6, 0.601)
gap_empty("poverty", 0.049, 0.05)
gap_empty("hhIncome", 99999, 100000)
add("follow_up", ["places where over 60% have a college degree", "only ones with poverty under 5%",
                  "and household income below 100k"],
    {"has_items": True, "num_range": {"collegeGrad": [0.601, None], "poverty": [None, 0.049], "hhIncome": [None, 99999]}},
    (pct(COL) > 60) & (pct(POV) < 5) & (INC < 100000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any neighborhood with more than 20k people?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, POP > 20000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "neighborhood"].item() == "North Loop"
add("id_lookup", ["show me item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
