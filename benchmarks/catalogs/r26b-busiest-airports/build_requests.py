"""Build ../requests/byo-r26b-busiest-airports.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (passengers per year against the user's "million", "a day" = / 365,
"a month" = / 12; the text column `% change` ("23.8%") parsed by stripping the sign), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`Rank` is the source's own rank written as a float ("1.0") and equals `id` here; asked ranks use the
airport's name, never a row number.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26b-busiest-airports"
PREFIX = "r26b-ap"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 50 and list(df["id"]) == [str(i) for i in range(1, 51)]
assert list(df.columns) == ["id", "Rank", "Airport", "Location", "Country", "Code (IATA/ICAO)", "Total passengers",
                            "Rank change", "% change"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PAX, RANK = num("Total passengers"), num("Rank")
PCT = pd.to_numeric(df["% change"].str.rstrip("%"))       # "23.8%" -> 23.8
assert df["% change"].str.fullmatch(r"\d+\.\d%").all() and PCT.notna().all()
assert (PAX % 1 == 0).all() and PAX.is_unique and PAX.is_monotonic_decreasing
assert list(RANK) == list(range(1, 51))
assert df["Rank change"].isna().sum() == 4 and (df["Rank change"] == "?").sum() == 14
COUNTRIES = sorted(df.Country.unique())
WHAT = ["airport", "Airport", "passenger", "Passenger", "flight", "aviation", "travel"]


def airport(word):
    """The one row whose Airport name contains `word` (case- and accent-insensitive)."""
    fold = lambda s: s.str.normalize("NFKD").str.encode("ascii", "ignore").str.decode("ascii").str.lower()
    r = df[fold(df["Airport"]).str.contains(word.lower(), regex=False)]
    assert len(r) == 1, (word, len(r))
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["airports in the united states"], {"has_items": True, "text_in": {"Country": ["United States"]}},
    df.Country == "United States", 5)
add("plain", ["airports with more than 50 million passengers"],
    {"has_items": True, "num_range": {"Total passengers": [50000001, None]}}, PAX / 1e6 > 50, 5)
add("plain", ["which airports handled between 30 and 40 million passengers"],
    {"has_items": True, "num_range": {"Total passengers": [30000000, 40000000]}},
    (PAX / 1e6 >= 30) & (PAX / 1e6 <= 40), 5)
doubled = PCT > 100
DOUBLED = ids(doubled)
assert len(DOUBLED) == 18 and "23" not in DOUBLED          # Newark's "50.0%" is not a doubling
add("plain", ["airports where passenger numbers more than doubled from the year before"],
    {"has_items": True, "subset_of_ids": DOUBLED}, doubled, 5)

# ---- units (passengers per year; users ask per day and per month) ------------------------------
# 150,000 a day = 54,750,000 a year; passenger counts are whole numbers
add("units", ["airports averaging over 150,000 passengers a day"],
    {"has_items": True, "num_range": {"Total passengers": [54750001, None]}}, PAX / 365 > 150000)
# 4 million a month = 48,000,000 a year
add("units", ["show me airports with more than 4 million passengers per month"],
    {"has_items": True, "num_range": {"Total passengers": [48000001, None]}}, PAX / 12 > 4e6)

# ---- fact (by airport name, unique) -----------------------------------------------------------
assert airport("heathrow")["Total passengers"] == "61614508"
add("fact", ["how many passengers did Heathrow handle?"], {"reply_number": 61614508})
assert airport("dubai")["Code (IATA/ICAO)"] == "DXB/OMDB"
add("fact", ["whats the ICAO code for dubai airport"], {"reply_contains": "OMDB"})
assert airport("cancun")["Rank"] == "43.0" and airport("cancun")["Airport"] == "Cancún International Airport"
add("fact", ["what rank is Cancun airport on the list?"], {"reply_number": 43})

# ---- count ----------------------------------------------------------------------------------
assert (df.Country == "United States").sum() == 19
add("count", ["how many of these airports are in the US?"], {"reply_number": 19})
assert (PAX > 40e6).sum() == 26
add("count", ["how many airports had more than 40 million passengers"], {"reply_number": 26})
assert (df.Country == "Turkey").sum() == 3
add("count", ["how many turkish airports made the list"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(PAX, 3)
assert top3 == ["1", "2", "3"]
add("superlative", ["top 3 busiest airports"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
grew = top_ids(PCT, 1)
assert grew == ["36"] and df.loc[35, "Airport"] == "Singapore Changi Airport"
add("superlative", ["which airport's traffic grew the most compared to the previous year?"],
    {"has_items": True, "subset_of_ids": grew}, df.id.isin(grew), 1)

# ---- ordinal --------------------------------------------------------------------------------
jfk = int(airport("john f. kennedy")["Total passengers"])
assert jfk == 55287693
add("ordinal", ["airports busier than JFK"],
    {"has_items": True, "num_range": {"Total passengers": [jfk + 1, None]}}, PAX > jfk)
non_us = PAX[df.Country != "United States"].sort_values(ascending=False)
second = [str(df.loc[non_us.index[1], "id"])]
assert second == ["7"] and df.loc[6, "Airport"] == "Istanbul Airport" and non_us.iloc[1] != non_us.iloc[2]
add("ordinal", ["what's the 2nd busiest airport outside the US?"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
others = [c for c in COUNTRIES if c != "United States"]
add("negation", ["airports that aren't in the united states"],
    {"has_items": True, "text_in": {"Country": others}}, df.Country.notna() & (df.Country != "United States"))
add("negation", ["which airports didn't reach 35 million passengers?"],
    {"has_items": True, "num_range": {"Total passengers": [None, 34999999]}}, ~(PAX >= 35e6))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.Country.isin(["Germany", "France"])
assert ids(disj) == ["10", "18", "39", "47"]
add("disjunction", ["airports in germany or france"],
    {"has_items": True, "text_in": {"Country": ["France", "Germany"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["US airports please", "only the ones with more than 50 million passengers"],
    {"has_items": True, "text_in": {"Country": ["United States"]}, "num_range": {"Total passengers": [50000001, None]}},
    (df.Country == "United States") & (PAX > 50e6))
fu = (df.Country != "United States") & (PAX > 40e6) & (PCT > 100)
FU = ids(fu)
assert FU == ["5", "8", "10", "13", "15", "25"]
add("follow_up", ["show me airports outside the US", "just those over 40 million passengers",
                  "which of those more than doubled their traffic?"],
    {"has_items": True, "text_in": {"Country": others}, "num_range": {"Total passengers": [40000001, None]},
     "subset_of_ids": FU}, fu)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any airport with over 100 million passengers?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, PAX > 100e6)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "27", "Airport"].item() == "Soekarno–Hatta International Airport"
add("id_lookup", ["tell me about item 27"], {"has_items": True, "subset_of_ids": ["27"]}, df.id == "27")

finish()
