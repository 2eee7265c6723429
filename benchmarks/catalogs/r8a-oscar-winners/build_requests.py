"""Build ../requests/byo-r8a-oscar-winners.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (Grace Kelly's birth place `Philly` counted as Pennsylvania; the two
spellings `Elisabeth Taylor` / `Elizabeth Taylor` counted as one person), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8a-oscar-winners"
PREFIX = "r8a-osc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 184 and list(df["id"]) == [str(i) for i in range(1, 185)]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])
YR, AGE, BY = num("oscar_yr"), num("age"), num("birth_y")
assert set(df.award) == {"Best actress", "Best actor"}
ACTRESS, ACTOR = df.award == "Best actress", df.award == "Best actor"
PLACES = set(df.birth_pl)
WHAT = ["Oscar", "oscar", "Academy", "actor", "actress", "Actor", "Actress", "award", "winner"]

# ---- shared helpers (identical in the three r8a build scripts) ---------------------------------
NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "doesn't", "isn't", "aren't", "there are no", "not any"]


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
    """Assert no value of `col` lies strictly between lo and hi (the gap a strict bound skips)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_n(values, n, largest=True):
    """Index labels of the n largest/smallest values; asserts the n-th and (n+1)-th differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="stable")
    assert s.iloc[n - 1] != s.iloc[n], (s.iloc[n - 1], s.iloc[n])
    return pd.Series(df.index.isin(s.index[:n]), index=df.index)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


def person(name):
    r = df[df["name"].str.lower() == name.lower()]
    assert len(r) == 1, name                               # facts by name: exactly one win
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what's in this one?"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what can you tell me about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["best actress winners who were born in england"],
    {"has_items": True, "text_in": {"award": ["Best actress"], "birth_pl": ["England"]}},
    ACTRESS & (df.birth_pl == "England"), 5)
add("plain", ["who won in the 1950s?"],
    {"has_items": True, "num_range": {"oscar_yr": [1950, 1959]}}, YR.between(1950, 1959), 5)
add("plain", ["best actors born in california"],
    {"has_items": True, "text_in": {"award": ["Best actor"], "birth_pl": ["California"]}},
    ACTOR & (df.birth_pl == "California"), 5)
# `Philly` (Grace Kelly) is Philadelphia, Pennsylvania
assert df.loc[df.birth_pl == "Philly", "name"].tolist() == ["Grace Kelly"]
add("plain", ["winners from pennsylvania"],
    {"has_items": True, "text_in": {"birth_pl": ["Pennsylvania", "Philly"]}},
    df.birth_pl.isin(["Pennsylvania", "Philly"]), 5)

# ---- units (birth year as a century; age as half a century) ------------------------------------
add("units", ["winners born in the 1800s"],
    {"has_items": True, "num_range": {"birth_y": [1800, 1899]}}, (BY // 100) == 18)
add("units", ["who was over half a century old when they won"],
    {"has_items": True, "num_range": {"age": [51, None]}}, AGE > 50)

# ---- fact -----------------------------------------------------------------------------------
assert person("Marlee Matlin")["age"] == "21"
add("fact", ["how old was marlee matlin when she won?"], {"reply_number": 21})
assert person("Charlize Theron")["birth_pl"] == "South Africa"
add("fact", ["where was charlize theron born"], {"reply_contains": "South Africa"})
assert person("Halle Berry")["oscar_yr"] == "2002"
add("fact", ["what year did halle berry win her oscar"], {"reply_number": 2002})

# ---- count ----------------------------------------------------------------------------------
assert (df.name == "Katharine Hepburn").sum() == 4
add("count", ["how many times did katherine hepburn win"], {"reply_number": 4})
assert (df.birth_pl == "Canada").sum() == 3
add("count", ["how many of the winners were born in canada?"], {"reply_number": 3})
taylor = df[df.name.str.contains("Taylor")]
assert set(taylor.name) == {"Elisabeth Taylor", "Elizabeth Taylor"} and len(taylor) == 2
assert taylor.birth_date.nunique() == 1 and set(taylor.birth_pl) == {"England"}   # one person, two spellings
add("count", ["how many oscars did elizabeth taylor win?"], {"reply_number": 2})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_n(AGE, 1)
assert ids(oldest) == ["63"] and df.loc[62, "name"] == "Jessica Tandy"
add("superlative", ["who was the oldest winner ever"], {"has_items": True, "subset_of_ids": ["63"]}, oldest)
young = top_n(AGE.where(ACTRESS), 3, largest=False)
assert ids(young) == ["1", "60", "171"]                    # Janet Gaynor 22, Marlee Matlin 21, Jennifer Lawrence 22
add("superlative", ["the three youngest best actresess winners"],
    {"has_items": True, "subset_of_ids": ["1", "60", "171"]}, young, 3)

# ---- ordinal (relative to a named winner) -----------------------------------------------------
roberts = int(person("Julia Roberts")["age"])
assert roberts == 33
add("ordinal", ["actresses who were older than julia roberts was when she won"],
    {"has_items": True, "text_in": {"award": ["Best actress"]}, "num_range": {"age": [34, None]}},
    ACTRESS & (AGE > roberts))
brando_first = YR[df.name == "Marlon Brando"].min()
assert brando_first == 1955
add("ordinal", ["best actor winners before marlon brando's first win"],
    {"has_items": True, "text_in": {"award": ["Best actor"]}, "num_range": {"oscar_yr": [None, 1954]}},
    ACTOR & (YR < brando_first))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["best actor winners not born in new york"],
    {"has_items": True, "text_in": {"award": ["Best actor"], "birth_pl": sorted(PLACES - {"New York"})}},
    ACTOR & (df.birth_pl != "New York"))
add("negation", ["winners from the 2000s except the ones born in california"],
    {"has_items": True, "num_range": {"oscar_yr": [2000, 2009]}, "text_in": {"birth_pl": sorted(PLACES - {"California"})}},
    YR.between(2000, 2009) & (df.birth_pl != "California"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anyone born in australia or new zealand?"],
    {"has_items": True, "text_in": {"birth_pl": ["Australia", "New Zealand"]}},
    df.birth_pl.isin(["Australia", "New Zealand"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the best actress winners", "only the ones who were over 40 at the time"],
    {"has_items": True, "text_in": {"award": ["Best actress"]}, "num_range": {"age": [41, None]}},
    ACTRESS & (AGE > 40))
add("follow_up", ["who won in the 90s?", "just the actors", "and born in new york"],
    {"has_items": True, "text_in": {"award": ["Best actor"], "birth_pl": ["New York"]}, "num_range": {"oscar_yr": [1990, 1999]}},
    YR.between(1990, 1999) & ACTOR & (df.birth_pl == "New York"))

# ---- impossible -----------------------------------------------------------------------------
assert (df.birth_pl == "Japan").sum() == 3                  # Japan-born winners exist, but all best actresses
add("impossible", ["a best actor winner who was born in japan"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, ACTOR & (df.birth_pl == "Japan"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "movie"].item() == "The Lion in Winter"
add("id_lookup", ["what's item 42?"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
