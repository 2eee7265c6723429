"""Build ../requests/byo-r15b-town-water.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (mortality per 100,000 converted to per cent, calcium in parts per
million converted to grams per litre, 1 ppm = 1 mg/L in water), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15b-town-water"
PREFIX = "r15b-tw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 61 and list(df["id"]) == [str(i) for i in range(1, 62)]
assert list(df.columns) == ["id", "location", "town", "mortality", "hardness"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MORT, HARD = num("mortality"), num("hardness")
assert set(df.location) == {"North", "South"} and df.notna().all().all()
assert df.town.str.lower().is_unique
assert (MORT % 1 == 0).all() and (HARD % 1 == 0).all()    # whole numbers: strict bounds step by 1

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["town", "Town", "water", "Water", "mortality", "Mortality", "hardness", "Hardness", "England", "Wales"]


def town(name):
    r = df[df["town"].str.lower() == name.lower()]
    assert len(r) == 1, name
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


NORTH, SOUTH = df.location == "North", df.location == "South"

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["what's this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the southern towns"], {"has_items": True, "text_in": {"location": ["South"]}}, SOUTH, 5)
add("plain", ["northern towns with hardness under 20"],
    {"has_items": True, "text_in": {"location": ["North"]}, "num_range": {"hardness": [None, 19]}},
    NORTH & (HARD < 20), 5)
add("plain", ["towns where the water hardness is between 50 and 100"],
    {"has_items": True, "num_range": {"hardness": [50, 100]}}, (HARD >= 50) & (HARD <= 100), 5)
add("plain", ["places in the south with mortality below 1300"],
    {"has_items": True, "text_in": {"location": ["South"]}, "num_range": {"mortality": [None, 1299]}},
    SOUTH & (MORT < 1300), 5)

# ---- units (mortality is deaths per 100,000 men a year; hardness is calcium in ppm = mg/L) ----------
# "more than 0.1 g of calcium per litre" = more than 100 mg/L = more than 100 ppm; whole ppm values
add("units", ["which towns have more than 0.1 grams of calcium per litre in their water?"],
    {"has_items": True, "num_range": {"hardness": [101, None]}}, HARD / 1000 > 0.1)
# "a death rate above 1.7 %" = above 1,700 per 100,000
add("units", ["towns with a male death rate above 1.7% a year"],
    {"has_items": True, "num_range": {"mortality": [1701, None]}}, MORT / 100000 * 100 > 1.7)

# ---- fact (by town name, asserted unique) -------------------------------------------------
assert town("Oxford")["hardness"] == "107"
add("fact", ["what's the water hardness in Oxford?"], {"reply_number": 107})
assert town("Sheffield")["mortality"] == "1495"
add("fact", ["mortalty rate for Sheffield"], {"reply_number": 1495})
assert town("Derby")["location"] == "North"
add("fact", ["is Derby counted as north or south here?"], {"reply_contains": "North"})

# ---- count ----------------------------------------------------------------------------------
assert int(NORTH.sum()) == 35
add("count", ["how many northern towns are there"], {"reply_number": 35})
assert int((MORT > 1800).sum()) == 3
add("count", ["how many towns have mortality over 1,800?"], {"reply_number": 3})
n_soft_south = int((SOUTH & (HARD < 20)).sum())
assert n_soft_south == 4
add("count", ["how many towns in the south have hardness below 20"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
hardest = top_ids(HARD, 1)
assert hardest == ["26"] and town("Ipswich")["id"] == "26" and HARD.max() == 138
add("superlative", ["which town has the hardest water"],
    {"has_items": True, "subset_of_ids": hardest}, df.id.isin(hardest), 1)
low3 = top_ids(MORT, 3, largest=False)                    # 1096, 1175, 1236; next is 1247
assert sorted(MORT[df.id.isin(low3)]) == [1096, 1175, 1236]
add("superlative", ["the 3 towns with the lowest mortality"],
    {"has_items": True, "subset_of_ids": low3}, df.id.isin(low3), 3)

# ---- ordinal (compared with another town) ---------------------------------------------------
assert town("Bristol")["hardness"] == "73"
add("ordinal", ["towns with harder water than Bristol"],
    {"has_items": True, "num_range": {"hardness": [74, None]}}, HARD > int(town("Bristol")["hardness"]))
assert town("Nottingham")["mortality"] == "1427"
add("ordinal", ["northern towns with a lower death rate than Nottingham"],
    {"has_items": True, "text_in": {"location": ["North"]}, "num_range": {"mortality": [None, 1426]}},
    NORTH & (MORT < int(town("Nottingham")["mortality"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["towns not in the north with hardness over 50"],
    {"has_items": True, "text_in": {"location": ["South"]}, "num_range": {"hardness": [51, None]}},
    (df.location != "North") & (HARD > 50))
add("negation", ["which towns have a mortality that isn't above 1500"],
    {"has_items": True, "num_range": {"mortality": [None, 1500]}}, ~(MORT > 1500))

# ---- disjunction ----------------------------------------------------------------------------
disj = (HARD < 8) | (HARD > 120)
assert ids(disj) == ["3", "19", "26", "35", "37", "39", "41", "59"], ids(disj)
add("disjunction", ["towns with really soft or really hard water, say hardness under 8 or over 120"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["towns with mortality under 1400", "only the northern ones"],
    {"has_items": True, "text_in": {"location": ["North"]}, "num_range": {"mortality": [None, 1399]}},
    NORTH & (MORT < 1400))
add("follow_up", ["list the towns in the north", "with hardnes over 40", "which of those have mortality below 1600"],
    {"has_items": True, "text_in": {"location": ["North"]},
     "num_range": {"hardness": [41, None], "mortality": [None, 1599]}},
    NORTH & (HARD > 40) & (MORT < 1600))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any town with hardness above 200 ppm?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    HARD > 200)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "29", "town"].item() == "Liverpool"
add("id_lookup", ["tell me about item 29"], {"has_items": True, "subset_of_ids": ["29"]}, df.id == "29")

finish()
