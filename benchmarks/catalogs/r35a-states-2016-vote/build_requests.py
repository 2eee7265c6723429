"""Build ../requests/byo-r35a-states-2016-vote.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (state names compared after stripping the source's trailing space,
incomes against the user's "k", shares asked as fractions turned into percents), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`State` values carry a trailing space in the source ("Ohio "), so `text_in` lists the raw strings.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35a-states-2016-vote"
PREFIX = "r35a-st"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 50 and list(df["id"]) == [str(i) for i in range(1, 51)]
assert list(df.columns) == ["id", "State", "Abr", "Income", "HS", "BA", "Adv", "Dem.Rep", "TrumpWin"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
INC, HS, BA, ADV, LEAN = num("Income"), num("HS"), num("BA"), num("Adv"), num("Dem.Rep")
assert set(df.TrumpWin) == {"0", "1"} and not df.isna().any().any()
assert df.State.str.endswith(" ").all() and df.State.str.strip().is_unique and df.Abr.is_unique
NAMES = df.State.str.strip().str.lower()
WHAT = ["state", "State", "election", "Election", "vote", "Vote", "Trump", "2016"]

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


def state(name):
    r = df[NAMES == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


TRUMP = df.TrumpWin == "1"

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what kind of stuff is in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["which states did trump win"], {"has_items": True, "text_in": {"TrumpWin": ["1"]}}, TRUMP, 5)
gap_empty("Income", 60000, 60001)
add("plain", ["states where per capita income is over 60k"],
    {"has_items": True, "num_range": {"Income": [60001, None]}}, INC / 1000 > 60, 5)
add("plain", ["states where at least 35% of people have a bachelor's degree"],
    {"has_items": True, "num_range": {"BA": [35, None]}}, BA >= 35, 5)
gap_empty("HS", 90, 90.1)                                  # HS has one decimal
add("plain", ["Clinton states with more than 90 percent high school grads"],
    {"has_items": True, "text_in": {"TrumpWin": ["0"]}, "num_range": {"HS": [90.1, None]}},
    ~TRUMP & (HS > 90), 5)

# ---- units (Income in whole dollars; HS/BA/Adv are percents) -----------------------------------
# "fewer than 1 in 4 adults" = a share below 0.25 = BA below 25 (%); BA has one decimal
gap_empty("BA", 24.9, 25)
add("units", ["states where fewer than 1 in 4 adults has a college degree"],
    {"has_items": True, "num_range": {"BA": [None, 24.9]}}, BA / 100 < 0.25)
# "over a tenth" of adults with an advanced degree = Adv above 10 (%)
gap_empty("Adv", 10, 10.1)
add("units", ["where do more than one in ten people have a grad degree?"],
    {"has_items": True, "num_range": {"Adv": [10.1, None]}}, ADV / 100 > 0.1)

# ---- fact -----------------------------------------------------------------------------------
assert state("Ohio")["Income"] == "49429"
add("fact", ["what's the per capita income in ohio?"], {"reply_number": 49429})
assert state("Vermont")["BA"] == "36.0"
add("fact", ["what percent of vermonters have a bachelors"], {"reply_number": 36})
assert (df.Abr == "MT").sum() == 1 and df.loc[df.Abr == "MT", "State"].item() == "Montana "
add("fact", ["which state is MT?"], {"reply_contains": "Montana"})

# ---- count ----------------------------------------------------------------------------------
assert TRUMP.sum() == 30
add("count", ["how many states went for Trump"], {"reply_number": 30})
assert (LEAN > 0).sum() == 18 and (LEAN == 0).sum() == 2
add("count", ["how many states leaned democratic in the 2015 gallup poll?"], {"reply_number": 20})
assert (INC > 70000).sum() == 4
add("count", ["how many states have income above 70 thousand"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
richest = top_ids(INC, 1)
assert df.loc[df.id.isin(richest), "State"].tolist() == ["Maryland "]
add("superlative", ["richest state by income"], {"has_items": True, "subset_of_ids": richest},
    df.id.isin(richest), 1)
low_hs = top_ids(HS, 3, largest=False)                    # 81.8, 81.9, 82.3; next is 83.4
assert sorted(HS[df.id.isin(low_hs)]) == [81.8, 81.9, 82.3]
add("superlative", ["the 3 states with the lowest highschool graduaton"],
    {"has_items": True, "subset_of_ids": low_hs}, df.id.isin(low_hs), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert state("Texas")["Income"] == "53207"
gap_empty("Income", 53207, 53208)
add("ordinal", ["states with a higher income than texas"],
    {"has_items": True, "num_range": {"Income": [53208, None]}}, INC > float(state("Texas")["Income"]))
s = ADV.sort_values(ascending=False, kind="mergesort")
second = [str(df.loc[s.index[1], "id"])]
assert s.iloc[0] > s.iloc[1] > s.iloc[2] and df.loc[df.id.isin(second), "State"].item() == "Maryland "
add("ordinal", ["which state has the 2nd highest share of advanced degrees?"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
gap_empty("Income", 54999, 55000)
add("negation", ["states trump didn't win where income is below 55k"],
    {"has_items": True, "text_in": {"TrumpWin": ["0"]}, "num_range": {"Income": [None, 54999]}},
    (df.TrumpWin != "1") & (INC < 55000))
add("negation", ["states where the college grad share is not above 25 percent"],
    {"has_items": True, "num_range": {"BA": [None, 25]}}, BA.notna() & ~(BA > 25))

# ---- disjunction ----------------------------------------------------------------------------
disj = (INC < 42000) | (INC > 72000)
assert ids(disj) == ["2", "4", "20", "24", "30", "48"]
add("disjunction", ["states with income either under 42k or over 72k"],
    {"has_items": True, "subset_of_ids": ["2", "4", "20", "24", "30", "48"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the states clinton won", "only the ones with income below 55 grand"],
    {"has_items": True, "text_in": {"TrumpWin": ["0"]}, "num_range": {"Income": [None, 54999]}},
    ~TRUMP & (INC < 55000))
gap_empty("Dem.Rep", -11, -10)
add("follow_up", ["states leaning republican by more than 10 points",
                  "which of those have at least 27% college grads", "sort them by income, highest first"],
    {"has_items": True, "num_range": {"Dem.Rep": [None, -11], "BA": [27, None]}},
    (LEAN < -10) & (BA >= 27))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any state where under 75% finished high school?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, HS < 75)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "33", "State"].item() == "North Carolina "
add("id_lookup", ["details for item 33 please"], {"has_items": True, "subset_of_ids": ["33"]}, df.id == "33")

finish()
