"""Build ../requests/byo-r15a-mont-blanc-drugs.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (concentrations are ng/ml; a user's µg/ml is x 1000 and mg/ml x 1e6,
µg/l equals ng/ml), and the script asserts that the `expect` facets accept exactly those rows. Counts and
facts are asserted against the file. `positive_sample` is the urine sample's own number, not the row
`id`; one sample can have several rows (one per substance found in it).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15a-mont-blanc-drugs"
PREFIX = "r15a-mb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 211 and list(df["id"]) == [str(i) for i in range(1, 212)]
assert list(df.columns) == ["id", "positive_sample", "hut", "substance", "concentration", "screening_analysis",
                            "concomitant"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
NGML, SAMPLE = num("concentration"), num("positive_sample")
SUB = df.substance
assert set(df.hut) == {"COSM", "GOUTER"} and set(df.screening_analysis) == {"yes", "no"}
assert set(df.concomitant) == {"yes", "no"} and not df.isna().any().any()
assert SAMPLE.nunique() == 154 and not df.duplicated(["positive_sample", "substance"]).any()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["drug", "Drug", "urine", "Urine", "sample", "Sample", "substance", "Substance", "Mont Blanc", "climber",
        "hut", "concentration"]
GOUTER = ["GOUTER", "Goûter", "Gouter", "gouter", "goûter"]


def row(sample, substance):
    r = df[(df["positive_sample"] == str(sample)) & (df["substance"] == substance)]
    assert len(r) == 1, (sample, substance)
    return r.iloc[0]


def only(substance):
    r = df[df["substance"].str.lower() == substance.lower()]
    assert len(r) == 1, substance
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
add("greeting", ["hello, what kind of data have you got here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["zolpidem found at the Goûter hut"],
    {"has_items": True, "text_in": {"substance": ["Zolpidem"], "hut": ["GOUTER"]}},
    (SUB == "Zolpidem") & (df.hut == "GOUTER"), 5)
add("plain", ["THC positives"], {"has_items": True, "text_in": {"substance": ["THC"]}}, SUB == "THC", 5)
gap_empty("concentration", 1000, 1000.1)
add("plain", ["acetazolamide (diamox) at the cosmiques refuge over 1000 ng/ml"],
    {"has_items": True, "text_in": {"substance": ["Acetazolamide"], "hut": ["COSM"]},
     "num_range": {"concentration": [1000.1, None]}},
    (SUB == "Acetazolamide") & (df.hut == "COSM") & (NGML > 1000), 5)
add("plain", ["which results were determined by screening analysis?"],
    {"has_items": True, "text_in": {"screening_analysis": ["yes"]}}, df.screening_analysis == "yes", 5)

# ---- units (concentration is ng/ml, unit in no header) -------------------------------------------
# 0.1 mg/ml = 100,000 ng/ml
gap_empty("concentration", 100000, 100000.1)
add("units", ["acetazolamide concentrations above 0.1 mg/mL"],
    {"has_items": True, "text_in": {"substance": ["Acetazolamide"]}, "num_range": {"concentration": [100000.1, None]}},
    (SUB == "Acetazolamide") & (NGML / 1e6 > 0.1))
# 8 µg/ml = 8,000 ng/ml
gap_empty("concentration", 8000, 8000.1)
add("units", ["caffeine levels higher than 8 micrograms per ml"],
    {"has_items": True, "text_in": {"substance": ["Caffeine"]}, "num_range": {"concentration": [8000.1, None]}},
    (SUB == "Caffeine") & (NGML / 1000 > 8))

# ---- fact -----------------------------------------------------------------------------------
assert only("Tramadol")["concentration"] == "358.0"
add("fact", ["what concentration was the tramadol found at?"], {"reply_number": 358})
assert only("Methadone")["hut"] == "GOUTER"
add("fact", ["at which hut was the methadone sample collected"], {"reply_contains_any": GOUTER})
assert row(94, "Caffeine")["concentration"] == "8200.0"
add("fact", ["how much caffeine was in sample 94"], {"reply_number": 8200})

# ---- count ----------------------------------------------------------------------------------
assert (SUB == "THC").sum() == 16 and df.loc[SUB == "THC", "positive_sample"].is_unique
add("count", ["how many samples were positive for cannabis?"], {"reply_number": 16})
assert (df.hut == "COSM").sum() == 68
add("count", ["how many detections came from the Cosmiques hut"], {"reply_number": 68})
assert (df.positive_sample == "154").sum() == 5
add("count", ["how many different substances were found in sample 154?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
aceta_top = top_ids(NGML.where(SUB == "Acetazolamide"), 1)
assert aceta_top == ["78"] and NGML[77] == 491100
add("superlative", ["highest acetazolomide concentration"],
    {"has_items": True, "subset_of_ids": aceta_top}, df.id.isin(aceta_top), 1)
thc3 = top_ids(NGML.where(SUB == "THC"), 3)                # 152, 137, 76; next is 62
assert sorted(NGML[df.id.isin(thc3)], reverse=True) == [152, 137, 76]
add("superlative", ["top 3 THC concentrations"], {"has_items": True, "subset_of_ids": thc3}, df.id.isin(thc3), 3)

# ---- ordinal (compared with another sample, or "2nd") ----------------------------------------------
assert row(139, "THC")["concentration"] == "62.0"
gap_empty("concentration", 62, 62.1)
add("ordinal", ["THC results higher than the one in sample 139"],
    {"has_items": True, "text_in": {"substance": ["THC"]}, "num_range": {"concentration": [62.1, None]}},
    (SUB == "THC") & (NGML > float(row(139, "THC")["concentration"])))
cod = NGML.where(SUB == "Codeine").dropna().sort_values(ascending=False, kind="mergesort")
assert cod.iloc[0] > cod.iloc[1] > cod.iloc[2] and cod.iloc[1] == 778
cod2 = [str(df.loc[cod.index[1], "id"])]
assert cod2 == ["200"]
add("ordinal", ["which sample had the 2nd highest codeine level?"],
    {"has_items": True, "subset_of_ids": cod2}, df.id.isin(cod2), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["zolpidem detections that weren't at the Gouter"],
    {"has_items": True, "text_in": {"substance": ["Zolpidem"], "hut": ["COSM"]}},
    (SUB == "Zolpidem") & (df.hut != "GOUTER"))
gap_empty("concentration", 99.9, 100)
add("negation", ["acetazolamide under 100 ng/ml that was not from the screening analysis"],
    {"has_items": True, "text_in": {"substance": ["Acetazolamide"], "screening_analysis": ["no"]},
     "num_range": {"concentration": [None, 99.9]}},
    (SUB == "Acetazolamide") & (df.screening_analysis != "yes") & (NGML < 100))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["codeine or morphine at the Cosmiques"],
    {"has_items": True, "text_in": {"substance": ["Codeine", "Morphine"], "hut": ["COSM"]}},
    ((SUB == "Codeine") | (SUB == "Morphine")) & (df.hut == "COSM"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the prednisone results", "only the Goûter ones"],
    {"has_items": True, "text_in": {"substance": ["Prednisone"], "hut": ["GOUTER"]}},
    (SUB == "Prednisone") & (df.hut == "GOUTER"))
# 50 µg/ml = 50,000 ng/ml
gap_empty("concentration", 50000, 50000.1)
add("follow_up", ["acetazolamide detections", "just at the Gouter hut", "which of those were above 50 µg/ml?"],
    {"has_items": True, "text_in": {"substance": ["Acetazolamide"], "hut": ["GOUTER"]},
     "num_range": {"concentration": [50000.1, None]}},
    (SUB == "Acetazolamide") & (df.hut == "GOUTER") & (NGML / 1000 > 50))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any zolpidem readings over 1,000 ng/ml?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (SUB == "Zolpidem") & (NGML > 1000))

# ---- id_lookup (item 137 is the caffeine found in sample 94) ------------------------------------------
assert df.loc[df.id == "137", ["positive_sample", "substance"]].values.tolist() == [["94", "Caffeine"]]
add("id_lookup", ["show me item 137"], {"has_items": True, "subset_of_ids": ["137"]}, df.id == "137")

finish()
