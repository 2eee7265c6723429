"""Build ../requests/byo-r3a-countries.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 3 of the untouched catalogs); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with a plain pandas expression, and the script asserts that the `expect` facets accept exactly those
rows. Blank cells never satisfy a facet (and never satisfy the truth expression either).
"""
NAME = "r3a-countries"
PREFIX = "r3a-co"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "No match", "doesn't", "does not", "isn't", "there are no", "There are no"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def by(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value, len(r))
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN / blank never passes a facet)."""
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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def finish():
    assert len(REQS) == 25, len(REQS)
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    got = {}
    for r in REQS:
        got[r["kind"]] = got.get(r["kind"], 0) + 1
    assert got == want, got
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 259 and list(df["id"]) == list(range(1, 260))
assert df["country"].is_unique

WHAT = ["countr", "Countr", "nation", "Nation", "population", "Population", "CIA", "Factbook", "factbook"]
C = df.set_index("country")

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi! what kind of stuff can i ask you about here"], {"reply_contains_any": WHAT})
add("greeting", ["yo what is this data"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
# life_exp_at_birth has two decimals: "over 80" = [80.01, null]
add("plain", ["countries where people live past 80 on average"],
    {"has_items": True, "num_range": {"life_exp_at_birth": [80.01, None]}}, df.life_exp_at_birth > 80, 5)
add("plain", ["which countries have more than 100 million people"],
    {"has_items": True, "num_range": {"population": [100000001, None]}}, df.population > 100_000_000, 5)
add("plain", ["places with really low infant mortality, under 4 per 1000 births"],
    {"has_items": True, "num_range": {"infant_mortality_rate": [None, 3.99]}}, df.infant_mortality_rate < 4, 5)
add("plain", ["show me countries where the population is shrinking"],
    {"has_items": True, "num_range": {"population_growth_rate": [None, -0.01]}}, df.population_growth_rate < 0, 5)

# ---- units (area is in km2, users ask in square miles) ----------------------------------------
SQMI = 2.589988  # km2 per square mile
big = df.area > 1_000_000 * SQMI
assert not ((df.area > 2_589_000) & (df.area < 2_591_000)).any()   # 0.386 vs 0.3861 factor does not matter
add("units", ["countries bigger than a million square miles"],
    {"has_items": True, "num_range": {"area": [2589989, None]}}, big)
small = df.area < 100 * SQMI           # < 258.9988 km2; areas are whole km2
assert not ((df.area > 258) & (df.area < 259)).any()
add("units", ["tiny places, less than 100 sq miles, that still have over 20k people"],
    {"has_items": True, "num_range": {"area": [None, 258], "population": [20001, None]}},
    small & (df.population > 20_000))

# ---- fact -----------------------------------------------------------------------------------
assert C.loc["Japan", "life_exp_at_birth"] == 84.46
add("fact", ["whats the life expectancy in japan"], {"reply_number": 84.46})
assert C.loc["Korea, South", "life_exp_at_birth"] == 79.8   # stored inverted: "Korea, South"
add("fact", ["life expectancy in south korea?"], {"reply_number": 79.8})
assert C.loc["Canada", "population"] == 34834841
add("fact", ["how many people live in canada"], {"reply_number": 34834841})

# ---- count ----------------------------------------------------------------------------------
n = int((df.life_exp_at_birth < 60).sum())
assert n == 30, n
add("count", ["how many countries have a life expectancy under 60?"], {"reply_number": n})
n = int((df.population > 50_000_000).sum())
assert n == 25, n   # includes the "European Union" row
add("count", ["How many entries have a population of more than 50 million?"], {"reply_number": n})
n = int((df.net_migration_rate < 0).sum())
assert n == 113, n
add("count", ["how many countrys have negative net migration"], {"reply_number": n})

# ---- superlative ----------------------------------------------------------------------------
top = df.nlargest(1, "life_exp_at_birth", keep="all")
assert ids(df.id.isin(top.id)) == [str(by("country", "Monaco").id)]
add("superlative", ["which country has the highest life expectancy"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(top.id)), "reply_contains": "Monaco"},
    df.id.isin(top.id))
big3 = df.nlargest(3, "area", keep="all")
assert len(big3) == 3 and set(big3.country) == {"Russia", "Canada", "United States"}
add("superlative", ["the 3 largest countries by land area"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(big3.id))}, df.id.isin(big3.id), 3)

# ---- ordinal (compare with a named country) ---------------------------------------------------
us_death = C.loc["United States", "death_rate"]
assert us_death == 8.15
add("ordinal", ["countries with a lower death rate than the united states and more than 10 million people"],
    {"has_items": True, "num_range": {"death_rate": [None, 8.14], "population": [10000001, None]}},
    (df.death_rate < us_death) & (df.population > 10_000_000))
fr_users = C.loc["France", "internet_users"]
assert fr_users == 45262000
add("ordinal", ["which ones have more internet users than france"],
    {"has_items": True, "num_range": {"internet_users": [45262001, None]}}, df.internet_users > fr_users)

# ---- negation -------------------------------------------------------------------------------
t = (df.life_exp_at_birth > 81) & ~df.country.isin(["Japan", "Australia"])
assert not df.loc[t, "country"].eq("European Union").any()
add("negation", ["high life expectancy, above 81, but not japan or australia"],
    {"has_items": True, "subset_of_ids": ids(t)}, t)
add("negation", ["countries where the population is not growing at all"],
    {"has_items": True, "num_range": {"population_growth_rate": [None, 0]}}, df.population_growth_rate <= 0)

# ---- disjunction (across two columns) ----------------------------------------------------------
t = (df.birth_rate > 40) | (df.infant_mortality_rate > 90)
add("disjunction", ["either a birth rate above 40 or infant mortality above 90"],
    {"has_items": True, "subset_of_ids": ids(t)}, t)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["countries with a death rate under 4 per thousand", "and more than a million people"],
    {"has_items": True, "num_range": {"death_rate": [None, 3.99], "population": [1000001, None]}},
    (df.death_rate < 4) & (df.population > 1_000_000))
add("follow_up", ["show me small countries, under 1000 sq km", "only the ones where life expectancy is over 80"],
    {"has_items": True, "num_range": {"area": [None, 999], "life_exp_at_birth": [80.01, None]}},
    (df.area < 1000) & (df.life_exp_at_birth > 80))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a country where people live to 90 on average"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, df.life_exp_at_birth >= 90)

# ---- id_lookup ------------------------------------------------------------------------------
assert row(62).country == "Japan"
add("id_lookup", ["tell me about entry 62"], {"has_items": True, "subset_of_ids": ["62"]}, df.id == 62)

finish()
