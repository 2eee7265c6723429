"""Build ../requests/byo-r17a-ahca-house-vote.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the uninsured shares, stored as 0-1 fractions, multiplied by 100
where the user spoke in percent or percentage points), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file (members asked by name are
asserted unique; "Paul Ryan" is `Paul D. Ryan` in the file). `Dem`/`Rep`/`AHCAvote`/`Trump` are 0/1 flags.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17a-ahca-house-vote"
PREFIX = "r17a-ah"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 430 and list(df["id"]) == [str(i) for i in range(1, 431)]
assert list(df.columns) == ["id", "STATE", "Dist", "Party", "Dem", "Rep", "uni2013", "uni2015", "uniChange",
                            "Member", "AHCAvote", "Trump"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
U13, U15, UCH = num("uni2013"), num("uni2015"), num("uniChange")
assert df.notna().all().all()                              # no blanks in this table
assert set(df.Party) == {"D", "R"} and all(set(df[c]) == {"0", "1"} for c in ["Dem", "Rep", "AHCAvote", "Trump"])
assert ((df.Party == "D") == (df.Dem == "1")).all() and ((df.Party == "R") == (df.Rep == "1")).all()
assert ((U13 - U15).round(3) == UCH).all()                 # uniChange is the 2013-to-2015 fall (positive = fewer uninsured)
assert df.Dist.is_unique and df.Member.str.lower().is_unique
STATES = set(df.STATE)
assert len(STATES) == 49                                   # no member listed for Montana (its seat was vacant on 4 May 2017)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["vote", "Vote", "House", "representative", "Representative", "Congress", "congress", "member", "Member",
        "AHCA", "health", "Health", "district", "District"]


def member(name):
    """The one row whose Member is `name` (case-insensitive; asserted unique)."""
    r = df[df["Member"].str.lower() == name.lower()]
    assert len(r) == 1, name
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


def nth_id(values, n, largest=True):
    """id of the row holding the n-th largest (smallest) value; asserts it is not tied with its neighbours."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return [str(df.loc[s.index[n - 1], "id"])]


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
add("greeting", ["hey, what's this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Texas reps who voted yes on the AHCA"],
    {"has_items": True, "text_in": {"STATE": ["Texas"], "AHCAvote": ["1"]}},
    (df.STATE == "Texas") & (df.AHCAvote == "1"), 5)
add("plain", ["democrats in districts Trump won"],
    {"has_items": True, "text_in": {"Party": ["D"], "Trump": ["1"]}}, (df.Party == "D") & (df.Trump == "1"), 5)
add("plain", ["florida republicans"], {"has_items": True, "text_in": {"STATE": ["Florida"], "Party": ["R"]}},
    (df.STATE == "Florida") & (df.Party == "R"), 5)
add("plain", ["Republicans sitting in districts Clinton carried"],
    {"has_items": True, "text_in": {"Party": ["R"], "Trump": ["0"]}}, (df.Party == "R") & (df.Trump == "0"), 5)

# ---- units (uninsured shares are 0-1 fractions with 3 decimals; the user speaks in percent) ------------
gap_empty("uni2015", 0.049, 0.05)
add("units", ["districts where under 5% were uninsured in 2015"],
    {"has_items": True, "num_range": {"uni2015": [None, 0.049]}}, (U15 * 100).round(6) < 5)
gap_empty("uniChange", 0.1, 0.101)
add("units", ["where did the uninsured rate fall by more than 10 points between 2013 and 2015?"],
    {"has_items": True, "num_range": {"uniChange": [0.101, None]}}, ((U13 - U15) * 100).round(6) > 10)

# ---- fact (asked by the member's name) -------------------------------------------------------
assert member("Nancy Pelosi")["uni2015"] == "0.044"
add("fact", ["what was the uninsured rate in Nancy Pelosi's district in 2015?"],
    {"reply_contains_any": ["0.044", "4.4"]})
assert member("Bennie Thompson")["STATE"] == "Mississippi" and (df.Member.str.contains("Thompson")).sum() == 3
add("fact", ["which state does Bennie Thompson represent"], {"reply_contains": "Mississippi"})
assert df.Member.str.contains("Ryan").sum() == 3 and member("Paul D. Ryan")["uni2013"] == "0.092"
assert not df.Member.str.lower().str.contains("paul ryan").any()
add("fact", ["what share of people were uninsured in paul ryan's district in 2013?"],
    {"reply_contains_any": ["0.092", "9.2"]})

# ---- count ----------------------------------------------------------------------------------
assert ((df.Party == "R") & (df.AHCAvote == "0")).sum() == 20
add("count", ["how many republicans voted against the bill?"], {"reply_number": 20})
assert (df.STATE == "New York").sum() == 27
add("count", ["how many members does New York have in here"], {"reply_number": 27})
assert (df.Trump == "1").sum() == 226
add("count", ["how many districts did trump win"], {"reply_number": 226})

# ---- superlative ----------------------------------------------------------------------------
hi15 = top_ids(U15, 1)                                     # 0.314 (TX-33); next is 0.304
assert member("Marc Veasey")["id"] == hi15[0]
add("superlative", ["which district had the highest uninsured rate in 2015?"],
    {"has_items": True, "subset_of_ids": hi15}, df.id.isin(hi15), 1)
drop3 = top_ids(UCH, 3)                                    # 0.138, 0.138, 0.132; next is 0.127
assert sorted(UCH[df.id.isin(drop3)], reverse=True) == [0.138, 0.138, 0.132]
add("superlative", ["top 3 biggest drops in the uninsured rate"], {"has_items": True, "subset_of_ids": drop3},
    df.id.isin(drop3), 3)

# ---- ordinal --------------------------------------------------------------------------------
dog = float(member("Lloyd Doggett")["uni2015"])
assert dog == 0.21
gap_empty("uni2015", 0.21, 0.211)
add("ordinal", ["districts with a higher 2015 uninsured rate than Lloyd Doggett's"],
    {"has_items": True, "num_range": {"uni2015": [0.211, None]}}, U15 > dog)
low2 = nth_id(U13, 2, largest=False)                       # 0.026, 0.033, 0.034
assert low2 == [member("Seth Moulton")["id"]]
add("ordinal", ["who had the 2nd lowest uninsured rate in 2013"], {"has_items": True, "subset_of_ids": low2},
    df.id.isin(low2), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["Democrats not from California or New York"],
    {"has_items": True, "text_in": {"Party": ["D"], "STATE": sorted(STATES - {"California", "New York"})}},
    (df.Party == "D") & ~df.STATE.isin(["California", "New York"]))
add("negation", ["Ohio members who aren't Republicans"],
    {"has_items": True, "text_in": {"STATE": ["Ohio"], "Party": ["D"]}}, (df.STATE == "Ohio") & (df.Party != "R"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["reps from Iowa or Nebraska"], {"has_items": True, "text_in": {"STATE": ["Iowa", "Nebraska"]}},
    df.STATE.isin(["Iowa", "Nebraska"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("uni2015", 0.059, 0.06)
add("follow_up", ["who voted yes from pensylvania", "only the ones in districts under 6% uninsured in 2015"],
    {"has_items": True, "text_in": {"STATE": ["Pennsylvania"], "AHCAvote": ["1"]}, "num_range": {"uni2015": [None, 0.059]}},
    (df.STATE == "Pennsylvania") & (df.AHCAvote == "1") & ((U15 * 100).round(6) < 6))
gap_empty("uni2013", 0.15, 0.151)
add("follow_up", ["show me the California delegation", "just the Republicans",
                  "which of them had more than 15% uninsured back in 2013"],
    {"has_items": True, "text_in": {"STATE": ["California"], "Party": ["R"]}, "num_range": {"uni2013": [0.151, None]}},
    (df.STATE == "California") & (df.Party == "R") & ((U13 * 100).round(6) > 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any Democrats who voted for the AHCA?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.Party == "D") & (df.AHCAvote == "1"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "Member"].item() == "Andy Biggs"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
