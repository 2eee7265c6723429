"""Build ../requests/byo-r12b-chinook-tracks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (milliseconds converted to minutes, bytes to megabytes, composer names
matched case-insensitively whatever order they are written in), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. `album`, `genre` and
`mediatype` are bare integer keys of other tables that are not in the file; users ask for "album 141".
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12b-chinook-tracks"
PREFIX = "r12b-ct"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3503 and list(df["id"]) == [str(i) for i in range(1, 3504)]
assert list(df.columns) == ["id", "name", "album", "mediatype", "genre", "composer", "milliseconds", "bytes",
                            "unit_price"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MS, BYTES = num("milliseconds"), num("bytes")
MIN = MS / 60000
assert set(df.unit_price) == {"0.99", "1.99"} and df.composer.isna().sum() == 978
assert df.drop(columns="composer").notna().all().all()
COMP = df.composer.fillna("").str.lower()                 # blank composers never match a name
HENDRIX = COMP.str.contains("hendrix", regex=False)
assert sorted(df.loc[HENDRIX, "composer"].unique()) == ["Hendrix, Jimi", "Jimi Hendrix"]   # two spellings

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["track", "Track", "song", "Song", "music", "Music"]


def track(title):
    r = df[df["name"].str.lower() == title.lower()]
    assert len(r) == 1, (title, len(r))
    return r.iloc[0]


def composers_matching(mask):
    """The raw composer values of the rows in mask (for a text_in facet)."""
    return sorted(df.loc[mask.fillna(False).astype(bool), "composer"].dropna().unique())


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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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
add("greeting", ["hello there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff have you got?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["songs by Jimi Hendrix"], {"has_items": True, "text_in": {"composer": composers_matching(HENDRIX)}},
    HENDRIX, 5)
add("plain", ["tracks on album 141"], {"has_items": True, "text_in": {"album": ["141"]}}, df.album == "141", 5)
add("plain", ["stuff priced at $1.99"], {"has_items": True, "text_in": {"unit_price": ["1.99"]}},
    num("unit_price") == 1.99, 5)
# Jimmy Page is named in 21 different composer strings; one more credit, "Page, Jones" (Your Time Is Gonna Come, a Led
# Zeppelin track with John Paul Jones), names him by surname only
PAGE = COMP.str.contains("jimmy page", regex=False) | (COMP == "page, jones")
assert (COMP == "page, jones").sum() == 1 and PAGE.sum() == 80
add("plain", ["songs written or co-written by Jimmy Page"], {"has_items": True, "text_in": {"composer": composers_matching(PAGE)}},
    PAGE, 5)

# ---- units (milliseconds and bytes; the user thinks in minutes and MB) ---------------------------
gap_empty("milliseconds", 600000, 600001)
add("units", ["tracks longer than 10 minutes"], {"has_items": True, "num_range": {"milliseconds": [600001, None]}},
    MIN > 10)
# 400 MB is 400,000,000 or 419,430,400 bytes; no file lies between, so both readings give the same rows
gap_empty("bytes", 400e6, 400 * 2 ** 20 + 1)
add("units", ["which files are over 400 MB?"], {"has_items": True, "num_range": {"bytes": [400000001, None]}},
    BYTES / 1e6 > 400)

# ---- fact -----------------------------------------------------------------------------------
assert track("Bohemian Rhapsody")["composer"] == "Mercury, Freddie"
add("fact", ["who wrote Bohemian Rhapsody?"], {"reply_contains": "Mercury"})
assert track("Purple Haze")["album"] == "120"
add("fact", ["what album number is Purple Haze on"], {"reply_number": 120})
assert track("Satisfaction")["milliseconds"] == "226612"          # 3 min 46.6 s
add("fact", ["how long is Satisfaction"],
    {"reply_contains_any": ["3:46", "3:47", "226612", "226,612", "226.6", "3.78", "3 min"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.unit_price == "1.99").sum() == 213
add("count", ["how many tracks cost 1.99?"], {"reply_number": 213})
assert df.composer.isna().sum() == 978
add("count", ["how many tracks dont have a composer listed"], {"reply_number": 978})
assert (MIN > 60).sum() == 2
add("count", ["how many tracks run over an hour"], {"reply_number": 2})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(MS, 1)
assert longest == ["2820"] and df.loc[2819, "name"] == "Occupation / Precipice"
add("superlative", ["what's the longest track"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)
short3 = top_ids(MS, 3, largest=False)                   # 1071, 4884, 6373 ms; next is 6635
assert sorted(MS[df.id.isin(short3)].tolist()) == [1071, 4884, 6373]
add("superlative", ["the 3 shortest tracks"], {"has_items": True, "subset_of_ids": short3}, df.id.isin(short3), 3)

# ---- ordinal (compared with another track) ---------------------------------------------------
ph = int(track("Purple Haze")["milliseconds"])
assert ph == 171572
add("ordinal", ["hendrix songs longer than Purple Haze"],
    {"has_items": True, "text_in": {"composer": composers_matching(HENDRIX)}, "num_range": {"milliseconds": [ph + 1, None]}},
    HENDRIX & (MS > ph))
br = int(track("Bohemian Rhapsody")["milliseconds"])
add("ordinal", ["tracks on album 185 shorter than Bohemian Rhapsody"],
    {"has_items": True, "text_in": {"album": ["185"]}, "num_range": {"milliseconds": [None, br - 1]}},
    (df.album == "185") & (MS < br))

# ---- negation -------------------------------------------------------------------------------
# "not written by Freddie Mercury": every other raw composer value, i.e. all but the five that credit him
# (`Mercury, Freddie`, `Freddie Mercury`, `Mercury`, ...); blank composers are not "someone else"
MERCURY = composers_matching(COMP.str.contains("mercury", regex=False))
assert len(MERCURY) == 5 and not COMP[df.album == "185"].eq("").any()
add("negation", ["album 185 songs not written by Freddie Mercury"],
    {"has_items": True, "text_in": {"album": ["185"], "composer": others("composer", *MERCURY)}},
    (df.album == "185") & df.composer.notna() & ~COMP.str.contains("mercury", regex=False))
add("negation", ["tracks on album 141 that aren't shorter than 5 minutes"],
    {"has_items": True, "text_in": {"album": ["141"]}, "num_range": {"milliseconds": [300000, None]}},
    (df.album == "141") & ~(MIN < 5))

# ---- disjunction ----------------------------------------------------------------------------
MOZ_BEET = COMP.str.contains("mozart", regex=False) | COMP.str.contains("beethoven", regex=False)
assert composers_matching(MOZ_BEET) == ["Ludwig van Beethoven", "Wolfgang Amadeus Mozart"]
add("disjunction", ["anything by mozart or beethovan"],
    {"has_items": True, "text_in": {"composer": ["Ludwig van Beethoven", "Wolfgang Amadeus Mozart"]}}, MOZ_BEET)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("milliseconds", 210000, 210001)
add("follow_up", ["Jimi Hendrix songs", "only the ones longer than 3 and a half minutes"],
    {"has_items": True, "text_in": {"composer": composers_matching(HENDRIX)}, "num_range": {"milliseconds": [210001, None]}},
    HENDRIX & (MIN > 3.5))
gap_empty("milliseconds", 1500000, 1500001)
add("follow_up", ["what can I get for 1.99?", "just album 251", "which of those are longer than 25 minutes"],
    {"has_items": True, "text_in": {"unit_price": ["1.99"], "album": ["251"]},
     "num_range": {"milliseconds": [1500001, None]}},
    (df.unit_price == "1.99") & (df.album == "251") & (MIN > 25))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there any track longer than 2 hours?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    MIN > 120)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "name"].item() == "Let There Be Rock"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
