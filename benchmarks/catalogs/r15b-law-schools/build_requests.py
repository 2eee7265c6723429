"""Build ../requests/byo-r15b-law-schools.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (library volumes in thousands converted to books, yearly salary to
monthly pay, dollars against the user's "k", GPAs compared after rounding to the two decimals they were
reported with), and the script asserts that the `expect` facets accept exactly those rows. Counts and
facts are asserted against the file. The schools have no names: users refer to them by `rank`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15b-law-schools"
PREFIX = "r15b-ls"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 156 and list(df["id"]) == [str(i) for i in range(1, 157)]
assert list(df.columns) == ["id", "rank", "salary", "cost", "LSAT", "GPA", "libvol", "faculty", "age", "clsize",
                            "north", "south", "east", "west", "lsalary", "studfac", "top10", "r11_25", "r26_40",
                            "r41_60", "llibvol", "lcost"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
RANK, SAL, COST, LSAT, GPA, LIB, CLS = (num(c) for c in ["rank", "salary", "cost", "LSAT", "GPA", "libvol", "clsize"])
GPA2 = GPA.round(2)                                        # GPAs are float32 noise around 2-decimal values
assert (GPA.dropna() - GPA2.dropna()).abs().max() < 1e-6
for c in ["north", "south", "east", "west", "top10"]:
    assert set(df[c]) == {"0", "1"}, c
assert (df[["north", "south", "east", "west"]].astype(int).sum(axis=1) == 1).all()   # exactly one region each
assert ((RANK <= 10) == (df.top10 == "1")).all()
for v in (SAL, COST, LIB, CLS):
    assert (v.dropna() % 1 == 0).all()                     # whole numbers: strict bounds step by 1
assert SAL.isna().sum() == 8 and COST.isna().sum() == 6 and df.age.isna().sum() == 45

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["law", "Law", "school", "School", "LSAT"]


def ranked(r):
    row = df[df["rank"] == str(r)]
    assert len(row) == 1, r                                 # ranks 16 and 17 are shared: never asked
    return row.iloc[0]

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


SOUTH, WEST, EAST, NORTH = (df[c] == "1" for c in ["south", "west", "east", "north"])

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what can I ask you about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["law schools in the south"], {"has_items": True, "text_in": {"south": ["1"]}}, SOUTH, 5)
add("plain", ["schools where the median LSAT is 165 or higher"],
    {"has_items": True, "num_range": {"LSAT": [165, None]}}, LSAT >= 165, 5)
# GPA 3.3 is stored as 3.299999952316284: the bound sits a hair below the reported value
gap_empty("GPA", 3.2900001, 3.295)
add("plain", ["southern schools with a median GPA of at least 3.3"],
    {"has_items": True, "text_in": {"south": ["1"]}, "num_range": {"GPA": [3.295, None]}},
    SOUTH & (GPA2 >= 3.3), 5)
add("plain", ["top 25 ranked schools in the east"],
    {"has_items": True, "text_in": {"east": ["1"]}, "num_range": {"rank": [None, 25]}}, EAST & (RANK <= 25), 5)

# ---- units (libvol is thousands of volumes; salary is a yearly median in dollars) ---------------
add("units", ["which schools have a libary of more than half a million books?"],
    {"has_items": True, "num_range": {"libvol": [501, None]}}, LIB * 1000 > 500000)
add("units", ["schools where new grads start on more than $4,000 a month"],
    {"has_items": True, "num_range": {"salary": [48001, None]}}, SAL / 12 > 4000)

# ---- fact (by rank, asserted unique) ---------------------------------------------------------
assert ranked(1)["salary"] == "67815.0"
add("fact", ["what's the median starting salary at the #1 school?"], {"reply_number": 67815})
assert ranked(12)["libvol"] == "850.0"                     # 850 thousand volumes: "850" or "850,000"
add("fact", ["how many volumes does the library of the 12th ranked school hold"],
    {"reply_contains_any": ["850"]})
assert ranked(6)["GPA"] == "3.7799999713897705"
add("fact", ["median GPA at the school ranked 6?"], {"reply_number": 3.78})

# ---- count ----------------------------------------------------------------------------------
assert int(WEST.sum()) == 38
add("count", ["how many schools are in the west"], {"reply_number": 38})
add("count", ["how many schools don't report a starting salary?"], {"reply_number": 8})
assert int((LSAT >= 160).sum()) == 59
add("count", ["how many have a median LSAT of at least 160"], {"reply_number": 59})

# ---- superlative ----------------------------------------------------------------------------
best_paid = top_ids(SAL, 1)
assert best_paid == ["27"] and SAL.max() == 78325 and ranked(7)["id"] == "27"
add("superlative", ["which school has the highest starting salary"],
    {"has_items": True, "subset_of_ids": best_paid}, df.id.isin(best_paid), 1)
cheap3 = top_ids(COST, 3, largest=False)                  # 2623, 4247, 4388; next is 4785
assert sorted(COST[df.id.isin(cheap3)]) == [2623, 4247, 4388]
add("superlative", ["3 cheapest schools by tution"],
    {"has_items": True, "subset_of_ids": cheap3}, df.id.isin(cheap3), 3)

# ---- ordinal (compared with another school, by rank) ----------------------------------------
assert ranked(2)["libvol"] == "750.0"
add("ordinal", ["schools with a bigger library than the one ranked #2"],
    {"has_items": True, "num_range": {"libvol": [751, None]}}, LIB > float(ranked(2)["libvol"]))
assert ranked(20)["salary"] == "49862.0"
add("ordinal", ["schools in the west that pay better than the school ranked 20th"],
    {"has_items": True, "text_in": {"west": ["1"]}, "num_range": {"salary": [49863, None]}},
    WEST & (SAL > float(ranked(20)["salary"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["schools not in the east that cost under 8k"],
    {"has_items": True, "text_in": {"east": ["0"]}, "num_range": {"cost": [None, 7999]}},
    (df.east != "1") & (COST < 8000))
add("negation", ["schools outside the top 10 where starting pay is over 60k"],
    {"has_items": True, "num_range": {"rank": [11, None], "salary": [60001, None]}},
    ~(RANK <= 10) & (SAL > 60000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (CLS < 80) | (CLS > 600)
assert ids(disj) == ["10", "48", "54", "85", "117", "150", "154"], ids(disj)
add("disjunction", ["schools with an entering class under 80 students or over 600"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["law schools in the north", "just the ones ranked in the top 50"],
    {"has_items": True, "text_in": {"north": ["1"]}, "num_range": {"rank": [None, 50]}}, NORTH & (RANK <= 50))
gap_empty("GPA", 3.4900001, 3.495)
add("follow_up", ["schools with a median GPA of 3.5 or more", "only the ones that cost less than 15k",
                  "and which of those are out west"],
    {"has_items": True, "num_range": {"GPA": [3.495, None], "cost": [None, 14999]}, "text_in": {"west": ["1"]}},
    (GPA2 >= 3.5) & (COST < 15000) & WEST)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any law school with a median starting salary over 100k?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SAL > 100000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "90", "rank"].item() == "11"
add("id_lookup", ["tell me about item 90"], {"has_items": True, "subset_of_ids": ["90"]}, df.id == "90")

finish()
