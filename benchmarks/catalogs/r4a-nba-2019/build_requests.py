"""Build ../requests/byo-r4a-nba-2019.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (heights converted from feet/inches or metres to the file's inches),
and the script asserts that the `expect` facets (read the way a checker reads items.csv: plain
pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are asserted against the file.
"Guards" / "forwards" / "centers" include the hyphenated dual positions that contain the word
(`Guard-Forward` is both a guard and a forward); those requests list every such raw value in `text_in`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4a-nba-2019"
PREFIX = "nba"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 494 and list(df["id"]) == list(range(1, 495))
POS = sorted(df["position"].unique())
assert POS == ["Center", "Center-Forward", "Forward", "Forward-Center", "Forward-Guard", "Guard", "Guard-Forward"]
assert df["team"].nunique() == 30 and df.groupby("team")["team_abbr"].nunique().eq(1).all()


def with_word(w):
    return [p for p in POS if w in p.split("-")]


def ft(feet, inches=0):
    return feet * 12 + inches


pos = df["position"]
h = df["height"]
NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "isn't", "aren't"]
WHAT = ["player", "Player", "NBA", "basketball", "Basketball", "team", "Team", "roster"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def accepted(expect):
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
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["yo what's this"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what kind of stuff can i ask you about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["lakers players"], {"has_items": True, "text_in": {"team": ["Lakers"]}},
    df["team_abbr"] == "LAL", 5)
# the file calls the 76ers "Sixers" (abbr PHI)
add("plain", ["76ers roster"], {"has_items": True, "text_in": {"team": ["Sixers"]}},
    df["team_abbr"] == "PHI", 5)
gsw_f = (df["team_abbr"] == "GSW") & pos.str.contains("Forward")
assert int(gsw_f.sum()) == 8
add("plain", ["golden state forwards"],
    {"has_items": True, "text_in": {"team": ["Warriors"], "position": with_word("Forward")}}, gsw_f, 5)
por_g = (df["team_abbr"] == "POR") & pos.str.contains("Guard")
add("plain", ["portland guards"],
    {"has_items": True, "text_in": {"team_abbr": ["POR"], "position": with_word("Guard")}}, por_g, 5)

# ---- units (height is in inches) ---------------------------------------------------------------
seven = h * 2.54 >= 7 * 30.48
assert int(seven.sum()) == 45
add("units", ["players 7 feet or taller"], {"has_items": True, "num_range": {"height": [84, None]}}, seven)
short_g = pos.str.contains("Guard") & (h * 2.54 < 185)
assert int(short_g.sum()) == 12
add("units", ["guards shorter than 1.85 m"],
    {"has_items": True, "text_in": {"position": with_word("Guard")}, "num_range": {"height": [None, 72]}},
    short_g)

# ---- fact -----------------------------------------------------------------------------------
assert row(447)["first_name"] == "Karl-Anthony" and row(447)["number"] == 32
add("fact", ["what number does karl-anthony towns wear"], {"reply_number": 32})
assert row(231)["last_name"] == "Jackson Jr." and row(231)["height"] == 83
add("fact", ["how tall is jaren jackson jr, in inches?"], {"reply_number": 83})
assert row(406)["first_name"] == "D'Angelo" and row(406)["team"] == "Nets"
add("fact", ["what team is dangelo russell on"], {"reply_contains": "Nets"})

# ---- count ----------------------------------------------------------------------------------
assert (df["team"] == "Bucks").sum() == 18
add("count", ["how many players do the bucks have?"], {"reply_number": 18})
assert (df["number"] == 0).sum() == 24
add("count", ["how many guys wear number 0?"], {"reply_number": 24})
assert df["last_name"].str.endswith("Jr.").sum() == 12
add("count", ["how many players are a Jr.?"], {"reply_number": 12})

# ---- superlative ----------------------------------------------------------------------------
tallest = h == h.max()
assert ids(tallest) == ["296", "379"]           # both 87 in (7'3"): Marjanovic, Porzingis
add("superlative", ["who's the tallest player"], {"has_items": True, "subset_of_ids": ["296", "379"]}, tallest)
short3 = df.nsmallest(3, "height", keep="all")
assert len(short3) == 3 and h.nsmallest(4).iloc[3] > short3["height"].max()
add("superlative", ["the 3 shortest players"],
    {"has_items": True, "subset_of_ids": sorted(ids(df["id"].isin(short3["id"])), key=int)},
    df["id"].isin(short3["id"]), 3)

# ---- ordinal (heights in feet-inches steps, jersey numbers) ------------------------------------
hou = (df["team"] == "Rockets") & (h > ft(6, 9))
assert int(hou.sum()) == 5
add("ordinal", ["rockets players taller than 6'9\""],
    {"has_items": True, "text_in": {"team": ["Rockets"]}, "num_range": {"height": [82, None]}}, hou)
gsw_single = (df["team_abbr"] == "GSW") & (df["number"] < 10)
assert int(gsw_single.sum()) == 6
add("ordinal", ["warriors with single digit jersey numbers"],
    {"has_items": True, "text_in": {"team": ["Warriors"]}, "num_range": {"number": [0, 9]}}, gsw_single)

# ---- negation -------------------------------------------------------------------------------
mia = (df["team"] == "Heat") & ~pos.str.contains("Guard")
assert int(mia.sum()) == 8
add("negation", ["heat players who aren't guards"],
    {"has_items": True, "text_in": {"team": ["Heat"], "position": [p for p in POS if "Guard" not in p]}}, mia)
nyk = (df["team_abbr"] == "NYK") & ~pos.str.contains("Forward")
assert int(nyk.sum()) == 10
add("negation", ["knicks, but no forwards"],
    {"has_items": True, "text_in": {"team": ["Knicks"], "position": [p for p in POS if "Forward" not in p]}}, nyk)

# ---- disjunction ----------------------------------------------------------------------------
disj = df["team"].isin(["Spurs", "Jazz"]) & pos.str.contains("Center")
assert ids(disj) == ["60", "153", "170", "176", "374", "453"]
add("disjunction", ["a center from either the spurs or the jazz"],
    {"has_items": True, "text_in": {"team": ["Spurs", "Jazz"], "position": with_word("Center")}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
tor = (df["team"] == "Raptors") & pos.str.contains("Guard") & (h >= ft(6, 5))
assert ids(tor) == ["71", "184", "316", "393", "488"]
add("follow_up", ["show me the raptors", "just the guards", "6'5 and up"],
    {"has_items": True, "text_in": {"team": ["Raptors"], "position": with_word("Guard")},
     "num_range": {"height": [77, None]}}, tor)
n23 = (df["number"] == 23) & (h >= ft(6, 8))
assert ids(n23) == ["79", "117", "189", "237"]
add("follow_up", ["who wears number 23", "only the ones at least 6'8"],
    {"has_items": True, "num_range": {"number": [23, 23], "height": [80, None]}}, n23)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a 7 foot guard"], {"no_items": True, "reply_contains_any": NO_REPLY},
    pos.str.contains("Guard") & (h >= 84))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(300)["last_name"] == "Maten"
add("id_lookup", ["look up id 300"], {"has_items": True, "subset_of_ids": ["300"]}, df["id"] == 300)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
