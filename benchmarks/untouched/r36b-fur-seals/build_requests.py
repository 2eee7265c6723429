"""Build ../requests/byo-r36b-fur-seals.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (age from months to years, body weight from kg to pounds, organ
weights from grams to kg), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `rownames` is the source's own seal label, not the row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36b-fur-seals"
PREFIX = "r36b-fs"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 30
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == ["id", "rownames", "age", "weight", "heart", "lung", "liver", "spleen", "stomach",
                            "leftkid", "rightkid", "kidney", "intestines"]
num = lambda c: pd.to_numeric(df[c])
AGE, KG, HEART, LUNG, LIVER, SPLEEN = num("age"), num("weight"), num("heart"), num("lung"), num("liver"), num("spleen")
assert df.rownames.is_unique and (df.rownames != df.id).any()
assert df.lung.isna().sum() == 6 and df.spleen.isna().sum() == 1 and df.isna().sum().sum() == 25
assert AGE.notna().all() and KG.notna().all() and HEART.notna().all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["seal", "Seal"]


def only(mask):
    r = df[mask.fillna(False)]
    assert len(r) == 1
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each); weight in kg, organs in g, age in months -----------------
gap_empty("weight", 50, 50.5)
add("plain", ["seals heavier than 50 kg"], {"has_items": True, "num_range": {"weight": [50.5, None]}}, KG > 50, 5)
add("plain", ["seals aged 40 to 80 months"], {"has_items": True, "num_range": {"age": [40, 80]}},
    (AGE >= 40) & (AGE <= 80), 5)
gap_empty("heart", 300, 310)
add("plain", ["seals with a heart over 300 grams"], {"has_items": True, "num_range": {"heart": [310, None]}},
    HEART > 300, 5)
gap_empty("liver", 2000, 2115)
add("plain", ["ones whose liver weighed more than 2000 g"], {"has_items": True, "num_range": {"liver": [2115, None]}},
    LIVER > 2000, 5)

# ---- units --------------------------------------------------------------------------------------
# older than 5 years = older than 60 months (ages are whole months)
add("units", ["seals older than 5 years"], {"has_items": True, "num_range": {"age": [61, None]}}, AGE / 12 > 5)
# more than 150 lb = more than 68.04 kg; weights in the file go 68.0 -> 68.5
gap_empty("weight", 150 / 2.20462, 68.5)
add("units", ["which seals weigh more than 150 lbs"], {"has_items": True, "num_range": {"weight": [68.5, None]}},
    KG * 2.20462 > 150)

# ---- fact (no names: each seal picked out by a unique value) -----------------------------------
heaviest = only(KG == KG.max())
assert heaviest["weight"] == "179.0" and heaviest["age"] == "120"
add("fact", ["how many months old was the heaviest seal?"], {"reply_number": 120})
oldest = only(AGE == AGE.max())
assert oldest["liver"] == "8309.0"
add("fact", ["what did the liver of the oldest seal weigh in grams"], {"reply_number": 8309})
assert only(HEART == 1012)["weight"] == "128.0"
add("fact", ["how much did the seal with the 1012 g heart weigh"], {"reply_number": 128})

# ---- count ----------------------------------------------------------------------------------
assert df.lung.isna().sum() == 6
add("count", ["how many seals are missing a lung weight?"], {"reply_number": 6})
assert (AGE < 12).sum() == 3
add("count", ["how many are under a year old"], {"reply_number": 3})
assert (KG > 100).sum() == 3
add("count", ["how many seals weigh over 100 kilos"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
heavy3 = top_ids(KG, 3)                                  # 179, 128, 101; next is 97
assert sorted(KG[df.id.isin(heavy3)]) == [101, 128, 179]
add("superlative", ["the 3 heaviest seals"], {"has_items": True, "subset_of_ids": heavy3}, df.id.isin(heavy3), 3)
small_heart = top_ids(HEART, 1, largest=False)           # 84.5 g; next is 85.4
add("superlative", ["which seal had the smallest heart"],
    {"has_items": True, "subset_of_ids": small_heart}, df.id.isin(small_heart), 1)

# ---- ordinal --------------------------------------------------------------------------------
second = sorted(set(top_ids(KG, 2)) - set(top_ids(KG, 1)), key=int)
assert KG[df.id.isin(second)].tolist() == [128.0]
add("ordinal", ["show me the 2nd heaviest seal"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
big_spleen = only(SPLEEN == SPLEEN.max())
assert big_spleen["weight"] == "95.0"
gap_empty("weight", 95, 97)
add("ordinal", ["seals heavier than the one with the biggest spleen"],
    {"has_items": True, "num_range": {"weight": [97, None]}}, KG > float(big_spleen["weight"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["seals that aren't over 30 kg"], {"has_items": True, "num_range": {"weight": [None, 30]}},
    KG.notna() & ~(KG > 30))
add("negation", ["seals that are not under 5 years old"], {"has_items": True, "num_range": {"age": [60, None]}},
    AGE.notna() & ~(AGE / 12 < 5))

# ---- disjunction ----------------------------------------------------------------------------
disj = (KG < 20) | (KG > 100)
add("disjunction", ["seals under 20 kg or over 100 kg"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("weight", 57.5, 60)
add("follow_up", ["seals older than 4 years", "only the ones under 60 kg"],
    {"has_items": True, "num_range": {"age": [49, None], "weight": [None, 57.5]}},
    (AGE / 12 > 4) & (KG < 60))
gap_empty("liver", 1500, 1525)
gap_empty("weight", 54.5, 55)
add("follow_up", ["seals between 2 and 6 years old", "with a liver over 1.5 kg", "what about lighter ones, under 55 kg"],
    {"has_items": True, "num_range": {"age": [24, 72], "liver": [1525, None], "weight": [None, 54.5]}},
    (AGE / 12 >= 2) & (AGE / 12 <= 6) & (LIVER / 1000 > 1.5) & (KG < 55))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any seals older than 15 years?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    AGE / 12 > 15)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "21", "rownames"].item() == "23"
add("id_lookup", ["tell me about item 21"], {"has_items": True, "subset_of_ids": ["21"]}, df.id == "21")

finish()
