"""Build ../requests/byo-r12b-brushtail-possums.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (total length converted from cm to feet, head length from mm to cm),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. A possum is named by its trap label in `rownames` (`BB36`, `BTP14`), not by the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12b-brushtail-possums"
PREFIX = "r12b-bp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 104 and list(df["id"]) == [str(i) for i in range(1, 105)]
assert list(df.columns) == ["id", "rownames", "case", "site", "Pop", "sex", "age", "hdlngth", "skullw", "totlngth",
                            "taill", "footlgth", "earconch", "eye", "chest", "belly"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, HEAD_MM, TOTAL_CM, TAIL_CM = num("age"), num("hdlngth"), num("totlngth"), num("taill")
assert set(df.sex) == {"f", "m"} and set(df.Pop) == {"Vic", "other"}
assert set(df.site) == {str(i) for i in range(1, 8)}
assert AGE.isna().sum() == 2 and num("footlgth").isna().sum() == 1 and df.drop(columns=["age", "footlgth"]).notna().all().all()
assert df.rownames.is_unique and list(df["case"]) == list(df["id"])   # `case` repeats the row number
assert set(df.loc[df.Pop == "Vic", "site"]) == {"1", "2"}              # Vic = sites 1-2, other = sites 3-7

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["possum", "Possum", "brushtail", "Brushtail", "marsupial"]


def trap(label):
    r = df[df["rownames"] == label]
    assert len(r) == 1, label
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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what's in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["female possums from Victoria"], {"has_items": True, "text_in": {"sex": ["f"], "Pop": ["Vic"]}},
    (df.sex == "f") & (df.Pop == "Vic"), 5)
add("plain", ["posums trapped at site 5"], {"has_items": True, "text_in": {"site": ["5"]}}, df.site == "5", 5)
gap_empty("age", 4, 5)
add("plain", ["males older than 4"], {"has_items": True, "text_in": {"sex": ["m"]}, "num_range": {"age": [5, None]}},
    (df.sex == "m") & (AGE > 4), 5)
add("plain", ["ones with a tail of 38 cm or more"], {"has_items": True, "num_range": {"taill": [38, None]}},
    TAIL_CM >= 38, 5)

# ---- units (totlngth and taill in cm, hdlngth in mm; no header says so) ----------------------------
# longer than 3 feet = longer than 91.44 cm; lengths are in half centimetres (plus one 93.7)
gap_empty("totlngth", 3 * 30.48, 91.5)
add("units", ["possums longer than 3 feet"], {"has_items": True, "num_range": {"totlngth": [91.5, None]}},
    TOTAL_CM / 30.48 > 3)
gap_empty("hdlngth", 100, 100.1)
add("units", ["any with a head longer than 10 cm?"], {"has_items": True, "num_range": {"hdlngth": [100.1, None]}},
    HEAD_MM / 10 > 10)

# ---- fact (asked by trap label; the row ids are 1..104) -------------------------------------------
assert trap("BB36")["age"] == "5.0"
add("fact", ["how old is possum BB36"], {"reply_number": 5})
assert trap("BTP14")["skullw"] == "68.6"
add("fact", ["whats the skull width of BTP14?"], {"reply_number": 68.6})
assert trap("WW3")["site"] == "3"
add("fact", ["which site was WW3 caught at"], {"reply_number": 3})

# ---- count ----------------------------------------------------------------------------------
assert (df.sex == "m").sum() == 61
add("count", ["how many males are there?"], {"reply_number": 61})
assert (df.Pop == "other").sum() == 58
add("count", ["how many were caught outside Victoria"], {"reply_number": 58})
assert AGE.isna().sum() == 2
add("count", ["how many possums have no age recorded"], {"reply_number": 2})

# ---- superlative ----------------------------------------------------------------------------
longtail = top_ids(TAIL_CM, 1)
assert longtail == ["54"] and trap("BR1")["id"] == "54"
add("superlative", ["which possum has the longest tail"], {"has_items": True, "subset_of_ids": longtail},
    df.id.isin(longtail), 1)
old3 = top_ids(AGE, 3)                                    # 9, 9, 8; next is 7
assert sorted(AGE[df.id.isin(old3)].tolist()) == [8, 9, 9]
add("superlative", ["the 3 oldest possums"], {"has_items": True, "subset_of_ids": old3}, df.id.isin(old3), 3)

# ---- ordinal (compared with another possum) ---------------------------------------------------
assert trap("C5")["age"] == "6.0" and trap("C5")["sex"] == "f"
gap_empty("age", 6, 7)
add("ordinal", ["femal possums older than C5"], {"has_items": True, "text_in": {"sex": ["f"]}, "num_range": {"age": [7, None]}},
    (df.sex == "f") & (AGE > float(trap("C5")["age"])))
assert trap("BR4")["taill"] == "41.0"
gap_empty("taill", 41.0, 41.5)
add("ordinal", ["possums with a longer tail than BR4"], {"has_items": True, "num_range": {"taill": [41.5, None]}},
    TAIL_CM > float(trap("BR4")["taill"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["possums not from sites 1 or 2"], {"has_items": True, "text_in": {"site": others("site", "1", "2")}},
    ~df.site.isin(["1", "2"]))
gap_empty("age", 3, 4)
add("negation", ["males that aren't older than 3"], {"has_items": True, "text_in": {"sex": ["m"]}, "num_range": {"age": [None, 3]}},
    (df.sex == "m") & AGE.notna() & ~(AGE > 3))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["possums from site 3 or site 4"], {"has_items": True, "text_in": {"site": ["3", "4"]}},
    df.site.isin(["3", "4"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the females", "only ones with a total length of at least 90 cm"],
    {"has_items": True, "text_in": {"sex": ["f"]}, "num_range": {"totlngth": [90, None]}},
    (df.sex == "f") & (TOTAL_CM >= 90))
add("follow_up", ["possums from outside Victoria", "just the males", "which of those are 5 or older"],
    {"has_items": True, "text_in": {"Pop": ["other"], "sex": ["m"]}, "num_range": {"age": [5, None]}},
    (df.Pop == "other") & (df.sex == "m") & (AGE >= 5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any possums over a metre long?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    TOTAL_CM > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "rownames"].item() == "C45"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
