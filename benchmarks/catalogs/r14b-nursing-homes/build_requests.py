"""Build ../requests/byo-r14b-nursing-homes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit: the three money columns are in HUNDREDS of
dollars and the two day columns in HUNDREDS of days (stated only in the R documentation), so
"$2 million" is checked as PatientRevenue * 100 > 2_000_000. The script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file. A home has no name or code of
its own: the row `id` is its only handle.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14b-nursing-homes"
PREFIX = "r14b-nh"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 52 and list(df["id"]) == [str(i) for i in range(1, 53)]
assert list(df.columns) == ["id", "Beds", "InPatientDays", "AllPatientDays", "PatientRevenue", "NurseSalaries",
                            "FacilitiesExpend", "Rural"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
BEDS, REV, NURSE, FAC, RURAL = num("Beds"), num("PatientRevenue"), num("NurseSalaries"), num("FacilitiesExpend"), num("Rural")
for c in df.columns:
    assert (num(c) % 1 == 0).all(), c                      # whole numbers everywhere: strict bounds step by 1
assert set(df.Rural) == {"0", "1"}
DOLLARS = lambda s: s * 100                                # money columns are in hundreds of dollars

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["nursing", "Nursing", "care home", "facilit", "Facilit", "bed", "Bed", "patient", "Patient"]


def home(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what kind of places are in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["rural nursing homes"], {"has_items": True, "text_in": {"Rural": ["1"]}}, RURAL == 1, 5)
add("plain", ["homes with at least 120 beds"], {"has_items": True, "num_range": {"Beds": [120, None]}}, BEDS >= 120, 5)
add("plain", ["urban nursng homes with under 100 beds"],
    {"has_items": True, "text_in": {"Rural": ["0"]}, "num_range": {"Beds": [None, 99]}}, (RURAL == 0) & (BEDS < 100), 5)
add("plain", ["facilities with between 60 and 90 beds"],
    {"has_items": True, "num_range": {"Beds": [60, 90]}}, (BEDS >= 60) & (BEDS <= 90), 5)

# ---- units (money in hundreds of dollars) -----------------------------------------------------------
add("units", ["homes bringing in more than $2 million a year from patient care"],
    {"has_items": True, "num_range": {"PatientRevenue": [20001, None]}}, DOLLARS(REV) > 2_000_000)
add("units", ["which ones spend under $100k a year on their facilites?"],
    {"has_items": True, "num_range": {"FacilitiesExpend": [None, 999]}}, DOLLARS(FAC) < 100_000)

# ---- fact (the row id is the only handle a home has) -------------------------------------------
assert home(26)["Beds"] == "221"
add("fact", ["how many beds does home 26 have"], {"reply_number": 221})
assert home(9)["Beds"] == "96"
add("fact", ["nursing home #9 - number of beds?"], {"reply_number": 96})
assert home(31)["PatientRevenue"] == "2853" and DOLLARS(REV[df.id == "31"]).item() == 285300
add("fact", ["what was home 31's patient revenue, in dollars?"], {"reply_number": 285300})

# ---- count ----------------------------------------------------------------------------------
assert (RURAL == 1).sum() == 34
add("count", ["how many of the homes are rural?"], {"reply_number": 34})
assert (BEDS == 120).sum() == 10
add("count", ["how many homes have exactly 120 beds"], {"reply_number": 10})
assert (DOLLARS(REV) > 1_000_000).sum() == 33
add("count", ["how many places take in over a million dollars in patient revenue?"], {"reply_number": 33})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(BEDS, 1)
assert most == ["1"] and BEDS.max() == 244
add("superlative", ["which home has the most beds?"], {"has_items": True, "subset_of_ids": most}, df.id.isin(most), 1)
low3 = top_ids(NURSE, 3, largest=False)                   # 1288, 1498, 1914; next is 1925
assert sorted(NURSE[df.id.isin(low3)]) == [1288, 1498, 1914]
add("superlative", ["the 3 homes paying the least in nurse salaries"],
    {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)

# ---- ordinal (compared with another home) ----------------------------------------------------
assert home(22)["Beds"] == "135"
add("ordinal", ["homes with more beds than home 22"],
    {"has_items": True, "num_range": {"Beds": [136, None]}}, BEDS > int(home(22)["Beds"]))
assert home(5)["PatientRevenue"] == "17421"
add("ordinal", ["rural homes that earn more than home 5 does"],
    {"has_items": True, "text_in": {"Rural": ["1"]}, "num_range": {"PatientRevenue": [17422, None]}},
    (RURAL == 1) & (REV > int(home(5)["PatientRevenue"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["homes that aren't rural"], {"has_items": True, "text_in": {"Rural": ["0"]}}, RURAL != 1, 5)
add("negation", ["which homes don't spend more than $300k on nurse salaries"],
    {"has_items": True, "num_range": {"NurseSalaries": [None, 3000]}}, ~(DOLLARS(NURSE) > 300_000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (BEDS < 40) | (BEDS > 200)
assert ids(disj) == ["1", "25", "26", "34"]
add("disjunction", ["homes with fewer than 40 beds or more than 200"],
    {"has_items": True, "subset_of_ids": ["1", "25", "26", "34"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["rural homes please", "only those with 100+ beds"],
    {"has_items": True, "text_in": {"Rural": ["1"]}, "num_range": {"Beds": [100, None]}},
    (RURAL == 1) & (BEDS >= 100))
add("follow_up", ["nursing homes with more than 100 beds", "just the urban ones",
                  "which of those spend over half a million on facilities?"],
    {"has_items": True, "text_in": {"Rural": ["0"]}, "num_range": {"Beds": [101, None], "FacilitiesExpend": [5001, None]}},
    (BEDS > 100) & (RURAL == 0) & (DOLLARS(FAC) > 500_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any home with more than 300 beds?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    BEDS > 300)

# ---- id_lookup ------------------------------------------------------------------------------
assert home(40)["Beds"] == "123"
add("id_lookup", ["show me nursing home #40"], {"has_items": True, "subset_of_ids": ["40"]}, df.id == "40")

finish()
