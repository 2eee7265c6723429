"""Build benchmarks/requests/byo-forbes2000.jsonl from items.csv.

Every expected value below is computed with pandas from items.csv, and the script asserts
the invariants before writing (has_items >= 1 row, plain >= 5, impossible == 0,
the expectation keys accept every correct row, facts/counts are the values in the file).
Written from the raw data only; the author never read or ran convrec's code.

Expectation keys are the ones used by the existing byo request files
(has_items, no_items, subset_of_ids, text_in, num_range, reply_number).
Numeric bounds are inclusive; all four money columns have two decimals, so
"more than 100" is written [100.01, None] and "under 1" is [None, 0.99]
(asserted below: no value lies strictly between the bound and the round number).
"""
import json
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "requests" / "byo-forbes2000.jsonl"
DATASET = "forbes2000"
SHORT = "fb"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 2000
df["sid"] = df["id"].astype(str)
name = df["name"]
country = df["country"]
cat = df["category"]


def ids(mask):
    return df.loc[mask.fillna(False), "sid"].tolist()


def one(n):
    rows = df[name == n]
    assert len(rows) == 1, (n, len(rows))
    return rows.iloc[0]


def in_range(col, lo, hi):
    s = df[col]
    m = s.notna()
    if lo is not None:
        m &= s >= lo
    if hi is not None:
        m &= s <= hi
    return m


def no_values_between(col, a, b):
    """No value strictly between a and b (so a rounded bound is exact)."""
    s = df[col]
    return not ((s > min(a, b)) & (s < max(a, b))).any()


requests = []


def add(kind, turns, expect, mask=None, min_rows=None):
    """mask: boolean Series of ALL rows that satisfy the request (for checking)."""
    if isinstance(turns, str):
        turns = [turns]
    if mask is not None:
        m = mask.fillna(False)
        n = int(m.sum())
        # the expectation must accept every correct row
        for col, vals in expect.get("text_in", {}).items():
            assert df.loc[m, col].astype(str).isin(vals).all(), (turns, col)
        for col, (lo, hi) in expect.get("num_range", {}).items():
            assert in_range(col, lo, hi)[m].all(), (turns, col)
        if "subset_of_ids" in expect:
            assert set(ids(m)) <= set(expect["subset_of_ids"]), turns
            assert len(expect["subset_of_ids"]) == n, turns
        if expect.get("no_items"):
            assert n == 0, (turns, n)
            assert expect.get("has_items") is False, turns
        if expect.get("has_items"):
            assert n >= (min_rows or 1), (turns, n)
    requests.append({"kind": kind, "turns": turns, "expect": expect})


US = "United States"
UK = "United Kingdom"
banking = cat == "Banking"
oil = cat == "Oil & gas operations"
software = cat == "Software & services"
semis = cat == "Semiconductors"
pharma = cat == "Drugs & biotechnology"
insurance = cat == "Insurance"
telecom = cat == "Telecommunications services"
retail = cat == "Retailing"

# ---------------- plain ----------------
m = (country == "Japan") & banking
add("plain", "show me some japanese banks",
    {"text_in": {"country": ["Japan"], "category": ["Banking"]}, "has_items": True},
    m, min_rows=5)
add("plain", "oil and gas companies",
    {"text_in": {"category": ["Oil & gas operations"]}, "has_items": True}, oil, min_rows=5)
add("plain", "any software companies?",
    {"text_in": {"category": ["Software & services"]}, "has_items": True}, software, min_rows=5)

# ---------------- typo ----------------
m = (country == "Switzerland") & pharma
add("typo", "swiss pharma compnaies",
    {"text_in": {"country": ["Switzerland"], "category": ["Drugs & biotechnology"]},
     "has_items": True}, m)
m = (country == UK) & insurance
# every insurer with a UK country string is plain "United Kingdom" (no joint listings)
assert int((country.str.contains(UK) & insurance).sum()) == int(m.sum())
add("typo", "insurnace companies in the uk",
    {"text_in": {"country": [UK], "category": ["Insurance"]}, "has_items": True}, m)
m = (country == "Taiwan") & semis
add("typo", "semiconducter companies in taiwan",
    {"text_in": {"country": ["Taiwan"], "category": ["Semiconductors"]}, "has_items": True}, m)

# ---------------- units (all money columns are billion USD) ----------------
assert no_values_between("sales", 100, 100.01) and not (df.sales == 100).any()
m = in_range("sales", 100.01, None)
add("units", "companies with more than 100 billion dollars in sales",
    {"num_range": {"sales": [100.01, None]}, "has_items": True}, m)
assert no_values_between("marketvalue", 0.99, 1)
m = in_range("marketvalue", None, 0.99)
add("units", "small caps with a market value under $1bn",
    {"num_range": {"marketvalue": [None, 0.99]}, "has_items": True}, m)
assert no_values_between("profits", -1.01, -1)  # two rows are exactly -1.00: not "more than"
m = in_range("profits", None, -1.01)
add("units", "which companies lost more than a billion dollars",
    {"num_range": {"profits": [None, -1.01]}, "has_items": True}, m)

# ---------------- fact ----------------
r = one("Microsoft")
assert r.marketvalue == 287.02
add("fact", "whats microsoft's market value", {"reply_number": float(r.marketvalue)})
r = one("ExxonMobil")
assert r.profits == 20.96
add("fact", "how much profit did exxonmobil make?", {"reply_number": float(r.profits)})
r = one("Nestle")
assert r["rank"] == 32
add("fact", "where does nestle rank on the list", {"reply_number": int(r["rank"])})

# ---------------- count ----------------
n = int((country == "Germany").sum())
assert n == 65 and not country.str.contains("Germany/|/ Germany").any()
add("count", "how many german companies are there", {"reply_number": n})
n = int(banking.sum())
assert n == 313
add("count", "how many banking companies are on here?", {"reply_number": n})
n = int((df.profits < 0).sum())
assert n == 280
add("count", "how many companies lost money", {"reply_number": n})

# ---------------- impossible ----------------
m = country.str.contains("Iceland", case=False) | name.str.contains("Iceland", case=False)
add("impossible", "any icelandic companies?", {"no_items": True, "has_items": False}, m)
m = banking & (df.marketvalue > 300)
add("impossible", "banks with a market cap over 300 billion",
    {"no_items": True, "has_items": False}, m)
m = country.str.contains("China") & software
add("impossible", "chinese software companies", {"no_items": True, "has_items": False}, m)

# ---------------- negation ----------------
m = oil & (country != US)
add("negation", "oil companies not from the US",
    {"text_in": {"category": ["Oil & gas operations"]}, "subset_of_ids": ids(m),
     "has_items": True}, m)
m = insurance & (country != US) & ~country.str.contains(UK)
add("negation", "insurers that arent american or british",
    {"text_in": {"category": ["Insurance"]}, "subset_of_ids": ids(m), "has_items": True}, m)
m = telecom & (df.profits >= 0)
add("negation", "telecom companies that didn't lose money",
    {"text_in": {"category": ["Telecommunications services"]},
     "num_range": {"profits": [0, None]}, "has_items": True}, m)

# ---------------- disjunction ----------------
m = banking & country.isin(["France", "Italy"])
add("disjunction", "french or italian banks",
    {"text_in": {"category": ["Banking"], "country": ["France", "Italy"]},
     "has_items": True}, m)
m = semis | software
add("disjunction", "semiconductor or software companies",
    {"text_in": {"category": ["Semiconductors", "Software & services"]}, "has_items": True}, m)
m = country.isin(["Sweden", "Denmark"])
add("disjunction", "swedish or danish companies",
    {"text_in": {"country": ["Sweden", "Denmark"]}, "has_items": True}, m)

# ---------------- follow_up (expect applies to the last turn) ----------------
m = retail & (country == UK)
assert int((retail & country.str.contains(UK)).sum()) == int(m.sum())
add("follow_up", ["show me retailers", "only the british ones"],
    {"text_in": {"category": ["Retailing"], "country": [UK]}, "has_items": True}, m)
assert no_values_between("marketvalue", 50, 50.01) and not (df.marketvalue == 50).any()
m = pharma & in_range("marketvalue", 50.01, None)
add("follow_up", ["what pharma companies do you have",
                  "which of those have a market value above 50 billion"],
    {"text_in": {"category": ["Drugs & biotechnology"]},
     "num_range": {"marketvalue": [50.01, None]}, "has_items": True}, m)
m = (country == "Canada") & banking
add("follow_up", ["canadian companies", "just the banks"],
    {"text_in": {"country": ["Canada"], "category": ["Banking"]}, "has_items": True}, m)

# ---------------- title_forms ----------------
r = one("Wal-Mart Stores")
assert r.sales == 256.33
add("title_forms", "walmart sales?", {"reply_number": float(r.sales)})
m = name == "McDonald`s"
assert int(name.str.contains("mcdonald", case=False).sum()) == 1
add("title_forms", "tell me about mcdonalds",
    {"subset_of_ids": ids(m), "has_items": True}, m)
r = one("Procter & Gamble")
assert r.marketvalue == 131.89
add("title_forms", "whats P&G's market cap", {"reply_number": float(r.marketvalue)})

# ---------------- write ----------------
with OUT.open("w", encoding="utf-8") as f:
    for i, q in enumerate(requests, 1):
        line = {"id": f"{SHORT}-{i:02d}", "dataset": DATASET, "turns": q["turns"],
                "expect": q["expect"], "kind": q["kind"]}
        f.write(json.dumps(line, ensure_ascii=False) + "\n")

kinds = Counter(q["kind"] for q in requests)
assert len(requests) == 30, len(requests)
assert len(kinds) == 10 and all(v == 3 for v in kinds.values()), kinds
assert all(len(q["turns"]) == 2 for q in requests if q["kind"] == "follow_up")
print(len(requests), "requests ->", OUT)
for k, v in kinds.items():
    print(f"{k:18s}{v}")
