"""Build ../requests/byo-r24b-rock-crabs.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (millimetres converted from the user's centimetres or inches), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against
the file. A crab has no name: it is its colour form (`sp` B = blue, O = orange) + `sex` + `index`
(1..50 within each of the four groups), so "orange male 12" is row 112, not item 12.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24b-rock-crabs"
PREFIX = "r24b-cr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 200 and list(df["id"]) == [str(i) for i in range(1, 201)]
assert list(df.columns) == ["id", "sp", "sex", "index", "FL", "RW", "CL", "CW", "BD"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
FL, RW, CL, CW, BD = num("FL"), num("RW"), num("CL"), num("CW"), num("BD")
assert set(df.sp) == {"B", "O"} and set(df.sex) == {"F", "M"} and not df.isna().any().any()
assert df.groupby(["sp", "sex"]).size().tolist() == [50, 50, 50, 50]
assert not df.duplicated(["sp", "sex", "index"]).any()
for c in ["FL", "RW", "CL", "CW", "BD"]:                    # every measurement written with one decimal (mm)
    assert df[c].str.fullmatch(r"\d+\.\d").all(), c

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["crab", "Crab", "Leptograpsus", "carapace", "Carapace"]
MM_PER_INCH = 25.4


def crab(sp, sex, index):
    r = df[(df.sp == sp) & (df.sex == sex) & (df["index"] == str(index))]
    assert len(r) == 1, (sp, sex, index)
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of stuff is in here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["blue female crabs"], {"has_items": True, "text_in": {"sp": ["B"], "sex": ["F"]}},
    (df.sp == "B") & (df.sex == "F"), 5)
gap_empty("CW", 45, 45.1)
add("plain", ["orange crabs with a carapce wider than 45 mm"],
    {"has_items": True, "text_in": {"sp": ["O"]}, "num_range": {"CW": [45.1, None]}},
    (df.sp == "O") & (CW > 45), 5)
add("plain", ["male crabs with a body depth of at least 18mm"],
    {"has_items": True, "text_in": {"sex": ["M"]}, "num_range": {"BD": [18, None]}},
    (df.sex == "M") & (BD >= 18), 5)
add("plain", ["female orange ones with shell length between 30 and 35 mm"],
    {"has_items": True, "text_in": {"sp": ["O"], "sex": ["F"]}, "num_range": {"CL": [30, 35]}},
    (df.sp == "O") & (df.sex == "F") & (CL >= 30) & (CL <= 35), 5)

# ---- units (all five measurements are millimetres with one decimal) -------------------------------
# wider than 5 cm = wider than 50 mm
gap_empty("CW", 50, 50.1)
add("units", ["crabs with shells wider than 5 cm"], {"has_items": True, "num_range": {"CW": [50.1, None]}},
    CW / 10 > 5)
# longer than 1.75 inches = longer than 44.45 mm
gap_empty("CL", 1.75 * MM_PER_INCH, 44.5)
add("units", ["which ones have a carapace longer than 1.75 inches?"],
    {"has_items": True, "num_range": {"CL": [44.5, None]}}, CL / MM_PER_INCH > 1.75)

# ---- fact (asked by colour form + sex + index: the crab's only name) ------------------------------
assert crab("O", "M", 12)["CW"] == "31.8"
add("fact", ["what's the carapace width of orange male number 12?"], {"reply_number": 31.8})
assert crab("B", "F", 50)["BD"] == "18.1"
add("fact", ["body depth of blue female #50"], {"reply_number": 18.1})
assert crab("O", "F", 1)["FL"] == "10.7"
add("fact", ["frontal lobe size for orange female 1?"], {"reply_number": 10.7})

# ---- count ----------------------------------------------------------------------------------
assert (CW > 40).sum() == 70
add("count", ["how many crabs have a carapace wider than 40 mm?"], {"reply_number": 70})
assert ((df.sp == "B") & (FL < 10)).sum() == 11
add("count", ["how many blue crabs have a frontal lobe under 10mm"], {"reply_number": 11})
assert (df.sex == "F").sum() == 100
add("count", ["how many females are there in total"], {"reply_number": 100})

# ---- superlative ----------------------------------------------------------------------------
widest = top_ids(CW, 1)
assert widest == ["50"] and CW.max() == 54.6
add("superlative", ["which crab has the widest shell?"], {"has_items": True, "subset_of_ids": widest},
    df.id.isin(widest), 1)
of = (df.sp == "O") & (df.sex == "F")
small3 = top_ids(CL.where(of), 3, largest=False)          # 21.4, 21.7, 24.1; next is 25.0
assert sorted(CL[df.id.isin(small3)]) == [21.4, 21.7, 24.1]
add("superlative", ["the 3 smallest orange females by carapace length"],
    {"has_items": True, "text_in": {"sp": ["O"], "sex": ["F"]}, "subset_of_ids": small3}, df.id.isin(small3), 3)

# ---- ordinal (compared with another crab) ----------------------------------------------------
ref = crab("O", "M", 25)
assert ref["CW"] == "34.2"
gap_empty("CW", 34.2, 34.3)
add("ordinal", ["blue males with a wider carapace than orange male 25"],
    {"has_items": True, "text_in": {"sp": ["B"], "sex": ["M"]}, "num_range": {"CW": [34.3, None]}},
    (df.sp == "B") & (df.sex == "M") & (CW > float(ref["CW"])))
ref = crab("B", "F", 40)
assert ref["BD"] == "14.7"
gap_empty("BD", 14.7, 14.8)
add("ordinal", ["crabs with a deeper body than blue female 40"],
    {"has_items": True, "num_range": {"BD": [14.8, None]}}, BD > float(ref["BD"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("CW", 29.9, 30)
add("negation", ["crabs that aren't blue with carapace width under 30 mm"],
    {"has_items": True, "text_in": {"sp": ["O"]}, "num_range": {"CW": [None, 29.9]}},
    (df.sp != "B") & (CW < 30))
gap_empty("RW", 15, 15.1)
add("negation", ["non-male crabs with a rear width over 15 mm"],
    {"has_items": True, "text_in": {"sex": ["F"]}, "num_range": {"RW": [15.1, None]}},
    (df.sex != "M") & (RW > 15))

# ---- disjunction ----------------------------------------------------------------------------
disj = (CW < 20) | (CW > 52)
assert ids(disj) == ["1", "50", "51", "101", "149", "150", "200"]
add("disjunction", ["crabs with a carapace under 20 mm or over 52 mm wide"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("CL", 40, 40.1)
add("follow_up", ["orange crabs", "just the females", "only ones with a carapace longer than 40mm"],
    {"has_items": True, "text_in": {"sp": ["O"], "sex": ["F"]}, "num_range": {"CL": [40.1, None]}},
    (df.sp == "O") & (df.sex == "F") & (CL > 40))
gap_empty("BD", 9.9, 10)
add("follow_up", ["blue males please", "what about the ones with body depth under 10 mm"],
    {"has_items": True, "text_in": {"sp": ["B"], "sex": ["M"]}, "num_range": {"BD": [None, 9.9]}},
    (df.sp == "B") & (df.sex == "M") & (BD < 10))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any crabs with a shell more than 10 cm across?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, CW / 10 > 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "137", ["sp", "sex", "index"]].values.tolist() == [["O", "M", "37"]]
add("id_lookup", ["show me item 137"], {"has_items": True, "subset_of_ids": ["137"]}, df.id == "137")

finish()
