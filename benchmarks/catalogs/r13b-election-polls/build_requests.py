"""Build ../requests/byo-r13b-election-polls.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. A candidate's number in a poll ("Clinton at 48", "Johnson above one in ten") is the poll's raw
percentage (`rawpoll_*`), not FiveThirtyEight's adjusted one. Letter grades are ordered
A+ > A > A- > B+ > B > B- > C+ > C > C- > D; a blank grade is no grade and passes no grade facet.
Dates are ISO strings, so date conditions are written as `text_in` over the dates that occur.
Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13b-election-polls"
PREFIX = "r13b-ep"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 4208 and list(df["id"]) == [str(i) for i in range(1, 4209)]
assert list(df.columns) == ["id", "state", "startdate", "enddate", "pollster", "grade", "samplesize", "population",
                            "rawpoll_clinton", "rawpoll_trump", "rawpoll_johnson", "rawpoll_mcmullin",
                            "adjpoll_clinton", "adjpoll_trump", "adjpoll_johnson", "adjpoll_mcmullin"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SIZE, CLINTON, TRUMP, JOHNSON = num("samplesize"), num("rawpoll_clinton"), num("rawpoll_trump"), num("rawpoll_johnson")
GRADES = ["A+", "A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D"]          # best to worst
assert set(df.grade.dropna()) == set(GRADES) and df.grade.isna().sum() == 429
assert set(df.population) == {"lv", "rv", "v", "a"}
assert SIZE.isna().sum() == 1 and (SIZE.dropna() % 1 == 0).all()          # whole people, written "2220.0"
assert df.enddate.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all() and df.startdate.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all()
RANK = df.grade.map({g: i for i, g in enumerate(GRADES)})                 # 0 = A+ ... 9 = D, NaN = no grade
END_DATES = sorted(df.enddate.unique())

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["poll", "Poll", "election", "Election", "Clinton", "Trump", "2016"]


def one(mask):
    r = df[mask]
    assert len(r) == 1, int(mask.sum())
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


NATIONAL = df.state == "U.S."

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what can I ask about here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Pensylvania polls from A- rated pollsters"],
    {"has_items": True, "text_in": {"state": ["Pennsylvania"], "grade": ["A-"]}},
    (df.state == "Pennsylvania") & (df.grade == "A-"), 5)
gap_empty("samplesize", 5000, 5001)
add("plain", ["national polls of likely voters with more than 5000 people"],
    {"has_items": True, "text_in": {"state": ["U.S."], "population": ["lv"]}, "num_range": {"samplesize": [5001, None]}},
    NATIONAL & (df.population == "lv") & (SIZE > 5000), 5)
add("plain", ["florida polls with clinton at 48 or higher"],
    {"has_items": True, "text_in": {"state": ["Florida"]}, "num_range": {"rawpoll_clinton": [48, None]}},
    (df.state == "Florida") & (CLINTON >= 48), 5)
NOV = [d for d in END_DATES if d.startswith("2016-11")]
assert NOV == [f"2016-11-0{i}" for i in range(1, 8)]
add("plain", ["Wisconsin polls that ended in November"],
    {"has_items": True, "text_in": {"state": ["Wisconsin"], "enddate": NOV}},
    (df.state == "Wisconsin") & (pd.to_datetime(df.enddate).dt.month == 11) & (pd.to_datetime(df.enddate).dt.year == 2016), 5)

# ---- units (shares are percentages; sample sizes are people) ---------------------------------
gap_empty("rawpoll_johnson", 10, 10.01)
add("units", ["polls where Johnson got more than one in ten voters"],
    {"has_items": True, "num_range": {"rawpoll_johnson": [10.01, None]}}, JOHNSON / 100 > 1 / 10)
add("units", ["polls with 10k+ respondents"], {"has_items": True, "num_range": {"samplesize": [10000, None]}},
    SIZE >= 10 * 1000)

# ---- fact (asked by pollster; each asked combination is asserted unique) -----------------------
assert set(df.grade[df.pollster == "Quinnipiac University"]) == {"A-"}
add("fact", ["what grade does Quinnipiac University get?"], {"reply_contains": "A-"})
abc = one((df.pollster == "ABC News/Washington Post") & (df.enddate == "2016-11-06"))
assert abc["samplesize"] == "2220.0" and abc["id"] == "1"
add("fact", ["how many people were in the ABC News/Washington Post poll that ended nov 6?"], {"reply_number": 2220})
usa = one((df.pollster == "SurveyUSA") & (df.state == "Utah"))
assert usa["rawpoll_johnson"] == "13.0"
add("fact", ["in the SurveyUSA poll of Utah, what did Gary Johnson get?"], {"reply_number": 13})

# ---- count ----------------------------------------------------------------------------------
assert (df.state == "Ohio").sum() == 115
add("count", ["how many polls are there from Ohio?"], {"reply_number": 115})
assert df.grade.isna().sum() == 429
add("count", ["how many polls have no grade"], {"reply_number": 429})
assert (df.pollster == "SurveyMonkey").sum() == 660
add("count", ["surveymonkey polls - how many?"], {"reply_number": 660})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(SIZE, 1)
assert biggest == [str(df.loc[SIZE.idxmax(), "id"])] and SIZE.max() == 84292
add("superlative", ["which poll had the biggest sample"], {"has_items": True, "subset_of_ids": biggest},
    df.id.isin(biggest), 1)
trump3 = top_ids(TRUMP.where(NATIONAL), 3)                 # 51, 51, 50; next national is 49.38
assert sorted(TRUMP[df.id.isin(trump3)]) == [50, 51, 51] and trump3 == ["2012", "3523", "3982"]
add("superlative", ["top 3 national polls for Trump"], {"has_items": True, "subset_of_ids": trump3},
    df.id.isin(trump3), 3)

# ---- ordinal (letter grades; the 2nd largest) --------------------------------------------------
good = GRADES[:GRADES.index("B+") + 1]
add("ordinal", ["michigan polls rated B+ or better"],
    {"has_items": True, "text_in": {"state": ["Michigan"], "grade": good}},
    (df.state == "Michigan") & (RANK <= GRADES.index("B+")))
second = top_ids(SIZE, 2)
first = top_ids(SIZE, 1)
second = [i for i in second if i not in first]
assert second == ["52"] and SIZE[df.id == "52"].item() == 70194
add("ordinal", ["what's the 2nd largest poll by sample size?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["national polls that weren't of likely voters"],
    {"has_items": True, "text_in": {"state": ["U.S."], "population": ["a", "rv", "v"]}},
    NATIONAL & (df.population != "lv"))
add("negation", ["Georgia polls not done by SurveyMonkey"],
    {"has_items": True, "text_in": {"state": ["Georgia"],
                                    "pollster": sorted(p for p in df.pollster.unique() if p != "SurveyMonkey")}},
    (df.state == "Georgia") & (df.pollster != "SurveyMonkey"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["polls in Maine's 1st or 2nd congressional district"],
    {"has_items": True, "text_in": {"state": ["Maine CD-1", "Maine CD-2"]}},
    (df.state == "Maine CD-1") | (df.state == "Maine CD-2"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["north carolina polls", "only the ones with a grade of B or higher"],
    {"has_items": True, "text_in": {"state": ["North Carolina"], "grade": GRADES[:GRADES.index("B") + 1]}},
    (df.state == "North Carolina") & (RANK <= GRADES.index("B")))
AFTER_OCT20 = [d for d in END_DATES if d > "2016-10-20"]
add("follow_up", ["national polls please", "only registered voters", "which of those ended after October 20th"],
    {"has_items": True, "text_in": {"state": ["U.S."], "population": ["rv"], "enddate": AFTER_OCT20}},
    NATIONAL & (df.population == "rv") & (pd.to_datetime(df.enddate) > pd.Timestamp("2016-10-20")))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any poll with Clinton over 90%?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    CLINTON > 90)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1234", "pollster"].item() == "Franklin & Marshall College"
add("id_lookup", ["tell me about item 1234"], {"has_items": True, "subset_of_ids": ["1234"]}, df.id == "1234")

finish()
