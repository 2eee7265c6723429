"""Build ../requests/byo-r34a-us-economy-years.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit: population.K is in thousands (asked in millions),
fedOutlays / fedSurplus are in millions of current dollars (asked in billions / trillions), fedDebt is in
plain dollars (asked in trillions), realGDPperCapita in dollars. `unemployment` mixes two scales in one
column: a fraction (0.198 = 19.8 %) for every year up to 1947 and a percent (3.75 = 3.75 %) from 1948 on;
the truth converts each value to percent (value x 100 where the value is below 1; asserted that the switch
is exactly at 1948) before comparing. The script asserts that the `expect` facets accept exactly those rows;
where no single numeric range can express the mixed-scale answer, `subset_of_ids` lists the true rows.
Counts and facts are asserted against the file. `id` (1..265), `rownames` and `Year` (1610..2021) differ.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34a-us-economy-years"
PREFIX = "r34a-ue"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 265 and list(df["id"]) == [str(i) for i in range(1, 266)]
assert list(df.columns)[:9] == ["id", "rownames", "Year", "CPI", "GDPdeflator", "population.K",
                                "realGDPperCapita", "executive", "war"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, POP, GDPPC = num("Year"), num("population.K"), num("realGDPperCapita")
OUTLAYS, SURPLUS, DEBT, RAW_U = num("fedOutlays"), num("fedSurplus"), num("fedDebt"), num("unemployment")
assert (df.rownames == df.Year).all() and YEAR.is_unique
U_PCT = RAW_U.where(RAW_U >= 1, RAW_U * 100)               # every value as a percent
assert (RAW_U[YEAR <= 1947].dropna() < 1).all() and (RAW_U[YEAR >= 1948] >= 1).all()
assert df.war.isna().sum() == 209 and df.executive.notna().all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["year", "Year", "economy", "economic", "GDP", "president", "President"]


def year(y):
    r = df[YEAR == y]
    assert len(r) == 1, y
    return r.iloc[0]

REQS = []


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
add("greeting", ["what can you tell me from this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["years when FDR was president"], {"has_items": True, "text_in": {"executive": ["FRoosevelt"]}},
    df.executive == "FRoosevelt", 5)
add("plain", ["the vietnam war years"], {"has_items": True, "text_in": {"war": ["Vietnam"]}}, df.war == "Vietnam", 5)
gap_empty("fedSurplus", 0, 0.001)
add("plain", ["years after 1950 where the federal budget had a surplus"],
    {"has_items": True, "num_range": {"Year": [1951, None], "fedSurplus": [0.001, None]}},
    (YEAR > 1950) & (SURPLUS > 0), 5)
gap_empty("realGDPperCapita", 50000, 50001)
add("plain", ["years with real GDP per person above $50,000"],
    {"has_items": True, "num_range": {"realGDPperCapita": [50001, None]}}, GDPPC > 50000, 5)

# ---- units (population.K in thousands; fedOutlays in millions of dollars) --------------------------
gap_empty("population.K", 100000, 100001)
add("units", ["years when the US had more than 100 million people"],
    {"has_items": True, "num_range": {"population.K": [100001, None]}}, POP * 1000 > 100_000_000)
gap_empty("fedOutlays", 1_000_000, 1_000_001)
add("units", ["which years did federal spending go over a trillion dollars"],
    {"has_items": True, "num_range": {"fedOutlays": [1_000_001, None]}}, OUTLAYS * 1e6 > 1e12)

# ---- fact -----------------------------------------------------------------------------------
assert year(1850)["executive"] == "Taylor-Filmore"
add("fact", ["who was president in 1850?"], {"reply_contains_any": ["Taylor", "Fillmore", "Filmore"]})
assert year(1900)["population.K"] == "76094.0"
add("fact", ["what was the population in 1900"],
    {"reply_contains_any": ["76,094", "76094", "76.1 million", "76.09"]})
assert year(1933)["unemployment"] == "0.198"
add("fact", ["unemployment rate in 1933?"], {"reply_contains_any": ["19.8", "0.198"]})

# ---- count ----------------------------------------------------------------------------------
assert df.war.notna().sum() == 56
add("count", ["how many years had a major war going on"], {"reply_number": 56})
assert (DEBT > 20e12).sum() == 5 and set(YEAR[DEBT > 20e12]) == {2017, 2018, 2019, 2020, 2021}
add("count", ["how many years did the national debt top 20 trillion dollars?"], {"reply_number": 5})
assert (df.executive == "Obama").sum() == 8
add("count", ["how many years are there for obama"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(U_PCT, 3)                                   # 1934 21.3 %, 1933 19.8 %, 1935 19.5 %; next 1932 18.8 %
assert sorted(YEAR[df.id.isin(top3)]) == [1933, 1934, 1935]
add("superlative", ["the 3 years with the highest unemployment"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
worst = top_ids(SURPLUS, 1, largest=False)
assert YEAR[df.id.isin(worst)].item() == 2020
add("superlative", ["which year had the biggest deficit"], {"has_items": True, "subset_of_ids": worst},
    df.id.isin(worst), 1)

# ---- ordinal (compared with another year) ----------------------------------------------------
u09 = U_PCT[YEAR == 2009].item()
worse = U_PCT > u09                                        # mixed scales: fractions x 100 and percents
worse_ids = ids(worse)
assert len(worse_ids) >= 5 and {1933, 1982, 2010} <= set(YEAR[worse])
add("ordinal", ["years where unemployment was worse than in 2009"],
    {"has_items": True, "subset_of_ids": worse_ids}, worse)
o10 = OUTLAYS[YEAR == 2010].item()
assert o10 == 3457079
gap_empty("fedOutlays", o10, o10 + 1)
add("ordinal", ["years when the government spent more than it did in 2010"],
    {"has_items": True, "num_range": {"fedOutlays": [o10 + 1, None]}}, OUTLAYS > o10)

# ---- negation -------------------------------------------------------------------------------
other_wars = sorted(set(df.war.dropna()) - {"Vietnam"})
assert len(other_wars) == 9
add("negation", ["war years other than vietnam"], {"has_items": True, "text_in": {"war": other_wars}},
    df.war.notna() & (df.war != "Vietnam"))
since2000 = sorted(set(df.executive[YEAR >= 2000]) - {"GWBush", "GHWBush"})
assert since2000 == ["Biden", "Clinton", "Obama", "Trump"]
add("negation", ["years since 2000 when neither Bush was president"],
    {"has_items": True, "num_range": {"Year": [2000, None]}, "text_in": {"executive": since2000}},
    (YEAR >= 2000) & ~df.executive.isin(["GWBush", "GHWBush"]))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["years of the korean war or the mexican-american war"],
    {"has_items": True, "text_in": {"war": ["Korean", "Mexican-American"]}},
    df.war.isin(["Korean", "Mexican-American"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("unemployment", 5, 5.0001)
add("follow_up", ["years eisenhower was president", "only those with unemployment over 5%"],
    {"has_items": True, "text_in": {"executive": ["Eisenhower"]}, "num_range": {"unemployment": [5.0001, None]}},
    (df.executive == "Eisenhower") & (U_PCT > 5))
gap_empty("fedSurplus", -50000.001, -50000)
add("follow_up", ["show me the 1970s", "just the ones with a deficit bigger than 50 billion",
                  "and only carter's years"],
    {"has_items": True, "num_range": {"Year": [1970, 1979], "fedSurplus": [None, -50000.001]},
     "text_in": {"executive": ["Carter"]}},
    (YEAR // 10 == 197) & (-SURPLUS * 1e6 > 50e9) & (df.executive == "Carter"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["years with a population of more than half a billion"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, POP * 1000 > 500e6)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "150", "Year"].item() == "1906"
add("id_lookup", ["tell me about item 150"], {"has_items": True, "subset_of_ids": ["150"]}, df.id == "150")

finish()
