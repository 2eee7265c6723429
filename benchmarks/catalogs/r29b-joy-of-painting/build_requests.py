"""Build ../requests/byo-r29b-joy-of-painting.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions on the 0/1 tag columns, the season and the episode number (the overall
episode number (season - 1) * 13 + episode_num stands for "the first 100 episodes"; "a dozen seasons" is 12),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. Titles are upper case in the file and asked in mixed case; the row `id` happens to equal the
overall episode number (asserted), so "item 58" and "the 58th episode" are the same row here.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29b-joy-of-painting"
PREFIX = "r29b-jp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 403 and list(df["id"]) == [str(i) for i in range(1, 404)]
assert list(df.columns[:5]) == ["id", "episode", "season", "episode_num", "title"] and len(df.columns) == 72
TAGS = list(df.columns[5:])
assert all(set(df[c]) <= {"0", "1"} for c in TAGS) and df.notna().all().all()   # 67 tag columns, no blanks
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SEASON, EP = num("season"), num("episode_num")
OVERALL = (SEASON - 1) * 13 + EP                           # overall episode number 1..403
assert (OVERALL == num("id")).all() and df.episode.is_unique
has = lambda c: df[c] == "1"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["paint", "Paint", "Bob Ross", "episode", "Episode", "Joy of Painting", "landscape"]


def titled(t):
    r = df[df["title"].str.upper() == t.upper()]
    assert len(r) == 1, t                                  # facts by name: the name is unique
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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["paintings with a waterfall"], {"has_items": True, "text_in": {"waterfall": ["1"]}},
    has("waterfall"), 5)
add("plain", ["show me winter scenes with a cabbin in them"],
    {"has_items": True, "text_in": {"winter": ["1"], "cabin": ["1"]}}, has("winter") & has("cabin"), 5)
add("plain", ["ocean paintings from seasons 1 to 5"],
    {"has_items": True, "text_in": {"ocean": ["1"]}, "num_range": {"season": [1, 5]}},
    has("ocean") & (SEASON >= 1) & (SEASON <= 5), 5)
add("plain", ["snowy mountain with a lake"],
    {"has_items": True, "text_in": {"snowy_mountain": ["1"], "lake": ["1"]}}, has("snowy_mountain") & has("lake"), 5)

# ---- units (counts in the units people use: a dozen seasons; episodes counted over the whole run) -----
add("units", ["cabins in the first dozen seasons"],
    {"has_items": True, "text_in": {"cabin": ["1"]}, "num_range": {"season": [None, 12]}},
    has("cabin") & (SEASON <= 12), 5)
first100 = has("ocean") & (OVERALL <= 100)                 # episodes 1..100 = S01E01 .. S08E09
assert ids(first100) == ["9", "16", "22", "28", "34", "44", "58", "61"]
add("units", ["ocean paintings in the first 100 episodes"],
    {"has_items": True, "text_in": {"ocean": ["1"]}, "subset_of_ids": ids(first100)}, first100)

# ---- fact (by title, asked in mixed case; each title is unique) ------------------------------------
assert titled("NORTHWEST MAJESTY")["season"] == "4"
add("fact", ["what season was Northwest Majesty in?"], {"reply_number": 4})
assert titled("COVERED BRIDGE")["episode_num"] == "6"
add("fact", ["which episode of its season is covered bridge"], {"reply_number": 6})
assert titled("EVENING SEASCAPE")["episode"] == "S04E05"
add("fact", ["what's the episode code for Evening Seascape?"],
    {"reply_contains_any": ["S04E05", "season 4, episode 5", "Season 4, Episode 5", "season 4 episode 5",
                            "Season 4 Episode 5", "Season 4, episode 5"]})

# ---- count ----------------------------------------------------------------------------------
assert has("guest").sum() == 22
add("count", ["how many episodes had a guest painter?"], {"reply_number": 22})
assert has("night").sum() == 11
add("count", ["how many night scenes are there"], {"reply_number": 11})
assert has("barn").sum() == 17
add("count", ["number of paintings with a barn in them?"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
last = top_ids(OVERALL, 1)
assert last == ["403"] and df.loc[402, "episode"] == "S31E13"
add("superlative", ["what was the very last painting of the show?"],
    {"has_items": True, "subset_of_ids": last}, df.id.isin(last), 1)
first_guests = top_ids(OVERALL.where(has("guest")), 3, largest=False)
assert first_guests == ["39", "43", "50"]
add("superlative", ["the first 3 episodes that had a guest"],
    {"has_items": True, "subset_of_ids": first_guests}, df.id.isin(first_guests), 3)

# ---- ordinal (compared with another episode) ----------------------------------------------------
assert titled("RUSTIC BARN")["season"] == "3"
add("ordinal", ["barn paintings from later seasons than Rustic Barn"],
    {"has_items": True, "text_in": {"barn": ["1"]}, "num_range": {"season": [4, None]}},
    has("barn") & (SEASON > int(titled("RUSTIC BARN")["season"])))
assert titled("ARIZONA SPLENDOR")["season"] == "5"
add("ordinal", ["guest episodes from seasons before the one with arizona splendor"],
    {"has_items": True, "text_in": {"guest": ["1"]}, "num_range": {"season": [None, 4]}},
    has("guest") & (SEASON < int(titled("ARIZONA SPLENDOR")["season"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["winter paintings that aren't framed"],
    {"has_items": True, "text_in": {"winter": ["1"], "framed": ["0"]}}, has("winter") & ~has("framed"))
assert not (has("snowy_mountain") & ~has("mountain")).any()      # a snowy mountain is always tagged mountain
add("negation", ["lake scenes without any mountains"],
    {"has_items": True, "text_in": {"lake": ["1"], "mountain": ["0"], "mountains": ["0"]}},
    has("lake") & ~has("mountain") & ~has("mountains") & ~has("snowy_mountain"))

# ---- disjunction ----------------------------------------------------------------------------
disj = has("lighthouse") | has("windmill") | has("mill")
assert ids(disj) == ["34", "35", "62", "218"]
add("disjunction", ["paintings with a lighthouse, a windmill or a mill"],
    {"has_items": True, "subset_of_ids": ["34", "35", "62", "218"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me paintings with a waterfall", "only the ones from season 10 on"],
    {"has_items": True, "text_in": {"waterfall": ["1"]}, "num_range": {"season": [10, None]}},
    has("waterfall") & (SEASON >= 10))
assert not (has("beach") & ~has("ocean")).any()
add("follow_up", ["ocean paintings", "just the ones with a beach", "and no palm trees pls"],
    {"has_items": True, "text_in": {"ocean": ["1"], "beach": ["1"], "palm_trees": ["0"]}},
    has("ocean") & has("beach") & ~has("palm_trees"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any paintings with a cactus in the snow?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    has("cactus") & has("snow"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "58", "title"].item() == "OCEAN SUNRISE"
add("id_lookup", ["tell me about item 58"], {"has_items": True, "subset_of_ids": ["58"]}, df.id == "58")

finish()
