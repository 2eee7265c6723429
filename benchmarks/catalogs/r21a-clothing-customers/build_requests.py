"""Build ../requests/byo-r21a-clothing-customers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one customer of a clothing retailer: `Amount` spent on the latest purchase (dollars),
`Recency` (months since the last purchase), purchases and dollars in the last 12 and 24 months, and
`Card` (1 = holds the store's own credit card, 0 = not). For every request that must return items,
`truth` is computed with plain pandas expressions (months against the user's years, dollars against
the user's "k"), and the script asserts that the `expect` facets accept exactly those rows.
The customer code `ID` happens to equal the row `id` (1..60).
"""
NAME = "r21a-clothing-customers"
PREFIX = "r21a-cl"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert list(df["id"]) == [str(i) for i in range(1, len(df) + 1)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

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

assert len(df) == 60 and list(df.columns) == ["id", "ID", "Amount", "Recency", "Freq12", "Dollar12", "Freq24",
                                              "Dollar24", "Card"]
assert (df.ID == df.id).all() and set(df.Card) == {"0", "1"} and df.notna().all().all()
AMT, REC, F12, D12, F24, D24 = (num(c) for c in ["Amount", "Recency", "Freq12", "Dollar12", "Freq24", "Dollar24"])
CARD = df.Card == "1"
assert all((num(c) % 1 == 0).all() for c in df.columns[1:])   # whole dollars, months and counts
WHAT = ["customer", "Customer", "shopper", "Shopper", "purchase", "clothing", "Clothing", "retail", "spend"]


def cust(code):
    r = df[df["ID"] == str(code)]
    assert len(r) == 1, code
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["good morning"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["customers with a store card"], {"has_items": True, "text_in": {"Card": ["1"]}}, CARD, 5)
add("plain", ["customers who spent more than $500 in the last 12 months"],
    {"has_items": True, "num_range": {"Dollar12": [501, None]}}, D12 > 500, 5)
add("plain", ["shoppers who bought something in the last 3 months"],
    {"has_items": True, "num_range": {"Recency": [None, 3]}}, REC <= 3, 5)
add("plain", ["custmers without the card who spent at least 100 on their last purchase"],
    {"has_items": True, "text_in": {"Card": ["0"]}, "num_range": {"Amount": [100, None]}},
    ~CARD & (AMT >= 100), 5)

# ---- units (Recency in months, dollars asked in "k") --------------------------------------------
add("units", ["who hasn't bought anything in over a year?"],
    {"has_items": True, "num_range": {"Recency": [13, None]}}, REC / 12 > 1)
add("units", ["customers who spent over 1.5k in the past two years"],
    {"has_items": True, "num_range": {"Dollar24": [1501, None]}}, D24 / 1000 > 1.5)

# ---- fact (by the customer code) ----------------------------------------------------------------
assert cust(57)["Amount"] == "340"
add("fact", ["how much did customer 57 spend on their last purchase?"], {"reply_number": 340})
assert cust(10)["Freq24"] == "8"
add("fact", ["how many purchases did customer 10 make in the last 24 months"], {"reply_number": 8})
assert cust(41)["Dollar12"] == "650"
add("fact", ["what has customer #41 spent over the past year"], {"reply_number": 650})

# ---- count ----------------------------------------------------------------------------------
assert CARD.sum() == 20
add("count", ["how many customers have the store credit card"], {"reply_number": 20})
assert (F12 == 0).sum() == 7
add("count", ["how many made no purchases in the last 12 months?"], {"reply_number": 7})
assert (AMT == 50).sum() == 7
add("count", ["how many customers spent exactly $50 last time"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(D24, 3)                                    # 8000, 2050, 1500; next is 1162
assert sorted(D24[df.id.isin(top3)]) == [1500, 2050, 8000]
add("superlative", ["top 3 customers by spending over the past 24 months"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
most = top_ids(F12, 1)                                    # 10 purchases; next is 6
assert most == ["15"]
add("superlative", ["who shopped most often in the last year"], {"has_items": True, "subset_of_ids": most},
    df.id.isin(most), 1)

# ---- ordinal (compared with another customer) -----------------------------------------------
assert cust(8)["Dollar12"] == "245"
add("ordinal", ["customers who spent more in the last 12 months than customer 8"],
    {"has_items": True, "num_range": {"Dollar12": [246, None]}}, D12 > int(cust(8)["Dollar12"]))
assert cust(13)["Recency"] == "5"
add("ordinal", ["card holders who bought more recently than customer 13"],
    {"has_items": True, "text_in": {"Card": ["1"]}, "num_range": {"Recency": [None, 4]}},
    CARD & (REC < int(cust(13)["Recency"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["customers without a store card who spent over $400 in the last 2 years"],
    {"has_items": True, "text_in": {"Card": ["0"]}, "num_range": {"Dollar24": [401, None]}},
    (df.Card != "1") & (D24 > 400))
add("negation", ["customers who didn't buy anything in the past 12 months"],
    {"has_items": True, "num_range": {"Freq12": [0, 0]}}, ~(F12 > 0))

# ---- disjunction ----------------------------------------------------------------------------
disj = (D12 > 1000) | (D24 >= 2000)
assert ids(disj) == ["57", "59", "60"]
add("disjunction", ["anyone who spent over 1000 in the last year or 2000+ over two years"],
    {"has_items": True, "subset_of_ids": ["57", "59", "60"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["customers with the store card", "only the ones who spent under $100 last time"],
    {"has_items": True, "text_in": {"Card": ["1"]}, "num_range": {"Amount": [None, 99]}}, CARD & (AMT < 100))
add("follow_up", ["customers who bought in the last 6 months", "no store card", "and at least 5 purchases in the past 2 yrs"],
    {"has_items": True, "text_in": {"Card": ["0"]}, "num_range": {"Recency": [None, 6], "Freq24": [5, None]}},
    (REC <= 6) & ~CARD & (F24 >= 5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any customer who hasn't shopped in 5 years?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, REC / 12 > 5)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["pull up item 33"], {"has_items": True, "subset_of_ids": ["33"]}, df.id == "33")

finish()
