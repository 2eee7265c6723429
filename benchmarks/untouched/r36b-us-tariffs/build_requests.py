"""Build ../requests/byo-r36b-us-tariffs.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (tariffs are whole percents, compared with the user's fractions;
the 0-10 disruption score against a user's 0-100 scale; sectors split on "; "), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36b-us-tariffs"
PREFIX = "r36b-tr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 30
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == ["id", "country", "region", "us_tariff_baseline_pct", "us_tariff_peak_pct_2025",
                            "current_us_tariff_pct_2026", "retaliation_tariff_pct", "framework_status",
                            "framework_date", "trade_status", "trade_disruption_score", "key_sectors_affected",
                            "notes", "as_of_date"]
num = lambda c: pd.to_numeric(df[c])
PEAK, NOW, RETAL, SCORE = (num("us_tariff_peak_pct_2025"), num("current_us_tariff_pct_2026"),
                           num("retaliation_tariff_pct"), num("trade_disruption_score"))
assert df["country"].str.lower().is_unique and df["framework_date"].isna().sum() == 16
SECTORS = df["key_sectors_affected"].str.split("; ")
STATUSES = sorted(df["framework_status"].unique())
TRADE = sorted(df["trade_status"].unique())

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["tariff", "Tariff", "trade", "Trade", "countr", "Countr"]


def country(name):
    r = df[df["country"].str.lower() == name.lower()]
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["countries in southeast asia"], {"has_items": True, "text_in": {"region": ["Southeast Asia"]}},
    df.region == "Southeast Asia", 5)
add("plain", ["which countries are under a section 301 investigation"],
    {"has_items": True, "text_in": {"framework_status": ["Section 301 Investigation"]}},
    df.framework_status == "Section 301 Investigation", 5)
add("plain", ["partners where trade is stable"], {"has_items": True, "text_in": {"trade_status": ["Stable"]}},
    df.trade_status == "Stable", 5)
gap_empty("us_tariff_peak_pct_2025", 30, 31)
add("plain", ["countries whose tarrif peaked above 30% in 2025"],
    {"has_items": True, "num_range": {"us_tariff_peak_pct_2025": [31, None]}}, PEAK > 30, 5)

# ---- units (tariffs are whole percents; the disruption score is 0-10) -------------------------
# "more than a quarter" = a rate above 0.25
gap_empty("us_tariff_peak_pct_2025", 25, 26)
add("units", ["which countries got hit with more than a quarter tariff at the 2025 peak?"],
    {"has_items": True, "num_range": {"us_tariff_peak_pct_2025": [26, None]}}, PEAK / 100 > 0.25)
# above 60 on a 0-100 scale = above 6.0 on the file's 0-10 score (scores step by 0.5)
gap_empty("trade_disruption_score", 6.0, 6.5)
add("units", ["trade partners with disruption above 60 out of 100"],
    {"has_items": True, "num_range": {"trade_disruption_score": [6.5, None]}}, SCORE * 10 > 60)

# ---- fact -----------------------------------------------------------------------------------
assert country("Vietnam")["us_tariff_peak_pct_2025"] == "46"
add("fact", ["what was the peak US tariff on vietnam in 2025"], {"reply_number": 46})
assert country("India")["trade_status"] == "Tense"
add("fact", ["whats the trade status with India right now"], {"reply_contains": "Tense"})
assert country("Japan")["framework_date"] == "2025-08-01"
add("fact", ["when was the japan framework agreed?"],
    {"reply_contains_any": ["2025-08-01", "August 1", "1 August", "Aug 1", "1 Aug", "08/01/2025"]})

# ---- count ----------------------------------------------------------------------------------
assert df.framework_date.isna().sum() == 16
add("count", ["how many countries have no framework date"], {"reply_number": 16})
assert (RETAL > 0).sum() == 3
add("count", ["how many countries hit back with retaliation tariffs"], {"reply_number": 3})
assert (df.region == "South Asia").sum() == 4
add("count", ["how many south asian countries are listed?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
top1 = top_ids(PEAK, 1)
assert df.loc[df.id.isin(top1), "country"].tolist() == ["China"]
add("superlative", ["which country had the highest peak tariff in 2025"],
    {"has_items": True, "subset_of_ids": top1}, df.id.isin(top1), 1)
top3 = top_ids(SCORE, 3)                                  # 9.5, 9.0, 8.0; next is 7.5
assert sorted(SCORE[df.id.isin(top3)]) == [8.0, 9.0, 9.5]
add("superlative", ["top 3 most disrupted trade partners"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)

# ---- ordinal (compared with another country) ---------------------------------------------------
assert country("India")["us_tariff_peak_pct_2025"] == "26"
gap_empty("us_tariff_peak_pct_2025", 26, 29)
add("ordinal", ["countries that had a higher 2025 peak than India"],
    {"has_items": True, "num_range": {"us_tariff_peak_pct_2025": [29, None]}},
    PEAK > int(country("India")["us_tariff_peak_pct_2025"]))
assert country("Mexico")["trade_disruption_score"] == "7.0"
gap_empty("trade_disruption_score", 6.5, 7.0)
add("ordinal", ["partners less disrupted than mexico"],
    {"has_items": True, "num_range": {"trade_disruption_score": [None, 6.5]}},
    SCORE < float(country("Mexico")["trade_disruption_score"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["countries with no agreement where trade isn't stable"],
    {"has_items": True, "text_in": {"framework_status": ["No Agreement"],
                                    "trade_status": [t for t in TRADE if t != "Stable"]}},
    (df.framework_status == "No Agreement") & (df.trade_status != "Stable"))
add("negation", ["which countries are NOT under a section 301 investigation"],
    {"has_items": True, "text_in": {"framework_status": [s for s in STATUSES if s != "Section 301 Investigation"]}},
    df.framework_status != "Section 301 Investigation")

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["countries in africa or oceania"],
    {"has_items": True, "text_in": {"region": ["Africa", "Oceania"]}}, df.region.isin(["Africa", "Oceania"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("us_tariff_peak_pct_2025", 25, 26)
add("follow_up", ["countries with no agreement with the US", "only the ones that peaked above 25%"],
    {"has_items": True, "text_in": {"framework_status": ["No Agreement"]},
     "num_range": {"us_tariff_peak_pct_2025": [26, None]}},
    (df.framework_status == "No Agreement") & (PEAK > 25))
textiles = SECTORS.apply(lambda l: "Textiles" in l)
tex_vals = sorted(df.loc[textiles, "key_sectors_affected"].unique())
add("follow_up", ["show me countries where textiles are affected", "just south asia",
                  "which of those have a disruption score of 6 or more"],
    {"has_items": True, "text_in": {"key_sectors_affected": tex_vals, "region": ["South Asia"]},
     "num_range": {"trade_disruption_score": [6, None]}},
    textiles & (df.region == "South Asia") & (SCORE >= 6))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["countries with a current 2026 tariff over 50%"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, NOW > 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "13", "country"].item() == "Cambodia"
add("id_lookup", ["show item 13"], {"has_items": True, "subset_of_ids": ["13"]}, df.id == "13")

finish()
