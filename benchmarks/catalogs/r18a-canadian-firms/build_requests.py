"""Build ../requests/byo-r18a-canadian-firms.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (assets are in millions of dollars and are compared with the user's
"billion" / "half a billion" after converting), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. The firms have no names (the source
withheld them), so a firm is referred to by its row number, sector or size.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18a-canadian-firms"
PREFIX = "r18a-cf"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 248 and list(df["id"]) == [str(i) for i in range(1, 249)]
assert list(df.columns) == ["id", "assets", "sector", "nation", "interlocks"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MUSD, LINKS = num("assets"), num("interlocks")             # assets in millions of dollars
BILLIONS = MUSD / 1000
assert (MUSD % 1 == 0).all() and (LINKS % 1 == 0).all()
SECTORS = ["AGR", "BNK", "CON", "FIN", "HLD", "MAN", "MER", "MIN", "TRN", "WOD"]
NATIONS = ["CAN", "OTH", "UK", "US"]
assert sorted(df.sector.unique()) == SECTORS and sorted(df.nation.unique()) == NATIONS

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["compan", "Compan", "firm", "Firm", "corporat", "Corporat", "business", "Business"]


def firm(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what kind of stuff can I look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["US-controlled mining companies"],
    {"has_items": True, "text_in": {"sector": ["MIN"], "nation": ["US"]}},
    (df.sector == "MIN") & (df.nation == "US"), 5)
add("plain", ["british owned firms"], {"has_items": True, "text_in": {"nation": ["UK"]}}, df.nation == "UK", 5)
add("plain", ["Canadian heavy manufacturing companies"],
    {"has_items": True, "text_in": {"sector": ["MAN"], "nation": ["CAN"]}},
    (df.sector == "MAN") & (df.nation == "CAN"), 5)
gap_empty("interlocks", 50, 51)
add("plain", ["firms with more than 50 interlocking directors"],
    {"has_items": True, "num_range": {"interlocks": [51, None]}}, LINKS > 50, 5)

# ---- units (assets are in millions of dollars; asked in billions) ------------------------------
gap_empty("assets", 10000, 10001)
add("units", ["companies with over $10 billion in assets"],
    {"has_items": True, "num_range": {"assets": [10001, None]}}, BILLIONS > 10)
gap_empty("assets", 499, 500)
add("units", ["which firms have less than half a billion in assets?"],
    {"has_items": True, "num_range": {"assets": [None, 499]}}, BILLIONS < 0.5)

# ---- fact -----------------------------------------------------------------------------------
big_bank = MUSD[df.sector == "BNK"].idxmax()
assert df.loc[big_bank, "id"] == "1" and df.loc[big_bank, "interlocks"] == "87"
assert (MUSD[df.sector == "BNK"] < 147670).sum() == 7        # the largest bank is unique
add("fact", ["how many interlocks does the biggest bank have?"], {"reply_number": 87})
assert firm(60)["assets"] == "4634"
add("fact", ["what are the assets of company 60"], {"reply_contains_any": ["4634", "4,634", "4.6 billion", "4.63 billion", "4.634 billion"]})
assert firm(144)["sector"] == "AGR" and firm(144)["nation"] == "UK"
add("fact", ["which country controls firm #144?"], {"reply_contains_any": ["UK", "Brit", "United Kingdom", "England"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.sector == "BNK").sum() == 8
add("count", ["how many banks are on the list"], {"reply_number": 8})
assert (df.nation == "US").sum() == 96
add("count", ["how many of the companys are American-controlled?"], {"reply_number": 96})
assert (LINKS == 0).sum() == 28
add("count", ["how many firms have zero interlocks"], {"reply_number": 28})

# ---- superlative ----------------------------------------------------------------------------
top5 = top_ids(MUSD, 5)                                   # 147670 ... 75477; next is 40742
assert top5 == ["1", "2", "3", "4", "5"] and MUSD[df.id.isin(top5)].min() == 75477
add("superlative", ["the 5 largest companies by assets"],
    {"has_items": True, "subset_of_ids": top5}, df.id.isin(top5), 5)
most = top_ids(LINKS, 1)
assert most == ["2"] and LINKS.max() == 107
add("superlative", ["which firm has the most board interlocks?"],
    {"has_items": True, "subset_of_ids": most}, df.id.isin(most), 1)

# ---- ordinal --------------------------------------------------------------------------------
assert firm(8)["interlocks"] == "16"
gap_empty("interlocks", 16, 17)
add("ordinal", ["firms with more interlocks than company 8"],
    {"has_items": True, "num_range": {"interlocks": [17, None]}}, LINKS > float(firm(8)["interlocks"]))
mining = MUSD.where(df.sector == "MIN")
top2 = top_ids(mining, 2)                                 # 23700, 20780; next 17910
second = [i for i in top2 if MUSD[df.id == i].item() == 20780]
assert second == ["13"]
add("ordinal", ["2nd biggest mining company?"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["wood and paper companies that aren't Canadian-controlled"],
    {"has_items": True, "text_in": {"sector": ["WOD"], "nation": ["OTH", "UK", "US"]}},
    (df.sector == "WOD") & (df.nation != "CAN"))
gap_empty("assets", 5000, 5001)
add("negation", ["firms not controlled from the US with more than 5 billion in assets"],
    {"has_items": True, "text_in": {"nation": ["CAN", "OTH", "UK"]}, "num_range": {"assets": [5001, None]}},
    (df.nation != "US") & (BILLIONS > 5))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["banks or holding companies"],
    {"has_items": True, "text_in": {"sector": ["BNK", "HLD"]}}, df.sector.isin(["BNK", "HLD"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert set(df.nation[df.sector == "MER"]) == {"CAN", "US"}
add("follow_up", ["show me the merchandising firms", "only the foreign-owned ones"],
    {"has_items": True, "text_in": {"sector": ["MER"], "nation": ["OTH", "UK", "US"]}},
    (df.sector == "MER") & (df.nation != "CAN"))
gap_empty("assets", 1000, 1001)
add("follow_up", ["mining companies", "just the canadian ones", "which of them have more than a billion in assets"],
    {"has_items": True, "text_in": {"sector": ["MIN"], "nation": ["CAN"]}, "num_range": {"assets": [1001, None]}},
    (df.sector == "MIN") & (df.nation == "CAN") & (BILLIONS > 1))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["are there any foreign-owned banks?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.sector == "BNK") & (df.nation != "CAN"))

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["tell me about item 200"], {"has_items": True, "subset_of_ids": ["200"]}, df.id == "200")

finish()
