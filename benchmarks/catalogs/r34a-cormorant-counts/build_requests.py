"""Build ../requests/byo-r34a-cormorant-counts.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (a "dozen" as 12 birds, a "fortnight" as weeks 1-2 of the season, the
ordered levels no < partial < full, low < mid < high, few < moderate < high), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file. The 25 rows
with a blank `category` are weeks 10-13 (the source's "Chicks Present" level did not survive the export);
a blank never passes a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34a-cormorant-counts"
PREFIX = "r34a-co"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 343 and list(df["id"]) == [str(i) for i in range(1, 344)]
assert list(df.columns) == ["id", "category", "week", "station", "nest", "height", "density", "tree_health", "count"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
COUNT, WEEK = num("count"), num("week")
assert set(df.category.dropna()) == {"Pre", "Incubation"} and df.category.isna().sum() == 25
assert set(WEEK[df.category.isna()]) == {10, 11, 12, 13}
assert set(df.station) == {"B1", "B2", "C1", "C2", "C3", "C4"} and set(df.nest) == {"no", "partial", "full"}
assert set(df.height) == {"low", "mid", "high"} and set(df.density) == {"few", "moderate", "high"}
assert set(df.tree_health) == {"dead", "healthy"} and (COUNT % 1 == 0).all() and (WEEK % 1 == 0).all()
NEST = df.nest.map({"no": 0, "partial": 1, "full": 2})
HEIGHT = df.height.map({"low": 0, "mid": 1, "high": 2})
DENS = df.density.map({"zero": 0, "few": 1, "moderate": 2, "high": 3})

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["cormorant", "Cormorant", "bird", "Bird", "nest", "colony"]


def the_one(mask):
    r = df[mask]
    assert len(r) == 1
    return r.iloc[0]

REQS = []


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
add("greeting", ["what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["full nests high up in the tree"],
    {"has_items": True, "text_in": {"nest": ["full"], "height": ["high"]}},
    (df.nest == "full") & (df.height == "high"), 5)
add("plain", ["counts from station C2 on dead trees"],
    {"has_items": True, "text_in": {"station": ["C2"], "tree_health": ["dead"]}},
    (df.station == "C2") & (df.tree_health == "dead"), 5)
add("plain", ["sightings with 5 or more birds"], {"has_items": True, "num_range": {"count": [5, None]}},
    COUNT >= 5, 5)
add("plain", ["healthy trees with a moderate number of nests"],
    {"has_items": True, "text_in": {"tree_health": ["healthy"], "density": ["moderate"]}},
    (df.tree_health == "healthy") & (df.density == "moderate"), 5)

# ---- units (a dozen birds; a fortnight = the first two weeks of the season) ------------------------
add("units", ["any counts of a dozen birds or more?"], {"has_items": True, "num_range": {"count": [12, None]}},
    COUNT >= 12)
add("units", ["what was seen in the first fortnight of the season"],
    {"has_items": True, "num_range": {"week": [None, 2]}}, WEEK * 7 <= 14)

# ---- fact (the record counts are unique) ----------------------------------------------------
assert COUNT.max() == 22 and (COUNT == 22).sum() == 1
add("fact", ["what's the largest number of birds counted at once"], {"reply_number": 22})
assert the_one(COUNT == 22)["station"] == "C1"
add("fact", ["which station had that 22 bird count?"], {"reply_contains": "C1"})
assert the_one(COUNT == 17)["week"] == "4"
add("fact", ["in what week did they count 17 birds"], {"reply_number": 4})

# ---- count ----------------------------------------------------------------------------------
assert (df.nest == "no").sum() == 223
add("count", ["how many observations had no nest at all"], {"reply_number": 223})
add("count", ["how many rows are mising the breeding stage?"], {"reply_number": int(df.category.isna().sum())})
assert (df.station == "B1").sum() == 69
add("count", ["how many records come from station B1"], {"reply_number": 69})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(COUNT, 3)                                  # 22, 17, 15; next is 13
assert sorted(COUNT[df.id.isin(top3)]) == [15, 17, 22]
add("superlative", ["the 3 biggest counts"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
full_max = top_ids(COUNT.where(df.nest == "full"), 1)
assert COUNT[df.id.isin(full_max)].item() == 7
add("superlative", ["which full nest had the most birds displaying"],
    {"has_items": True, "subset_of_ids": full_max}, df.id.isin(full_max), 1)

# ---- ordinal (ordered levels and weeks) -----------------------------------------------------
add("ordinal", ["nests that are at least partly built, from week 8 on"],
    {"has_items": True, "text_in": {"nest": ["partial", "full"]}, "num_range": {"week": [8, None]}},
    (NEST >= 1) & (WEEK >= 8))
add("ordinal", ["trees with more than just a few other nests"],
    {"has_items": True, "text_in": {"density": ["moderate", "high"]}}, DENS > 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["observations that weren't at any of the C stations"],
    {"has_items": True, "text_in": {"station": ["B1", "B2"]}}, ~df.station.str.startswith("C"))
add("negation", ["birds on healthy trees that were not sitting low"],
    {"has_items": True, "text_in": {"tree_health": ["healthy"], "height": ["mid", "high"]}},
    (df.tree_health == "healthy") & (df.height != "low"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["B2 or C4 with more than 3 birds"],
    {"has_items": True, "text_in": {"station": ["B2", "C4"]}, "num_range": {"count": [4, None]}},
    df.station.isin(["B2", "C4"]) & (COUNT > 3))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me station C3", "only the healthy trees"],
    {"has_items": True, "text_in": {"station": ["C3"], "tree_health": ["healthy"]}},
    (df.station == "C3") & (df.tree_health == "healthy"))
add("follow_up", ["full nests", "just during incubation", "which of those had more than one bird"],
    {"has_items": True, "text_in": {"nest": ["full"], "category": ["Incubation"]}, "num_range": {"count": [2, None]}},
    (df.nest == "full") & (df.category == "Incubation") & (COUNT > 1))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["were there ever 50 or more birds in one count?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, COUNT >= 50)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["what's in record 200"], {"has_items": True, "subset_of_ids": ["200"]}, df.id == "200")

finish()
