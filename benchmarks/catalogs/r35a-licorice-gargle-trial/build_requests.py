"""Build ../requests/byo-r35a-licorice-gargle-trial.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions on the source's numeric codes (documented in the R help page:
gender 0 = male / 1 = female, smoking 1 = current / 2 = past / 3 = never, treat 0 = sugar 5 g /
1 = licorice 0.5 g, ASA 1-3, Mallampati 1-4, surgery size 1-3, cough 0-3, pain 0-10), with the
doses converted where the user gave them in mg, and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. There is no patient code: a
"patient N" is the row `id` N. Rows 113 and 123 have blank outcomes; blanks never pass a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35a-licorice-gargle-trial"
PREFIX = "r35a-lg"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 235 and list(df["id"]) == [str(i) for i in range(1, 236)]
assert list(df.columns) == ["id", "preOp_gender", "preOp_asa", "preOp_calcBMI", "preOp_age", "preOp_mallampati",
                            "preOp_smoking", "preOp_pain", "treat", "intraOp_surgerySize", "extubation_cough",
                            "pacu30min_cough", "pacu30min_throatPain", "pacu30min_swallowPain", "pacu90min_cough",
                            "pacu90min_throatPain", "postOp4hour_cough", "postOp4hour_throatPain", "pod1am_cough",
                            "pod1am_throatPain"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, BMI, EXT, SWAL = num("preOp_age"), num("preOp_calcBMI"), num("extubation_cough"), num("pacu30min_swallowPain")
SEX, SMOKE, TREAT, ASA, MALL, SIZE = (df[c] for c in ["preOp_gender", "preOp_smoking", "treat", "preOp_asa",
                                                       "preOp_mallampati", "intraOp_surgerySize"])
assert set(SEX) == {"0", "1"} and set(TREAT) == {"0", "1"} and set(SMOKE) == {"1", "2", "3"}
assert set(ASA) == {"1", "2", "3"} and set(MALL) == {"1", "2", "3", "4"} and set(SIZE) == {"1", "2", "3"}
assert list(df.loc[df.extubation_cough.isna(), "id"]) == ["113", "123"]
LICORICE_MG = TREAT.map({"0": 0.0, "1": 500.0})            # licorice dose in mg (0.5 g), 0 for the sugar arm
SUGAR_MG = TREAT.map({"0": 5000.0, "1": 0.0})              # sugar dose in mg (5 g), 0 for the licorice arm
WHAT = ["patient", "Patient", "trial", "Trial", "licorice", "Licorice", "surgery", "sore throat", "intubation"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


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


def patient(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["women who got the licorice gargle"],
    {"has_items": True, "text_in": {"preOp_gender": ["1"], "treat": ["1"]}}, (SEX == "1") & (TREAT == "1"), 5)
add("plain", ["current smokers over 60"],
    {"has_items": True, "text_in": {"preOp_smoking": ["1"]}, "num_range": {"preOp_age": [61, None]}},
    (SMOKE == "1") & (AGE > 60), 5)
add("plain", ["patients with ASA class 3"], {"has_items": True, "text_in": {"preOp_asa": ["3"]}}, ASA == "3", 5)
add("plain", ["patients whose swallowing pain was 5 or worse 30 min after getting to recovery"],
    {"has_items": True, "num_range": {"pacu30min_swallowPain": [5, None]}}, SWAL >= 5, 5)

# ---- units (doses: licorice 0.5 g, sugar 5 g; asked in mg) ------------------------------------
gap_empty("preOp_calcBMI", 30, 30.01)                      # BMI has two decimals
add("units", ["patients given 500 mg of licorice with a BMI over 30"],
    {"has_items": True, "text_in": {"treat": ["1"]}, "num_range": {"preOp_calcBMI": [30.01, None]}},
    (LICORICE_MG == 500) & (BMI > 30))
add("units", ["who got the 5000 mg sugar gargle and is 80 or older?"],
    {"has_items": True, "text_in": {"treat": ["0"]}, "num_range": {"preOp_age": [80, None]}},
    (SUGAR_MG == 5000) & (AGE >= 80))

# ---- fact ("patient N" is the row id; there is no patient code) -------------------------------
assert patient(101)["preOp_age"] == "47"
add("fact", ["how old is patient 101?"], {"reply_number": 47})
assert patient(57)["preOp_calcBMI"] == "27.24"
add("fact", ["whats the bmi of patient 57"], {"reply_number": 27.24})
assert patient(200)["preOp_mallampati"] == "3"
add("fact", ["mallampati score for patient 200?"], {"reply_number": 3})

# ---- count ----------------------------------------------------------------------------------
assert (TREAT == "1").sum() == 118
add("count", ["how many patients got licorice"], {"reply_number": 118})
assert (SMOKE == "3").sum() == 73
add("count", ["how many never smoked?"], {"reply_number": 73})
assert (SIZE == "3").sum() == 21
add("count", ["how many people had a large surgery"], {"reply_number": 21})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_ids(AGE, 1)
assert AGE[df.id.isin(oldest)].tolist() == [86]
add("superlative", ["oldest patient in the trial"], {"has_items": True, "subset_of_ids": oldest}, df.id.isin(oldest), 1)
fat3 = top_ids(BMI, 3)                                     # 36.33, 35.49, 34.33; next is 34.11
assert sorted(BMI[df.id.isin(fat3)]) == [34.33, 35.49, 36.33]
add("superlative", ["top 3 patients by BMI"], {"has_items": True, "subset_of_ids": fat3}, df.id.isin(fat3), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert patient(5)["preOp_age"] == "73"
add("ordinal", ["pateints older than patient 5"],
    {"has_items": True, "num_range": {"preOp_age": [74, None]}}, AGE > float(patient(5)["preOp_age"]))
s = BMI.sort_values(ascending=False, kind="mergesort")
assert s.iloc[0] > s.iloc[1] > s.iloc[2]
second = [str(df.loc[s.index[1], "id"])]
add("ordinal", ["who has the second highest bmi"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["ASA 1 patients who don't currently smoke"],
    {"has_items": True, "text_in": {"preOp_asa": ["1"], "preOp_smoking": ["2", "3"]}},
    (ASA == "1") & (SMOKE != "1"))
add("negation", ["patients who didn't cough at all right after extubation"],
    {"has_items": True, "num_range": {"extubation_cough": [0, 0]}}, EXT.notna() & ~(EXT > 0))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["mallampati 3 or 4"], {"has_items": True, "text_in": {"preOp_mallampati": ["3", "4"]}},
    (MALL == "3") | (MALL == "4"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["patients in their 30s", "only the current smokers"],
    {"has_items": True, "text_in": {"preOp_smoking": ["1"]}, "num_range": {"preOp_age": [30, 39]}},
    (AGE >= 30) & (AGE <= 39) & (SMOKE == "1"))
add("follow_up", ["sugar group pts", "just the men", "which of them had moderate coughing when the tube came out"],
    {"has_items": True, "text_in": {"treat": ["0"], "preOp_gender": ["0"]}, "num_range": {"extubation_cough": [2, 2]}},
    (TREAT == "0") & (SEX == "0") & (EXT == 2))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any patients younger than 18?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE < 18)

# ---- id_lookup ------------------------------------------------------------------------------
assert patient(113)["preOp_age"] == "70"
add("id_lookup", ["pull up item 113"], {"has_items": True, "subset_of_ids": ["113"]}, df.id == "113")

finish()
