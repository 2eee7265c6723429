"""Build ../requests/byo-r33a-corruption-index.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (scores read as numbers, a "x out of 10" turned into x * 10 on the
0-100 scale, regions matched on the raw `Region` code), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file. Blank cells (Brunei has no
2021/2022 figures, 5-13 countries have no 2012-2016 figures) never satisfy a facet nor a truth expression.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33a-corruption-index"
PREFIX = "r33a-ci"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 181 and list(df["id"]) == [str(i) for i in range(1, 182)]
C = "Country / Territory"
assert list(df.columns[:4]) == ["id", C, "Region", "Region Name"] and len(df.columns) == 43
assert df[C].is_unique and df[C].str.lower().is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
S22, S21, S18, S15, S12 = num("CPI score 2022"), num("CPI score 2021"), num("CPI score 2018"), \
    num("CPI score 2015"), num("CPI Score 2012")
R22, R21 = num("Rank 2022"), num("Rank 2021")
REGIONS = {"SSA", "AP", "AME", "WE/EU", "ECA", "MENA"}
assert set(df.Region) == REGIONS and df.Region.notna().all()
assert (S22.dropna() % 1 == 0).all() and (R22.dropna() % 1 == 0).all()   # whole scores and ranks
REG = df["Region"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "doesn't", "isn't"]
WHAT = ["corruption", "Corruption", "CPI", "countr", "Countr", "Transparency"]


def row(country):
    r = df[df[C].str.lower() == country.lower()]
    assert len(r) == 1, country
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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (so blanks are never 'not X')."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna())
    return vals


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
add("greeting", ["hi there, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["countries in sub-saharan africa"], {"has_items": True, "text_in": {"Region": ["SSA"]}},
    REG == "SSA", 5)
add("plain", ["which countries scored 70 or more in 2022?"],
    {"has_items": True, "num_range": {"CPI score 2022": [70, None]}}, S22 >= 70, 5)
gap_empty("CPI score 2022", 39, 40)
add("plain", ["middle east / north africa countries with a 2022 score under 40"],
    {"has_items": True, "text_in": {"Region": ["MENA"]}, "num_range": {"CPI score 2022": [None, 39]}},
    (REG == "MENA") & (S22 < 40), 5)
add("plain", ["western europe & EU countries that were in the top 30 in 2021"],
    {"has_items": True, "text_in": {"Region": ["WE/EU"]}, "num_range": {"Rank 2021": [None, 30]}},
    (REG == "WE/EU") & (R21 <= 30), 5)

# ---- units (the CPI is a 0-100 scale; users give it out of 10) ---------------------------------
gap_empty("CPI score 2022", 70, 71)
add("units", ["countries that got more than 7 out of 10 in 2022"],
    {"has_items": True, "num_range": {"CPI score 2022": [71, None]}}, S22 / 10 > 7)
gap_empty("CPI score 2018", 24, 25)
add("units", ["who was below 2.5 out of 10 in the 2018 index"],
    {"has_items": True, "num_range": {"CPI score 2018": [None, 24]}}, S18 / 10 < 2.5)

# ---- fact (by country name, unique) ----------------------------------------------------------
assert row("Brazil")["CPI score 2015"] == "38"
add("fact", ["what was brazil's score in 2015?"], {"reply_number": 38})
assert row("Japan")["Rank 2019"] == "20"
add("fact", ["where did Japan rank in 2019"], {"reply_number": 20})
assert row("Georgia")["Region"] == "ECA" and row("Georgia")["Region Name"] == "Europe and Central Asia"
add("fact", ["which region is georgia listed under?"],
    {"reply_contains_any": ["ECA", "Europe and Central Asia", "Central Asia"]})

# ---- count ----------------------------------------------------------------------------------
assert (REG == "AP").sum() == 32
add("count", ["how many countries are in the Asia Pacific group"], {"reply_number": 32})
assert (S22 < 20).sum() == 14
add("count", ["how many countries scored below 20 in 2022?"], {"reply_number": 14})
assert df["CPI score 2015"].isna().sum() == 13
add("count", ["how many countries have no score for 2015"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
best3 = top_ids(S22, 3)                                   # 90, 87, 87; next is 84
assert sorted(S22[df.id.isin(best3)]) == [87, 87, 90]
add("superlative", ["top 3 least corrupt countries in 2022"],
    {"has_items": True, "subset_of_ids": best3}, df.id.isin(best3), 3)
worst = top_ids(S22, 1, largest=False)
assert df.loc[df.id.isin(worst), C].tolist() == ["Somalia"] and S22.min() == 12
add("superlative", ["which country had the worst score in 2022"],
    {"has_items": True, "subset_of_ids": worst}, df.id.isin(worst), 1)

# ---- ordinal (compared with another country) -------------------------------------------------
usa = float(row("United States of America")["CPI score 2022"])
assert usa == 69
add("ordinal", ["countries in the americas that beat the US in 2022"],
    {"has_items": True, "text_in": {"Region": ["AME"]}, "num_range": {"CPI score 2022": [70, None]}},
    (REG == "AME") & (S22 > usa))
za = float(row("South Africa")["Rank 2022"])
assert za == 72
add("ordinal", ["african countries ranked ahead of south africa in 2022"],
    {"has_items": True, "text_in": {"Region": ["SSA"]}, "num_range": {"Rank 2022": [None, 71]}},
    (REG == "SSA") & (R22 < za))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["countries outside western europe/EU with 60 or more in 2022"],
    {"has_items": True, "text_in": {"Region": others("Region", "WE/EU")},
     "num_range": {"CPI score 2022": [60, None]}},
    (REG != "WE/EU") & (S22 >= 60))
gap_empty("CPI score 2022", 19, 20)
add("negation", ["non-african countries scoring under 20 in 2022"],
    {"has_items": True, "text_in": {"Region": others("Region", "SSA")},
     "num_range": {"CPI score 2022": [None, 19]}},
    (REG != "SSA") & (S22 < 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = (S22 < 15) | (S22 > 85)
dids = ids(disj)
assert len(dids) == 7
add("disjunction", ["countries that scored under 15 or over 85 in 2022"],
    {"has_items": True, "subset_of_ids": dids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["asia pacific countires", "only the ones scoring 50+ in 2022"],
    {"has_items": True, "text_in": {"Region": ["AP"]}, "num_range": {"CPI score 2022": [50, None]}},
    (REG == "AP") & (S22 >= 50))
add("follow_up", ["countries in the americas", "which of them scored under 40 in 2022",
                  "and ranked worse than 120th"],
    {"has_items": True, "text_in": {"Region": ["AME"]},
     "num_range": {"CPI score 2022": [None, 39], "Rank 2022": [121, None]}},
    (REG == "AME") & (S22 < 40) & (R22 > 120))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did any country get a perfect 100 in 2022?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, S22 >= 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "24", C].item() == "United States of America"
add("id_lookup", ["show me item 24"], {"has_items": True, "subset_of_ids": ["24"]}, df.id == "24")

finish()
