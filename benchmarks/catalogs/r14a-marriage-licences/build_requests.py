"""Build ../requests/byo-r14a-marriage-licences.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one person (the bride or the groom) on one marriage licence; the licence code `bookpageID`
appears twice, so a couple is a `bookpageID` and a person is `bookpageID` + `person`. For every request that
must return items, `truth` is the set of rows that really answer it, computed here with plain pandas
expressions in the user's unit (`delay` in days against weeks and hours, `age` in decimal years), and the
script asserts that the `expect` facets accept exactly those rows. The source spells the sign `Saggitarius`;
users write Sagittarius. Counts and facts are asserted against the file; facts by licence are asserted to
have one value for the licence (or one row for licence + person).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14a-marriage-licences"
PREFIX = "r14a-ml"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 98 and list(df["id"]) == [str(i) for i in range(1, 99)]
assert list(df.columns) == ["id", "bookpageID", "appdate", "ceremonydate", "delay", "officialTitle", "person", "dob",
                            "age", "race", "prevcount", "prevconc", "hs", "college", "dayOfBirth", "sign"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, DELAY, PREV, COLLEGE = num("age"), num("delay"), num("prevcount"), num("college")
BRIDE, GROOM = df.person == "Bride", df.person == "Groom"
assert set(df.person) == {"Bride", "Groom"} and BRIDE.sum() == GROOM.sum() == 49
assert (df.groupby("bookpageID").person.apply(sorted).astype(str) == "['Bride', 'Groom']").all()
assert (df.appdate.str[:4] == df.ceremonydate.str[:4]).all()           # "weddings from 1998" is unambiguous
assert (DELAY % 1 == 0).all()                               # whole days
assert df.prevconc.isna().sum() == 48 and df.college.isna().sum() == 10
assert "Saggitarius" in set(df.sign) and "Sagittarius" not in set(df.sign)
assert "CIRCUIT JUDGE " in set(df.officialTitle)            # trailing space in the source

WHAT = ["marriage", "Marriage", "married", "wedding", "Wedding", "bride", "Bride", "groom", "Groom", "licen",
        "Licen", "couple", "spouse"]


def licence(code, col, person=None):
    r = df[(df.bookpageID == code) & ((df.person == person) if person else True)]
    assert len(r) == (1 if person else 2) and r[col].nunique() == 1, (code, col)
    return r[col].iloc[0]

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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["what is this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("age", 20.9999, 21)
add("plain", ["brides under 21"], {"has_items": True, "text_in": {"person": ["Bride"]}, "num_range": {"age": [None, 20.9999]}},
    BRIDE & (AGE < 21), 5)
add("plain", ["grooms who had been married before"],
    {"has_items": True, "text_in": {"person": ["Groom"]}, "num_range": {"prevcount": [1, None]}}, GROOM & (PREV >= 1), 5)
add("plain", ["weddings performed by a pastor"], {"has_items": True, "text_in": {"officialTitle": ["PASTOR"]}},
    df.officialTitle == "PASTOR", 5)
add("plain", ["people with at least 4 years of college"], {"has_items": True, "num_range": {"college": [4, None]}},
    COLLEGE >= 4, 5)

# ---- units (delay is in days) ----------------------------------------------------------------
add("units", ["couples who waited more than two weeks between applying and the ceremony"],
    {"has_items": True, "num_range": {"delay": [15, None]}}, DELAY > 2 * 7)
add("units", ["who got married within 48 hours of applying?"],
    {"has_items": True, "num_range": {"delay": [None, 2]}}, DELAY * 24 <= 48)

# ---- fact (asked by licence code) ------------------------------------------------------------
assert licence("B233p674", "officialTitle") == "CATHOLIC PRIEST"
add("fact", ["who officiated B233p674?"],
    {"reply_contains_any": ["CATHOLIC PRIEST", "Catholic priest", "Catholic Priest", "catholic priest"]})
assert licence("B232p148", "sign", "Bride") == "Scorpio"
add("fact", ["what's the bride's star sign on B232p148"], {"reply_contains": "Scorpio"})
assert licence("B230p1354", "delay") == "16"
add("fact", ["how many days between the application and the ceremony for B230p1354"], {"reply_number": 16})

# ---- count ----------------------------------------------------------------------------------
assert df.bookpageID.nunique() == 49
add("count", ["how many couples are in here?"], {"reply_number": 49})
assert (df.prevconc == "Death").sum() == 7
add("count", ["how many people were previosly widowed?"], {"reply_number": 7})
assert (df.sign == "Saggitarius").sum() == 9
add("count", ["how many Sagittarius people are there"], {"reply_number": 9})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_ids(AGE, 1)
assert oldest == ["37"] and df.loc[df.id == "37", "person"].item() == "Groom"
add("superlative", ["who was the oldest person to get married"],
    {"has_items": True, "subset_of_ids": oldest}, df.id.isin(oldest), 1)
young3 = top_ids(AGE.where(BRIDE), 3, largest=False)       # 16.27, 17.02, 17.64; next is 18.28
assert young3 == ["62", "77", "91"]
add("superlative", ["the 3 youngest brides"], {"has_items": True, "subset_of_ids": young3}, df.id.isin(young3), 3)

# ---- ordinal (compared with another licence) ------------------------------------------------
ref_age = float(licence("B233p429", "age", "Groom"))
assert ref_age == 40.94520548
gap_empty("age", 40.94520548, 40.945206)
add("ordinal", ["grooms older than the groom on B233p429"],
    {"has_items": True, "text_in": {"person": ["Groom"]}, "num_range": {"age": [40.945206, None]}},
    GROOM & (AGE > ref_age))
assert licence("B231p1436", "delay") == "9"
add("ordinal", ["weddings with a longer wait than B231p1436"],
    {"has_items": True, "num_range": {"delay": [10, None]}}, DELAY > float(licence("B231p1436", "delay")))

# ---- negation -------------------------------------------------------------------------------
other_titles = sorted(set(df.officialTitle) - {"MARRIAGE OFFICIAL"})
assert len(other_titles) == 8 and "CIRCUIT JUDGE " in other_titles
add("negation", ["people who weren't married by a marriage official"],
    {"has_items": True, "text_in": {"officialTitle": other_titles}}, df.officialTitle != "MARRIAGE OFFICIAL", 5)
other_races = sorted(set(df.race) - {"White"})
assert other_races == ["American Indian", "Black", "Hispanic"]
add("negation", ["brides who aren't white"],
    {"has_items": True, "text_in": {"person": ["Bride"], "race": other_races}}, BRIDE & (df.race != "White"), 5)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["weddings done by a bishop or a catholic priest"],
    {"has_items": True, "text_in": {"officialTitle": ["BISHOP", "CATHOLIC PRIEST"]}},
    df.officialTitle.isin(["BISHOP", "CATHOLIC PRIEST"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the grooms", "only the ones who'd been divorced before"],
    {"has_items": True, "text_in": {"person": ["Groom"], "prevconc": ["Divorce"]}}, GROOM & (df.prevconc == "Divorce"))
dates98 = sorted(d for d in set(df.ceremonydate) if d.startswith("1998-"))
gap_empty("age", 24.9999, 25)
add("follow_up", ["weddings from 1998", "just the brides", "the ones under 25"],
    {"has_items": True, "text_in": {"ceremonydate": dates98, "person": ["Bride"]}, "num_range": {"age": [None, 24.9999]}},
    (pd.to_datetime(df.ceremonydate).dt.year == 1998) & BRIDE & (AGE < 25))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any grooms younger than 18?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    GROOM & (AGE < 18))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "64", ["bookpageID", "person"]].values.tolist() == [["B231p1042", "Bride"]]
add("id_lookup", ["show me item 64"], {"has_items": True, "subset_of_ids": ["64"]}, df.id == "64")

finish()
