"""Build ../requests/byo-r14b-bakeoff-ratings.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (viewer figures are millions of viewers, so "13,500,000 people" is
checked as viewers_7day * 1e6 > 13.5e6; iPlayer requests are plain counts, so "2 million requests" is
2,000,000), and the script asserts that the `expect` facets accept exactly those rows. Counts and facts
are asserted against the file. An episode is named by its parts (series + episode); there is no title.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14b-bakeoff-ratings"
PREFIX = "r14b-bo"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 94 and list(df["id"]) == [str(i) for i in range(1, 95)]
assert list(df.columns) == ["id", "series", "episode", "uk_airdate", "viewers_7day", "viewers_28day",
                            "network_rank", "channels_rank", "bbc_iplayer_requests", "episode_count",
                            "us_season", "us_airdate"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SERIES, EP, V7 = num("series"), num("episode"), num("viewers_7day")
NET, CHAN, IPLAYER, USS = num("network_rank"), num("channels_rank"), num("bbc_iplayer_requests"), num("us_season")
UKDATE = pd.to_datetime(df["uk_airdate"], format="%Y-%m-%d")
assert V7.notna().all() and UKDATE.notna().all()
assert IPLAYER.isna().sum() == 74 and NET.isna().sum() == 24 and CHAN.isna().sum() == 44
assert (num("episode_count") == num("id")).all()           # the running episode number equals the row id here

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["Bake Off", "bake off", "Bake-Off", "baking", "Baking", "episode", "Episode", "viewer", "Viewer",
        "rating", "Rating"]


def episode(s, e):
    r = df[(SERIES == s) & (EP == e)]
    assert len(r) == 1, (s, e)
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what's in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["series 7 episodes"], {"has_items": True, "text_in": {"series": ["7"]}}, SERIES == 7, 5)
gap_empty("viewers_7day", 12, 12.01)                      # 12.0 itself is in the file and must not pass
add("plain", ["epsiodes with more than 12 million viewers"],
    {"has_items": True, "num_range": {"viewers_7day": [12.01, None]}}, V7 > 12, 5)
add("plain", ["which episodes were number 1 across all channels that week?"],
    {"has_items": True, "num_range": {"channels_rank": [1, 1]}}, CHAN == 1, 5)
in2013 = sorted(df.loc[UKDATE.dt.year == 2013, "uk_airdate"])
assert len(in2013) == 10
add("plain", ["episodes first shown in the UK in 2013"],
    {"has_items": True, "text_in": {"uk_airdate": in2013}}, UKDATE.dt.year == 2013, 5)

# ---- units (viewers_7day is in millions; bbc_iplayer_requests is a plain count) ----------------------
gap_empty("viewers_7day", 13.5, 13.51)
add("units", ["episodes watched by over 13,500,000 people in the first week"],
    {"has_items": True, "num_range": {"viewers_7day": [13.51, None]}}, V7 * 1e6 > 13_500_000)
gap_empty("bbc_iplayer_requests", 2_000_000, 2_000_001)
add("units", ["which ones got more than 2 million iPlayer requests?"],
    {"has_items": True, "num_range": {"bbc_iplayer_requests": [2_000_001, None]}}, IPLAYER > 2_000_000)

# ---- fact -----------------------------------------------------------------------------------
assert EP[SERIES == 5].max() == 10 and episode(5, 10)["viewers_7day"] == "13.51"
add("fact", ["how many people watched the series 5 final?"], {"reply_number": 13.51})
assert episode(2, 3)["uk_airdate"] == "2011-08-30"
add("fact", ["when did series 2 episode 3 air?"],
    {"reply_contains_any": ["2011-08-30", "30 August 2011", "August 30, 2011", "30 Aug 2011", "Aug 30, 2011",
                            "30/08/2011", "08/30/2011"]})
assert episode(6, 1)["bbc_iplayer_requests"] == "2063000.0"
add("fact", ["how many iplayer requests did the first episode of series 6 get"], {"reply_number": 2063000})

# ---- count ----------------------------------------------------------------------------------
assert (V7 > 10).sum() == 28
add("count", ["how many episodes pulled in more than 10 million veiwers?"], {"reply_number": 28})
assert IPLAYER.isna().sum() == 74
add("count", ["how many episodes have no iPlayer figures?"], {"reply_number": 74})
assert (SERIES == 2).sum() == 8
add("count", ["how many episodes did series 2 have"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
top1 = top_ids(V7, 1)
assert top1 == ["64"] and V7.max() == 15.9
add("superlative", ["what's the most watched episode?"], {"has_items": True, "subset_of_ids": top1},
    df.id.isin(top1), 1)
low3 = top_ids(V7, 3, largest=False)                     # 2.24, 2.6, 2.75; next is 3.0
assert sorted(V7[df.id.isin(low3)]) == [2.24, 2.6, 2.75]
add("superlative", ["the 3 least watched episodes"], {"has_items": True, "subset_of_ids": low3},
    df.id.isin(low3), 3)

# ---- ordinal --------------------------------------------------------------------------------
second = sorted(set(top_ids(V7, 2)) - set(top_ids(V7, 1)), key=int)
assert second == ["54"] and episode(6, 10)["viewers_7day"] == "15.05"
add("ordinal", ["which episode was the 2nd most watched"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)
assert episode(4, 1)["network_rank"] == "11.0"
gap_empty("network_rank", 11, 12)
add("ordinal", ["episodes that ranked worse on their network than series 4 ep 1"],
    {"has_items": True, "num_range": {"network_rank": [12, None]}}, NET > float(episode(4, 1)["network_rank"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["episodes that weren't number one on the network"],
    {"has_items": True, "num_range": {"network_rank": [2, None]}}, NET.notna() & (NET != 1))
gap_empty("viewers_7day", 8.99, 9)
add("negation", ["series 10 episodes that didn't reach 9 million viewers"],
    {"has_items": True, "text_in": {"series": ["10"]}, "num_range": {"viewers_7day": [None, 8.99]}},
    (SERIES == 10) & ~(V7 >= 9))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["episodes from either the first or the last series"],
    {"has_items": True, "text_in": {"series": ["1", "10"]}}, (SERIES == SERIES.min()) | (SERIES == SERIES.max()))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("viewers_7day", 9.5, 9.51)
add("follow_up", ["series 9 episodes", "only the ones above 9.5 million"],
    {"has_items": True, "text_in": {"series": ["9"]}, "num_range": {"viewers_7day": [9.51, None]}},
    (SERIES == 9) & (V7 > 9.5))
assert df.loc[USS == 2, "us_airdate"].notna().all()        # every US season 2 row has a US airdate
gap_empty("viewers_7day", 10, 10.01)
add("follow_up", ["which episodes were shown in the US?", "just US season 2",
                  "which of those had more than 10 million UK viewers?"],
    {"has_items": True, "num_range": {"us_season": [2, 2], "viewers_7day": [10.01, None]}},
    df.us_airdate.notna() & (USS == 2) & (V7 > 10), 5)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any episode with over 20 million viewers?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    V7 > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", ["series", "episode"]].values.tolist() == [["3", "3"]]
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
