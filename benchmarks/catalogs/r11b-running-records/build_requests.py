"""Build ../requests/byo-r11b-running-records.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (Distance is in km: metres / 1000, miles x 1.609344,
a half marathon = 21.0975 km; Time is in decimal minutes: an hour = 60), and the script asserts that the
`expect` facets accept exactly those rows. Date questions are answered by the year of the raw `Date`
string; their facets list the qualifying raw `Date` values (`text_in`). Counts and facts are asserted
against the file. A record has no title: it is a distance plus `roadORtrack` (e.g. 10 km on the road).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11b-running-records"
PREFIX = "r11b-rr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 40 and list(df["id"]) == [str(i) for i in range(1, 41)]
assert list(df.columns) == ["id", "Distance", "roadORtrack", "Place", "Time", "Date"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
KM, MIN = num("Distance"), num("Time")
YEAR = df.Date.str[:4].astype(int)
assert df.notna().all().all() and set(df.roadORtrack) == {"track", "road"}
assert df.Date.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all()
assert not df[["Distance", "roadORtrack"]].duplicated().any()      # distance + road/track names a record
WHAT = ["record", "Record", "running", "Running", "race", "Race", "run", "distance", "Distance"]
MI = 1.609344


def dates(mask):
    """The raw Date strings of the rows in `mask` (for a text_in facet on Date)."""
    return sorted(set(df.loc[mask, "Date"]))


def rec(km, kind):
    r = df[(KM == km) & (df.roadORtrack == kind)]
    assert len(r) == 1, (km, kind)
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't", "not in"]


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


def others(col, *excluded):
    """Every raw value of `col` except `excluded` (blanks are not values), sorted; asserts each excluded exists."""
    vals = set(df[col].dropna())
    assert set(excluded) <= vals, (col, excluded)
    return sorted(vals - set(excluded))


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
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["road records"], {"has_items": True, "text_in": {"roadORtrack": ["road"]}}, df.roadORtrack == "road", 5)
old = YEAR < 1990
add("plain", ["track records set before 1990"],
    {"has_items": True, "text_in": {"roadORtrack": ["track"], "Date": dates(old)}},
    (df.roadORtrack == "track") & old, 5)
add("plain", ["records for 10,000 m or more"], {"has_items": True, "num_range": {"Distance": [10, None]}},
    KM * 1000 >= 10000, 5)
add("plain", ["road races between 10 and 30 km"],
    {"has_items": True, "text_in": {"roadORtrack": ["road"]}, "num_range": {"Distance": [10, 30]}},
    (df.roadORtrack == "road") & (KM >= 10) & (KM <= 30), 5)

# ---- units (Distance in km, Time in decimal minutes) -------------------------------------------
gap_empty("Distance", 50 * MI, 80.5)
add("units", ["records for races longer than 50 miles"],
    {"has_items": True, "num_range": {"Distance": [80.5, None]}}, KM / MI > 50)
gap_empty("Time", 59.9, 60)
add("units", ["road records that were run in under an hour"],
    {"has_items": True, "text_in": {"roadORtrack": ["road"]}, "num_range": {"Time": [None, 59.9]}},
    (df.roadORtrack == "road") & (MIN / 60 < 1))

# ---- fact (a record is named by its distance and road/track) ------------------------------------
assert rec(0.1, "track")["Place"] == "Athens" and (KM == 0.1).sum() == 1
add("fact", ["where was the 100m record run?"], {"reply_contains": "Athens"})
assert rec(1.609, "track")["Date"] == "1999-07-07" and (KM == 1.609).sum() == 1
add("fact", ["when was the mile record set"], {"reply_contains": "1999"})
r24 = df[MIN == 24 * 60]
assert len(r24) == 1 and r24.iloc[0]["Distance"] == "290.221"      # 290.221 km = 180.3 miles
add("fact", ["how far did they get in the 24 hour record?"], {"reply_contains_any": ["290.2", "290,2", "180.3"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.roadORtrack == "track").sum() == 24
add("count", ["how many track records are there"], {"reply_number": 24})
assert (df.Place == "London").sum() == 3
add("count", ["how many records were set in London?"], {"reply_number": 3})
assert ((df.roadORtrack == "road") & (YEAR == 2005)).sum() == 4
add("count", ["how many road records date from 2005"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
oldest = df.Date.min()
assert (df.Date == oldest).sum() == 1 and oldest == "1978-10-28"
add("superlative", ["what's the oldest record in the list"],
    {"has_items": True, "subset_of_ids": ids(df.Date == oldest)}, df.Date == oldest, 1)
road = df.roadORtrack == "road"
long3 = top_ids(KM.where(road), 3)                       # 290.221, 160.9, 100; next is 50
assert sorted(KM[df.id.isin(long3)]) == [100, 160.9, 290.221]
add("superlative", ["the 3 longest road races"], {"has_items": True, "subset_of_ids": long3}, df.id.isin(long3), 3)

# ---- ordinal (compared with another record) -------------------------------------------------
chicago = df[df.Place == "Chicago"]
assert len(chicago) == 1 and chicago.iloc[0]["Distance"] == "32.18" and chicago.iloc[0]["roadORtrack"] == "road"
gap_empty("Distance", 32.18, 50)
add("ordinal", ["road races longer than the chicago one"],
    {"has_items": True, "text_in": {"roadORtrack": ["road"]}, "num_range": {"Distance": [50, None]}},
    road & (KM > 32.18))
mile = float(rec(1.609, "track")["Distance"])
gap_empty("Distance", 1.5, mile)
add("ordinal", ["track distances shorter than the mile"],
    {"has_items": True, "text_in": {"roadORtrack": ["track"]}, "num_range": {"Distance": [None, 1.5]}},
    (df.roadORtrack == "track") & (KM < mile))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["records not set in london"],
    {"has_items": True, "text_in": {"Place": others("Place", "London")}}, df.Place != "London")
gap_empty("Distance", 16.09, 20)
add("negation", ["anything that isn't a track record and is shorter than 20 km"],
    {"has_items": True, "text_in": {"roadORtrack": others("roadORtrack", "track")},
     "num_range": {"Distance": [None, 16.09]}},
    (df.roadORtrack != "track") & (KM < 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.Place.isin(["Rieti", "Tilburg"])
assert int(disj.sum()) == 4
add("disjunction", ["recrods from Rieti or Tilburg"], {"has_items": True, "text_in": {"Place": ["Rieti", "Tilburg"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
noughties = (YEAR >= 2000) & (YEAR <= 2009)
add("follow_up", ["track records", "only those from the 2000s"],
    {"has_items": True, "text_in": {"roadORtrack": ["track"], "Date": dates(noughties)}},
    (df.roadORtrack == "track") & noughties)
gap_empty("Distance", 21.0975, 25)
add("follow_up", ["road records please", "longer than a half marathon", "set after 1990"],
    {"has_items": True, "text_in": {"roadORtrack": ["road"], "Date": dates(YEAR > 1990)},
     "num_range": {"Distance": [25, None]}},
    road & (KM > 21.0975) & (YEAR > 1990))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any records from before 1975?"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR < 1975)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "22", ["Distance", "Place"]].values.tolist() == [["64.36", "London"]]
add("id_lookup", ["tell me about item 22"], {"has_items": True, "subset_of_ids": ["22"]}, df.id == "22")

finish()
