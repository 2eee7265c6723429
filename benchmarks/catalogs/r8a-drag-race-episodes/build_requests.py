"""Build ../requests/byo-r8a-drag-race-episodes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (dates parsed, artist names matched case-insensitively as
substrings so that "Lady Gaga ft. Beyonce" counts as a Lady Gaga lip sync), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8a-drag-race-episodes"
PREFIX = "r8a-rpdr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 191 and list(df["id"]) == [str(i) for i in range(1, 192)]
num = lambda c: pd.to_numeric(df[c])
EP, QUEENS = num("episode"), num("numqueens")
AIR = pd.to_datetime(df["airdate"], format="%Y-%m-%d")
assert AIR.notna().all()
SEASONS = sorted(set(df.season))
assert SEASONS == [f"S{i:02d}" for i in range(1, 15)]
ARTIST = df["lipsyncartist"].fillna("")
has_artist = lambda a: ARTIST.str.contains(a, case=False, regex=False)
SNATCH = df["nickname"].str.contains("snatch game", case=False)
SNATCH_NAMES = sorted(set(df.loc[SNATCH, "nickname"]))
assert SNATCH_NAMES == ["Snatch Game", "Snatch Game at Sea", "Supermodel Snatch Game", "The Snatch Game"]
WHAT = ["episode", "Episode", "Drag Race", "RuPaul", "drag", "Drag", "season", "Season", "queen"]

# ---- shared helpers (identical in the three r8a build scripts) ---------------------------------
NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "doesn't", "isn't", "aren't", "there are no", "not any"]


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
    """Assert no value of `col` lies strictly between lo and hi (the gap a strict bound skips)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_n(values, n, largest=True):
    """Index labels of the n largest/smallest values; asserts the n-th and (n+1)-th differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="stable")
    assert s.iloc[n - 1] != s.iloc[n], (s.iloc[n - 1], s.iloc[n])
    return pd.Series(df.index.isin(s.index[:n]), index=df.index)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


def ep(season, episode):
    r = df[(df.season == season) & (df.episode == str(episode))]
    assert len(r) == 1, (season, episode)
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hiii what's this about?"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what can i look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me all the snatch game episodes"],
    {"has_items": True, "text_in": {"nickname": SNATCH_NAMES}}, SNATCH, 5)
add("plain", ["season 4 epsiodes"],
    {"has_items": True, "text_in": {"season": ["S04"]}}, df.season == "S04", 5)
add("plain", ["list the finales pls"],
    {"has_items": True, "text_in": {"finale": ["1"]}}, df.finale == "1", 5)
rif = df["minic"].fillna("").str.contains("reading is fundamental", case=False)
assert set(df.loc[rif, "minic"]) == {"Reading is Fundamental"}
add("plain", ["episodes where the mini challenge was reading is fundamental"],
    {"has_items": True, "text_in": {"minic": ["Reading is Fundamental"]}}, rif, 5)

# ---- units ("a dozen" queens; a calendar quarter) -----------------------------------------------
assert (QUEENS.dropna() % 1 == 0).all()
add("units", ["episodes that started with a dozen queens or more"],
    {"has_items": True, "num_range": {"numqueens": [12, None]}}, QUEENS >= 12)
q1 = (AIR >= "2021-01-01") & (AIR <= "2021-03-31")
add("units", ["what aired in the first quarter of 2021?"],
    {"has_items": True, "text_in": {"airdate": sorted(set(df.loc[q1, "airdate"]))}}, q1)

# ---- fact -----------------------------------------------------------------------------------
assert ep("S01", 1)["lipsyncsong"] == "Supermodel" and AIR.idxmin() == 0
add("fact", ["what song was the lip sync in the very first episode?"], {"reply_contains": "Supermodel"})
s5_snatch = df[(df.season == "S05") & SNATCH]
assert len(s5_snatch) == 1 and s5_snatch.iloc[0]["eliminated1"] == "Lineysha Sparx"
assert s5_snatch["eliminated2"].isna().all()
add("fact", ["who went home in the season 5 snatch game?"], {"reply_contains": "Lineysha"})
fin6 = df[(df.season == "S06") & (df.finale == "1")]
assert len(fin6) == 1 and fin6.iloc[0]["airdate"] == "2014-05-19"
add("fact", ["when did the season 6 finale air"],
    {"reply_contains_any": ["2014-05-19", "May 19", "19 May", "5/19/2014", "19/05/2014", "May 19th"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.season == "S03").sum() == 16
add("count", ["how many episodes does season 3 have?"], {"reply_number": 16})
assert (df.special == "1").sum() == 25
add("count", ["how many specials are there in total"], {"reply_number": 25})
assert has_artist("britney").sum() == 6 == (df.lipsyncartist == "Britney Spears").sum()
add("count", ["how many times did they lip sync to britney?"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
most = top_n(QUEENS, 1)
assert ids(most) == ["132"]                                  # S11 E1, 15 queens
add("superlative", ["which episode started with the most queens"], {"has_items": True, "subset_of_ids": ["132"]}, most)
recent = top_n(AIR, 3)
assert ids(recent) == ["189", "190", "191"]
add("superlative", ["the 3 most recent episodes"], {"has_items": True, "subset_of_ids": ["189", "190", "191"]}, recent, 3)

# ---- ordinal (relative to a named episode) ----------------------------------------------------
s10_snatch = df[(df.season == "S10") & SNATCH]
assert len(s10_snatch) == 1 and s10_snatch.iloc[0]["episode"] == "7"
add("ordinal", ["season 10 episodes after the snatch game"],
    {"has_items": True, "text_in": {"season": ["S10"]}, "num_range": {"episode": [8, None]}},
    (df.season == "S10") & (EP > 7))
first_snatch = AIR[SNATCH].min()
assert first_snatch == pd.Timestamp("2010-02-22")
before = AIR < first_snatch
add("ordinal", ["episodes that aired before the very first snatch game"],
    {"has_items": True, "text_in": {"airdate": sorted(set(df.loc[before, "airdate"]))}}, before)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["season 11 episodes that arent specials"],
    {"has_items": True, "text_in": {"season": ["S11"], "special": ["0"]}}, (df.season == "S11") & (df.special == "0"))
rupaul = has_artist("rupaul")
assert set(df.loc[rupaul, "lipsyncartist"]) == {"RuPaul", "Martha Wash and RuPaul"}
add("negation", ["lip syncs that weren't to a RuPaul song"],
    {"has_items": True, "text_in": {"lipsyncartist": sorted(set(df.lipsyncartist.dropna()) - {"RuPaul", "Martha Wash and RuPaul"})}},
    df.lipsyncartist.notna() & ~rupaul)

# ---- disjunction ----------------------------------------------------------------------------
mg = has_artist("madonna") | has_artist("lady gaga")
assert set(df.loc[mg, "lipsyncartist"]) == {"Madonna", "Lady Gaga", "Lady Gaga ft. Beyonce"}
add("disjunction", ["episodes with a madonna or lady gaga lipsync"],
    {"has_items": True, "text_in": {"lipsyncartist": ["Lady Gaga", "Lady Gaga ft. Beyonce", "Madonna"]}}, mg)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me season 9", "only the ones that had a mini challenge"],
    {"has_items": True, "text_in": {"season": ["S09"], "minic": sorted(set(df.minic.dropna()))}},
    (df.season == "S09") & df.minic.notna())
later = [s for s in SEASONS if s >= "S08"]
add("follow_up", ["list the snatch game episodes", "just from season 8 onwards", "which of those had a madonna lip sync?"],
    {"has_items": True, "text_in": {"nickname": SNATCH_NAMES, "season": later, "lipsyncartist": ["Madonna"]}},
    SNATCH & (df.season >= "S08") & has_artist("madonna"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["got any episodes from season 15?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, df.season == "S15")

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "100", "nickname"].item() == "Shady Politics"
add("id_lookup", ["show me item 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
