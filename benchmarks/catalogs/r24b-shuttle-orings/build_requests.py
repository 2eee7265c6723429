"""Build ../requests/byo-r24b-shuttle-orings.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (launch temperatures converted from degrees Fahrenheit to Celsius where
the user speaks Celsius), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `FlightNumber` is the flight's own label (1..9, then
`41B`, `51C`, ...), not the row `id`; flights 1..9 happen to sit in rows 1..9.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24b-shuttle-orings"
PREFIX = "r24b-sh"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 24 and list(df["id"]) == [str(i) for i in range(1, 25)]
assert list(df.columns) == ["id", "FlightNumber", "Temperature", "Pressure", "Fail", "nFailures", "Damage"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
TEMP, PSI, NFAIL, DMG = num("Temperature"), num("Pressure"), num("nFailures"), num("Damage")
CELSIUS = (TEMP - 32) * 5 / 9
assert set(df.Fail.dropna()) == {"no", "yes"} and df.Fail.isna().sum() == 1
assert df.nFailures.isna().sum() == 1 and df.Damage.isna().sum() == 1 and df.FlightNumber.is_unique
assert set(PSI) == {50, 100, 200} and (TEMP % 1 == 0).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["shuttle", "Shuttle", "launch", "Launch", "flight", "Flight", "O-ring", "o-ring", "O-Ring", "NASA"]


def flight(code):
    r = df[df["FlightNumber"] == str(code)]
    assert len(r) == 1, code
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
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["which flights had an o-ring failiure?"], {"has_items": True, "text_in": {"Fail": ["yes"]}},
    df.Fail == "yes", 5)
add("plain", ["launches tested at 200 psi"], {"has_items": True, "num_range": {"Pressure": [200, 200]}},
    PSI == 200, 5)
add("plain", ["show me flights launched at 75 degrees F or warmer"],
    {"has_items": True, "num_range": {"Temperature": [75, None]}}, TEMP >= 75, 5)
add("plain", ["flights with zero damage"], {"has_items": True, "num_range": {"Damage": [0, 0]}}, DMG == 0, 5)

# ---- units (Temperature is in whole degrees Fahrenheit; users ask in Celsius) ---------------------
# colder than 20 C = colder than 68 F; temperatures are whole degrees
gap_empty("Temperature", 67, 68)
add("units", ["launches colder than 20 °C"], {"has_items": True, "num_range": {"Temperature": [None, 67]}},
    CELSIUS < 20)
# above 25 C = above 77 F
gap_empty("Temperature", 77, 78)
add("units", ["any flights launched above 25 celsius?"],
    {"has_items": True, "num_range": {"Temperature": [78, None]}}, CELSIUS > 25)

# ---- fact (asked by the flight's own label) --------------------------------------------------
assert flight("51C")["Temperature"] == "53"
add("fact", ["what was the launch temperature for flight 51C?"], {"reply_number": 53})
assert flight("61A")["nFailures"] == "2.0"
add("fact", ["how many o-rings failed on 61A"], {"reply_number": 2})
assert flight("61I")["Damage"] == "4.0" and flight("61I")["Fail"] == "no"
add("fact", ["damage index for flight 61I?"], {"reply_number": 4})

# ---- count ----------------------------------------------------------------------------------
assert (df.Fail == "yes").sum() == 7
add("count", ["how many launches had o-ring failures?"], {"reply_number": 7})
assert df.Fail.isna().sum() == 1
add("count", ["how many flights are missing the failure info"], {"reply_number": 1})
assert (PSI == 50).sum() == 8
add("count", ["how many flights were done at 50 psi?"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
coldest = top_ids(TEMP, 1, largest=False)
assert coldest == ["15"] and TEMP.min() == 53
add("superlative", ["coldest launch?"], {"has_items": True, "subset_of_ids": coldest}, df.id.isin(coldest), 1)
warm3 = top_ids(TEMP, 3)                                   # 81, 80, 79; next is 78
assert sorted(TEMP[df.id.isin(warm3)]) == [79, 80, 81]
add("superlative", ["the 3 warmest launches"], {"has_items": True, "subset_of_ids": warm3}, df.id.isin(warm3), 3)

# ---- ordinal (compared with another flight) --------------------------------------------------
assert flight("41D")["Temperature"] == "70"
gap_empty("Temperature", 69, 70)
add("ordinal", ["flights that were colder than 41D"],
    {"has_items": True, "num_range": {"Temperature": [None, 69]}}, TEMP < float(flight("41D")["Temperature"]))
assert flight("41C")["Damage"] == "2.0"
gap_empty("Damage", 2, 4)
add("ordinal", ["which flights had more damage than 41C"],
    {"has_items": True, "num_range": {"Damage": [4, None]}}, DMG > float(flight("41C")["Damage"]))

# ---- negation -------------------------------------------------------------------------------
# "didn't have a failure": the one flight with no recorded outcome is not counted as a no
add("negation", ["launches that didn't have a failure"], {"has_items": True, "text_in": {"Fail": ["no"]}},
    df.Fail.notna() & (df.Fail != "yes"), 5)
gap_empty("Pressure", 100, 200)
gap_empty("Temperature", 68, 69)
add("negation", ["flights not at 200 psi that were warmer than 68F"],
    {"has_items": True, "num_range": {"Pressure": [None, 100], "Temperature": [69, None]}},
    PSI.notna() & (PSI != 200) & (TEMP > 68))

# ---- disjunction ----------------------------------------------------------------------------
disj = (TEMP < 60) | (NFAIL == 2)
assert ids(disj) == ["10", "15", "22", "23"]
add("disjunction", ["flights below 60 F or with 2 failed o-rings"],
    {"has_items": True, "subset_of_ids": ["10", "15", "22", "23"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the 200 psi launches", "only the ones where an o-ring failed"],
    {"has_items": True, "num_range": {"Pressure": [200, 200]}, "text_in": {"Fail": ["yes"]}},
    (PSI == 200) & (df.Fail == "yes"))
gap_empty("Temperature", 74, 75)
gap_empty("Damage", 0, 2)
add("follow_up", ["launches under 75 degrees", "which of those had any damage?", "just the 200 psi ones"],
    {"has_items": True, "num_range": {"Temperature": [None, 74], "Damage": [2, None], "Pressure": [200, 200]}},
    (TEMP < 75) & (DMG > 0) & (PSI == 200))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["were any of them launched below freezing?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, TEMP < 32)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "12", "FlightNumber"].item() == "41D"
add("id_lookup", ["tell me about item 12"], {"has_items": True, "subset_of_ids": ["12"]}, df.id == "12")

finish()
