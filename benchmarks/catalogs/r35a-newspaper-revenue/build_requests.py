"""Build ../requests/byo-r35a-newspaper-revenue.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (billions of dollars x 1000 against "million",
population in millions against "a quarter billion", proportions x 100 against percents), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Each row is one year; `rownames` repeats the year (the source's own row label), the facets use `Year`.
1990 has blank circulation, revenue, share and per-person figures; blanks never pass a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35a-newspaper-revenue"
PREFIX = "r35a-nw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 65 and list(df["id"]) == [str(i) for i in range(1, 66)]
assert list(df.columns) == ["id", "rownames", "Year", "Ads_currentGdollars", "Ads_G2012dollars", "Circ_currentGdollars",
                            "Circ_G2012dollars", "Revenue_currentGdollars", "Revenue_G2012dollars", "AdsProportion",
                            "GDP_nominalG", "GDP_G2012", "newspaperAds_p_GDP", "newspapers_p_GDP", "Population_M",
                            "RevenuePerCap_nominal", "RevenuePerCap_2012"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, ADS, CIRC, REV = num("Year"), num("Ads_currentGdollars"), num("Circ_currentGdollars"), num("Revenue_currentGdollars")
SHARE, GDPSHARE, POP = num("AdsProportion"), num("newspapers_p_GDP"), num("Population_M")
assert list(YEAR) == list(range(1956, 2021)) and (df.rownames == df.Year).all()
assert df.loc[df.Year == "1990", "Circ_currentGdollars"].isna().all() and CIRC.isna().sum() == 1
assert ADS.notna().all() and POP.notna().all()
WHAT = ["newspaper", "Newspaper", "revenue", "Revenue", "advertising", "Advertising", "year", "Year"]

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


def year(y):
    r = df[df["Year"] == str(y)]
    assert len(r) == 1, y
    return r.iloc[0]


def just_above(col, v):
    """Smallest bound that keeps `> v` exact: asserts no value of `col` lies in (v, v + 1e-4)."""
    gap_empty(col, v, v + 1e-4)
    return round(v + 1e-4, 6)


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what does this dataset cover?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["years after 2010"], {"has_items": True, "num_range": {"Year": [2011, None]}}, YEAR > 2010, 5)
add("plain", ["the 1970s"], {"has_items": True, "num_range": {"Year": [1970, 1979]}}, (YEAR >= 1970) & (YEAR <= 1979), 5)
add("plain", ["years when newspaper ad revenue was at least $40 billion"],
    {"has_items": True, "num_range": {"Ads_currentGdollars": [40, None]}}, ADS >= 40, 5)
# 2002 is 0.79999..., so it is not "80% or more" although it prints as 0.80
assert year(2002)["AdsProportion"].startswith("0.79999")
add("plain", ["years where ads were 80% or more of total revenue"],
    {"has_items": True, "num_range": {"AdsProportion": [0.8, None]}}, SHARE * 100 >= 80, 5)

# ---- units (money in billions of dollars, population in millions) ----------------------------
add("units", ["which years did papers bring in at least 50,000 million dollars in total?"],
    {"has_items": True, "num_range": {"Revenue_currentGdollars": [50, None]}}, REV * 1000 >= 50000)
gap_empty("Population_M", 249.999, 250)
add("units", ["years when the US population was under a quarter billion"],
    {"has_items": True, "num_range": {"Population_M": [None, 249.999]}}, POP * 1e6 < 250e6)

# ---- fact -----------------------------------------------------------------------------------
assert year(2000)["Ads_currentGdollars"] == "48.67"
add("fact", ["how much did newspapers make from ads in 2000?"], {"reply_number": 48.67})
assert year(2000)["GDP_nominalG"] == "10251.0"
add("fact", ["what was nominal GDP in 2000"], {"reply_number": 10251})
assert year(1980)["Population_M"] == "227.726"
add("fact", ["us population in 1980?"], {"reply_number": 227.726})

# ---- count ----------------------------------------------------------------------------------
assert CIRC.isna().sum() == 1
add("count", ["how many years are missing the circulation number"], {"reply_number": 1})
assert (ADS > 45).sum() == 7
add("count", ["in how many years did ad revenue go above 45 billion?"], {"reply_number": 7})
assert ((YEAR >= 2000) & (REV < 30)).sum() == 5
add("count", ["how many years since 2000 had total revenue under 30 billion"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
peak = top_ids(REV, 1)
assert df.loc[df.id.isin(peak), "Year"].tolist() == ["2005"]
add("superlative", ["peak year for total newspaper revenue"], {"has_items": True, "subset_of_ids": peak},
    df.id.isin(peak), 1)
low3 = top_ids(SHARE, 3, largest=False)                   # 2020, 2019, 2018; next is 2017
assert df.loc[df.id.isin(low3), "Year"].tolist() == ["2018", "2019", "2020"]
add("superlative", ["the 3 years where ads were the smallest part of revenue"],
    {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)

# ---- ordinal --------------------------------------------------------------------------------
a08 = float(year(2008)["Ads_currentGdollars"])            # 37.84825763
add("ordinal", ["years with more ad revenue than 2008"],
    {"has_items": True, "num_range": {"Ads_currentGdollars": [just_above("Ads_currentGdollars", a08), None]}},
    ADS > a08)
s = ADS.sort_values(ascending=False, kind="mergesort")
assert s.iloc[0] > s.iloc[1] > s.iloc[2]
second = [str(df.loc[s.index[1], "id"])]
assert df.loc[df.id.isin(second), "Year"].tolist() == ["2006"]
add("ordinal", ["2nd best year for ad revenue"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["years not in the 1900s"], {"has_items": True, "num_range": {"Year": [2000, None]}},
    ~((YEAR >= 1900) & (YEAR <= 1999)))
add("negation", ["years where ads werent more than 70% of revenu"],
    {"has_items": True, "num_range": {"AdsProportion": [None, 0.7]}}, SHARE.notna() & ~(SHARE > 0.7))

# ---- disjunction ----------------------------------------------------------------------------
disj = (YEAR < 1960) | (YEAR > 2017)
assert ids(disj) == ["1", "2", "3", "4", "63", "64", "65"]
add("disjunction", ["years before 1960 or after 2017"],
    {"has_items": True, "subset_of_ids": ["1", "2", "3", "4", "63", "64", "65"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Ads_currentGdollars", 30, 30.0001)
add("follow_up", ["show me the 80s", "which of them had ad revenue over 30 billion"],
    {"has_items": True, "num_range": {"Year": [1980, 1989], "Ads_currentGdollars": [30.0001, None]}},
    (YEAR >= 1980) & (YEAR <= 1989) & (ADS > 30))
gap_empty("Circ_currentGdollars", 11, 11.0001)
gap_empty("Population_M", 320, 320.001)
add("follow_up", ["years after 2000", "only where circulation brought in more than $11B",
                  "and the population was above 320 million"],
    {"has_items": True, "num_range": {"Year": [2001, None], "Circ_currentGdollars": [11.0001, None],
                                      "Population_M": [320.001, None]}},
    (YEAR > 2000) & (CIRC > 11) & (POP > 320))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["was there any year when newspapers were more than 2 percent of GDP?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, GDPSHARE * 100 > 2)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "40", "Year"].item() == "1995"
add("id_lookup", ["show me item 40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
