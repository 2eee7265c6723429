"""Build ../requests/byo-r10a-olive-oils.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the eight fatty-acid columns are percent of the oil's fatty acids, with
2 decimals; a user's "g per kg" is divided by 10 and "three quarters" is 75 %), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file. The
samples have no names: a sample is its `region`/`area` and its row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10a-olive-oils"
PREFIX = "r10a-ol"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 572 and list(df["id"]) == [str(i) for i in range(1, 573)]
ACIDS = ["palmitic", "palmitoleic", "stearic", "oleic", "linoleic", "linolenic", "arachidic", "eicosenoic"]
assert list(df.columns) == ["id", "region", "area"] + ACIDS
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
for c in ACIDS:                                            # at most 2 decimals: strict bounds step 0.01
    assert ((num(c) * 100).round(6) % 1 == 0).all(), c
assert df.notna().all().all()                              # no blanks (but 30 linolenic and 26 arachidic are 0)
assert set(df.region) == {"Southern Italy", "Northern Italy", "Sardinia"} and df.area.nunique() == 9
OLEIC, PALM, LINO, STEAR = num("oleic"), num("palmitic"), num("linoleic"), num("stearic")
WHAT = ["olive", "Olive", "oil", "Oil", "fatty acid", "Fatty acid", "sample"]


def row(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what is this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["olive oils from Sicily"], {"has_items": True, "text_in": {"area": ["Sicily"]}},
    df.area == "Sicily", 5)
add("plain", ["sardinian oils"], {"has_items": True, "text_in": {"region": ["Sardinia"]}},
    df.region == "Sardinia", 5)
gap_empty("oleic", 79.5, 79.51)
add("plain", ["Umbria samples with oleic acid above 79.5%"],
    {"has_items": True, "text_in": {"area": ["Umbria"]}, "num_range": {"oleic": [79.51, None]}},
    (df.area == "Umbria") & (OLEIC > 79.5), 5)
gap_empty("oleic", 71.99, 72)
add("plain", ["oils from Calabria with less than 72% oleic"],
    {"has_items": True, "text_in": {"area": ["Calabria"]}, "num_range": {"oleic": [None, 71.99]}},
    (df.area == "Calabria") & (OLEIC < 72), 5)

# ---- units -----------------------------------------------------------------------------------
gap_empty("oleic", 75, 75.01)
add("units", ["oils where oleic acid is more than three quarters of the fatty acids"],
    {"has_items": True, "num_range": {"oleic": [75.01, None]}}, OLEIC / 100 > 0.75, 5)
gap_empty("linoleic", 7.99, 8)
add("units", ["linoleic acid below 80 g per kg"], {"has_items": True, "num_range": {"linoleic": [None, 7.99]}},
    LINO * 10 < 80, 5)

# ---- fact ------------------------------------------------------------------------------------
assert row(10)["oleic"] == "79.44"
add("fact", ["what's the oleic acid % for item 10?"], {"reply_number": 79.44})
assert row(300)["area"] == "South-Apulia"
add("fact", ["which area does item 300 come from"], {"reply_contains": "Apulia"})
assert num("eicosenoic").max() == 0.58 and (num("eicosenoic") == 0.58).sum() == 1
add("fact", ["highest eicosenoic value in the data?"], {"reply_number": 0.58})

# ---- count -----------------------------------------------------------------------------------
assert (df.area == "South-Apulia").sum() == 206
add("count", ["how many oils are from South-Apulia"], {"reply_number": 206})
assert (num("linolenic") == 0).sum() == 30
add("count", ["how many samples show no linolenic acid at all?"], {"reply_number": 30})
assert (df.region == "Northern Italy").sum() == 151
add("count", ["how many come from northern italy"], {"reply_number": 151})

# ---- superlative -----------------------------------------------------------------------------
ol3 = top_ids(OLEIC, 3)                                   # 84.1, 81.13, 80.18; next 80.05
assert sorted(OLEIC[df.id.isin(ol3)], reverse=True) == [84.1, 81.13, 80.18]
add("superlative", ["top 3 oils by oleic acid"], {"has_items": True, "subset_of_ids": ol3}, df.id.isin(ol3), 3)
palm1 = top_ids(PALM, 1, largest=False)                   # 6.1, next 8.75
assert PALM[df.id == palm1[0]].item() == 6.1
add("superlative", ["which oil has the least palmitic acid"], {"has_items": True, "subset_of_ids": palm1},
    df.id.isin(palm1), 1)

# ---- ordinal ---------------------------------------------------------------------------------
assert row(1)["oleic"] == "78.23"
gap_empty("oleic", 78.23, 78.24)
add("ordinal", ["oils with more oleic than item 1"], {"has_items": True, "num_range": {"oleic": [78.24, None]}},
    OLEIC > float(row(1)["oleic"]), 5)
lin2 = sorted(set(top_ids(LINO, 2)) - set(top_ids(LINO, 1)), key=int)   # 14.7, 14.62, 13.9: no tie at 2nd
assert len(lin2) == 1 and LINO[df.id == lin2[0]].item() == 14.62
add("ordinal", ["2nd highest linoleic sample"], {"has_items": True, "subset_of_ids": lin2}, df.id.isin(lin2), 1)

# ---- negation --------------------------------------------------------------------------------
add("negation", ["oils not from southern italy"],
    {"has_items": True, "text_in": {"region": ["Northern Italy", "Sardinia"]}}, df.region != "Southern Italy")
add("negation", ["Coast-Sardinia oils that aren't above 11% palmitic"],
    {"has_items": True, "text_in": {"area": ["Coast-Sardinia"]}, "num_range": {"palmitic": [None, 11]}},
    (df.area == "Coast-Sardinia") & ~(PALM > 11), 5)

# ---- disjunction -----------------------------------------------------------------------------
add("disjunction", ["east or west ligura oils"],
    {"has_items": True, "text_in": {"area": ["East-Liguria", "West-Liguria"]}},
    (df.area == "East-Liguria") | (df.area == "West-Liguria"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("stearic", 2.5, 2.51)
add("follow_up", ["northern italian olive oils", "just the ones with stearic above 2.5"],
    {"has_items": True, "text_in": {"region": ["Northern Italy"]}, "num_range": {"stearic": [2.51, None]}},
    (df.region == "Northern Italy") & (STEAR > 2.5))
gap_empty("linoleic", 12, 12.01)
add("follow_up", ["oils from Apulia", "only South-Apulia", "with linoleic over 12%"],
    {"has_items": True, "text_in": {"area": ["South-Apulia"]}, "num_range": {"linoleic": [12.01, None]}},
    (df.area == "South-Apulia") & (LINO > 12))

# ---- impossible ------------------------------------------------------------------------------
add("impossible", ["any oil with more than 90% oleic acid?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    OLEIC > 90)

# ---- id_lookup -------------------------------------------------------------------------------
assert row(250)["area"] == "South-Apulia"
add("id_lookup", ["show item 250"], {"has_items": True, "subset_of_ids": ["250"]}, df.id == "250")

finish()
