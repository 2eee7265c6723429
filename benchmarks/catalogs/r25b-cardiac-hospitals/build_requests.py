"""Build ../requests/byo-r25b-cardiac-hospitals.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the mortality rates are percentages: "per 1,000" = rate x 10,
"1 in 20" = 5 %), and the script asserts that the `expect` facets accept exactly those rows. A row is one
hospital x procedure x discharge period; one row per procedure and period is the statewide total
(`NYS - All Hospitals`, Facility_ID 0), which is not a hospital: it is kept out of the truth where a request
asks for hospitals (the PCI superlative, both ordinals), and counts as a result like any other row where a
request asks for results (it is in the truth of the 2019 CABG negation, at 1.62 %; asserted). Counts and
facts are asserted against the file; facts are asked by hospital + procedure + period, asserted to be one row.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25b-cardiac-hospitals"
PREFIX = "r25b-ch"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 2812 and list(df["id"]) == [str(i) for i in range(1, 2813)]
assert df.shape[1] == 24 and list(df.columns[:7]) == ["id", "Facility_ID", "Hospital_Name", "Detailed_Region",
                                                       "Region", "Procedure", "Year_of_Hospital_Discharge"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CASES, DEATHS = num("Number_of_Cases"), num("Number_of_Deaths")
OBS, RAMR = num("Observed_Mortality_Rate"), num("Risk_Adjusted_Mortality_Rate")
PROC, YEAR, HOSP, DREG = df.Procedure, df.Year_of_Hospital_Discharge, df.Hospital_Name, df.Detailed_Region
STATE = HOSP == "NYS - All Hospitals"
assert STATE.sum() == 55 and (df.Facility_ID[STATE] == "0").all()
assert set(PROC) == {"All PCI", "Non-Emergency PCI", "Emergency PCI", "CABG", "Valve or Valve/CABG", "TAVR"}
assert df.Lower_Limit_of_Confidence_Interval.isna().sum() == 55 and df.isna().sum().sum() == 110
assert (df.Is_Higher_Than_Expected_Mortality == "False").all()     # a constant column
WORSE, BETTER = "Rate significantly higher than Statewide Rate", "Rate significantly lower than Statewide Rate"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero"]
WHAT = ["hospital", "Hospital", "cardiac", "Cardiac", "heart", "Heart", "PCI", "CABG", "surgery", "mortality"]


def one(hospital, procedure, period):
    r = df[(HOSP == hospital) & (PROC == procedure) & (YEAR == period)]
    assert len(r) == 1, (hospital, procedure, period)
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
add("greeting", ["hello! what can you tell me about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["bypass surgery (CABG) results for Manhattan hospitals"],
    {"has_items": True, "text_in": {"Procedure": ["CABG"], "Detailed_Region": ["Manhattan"]}},
    (PROC == "CABG") & (DREG == "Manhattan"), 5)
add("plain", ["TAVR outcomes on long island"],
    {"has_items": True, "text_in": {"Procedure": ["TAVR"], "Detailed_Region": ["NY Metro - Long Island"]}},
    (PROC == "TAVR") & (DREG == "NY Metro - Long Island"), 5)
assert ((DREG == "NY Metro - Long Island") == (df.Region == "NY Metro - Long Island")).all()
add("plain", ["which hospitals were significantly worse than the state average?"],
    {"has_items": True, "text_in": {"Comparison_Results": [WORSE]}}, df.Comparison_Results == WORSE, 5)
add("plain", ["emergency angioplasty results at Mount Sinai Hospital"],
    {"has_items": True, "text_in": {"Procedure": ["Emergency PCI"], "Hospital_Name": ["Mount Sinai Hospital"]}},
    (PROC == "Emergency PCI") & (HOSP == "Mount Sinai Hospital"), 5)

# ---- units (rates are percentages) -------------------------------------------------------------
# under 5 deaths per 1,000 = under 0.5 %; rates have two decimals
gap_empty("Risk_Adjusted_Mortality_Rate", 0.49, 0.5)
add("units", ["non-emergency PCI in 2019 with a risk-adjusted death rate under 5 per 1,000"],
    {"has_items": True, "text_in": {"Procedure": ["Non-Emergency PCI"], "Year_of_Hospital_Discharge": ["2019"]},
     "num_range": {"Risk_Adjusted_Mortality_Rate": [None, 0.49]}},
    (PROC == "Non-Emergency PCI") & (YEAR == "2019") & (RAMR * 10 < 5))
# more than 1 in 20 patients died = observed rate above 5 %
gap_empty("Observed_Mortality_Rate", 5, 5.01)
add("units", ["valve surgery results where more than 1 in 20 patients died"],
    {"has_items": True, "text_in": {"Procedure": ["Valve or Valve/CABG"]},
     "num_range": {"Observed_Mortality_Rate": [5.01, None]}},
    (PROC == "Valve or Valve/CABG") & (OBS / 100 > 1 / 20))
assert not (STATE & (PROC == "Valve or Valve/CABG") & (OBS > 5)).any()

# ---- fact (hospital + procedure + period is one row) ------------------------------------------
assert one("Albany Med. Ctr", "CABG", "2016")["Number_of_Cases"] == "224"
add("fact", ["how many CABG cases did Albany Med. Ctr do in 2016?"], {"reply_number": 224})
assert one("NYS - All Hospitals", "All PCI", "2015")["Observed_Mortality_Rate"] == "1.14"
add("fact", ["what was the statewide death rate for all PCI in 2015"], {"reply_number": 1.14})
assert one("Lenox Hill Hospital", "TAVR", "2017-2019")["Number_of_Deaths"] == "2"
add("fact", ["how many patients died after TAVR at Lenox Hill Hospital in 2017-2019?"], {"reply_number": 2})

# ---- count ----------------------------------------------------------------------------------
assert (PROC == "TAVR").sum() == 140
add("count", ["how many TAVR entries are there?"], {"reply_number": 140})
assert (df.Comparison_Results == BETTER).sum() == 93
add("count", ["how many results were signifcantly better than the statewide rate"], {"reply_number": 93})
assert df.Upper_Limit_of_Confidence_Interval.isna().sum() == 55
add("count", ["how many rows have no confidence interval?"], {"reply_number": 55})

# ---- superlative ----------------------------------------------------------------------------
pci19 = CASES.where((PROC == "All PCI") & (YEAR == "2019") & ~STATE)   # hospitals only
most = top_ids(pci19, 1)                                   # Mount Sinai Hospital 3666; next 3078
assert most == ["2535"] and HOSP[df.id == "2535"].item() == "Mount Sinai Hospital"
add("superlative", ["which hospital did the most PCIs in 2019?"],
    {"has_items": True, "subset_of_ids": most}, df.id.isin(most), 1)
cabg3 = top_ids(RAMR.where(PROC == "CABG"), 3)            # 12.6, 8.04, 5.79; next is 5.68
assert sorted(RAMR[df.id.isin(cabg3)], reverse=True) == [12.6, 8.04, 5.79]
add("superlative", ["3 highest risk-adjusted CABG death rates"],
    {"has_items": True, "subset_of_ids": cabg3}, df.id.isin(cabg3), 3)

# ---- ordinal (compared with another hospital's row) -------------------------------------------
strong = one("Strong Memorial Hosp", "CABG", "2019")
assert strong["Risk_Adjusted_Mortality_Rate"] == "2.22"
gap_empty("Risk_Adjusted_Mortality_Rate", 2.22, 2.23)
add("ordinal", ["CABG in 2019: which hospitals had a higher risk-adjusted death rate than Strong Memorial Hosp?"],
    {"has_items": True, "text_in": {"Procedure": ["CABG"], "Year_of_Hospital_Discharge": ["2019"]},
     "num_range": {"Risk_Adjusted_Mortality_Rate": [2.23, None]}},
    (PROC == "CABG") & (YEAR == "2019") & ~STATE & (RAMR > float(strong["Risk_Adjusted_Mortality_Rate"])))
albany = one("Albany Med. Ctr", "Emergency PCI", "2017-2019")
assert albany["Risk_Adjusted_Mortality_Rate"] == "5.8"
gap_empty("Risk_Adjusted_Mortality_Rate", 5.8, 5.81)
add("ordinal", ["emergency PCI 2017-2019, hospitals with a worse risk-adjusted rate than Albany Med. Ctr"],
    {"has_items": True, "text_in": {"Procedure": ["Emergency PCI"], "Year_of_Hospital_Discharge": ["2017-2019"]},
     "num_range": {"Risk_Adjusted_Mortality_Rate": [5.81, None]}},
    (PROC == "Emergency PCI") & (YEAR == "2017-2019") & ~STATE
    & (RAMR > float(albany["Risk_Adjusted_Mortality_Rate"])))

# ---- negation -------------------------------------------------------------------------------
not_pci = sorted(set(PROC) - {"All PCI", "Non-Emergency PCI", "Emergency PCI"})
add("negation", ["Mount Sinai Hospital results other than PCI"],
    {"has_items": True, "text_in": {"Hospital_Name": ["Mount Sinai Hospital"], "Procedure": not_pci}},
    (HOSP == "Mount Sinai Hospital") & ~PROC.str.contains("PCI"), 5)
add("negation", ["CABG results from 2019 that weren't above 2% risk-adjusted"],
    {"has_items": True, "text_in": {"Procedure": ["CABG"], "Year_of_Hospital_Discharge": ["2019"]},
     "num_range": {"Risk_Adjusted_Mortality_Rate": [None, 2]}},
    (PROC == "CABG") & (YEAR == "2019") & RAMR.notna() & ~(RAMR > 2), 5)
assert one("NYS - All Hospitals", "CABG", "2019")["Risk_Adjusted_Mortality_Rate"] == "1.62"

# ---- disjunction ----------------------------------------------------------------------------
disj = (PROC == "TAVR") & DREG.isin(["Bronx", "Staten Island"])
assert (disj & (DREG == "Bronx")).any() and (disj & (DREG == "Staten Island")).any()
add("disjunction", ["TAVR results in the Bronx or Staten Island"],
    {"has_items": True, "text_in": {"Procedure": ["TAVR"], "Detailed_Region": ["Bronx", "Staten Island"]}}, disj, 2)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me CABG results for 2018", "only the ones worse than the statewide rate"],
    {"has_items": True, "text_in": {"Procedure": ["CABG"], "Year_of_Hospital_Discharge": ["2018"],
                                    "Comparison_Results": [WORSE]}},
    (PROC == "CABG") & (YEAR == "2018") & (df.Comparison_Results == WORSE))
gap_empty("Number_of_Cases", 300, 301)
add("follow_up", ["emergency PCI results for western NY", "just Buffalo", "which of those had more than 300 cases?"],
    {"has_items": True, "text_in": {"Procedure": ["Emergency PCI"], "Detailed_Region": ["Western NY - Buffalo"]},
     "num_range": {"Number_of_Cases": [301, None]}},
    (PROC == "Emergency PCI") & (DREG == "Western NY - Buffalo") & (CASES > 300))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any hospital where more than half the patients died?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (OBS > 50) | (RAMR > 50))

# ---- id_lookup ------------------------------------------------------------------------------
assert HOSP[df.id == "2000"].item() != ""
add("id_lookup", ["tell me about item 2000"], {"has_items": True, "subset_of_ids": ["2000"]}, df.id == "2000")

finish()
