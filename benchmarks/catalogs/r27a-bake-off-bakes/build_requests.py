"""Build ../requests/byo-r27a-bake-off-bakes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (bake names matched case-insensitively as substrings, technical placings
as numbers, a show "week" being one weekly episode and a fortnight two), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file; facts asked by a
baker's name are asserted to name one baker of one series. A blank technical placing or bake never passes.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27a-bake-off-bakes"
PREFIX = "r27a-bk"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 704 and list(df["id"]) == [str(i) for i in range(1, 705)]
assert list(df.columns) == ["id", "series", "episode", "baker", "signature", "technical", "showstopper"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SERIES, EP, TECH = num("series"), num("episode"), num("technical")
BAKER, SIG, SHOW = df["baker"], df["signature"], df["showstopper"]
assert df[["series", "episode", "baker"]].notna().all().all() and not df[["series", "episode", "baker"]].duplicated().any()
assert SIG.isna().sum() == 1 and TECH.isna().sum() == 8 and SHOW.isna().sum() == 16
assert set(SERIES) == set(range(1, 11)) and set(EP) == set(range(1, 11))
assert set(TECH.dropna()) == set(range(1, 14))            # placings 1.0 .. 13.0, written with ".0"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["bake", "Bake", "baking", "Baking", "baker", "Baker", "cake", "Cake"]


def has(col, word):
    """Rows whose `col` contains `word`, case-insensitively (a blank never does)."""
    return df[col].fillna("").str.contains(word, case=False, regex=False) & df[col].notna()


def values(col, mask):
    """The raw values of `col` in the rows of `mask` (for a text_in facet)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), col]))


def one_baker(name):
    """Assert `name` is one baker of one series (case-insensitively) and return that series."""
    m = BAKER.str.lower() == name.lower()
    assert m.any() and SERIES[m].nunique() == 1 and set(BAKER[m]) == {name}, name
    return int(SERIES[m].iloc[0])


def row(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
    return r.iloc[0]


def only(mask):
    """The single row picked out by `mask` (asserted unique)."""
    r = df[mask.fillna(False).astype(bool)]
    assert len(r) == 1, len(r)
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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
assert one_baker("Nadiya") == 6
add("plain", ["show me everything Nadiya baked"], {"has_items": True, "text_in": {"baker": ["Nadiya"]}},
    BAKER == "Nadiya", 5)
add("plain", ["bakes from series 5"], {"has_items": True, "num_range": {"series": [5, 5]}}, SERIES == 5, 5)
add("plain", ["technical challenge winners in series 10"],
    {"has_items": True, "num_range": {"series": [10, 10], "technical": [1, 1]}}, (SERIES == 10) & (TECH == 1), 5)
rhubarb = has("signature", "rhubarb")
add("plain", ["signature bakes with rhubarb"], {"has_items": True, "text_in": {"signature": values("signature", rhubarb)}},
    rhubarb, 5)

# ---- units (the show runs one episode a week: "week 3" is episode 3, a fortnight two episodes) ------
add("units", ["what did everyone bake in week 3 of series 8?"],
    {"has_items": True, "num_range": {"series": [8, 8], "episode": [3, 3]}}, (SERIES == 8) & (EP == 3))
first_fortnight = (SERIES == 9) & (EP <= 14 / 7)
assert SHOW[first_fortnight].notna().all()
add("units", ["showstopers from the first fortnight of series 9"],
    {"has_items": True, "num_range": {"series": [9, 9], "episode": [1, 2]}}, first_fortnight)

# ---- fact (asked by a baker's name, each one baker of one series) ------------------------------
one_baker("Edd")
r = df[(BAKER == "Edd") & (EP == 2)]
assert len(r) == 1 and r.iloc[0]["signature"] == "Oatmeal Raisin Cookie"
add("fact", ["what was Edd's signature bake in episode 2?"], {"reply_contains": "Oatmeal Raisin Cookie"})
one_baker("Rahul")
r = df[(BAKER == "Rahul") & (EP == 4)]
assert len(r) == 1 and r.iloc[0]["technical"] == "4.0"
add("fact", ["where did Rahul finish in the technical in episode 4?"], {"reply_number": 4})
one_baker("Jane")
r = df[(BAKER == "Jane") & (EP == 8)]
assert len(r) == 1 and r.iloc[0]["showstopper"] == "Swans"
add("fact", ["what was Jane's showstopper in episode 8"], {"reply_contains": "Swans"})

# ---- count ----------------------------------------------------------------------------------
assert (SERIES == 1).sum() == 36
add("count", ["how many entries are there for series 1?"], {"reply_number": 36})
assert ((BAKER == "Nadiya") & (TECH == 1)).sum() == 4
add("count", ["how many technicals did Nadiya win"], {"reply_number": 4})
assert SHOW.isna().sum() == 16
add("count", ["how many rows have no showstopper listed?"], {"reply_number": 16})

# ---- superlative ----------------------------------------------------------------------------
worst2 = top_ids(TECH, 2)                                   # 13.0 twice; next is 12.0
assert sorted(TECH[df.id.isin(worst2)]) == [13, 13]
add("superlative", ["the 2 worst technical placings in the whole show"],
    {"has_items": True, "subset_of_ids": worst2}, df.id.isin(worst2), 2)
s2 = TECH.where(SERIES == 2)
worst_s2 = top_ids(s2, 1)                                    # 12.0, the only one in series 2
add("superlative", ["in series 2, who had the single worst technical result?"],
    {"has_items": True, "subset_of_ids": worst_s2}, df.id.isin(worst_s2), 1)

# ---- ordinal --------------------------------------------------------------------------------
nad = df[(BAKER == "Nadiya") & (EP == 1)].iloc[0]
assert nad["technical"] == "12.0"
add("ordinal", ["who did better than Nadiya in the first technical of series 6?"],
    {"has_items": True, "num_range": {"series": [6, 6], "episode": [1, 1], "technical": [None, 11]}},
    (SERIES == 6) & (EP == 1) & (TECH < float(nad["technical"])))
second = (SERIES == 6) & (EP == 5) & (TECH == 2)
assert ids(second) == ["371"] and BAKER[second].item() == "Paul"
add("ordinal", ["who came 2nd in the technical in episode 5 of series 6"],
    {"has_items": True, "num_range": {"series": [6, 6], "episode": [5, 5], "technical": [2, 2]}}, second)

# ---- negation -------------------------------------------------------------------------------
one_baker("John")
add("negation", ["series 3 bakes that aren't John's"],
    {"has_items": True, "num_range": {"series": [3, 3]}, "text_in": {"baker": sorted(set(BAKER) - {"John"})}},
    (SERIES == 3) & BAKER.notna() & (BAKER != "John"))
add("negation", ["series 10 bakers who didn't make the top 3 in the technical"],
    {"has_items": True, "num_range": {"series": [10, 10], "technical": [4, None]}},
    (SERIES == 10) & TECH.notna() & ~(TECH <= 3))

# ---- disjunction ----------------------------------------------------------------------------
one_baker("Kim-Joy")
add("disjunction", ["Rahul's or Kim-Joy's bakes"], {"has_items": True, "text_in": {"baker": ["Kim-Joy", "Rahul"]}},
    (BAKER == "Rahul") | (BAKER == "Kim-Joy"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["series 2 bakes", "just the ones that came top 3 in the technical"],
    {"has_items": True, "num_range": {"series": [2, 2], "technical": [None, 3]}}, (SERIES == 2) & (TECH <= 3))
one_baker("Candice")
cakes = has("signature", "cake") & (SERIES == 7) & (BAKER == "Candice")
assert ids(cakes) == ["401"]
add("follow_up", ["signature cakes", "only from series 7", "which of those were Candice's?"],
    {"has_items": True, "num_range": {"series": [7, 7]}, "text_in": {"baker": ["Candice"],
                                                                     "signature": values("signature", cakes)}},
    cakes)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything from series 12?"], {"no_items": True, "reply_contains_any": NO_REPLY}, SERIES == 12)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "412", "baker"].item() == "Benjamina"
add("id_lookup", ["tell me about item 412"], {"has_items": True, "subset_of_ids": ["412"]}, df.id == "412")

finish()
