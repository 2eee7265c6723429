"""Build ../requests/byo-r30a-rick-steves-episodes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (runtime in minutes against "half an hour", the day gap between
episodes against "a year", countries read from the semicolon list `all_countries`), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30a-rick-steves-episodes"
PREFIX = "r30a-rs"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

COLS = ["id", "overall_episode", "season", "episode_in_season", "season_episode_code", "title", "synopsis",
        "theme_tags", "episode_type", "is_retired", "primary_country", "all_countries", "region",
        "primary_destination", "iso2", "flag", "lat", "long", "geo_match", "original_air_date", "air_year",
        "air_month", "air_weekday", "days_since_premiere", "gap_since_prev_episode_d", "imdb_tconst", "imdb_url",
        "imdb_rating", "imdb_votes", "imdb_rating_shrunk", "imdb_low_votes", "image_url", "image_source",
        "best_summary", "summary_source", "best_runtime", "watch_url", "tvmaze_url", "tvmaze_id"]
df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 159 and list(df["id"]) == [str(i) for i in range(1, 160)]
assert list(df.columns) == COLS
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
RATING, VOTES, GAP, DAYS, YEAR, RUNTIME = (num(c) for c in ["imdb_rating", "imdb_votes", "gap_since_prev_episode_d",
                                                             "days_since_premiere", "air_year", "best_runtime"])
assert RATING.isna().sum() == 8 and VOTES.isna().sum() == 8 and GAP.isna().sum() == 1
assert set(df.is_retired) == {"Yes", "No"} and df.original_air_date.notna().all()
COUNTRIES = df.all_countries.str.split("; ")               # "Spain; France" -> ["Spain", "France"]
assert df.all_countries.notna().all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["episode", "Episode", "Rick Steves", "travel", "Travel", "TV", "show", "Europe"]


def episode(title):
    r = df[df["title"].str.lower() == title.lower()]
    assert len(r) == 1, title                              # facts by name: the title is unique
    return r.iloc[0]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col])
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= df["id"].astype(str).isin(expect["subset_of_ids"])
    return m


def gap_empty(col, lo, hi):
    """Assert no value of `col` lies strictly between lo and hi (the gap skipped by a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
    vals = sorted(df[col].dropna().unique())
    assert all(x in vals for x in excluded), excluded
    return [v for v in vals if v not in excluded]


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_ids(values, n, largest=True):
    """ids of the n rows with the largest (smallest) values; asserts the n-th and (n+1)-th values differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert len(s) > n and s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return sorted((str(df.loc[i, "id"]) for i in s.index[:n]), key=int)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25
    assert [r["kind"] for r in REQS if len(r["turns"]) == 3] == ["follow_up"]
    assert all(len(r["turns"]) == 1 for r in REQS if r["kind"] != "follow_up")
    assert all(len(r["turns"]) >= 2 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey there"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what can I look up with you?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["art history episodes"],
    {"has_items": True, "text_in": {"episode_type": ["Art History"]}}, df.episode_type == "Art History", 5)
add("plain", ["epsiodes rated 8.5 or higher on imdb"],
    {"has_items": True, "num_range": {"imdb_rating": [8.5, None]}}, RATING >= 8.5, 5)
add("plain", ["british isles episodes from before 2005"],
    {"has_items": True, "text_in": {"region": ["British Isles"]}, "num_range": {"air_year": [None, 2004]}},
    (df.region == "British Isles") & (YEAR < 2005), 5)
VISITS_SPAIN = COUNTRIES.apply(lambda l: "Spain" in l)     # 13 rows, 9 of them with primary_country Spain
SPAIN_VALUES = sorted(df.loc[VISITS_SPAIN, "all_countries"].unique())
add("plain", ["which episodes go to Spain?"],
    {"has_items": True, "text_in": {"all_countries": SPAIN_VALUES}}, VISITS_SPAIN, 5)

# ---- units (best_runtime in minutes; gap_since_prev_episode_d in days) ---------------------------
gap_empty("best_runtime", 30, 31)
add("units", ["any episodes longer than half an hour?"],
    {"has_items": True, "num_range": {"best_runtime": [31, None]}}, RUNTIME / 60 > 0.5)
gap_empty("gap_since_prev_episode_d", 365, 366)
add("units", ["episodes that came out more than a year after the one before"],
    {"has_items": True, "num_range": {"gap_since_prev_episode_d": [366, None]}}, GAP > 365)

# ---- fact (asked by title; titles asserted unique) ---------------------------------------------
assert episode("Caesar's Rome")["imdb_rating"] == "7.4"
add("fact", ["what's the imdb rating of Caesar's Rome?"], {"reply_number": 7.4})
assert episode("Egypt's Cairo")["imdb_votes"] == "22.0"
add("fact", ["how many imdb votes did the Egypt's Cairo episode get"], {"reply_number": 22})
assert episode("Iceland's Ring Road")["original_air_date"] == "2025-10-04"
add("fact", ["when did Iceland's Ring Road first air?"],
    {"reply_contains_any": ["2025-10-04", "October 4", "4 October", "Oct 4", "4 Oct", "10/4/2025", "Oct. 4"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.is_retired == "Yes").sum() == 27
add("count", ["how many episodes have been retierd from the website?"], {"reply_number": 27})
assert RATING.isna().sum() == 8
add("count", ["how many episodes don't have an IMDb rating yet"], {"reply_number": 8})
assert (df.season == "11").sum() == 8 and df.season.str.match(r"^\d+$").all()
add("count", ["how many episodes were in season 11?"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
most_votes = top_ids(VOTES, 1)                             # 45 votes; next 37
assert most_votes == ["81"] and df.loc[80, "title"] == "Rome: Ancient Glory"
add("superlative", ["which episode has the most votes on imdb"],
    {"has_items": True, "subset_of_ids": most_votes}, df.id.isin(most_votes), 1)
lowest = top_ids(RATING, 1, largest=False)                 # 6.4; next 6.8 (blank ratings are not low)
assert lowest == ["1"] and RATING.min() == 6.4
assert top_ids(num("imdb_rating_shrunk"), 1, largest=False) == ["1"]   # the shrunk rating agrees
add("superlative", ["lowest rated episode?"],
    {"has_items": True, "subset_of_ids": lowest}, df.id.isin(lowest), 1)

# ---- ordinal (compared with another episode) ---------------------------------------------------
caesar = float(episode("Caesar's Rome")["imdb_rating"])    # 7.4; ratings have one decimal
gap_empty("imdb_rating", 7.4, 7.5)
add("ordinal", ["Mediterranean episodes rated higher than Caesar's Rome"],
    {"has_items": True, "text_in": {"region": ["Mediterranean"]}, "num_range": {"imdb_rating": [7.5, None]}},
    (df.region == "Mediterranean") & (RATING > caesar))
madrid = episode("The Majesty of Madrid")["original_air_date"]   # 2004-10-03 = day 1491 after the premiere
assert madrid == "2004-10-03" and episode("The Majesty of Madrid")["days_since_premiere"] == "1491"
gap_empty("days_since_premiere", 1490, 1491)
add("ordinal", ["episodes that aired before The Majesty of Madrid"],
    {"has_items": True, "num_range": {"days_since_premiere": [None, 1490]}},
    pd.to_datetime(df.original_air_date) < pd.Timestamp(madrid))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["show me the episodes that aren't standard ones"],
    {"has_items": True, "text_in": {"episode_type": others("episode_type", "Standard")}},
    df.episode_type.notna() & (df.episode_type != "Standard"))
add("negation", ["episodes from 2010 on that are not in the Mediterranean region"],
    {"has_items": True, "text_in": {"region": others("region", "Mediterranean")},
     "num_range": {"air_year": [2010, None]}},
    df.region.notna() & (df.region != "Mediterranean") & (YEAR >= 2010))

# ---- disjunction ----------------------------------------------------------------------------
disj = COUNTRIES.apply(lambda l: "Egypt" in l or "Iran" in l)
assert ids(disj) == ids(df.primary_country.isin(["Egypt", "Iran"]))   # no multi-country episode names them
add("disjunction", ["episodes about Egypt or Iran"],
    {"has_items": True, "text_in": {"primary_country": ["Egypt", "Iran"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("air_year", 2010, 2011)
add("follow_up", ["episodes in the Alpine region", "only the ones after 2010"],
    {"has_items": True, "text_in": {"region": ["Alpine"]}, "num_range": {"air_year": [2011, None]}},
    (df.region == "Alpine") & (YEAR > 2010))
add("follow_up", ["episodes set in the British Isles", "which of them are still on the website?",
                  "only the ones rated at least 8"],
    {"has_items": True, "text_in": {"region": ["British Isles"], "is_retired": ["No"]},
     "num_range": {"imdb_rating": [8, None]}},
    (df.region == "British Isles") & (df.is_retired == "No") & (RATING >= 8))

# ---- impossible -----------------------------------------------------------------------------
japan = COUNTRIES.apply(lambda l: "Japan" in l) | df.title.str.contains("Japan")
add("impossible", ["any episodes in Japan?"], {"no_items": True, "reply_contains_any": NO_REPLY}, japan)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "61", "title"].item() == "The Czech Republic Beyond Prague"
add("id_lookup", ["tell me about item 61"], {"has_items": True, "subset_of_ids": ["61"]}, df.id == "61")

finish()
