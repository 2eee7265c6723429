"""Build ../requests/byo-r13b-sp500-companies.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (money columns are in millions of dollars, so "$50 billion" is compared
as 50,000 and "half a billion" as 500), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. A company is known only by its ticker `stock`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13b-sp500-companies"
PREFIX = "r13b-sp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 50 and list(df["id"]) == [str(i) for i in range(1, 51)]
assert list(df.columns) == ["id", "stock", "market_cap", "ent_value", "trail_pe", "forward_pe", "ev_over_rev",
                            "profit_margin", "revenue", "growth", "earn_before", "cash", "debt"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MCAP, TPE, FPE, MARGIN, REV, GROWTH, EBITDA, CASH, DEBT = (
    num(c) for c in ["market_cap", "trail_pe", "forward_pe", "profit_margin", "revenue", "growth", "earn_before",
                     "cash", "debt"])
assert df.stock.is_unique and df.stock.str.fullmatch(r"[A-Z]{1,4}").all()
assert GROWTH.isna().sum() == 3 and EBITDA.isna().sum() == 3 and CASH.isna().sum() == 1
assert df.drop(columns=["growth", "earn_before", "cash"]).notna().all().all()
assert (MCAP % 10 == 0).all()                              # market caps are whole multiples of $10 million

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["compan", "Compan", "stock", "Stock", "S&P", "market cap", "financ", "Financ"]


def co(ticker):
    r = df[df["stock"] == ticker]
    assert len(r) == 1, ticker
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("trail_pe", 11.99, 12)
add("plain", ["companies with a trailing P/E under 12"],
    {"has_items": True, "num_range": {"trail_pe": [None, 11.99]}}, TPE < 12, 5)
gap_empty("profit_margin", 20, 20.01)
add("plain", ["profit margin above 20%"],
    {"has_items": True, "num_range": {"profit_margin": [20.01, None]}}, MARGIN > 20, 5)
add("plain", ["stocks with revenue growth of at least 10 percent"],
    {"has_items": True, "num_range": {"growth": [10, None]}}, GROWTH >= 10, 5)
add("plain", ["forward pe between 10 and 15"],
    {"has_items": True, "num_range": {"forward_pe": [10, 15]}}, (FPE >= 10) & (FPE <= 15), 5)

# ---- units (money columns are in millions of US dollars) -------------------------------------
gap_empty("market_cap", 50000, 50010)
add("units", ["compnies worth more than $50 billion"],
    {"has_items": True, "num_range": {"market_cap": [50010, None]}}, MCAP * 1e6 > 50e9)
gap_empty("cash", 499.99, 500)
add("units", ["which ones have less than half a billion in cash?"],
    {"has_items": True, "num_range": {"cash": [None, 499.99]}}, CASH * 1e6 < 0.5e9)

# ---- fact (by ticker) -------------------------------------------------------------------------
assert co("AAPL")["market_cap"] == "505330"
add("fact", ["what's the market cap of AAPL?"], {"reply_number": 505330})
assert co("VZ")["debt"] == "55150.0"
add("fact", ["how much debt does VZ carry"], {"reply_number": 55150})
assert co("INTC")["profit_margin"] == "23.97"
add("fact", ["INTC profit margin?"], {"reply_number": 23.97})

# ---- count ----------------------------------------------------------------------------------
assert (MCAP > 100000).sum() == 5
add("count", ["how many companies have a market cap over 100 billion"], {"reply_number": 5})
assert EBITDA.isna().sum() == 3
add("count", ["how many are missing their EBITDA"], {"reply_number": 3})
assert (FPE > 20).sum() == 3
add("count", ["how many have a forward P/E above 20?"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(REV, 1)
assert biggest == ["17"] and co("WMT")["id"] == "17"
add("superlative", ["biggest company by revenue"], {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)
margin3 = top_ids(MARGIN, 3)                               # 37.13, 31.23, 29.58; next is 29.46
assert sorted(df.stock[df.id.isin(margin3)]) == ["DO", "HCP", "LLTC"]
add("superlative", ["3 most profitable ones by margin"],
    {"has_items": True, "subset_of_ids": margin3}, df.id.isin(margin3), 3)

# ---- ordinal (compared with another company) ------------------------------------------------
assert co("IBM")["revenue"] == "106920.0"
gap_empty("revenue", 106920, 106920.01)
add("ordinal", ["companies with more revenue than IBM"],
    {"has_items": True, "num_range": {"revenue": [106920.01, None]}}, REV > float(co("IBM")["revenue"]))
assert co("GD")["forward_pe"] == "9.35"
gap_empty("forward_pe", 9.34, 9.35)
add("ordinal", ["which stocks have a lower forward pe than GD"],
    {"has_items": True, "num_range": {"forward_pe": [None, 9.34]}}, FPE < float(co("GD")["forward_pe"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("profit_margin", 25, 25.01)
add("negation", ["stocks other than AAPL with margins over 25%"],
    {"has_items": True, "text_in": {"stock": sorted(s for s in df.stock if s != "AAPL")},
     "num_range": {"profit_margin": [25.01, None]}},
    (df.stock != "AAPL") & (MARGIN > 25))
add("negation", ["companies that aren't carrying more than 5 billion in debt"],
    {"has_items": True, "num_range": {"debt": [None, 5000]}}, ~(DEBT * 1e6 > 5e9))

# ---- disjunction ----------------------------------------------------------------------------
disj = (TPE > 40) | (FPE > 20)
assert sorted(df.stock[disj]) == ["EP", "NEM", "PCL", "SLE", "VZ"]
add("disjunction", ["either a trailing P/E over 40 or a forward P/E over 20"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("profit_margin", 15, 15.01)
gap_empty("market_cap", 9990, 10000)
add("follow_up", ["companies with profit margins over 15%", "only those under 10 billion market cap"],
    {"has_items": True, "num_range": {"profit_margin": [15.01, None], "market_cap": [None, 9990]}},
    (MARGIN > 15) & (MCAP * 1e6 < 10e9))
gap_empty("revenue", 5000, 5000.01)
gap_empty("trail_pe", 14.99, 15)
add("follow_up", ["show me companies with more than 5 billion in revenue",
                  "drop the ones with more than 10 billion of debt",
                  "which of those have a trailing pe below 15"],
    {"has_items": True, "num_range": {"revenue": [5000.01, None], "debt": [None, 10000], "trail_pe": [None, 14.99]}},
    (REV * 1e6 > 5e9) & ~(DEBT * 1e6 > 10e9) & (TPE < 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any company with a market cap over a trillion dollars?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, MCAP * 1e6 > 1e12)

# ---- id_lookup ------------------------------------------------------------------------------
assert co("QEP")["id"] == "33" and pd.isna(co("QEP")["cash"])
add("id_lookup", ["show me item 33"], {"has_items": True, "subset_of_ids": ["33"]}, df.id == "33")

finish()
