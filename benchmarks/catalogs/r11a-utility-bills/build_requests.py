"""Build ../requests/byo-r11a-utility-bills.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's units (the average temperature `temp` is in degrees
Fahrenheit and is converted to Celsius; gas use `ccf` is in hundreds of cubic feet and is multiplied by 100
against "cubic feet"; bills are in dollars), and the script asserts that the `expect` facets accept exactly
those rows. A bill is named by its month and year (`month`, `year`); each month/year pair is asserted to
occur once. Counts and facts are asserted against the file. Blank `notes` never pass a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11a-utility-bills"
PREFIX = "r11a-ub"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 117 and list(df["id"]) == [str(i) for i in range(1, 118)]
assert list(df.columns) == ["id", "month", "day", "year", "temp", "kwh", "ccf", "thermsPerDay", "billingDays",
                            "totalbill", "gasbill", "elecbill", "notes"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MONTH, YEAR, TEMP_F, KWH, CCF = num("month"), num("year"), num("temp"), num("kwh"), num("ccf")
TOTAL, GAS, ELEC = num("totalbill"), num("gasbill"), num("elecbill")
TEMP_C = (TEMP_F - 32) * 5 / 9
assert df.drop(columns="notes").notna().all().all() and df.notes.notna().sum() == 15
assert not df.duplicated(["year", "month"]).any()          # one bill per month/year
assert (TEMP_F % 1 == 0).all() and (KWH % 1 == 0).all() and (CCF % 1 == 0).all()
assert ((TOTAL * 100).round() % 1 == 0).all()              # cents
assert num("day").max() == 36                              # the source's own impossible day (May 2010), kept
MONTHS = [str(m) for m in range(1, 13)]
assert sorted(df.month.unique(), key=int) == MONTHS

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["bill", "Bill", "utility", "Utility", "utilities", "Utilities", "gas", "Gas", "electric", "Electric",
        "energy", "Energy"]


def bill(month, year):
    """The one bill of `month`/`year`."""
    r = df[(MONTH == month) & (YEAR == year)]
    assert len(r) == 1, (month, year)
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("totalbill", 250, 250.01)
add("plain", ["bills over $250"], {"has_items": True, "num_range": {"totalbill": [250.01, None]}}, TOTAL > 250, 5)
winter = MONTH.isin([12, 1, 2]) & (YEAR >= 2007)
add("plain", ["winter bills (dec, jan, feb) since 2007"],
    {"has_items": True, "text_in": {"month": ["12", "1", "2"]}, "num_range": {"year": [2007, None]}}, winter, 5)
gap_empty("kwh", 1000, 1001)
add("plain", ["months where electricty use topped 1000 kWh"],
    {"has_items": True, "num_range": {"kwh": [1001, None]}}, KWH > 1000, 5)
add("plain", ["all the 2008 bils"], {"has_items": True, "num_range": {"year": [2008, 2008]}}, YEAR == 2008, 5)

# ---- units (temp in Fahrenheit asked in Celsius; ccf = hundreds of cubic feet) -------------------
# below -5 C = below 23 F; temperatures are whole degrees F
gap_empty("temp", 22, 23)
add("units", ["which months averaged below -5°C?"], {"has_items": True, "num_range": {"temp": [None, 22]}},
    TEMP_C < -5)
gap_empty("ccf", 200, 201)
add("units", ["bills where we burned more than 20,000 cubic feet of gas"],
    {"has_items": True, "num_range": {"ccf": [201, None]}}, CCF * 100 > 20000)

# ---- fact (a bill named by its month and year) ---------------------------------------------------
assert bill(1, 2009)["totalbill"] == "330.27"
add("fact", ["what was the total bill for January 2009?"], {"reply_number": 330.27})
assert bill(12, 2008)["kwh"] == "1205"
add("fact", ["how many kWh did we use in december 2008"], {"reply_number": 1205})
assert bill(6, 2006)["notes"] == "away for 10 days on vacation"
add("fact", ["what does the note on the June 2006 bill say?"], {"reply_contains": "vacation"})

# ---- count ----------------------------------------------------------------------------------
assert df.notes.notna().sum() == 15
add("count", ["how many bills have a note on them?"], {"reply_number": 15})
gap_empty("totalbill", 300, 300.01)
assert (TOTAL > 300).sum() == 4
add("count", ["how many bills were over $300"], {"reply_number": 4})
assert (YEAR == 2004).sum() == 11
add("count", ["how many bills are there for 2004?"], {"reply_number": 11})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(TOTAL, 3)                                   # 332.09, 330.27, 324.52; next is 317.47
assert sorted(TOTAL[df.id.isin(top3)]) == [324.52, 330.27, 332.09]
add("superlative", ["the 3 most expensive bills"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
low_e = top_ids(ELEC, 1, largest=False)
assert low_e == ["14"] and ELEC.min() == 17.43
add("superlative", ["cheapest electric bill?"], {"has_items": True, "subset_of_ids": low_e}, df.id.isin(low_e))

# ---- ordinal --------------------------------------------------------------------------------
dec08 = bill(12, 2008)
gap_empty("kwh", 1205, 1206)
add("ordinal", ["months that used more electricity than December 2008"],
    {"has_items": True, "num_range": {"kwh": [1206, None]}}, KWH > int(dec08["kwh"]))
cold2 = top_ids(TEMP_F, 2, largest=False)                 # 9, 11; next is 13
second = [i for i in cold2 if i not in top_ids(TEMP_F, 1, largest=False)]
assert second == ["13"] and df.loc[12, "temp"] == "11"
add("ordinal", ["which was the 2nd coldest month?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["bills that aren't from the winter months (not dec, jan or feb)"],
    {"has_items": True, "text_in": {"month": [m for m in MONTHS if m not in ("12", "1", "2")]}},
    ~MONTH.isin([12, 1, 2]))
add("negation", ["2007 bills where gas wasn't more than $50"],
    {"has_items": True, "num_range": {"year": [2007, 2007], "gasbill": [None, 50]}},
    (YEAR == 2007) & ~(GAS > 50))

# ---- disjunction ----------------------------------------------------------------------------
disj = (TOTAL < 60) | (TOTAL > 320)
assert ids(disj) == ["14", "65", "94", "100", "101"]
add("disjunction", ["bills either under $60 or over $320"],
    {"has_items": True, "subset_of_ids": ["14", "65", "94", "100", "101"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("totalbill", 150, 150.01)
add("follow_up", ["show me the 2009 bills", "only the ones over $150"],
    {"has_items": True, "num_range": {"year": [2009, 2009], "totalbill": [150.01, None]}},
    (YEAR == 2009) & (TOTAL > 150))
gap_empty("elecbill", 100, 100.01)
add("follow_up", ["summer bills, june to august", "just 2006 and later", "which had an electric bill over $100?"],
    {"has_items": True, "text_in": {"month": ["6", "7", "8"]},
     "num_range": {"year": [2006, None], "elecbill": [100.01, None]}},
    MONTH.isin([6, 7, 8]) & (YEAR >= 2006) & (ELEC > 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any bill over $500?"], {"no_items": True, "reply_contains_any": NO_REPLY}, TOTAL > 500)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "108", "notes"].item() == "Was this August?"
add("id_lookup", ["details of item 108"], {"has_items": True, "subset_of_ids": ["108"]}, df.id == "108")

finish()
