"""Build ../requests/byo-r17b-blue-jays.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (mass converted from grams to ounces with 1 oz = 28.349523 g, lengths
from millimetres to inches with 1 in = 25.4 mm), and the script asserts that the `expect` facets accept
exactly those rows. `BirdID` is the band number, not the row `id`. Counts and facts are asserted against
the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17b-blue-jays"
PREFIX = "r17b-bj"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 123 and list(df["id"]) == [str(i) for i in range(1, 124)]
assert list(df.columns) == ["id", "BirdID", "KnownSex", "BillDepth", "BillWidth", "BillLength", "Head", "Mass",
                            "Skull", "Sex"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
DEPTH, BILL, HEAD, MASS, SKULL = num("BillDepth"), num("BillLength"), num("Head"), num("Mass"), num("Skull")
OZ, INCH = 28.349523, 25.4
assert df.notna().all().all() and df.BirdID.is_unique
assert set(df.KnownSex) == {"F", "M"} and ((df.KnownSex == "M") == (df.Sex == "1")).all()   # Sex 1 = male
for c in ["BillDepth", "BillWidth", "BillLength", "Head", "Mass", "Skull"]:    # at most two decimals
    assert ((num(c) * 100).round() - num(c) * 100).abs().max() < 1e-6, c
FEMALE, MALE = df.KnownSex == "F", df.KnownSex == "M"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero", "not in", "isn't", "aren't"]
WHAT = ["jay", "Jay", "bird", "Bird"]


def bird(code):
    r = df[df["BirdID"] == code]
    assert len(r) == 1, code
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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what's this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["female jays"], {"has_items": True, "text_in": {"KnownSex": ["F"]}}, FEMALE, 5)
gap_empty("Mass", 75, 75.01)
add("plain", ["males heavier than 75 grams"],
    {"has_items": True, "text_in": {"KnownSex": ["M"]}, "num_range": {"Mass": [75.01, None]}}, MALE & (MASS > 75), 5)
gap_empty("BillLength", 26, 26.01)
add("plain", ["birds with a bill longer than 26 mm"],
    {"has_items": True, "num_range": {"BillLength": [26.01, None]}}, BILL > 26, 5)
add("plain", ["jays between 65 and 70 g"], {"has_items": True, "num_range": {"Mass": [65, 70]}},
    (MASS >= 65) & (MASS <= 70), 5)

# ---- units (Mass is grams, lengths are millimetres; neither unit is in a header) ---------------------
# over 2.75 ounces = over 77.961 g; masses have two decimals
gap_empty("Mass", 2.75 * OZ, 77.97)
add("units", ["jays wieghing over 2.75 ounces"], {"has_items": True, "num_range": {"Mass": [77.97, None]}},
    MASS / OZ > 2.75)
# bill shorter than an inch = BillLength < 25.4 mm (one bird measures exactly 25.40)
gap_empty("BillLength", 25.39, 25.4)
add("units", ["which jays have a bill shorter than an inch?"],
    {"has_items": True, "num_range": {"BillLength": [None, 25.39]}}, BILL / INCH < 1)

# ---- fact (asked by the band number BirdID) ----------------------------------------------------
assert bird("1142-05914")["Mass"] == "78.1"
add("fact", ["what does bird 1142-05914 weigh?"], {"reply_number": 78.1})
assert bird("1142-05907")["KnownSex"] == "F"
add("fact", ["is jay 1142-05907 a male or a female"], {"reply_contains_any": ["female", "Female", "FEMALE"]})
assert bird("0000-00000")["BillLength"] == "25.92"
add("fact", ["how long is the bill of bird 0000-00000"], {"reply_number": 25.92})

# ---- count ----------------------------------------------------------------------------------
assert MALE.sum() == 63
add("count", ["how many males are there"], {"reply_number": 63})
assert (MASS >= 80).sum() == 2
add("count", ["how many jays weigh 80 g or more?"], {"reply_number": 2})
n_deep = int((FEMALE & (DEPTH > 8.5)).sum())
assert n_deep == 6, n_deep
add("count", ["how many females have a bill depth over 8.5 mm"], {"reply_number": n_deep})

# ---- superlative ----------------------------------------------------------------------------
heaviest = top_ids(MASS, 1)
assert MASS[df.id.isin(heaviest)].tolist() == [81.5]
add("superlative", ["which is the heaviest bird"], {"has_items": True, "subset_of_ids": heaviest},
    df.id.isin(heaviest), 1)
light3 = top_ids(MASS.where(FEMALE), 3, largest=False)     # 58.8, 61.2, 61.4; next female is 62.2
assert sorted(MASS[df.id.isin(light3)]) == [58.8, 61.2, 61.4]
add("superlative", ["3 lightest females"], {"has_items": True, "subset_of_ids": light3}, df.id.isin(light3), 3)

# ---- ordinal (compared with another bird) -----------------------------------------------------
gap_empty("Mass", 78.1, 78.11)
add("ordinal", ["birds heavier than jay 1142-05914"], {"has_items": True, "num_range": {"Mass": [78.11, None]}},
    MASS > float(bird("1142-05914")["Mass"]))
assert bird("1142-05941")["BillLength"] == "24.66"
gap_empty("BillLength", 24.66, 24.67)
add("ordinal", ["females with a longer bill than 1142-05941"],
    {"has_items": True, "text_in": {"KnownSex": ["F"]}, "num_range": {"BillLength": [24.67, None]}},
    FEMALE & (BILL > float(bird("1142-05941")["BillLength"])))

# ---- negation -------------------------------------------------------------------------------
gap_empty("Mass", 64.99, 65)
add("negation", ["jays that aren't male and weigh under 65 g"],
    {"has_items": True, "text_in": {"KnownSex": ["F"]}, "num_range": {"Mass": [None, 64.99]}},
    (df.KnownSex != "M") & (MASS < 65))
add("negation", ["birds whose bill isn't deeper than 8mm"],
    {"has_items": True, "num_range": {"BillDepth": [None, 8]}}, ~(DEPTH > 8))

# ---- disjunction ----------------------------------------------------------------------------
disj = (MASS < 62) | (MASS > 80)
assert len(ids(disj)) == 6
add("disjunction", ["either under 62 g or over 80 g"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Mass", 70, 70.01)
add("follow_up", ["show me the females", "only those over 70 grams"],
    {"has_items": True, "text_in": {"KnownSex": ["F"]}, "num_range": {"Mass": [70.01, None]}},
    FEMALE & (MASS > 70))
gap_empty("Head", 57, 57.01)
gap_empty("Skull", 31.99, 32)
add("follow_up", ["jays with a head over 57 mm", "just the males", "and skull under 32"],
    {"has_items": True, "num_range": {"Head": [57.01, None], "Skull": [None, 31.99]}, "text_in": {"KnownSex": ["M"]}},
    (HEAD > 57) & MALE & (SKULL < 32))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any jays heavier than 4 ounces?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    MASS / OZ > 4)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "45", "BirdID"].item() == "872-94766"
add("id_lookup", ["tell me about item 45"], {"has_items": True, "subset_of_ids": ["45"]}, df.id == "45")

finish()
