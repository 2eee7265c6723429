"""Build ../requests/byo-r10a-friend-or-foe.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (money columns `cash`, `win`, `win1` are in thousands of US dollars and
are multiplied by 1000 against the user's dollars or "grand"), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. A row is one contestant;
the columns ending in 1 describe that contestant's partner in the same episode.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10a-friend-or-foe"
PREFIX = "r10a-ff"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 227 and list(df["id"]) == [str(i) for i in range(1, 228)]
assert list(df.columns) == ["id", "sex", "white", "age", "play", "round", "season", "cash", "sex1", "white1",
                            "age1", "play1", "win", "win1"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE = num("age")
CASH, WIN = (num("cash") * 1000).round(6), (num("win") * 1000).round(6)   # dollars
assert set(df.play) == {"foe", "friend"} == set(df.play1) and set(df.sex) == {"female", "male"}
assert set(df["round"]) == {"1", "2", "3"} and set(df.season) == {"1", "2"}
assert df.notna().all().all()                              # no blanks in this table
WHAT = ["contestant", "Contestant", "player", "Player", "game show", "Friend or Foe", "friend or foe",
        "trust box", "episode"]


def row(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["contestants who played friend"], {"has_items": True, "text_in": {"play": ["friend"]}},
    df.play == "friend", 5)
add("plain", ["women who chose foe in season 2"],
    {"has_items": True, "text_in": {"sex": ["female"], "play": ["foe"], "season": ["2"]}},
    (df.sex == "female") & (df.play == "foe") & (df.season == "2"), 5)
add("plain", ["contestents eliminated in the third round"], {"has_items": True, "text_in": {"round": ["3"]}},
    df["round"] == "3", 5)
add("plain", ["players in their 40s"], {"has_items": True, "num_range": {"age": [40, 49]}},
    (AGE >= 40) & (AGE < 50), 5)

# ---- units (money in thousands of dollars; users say dollars) ---------------------------------
gap_empty("cash", 5.0, 5.2)
add("units", ["games where the trust box had more than $5,000"],
    {"has_items": True, "num_range": {"cash": [5.2, None]}}, CASH > 5000, 5)
add("units", ["who took home between $1,000 and $3,000?"],
    {"has_items": True, "num_range": {"win": [1.0, 3.0]}}, (WIN >= 1000) & (WIN <= 3000), 5)

# ---- fact (no names in this table: asked by row or about the whole table) ----------------------
assert num("cash").max() == 16.4 and (num("cash") == 16.4).sum() == 1
add("fact", ["what's the biggest trust box anyone played for?"],
    {"reply_contains_any": ["16.4", "16,400", "16400"]})
assert row(2)["cash"] == "7.7"
add("fact", ["how much money was in the trust box for item 2"], {"reply_contains_any": ["7.7", "7,700", "7700"]})
assert row(45)["age1"] == "26"
add("fact", ["how old was item 45's partner?"], {"reply_number": 26})

# ---- count -----------------------------------------------------------------------------------
assert (df.play == "foe").sum() == 115
add("count", ["how many contestants played foe?"], {"reply_number": 115})
assert (WIN == 0).sum() == 132
add("count", ["how many people walked away with nothing"], {"reply_number": 132})
assert (df.season == "1").sum() == 83
add("count", ["how many are from seaon 1?"], {"reply_number": 83})

# ---- superlative -----------------------------------------------------------------------------
box3 = top_ids(CASH, 3)                                   # 16400, 15000, 10000; next 9200
assert sorted(num("cash")[df.id.isin(box3)], reverse=True) == [16.4, 15.0, 10.0]
add("superlative", ["the 3 biggest trust boxes"], {"has_items": True, "subset_of_ids": box3},
    df.id.isin(box3), 3)
win1st = top_ids(WIN, 1)
assert win1st == ["195"] and row(195)["win"] == "15.0"
add("superlative", ["who won the most money?"], {"has_items": True, "subset_of_ids": win1st},
    df.id.isin(win1st), 1)

# ---- ordinal ---------------------------------------------------------------------------------
gap_empty("cash", 7.7, 8.0)
add("ordinal", ["contestants with a bigger trust box than item 2"],
    {"has_items": True, "num_range": {"cash": [8.0, None]}}, CASH > float(row(2)["cash"]) * 1000)
win2nd = sorted(set(top_ids(WIN, 2)) - set(win1st), key=int)   # 15.0, 7.7, 7.5: no tie at 2nd
assert win2nd == ["90"] and row(90)["win"] == "7.7"
add("ordinal", ["who had the second biggest win"], {"has_items": True, "subset_of_ids": win2nd},
    df.id.isin(win2nd), 1)

# ---- negation --------------------------------------------------------------------------------
add("negation", ["players who weren't knocked out in round 1"],
    {"has_items": True, "text_in": {"round": ["2", "3"]}}, df["round"] != "1")
add("negation", ["men who didn't play friend"], {"has_items": True, "text_in": {"sex": ["male"], "play": ["foe"]}},
    (df.sex == "male") & (df.play != "friend"))

# ---- disjunction -----------------------------------------------------------------------------
add("disjunction", ["friend players who went out in round 1 or round 3"],
    {"has_items": True, "text_in": {"play": ["friend"], "round": ["1", "3"]}},
    (df.play == "friend") & ((df["round"] == "1") | (df["round"] == "3")))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["season 2 contestants", "only the women"],
    {"has_items": True, "text_in": {"season": ["2"], "sex": ["female"]}},
    (df.season == "2") & (df.sex == "female"))
gap_empty("cash", 3.0, 3.2)
add("follow_up", ["who played foe?", "just the ones whose partner played friend",
                  "and where the box was over 3 grand"],
    {"has_items": True, "text_in": {"play": ["foe"], "play1": ["friend"]}, "num_range": {"cash": [3.2, None]}},
    (df.play == "foe") & (df.play1 == "friend") & (CASH > 3000))

# ---- impossible ------------------------------------------------------------------------------
add("impossible", ["any trust box over $20,000?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    CASH > 20000)

# ---- id_lookup -------------------------------------------------------------------------------
assert row(100)["win1"] == "9.0"
add("id_lookup", ["tell me about item 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
