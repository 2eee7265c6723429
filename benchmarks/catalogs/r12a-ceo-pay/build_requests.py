"""Build ../requests/byo-r12a-ceo-pay.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

The money columns are text in the file (`$53.25 `: a dollar sign, millions of dollars with two decimals and a
trailing space) and `% Change` is text too (`-3%`, `118%`, `(No previous year)`), so facets on them are
`text_in` lists of the file's raw strings; the truth of each request is computed here from the parsed
numbers (millions of dollars; "500 grand" = 0.5, "$5,000,000" = 5.0) and the script asserts that the facets
accept exactly the rows that really answer it. The ratio column and `Rank` are plain numbers (`num_range`).
`Company (Headquarters)` joins the company and its city: city questions are matched on the text in the last
parentheses, so `South San Francisco` is not `San Francisco` and `Wells Fargo  (San Francisco)` (two spaces) is.
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12a-ceo-pay"
PREFIX = "r12a-ce"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 101
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
RATIO = "Ratio of CEO pay to average industry worker pay"
COMP = "Company (Headquarters)"
assert list(df.columns) == ["id", "Rank", "Name", COMP, "Total Pay", "% Change", "Cash Pay", "Equity Pay",
                            "Other Pay", RATIO]
assert not df.isna().any().any()                           # no blank cells; the gaps are written as text
assert list(df["Rank"]) == list(df["id"])                  # Rank (by total pay) happens to equal the row id


def money(col):
    """Parse `$53.25 ` (millions of dollars) after checking the exact raw form."""
    s = df[col]
    assert s.str.fullmatch(r"\$\d+\.\d\d ").all(), col
    return pd.to_numeric(s.str.strip().str.lstrip("$"))


TOTAL, CASH, EQUITY = money("Total Pay"), money("Cash Pay"), money("Equity Pay")
assert TOTAL.is_monotonic_decreasing
PCT_RAW = df["% Change"]
assert (PCT_RAW.str.fullmatch(r"-?\d+%") | (PCT_RAW == "(No previous year)")).all()
PCT = pd.to_numeric(PCT_RAW.str.rstrip("%"), errors="coerce")     # NaN for "(No previous year)"
RAT = pd.to_numeric(df[RATIO])
CITY = df[COMP].str.extract(r"\(([^()]*)\)\s*$")[0]
assert CITY.notna().all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["CEO", "ceo", "executive", "Executive", "pay", "compensation", "Compensation", "salar", "Salar"]


def row(name):
    r = df[df["Name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def vals(col, mask):
    """The raw strings of `col` on the rows of `mask` (for a text_in facet)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), col]))


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


def gap_empty(values, lo, hi):
    """Assert no value lies strictly between lo and hi (the gap skipped by a strict bound)."""
    assert not ((values > lo) & (values < hi)).any(), (lo, hi)


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
add("greeting", ["what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
sj = CITY == "San Jose"
add("plain", ["CEOs of companies based in San Jose"],
    {"has_items": True, "text_in": {COMP: vals(COMP, sj)}}, sj, 5)
gap_empty(TOTAL, 15, 15.01)
add("plain", ["ceos paid over 15 million"],
    {"has_items": True, "text_in": {"Total Pay": vals("Total Pay", TOTAL > 15)}}, TOTAL > 15, 5)
add("plain", ["which CEOs saw thier pay go down?"],
    {"has_items": True, "text_in": {"% Change": vals("% Change", PCT < 0)}}, PCT < 0, 5)
assert (PCT_RAW == "(No previous year)").sum() == 21
add("plain", ["show the ones with no previous year's pay to compare against"],
    {"has_items": True, "text_in": {"% Change": ["(No previous year)"]}}, PCT_RAW == "(No previous year)", 5)

# ---- units (money is in millions of dollars, written `$0.07 `; no unit in any header) ----------
# less than 500 grand = under 0.5 million
assert ids(TOTAL < 0.5) == ["100", "101"]
add("units", ["who earned less than 500 grand in total?"],
    {"has_items": True, "text_in": {"Total Pay": vals("Total Pay", TOTAL < 0.5)}}, TOTAL * 1_000_000 < 500_000)
# at least $5,000,000 cash = cash pay >= 5.00 (millions)
add("units", ["CEOs with at least $5,000,000 in cash pay"],
    {"has_items": True, "text_in": {"Cash Pay": vals("Cash Pay", CASH >= 5)}}, CASH * 1_000_000 >= 5_000_000, 5)

# ---- fact (names asked as people say them; each asserted to match one row) --------------------
assert df["Name"].str.contains("Cook").sum() == 1 and row("Tim Cook")["Total Pay"] == "$10.28 "
add("fact", ["how much did Tim Cook make?"], {"reply_number": 10.28})
assert (df["Name"].str.contains(r"\bSu\b") & df["Name"].str.startswith("Lisa")).sum() == 1
assert row("Lisa T. Su")[COMP] == "Advanced Micro Devices (Sunnyvale)"
add("fact", ["which company does Lisa Su run"], {"reply_contains": "Advanced Micro Devices"})
assert df[COMP].str.contains("Netflix").sum() == 1 and CITY[df[COMP].str.contains("Netflix")].item() == "Los Gatos"
add("fact", ["where is netflix headquartered?"], {"reply_contains": "Los Gatos"})

# ---- count ----------------------------------------------------------------------------------
assert (TOTAL >= 10).sum() == 49
add("count", ["how many of these CEOs got paid $10 million or more?"], {"reply_number": 49})
assert (CITY == "San Francisco").sum() == 10 and (CITY == "South San Francisco").sum() == 1
add("count", ["how many companies are headquarterd in San Francisco"], {"reply_number": 10})
assert (PCT > 0).sum() == 45
add("count", ["how many ceos got a raise"], {"reply_number": 45})

# ---- superlative ----------------------------------------------------------------------------
raise1 = top_ids(PCT, 1)                                   # 118%, next 114%
assert raise1 == ["30"] and row("Ronald S. Nersesian")["% Change"] == "118%"
add("superlative", ["who got the biggest pay increase?"], {"has_items": True, "subset_of_ids": raise1},
    df.id.isin(raise1), 1)
low3 = top_ids(TOTAL, 3, largest=False)                    # 0.04, 0.07, 0.81; next 0.94
assert sorted(TOTAL[df.id.isin(low3)]) == [0.04, 0.07, 0.81]
add("superlative", ["3 lowest paid CEOs"], {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)

# ---- ordinal --------------------------------------------------------------------------------
second = top_ids(TOTAL, 2)                                 # 53.25, 53.24; next 44.91
assert second == ["1", "2"] and TOTAL[1] == 53.24
add("ordinal", ["who's the second highest paid ceo?"], {"has_items": True, "subset_of_ids": ["2"]},
    df.id == "2", 1)
cook = TOTAL[df.Name == "Tim Cook"].item()
add("ordinal", ["CEOs who were paid more than Tim Cook"],
    {"has_items": True, "text_in": {"Total Pay": vals("Total Pay", TOTAL > cook)}}, TOTAL > cook, 5)

# ---- negation -------------------------------------------------------------------------------
not_sf_sj = ~CITY.isin(["San Francisco", "San Jose"])
add("negation", ["ceos paid over 15 million whose company isn't in San Francisco or San Jose"],
    {"has_items": True, "text_in": {COMP: vals(COMP, not_sf_sj), "Total Pay": vals("Total Pay", TOTAL > 15)}},
    not_sf_sj & (TOTAL > 15))
not_oracle = ~df[COMP].str.startswith("Oracle")
gap_empty(TOTAL, 30, 30.01)
assert ids(not_oracle & (TOTAL > 30)) == ["3", "4", "5"]
add("negation", ["anyone other than the Oracle execs who made more than $30M?"],
    {"has_items": True, "text_in": {COMP: vals(COMP, not_oracle), "Total Pay": vals("Total Pay", TOTAL > 30)}},
    not_oracle & (TOTAL > 30))

# ---- disjunction ----------------------------------------------------------------------------
disj = df[COMP].isin(["Oracle (Redwood City)", "Synopsys (Mountain View)"])
assert ids(disj) == ["1", "2", "84", "85"]
add("disjunction", ["show me the CEOs at Oracle or Synopsys"],
    {"has_items": True, "text_in": {COMP: ["Oracle (Redwood City)", "Synopsys (Mountain View)"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
sv = CITY == "Sunnyvale"
gap_empty(TOTAL, 9, 9.01)
assert ids(sv & (TOTAL > 9)) == ["4", "54", "55"]
add("follow_up", ["any CEOs in Sunnyvale?", "only the ones who made more than 9 million"],
    {"has_items": True, "text_in": {COMP: vals(COMP, sv), "Total Pay": vals("Total Pay", TOTAL > 9)}},
    sv & (TOTAL > 9))
gap_empty(TOTAL, 10, 10.01)
gap_empty(RAT, 149, 150)
fu3 = (PCT > 0) & (TOTAL > 10) & (RAT < 150)
add("follow_up", ["which ceos got a raise last year", "just the ones paid over $10M",
                  "and less than 150 times what their average worker makes"],
    {"has_items": True, "text_in": {"% Change": vals("% Change", PCT > 0), "Total Pay": vals("Total Pay", TOTAL > 10)},
     "num_range": {RATIO: [None, 149]}}, fu3)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any CEO who made over $100 million?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    TOTAL > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "63", COMP].item() == "Reliance Steel\u00e6& Aluminum (Los Angeles)"
add("id_lookup", ["tell me about item 63"], {"has_items": True, "subset_of_ids": ["63"]}, df.id == "63")

finish()
