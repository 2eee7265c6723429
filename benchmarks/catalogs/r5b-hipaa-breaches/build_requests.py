"""Build ../requests/byo-r5b-hipaa-breaches.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with plain pandas expressions (the comma-separated multi-value columns `Type_of_Breach` and
`Location_of_Breached_Information` are split into tokens, so "laptop" matches "Laptop, Desktop Computer"),
and the script asserts that the `expect` facets accept exactly those rows. Where a facet lists raw
values it lists every raw value of the file that contains the token. Counts and facts are asserted.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5b-hipaa-breaches"
PREFIX = "r5b-hb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, na_values=[""])   # raw strings
assert len(df) == 1055 and list(df["id"]) == [str(i) for i in range(1, 1056)]
assert (pd.to_numeric(df["Number"]) == pd.to_numeric(df["id"]) - 1).all()   # source's record number is 0-based
IA, YEAR = pd.to_numeric(df["Individuals_Affected"]), pd.to_numeric(df["year"])
assert IA.min() == 500 and IA.notna().all()
TYPE, LOC = "Type_of_Breach", "Location_of_Breached_Information"
assert df[TYPE].notna().all() and df[LOC].notna().all()


def tokens(col):
    return df[col].str.split(",").apply(lambda l: [t.strip() for t in l])


def has_token(col, t):
    m = tokens(col).apply(lambda l: t in l)
    assert m.any(), (col, t)
    return m


def raw_with(col, t):
    """every raw value of col that contains token t"""
    return sorted(set(df.loc[has_token(col, t), col]))


def raw_without(col, t):
    return sorted(set(df.loc[~has_token(col, t), col]))


NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["breach", "Breach", "health", "Health", "record", "HIPAA", "security", "incident", "data", "patient"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def entity(name):
    r = df[df["Name_of_Covered_Entity"] == name]
    assert len(r) == 1, name
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
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what is this database about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["breaches in texas"],
    {"has_items": True, "text_in": {"State": ["TX"]}}, df.State == "TX", 5)
add("plain", ["stolen laptops"],
    {"has_items": True, "text_in": {TYPE: raw_with(TYPE, "Theft"), LOC: raw_with(LOC, "Laptop")}},
    has_token(TYPE, "Theft") & has_token(LOC, "Laptop"), 5)
add("plain", ["show me the hacking incidents"],
    {"has_items": True, "text_in": {TYPE: raw_with(TYPE, "Hacking/IT Incident")}}, has_token(TYPE, "Hacking/IT Incident"), 5)
add("plain", ["breaches that involved paper records"],
    {"has_items": True, "text_in": {LOC: raw_with(LOC, "Paper")}}, has_token(LOC, "Paper"), 5)

# ---- units (Individuals_Affected is a head count; asked as "a million", "1k") -----------------
add("units", ["which breaches hit more than a million people"],
    {"has_items": True, "num_range": {"Individuals_Affected": [1000001, None]}}, IA > 1_000_000)
add("units", ["breaches affecting fewer than 1k ppl"],
    {"has_items": True, "num_range": {"Individuals_Affected": [None, 999]}}, IA < 1_000, 5)

# ---- fact -----------------------------------------------------------------------------------
t = df[df.Name_of_Covered_Entity.str.startswith("TRICARE") & (df.year == "2011")]
assert len(t) == 1 and t.iloc[0]["Individuals_Affected"] == "4900000"
add("fact", ["how many people were affected by the tricare breach in 2011"], {"reply_number": 4900000})
assert entity("AvMed, Inc.")["State"] == "FL"
add("fact", ["what state was the avmed breach in"], {"reply_contains": "FL"})
assert entity("Brooke Army Medical Center")["Date_of_Breach"] == "10/16/2009"
add("fact", ["what year did the brooke army medical center breach happen"], {"reply_number": 2009})

# ---- count ----------------------------------------------------------------------------------
assert (df.State == "CA").sum() == 113
add("count", ["how many breaches were in california"], {"reply_number": 113})
assert (df.year == "2013").sum() == 254
add("count", ["how many happened in 2013?"], {"reply_number": 254})
assert df.Business_Associate_Involved.notna().sum() == 271
add("count", ["how many breaches had a business associate involved"], {"reply_number": 271})

# ---- superlative ----------------------------------------------------------------------------
top = IA.nlargest(4)
assert top.iloc[2] > top.iloc[3]
big = pd.Series(df.index.isin(top.index[:3]), index=df.index)
BIG = ids(big)
assert BIG == ["271", "410", "800"], BIG
add("superlative", ["the 3 biggest breaches by number of people affected"], {"has_items": True, "subset_of_ids": BIG}, big, 3)
fl = IA.where(df.State == "FL")
assert (fl == fl.max()).sum() == 1 and ids(fl == fl.max()) == ["93"]
add("superlative", ["largest breach in florida"],
    {"has_items": True, "text_in": {"State": ["FL"]}, "subset_of_ids": ["93"]}, fl == fl.max())

# ---- ordinal (compared with a named row / a year) ---------------------------------------------
nem = int(entity("The Nemours Foundation")["Individuals_Affected"])
add("ordinal", ["breaches bigger than the nemours foundation one"],
    {"has_items": True, "num_range": {"Individuals_Affected": [nem + 1, None]}}, IA > nem)
add("ordinal", ["illinois breaches from before 2011"],
    {"has_items": True, "text_in": {"State": ["IL"]}, "num_range": {"year": [None, 2010]}},
    (df.State == "IL") & (YEAR < 2011))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["thefts that weren't laptops"],
    {"has_items": True, "text_in": {TYPE: raw_with(TYPE, "Theft"), LOC: raw_without(LOC, "Laptop")}},
    has_token(TYPE, "Theft") & ~has_token(LOC, "Laptop"), 5)
add("negation", ["california breaches that arent theft"],
    {"has_items": True, "text_in": {"State": ["CA"], TYPE: raw_without(TYPE, "Theft")}},
    (df.State == "CA") & ~has_token(TYPE, "Theft"), 5)

# ---- disjunction ----------------------------------------------------------------------------
disj = df.State.isin(["VT", "HI"])
assert ids(disj) == ["606", "843"]
add("disjunction", ["anything in vermont or hawaii"], {"has_items": True, "subset_of_ids": ["606", "843"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["breaches from 2012", "only the hacking ones"],
    {"has_items": True, "text_in": {"year": ["2012"], TYPE: raw_with(TYPE, "Hacking/IT Incident")}},
    (df.year == "2012") & has_token(TYPE, "Hacking/IT Incident"))
add("follow_up", ["email breaches", "which of those hit more than 10 thousand people"],
    {"has_items": True, "text_in": {LOC: raw_with(LOC, "E-mail")}, "num_range": {"Individuals_Affected": [10001, None]}},
    has_token(LOC, "E-mail") & (IA > 10_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any breaches from 2015?"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR == 2015)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "410", "Name_of_Covered_Entity"].item() == "TRICARE Management Activity (TMA)"
add("id_lookup", ["show me item 410"], {"has_items": True, "subset_of_ids": ["410"]}, df.id == "410")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
