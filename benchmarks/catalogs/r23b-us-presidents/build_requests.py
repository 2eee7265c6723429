"""Build ../requests/byo-r23b-us-presidents.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's own units (Height is in metres: feet and inches are
converted with 1 in = 0.0254 m), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file; facts are asked by a name that occurs once, and counts avoid
the two men with two rows each (Grover Cleveland, Donald Trump) so a count of rows is a count of people.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23b-us-presidents"
PREFIX = "r23b-up"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False)   # raw strings ("None" stays "None")
assert len(df) == 47 and list(df["id"]) == [str(i) for i in range(1, 48)]
assert list(df.columns)[:8] == ["id", "No.", "Name", "Birthplace", "Birthday", "Life", "Height", "Children"]
assert list(df["No."]) == list(df["id"])                   # the presidency number equals the row id here
num = lambda c: pd.to_numeric(df[c].replace("", None))
H, KIDS = num("Height"), num("Children")
assert H.notna().all() and KIDS.notna().all()
PARTY, REL = df.Party, df.Religion
TWICE = {"Grover Cleveland", "Donald Trump"}
assert set(df.Name[df.Name.duplicated()]) == TWICE
IN = 0.0254                                                # metres per inch
WHAT = ["president", "President", "White House", "presidenc"]


def pres(name):
    r = df[df["Name"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


def people(mask):
    """number of rows matching, asserted to be the number of distinct people (no man counted twice)."""
    m = mask.fillna(False).astype(bool)
    assert m.sum() == df.Name[m].nunique(), df.Name[m].tolist()
    return int(m.sum())

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "isn't", "aren't"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & (df[col] != "") & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col].replace("", None))
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
    v = pd.to_numeric(df[col].replace("", None))
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


def nth_id(values, n, largest=True):
    """id of the row in n-th place (1-based); asserts it is strictly between its neighbours (no ties)."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return [str(df.loc[s.index[n - 1], "id"])]


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
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
add("greeting", ["good morning! what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["republican presidents"], {"has_items": True, "text_in": {"Party": ["Republican"]}},
    PARTY == "Republican", 5)
add("plain", ["Democrats with more than 3 kids"],
    {"has_items": True, "text_in": {"Party": ["Democratic"]}, "num_range": {"Children": [4, None]}},
    (PARTY == "Democratic") & (KIDS > 3), 5)
add("plain", ["which presidents were presbyterian"], {"has_items": True, "text_in": {"Religion": ["Presbyterian"]}},
    REL == "Presbyterian", 5)
add("plain", ["presidents at least 1.85 m tall"], {"has_items": True, "num_range": {"Height": [1.85, None]}},
    H >= 1.85, 5)

# ---- units (Height in metres, no unit in the header) --------------------------------------------
# taller than 6 ft 2 in = 74 in = 1.8796 m; heights are given to the centimetre
gap_empty("Height", 74 * IN, 1.88)
add("units", ["presidents taller than 6 ft 2"], {"has_items": True, "num_range": {"Height": [1.88, None]}},
    H > 74 * IN)
# 5'10" or shorter = 70 in = 1.778 m
gap_empty("Height", 1.77, 70 * IN)
add("units", ["show me the ones who were 5'10\" or shorter"], {"has_items": True, "num_range": {"Height": [None, 1.77]}},
    H <= 70 * IN)

# ---- fact (names that occur once) -----------------------------------------------------------------
assert pres("Abraham Lincoln")["Height"] == "1.93"
add("fact", ["how tall was abraham lincoln?"], {"reply_number": 1.93})
assert pres("Rutherford Hayes")["Children"] == "8"
add("fact", ["how many kids did Rutherford Hayes have"], {"reply_number": 8})
assert pres("Millard Fillmore")["Party"] == "Whig"
add("fact", ["what party was Millard Fillmore in"], {"reply_contains": "Whig"})

# ---- count ----------------------------------------------------------------------------------
assert people(REL == "Episcopalian") == 11
add("count", ["how many presidents were Episcopalian?"], {"reply_number": 11})
assert people(KIDS == 0) == 6
add("count", ["how many of them had no children"], {"reply_number": 6})
gap_empty("Height", 1.75, 69 * IN)
assert people(H < 69 * IN) == 13
add("count", ["how many presidents were under 5 foot 9?"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
tallest = top_ids(H, 1)
assert df.Name[df.id.isin(tallest)].tolist() == ["Abraham Lincoln"]
add("superlative", ["who was the tallest president"], {"has_items": True, "subset_of_ids": tallest},
    df.id.isin(tallest), 1)
most_kids = top_ids(KIDS, 1)
assert df.Name[df.id.isin(most_kids)].tolist() == ["Rutherford Hayes"]
add("superlative", ["which president had the most children?"], {"has_items": True, "subset_of_ids": most_kids},
    df.id.isin(most_kids), 1)

# ---- ordinal (compared with another president) ------------------------------------------------
assert pres("Barack Obama")["Height"] == "1.87"
gap_empty("Height", 1.87, 1.88)
add("ordinal", ["presidents taller than Obama"], {"has_items": True, "num_range": {"Height": [1.88, None]}},
    H > float(pres("Barack Obama")["Height"]))
assert pres("John F. Kennedy")["Height"] == "1.83"
gap_empty("Height", 1.82, 1.83)
add("ordinal", ["democratic presidents shorter than JFK"],
    {"has_items": True, "text_in": {"Party": ["Democratic"]}, "num_range": {"Height": [None, 1.82]}},
    (PARTY == "Democratic") & (H < 1.83))

# ---- negation -------------------------------------------------------------------------------
not_rep = sorted(set(PARTY) - {"Republican"})
assert "" not in not_rep and len(not_rep) == 7
gap_empty("Height", 1.85, 1.87)
add("negation", ["presidents who weren't Republicans and were taller than 1.85 m"],
    {"has_items": True, "text_in": {"Party": not_rep}, "num_range": {"Height": [1.87, None]}},
    (PARTY != "Republican") & (H > 1.85))
add("negation", ["baptist presidents who weren't childless"],
    {"has_items": True, "text_in": {"Religion": ["Baptist"]}, "num_range": {"Children": [1, None]}},
    (REL == "Baptist") & ~(KIDS == 0))

# ---- disjunction ----------------------------------------------------------------------------
disj = (REL == "Society of Friends (Quaker)") | (REL == "Roman Catholic")
assert len(ids(disj)) == 4
add("disjunction", ["Quaker or Catholic presidents"],
    {"has_items": True, "text_in": {"Religion": ["Society of Friends (Quaker)", "Roman Catholic"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
# six feet or taller = 72 in = 1.8288 m
gap_empty("Height", 1.82, 72 * IN)
gap_empty("Height", 72 * IN, 1.83)
add("follow_up", ["list the Democratic presidents", "just the ones who were six feet or taller"],
    {"has_items": True, "text_in": {"Party": ["Democratic"]}, "num_range": {"Height": [1.83, None]}},
    (PARTY == "Democratic") & (H >= 72 * IN))
gap_empty("Height", 1.8, 1.82)
add("follow_up", ["presidents over 1.8 metres", "only republicans", "which of them had fewer than 3 kids"],
    {"has_items": True, "text_in": {"Party": ["Republican"]}, "num_range": {"Height": [1.82, None], "Children": [None, 2]}},
    (H > 1.8) & (PARTY == "Republican") & (KIDS < 3))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["was any president taller than 2 metres?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    H > 2)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "23", "Name"].item() == "Benjamin Harrison"
add("id_lookup", ["tell me about item 23"], {"has_items": True, "subset_of_ids": ["23"]}, df.id == "23")

finish()
