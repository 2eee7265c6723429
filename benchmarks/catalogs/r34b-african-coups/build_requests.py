"""Build ../requests/byo-r34b-african-coups.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (shares are percents 0-100 in the file; "more than half" is checked
as > 50, "one in twenty" as < 5), and the script asserts that the `expect` facets accept exactly those
rows. Blank cells (15 blank `jci`, and blanks in every share column) never pass a facet nor a truth
expression. Counts and facts are asserted against the file; countries are named as the file names them
(`Zaire`, `Upper Volta`, `Dahomey (Benin)`), asked facts by name are asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34b-african-coups"
PREFIX = "r34b-ac"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 45 and list(df["id"]) == [str(i) for i in range(1, 46)]
assert list(df.columns) == ["id", "iso3c", "country", "jci", "tmis", "agperc", "indperc", "literacy_cnts",
                            "literacy_ba", "leperc", "partydom", "turnout"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
JCI, TMIS, AG, IND, LE, PARTY, TURN = (num(c) for c in ["jci", "tmis", "agperc", "indperc", "leperc",
                                                         "partydom", "turnout"])
assert df.country.is_unique and df.iso3c.is_unique and JCI.isna().sum() == 15 and TMIS.notna().all()
WHAT = ["coup", "Coup", "Africa", "african", "countr", "Countr", "military", "Military"]

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


def country(name):
    r = df[df["country"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("agperc", 90, 90.05)
add("plain", ["countries where more than 90% of the workforce was in farming"],
    {"has_items": True, "num_range": {"agperc": [90.05, None]}}, AG > 90, 5)
add("plain", ["african states with a coup index of 20 or higher"],
    {"has_items": True, "num_range": {"jci": [20, None]}}, JCI >= 20, 5)
gap_empty("indperc", 10, 10.05)
add("plain", ["where did industry employ over 10 percent of workers?"],
    {"has_items": True, "num_range": {"indperc": [10.05, None]}}, IND > 10, 5)
add("plain", ["countries with turnout of at least 30% in the independence referendum"],
    {"has_items": True, "num_range": {"turnout": [30, None]}}, TURN >= 30, 5)

# ---- units (shares are percents in the file; asked as fractions) ----------------------------------
gap_empty("leperc", 50, 50.1)
add("units", ["where does the largest ethnic group make up more than half of the population"],
    {"has_items": True, "num_range": {"leperc": [50.1, None]}}, LE / 100 > 0.5)
gap_empty("indperc", 4.99, 5)
add("units", ["countries where fewer than one in twenty workers were in industry"],
    {"has_items": True, "num_range": {"indperc": [None, 4.99]}}, IND / 100 < 1 / 20)

# ---- fact -----------------------------------------------------------------------------------
assert country("Ghana")["jci"] == "32.0"
add("fact", ["what's Ghana's coup index?"], {"reply_number": 32})
assert country("Upper Volta")["iso3c"] == "BFA"
add("fact", ["iso code for upper volta?"], {"reply_contains": "BFA"})
assert country("Kenya")["turnout"] == "22.0"
add("fact", ["what was the turnout in Kenya's independence referendum"], {"reply_number": 22})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many countries are in the list?"], {"reply_number": 45})
assert df.jci.isna().sum() == 15
add("count", ["how many countries have no coup index"], {"reply_number": 15})
n_mil = int((TMIS >= 20).sum())
assert n_mil == 10
add("count", ["how many scored 20 or more on military involvement?"], {"reply_number": n_mil})

# ---- superlative ----------------------------------------------------------------------------
mil3 = top_ids(TMIS, 3)                                    # 48, 42, 37; next is 33
assert sorted(TMIS[df.id.isin(mil3)]) == [37, 42, 48]
add("superlative", ["top 3 countries by total military involvement"],
    {"has_items": True, "subset_of_ids": mil3}, df.id.isin(mil3), 3)
low_turn = top_ids(TURN, 1, largest=False)
assert df.loc[df.id.isin(low_turn), "country"].tolist() == ["Tanzania"]
add("superlative", ["which country had the lowest referendum turnout"],
    {"has_items": True, "subset_of_ids": low_turn}, df.id.isin(low_turn), 1)

# ---- ordinal (compared with another country) --------------------------------------------------
assert country("Nigeria")["jci"] == "20.0"
gap_empty("jci", 20, 21)
add("ordinal", ["countries with a higher coup index than Nigeria"],
    {"has_items": True, "num_range": {"jci": [21, None]}}, JCI > float(country("Nigeria")["jci"]))
assert country("Kenya")["agperc"] == "83.95"
gap_empty("agperc", 83.95, 84.0)
add("ordinal", ["which were more agricultural than kenya?"],
    {"has_items": True, "num_range": {"agperc": [84.0, None]}}, AG > float(country("Kenya")["agperc"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["countries whose military involvement score isn't zero"],
    {"has_items": True, "num_range": {"tmis": [1, None]}}, TMIS.notna() & (TMIS != 0))
add("negation", ["where the biggest party did not win over half the vote before independence"],
    {"has_items": True, "num_range": {"partydom": [None, 50]}}, PARTY.notna() & ~(PARTY > 50))

# ---- disjunction ----------------------------------------------------------------------------
disj = (JCI > 30) | (TMIS > 30)
assert ids(disj) == ["3", "9", "10", "16", "33", "43"]
add("disjunction", ["countries with a coup index over 30 or a military involvement score over 30"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("turnout", 19.99, 20)
add("follow_up", ["countries with a coup index of 10 or more", "only the ones with turnout under 20%"],
    {"has_items": True, "num_range": {"jci": [10, None], "turnout": [None, 19.99]}},
    (JCI >= 10) & (TURN < 20))
gap_empty("agperc", 80, 80.05)
gap_empty("leperc", 49.99, 50)
add("follow_up", ["show me countries with over 80% of people working in agriculture",
                  "with a military involvment score of at least 10",
                  "and where the largest ethnic group is under 50%"],
    {"has_items": True, "num_range": {"agperc": [80.05, None], "tmis": [10, None], "leperc": [None, 49.99]}},
    (AG > 80) & (TMIS >= 10) & (LE < 50))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any country with a referendum turnout above 90%?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, TURN > 90)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "33", "country"].item() == "Sudan"
add("id_lookup", ["tell me about item 33"], {"has_items": True, "subset_of_ids": ["33"]}, df.id == "33")

finish()
