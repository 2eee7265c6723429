"""Build ../requests/byo-r19a-idol-auditions.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (a state matched inside the free-text `audition_city`, case-insensitively,
so the misspelt `Austin, Texasa` counts as Texas; dates parsed from the ISO `audition_date_start`; "dozens" of
golden tickets multiplied out), and the script asserts that the `expect` facets accept exactly those rows.
The literal `NA` of the source is read by pandas as a blank, and a blank never passes a facet.
Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19a-idol-auditions"
PREFIX = "r19a-id"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings; the source's `NA` becomes a blank
assert len(df) == 142 and list(df["id"]) == [str(i) for i in range(1, 143)]
assert list(df.columns) == ["id", "season", "audition_date_start", "audition_date_end", "audition_city",
                            "audition_venue", "episodes", "episode_air_date", "callback_venue",
                            "callback_date_start", "callback_date_end", "tickets_to_hollywood", "guest_judge"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SEASON, TICKETS = num("season"), num("tickets_to_hollywood")
START = pd.to_datetime(df["audition_date_start"], format="%Y-%m-%d")
CITY = df["audition_city"]
assert TICKETS.isna().sum() == 48 and df.guest_judge.notna().sum() == 9 and df.audition_city.notna().all()
assert (TICKETS.dropna() % 1 == 0).all() and set(SEASON) == set(range(1, 19))

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["audition", "Audition", "Idol", "idol", "Hollywood", "season", "Season"]


def city_has(word):
    return CITY.str.contains(word, case=False, regex=False)


def raw_values(col, mask):
    """Every distinct raw value of `col` on the rows of `mask` (sorted), for a text_in facet."""
    return sorted(df.loc[mask.fillna(False).astype(bool), col].dropna().unique().tolist())


def one(mask):
    r = df[mask.fillna(False).astype(bool)]
    assert len(r) == 1, r
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
texas = city_has("Texas")                                  # includes the misspelt "Austin, Texasa"
assert "Austin, Texasa" in raw_values("audition_city", texas) and int(texas.sum()) == 14
add("plain", ["auditions in texas"], {"has_items": True, "text_in": {"audition_city": raw_values("audition_city", texas)}},
    texas, 5)
add("plain", ["show me the audition stops from the first five seasons"],
    {"has_items": True, "num_range": {"season": [1, 5]}}, (SEASON >= 1) & (SEASON <= 5), 5)
add("plain", ["which auditions sent 40 or more people to Hollywood?"],
    {"has_items": True, "num_range": {"tickets_to_hollywood": [40, None]}}, TICKETS >= 40, 5)
cal = city_has("California")
add("plain", ["california auditions"], {"has_items": True, "text_in": {"audition_city": raw_values("audition_city", cal)}},
    cal, 5)

# ---- units (golden tickets asked in dozens) -------------------------------------------------------
gap_empty("tickets_to_hollywood", 36, 37)
add("units", ["where did they hand out more than three dozen golden tickets"],
    {"has_items": True, "num_range": {"tickets_to_hollywood": [37, None]}}, TICKETS / 12 > 3)
add("units", ["auditions that gave a dozen golden tickets or less"],
    {"has_items": True, "num_range": {"tickets_to_hollywood": [None, 12]}}, TICKETS / 12 <= 1)

# ---- fact (asked by a city that occurs once) ------------------------------------------------
assert one(city_has("Honolulu"))["audition_venue"] == "Aloha Stadium"
add("fact", ["what venue hosted the honolulu auditions?"], {"reply_contains": "Aloha Stadium"})
assert one(city_has("San Juan"))["tickets_to_hollywood"] == "9"
add("fact", ["how many golden tickets were given out in San Juan?"], {"reply_number": 9})
cda = one(city_has("Coeur d"))
assert cda["audition_date_start"] == "2018-10-14" and cda["audition_date_end"] == "2018-10-15"
add("fact", ["when did they audition in coeur dalene"],
    {"reply_contains_any": ["2018-10-14", "October 14", "Oct 14", "Oct. 14", "14 October", "14 Oct", "10/14/2018"]})

# ---- count ----------------------------------------------------------------------------------
assert (SEASON == 18).sum() == 25
add("count", ["how many audition stops did season 18 have"], {"reply_number": 25})
assert df.guest_judge.notna().sum() == 9
add("count", ["How many auditions had a guest judge?"], {"reply_number": 9})
assert city_has("Nashville").sum() == 7
add("count", ["how many times did idol audition in nashvile"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(TICKETS, 1)
assert most == ["66"] and TICKETS.max() == 561
add("superlative", ["which audition sent the most people through to hollywood?"],
    {"has_items": True, "subset_of_ids": most}, df.id.isin(most), 1)
first = top_ids(START.astype("int64"), 1, largest=False)
assert first == ["1"] and df.loc[0, "audition_date_start"] == "2002-04-20"
add("superlative", ["what was the very first audition?"], {"has_items": True, "subset_of_ids": first},
    df.id.isin(first), 1)

# ---- ordinal (compared with another stop; the n-th stop of a season) --------------------------
boston05 = one(city_has("Boston") & (START.dt.year == 2005))
assert boston05["tickets_to_hollywood"] == "28"
add("ordinal", ["auditions that sent more people to hollywood than boston did in 2005"],
    {"has_items": True, "num_range": {"tickets_to_hollywood": [29, None]}}, TICKETS > 28)
s9 = START[SEASON == 9].sort_values(kind="mergesort")
assert s9.iloc[0] < s9.iloc[1] < s9.iloc[2]              # no tie for 1st/2nd/3rd stop
second9 = [str(df.loc[s9.index[1], "id"])]
assert second9 == ["58"] and df.loc[s9.index[1], "audition_city"] == "Atlanta, Georgia"
add("ordinal", ["what was the 2nd stop of season 9"], {"has_items": True, "subset_of_ids": second9},
    df.id.isin(second9), 1)

# ---- negation -------------------------------------------------------------------------------
not_cal = raw_values("audition_city", ~cal)                # every other raw city value
add("negation", ["season 18 auditions that weren't in california"],
    {"has_items": True, "num_range": {"season": [18, 18]}, "text_in": {"audition_city": not_cal}},
    (SEASON == 18) & ~cal)
add("negation", ["stops that didn't send more than 20 ppl to hollywood"],
    {"has_items": True, "num_range": {"tickets_to_hollywood": [None, 20]}}, TICKETS.notna() & ~(TICKETS > 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = city_has("Hawaii") | city_has("Puerto Rico")
assert ids(disj) == ["20", "53"]
add("disjunction", ["auditions in hawaii or puerto rico"],
    {"has_items": True, "text_in": {"audition_city": ["Honolulu, Hawaii", "San Juan, Puerto Rico"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
ny = city_has("New York")
assert raw_values("audition_city", ny) == ["New York City, New York", "New York, New York", "Uniondale, New York"]
add("follow_up", ["any auditions in new york?", "only from season 10 onwards"],
    {"has_items": True, "text_in": {"audition_city": raw_values("audition_city", ny)}, "num_range": {"season": [10, None]}},
    ny & (SEASON >= 10))
july = (START.dt.year >= 2010) & (START.dt.year <= 2013) & (START.dt.month == 7)
add("follow_up", ["show me auditions between 2010 and 2013", "only the ones held in july",
                  "which of those sent over 40 people to hollywood?"],
    {"has_items": True, "text_in": {"audition_date_start": raw_values("audition_date_start", july)},
     "num_range": {"tickets_to_hollywood": [41, None]}},
    july & (TICKETS > 40))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["were there ever auditions in alaska?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    city_has("Alaska"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "98", "audition_city"].item() == "Bus tour – various cities"
add("id_lookup", ["tell me about item 98"], {"has_items": True, "subset_of_ids": ["98"]}, df.id == "98")

finish()
