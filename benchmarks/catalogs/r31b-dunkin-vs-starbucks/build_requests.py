"""Build ../requests/byo-r31b-dunkin-vs-starbucks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

The table is in LONG format: every census tract (an 11-digit FIPS code) is two rows, one with
shop_type `dunkin_donuts` and one with `starbucks`, both carrying the tract's county, median income and
population. A row answers a request when its own values do: a condition on shop counts is met by the
row of that shop type (so "tracts with 3+ Dunkin" are the dunkin rows with shops >= 3), a condition on
tract attributes only (income, population, county) by both rows of the tract. Income is in whole
dollars per year; the user's "grand", "k" and "a month" are converted in the truth expressions.
For every request that must return items, `truth` is computed with plain pandas and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31b-dunkin-vs-starbucks"
PREFIX = "r31b-ds"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2048 and list(df["id"]) == [str(i) for i in range(1, 2049)]
assert list(df.columns) == ["id", "county", "FIPS", "median_income", "population", "shop_type", "shops"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
INC, POP, SHOPS = num("median_income"), num("population"), num("shops")
DD, SB = df.shop_type == "dunkin_donuts", df.shop_type == "starbucks"
COUNTIES = ["Bristol", "Essex", "Middlesex", "Norfolk", "Plymouth", "Suffolk"]
assert set(df.shop_type) == {"dunkin_donuts", "starbucks"} and set(df.county) == set(COUNTIES)
assert df.FIPS.nunique() == 1024 and (df.groupby("FIPS").shop_type.nunique() == 2).all()
assert (df.groupby("FIPS").size() == 2).all() and INC.isna().sum() == 2 and (INC.dropna() % 1 == 0).all()
assert df.median_income.dropna().str.endswith(".0").all()  # whole dollars written as 79722.0

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["Dunkin", "Starbucks", "coffee", "Coffee", "tract", "Tract", "census", "Census", "shop"]


def tract(fips):
    r = df[df["FIPS"] == str(fips)]
    assert len(r) == 2 and r.median_income.nunique(dropna=False) == 1 and r.population.nunique() == 1, fips
    return r

def tract_rows(fips_list):
    return df.FIPS.isin([str(f) for f in fips_list])


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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Suffolk county tracts with at least 2 Starbucks"],
    {"has_items": True, "text_in": {"county": ["Suffolk"], "shop_type": ["starbucks"]}, "num_range": {"shops": [2, None]}},
    (df.county == "Suffolk") & SB & (SHOPS >= 2), 5)
add("plain", ["census tracts with 3 or more Dunkin Donuts"],
    {"has_items": True, "text_in": {"shop_type": ["dunkin_donuts"]}, "num_range": {"shops": [3, None]}},
    DD & (SHOPS >= 3), 5)
add("plain", ["Norfolk tracts with a populaton over 8,000"],
    {"has_items": True, "text_in": {"county": ["Norfolk"]}, "num_range": {"population": [8001, None]}},
    (df.county == "Norfolk") & (POP > 8000), 5)
gap_empty("median_income", 49999, 50000)
add("plain", ["plymouth county areas that have a dunkin and a median income under 50,000"],
    {"has_items": True, "text_in": {"county": ["Plymouth"], "shop_type": ["dunkin_donuts"]},
     "num_range": {"shops": [1, None], "median_income": [None, 49999]}},
    (df.county == "Plymouth") & DD & (SHOPS >= 1) & (INC < 50000), 5)

# ---- units (median_income is whole dollars a year; no unit in the file) -----------------------------
gap_empty("median_income", 150000, 150001)
add("units", ["tracts where the median income is over 150 grand"],
    {"has_items": True, "num_range": {"median_income": [150001, None]}}, INC / 1000 > 150)
# more than $10k a month = more than $120,000 a year; one tract has exactly 120000.0, so the bound is strict
assert (INC == 120000).sum() == 2
gap_empty("median_income", 120000, 120001)
add("units", ["which tracts have a median income of more than $10k a month?"],
    {"has_items": True, "num_range": {"median_income": [120001, None]}}, INC / 12 > 10000)

# ---- fact (tracts asked by FIPS code; both rows of a tract carry the same income and population) ------
assert tract(25025010405).median_income.iloc[0] == "13488.0"
add("fact", ["what's the median income in tract 25025010405?"], {"reply_number": 13488})
r = tract(25017383600)
assert r.loc[r.shop_type == "starbucks", "shops"].item() == "4"
add("fact", ["how many Starbuck's are in census tract 25017383600"], {"reply_number": 4})
assert tract(25009202101).population.iloc[0] == "1971"
add("fact", ["population of 25009202101?"], {"reply_number": 1971})

# ---- count ----------------------------------------------------------------------------------
assert (DD & (SHOPS == 0)).sum() == 519
add("count", ["how many census tracts have no Dunkin' at all?"], {"reply_number": 519})
assert df.loc[df.county == "Essex", "FIPS"].nunique() == 162 and (df.county == "Essex").sum() == 324
add("count", ["how many census tracts are in Essex county?"], {"reply_number": 162})
assert SHOPS[SB & (df.county == "Suffolk")].sum() == 43
add("count", ["how many Starbucks are there in total in Suffolk county"], {"reply_number": 43})

# ---- superlative ----------------------------------------------------------------------------
most_dd = top_ids(SHOPS.where(DD), 1)                       # 9; the next dunkin count is 7
assert most_dd == ["1809"] and df.loc[df.id == "1809", "FIPS"].item() == "25025070101"
add("superlative", ["which tract has the most Dunkin Donuts?"],
    {"has_items": True, "subset_of_ids": most_dd}, df.id.isin(most_dd), 1)
mid = INC.where((df.county == "Middlesex") & DD)            # one value per tract
rich3 = df.loc[df.id.isin(top_ids(mid, 3)), "FIPS"].tolist()  # 226181, 203380, 200278; next 184625
assert sorted(INC[tract_rows(rich3) & DD]) == [200278, 203380, 226181]
rich3_ids = ids(tract_rows(rich3))
add("superlative", ["the 3 richest tracts in Middlesex"],
    {"has_items": True, "subset_of_ids": rich3_ids}, tract_rows(rich3), 6)

# ---- ordinal --------------------------------------------------------------------------------
suf = POP.where((df.county == "Suffolk") & DD)
second = df.loc[df.id.isin(sorted(set(top_ids(suf, 2)) - set(top_ids(suf, 1)))), "FIPS"].tolist()
assert second == ["25025170300"] and POP[tract_rows(second)].tolist() == [9096, 9096]
add("ordinal", ["2nd most populous tract in suffolk county"],
    {"has_items": True, "subset_of_ids": ids(tract_rows(second))}, tract_rows(second), 2)
ref = int(float(tract(25009202101).median_income.iloc[0]))  # 107353
gap_empty("median_income", ref, ref + 1)
add("ordinal", ["tracts with a higher median income than tract 25009202101"],
    {"has_items": True, "num_range": {"median_income": [ref + 1, None]}}, INC > ref)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["tracts with 2+ Starbucks that are not in Middlesex or Suffolk"],
    {"has_items": True, "text_in": {"county": ["Bristol", "Essex", "Norfolk", "Plymouth"], "shop_type": ["starbucks"]},
     "num_range": {"shops": [2, None]}},
    ~df.county.isin(["Middlesex", "Suffolk"]) & SB & (SHOPS >= 2))
add("negation", ["places with at least 3 coffee shops that aren't Dunkin"],
    {"has_items": True, "text_in": {"shop_type": ["starbucks"]}, "num_range": {"shops": [3, None]}},
    (df.shop_type != "dunkin_donuts") & (SHOPS >= 3))

# ---- disjunction ----------------------------------------------------------------------------
disj = (DD & (SHOPS >= 5)) | (SB & (SHOPS >= 3))
disj_ids = ids(disj)
assert len(disj_ids) == 13, disj_ids
add("disjunction", ["tracts with 5 or more Dunkin's or 3 or more Starbucks"],
    {"has_items": True, "subset_of_ids": disj_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["Starbucks numbers for Norfolk county", "just the tracts that have at least one"],
    {"has_items": True, "text_in": {"county": ["Norfolk"], "shop_type": ["starbucks"]}, "num_range": {"shops": [1, None]}},
    (df.county == "Norfolk") & SB & (SHOPS >= 1))
gap_empty("median_income", 100000, 100001)
add("follow_up", ["tracts in Middlesex", "with median income above 100k", "which of those have 2 or more Dunkin'?"],
    {"has_items": True, "text_in": {"county": ["Middlesex"], "shop_type": ["dunkin_donuts"]},
     "num_range": {"median_income": [100001, None], "shops": [2, None]}},
    (df.county == "Middlesex") & (INC > 100000) & DD & (SHOPS >= 2))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there any tract with more than 20 Starbucks?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SB & (SHOPS > 20))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1500", "FIPS"].item() == "25023505102"
add("id_lookup", ["what is item 1500"], {"has_items": True, "subset_of_ids": ["1500"]}, df.id == "1500")

finish()
