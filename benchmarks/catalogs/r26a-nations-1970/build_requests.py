"""Build ../requests/byo-r26a-nations-1970.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (infant mortality per 1000 turned into a percent where the user says
"%", yearly income divided by 12 where the user says "a month"), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. The country names sit
in the column `rownames` and are written with dots for spaces ("Saudi.Arabia"); they are matched here
with the dots read as spaces.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26a-nations-1970"
PREFIX = "r26a-na"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 105 and list(df["id"]) == [str(i) for i in range(1, 106)]
assert list(df.columns) == ["id", "rownames", "income", "infant", "region", "oil"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
INCOME, INFANT = num("income"), num("infant")
assert set(df.region) == {"Africa", "Americas", "Asia", "Europe"} and set(df.oil) == {"no", "yes"}
assert INFANT.isna().sum() == 4 and df.income.notna().all() and (INCOME % 1 == 0).all()
assert df.rownames.is_unique
COUNTRY = df.rownames.str.replace(".", " ", regex=False).str.lower()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["countr", "Countr", "nation", "Nation", "infant", "Infant", "income", "Income"]


def country(name):
    r = df[COUNTRY == name.lower()]
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["oil exporting countries"], {"has_items": True, "text_in": {"oil": ["yes"]}}, df.oil == "yes", 5)
gap_empty("income", 3000, 3001)
add("plain", ["european countries with income above $3000 per head"],
    {"has_items": True, "text_in": {"region": ["Europe"]}, "num_range": {"income": [3001, None]}},
    (df.region == "Europe") & (INCOME > 3000), 5)
gap_empty("infant", 99.9, 100)
add("plain", ["contries in africa with infant mortality under 100"],
    {"has_items": True, "text_in": {"region": ["Africa"]}, "num_range": {"infant": [None, 99.9]}},
    (df.region == "Africa") & (INFANT < 100), 5)
add("plain", ["countries with income between 500 and 1000 dollars"],
    {"has_items": True, "num_range": {"income": [500, 1000]}}, (INCOME >= 500) & (INCOME <= 1000), 5)

# ---- units (infant is deaths per 1000 live births; income is US dollars per head per year) -------
# more than 10 % of babies = more than 100 per 1000; the rates have one decimal, 100.0 itself is not more
gap_empty("infant", 100, 100.1)
add("units", ["where do more than 10% of babies die in their first year?"],
    {"has_items": True, "num_range": {"infant": [100.1, None]}}, INFANT / 1000 * 100 > 10)
# less than $50 a month = less than $600 a year; incomes are whole dollars
gap_empty("income", 599, 600)
add("units", ["countries where people earn less than $50 a month"],
    {"has_items": True, "num_range": {"income": [None, 599]}}, INCOME / 12 < 50)

# ---- fact (by country name, written with dots in the file) ---------------------------------------
assert country("saudi arabia")["income"] == "1530"
add("fact", ["what was Saudi Arabia's per capita income?"], {"reply_number": 1530})
assert country("sweden")["infant"] == "9.6"
add("fact", ["infant mortality rate for sweden?"], {"reply_number": 9.6})
assert country("japan")["region"] == "Europe"                # the source files Japan under Europe
add("fact", ["which region is Japan listed in?"], {"reply_contains": "Europe"})

# ---- count ----------------------------------------------------------------------------------
assert (df.region == "Africa").sum() == 34
add("count", ["how many african countries are there?"], {"reply_number": 34})
assert df.infant.isna().sum() == 4
add("count", ["how many countries have no infant mortality figure?"], {"reply_number": 4})
assert ((df.region == "Asia") & (df.oil == "yes")).sum() == 4
add("count", ["how many oil exporters are in Asia"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
rich3 = top_ids(INCOME, 3)                                   # Sweden, United.States, West.Germany; next Denmark
assert sorted(df.loc[df.id.isin(rich3), "rownames"]) == ["Sweden", "United.States", "West.Germany"]
add("superlative", ["top 3 richest countries"], {"has_items": True, "subset_of_ids": rich3}, df.id.isin(rich3), 3)
worst = top_ids(INFANT, 1)
assert worst == [country("saudi arabia")["id"]] and INFANT.max() == 650
add("superlative", ["which country has the worst infant mortaility"],
    {"has_items": True, "subset_of_ids": worst}, df.id.isin(worst), 1)

# ---- ordinal (compared with another country) -------------------------------------------------
assert country("brazil")["income"] == "425"
gap_empty("income", 424, 425)
add("ordinal", ["countries in the americas poorer than Brazil"],
    {"has_items": True, "text_in": {"region": ["Americas"]}, "num_range": {"income": [None, 424]}},
    (df.region == "Americas") & (INCOME < float(country("brazil")["income"])))
assert country("united states")["infant"] == "17.6"
gap_empty("infant", 17.5, 17.6)
add("ordinal", ["where is infant mortality lower than in the United States?"],
    {"has_items": True, "num_range": {"infant": [None, 17.5]}}, INFANT < float(country("united states")["infant"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["asian countries that don't export oil"],
    {"has_items": True, "text_in": {"region": ["Asia"], "oil": ["no"]}}, (df.region == "Asia") & (df.oil != "yes"))
gap_empty("income", 2000, 2001)
add("negation", ["countries outside europe with income over 2000"],
    {"has_items": True, "text_in": {"region": ["Africa", "Americas", "Asia"]}, "num_range": {"income": [2001, None]}},
    (df.region != "Europe") & (INCOME > 2000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (INFANT < 12) | (INCOME > 5000)
dis_ids = ids(disj)
assert len(dis_ids) == 9, dis_ids
add("disjunction", ["countries with infant mortality under 12 or income over 5000"],
    {"has_items": True, "subset_of_ids": dis_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("income", 1000, 1001)
add("follow_up", ["show me the oil exporting countries", "only the ones with income above 1000"],
    {"has_items": True, "text_in": {"oil": ["yes"]}, "num_range": {"income": [1001, None]}},
    (df.oil == "yes") & (INCOME > 1000))
gap_empty("infant", 49.9, 50)
gap_empty("income", 700, 701)
add("follow_up", ["countries in the americas", "which of them have infant mortality below 50",
                  "now just the ones richer than $700"],
    {"has_items": True, "text_in": {"region": ["Americas"]},
     "num_range": {"infant": [None, 49.9], "income": [701, None]}},
    (df.region == "Americas") & (INFANT < 50) & (INCOME > 700))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any european country with infant mortality over 200?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.region == "Europe") & (INFANT > 200))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "73", "rownames"].item() == "Afganistan"
add("id_lookup", ["tell me about item 73"], {"has_items": True, "subset_of_ids": ["73"]}, df.id == "73")

finish()
