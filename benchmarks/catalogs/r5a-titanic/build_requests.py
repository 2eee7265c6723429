"""Build ../requests/byo-r5a-titanic.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed here with
plain pandas expressions, and the script asserts that the `expect` facets (read the way a checker reads
items.csv: plain pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are asserted against
the file. Conventions: `PClass` is ordered 1st > 2nd > 3rd ("better" = lower number); the single `*` row (class
unknown) never counts as any class, so "not 3rd class" means 1st or 2nd; `Survived` 1 = survived, 0 = died;
a blank `Age` never satisfies an age condition; "kids" = Age < 18.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5a-titanic"
PREFIX = "ti"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 1313 and list(df["id"]) == list(range(1, 1314))
assert list(df.columns) == ["id", "Name", "PClass", "Age", "Sex", "Survived", "SexCode"]
assert set(df["PClass"]) == {"1st", "2nd", "3rd", "*"} and (df["PClass"] == "*").sum() == 1
assert set(df["Survived"]) == {0, 1} and set(df["Sex"]) == {"male", "female"}
assert int(df["Age"].isna().sum()) == 557
cls = df["PClass"].map({"1st": 1, "2nd": 2, "3rd": 3})  # '*' -> NaN
age = df["Age"]
fem = df["Sex"] == "female"
surv = df["Survived"] == 1

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "there were no", "isn't", "aren't", "wasn't", "weren't"]
WHAT = ["passenger", "Passenger", "Titanic", "titanic", "TITANIC", "survivor", "Survivor", "survived", "aboard",
        "voyage", "ship", "Ship"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
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
    """nothing strictly between lo and hi (the strict bound and the written inclusive one)"""
    v = df[col]
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff do u have in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["first class passengers"], {"has_items": True, "text_in": {"PClass": ["1st"]}}, cls == 1, 5)
add("plain", ["women who survived"], {"has_items": True, "text_in": {"Sex": ["female"], "Survived": ["1"]}},
    fem & surv, 5)
add("plain", ["men in second class"], {"has_items": True, "text_in": {"PClass": ["2nd"], "Sex": ["male"]}},
    (cls == 2) & ~fem, 5)
add("plain", ["kids on board, under 18"], {"has_items": True, "num_range": {"Age": [None, 17.99]}}, age < 18, 5)
gap_empty("Age", 17.99, 18)

# ---- units (Age is in years; fractions of a year for babies) ----------------------------------
babies = age < 1.5
assert ids(babies) == ["5", "340", "359", "426", "479", "545", "617", "752", "763", "764", "894"]
gap_empty("Age", 1.49, 1.5)
add("units", ["babies younger than 18 months"], {"has_items": True, "num_range": {"Age": [None, 1.49]}}, babies)
old = age > 50
gap_empty("Age", 50, 50.01)
add("units", ["passengers over half a century old"], {"has_items": True, "num_range": {"Age": [50.01, None]}},
    old, 5)

# ---- fact -----------------------------------------------------------------------------------
assert row(11)["Name"] == "Astor, Colonel John Jacob" and row(11)["Age"] == 47
assert int(df["Name"].str.startswith("Astor, Colonel").sum()) == 1
add("fact", ["how old was john jacob astor"], {"reply_number": 47})
assert row(127)["Name"] == "Guggenheim, Mr Benjamin" and row(127)["Age"] == 46
add("fact", ["benjamin guggenheim's age?"], {"reply_number": 46})
assert row(37)["Name"].startswith("Brown, Mrs James Joseph (Margaret Molly") and row(37)["Age"] == 44
add("fact", ["how old was molly brown on the titanic"], {"reply_number": 44})

# ---- count ----------------------------------------------------------------------------------
assert int(surv.sum()) == 450
add("count", ["how many passengers survived?"], {"reply_number": 450})
assert int((cls == 3).sum()) == 711
add("count", ["how many ppl were in 3rd class"], {"reply_number": 711})
add("count", ["how many passengers have no age listed"], {"reply_number": 557})

# ---- superlative ----------------------------------------------------------------------------
oldest = age == age.max()
assert age.max() == 71 and ids(oldest) == ["10", "120", "506"]  # three-way tie, all listed
add("superlative", ["who was the oldest passenger"], {"has_items": True, "subset_of_ids": ["10", "120", "506"]},
    oldest)
young2 = df["id"].isin(df.nsmallest(2, "Age")["id"])
assert ids(young2) == ["752", "764"] and age.nsmallest(3).iloc[2] > age.nsmallest(2).max()
add("superlative", ["the 2 youngest passengers"], {"has_items": True, "subset_of_ids": ["752", "764"]}, young2, 2)

# ---- ordinal (PClass is an ordered grade) ----------------------------------------------------
add("ordinal", ["2nd class or better, women only"],
    {"has_items": True, "text_in": {"PClass": ["1st", "2nd"], "Sex": ["female"]}}, (cls <= 2) & fem, 5)
add("ordinal", ["survivors who were below first class"],
    {"has_items": True, "text_in": {"PClass": ["2nd", "3rd"], "Survived": ["1"]}}, (cls >= 2) & surv, 5)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["first class passengers who didn't make it"],
    {"has_items": True, "text_in": {"PClass": ["1st"], "Survived": ["0"]}}, (cls == 1) & ~surv, 5)
add("negation", ["men over 60 not in third class"],
    {"has_items": True, "text_in": {"PClass": ["1st", "2nd"], "Sex": ["male"]}, "num_range": {"Age": [60.01, None]}},
    (cls.isin([1, 2])) & ~fem & (age > 60), 5)
gap_empty("Age", 60, 60.01)

# ---- disjunction ----------------------------------------------------------------------------
either = (age < 1) | (age > 65)
add("disjunction", ["babies under a year old or anyone older than 65"],
    {"has_items": True, "subset_of_ids": ids(either)}, either, 5)

# ---- follow_up (expect applies to the last turn, cumulative) ----------------------------------
f1 = (cls == 1) & fem & ~surv
assert int(f1.sum()) >= 1
add("follow_up", ["show me 1st class passengers", "just the women", "which of them died"],
    {"has_items": True, "text_in": {"PClass": ["1st"], "Sex": ["female"], "Survived": ["0"]}}, f1)
f2 = (cls == 3) & (age < 10) & surv
add("follow_up", ["third class kids under 10", "ok which ones survived"],
    {"has_items": True, "text_in": {"PClass": ["3rd"], "Survived": ["1"]}, "num_range": {"Age": [None, 9.99]}}, f2)
gap_empty("Age", 9.99, 10)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a 3rd class passenger older than 75"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (cls == 3) & (age > 75))

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["pull up passenger #280"], {"has_items": True, "subset_of_ids": ["280"]}, df["id"] == 280)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
