"""Build ../requests/byo-r9b-painters.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (school letters mapped to the school names of the source's docs,
scores out of 20 converted to the user's percent or "out of 10"), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file.
The painter's name is in the column `rownames` (the source's own row names).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r9b-painters"
PREFIX = "r9b-pa"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 54 and list(df["id"]) == [str(i) for i in range(1, 55)]
assert list(df.columns) == ["id", "rownames", "Composition", "Drawing", "Colour", "Expression", "School"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
COMP, DRAW, COL, EXPR = num("Composition"), num("Drawing"), num("Colour"), num("Expression")
for s in (COMP, DRAW, COL, EXPR):
    assert ((s % 1 == 0) & (s >= 0) & (s <= 20)).all()     # whole points on de Piles' 0-20 scale
# school codes as documented in R MASS ?painters
SCHOOL = {"A": "Renaissance", "B": "Mannerist", "C": "Seicento", "D": "Venetian", "E": "Lombard",
          "F": "Sixteenth Century", "G": "Seventeenth Century", "H": "French"}
assert set(df.School) == set(SCHOOL)
SNAME = df.School.map(SCHOOL)
LETTERS = sorted(SCHOOL)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "nobody", "Nobody", "no one", "No one"]
WHAT = ["painter", "Painter", "artist", "Artist", "painting", "Painting", "de Piles"]


def who(name):
    r = df[df["rownames"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the venetian painters"], {"has_items": True, "text_in": {"School": ["D"]}},
    SNAME == "Venetian", 5)
add("plain", ["painters with a colour score of 15 or more"],
    {"has_items": True, "num_range": {"Colour": [15, None]}}, COL >= 15, 5)
add("plain", ["renaissance artists who are strong at drawing, 15+"],
    {"has_items": True, "text_in": {"School": ["A"]}, "num_range": {"Drawing": [15, None]}},
    (SNAME == "Renaissance") & (DRAW >= 15), 5)
add("plain", ["which painters got at least 12 for expression"],
    {"has_items": True, "num_range": {"Expression": [12, None]}}, EXPR >= 12, 5)

# ---- units (scores are points out of 20) ------------------------------------------------------
# at least 80% on composition = at least 16 of 20
add("units", ["painters who scored 80% or better on composition"],
    {"has_items": True, "num_range": {"Composition": [16, None]}}, COMP / 20 * 100 >= 80)
# drawing better than 7 out of 10 = more than 14 of 20; scores are whole points
gap_empty("Drawing", 14, 15)
add("units", ["who rates above 7 out of 10 for drawing?"],
    {"has_items": True, "num_range": {"Drawing": [15, None]}}, DRAW / 2 > 7)

# ---- fact (asked by the painter's name) -------------------------------------------------------
assert who("Rembrandt")["Drawing"] == "6"
add("fact", ["what did rembrandt get for drawing"], {"reply_number": 6})
assert who("Titian")["Colour"] == "18"
add("fact", ["Titian's colour score?"], {"reply_number": 18})
assert who("Caravaggio")["Composition"] == "6"
add("fact", ["how did carravaggio score on composition"], {"reply_number": 6})

# ---- count ----------------------------------------------------------------------------------
assert (EXPR == 0).sum() == 5
add("count", ["how many painters got a zero for expression?"], {"reply_number": 5})
assert (SNAME == "French").sum() == 4
add("count", ["how many french painters are in the list"], {"reply_number": 4})
assert (COL >= 16).sum() == 15
add("count", ["number of painters with colour 16 or higher"], {"reply_number": 15})

# ---- superlative ----------------------------------------------------------------------------
best_draw = top_ids(DRAW, 1)
assert best_draw == ["10"] and DRAW.max() == 18                       # Raphael
add("superlative", ["who's the best draughtsman here"],
    {"has_items": True, "subset_of_ids": best_draw}, df.id.isin(best_draw), 1)
expr3 = top_ids(EXPR, 3)                                               # 18, 17, 17; next is 16
assert sorted(EXPR[df.id.isin(expr3)]) == [17, 17, 18]
add("superlative", ["top 3 painters for expression"],
    {"has_items": True, "subset_of_ids": expr3}, df.id.isin(expr3), 3)

# ---- ordinal (compared with another painter) ---------------------------------------------------
assert who("Rubens")["Colour"] == "17"
add("ordinal", ["painters with better colour than Rubens"],
    {"has_items": True, "num_range": {"Colour": [18, None]}}, COL > int(who("Rubens")["Colour"]))
assert who("Da Vinci")["Composition"] == "15"
gap_empty("Composition", 15, 16)
add("ordinal", ["who beats da vinci on composition?"],
    {"has_items": True, "num_range": {"Composition": [16, None]}}, COMP > int(who("Da Vinci")["Composition"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["colour 15 or above but not from the venetian school"],
    {"has_items": True, "text_in": {"School": [s for s in LETTERS if s != "D"]},
     "num_range": {"Colour": [15, None]}},
    (SNAME != "Venetian") & (COL >= 15))
add("negation", ["artists whose drawing isn't above 10"],
    {"has_items": True, "num_range": {"Drawing": [None, 10]}}, ~(DRAW > 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["french or lombard painters"], {"has_items": True, "text_in": {"School": ["E", "H"]}},
    SNAME.isin(["French", "Lombard"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["renaissance painters", "only those with drawing of 16 or more"],
    {"has_items": True, "text_in": {"School": ["A"]}, "num_range": {"Drawing": [16, None]}},
    (SNAME == "Renaissance") & (DRAW >= 16))
gap_empty("Colour", 9, 10)
add("follow_up", ["painters with a composition score of at least 15", "leave out the french ones",
                  "and just the ones with colour 10 or better"],
    {"has_items": True, "num_range": {"Composition": [15, None], "Colour": [10, None]},
     "text_in": {"School": [s for s in LETTERS if s != "H"]}},
    (COMP >= 15) & (SNAME != "French") & (COL >= 10))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there any painter with a perfect 20 for colour?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, COL == 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "31", "rownames"].item() == "Titian"
add("id_lookup", ["tell me about item 31"], {"has_items": True, "subset_of_ids": ["31"]}, df.id == "31")

finish()
