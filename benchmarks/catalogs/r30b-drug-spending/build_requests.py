"""Build ../requests/byo-r30b-drug-spending.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (country names as people say them mapped to the file's ISO3 codes,
totals in millions of US dollars against the user's billions), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. A row is one country in
one year; (LOCATION, TIME) is unique, so facts are asked by country and year.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30b-drug-spending"
PREFIX = "r30b-ds"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1036 and list(df["id"]) == [str(i) for i in range(1, 1037)]
assert list(df.columns) == ["id", "LOCATION", "TIME", "PC_HEALTHXP", "PC_GDP", "USD_CAP", "FLAG_CODES",
                            "TOTAL_SPEND"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, HXP, GDP, CAP, TOTAL = (num(c) for c in ["TIME", "PC_HEALTHXP", "PC_GDP", "USD_CAP", "TOTAL_SPEND"])
assert not df.duplicated(["LOCATION", "TIME"]).any() and df.LOCATION.nunique() == 36
assert set(df.FLAG_CODES.dropna()) == {"B", "D", "P"} and df.FLAG_CODES.isna().sum() == 973
CODES = sorted(df.LOCATION.unique())
WHAT = ["drug", "Drug", "pharma", "Pharma", "medicine", "Medicine", "spending", "Spending"]


def row(code, year):
    r = df[(df.LOCATION == code) & (df.TIME == str(year))]
    assert len(r) == 1, (code, year)
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "not in"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet; nor does a
    non-numeric cell pass a num_range)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
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
    v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of data do you have here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me Japan"], {"has_items": True, "text_in": {"LOCATION": ["JPN"]}}, df.LOCATION == "JPN", 5)
gap_empty("PC_GDP", 1.5, 1.501)                             # shares of GDP have 3 decimals
add("plain", ["in 2015 which countries spent more than 1.5% of GDP on drugs?"],
    {"has_items": True, "num_range": {"TIME": [2015, 2015], "PC_GDP": [1.501, None]}},
    (YEAR == 2015) & (GDP > 1.5), 5)
add("plain", ["UK figures from the 80s"],
    {"has_items": True, "text_in": {"LOCATION": ["GBR"]}, "num_range": {"TIME": [1980, 1989]}},
    (df.LOCATION == "GBR") & (YEAR >= 1980) & (YEAR <= 1989), 5)
gap_empty("USD_CAP", 800, 800.001)                          # dollars per head have 3 decimals
add("plain", ["where did people spend over $800 a head on medicines"],
    {"has_items": True, "num_range": {"USD_CAP": [800.001, None]}}, CAP > 800, 5)

# ---- units (TOTAL_SPEND is in millions of US dollars, 2 decimals) -------------------------------
gap_empty("TOTAL_SPEND", 100000, 100000.01)
add("units", ["years where total drug spending topped 100 billion dollars"],
    {"has_items": True, "num_range": {"TOTAL_SPEND": [100000.01, None]}}, TOTAL / 1000 > 100)
gap_empty("TOTAL_SPEND", 4999.99, 5000)
add("units", ["when did canada spend less than 5 billion in total?"],
    {"has_items": True, "text_in": {"LOCATION": ["CAN"]}, "num_range": {"TOTAL_SPEND": [None, 4999.99]}},
    (df.LOCATION == "CAN") & (TOTAL / 1000 < 5))

# ---- fact (asked by country and year) ---------------------------------------------------------
assert row("PRT", 2015)["PC_HEALTHXP"] == "15.5"
add("fact", ["what % of Portugal's health spending went on drugs in 2015?"], {"reply_number": 15.5})
assert row("GRC", 2015)["PC_GDP"] == "2.17"
add("fact", ["greece 2015, drug spending as a share of GDP?"], {"reply_number": 2.17})
assert row("LUX", 2015)["TOTAL_SPEND"] == "334.03"
add("fact", ["how much did Luxembourg spend on drugs in total in 2015, in millions?"], {"reply_number": 334.03})

# ---- count ----------------------------------------------------------------------------------
assert (df.LOCATION == "NOR").sum() == 47
add("count", ["how many years of data are there for Norway?"], {"reply_number": 47})
add("count", ["how many different countries are covered?"], {"reply_number": len(CODES)})
assert (YEAR == 2016).sum() == 4
add("count", ["how many rows are from 2016"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
top_cap = top_ids(CAP, 1)                                   # USA 2015, 1162.399; next USA 2014
assert top_cap == [row("USA", 2015)["id"]]
add("superlative", ["highest per-capita spending in the whole table"],
    {"has_items": True, "subset_of_ids": top_cap}, df.id.isin(top_cap), 1)
low3 = top_ids(HXP, 3, largest=False)                       # NOR 1978, NOR 1979, DNK 1981; next DNK 1982
assert low3 == sorted([row("NOR", 1978)["id"], row("NOR", 1979)["id"], row("DNK", 1981)["id"]], key=int)
add("superlative", ["the 3 lowest drug shares of total health spending"],
    {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)

# ---- ordinal (compared with another row) -------------------------------------------------------
assert row("DEU", 2015)["USD_CAP"] == "765.97"
gap_empty("USD_CAP", 765.97, 765.971)
add("ordinal", ["in 2015, who spent more per person than Germany?"],
    {"has_items": True, "num_range": {"TIME": [2015, 2015], "USD_CAP": [765.971, None]}},
    (YEAR == 2015) & (CAP > float(row("DEU", 2015)["USD_CAP"])))
assert row("SWE", 1990)["PC_GDP"] == "0.626"
gap_empty("PC_GDP", 0.626, 0.627)
add("ordinal", ["years when Sweden's drug bill was a bigger share of GDP than in 1990"],
    {"has_items": True, "text_in": {"LOCATION": ["SWE"]}, "num_range": {"PC_GDP": [0.627, None]}},
    (df.LOCATION == "SWE") & (GDP > float(row("SWE", 1990)["PC_GDP"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["2015 figures for every country except the US"],
    {"has_items": True, "num_range": {"TIME": [2015, 2015]},
     "text_in": {"LOCATION": [c for c in CODES if c != "USA"]}},
    (YEAR == 2015) & (df.LOCATION != "USA"))
add("negation", ["years where drugs were not more than 10% of health spending"],
    {"has_items": True, "num_range": {"PC_HEALTHXP": [None, 10]}}, ~(HXP > 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["mexico or turkey"], {"has_items": True, "text_in": {"LOCATION": ["MEX", "TUR"]}},
    df.LOCATION.isin(["MEX", "TUR"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me France", "only from 2000 on"],
    {"has_items": True, "text_in": {"LOCATION": ["FRA"]}, "num_range": {"TIME": [2000, None]}},
    (df.LOCATION == "FRA") & (YEAR >= 2000))
gap_empty("USD_CAP", 499.999, 500)
add("follow_up", ["2010 data", "the ones above 1.5% of GDP", "now just those under $500 per head"],
    {"has_items": True, "num_range": {"TIME": [2010, 2010], "PC_GDP": [1.501, None], "USD_CAP": [None, 499.999]}},
    (YEAR == 2010) & (GDP > 1.5) & (CAP < 500))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["do you have Brazil?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    df.LOCATION == "BRA")

# ---- id_lookup ------------------------------------------------------------------------------
assert (df.loc[df.id == "500", "LOCATION"].item(), df.loc[df.id == "500", "TIME"].item()) == ("ITA", "2012")
add("id_lookup", ["item 500 please"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
