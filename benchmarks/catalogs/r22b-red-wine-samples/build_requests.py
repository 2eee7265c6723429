"""Build ../requests/byo-r22b-red-wine-samples.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (sulphates in g/dm3 against the user's mg/L, total sulfur dioxide in
mg/dm3 against the user's g/L, alcohol in % vol against the user's US proof), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file. A row is one
anonymous wine sample: there is no title or code column, so samples are named by their row `id` or by a
unique value.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22b-red-wine-samples"
PREFIX = "r22b-rw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1599 and list(df["id"]) == [str(i) for i in range(1, 1600)]
assert list(df.columns) == ["id", "fixed_acidity", "volatile_acidity", "citric_acid", "residual_sugar", "chlorides",
                            "free_sulfur_dioxide", "total_sulfur_dioxide", "density", "pH", "sulphates", "alcohol",
                            "quality"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
ALC, Q, SUGAR, TSO2 = num("alcohol"), num("quality"), num("residual_sugar"), num("total_sulfur_dioxide")
PH, SULPH, VOL, CITRIC = num("pH"), num("sulphates"), num("volatile_acidity"), num("citric_acid")
assert set(df.quality) == {"3", "4", "5", "6", "7", "8"}

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["wine", "Wine", "vino"]


def only(mask):
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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["wines rated 8"], {"has_items": True, "text_in": {"quality": ["8"]}}, Q == 8, 5)
add("plain", ["reds with at least 13% alchohol"], {"has_items": True, "num_range": {"alcohol": [13, None]}}, ALC >= 13, 5)
gap_empty("pH", 3.7, 3.71)
add("plain", ["low acidity ones, pH above 3.7"], {"has_items": True, "num_range": {"pH": [3.71, None]}}, PH > 3.7, 5)
gap_empty("residual_sugar", 10, 10.1)
add("plain", ["wines with more than 10 g/L of residual sugar"],
    {"has_items": True, "num_range": {"residual_sugar": [10.1, None]}}, SUGAR > 10, 5)

# ---- units (sulphates g/dm3, total SO2 mg/dm3, alcohol % vol) ---------------------------------
# sulphates above 1000 mg/L = above 1.0 g/dm3; sulphates have two decimals
gap_empty("sulphates", 1.0, 1.01)
add("units", ["sulphates above 1000 mg/L"], {"has_items": True, "num_range": {"sulphates": [1.01, None]}},
    SULPH * 1000 > 1000)
# more than 0.2 g/L total sulfur dioxide = more than 200 mg/dm3
gap_empty("total_sulfur_dioxide", 200, 201)
add("units", ["any with total SO2 over 0.2 grams per liter?"],
    {"has_items": True, "num_range": {"total_sulfur_dioxide": [201, None]}}, TSO2 / 1000 > 0.2)

# ---- fact ----------------------------------------------------------------------------------
assert only(ALC == 14.9)["quality"] == "5"
add("fact", ["what quality score did the 14.9% alcohol wine get?"], {"reply_number": 5})
f2 = only(TSO2 == TSO2.max())                              # item 1082, 289 mg/dm3
assert f2["id"] == "1082" and f2["pH"] == "3.01"
add("fact", ["whats the pH of the wine with the most total sulfur dioxide"], {"reply_number": 3.01})
assert df.loc[df.id == "1235", "alcohol"].item() == "12.8"
add("fact", ["how much alcohol is in sample 1235?"], {"reply_number": 12.8})

# ---- count ----------------------------------------------------------------------------------
assert (Q == 3).sum() == 10
add("count", ["how many samples got a quality of 3"], {"reply_number": 10})
assert (Q >= 7).sum() == 217
add("count", ["how many wines are rated 7 or better?"], {"reply_number": 217})
assert (CITRIC == 0).sum() == 132 and (df.citric_acid == "0").sum() == 132
add("count", ["how many have no citric acid at all"], {"reply_number": 132})

# ---- superlative ----------------------------------------------------------------------------
low3 = top_ids(PH, 3, largest=False)                       # 2.74, 2.86, 2.87; next 2.88
assert low3 == ["152", "545", "615"]
add("superlative", ["the 3 most acidic wines by pH"], {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)
sweet = top_ids(SUGAR, 1)                                  # 15.5, next 15.4
assert sweet == ["481"]
add("superlative", ["sweetest wine in the list?"], {"has_items": True, "subset_of_ids": sweet}, df.id.isin(sweet), 1)

# ---- ordinal --------------------------------------------------------------------------------
top2 = top_ids(TSO2, 2)
second = [i for i in top2 if i not in top_ids(TSO2, 1)]
assert second == ["1080"] and TSO2[df.id == "1080"].item() == 278
add("ordinal", ["which one has the 2nd highest total sulfur dioxide"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)
ref = float(df.loc[df.id == "1235", "alcohol"].item())       # 12.8
gap_empty("alcohol", 12.8, 12.9)
add("ordinal", ["wines rated 8 that are stronger than sample 1235"],
    {"has_items": True, "text_in": {"quality": ["8"]}, "num_range": {"alcohol": [12.9, None]}}, (Q == 8) & (ALC > ref))

# ---- negation -------------------------------------------------------------------------------
gap_empty("alcohol", 8.9999999, 9.0)
add("negation", ["wines not rated 5 or 6, under 9% alcohol"],
    {"has_items": True, "text_in": {"quality": ["3", "4", "7", "8"]}, "num_range": {"alcohol": [None, 8.9999999]}},
    ~Q.isin([5, 6]) & (ALC < 9))
add("negation", ["rated 7+ but volatile acidity not above 0.3"],
    {"has_items": True, "text_in": {"quality": ["7", "8"]}, "num_range": {"volatile_acidity": [None, 0.3]}},
    (Q >= 7) & ~(VOL > 0.3))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["show me the ones rated 3 or rated 8"], {"has_items": True, "text_in": {"quality": ["3", "8"]}},
    (Q == 3) | (Q == 8))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("alcohol", 9.9999999, 10.0)
add("follow_up", ["wines scoring 7 or 8", "only those under 10% alcohol"],
    {"has_items": True, "text_in": {"quality": ["7", "8"]}, "num_range": {"alcohol": [None, 9.9999999]}},
    Q.isin([7, 8]) & (ALC < 10))
gap_empty("pH", 3.09, 3.1)
gap_empty("alcohol", 11.0, 11.05)
add("follow_up", ["wines with a pH under 3.1", "just the ones rated 6 or above", "and over 11% alcohol"],
    {"has_items": True, "text_in": {"quality": ["6", "7", "8"]}, "num_range": {"pH": [None, 3.09], "alcohol": [11.05, None]}},
    (PH < 3.1) & (Q >= 6) & (ALC > 11))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any wines rated 9 or 10?"], {"no_items": True, "reply_contains_any": NO_REPLY}, Q >= 9)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me sample 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
