"""Build ../requests/byo-r11b-strep-tb-trial.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions: graded columns are compared by the rank number in front of each coded
value (`3_Poor` -> 3), temperatures in the user's Celsius against the Fahrenheit band of each code (a band
qualifies only if it lies wholly on the asked side; no band straddles an asked limit, asserted), the
streptomycin dose in the user's mg against grams. The script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. `patient_id` is the trial's own number, not the
row `id` (they part ways from row 54 on), so "patient 87" and "item 87" are different people.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11b-strep-tb-trial"
PREFIX = "r11b-tb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 107 and list(df["id"]) == [str(i) for i in range(1, 108)]
assert list(df.columns) == ["id", "patient_id", "arm", "dose_strep_g", "dose_PAS_g", "gender", "baseline_condition",
                            "baseline_temp", "baseline_esr", "baseline_cavitation", "strep_resistance",
                            "radiologic_6m", "rad_num", "improved"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
DOSE, PAS, RAD = num("dose_strep_g"), num("dose_PAS_g"), num("rad_num")
rank = lambda c: pd.to_numeric(df[c].str.split("_").str[0])   # "3_Poor" -> 3; blank stays blank
assert df.patient_id.is_unique and (df.id != df.patient_id).any()
assert set(df.arm) == {"Control", "Streptomycin"} and set(df.improved) == {"True", "False"}
assert set(df.gender) == {"F", "M"} and set(df.baseline_cavitation) == {"yes", "no"}
assert set(df.baseline_condition) == {"1_Good", "2_Fair", "3_Poor"}
assert set(df.baseline_esr.dropna()) == {"2_11-20", "3_21-50", "4_51+"} and df.baseline_esr.isna().sum() == 1
assert df.drop(columns="baseline_esr").notna().all().all()
assert (rank("radiologic_6m") == RAD).all()
assert ((DOSE > 0) == (df.arm == "Streptomycin")).all() and (PAS == 0).all()
# Fahrenheit band of each temperature code; "4_100F+" follows "3_100-100.9F", so it is read as 101 F and up
BAND = {"1_98-98.9F": (98.0, 98.9), "2_99-99.9F": (99.0, 99.9), "3_100-100.9F": (100.0, 100.9),
        "4_100F+": (101.0, float("inf"))}
assert set(df.baseline_temp) == set(BAND)
F = lambda c: c * 9 / 5 + 32
WHAT = ["patient", "Patient", "trial", "Trial", "tuberculosis", "Tuberculosis", "TB", "streptomycin",
        "Streptomycin"]


def patient(pid):
    r = df[df["patient_id"] == str(pid)]
    assert len(r) == 1, pid
    return r.iloc[0]


def temp_below(celsius):
    """Rows whose whole temperature band lies below `celsius`; asserts no band straddles the limit."""
    lim = F(celsius)
    for lo, hi in BAND.values():
        assert hi < lim or lo >= lim, (celsius, lo, hi)
    return df.baseline_temp.map(lambda b: BAND[b][1] < lim)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't", "not in"]


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


def others(col, *excluded):
    """Every raw value of `col` except `excluded` (blanks are not values), sorted; asserts each excluded exists."""
    vals = set(df[col].dropna())
    assert set(excluded) <= vals, (col, excluded)
    return sorted(vals - set(excluded))


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
add("greeting", ["hello, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["patients on streptomycin who improved"],
    {"has_items": True, "text_in": {"arm": ["Streptomycin"], "improved": ["True"]}},
    (df.arm == "Streptomycin") & (df.improved == "True"), 5)
add("plain", ["women who were in poor condition at the start"],
    {"has_items": True, "text_in": {"gender": ["F"], "baseline_condition": ["3_Poor"]}},
    (df.gender == "F") & (rank("baseline_condition") == 3), 5)
add("plain", ["control group patinets with cavities on the x-ray"],
    {"has_items": True, "text_in": {"arm": ["Control"], "baseline_cavitation": ["yes"]}},
    (df.arm == "Control") & (df.baseline_cavitation == "yes"), 5)
add("plain", ["which patients died"], {"has_items": True, "text_in": {"radiologic_6m": ["1_Death"]}},
    RAD == 1, 5)

# ---- units (temperature bands in F, dose in grams a day) ---------------------------------------
normal = temp_below(37.2)                                 # 37.2 C = 98.96 F: only the 98-98.9 F band
assert sorted(set(df.baseline_temp[normal])) == ["1_98-98.9F"]
add("units", ["patients who started with a temperature below 37.2 °C"],
    {"has_items": True, "text_in": {"baseline_temp": ["1_98-98.9F"]}}, normal)
gap_empty("dose_strep_g", 1, 2)
add("units", ["patients given more than 1000 mg of streptomycin a day"],
    {"has_items": True, "num_range": {"dose_strep_g": [2, None]}}, DOSE * 1000 > 1000)

# ---- fact (by the trial's patient number, which is not the row id) --------------------------------
assert patient(87)["radiologic_6m"] == "4_No_change" and df.loc[df.id == "87", "radiologic_6m"].item() != "4_No_change"
add("fact", ["what happened to patient 87 by 6 months?"],
    {"reply_contains_any": ["no change", "No change", "No_change", "unchanged", "Unchanged"]})
assert patient(95)["radiologic_6m"] == "2_Considerable_deterioration"
assert "deterioration" not in df.loc[df.id == "95", "radiologic_6m"].item()
add("fact", ["how did patient 95 do on the x-ray"],
    {"reply_contains_any": ["deteriorat", "Deteriorat", "worse", "Worse"]})
assert patient(74)["baseline_temp"] == "3_100-100.9F" and df.loc[df.id == "74", "baseline_temp"].item() == "4_100F+"
add("fact", ["what was patient 74's temperature when they enrolled"],
    {"reply_contains_any": ["100.9", "100-100", "100 to 100", "100 and 100", "100–100", "37.8"]})

# ---- count ----------------------------------------------------------------------------------
assert (RAD == 1).sum() == 18
add("count", ["how many patients died?"], {"reply_number": 18})
assert (df.arm == "Control").sum() == 52
add("count", ["how many were in the control group"], {"reply_number": 52})
assert df.baseline_esr.isna().sum() == 1
add("count", ["how many patients have no ESR recorded"], {"reply_number": 1})

# ---- superlative (graded outcomes: the best / highest grade) ------------------------------------
best = RAD == RAD.max()
assert int(best.sum()) == 32
add("superlative", ["who had the best result on the 6-month x-ray?"],
    {"has_items": True, "text_in": {"radiologic_6m": ["6_Considerable_improvement"]}}, best)
res = rank("strep_resistance")
add("superlative", ["streptomycin patients with the highest resistance level"],
    {"has_items": True, "text_in": {"arm": ["Streptomycin"], "strep_resistance": ["3_resist_100+"]}},
    (df.arm == "Streptomycin") & (res == res.max()))

# ---- ordinal (graded values) ------------------------------------------------------------------
add("ordinal", ["patients in fair condition or worse"],
    {"has_items": True, "text_in": {"baseline_condition": ["2_Fair", "3_Poor"]}},
    rank("baseline_condition") >= 2)
esr_lo = df.baseline_esr.str.split("_").str[1].str.extract(r"^(\d+)")[0].astype(float)   # band's lowest value
add("ordinal", ["strepto patients with an ESR over 20"],
    {"has_items": True, "text_in": {"arm": ["Streptomycin"], "baseline_esr": ["3_21-50", "4_51+"]}},
    (df.arm == "Streptomycin") & (esr_lo > 20))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["patients who didn't improve on streptomycin"],
    {"has_items": True, "text_in": {"arm": ["Streptomycin"], "improved": others("improved", "True")}},
    (df.arm == "Streptomycin") & (df.improved != "True"))
add("negation", ["patients whose ESR wasn't above 50"],
    {"has_items": True, "text_in": {"baseline_esr": others("baseline_esr", "4_51+")}},
    df.baseline_esr.notna() & ~(esr_lo > 50))

# ---- disjunction ----------------------------------------------------------------------------
disj = (RAD == 1) | (df.radiologic_6m == "2_Considerable_deterioration")
assert int(disj.sum()) == 30
add("disjunction", ["patients who died or got considerably worse"],
    {"has_items": True, "text_in": {"radiologic_6m": ["1_Death", "2_Considerable_deterioration"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["women on streptomycin", "just the ones with cavities on the x-ray"],
    {"has_items": True, "text_in": {"gender": ["F"], "arm": ["Streptomycin"], "baseline_cavitation": ["yes"]}},
    (df.gender == "F") & (df.arm == "Streptomycin") & (df.baseline_cavitation == "yes"))
add("follow_up", ["control group patients", "the ones in poor shape at the start", "which of those died?"],
    {"has_items": True, "text_in": {"arm": ["Control"], "baseline_condition": ["3_Poor"], "radiologic_6m": ["1_Death"]}},
    (df.arm == "Control") & (rank("baseline_condition") == 3) & (RAD == 1))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did anyone get PAS?"], {"no_items": True, "reply_contains_any": NO_REPLY}, PAS > 0)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "60", "patient_id"].item() == "67"
add("id_lookup", ["show me item 60"], {"has_items": True, "subset_of_ids": ["60"]}, df.id == "60")

finish()
