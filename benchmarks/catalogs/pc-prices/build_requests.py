"""Build ../requests/byo-pc-prices.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched-next); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it,
computed here with plain pandas expressions, and the script asserts that the `expect` facets
accept exactly those rows (so "under 1.5k" written as [null, 1499] is checked against
`price < 1500`). Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "pc-prices"
PREFIX = "pc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype={"cd": str, "multi": str, "premium": str})
assert len(df) == 6259 and list(df["id"]) == list(range(1, 6260))
assert set(df["cd"]) == set(df["multi"]) == set(df["premium"]) == {"yes", "no"}

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["computer", "Computer", "PC", "pc", "desktop", "486"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed)
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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey there! what is this, what do you sell?"], {"reply_contains_any": WHAT})
add("greeting", ["hi, can u help me pick something?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["i want a pc with a cd rom drive and the multimedia kit (speakers + sound card)"],
    {"has_items": True, "text_in": {"cd": ["yes"], "multi": ["yes"]}},
    (df.cd == "yes") & (df.multi == "yes"), 5)
add("plain", ["show me computers with a 17 inch screen"],
    {"has_items": True, "num_range": {"screen": [17, 17]}}, df.screen == 17, 5)
add("plain", ["lookin for 16mb of ram and a cd drive"],
    {"has_items": True, "num_range": {"ram": [16, 16]}, "text_in": {"cd": ["yes"]}},
    (df.ram == 16) & (df.cd == "yes"), 5)
add("plain", ["a 66 mhz machine from one of the premium brands"],
    {"has_items": True, "num_range": {"speed": [66, 66]}, "text_in": {"premium": ["yes"]}},
    (df.speed == 66) & (df.premium == "yes"), 5)

# ---- units ----------------------------------------------------------------------------------
add("units", ["anything under 1.5k?"],
    {"has_items": True, "num_range": {"price": [None, 1499]}}, df.price < 1500)
# "a gig and a half" is 1500 or 1536 MB; no drive lies between 1370 and 1600, so both agree
assert not ((df.hd > 1370) & (df.hd < 1600)).any()
add("units", ["i need more than a gig and a half of hard disk, and at least 16 megs of memory"],
    {"has_items": True, "num_range": {"hd": [1501, None], "ram": [16, None]}},
    (df.hd > 1536) & (df.ram >= 16))

# ---- fact -----------------------------------------------------------------------------------
assert row(2718).price == 949
add("fact", ["how much does computer 2718 cost?"], {"reply_number": 949})
assert row(1000).hd == 107
add("fact", ["whats the hard drive size on pc #1000"], {"reply_number": 107})
assert row(4739).ram == 24
add("fact", ["how much ram is in no. 4739?"], {"reply_number": 24})

# ---- count ----------------------------------------------------------------------------------
assert (df.cd == "yes").sum() == 2908
add("count", ["how many machines come with a cd-rom?"], {"reply_number": 2908})
assert (df.speed == 100).sum() == 516
add("count", ["how many 100 mhz computres do you have"], {"reply_number": 516})
assert (df.price > 4000).sum() == 30
add("count", ["How many PCs cost more than $4,000?"], {"reply_number": 30})

# ---- superlative ----------------------------------------------------------------------------
cheap5 = df.nsmallest(5, "price", keep="all")
assert len(cheap5) == 5 and df.price.nsmallest(6).iloc[5] > cheap5.price.max()
assert ids(df.id.isin(cheap5.id)) == ["1414", "1651", "2386", "2718", "4294"]
add("superlative", ["the 5 cheapest computers you've got"],
    {"has_items": True, "subset_of_ids": ["1414", "1651", "2386", "2718", "4294"]},
    df.id.isin(cheap5.id), 5)
big3 = df.nlargest(3, "hd", keep="all")
assert len(big3) == 3 and (big3.hd == 2100).all() and df.hd.nlargest(4).iloc[3] < 2100
add("superlative", ["which 3 have the biggest hard drives?"],
    {"has_items": True, "subset_of_ids": ["3784", "4478", "5961"]}, df.id.isin(big3.id), 3)

# ---- ordinal (speed and memory come in fixed steps) -------------------------------------------
assert sorted(df.speed.unique()) == [25, 33, 50, 66, 75, 100]
add("ordinal", ["faster than a 50 mhz, under 2 grand"],
    {"has_items": True, "num_range": {"speed": [51, None], "price": [None, 1999]}},
    df.speed.isin([66, 75, 100]) & (df.price < 2000))
add("ordinal", ["clock speed 66 or better and more memmory than 8mb"],
    {"has_items": True, "num_range": {"speed": [66, None], "ram": [9, None]}},
    df.speed.isin([66, 75, 100]) & df.ram.isin([16, 24, 32]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["no premium brand and no cd drive, i just want it cheap, under 1500"],
    {"has_items": True, "text_in": {"premium": ["no"], "cd": ["no"]}, "num_range": {"price": [None, 1499]}},
    (df.premium != "yes") & (df.cd != "yes") & (df.price < 1500))
add("negation", ["not a 14 inch screen please. 8 megs ram"],
    {"has_items": True, "num_range": {"screen": [15, None], "ram": [8, 8]}},
    (df.screen != 14) & (df.ram == 8))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["a 75 or 100 mhz pc with a 15 inch monitor"],
    {"has_items": True, "num_range": {"speed": [75, 100], "screen": [15, 15]}},
    df.speed.isin([75, 100]) & (df.screen == 15))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me pcs with multimedia", "only ones with 17 inch monitors", "and under 3000 bucks"],
    {"has_items": True, "text_in": {"multi": ["yes"]}, "num_range": {"screen": [17, 17], "price": [None, 2999]}},
    (df.multi == "yes") & (df.screen == 17) & (df.price < 3000))
# trend is the month index: 1 = January 1993, 25 = January 1995, 35 = November 1995
add("follow_up", ["i want a fast one, 100 mhz", "only the ones listed in 1995"],
    {"has_items": True, "num_range": {"speed": [100, 100], "trend": [25, 35]}},
    (df.speed == 100) & (df.trend >= 25))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a 100 mhz computer for less than a thousand dollars"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.speed == 100) & (df.price < 1000))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(6186).price == 3123
add("id_lookup", ["tell me about computer number 6186"],
    {"has_items": True, "subset_of_ids": ["6186"]}, df.id == 6186)

assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
