"""Build ../requests/byo-r25b-gender-benchmark.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the score converted to a share of its maximum, 52.3 points; indicator
scores as a share of their own maximum; company names matched case-insensitively with their trailing
no-break spaces stripped), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25b-gender-benchmark"
PREFIX = "r25b-gb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2000 and list(df["id"]) == [str(i) for i in range(1, 2001)]
assert list(df.columns[:9]) == ["id", "company", "country", "region", "industry", "ownership", "year", "score",
                                "percent_score"] and df.shape[1] == 30
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SCORE, PCT, LEAD = num("score"), num("percent_score"), num("gender_leadership")
MAX_SCORE = 52.3                                           # "Overall gender assessment score (out of 52.3)"
assert df.industry.isna().sum() == 5 and df.ownership.isna().sum() == 4
assert set(df.year) == {"2023", "2024"} and SCORE.max() == 26.9 and (LEAD.dropna() <= 4).all()
NAMEKEY = df.company.str.strip().str.lower()               # 42 names end in a no-break space
assert (df.company != df.company.str.strip()).sum() == 42

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero"]
WHAT = ["compan", "Compan", "gender", "Gender", "benchmark", "Benchmark", "equality", "firm"]


def company(name):
    r = df[NAMEKEY == name.lower()]
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
add("greeting", ["hi, what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["banks in India"],
    {"has_items": True, "text_in": {"industry": ["Banks"], "country": ["India"]}},
    (df.industry == "Banks") & (df.country == "India"), 5)
add("plain", ["state-owned companies in China"],
    {"has_items": True, "text_in": {"ownership": ["Government"], "country": ["China"]}},
    (df.ownership == "Government") & (df.country == "China"), 5)
add("plain", ["uk fashion and footwear brands"],
    {"has_items": True, "text_in": {"industry": ["Apparel & Footwear"], "country": ["United Kingdom"]}},
    (df.industry == "Apparel & Footwear") & (df.country == "United Kingdom"), 5)
add("plain", ["Japanese companies with a score of 15 or more"],
    {"has_items": True, "text_in": {"country": ["Japan"]}, "num_range": {"score": [15, None]}},
    (df.country == "Japan") & (SCORE >= 15), 5)

# ---- units (score is out of 52.3 points; indicator scores have their own maximum) ------------------
# more than half of 52.3 = more than 26.15 points; scores have one decimal
gap_empty("score", MAX_SCORE / 2, 26.2)
add("units", ["which companies got more than half of the maximum possible score?"],
    {"has_items": True, "num_range": {"score": [26.2, None]}}, SCORE / MAX_SCORE > 0.5)
# gender_leadership is scored out of 4: at least 75 % = at least 3 points
gap_empty("gender_leadership", 2, 3)
add("units", ["companies scoring at least 75% on the gender leadership indicator"],
    {"has_items": True, "num_range": {"gender_leadership": [3, None]}}, LEAD / 4 >= 0.75)

# ---- fact (asked by company name; unique case-insensitively, trailing spaces ignored) ---------------
assert company("Eni")["score"] == "26.9"
add("fact", ["what's Eni's gender score?"], {"reply_number": 26.9})
assert company("Kering")["country"] == "France"
add("fact", ["which country is Kering based in"], {"reply_contains": "France"})
assert company("Burberry")["company"] == "Burberry\u00a0" and company("Burberry")["industry"] == "Apparel & Footwear"
add("fact", ["what industry is burberry listed under?"], {"reply_contains_any": ["Apparel", "apparel"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.country == "China").sum() == 229
add("count", ["how many chinese companies are in the list?"], {"reply_number": 229})
assert (SCORE == 0).sum() == 320
add("count", ["how many companies scored zero?"], {"reply_number": 320})
assert (df.year == "2024").sum() == 994
add("count", ["how many were assessed in 2024"], {"reply_number": 994})

# ---- superlative ----------------------------------------------------------------------------
best3 = top_ids(SCORE, 3)                                  # 26.9, 26.7, 25.2; next is 24.0
assert sorted(SCORE[df.id.isin(best3)], reverse=True) == [26.9, 26.7, 25.2]
add("superlative", ["top 3 companies by gender score"],
    {"has_items": True, "subset_of_ids": best3}, df.id.isin(best3), 3)
banks = SCORE.where(df.industry == "Banks")
best_bank = top_ids(banks, 1)                              # Caixabank 25.2; next bank is 22.3
assert df.loc[df.id == best_bank[0], "company"].item() == "Caixabank"
add("superlative", ["which bank did best?"],
    {"has_items": True, "subset_of_ids": best_bank}, df.id.isin(best_bank), 1)

# ---- ordinal (compared with another company) ------------------------------------------------
assert company("Intel")["score"] == "22.9"
gap_empty("score", 22.9, 23.0)
add("ordinal", ["compnies that scored higher than Intel"],
    {"has_items": True, "num_range": {"score": [23.0, None]}}, SCORE > float(company("Intel")["score"]))
toyota = company("Toyota Motor Corporation")
assert toyota["score"] == "13.8" and toyota["country"] == "Japan"
gap_empty("score", 13.7, 13.8)
add("ordinal", ["japanese companies with a lower score than Toyota Motor Corporation"],
    {"has_items": True, "text_in": {"country": ["Japan"]}, "num_range": {"score": [None, 13.7]}},
    (df.country == "Japan") & (SCORE < float(toyota["score"])))

# ---- negation -------------------------------------------------------------------------------
# not publicly listed: the other two ownership values (a blank ownership is not "not public")
assert set(df.ownership.dropna()) == {"Public", "Private", "Government"}
add("negation", ["US companies that aren't publicly listed"],
    {"has_items": True, "text_in": {"country": ["United States"], "ownership": ["Private", "Government"]}},
    (df.country == "United States") & df.ownership.notna() & (df.ownership != "Public"))
other_regions = sorted(set(df.region.dropna()) - {"Europe & Central Asia"})
assert len(other_regions) == 6
add("negation", ["banks that are not in Europe or Central Asia"],
    {"has_items": True, "text_in": {"industry": ["Banks"], "region": other_regions}},
    (df.industry == "Banks") & df.region.notna() & (df.region != "Europe & Central Asia"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.country == "Australia") & df.industry.isin(["Oil & Gas", "Metals & Mining"])
add("disjunction", ["australian oil and gas or mining companies"],
    {"has_items": True, "text_in": {"country": ["Australia"], "industry": ["Oil & Gas", "Metals & Mining"]}},
    disj, 2)
assert (disj & (df.industry == "Oil & Gas")).any() and (disj & (df.industry == "Metals & Mining")).any()

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me telecom companies", "only the ones in europe"],
    {"has_items": True, "text_in": {"industry": ["Telecommunications"], "region": ["Europe & Central Asia"]}},
    (df.industry == "Telecommunications") & (df.region == "Europe & Central Asia"))
gap_empty("score", 15, 15.1)
add("follow_up", ["companies from Germany", "just the car makers", "which of those scored above 15?"],
    {"has_items": True, "text_in": {"country": ["Germany"], "industry": ["Motor Vehicles & Parts"]},
     "num_range": {"score": [15.1, None]}},
    (df.country == "Germany") & (df.industry == "Motor Vehicles & Parts") & (SCORE > 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any company that scored over 60%?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    PCT > 60)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1207", "company"].item() == "SONY"
add("id_lookup", ["tell me about item 1207"], {"has_items": True, "subset_of_ids": ["1207"]}, df.id == "1207")

finish()
