"""Build ../requests/byo-r27a-mn-highways.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's own terms (miles x 1.609344 against kilometres, mph x
1.609344 against km/h), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. The table has no name column: a highway section is its row
`id` ("segment 25"), or is picked out by a unique value ("the 40-mile stretch").
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27a-mn-highways"
PREFIX = "r27a-hw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 39 and list(df["id"]) == [str(i) for i in range(1, 40)]
assert list(df.columns) == ["id", "rate", "len", "adt", "trks", "sigs1", "slim", "shld", "lane", "acpt", "itg",
                            "lwid", "htype"]
assert not df.isna().any().any()                            # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
RATE, MILES, ADT, TRKS, MPH, SHLD, LANES, ITG, LWID = (num(c) for c in
                                                       ["rate", "len", "adt", "trks", "slim", "shld", "lane", "itg", "lwid"])
KM, KMH = MILES * 1.609344, MPH * 1.609344
HTYPE = df["htype"]
assert set(HTYPE) == {"FAI", "PA", "MA", "MC"}              # interstate, principal / minor arterial, major collector
on_grid = lambda v, k: ((v * k).round() - v * k).abs().max() < 1e-6
assert on_grid(MILES, 100) and on_grid(RATE, 100) and on_grid(MPH, 1) and on_grid(SHLD, 1) and on_grid(ADT, 1)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["highway", "Highway", "road", "Road", "accident", "Accident", "Minnesota", "segment", "Segment",
        "section", "Section"]


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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["principal arterials"], {"has_items": True, "text_in": {"htype": ["PA"]}}, HTYPE == "PA", 5)
add("plain", ["two-lane roads"], {"has_items": True, "num_range": {"lane": [2, 2]}}, LANES == 2, 5)
add("plain", ["sections with a 55 mph speed limit"], {"has_items": True, "num_range": {"slim": [55, 55]}},
    MPH == 55, 5)
gap_empty("len", 15, 15.01)
add("plain", ["segmets over 15 miles long"], {"has_items": True, "num_range": {"len": [15.01, None]}},
    MILES > 15, 5)

# ---- units (len is in miles, slim in mph) --------------------------------------------------------
# longer than 30 km <=> longer than 18.64 miles; lengths are in hundredths of a mile
gap_empty("len", 30 / 1.609344, 18.65)
add("units", ["stretches longer than 30 km"], {"has_items": True, "num_range": {"len": [18.65, None]}}, KM > 30)
# at least 90 km/h <=> at least 55.92 mph; limits are 40, 45, ..., 70
gap_empty("slim", 90 / 1.609344 - 1e-9, 60)
add("units", ["roads where the limit is at least 90 km/h"], {"has_items": True, "num_range": {"slim": [60, None]}},
    KMH >= 90)

# ---- fact (no names: by a unique value or by row id) ----------------------------------------------
r = only(MILES.round() == 40)
assert r["len"] == "40.09" and r["rate"] == "1.89"
add("fact", ["what's the accident rate on the 40 mile stretch?"], {"reply_number": 1.89})
assert row(1)["lane"] == "8"
add("fact", ["how many lanes does segment 1 have"], {"reply_number": 8})
assert row(24)["trks"] == "15"
add("fact", ["what percent of the traffic on section 24 is trucks?"], {"reply_number": 15})

# ---- count ----------------------------------------------------------------------------------
assert (HTYPE == "FAI").sum() == 5
add("count", ["how many interstate sections are there?"], {"reply_number": 5})
assert (LWID == 12).sum() == 34
add("count", ["how many segments have 12-foot lanes"], {"reply_number": 34})
assert (ITG == 0).sum() == 13
add("count", ["how many sections have no freeway interchanges at all?"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
worst = top_ids(RATE, 1)
assert worst == ["25"] and RATE.max() == 9.23
add("superlative", ["which section has the highest accident rate?"], {"has_items": True, "subset_of_ids": worst},
    df.id.isin(worst), 1)
busy3 = top_ids(ADT, 3)                                     # 73, 69, 61 thousand a day; next is 49
assert sorted(ADT[df.id.isin(busy3)]) == [61, 69, 73]
add("superlative", ["top 3 busiest stretches by daily traffic"], {"has_items": True, "subset_of_ids": busy3},
    df.id.isin(busy3), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert row(6)["adt"] == "30"
add("ordinal", ["sections carrying more traffic than segment 6"],
    {"has_items": True, "num_range": {"adt": [31, None]}}, ADT > float(row(6)["adt"]))
second = top_ids(MILES, 2)                                  # 40.09, 27.16; next is 22.09
assert second == ["21", "35"] and row(35)["len"] == "27.16"
add("ordinal", ["which one is the 2nd longest?"], {"has_items": True, "subset_of_ids": ["35"]}, df.id == "35")

# ---- negation -------------------------------------------------------------------------------
add("negation", ["segments that aren't interstates"],
    {"has_items": True, "text_in": {"htype": ["PA", "MA", "MC"]}}, HTYPE != "FAI")
assert SHLD.max() == 10
add("negation", ["sections whose shoulders aren't 10 feet wide"],
    {"has_items": True, "num_range": {"shld": [None, 9]}}, SHLD != 10)

# ---- disjunction ----------------------------------------------------------------------------
disj = (RATE > 8) | (MPH == 70)
assert ids(disj) == ["5", "25", "26", "27"]
add("disjunction", ["either more than 8 accidents per million vehicle miles or a 70 mph limit"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["the MA class roads", "only the ones posted at 55 or faster"],
    {"has_items": True, "text_in": {"htype": ["MA"]}, "num_range": {"slim": [55, None]}},
    (HTYPE == "MA") & (MPH >= 55))
gap_empty("len", 10, 10.01)
add("follow_up", ["four lane roads", "just principal arterials", "which of those are longer than 10 miles?"],
    {"has_items": True, "num_range": {"lane": [4, 4], "len": [10.01, None]}, "text_in": {"htype": ["PA"]}},
    (LANES == 4) & (HTYPE == "PA") & (MILES > 10))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any segment with a 75 mph limit?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    MPH == 75)

# ---- id_lookup ------------------------------------------------------------------------------
assert row(30)["htype"] == "MA"
add("id_lookup", ["show me item 30"], {"has_items": True, "subset_of_ids": ["30"]}, df.id == "30")

finish()
