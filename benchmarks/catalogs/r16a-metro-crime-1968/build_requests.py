"""Build ../requests/byo-r16a-metro-crime-1968.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (population is in thousands, asked in millions or
"k"; density is people per square mile, asked per square kilometre with 1 sq mi = 2.589988 km2), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against
the file. The metro-area name is the column `rownames` (the source's own labels: dots for spaces,
`New.York`, `St.Louis`, some lower case, `philadelphia`); names asked in requests are matched with the
dots read as spaces, case-insensitively, and asserted unique. Ten areas have blank population and density.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16a-metro-crime-1968"
PREFIX = "r16a-mc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 110 and list(df["id"]) == [str(i) for i in range(1, 111)]
assert list(df.columns) == ["id", "rownames", "population", "nonwhite", "density", "crime"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
POP, NONW, DENS, CRIME = num("population"), num("nonwhite"), num("density"), num("crime")
assert POP.isna().sum() == 10 and DENS.isna().sum() == 10 and (POP.isna() == DENS.isna()).all()
assert NONW.notna().all() and CRIME.notna().all() and df.rownames.is_unique
assert ((POP.dropna() % 1) == 0).all() and ((DENS.dropna() % 1) == 0).all() and ((CRIME % 1) == 0).all()
SQKM_PER_SQMI = 2.589988
WHAT = ["metro", "Metro", "metropolitan", "city", "cities", "City", "Cities", "crime", "Crime", "area"]


def place(name):
    key = df.rownames.str.replace(".", " ", regex=False).str.lower()
    r = df[key == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

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

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("crime", 4000, 4001)
add("plain", ["places with a crime rate above 4000"],
    {"has_items": True, "num_range": {"crime": [4001, None]}}, CRIME > 4000, 5)
gap_empty("nonwhite", 1.9, 2.0)
add("plain", ["metro areas where less than 2% of people are nonwhite"],
    {"has_items": True, "num_range": {"nonwhite": [None, 1.9]}}, NONW < 2, 5)
gap_empty("crime", 1999, 2000)
add("plain", ["low crime metros, under 2000 per 100k"],
    {"has_items": True, "num_range": {"crime": [None, 1999]}}, CRIME < 2000, 5)
gap_empty("nonwhite", 4.9, 5.0)
gap_empty("crime", 2499, 2500)
add("plain", ["cities under 5 percent nonwhite with crime below 2500"],
    {"has_items": True, "num_range": {"nonwhite": [None, 4.9], "crime": [None, 2499]}},
    (NONW < 5) & (CRIME < 2500), 5)

# ---- units (population in thousands; density per square mile) -------------------------------
assert 1000 * SQKM_PER_SQMI > 2589 and 1000 * SQKM_PER_SQMI < 2590
gap_empty("density", 1000 * SQKM_PER_SQMI, 2590)
add("units", ["metro areas denser than 1000 people per km2"],
    {"has_items": True, "num_range": {"density": [2590, None]}}, DENS / SQKM_PER_SQMI > 1000)
add("units", ["which metros had between 1 and 2 million people?"],
    {"has_items": True, "num_range": {"population": [1000, 2000]}}, (POP / 1000 >= 1) & (POP / 1000 <= 2), 5)

# ---- fact (by metro name, asserted unique) ----------------------------------------------------
assert place("Denver")["crime"] == "4095"
add("fact", ["what was Denver's crime rate?"], {"reply_number": 4095})
assert place("Jersey City")["density"] == "13087.0"
add("fact", ["how densely populated is jersey city"], {"reply_number": 13087})
assert place("Honolulu")["population"] == "628.0"
add("fact", ["population of Honolulu?"], {"reply_contains_any": ["628", "0.63 million", "0.628 million"]})

# ---- count ----------------------------------------------------------------------------------
assert POP.isna().sum() == 10
add("count", ["how many metro areas are missing a population figure?"], {"reply_number": 10})
n1m = int((POP > 1000).sum())
assert n1m == 30
add("count", ["how many metros in the list have more than a million people?"], {"reply_number": 30})
n45 = int((CRIME > 4500).sum())
assert n45 == 4
add("count", ["how many areas have a crime rate higher than 4500?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
dense3 = top_ids(DENS, 3)                                   # Jersey City, New York, Paterson; next Newark
assert sorted(DENS[df.id.isin(dense3)]) == [3170, 5408, 13087]
add("superlative", ["the 3 most crowded metros"], {"has_items": True, "subset_of_ids": dense3}, df.id.isin(dense3), 3)
safest = top_ids(CRIME, 1, largest=False)
assert df.loc[df.id.isin(safest), "rownames"].tolist() == ["Johnstown"]
add("superlative", ["which city had the lowest crime rate"],
    {"has_items": True, "subset_of_ids": safest}, df.id.isin(safest), 1)

# ---- ordinal --------------------------------------------------------------------------------
chi = place("Chicago")
assert chi["crime"] == "2680"
add("ordinal", ["citys with more crime than Chicago"],
    {"has_items": True, "num_range": {"crime": [2681, None]}}, CRIME > int(chi["crime"]))
bos = place("Boston")
assert bos["population"] == "3239.0"
gap_empty("population", 3239, 3240)
add("ordinal", ["metros bigger than boston"],
    {"has_items": True, "num_range": {"population": [3240, None]}}, POP > float(bos["population"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["cities that aren't above 3000 on crime"],
    {"has_items": True, "num_range": {"crime": [None, 3000]}}, ~(CRIME > 3000))
add("negation", ["metros where the population isn't under half a million"],
    {"has_items": True, "num_range": {"population": [500, None]}}, POP.notna() & ~(POP < 500))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POP / 1000 > 5) | (CRIME < 1000)
assert ids(disj) == ["20", "51", "54", "57", "67", "103", "106"]
add("disjunction", ["metros with either over 5 million people or a crime rate under 1000"],
    {"has_items": True, "subset_of_ids": ["20", "51", "54", "57", "67", "103", "106"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("crime", 3500, 3501)
gap_empty("nonwhite", 9.9, 10.0)
add("follow_up", ["metro areas with a crime rate over 3500", "only the ones less than 10% nonwhite"],
    {"has_items": True, "num_range": {"crime": [3501, None], "nonwhite": [None, 9.9]}},
    (CRIME > 3500) & (NONW < 10))
gap_empty("nonwhite", 15.0, 15.1)
gap_empty("population", 500, 501)
add("follow_up", ["cities with more than 15% nonwhite", "which have over 500k people", "and crime under 3000?"],
    {"has_items": True, "num_range": {"nonwhite": [15.1, None], "population": [501, None], "crime": [None, 2999]}},
    (NONW > 15) & (POP > 500) & (CRIME < 3000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any metro with more than 20 million people?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, POP / 1000 > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "50", "rownames"].item() == "Jersey.City"
add("id_lookup", ["tell me about item 50"], {"has_items": True, "subset_of_ids": ["50"]}, df.id == "50")

finish()
