"""Build ../requests/byo-r24a-presidential-vote.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (shares asked as fractions such as "two thirds" compared with the
percent in `demVote`), and the script asserts that the `expect` facets accept exactly those rows. Counts
and facts are asserted against the file. A row is one state in one election year; facts are asked by
state and year, which together are unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24a-presidential-vote"
PREFIX = "r24a-pv"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1097 and list(df["id"]) == [str(i) for i in range(1, 1098)]
assert list(df.columns) == ["id", "state", "demVote", "year", "south"]
assert df.notna().all().all() and set(df.south) == {"True", "False"}
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
VOTE, YEAR = num("demVote"), num("year")
assert not df.duplicated(["state", "year"]).any()
assert (VOTE * 100 - (VOTE * 100).round()).abs().max() < 1e-6      # percent with two decimals
assert sorted(YEAR.unique()) == list(range(1932, 2017, 4))
SOUTH = df.south == "True"
NEW_ENGLAND = ["Connecticut", "Maine", "Massachusetts", "New Hampshire", "Rhode Island", "Vermont"]
assert set(NEW_ENGLAND) <= set(df.state)

WHAT = ["election", "Election", "vote", "Vote", "president", "President", "Democrat", "democrat"]


def row(state, year):
    r = df[(df.state == state) & (df.year == str(year))]
    assert len(r) == 1, (state, year)
    return r.iloc[0]


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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of data do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("demVote", 60, 60.01)
add("plain", ["states where the Democrat got over 60% in 1964"],
    {"has_items": True, "num_range": {"year": [1964, 1964], "demVote": [60.01, None]}},
    (YEAR == 1964) & (VOTE > 60), 5)
add("plain", ["southern states in 1980"],
    {"has_items": True, "text_in": {"south": ["True"]}, "num_range": {"year": [1980, 1980]}},
    SOUTH & (YEAR == 1980), 5)
add("plain", ["Texas results since 2000"],
    {"has_items": True, "text_in": {"state": ["Texas"]}, "num_range": {"year": [2000, None]}},
    (df.state == "Texas") & (YEAR >= 2000), 5)
gap_empty("demVote", 29.99, 30)
add("plain", ["elections where the democratic candidate got less than 30 percent"],
    {"has_items": True, "num_range": {"demVote": [None, 29.99]}}, VOTE < 30, 5)

# ---- units (demVote is a percent; asked as fractions of the vote) -------------------------------
gap_empty("demVote", 200 / 3, 66.67)
add("units", ["where did the Democrat take more than two thirds of the vote in 2008?"],
    {"has_items": True, "num_range": {"year": [2008, 2008], "demVote": [66.67, None]}},
    (YEAR == 2008) & (VOTE / 100 > 2 / 3))
gap_empty("demVote", 33.33, 100 / 3)
add("units", ["in 1984 which states gave the Democrat less than a third of the vote"],
    {"has_items": True, "num_range": {"year": [1984, 1984], "demVote": [None, 33.33]}},
    (YEAR == 1984) & (VOTE / 100 < 1 / 3))

# ---- fact (by state and year) ---------------------------------------------------------------
assert row("Ohio", 2008)["demVote"] == "51.38"
add("fact", ["what did the Democrat get in Ohio in 2008?"], {"reply_number": 51.38})
assert row("Florida", 2000)["demVote"] == "48.84"
add("fact", ["democratic vote share in florida 2000"], {"reply_number": 48.84})
assert row("California", 1984)["demVote"] == "41.27"
add("fact", ["How did the Democrats do in California in 1984?"], {"reply_number": 41.27})

# ---- count ----------------------------------------------------------------------------------
assert ((YEAR == 1948) & (VOTE > 50)).sum() == 22
add("count", ["in 1948, in how many states was the Democratic share above 50%?"], {"reply_number": 22})
assert df.loc[SOUTH, "state"].nunique() == 11
add("count", ["how many different states count as southern in this data?"], {"reply_number": 11})
assert (df.state == "Hawaii").sum() == 15
add("count", ["how many elections are there for Hawaii"], {"reply_number": 15})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(VOTE, 1)                                     # 98.57 (South Carolina 1936); next 98.03
assert best == ["86"] and row("South Carolina", 1936)["id"] == "86"
add("superlative", ["the Democrat's best result ever in the table"],
    {"has_items": True, "subset_of_ids": best}, df.id.isin(best), 1)
Y16 = VOTE.where(YEAR == 2016)
worst3 = top_ids(Y16, 3, largest=False)                     # 26.18, 27.17, 27.23; next 27.48
assert sorted(df.loc[df.id.isin(worst3), "state"]) == ["North Dakota", "Utah", "West Virginia"]
add("superlative", ["3 worst states for the Democrat in 2016"],
    {"has_items": True, "subset_of_ids": worst3}, df.id.isin(worst3), 3)

# ---- ordinal (compared with another result) ---------------------------------------------------
assert row("Pennsylvania", 2016)["demVote"] == "47.46"
gap_empty("demVote", 47.46, 47.47)
add("ordinal", ["in 2016 which states gave the Democrat a bigger share than Pennsylvania did"],
    {"has_items": True, "num_range": {"year": [2016, 2016], "demVote": [47.47, None]}},
    (YEAR == 2016) & (VOTE > float(row("Pennsylvania", 2016)["demVote"])))
assert row("Minnesota", 1984)["demVote"] == "49.72"
gap_empty("demVote", 49.71, 49.72)
add("ordinal", ["years when Minnesota was less Democratic than in 1984"],
    {"has_items": True, "text_in": {"state": ["Minnesota"]}, "num_range": {"demVote": [None, 49.71]}},
    (df.state == "Minnesota") & (VOTE < float(row("Minnesota", 1984)["demVote"])))

# ---- negation -------------------------------------------------------------------------------
gap_empty("demVote", 55, 55.01)
add("negation", ["non-southern states above 55% in 1976"],
    {"has_items": True, "text_in": {"south": ["False"]}, "num_range": {"year": [1976, 1976], "demVote": [55.01, None]}},
    ~SOUTH & (YEAR == 1976) & (VOTE > 55))
add("negation", ["2004 results where the Democrat wasn't under 50%"],
    {"has_items": True, "num_range": {"year": [2004, 2004], "demVote": [50, None]}},
    (YEAR == 2004) & ~(VOTE < 50))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.state.isin(["Alabama", "Mississippi"]) & (YEAR >= 1960) & (YEAR <= 1969)
assert ids(disj) == ["336", "359", "409", "436", "460"]     # Alabama has no 1964 row
add("disjunction", ["Mississippi or Alabama in the 1960s"],
    {"has_items": True, "text_in": {"state": ["Alabama", "Mississippi"]}, "num_range": {"year": [1960, 1969]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me 1992", "just the southern ones"],
    {"has_items": True, "num_range": {"year": [1992, 1992]}, "text_in": {"south": ["True"]}},
    (YEAR == 1992) & SOUTH)
add("follow_up", ["results for the New England states", "only after 1980",
                  "where the democrat got more then 60%"],
    {"has_items": True, "text_in": {"state": NEW_ENGLAND}, "num_range": {"year": [1981, None], "demVote": [60.01, None]}},
    df.state.isin(NEW_ENGLAND) & (YEAR > 1980) & (VOTE > 60))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["show me the 1928 results"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR == 1928)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", ["state", "year"]].values.tolist() == [["Illinois", "1972"]]
add("id_lookup", ["tell me about item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
