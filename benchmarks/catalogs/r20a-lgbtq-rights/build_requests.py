"""Build ../requests/byo-r20a-lgbtq-rights.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

One row is a country in a year (2001-2023). For every request that must return items, `truth` is the set
of rows that really answer it, computed here with plain pandas expressions (GDP per capita against the
user's "k" / "grand", education spending already in percent of GDP), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. Blank cells
(most of the legal-status columns, 102 GDP figures, 448 education figures, 31 country codes) never pass
a facet; negations are written as `text_in` with every other raw value of the column.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20a-lgbtq-rights"
PREFIX = "r20a-lg"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2125 and list(df["id"]) == [str(i) for i in range(1, 2126)]
assert list(df.columns) == ["id", "year", "country", "country-code", "gdp-per-capita", "education-spending-gdp",
                            "same-sex-marriage", "lgbtq-censorship", "employment-discrimination",
                            "gender-affirming-care", "legal-gender"]
YEAR = pd.to_numeric(df["year"])
GDP = pd.to_numeric(df["gdp-per-capita"])
EDU = pd.to_numeric(df["education-spending-gdp"])
SSM, CEN, GAC, LEG = df["same-sex-marriage"], df["lgbtq-censorship"], df["gender-affirming-care"], df["legal-gender"]
assert YEAR.min() == 2001 and YEAR.max() == 2023 and GDP.isna().sum() == 102
# GDP and education spending are written with at most 2 decimals: strict bounds step by 0.01
assert not df["gdp-per-capita"].dropna().str.contains(r"\.\d{3}").any()
assert not df["education-spending-gdp"].dropna().str.contains(r"\.\d{3}").any()
assert not df.duplicated(["country", "year"]).any()


def row(country, year):
    r = df[(df["country"].str.lower() == country.lower()) & (df["year"] == str(year))]
    assert len(r) == 1, (country, year)
    return r.iloc[0]


WHAT = ["LGBT", "lgbt", "rights", "Rights", "same-sex", "Same-sex", "marriage", "countr", "Countr", "gender"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any", "There are no", "there are no"]


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


def others(col, *excluded):
    """Every raw value of `col` except `excluded` (blanks are not values, so they never pass)."""
    vals = sorted(df[col].dropna().unique())
    assert all(e in vals for e in excluded), excluded
    return [v for v in vals if v not in excluded]


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
add("greeting", ["what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["countries where same-sex marriage was legal in 2015"],
    {"has_items": True, "num_range": {"year": [2015, 2015]}, "text_in": {"same-sex-marriage": ["Legal"]}},
    (YEAR == 2015) & (SSM == "Legal"), 5)
add("plain", ["where is gender affirming care banned?"],
    {"has_items": True, "text_in": {"gender-affirming-care": ["Banned"]}}, GAC == "Banned", 5)
add("plain", ["2020 countries that imprison people for lgbt content"],
    {"has_items": True, "num_range": {"year": [2020, 2020]},
     "text_in": {"lgbtq-censorship": ["Imprisonment as punishment"]}},
    (YEAR == 2020) & (CEN == "Imprisonment as punishment"), 5)
add("plain", ["places where you can change your legal gender with no restrictions, 2023"],
    {"has_items": True, "num_range": {"year": [2023, 2023]}, "text_in": {"legal-gender": ["Legal, no restrictions"]}},
    (YEAR == 2023) & (LEG == "Legal, no restrictions"), 5)

# ---- units (GDP per capita in the user's "k" / "grand") ---------------------------------------
gap_empty("gdp-per-capita", 50000, 50000.01)
add("units", ["in 2022 which countries had gdp per head above 50k"],
    {"has_items": True, "num_range": {"year": [2022, 2022], "gdp-per-capita": [50000.01, None]}},
    (YEAR == 2022) & (GDP / 1000 > 50))
gap_empty("gdp-per-capita", 4999.99, 5000)
add("units", ["countries under 5 grand gdp per capita in 2019"],
    {"has_items": True, "num_range": {"year": [2019, 2019], "gdp-per-capita": [None, 4999.99]}},
    (YEAR == 2019) & (GDP / 1000 < 5))

# ---- fact (by country and year) -------------------------------------------------------------
assert row("Brazil", 2010)["gdp-per-capita"] == "18062.16"
add("fact", ["what was Brazil's gdp per capita in 2010?"], {"reply_number": 18062.16})
assert row("Poland", 2015)["same-sex-marriage"] == "Unregistered cohabitation"
add("fact", ["status of same sex marriage in Poland in 2015?"],
    {"reply_contains_any": ["Unregistered cohabitation", "unregistered cohabitation"]})
assert row("Australia", 2005)["education-spending-gdp"] == "5.27"
add("fact", ["how much of its GDP did Australia spend on education in 2005"], {"reply_number": 5.27})

# ---- count ----------------------------------------------------------------------------------
assert ((YEAR == 2023) & (SSM == "Legal")).sum() == 32
add("count", ["how many countries had legal same-sex marriage in 2023?"], {"reply_number": 32})
assert GDP.isna().sum() == 102
add("count", ["how many rows are mising a gdp per capita figure"], {"reply_number": 102})
assert ((YEAR == 2010) & (SSM == "Banned")).sum() == 41
add("count", ["in 2010 how many countries banned same sex marriage"], {"reply_number": 41})

# ---- superlative ----------------------------------------------------------------------------
rich = top_ids(GDP.where(YEAR == 2023), 1)
assert rich == ["2080"] and df.loc[df.id == "2080", "country"].item() == "Luxembourg"
add("superlative", ["highest gdp per capita in 2023"], {"has_items": True, "subset_of_ids": rich}, df.id.isin(rich), 1)
edu3 = top_ids(EDU.where(YEAR == 2015), 3)               # Cuba 8.96, Bolivia 8.14, Lesotho 7.64; next 7.52
assert sorted(df.loc[df.id.isin(edu3), "country"]) == ["Bolivia", "Cuba", "Lesotho"]
add("superlative", ["top 3 education spenders (share of GDP) in 2015"],
    {"has_items": True, "subset_of_ids": edu3}, df.id.isin(edu3), 3)

# ---- ordinal (compared with another country in the same year) --------------------------------
de = float(row("Germany", 2020)["gdp-per-capita"])
assert de == 60747.27
gap_empty("gdp-per-capita", de, de + 0.01)
add("ordinal", ["which countries had a higher GDP per capita than Germany in 2020?"],
    {"has_items": True, "num_range": {"year": [2020, 2020], "gdp-per-capita": [60747.28, None]}},
    (YEAR == 2020) & (GDP > de))
fr = float(row("France", 2012)["education-spending-gdp"])
assert fr == 5.49
gap_empty("education-spending-gdp", fr - 0.01, fr)
add("ordinal", ["countries that spent less on education than France did in 2012"],
    {"has_items": True, "num_range": {"year": [2012, 2012], "education-spending-gdp": [None, 5.48]}},
    (YEAR == 2012) & (EDU < fr))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["in 2023, where is same-sex marriage not banned?"],
    {"has_items": True, "num_range": {"year": [2023, 2023]},
     "text_in": {"same-sex-marriage": others("same-sex-marriage", "Banned")}},
    (YEAR == 2023) & SSM.notna() & (SSM != "Banned"))
add("negation", ["2021 - countries where changing your legal gender isn't illegal"],
    {"has_items": True, "num_range": {"year": [2021, 2021]}, "text_in": {"legal-gender": others("legal-gender", "Illegal")}},
    (YEAR == 2021) & LEG.notna() & (LEG != "Illegal"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["2005: countries with either legal same-sex marriage or civil unions"],
    {"has_items": True, "num_range": {"year": [2005, 2005]},
     "text_in": {"same-sex-marriage": ["Legal", "Civil union or other partnership"]}},
    (YEAR == 2005) & SSM.isin(["Legal", "Civil union or other partnership"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me Poland", "only from 2015 on"],
    {"has_items": True, "text_in": {"country": ["Poland"]}, "num_range": {"year": [2015, None]}},
    (df.country == "Poland") & (YEAR >= 2015))
gap_empty("gdp-per-capita", 39999.99, 40000)
add("follow_up", ["countries where same-sex marriage is legal", "just 2020",
                  "which of those have gdp per capita under 40k?"],
    {"has_items": True, "text_in": {"same-sex-marriage": ["Legal"]},
     "num_range": {"year": [2020, 2020], "gdp-per-capita": [None, 39999.99]}},
    (SSM == "Legal") & (YEAR == 2020) & (GDP < 40000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything from 1995?"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR == 1995)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1500", ["country", "year"]].values.tolist() == [["Estonia", "2017"]]
add("id_lookup", ["tell me about item 1500"], {"has_items": True, "subset_of_ids": ["1500"]}, df.id == "1500")

finish()
