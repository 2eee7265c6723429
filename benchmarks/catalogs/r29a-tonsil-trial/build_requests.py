"""Build ../requests/byo-r29a-tonsil-trial.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions on the numeric codes (decoded as in R geecure's help page for `tonsil`:
Sex 1 = male, 2 = female; Trt 1 = standard, 2 = test; Status 0 = censored/alive, 1 = dead; Site 2 = tonsillar
fossa; Cond 3 = needs help with self care, 4 = bed confined), survival times converted from days to the
user's years or months (365.25 days a year), and entry years read from the `EntryDate` code "day of year
then two-digit year" (`2468` = day 24 of 1968). The script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. `Case` equals the row `id` here.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29a-tonsil-trial"
PREFIX = "r29a-tt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 195 and list(df["id"]) == [str(i) for i in range(1, 196)]
assert list(df.columns) == ["id", "Case", "Inst", "Sex", "Trt", "Grade", "Age", "Cond", "Site", "T", "N",
                            "EntryDate", "Status", "Time"]
assert (df["Case"] == df["id"]).all() and not df.isna().any().any()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, DAYS = num("Age"), num("Time")
YEAR = 1900 + pd.to_numeric(df["EntryDate"].str[-2:])      # "day of year, then year": 2468 -> 1968
assert set(YEAR) == {1968, 1969, 1970, 1971, 1972}
assert set(df.Sex) == {"1", "2"} and set(df.Trt) == {"1", "2"} and set(df.Status) == {"0", "1"}
assert set(df.Site) == {"1", "2", "4"} and set(df["T"]) == {"1", "2", "3", "4"} and set(df.N) == {"0", "1", "2", "3"}
assert set(df.Grade) == {"1", "2", "3", "9"} and set(df.Cond) == {"0", "1", "2", "3", "4", "9"}
assert set(df.Inst) == {"1", "2", "3", "4", "5", "6"}
MALE, FEMALE, DEAD, ALIVE = df.Sex == "1", df.Sex == "2", df.Status == "1", df.Status == "0"

WHAT = ["patient", "Patient", "trial", "Trial", "cancer", "Cancer", "carcinoma", "Carcinoma", "tonsil",
        "Tonsil", "oropharyn", "Oropharyn", "tumo", "Tumo"]


def case(n):
    r = df[df["Case"] == str(n)]
    assert len(r) == 1, n
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]


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
add("greeting", ["hey, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["women on the test treatment"], {"has_items": True, "text_in": {"Sex": ["2"], "Trt": ["2"]}},
    FEMALE & (df.Trt == "2"), 5)
add("plain", ["patients with T4 tumours"], {"has_items": True, "text_in": {"T": ["4"]}}, df["T"] == "4", 5)
add("plain", ["poorly differentiated tumors in men"], {"has_items": True, "text_in": {"Grade": ["3"], "Sex": ["1"]}},
    (df.Grade == "3") & MALE, 5)
add("plain", ["no lymph node involvement"], {"has_items": True, "text_in": {"N": ["0"]}}, df.N == "0", 5)

# ---- units (Time is in days) -----------------------------------------------------------------
gap_empty("Time", 364, 365.25)
add("units", ["who died within the first year after diagnosis?"],
    {"has_items": True, "text_in": {"Status": ["1"]}, "num_range": {"Time": [None, 364]}},
    DEAD & (DAYS / 365.25 < 1))
gap_empty("Time", 1095, 1096)
add("units", ["patients who lived more than 3 years after diagnosis"],
    {"has_items": True, "num_range": {"Time": [1096, None]}}, DAYS / 365.25 > 3)

# ---- fact (asked by case number) -------------------------------------------------------------
assert case(17)["Age"] == "68"
add("fact", ["how old was patient 17 at diagnosis?"], {"reply_number": 68})
assert case(150)["Time"] == "775"
add("fact", ["how many days did case 150 survive"], {"reply_number": 775})
assert case(3)["EntryDate"] == "3368" and YEAR[df.Case == "3"].item() == 1968
add("fact", ["what year did patient 3 enter the study?"], {"reply_number": 1968})

# ---- count ----------------------------------------------------------------------------------
assert DEAD.sum() == 142
add("count", ["how many pateints died?"], {"reply_number": 142})
assert FEMALE.sum() == 46
add("count", ["how many women are in the trial"], {"reply_number": 46})
assert (YEAR == 1971).sum() == 47
add("count", ["how many patients were entered in 1971?"], {"reply_number": 47})

# ---- superlative ----------------------------------------------------------------------------
youngest = top_ids(AGE, 1, largest=False)                 # 20; next is 35
assert AGE[df.id.isin(youngest)].item() == 20
add("superlative", ["who's the youngest patient?"], {"has_items": True, "subset_of_ids": youngest},
    df.id.isin(youngest), 1)
short3 = top_ids(DAYS, 3, largest=False)                   # 11, 11, 15; next is 38
assert sorted(DAYS[df.id.isin(short3)]) == [11, 11, 15]
add("superlative", ["the 3 patients with the shortest survival"], {"has_items": True, "subset_of_ids": short3},
    df.id.isin(short3), 3)

# ---- ordinal (compared with another case) ----------------------------------------------------
assert case(100)["Age"] == "72"
gap_empty("Age", 72, 73)
add("ordinal", ["patients older than case 100"], {"has_items": True, "num_range": {"Age": [73, None]}},
    AGE > int(case(100)["Age"]))
assert case(1)["Time"] == "631"
gap_empty("Time", 631, 632)
add("ordinal", ["women who lived longer than case 1"],
    {"has_items": True, "text_in": {"Sex": ["2"]}, "num_range": {"Time": [632, None]}},
    FEMALE & (DAYS > int(case(1)["Time"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["patients not treated at institution 2"],
    {"has_items": True, "text_in": {"Inst": ["1", "3", "4", "5", "6"]}}, df.Inst != "2")
add("negation", ["tumours that aren't in the tonsillar fossa"],
    {"has_items": True, "text_in": {"Site": ["1", "4"]}}, df.Site != "2")

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.Cond == "3") | (df.Cond == "4")
assert disj.sum() == 7
add("disjunction", ["patients who were bed-confined or needed help with self care"],
    {"has_items": True, "text_in": {"Cond": ["3", "4"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["patients on the standard treatment", "only the men"],
    {"has_items": True, "text_in": {"Trt": ["1"], "Sex": ["1"]}}, (df.Trt == "1") & MALE)
gap_empty("Age", 59, 60)
add("follow_up", ["T3 or T4 tumours", "just the ones under 60", "which of those are still alive"],
    {"has_items": True, "text_in": {"T": ["3", "4"], "Status": ["0"]}, "num_range": {"Age": [None, 59]}},
    df["T"].isin(["3", "4"]) & (AGE < 60) & ALIVE)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any patients under 18?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE < 18)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["tell me about item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
