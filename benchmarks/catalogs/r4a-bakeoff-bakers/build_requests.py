"""Build ../requests/byo-r4a-bakeoff-bakers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets (read the way a checker
reads items.csv: plain pd.read_csv, blanks never pass) accept exactly those rows. Counts and facts are
asserted against the file. No request relies on `star_baker` or `series_runner_up`, which are 0 in every row.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4a-bakeoff-bakers"
PREFIX = "bb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 120 and list(df["id"]) == list(range(1, 121))
assert (df["star_baker"] == 0).all() and (df["series_runner_up"] == 0).all()
assert df["series_winner"].sum() == 10 and df.groupby("series")["series_winner"].sum().eq(1).all()
occ = df["occupation"].str.lower()
won = df["series_winner"] == 1

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "there are no", "isn't", "aren't", "wasn't", "weren't"]
WHAT = ["baker", "Baker", "bake", "Bake", "contestant", "Contestant", "series", "Series"]


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
add("greeting", ["hiya, what have you got here?"], {"reply_contains_any": WHAT})
add("greeting", ["hello :) what can i ask"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["bakers from series 5"], {"has_items": True, "num_range": {"series": [5, 5]}},
    df["series"] == 5, 5)
add("plain", ["show me all the winners"], {"has_items": True, "text_in": {"series_winner": ["1"]}}, won, 5)
london = df["hometown"].str.contains("London")
add("plain", ["bakers from london"], {"has_items": True, "subset_of_ids": ids(london)}, london, 5)
add("plain", ["contestants in their 20s"], {"has_items": True, "num_range": {"age": [20, 29]}},
    df["age"] // 10 == 2, 5)

# ---- units (percent columns without a % sign) ------------------------------------------------
pct = df["percent_episodes_appeared"]
lasted = pct >= 75
add("units", ["bakers who lasted at least 3/4 of their series"],
    {"has_items": True, "num_range": {"percent_episodes_appeared": [75, None]}}, lasted)
t3 = df["percent_technical_top3"]
half = t3 > 50
assert not ((t3 > 50) & (t3 < 50.01)).any()
add("units", ["who finished top 3 in more than half of their technicals?"],
    {"has_items": True, "num_range": {"percent_technical_top3": [50.01, None]}}, half)

# ---- fact -----------------------------------------------------------------------------------
assert row(66)["baker_full"] == "Nadiya Hussain" and row(66)["age"] == 30
add("fact", ["how old was nadiya when she was on"], {"reply_number": 30})
assert row(105)["baker"] == "Rahul" and (df["baker"] == "Rahul").sum() == 1
assert row(105)["occupation"] == "Research scientist"
add("fact", ["what does rahul do for a living?"], {"reply_contains_any": ["Research scientist", "research scientist"]})
assert row(16)["baker_full"] == 'Joanne "Jo" Wheatley' and row(16)["age"] == 41
add("fact", ["how old was jo wheatley"], {"reply_number": 41})

# ---- count ----------------------------------------------------------------------------------
assert (df["series"] == 4).sum() == 13
add("count", ["how many bakers were in series 4?"], {"reply_number": 13})
assert (df["technical_winner"] == 0).sum() == 61
add("count", ["how many never won a technical challenge"], {"reply_number": 61})
n_young = int((df["age"] < 25).sum())
add("count", ["how many bakers were under 25"], {"reply_number": n_young})

# ---- superlative ----------------------------------------------------------------------------
oldest = df["age"] == df["age"].max()
assert ids(oldest) == ["85"]                    # Flo Atkins, 71
add("superlative", ["who's the oldest baker"], {"has_items": True, "subset_of_ids": ["85"]}, oldest)
top2 = df.nlargest(2, "technical_winner", keep="all")
assert len(top2) == 2 and df["technical_winner"].nlargest(3).iloc[2] < top2["technical_winner"].min()
assert sorted(ids(df["id"].isin(top2["id"])), key=int) == ["26", "66"]
add("superlative", ["the 2 bakers with the most technical wins"],
    {"has_items": True, "subset_of_ids": ["26", "66"]}, df["id"].isin(top2["id"]), 2)

# ---- ordinal (technical placings: 1 is best; series are ordered) -------------------------------
med = df["technical_median"] <= 3
add("ordinal", ["bakers whose median technical finish was 3rd or better"],
    {"has_items": True, "num_range": {"technical_median": [None, 3]}}, med)
late = won & (df["series"] >= 8)
assert ids(late) == ["91", "105", "111"]
add("ordinal", ["winners from series 8 onwards"],
    {"has_items": True, "text_in": {"series_winner": ["1"]}, "num_range": {"series": [8, None]}}, late)

# ---- negation -------------------------------------------------------------------------------
s4 = (df["series"] == 4) & ~won
assert int(s4.sum()) == 12
add("negation", ["series 4 bakers other than the winner"],
    {"has_items": True, "num_range": {"series": [4, 4]}, "text_in": {"series_winner": ["0"]}}, s4)
over50 = (df["age"] > 50) & ~occ.str.contains("retired")
add("negation", ["bakers over 50 who aren't retired"],
    {"has_items": True, "subset_of_ids": ids(over50), "num_range": {"age": [51, None]}}, over50, 5)

# ---- disjunction ----------------------------------------------------------------------------
nt = occ.str.contains("nurse") | occ.str.contains("teacher")
add("disjunction", ["either a nurse or a teacher"], {"has_items": True, "subset_of_ids": ids(nt)}, nt, 5)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
s9 = (df["series"] == 9) & (df["technical_winner"] >= 1)
add("follow_up", ["series 9 bakers", "only those who won a technical"],
    {"has_items": True, "num_range": {"series": [9, 9], "technical_winner": [1, None]}}, s9)
thirty = df["age"].between(30, 39) & won
assert ids(thirty) == ["39", "66", "74", "91", "105", "111"]
add("follow_up", ["bakers in their 30s", "which of them won?"],
    {"has_items": True, "num_range": {"age": [30, 39]}, "text_in": {"series_winner": ["1"]}}, thirty)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a series winner who was over 65"], {"no_items": True, "reply_contains_any": NO_REPLY},
    won & (df["age"] > 65))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(100)["baker_full"] == "Jon Jenkins"
add("id_lookup", ["show me baker #100"], {"has_items": True, "subset_of_ids": ["100"]}, df["id"] == 100)

assert len(REQS) == 25
kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
