"""Build ../requests/byo-r29b-spotify-tracks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (durations converted from milliseconds to minutes, artists matched by
splitting the `;`-joined `artists` list), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. The same song often appears several times
(on other albums, in another genre, or as an exact duplicate row), so facts are asked only about track
names that occur once.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29b-spotify-tracks"
PREFIX = "r29b-sp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 6000 and list(df["id"]) == [str(i) for i in range(1, 6001)]
assert list(df.columns) == ["id", "track_id", "artists", "album_name", "track_name", "popularity", "duration_ms",
                            "explicit", "danceability", "energy", "key", "loudness", "mode", "speechiness",
                            "acousticness", "instrumentalness", "liveness", "valence", "tempo", "time_signature",
                            "track_genre", "popular_or_not"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
POP, MS, TEMPO, ENERGY, DANCE = num("popularity"), num("duration_ms"), num("tempo"), num("energy"), num("danceability")
MINUTES = MS / 60000
GENRE = df["track_genre"]
assert set(GENRE) == {"country", "deep-house", "dubstep", "hip-hop", "metal", "rock"}
assert set(df.explicit) == {"True", "False"} and set(df.popular_or_not) == {"popular", "not popular"}
ARTISTS = df["artists"].str.split(";")


def by(artist):
    """Rows whose `;`-joined artist list contains `artist` (features and collaborations included)."""
    return ARTISTS.apply(lambda names: artist in names)


def raw_artists(artist):
    """Every raw `artists` string that names `artist` (what a text_in facet has to list)."""
    return sorted(df.loc[by(artist), "artists"].unique())


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["song", "Song", "track", "Track", "music", "Music", "Spotify", "artist", "genre"]


def track(name):
    r = df[df["track_name"].str.lower() == name.lower()]
    assert len(r) == 1, name                               # facts by name: the name is unique
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


def gap_empty(col, lo, hi):
    """Assert no value of `col` lies strictly between lo and hi (the gap skipped by a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["explicit hip hop tracks"],
    {"has_items": True, "text_in": {"track_genre": ["hip-hop"], "explicit": ["True"]}},
    (GENRE == "hip-hop") & (df.explicit == "True"), 5)
add("plain", ["metal songs with popularity over 70"],
    {"has_items": True, "text_in": {"track_genre": ["metal"]}, "num_range": {"popularity": [71, None]}},
    (GENRE == "metal") & (POP > 70), 5)
add("plain", ["deep house with danceablity of at least 0.8"],
    {"has_items": True, "text_in": {"track_genre": ["deep-house"]}, "num_range": {"danceability": [0.8, None]}},
    (GENRE == "deep-house") & (DANCE >= 0.8), 5)
assert raw_artists("Bon Jovi") == ["Big & Rich;Bon Jovi", "Bon Jovi"]
add("plain", ["Bon Jovi songs"], {"has_items": True, "text_in": {"artists": raw_artists("Bon Jovi")}},
    by("Bon Jovi"), 5)

# ---- units (duration_ms is milliseconds; people think in minutes) ---------------------------------
gap_empty("duration_ms", 179999, 180000)                  # whole milliseconds
add("units", ["country songs shorter than 3 minutes"],
    {"has_items": True, "text_in": {"track_genre": ["country"]}, "num_range": {"duration_ms": [None, 179999]}},
    (GENRE == "country") & (MINUTES < 3))
gap_empty("duration_ms", 390000, 390001)
add("units", ["tracks over six and a half minutes long"],
    {"has_items": True, "num_range": {"duration_ms": [390001, None]}}, MINUTES > 6.5)

# ---- fact (by track name; each of these names occurs once) -------------------------------------
assert track("Sweater Weather")["popularity"] == "93"
add("fact", ["what's the popularity score of Sweater Weather?"], {"reply_number": 93})
assert track("Super Freaky Girl")["artists"] == "Nicki Minaj"
add("fact", ["who sings super freaky girl"], {"reply_contains": "Nicki Minaj"})
assert track("Running Up That Hill (A Deal With God)")["tempo"] == "108.375"
add("fact", ["whats the bpm on Running Up That Hill (A Deal With God)"], {"reply_number": 108.375})

# ---- count ----------------------------------------------------------------------------------
assert (df.explicit == "True").sum() == 654
add("count", ["how many explicit tracks are there?"], {"reply_number": 654})
assert ((GENRE == "dubstep") & (df.popular_or_not == "popular")).sum() == 200
add("count", ["how many dubstep tracks are marked popular"], {"reply_number": 200})
assert by("Linkin Park").sum() == 67
add("count", ["how many Linkin Park songs are in here, features included?"], {"reply_number": 67})

# ---- superlative ----------------------------------------------------------------------------
rock3 = top_ids(POP.where(GENRE == "rock"), 3)             # 96, 93, 92; next is 90
assert sorted(POP[df.id.isin(rock3)]) == [92, 93, 96]
add("superlative", ["top 3 most popular rock songs"], {"has_items": True, "subset_of_ids": rock3},
    df.id.isin(rock3), 3)
longest = top_ids(MS, 1)
assert MS.max() == 1556883 and df.loc[df.id.isin(longest), "track_genre"].item() == "dubstep"
add("superlative", ["which is the longest track?"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)

# ---- ordinal (compared with another track) -------------------------------------------------------
assert track("Super Freaky Girl")["popularity"] == "92"
add("ordinal", ["hip-hop songs more popular than Super Freaky Girl"],
    {"has_items": True, "text_in": {"track_genre": ["hip-hop"]}, "num_range": {"popularity": [93, None]}},
    (GENRE == "hip-hop") & (POP > int(track("Super Freaky Girl")["popularity"])))
assert track("Sweater Weather")["tempo"] == "124.053"
gap_empty("tempo", 124.053, 124.054)                      # tempos have at most 3 decimals
add("ordinal", ["country songs with a faster tempo than sweater weather"],
    {"has_items": True, "text_in": {"track_genre": ["country"]}, "num_range": {"tempo": [124.054, None]}},
    (GENRE == "country") & (TEMPO > float(track("Sweater Weather")["tempo"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["metal songs that aren't explicit"],
    {"has_items": True, "text_in": {"track_genre": ["metal"], "explicit": ["False"]}},
    (GENRE == "metal") & (df.explicit != "True"))
assert set(df.time_signature) == {"1", "3", "4", "5"}
add("negation", ["dubstep tracks not in 4/4"],
    {"has_items": True, "text_in": {"track_genre": ["dubstep"], "time_signature": ["1", "3", "5"]}},
    (GENRE == "dubstep") & (df.time_signature != "4"))

# ---- disjunction ----------------------------------------------------------------------------
assert raw_artists("Kate Bush") == ["Kate Bush"] and raw_artists("Arctic Monkeys") == ["Arctic Monkeys"]
add("disjunction", ["anything by Kate Bush or Arctic Monkeys"],
    {"has_items": True, "text_in": {"artists": ["Arctic Monkeys", "Kate Bush"]}},
    by("Kate Bush") | by("Arctic Monkeys"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("energy", 0.9, 0.901)                           # energies have 3 decimals
add("follow_up", ["high energy metal, energy over 0.9", "only the explicit ones"],
    {"has_items": True, "text_in": {"track_genre": ["metal"], "explicit": ["True"]},
     "num_range": {"energy": [0.901, None]}},
    (GENRE == "metal") & (ENERGY > 0.9) & (df.explicit == "True"))
add("follow_up", ["rock songs", "only the popular ones", "and under 3 minutes"],
    {"has_items": True, "text_in": {"track_genre": ["rock"], "popular_or_not": ["popular"]},
     "num_range": {"duration_ms": [None, 179999]}},
    (GENRE == "rock") & (df.popular_or_not == "popular") & (MINUTES < 3))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["got any classical music?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    GENRE.str.contains("classical"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "4242", "track_name"].item() == "Perfect Strangers"
add("id_lookup", ["tell me about item 4242"], {"has_items": True, "subset_of_ids": ["4242"]}, df.id == "4242")

finish()
