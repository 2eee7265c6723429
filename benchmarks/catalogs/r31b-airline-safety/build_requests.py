"""Build ../requests/byo-r31b-airline-safety.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (seat-kilometres per week converted from the user's seat-miles or
per-day figures), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Each row is one airline (or merged airline group).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31b-airline-safety"
PREFIX = "r31b-as"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 56 and list(df["id"]) == [str(i) for i in range(1, 57)]
assert list(df.columns) == ["id", "airline", "incl_reg_subsidiaries", "avail_seat_km_per_week", "incidents_85_99",
                            "fatal_accidents_85_99", "fatalities_85_99", "incidents_00_14", "fatal_accidents_00_14",
                            "fatalities_00_14"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
ASK = num("avail_seat_km_per_week")
INC1, FACC1, DEAD1 = num("incidents_85_99"), num("fatal_accidents_85_99"), num("fatalities_85_99")
INC2, FACC2, DEAD2 = num("incidents_00_14"), num("fatal_accidents_00_14"), num("fatalities_00_14")
SUBS = df.incl_reg_subsidiaries
assert set(SUBS) == {"True", "False"} and df.notna().all().all() and df.airline.is_unique
assert all((num(c) % 1 == 0).all() for c in df.columns[3:])  # whole numbers everywhere
KM_PER_MILE = 1.609344

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["airline", "Airline", "carrier", "Carrier", "safety", "Safety", "aviation", "flight", "crash"]


def airline(name):
    r = df[df["airline"].str.lower() == name.lower()]
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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can i ask you about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["airlines with no fatal accidents from 2000 to 2014"],
    {"has_items": True, "num_range": {"fatal_accidents_00_14": [0, 0]}}, FACC2 == 0, 5)
add("plain", ["which airlines have their regional subsidiaries counted in?"],
    {"has_items": True, "text_in": {"incl_reg_subsidiaries": ["True"]}}, SUBS == "True", 5)
add("plain", ["carriers that had more than 10 incidents between 1985 and 1999"],
    {"has_items": True, "num_range": {"incidents_85_99": [11, None]}}, INC1 > 10, 5)
add("plain", ["airlnes where nobody died in either period"],
    {"has_items": True, "num_range": {"fatalities_85_99": [0, 0], "fatalities_00_14": [0, 0]}},
    (DEAD1 == 0) & (DEAD2 == 0), 5)

# ---- units (capacity is in available seat-KILOMETRES per WEEK; the header is the only hint) ---------
# more than 1 billion seat-miles a week = more than 1,609,344,000 seat-km a week (values are whole numbers)
gap_empty("avail_seat_km_per_week", 1e9 * KM_PER_MILE, 1609344001)
add("units", ["airlines flying more than 1 billion available seat miles a week"],
    {"has_items": True, "num_range": {"avail_seat_km_per_week": [1609344001, None]}}, ASK / KM_PER_MILE > 1e9)
# fewer than 50 million seat-km a day = fewer than 350 million a week
gap_empty("avail_seat_km_per_week", 349999999, 350000000)
add("units", ["small airlines, under 50 million seat km per day"],
    {"has_items": True, "num_range": {"avail_seat_km_per_week": [None, 349999999]}}, ASK / 7 < 50e6)

# ---- fact -----------------------------------------------------------------------------------
assert airline("Malaysia Airlines")["fatalities_00_14"] == "537"
add("fact", ["how many people died on malaysia airlines flights 2000-2014?"], {"reply_number": 537})
assert airline("Ethiopian Airlines")["incidents_85_99"] == "25"
add("fact", ["number of incidents for Ethiopian Airlines in 85-99"], {"reply_number": 25})
assert airline("Qantas")["incl_reg_subsidiaries"] == "True"
add("fact", ["do the qantas figures include its regional subsidiaries?"],
    {"reply_contains_any": ["Yes", "yes", "True", "true"]})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many airlines are in this table"], {"reply_number": len(df)})
assert (FACC2 >= 1).sum() == 24
add("count", ["how many airlines had at least one fatal accident between 2000 and 2014?"], {"reply_number": 24})
assert (SUBS == "True").sum() == 16
add("count", ["how many of the airlines include regional subsidiaries in their numbers"], {"reply_number": 16})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(ASK, 1)
assert [airline("United / Continental")["id"]] == biggest
add("superlative", ["which airline has the biggest capacity in seat km per week?"],
    {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)
dead3 = top_ids(DEAD1, 3)                                  # 535, 520, 425; next is 407
assert sorted(DEAD1[df.id.isin(dead3)]) == [425, 520, 535]
add("superlative", ["top 3 airlines by fatalites in 1985-1999"],
    {"has_items": True, "subset_of_ids": dead3}, df.id.isin(dead3), 3)

# ---- ordinal --------------------------------------------------------------------------------
second = sorted(set(top_ids(ASK, 2)) - set(top_ids(ASK, 1)), key=int)
assert second == [airline("Delta / Northwest")["id"]]
add("ordinal", ["whats the 2nd largest airline by available seat km"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
assert airline("Lufthansa")["incidents_00_14"] == "3"
add("ordinal", ["airlines with more incidents than Lufthansa in 2000-2014"],
    {"has_items": True, "num_range": {"incidents_00_14": [4, None]}},
    INC2 > int(airline("Lufthansa")["incidents_00_14"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["airlines that don't include subsidiaries but did have a fatal accident after 2000"],
    {"has_items": True, "text_in": {"incl_reg_subsidiaries": ["False"]}, "num_range": {"fatal_accidents_00_14": [1, None]}},
    (SUBS != "True") & (FACC2 > 0))
add("negation", ["which carriers did NOT have a single fatal accident in 1985-1999"],
    {"has_items": True, "num_range": {"fatal_accidents_85_99": [0, 0]}}, ~(FACC1 > 0))

# ---- disjunction ----------------------------------------------------------------------------
disj = (DEAD1 > 300) | (DEAD2 > 300)
disj_ids = ids(disj)
assert len(disj_ids) == 12, disj_ids
add("disjunction", ["airlines with over 300 deaths in either 85-99 or 00-14"],
    {"has_items": True, "subset_of_ids": disj_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("avail_seat_km_per_week", 2e9, 2e9 + 1)
add("follow_up", ["airlines with over 2 billion seat km a week", "which of those had no fatal accidents 2000-2014?"],
    {"has_items": True, "num_range": {"avail_seat_km_per_week": [2000000001, None], "fatal_accidents_00_14": [0, 0]}},
    (ASK > 2e9) & (FACC2 == 0))
add("follow_up", ["show me airlines that include regional subsidiaries",
                  "only the ones with fewer than 10 incidents in 1985-99", "and no deaths after 2000"],
    {"has_items": True, "text_in": {"incl_reg_subsidiaries": ["True"]},
     "num_range": {"incidents_85_99": [None, 9], "fatalities_00_14": [0, 0]}},
    (SUBS == "True") & (INC1 < 10) & (DEAD2 == 0))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any airline with more than 1000 fatalities between 2000 and 2014?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, DEAD2 > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "41", "airline"].item() == "Saudi Arabian"
add("id_lookup", ["tell me about item 41"], {"has_items": True, "subset_of_ids": ["41"]}, df.id == "41")

finish()
