"""Build ../requests/byo-r3a-olympic-100m.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 3 of the untouched catalogs); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with a plain pandas expression, and the script asserts that the `expect` facets accept exactly those
rows (so "averaged over 35 km/h" written as Time <= 10.28 is checked against 100 / Time * 3.6 > 35).
"""
NAME = "r3a-olympic-100m"
PREFIX = "r3a-oly"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "No match", "doesn't", "does not", "isn't", "there are no", "There are no"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def by(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value, len(r))
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN / blank never passes a facet)."""
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
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def finish():
    assert len(REQS) == 25, len(REQS)
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    got = {}
    for r in REQS:
        got[r["kind"]] = got.get(r["kind"], 0) + 1
    assert got == want, got
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

df = pd.read_csv(HERE / "items.csv")
assert len(df) == 85 and list(df["id"]) == list(range(1, 86))
assert set(df.Medal) == {"GOLD", "SILVER", "BRONZE"}
COUNTRIES = sorted(df.Country.unique())

WHAT = ["sprint", "Sprint", "100", "medal", "Medal", "Olympic", "olympic", "athlete", "Athlete", "runner", "race"]


def one(mask):
    r = df[mask]
    assert len(r) == 1, len(r)
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what's in here?"], {"reply_contains_any": WHAT})
add("greeting", ["hello what can u tell me about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["all the jamaican medalists"], {"has_items": True, "text_in": {"Country": ["JAM"]}},
    df.Country == "JAM", 5)
add("plain", ["gold medal winners since 1980"],
    {"has_items": True, "text_in": {"Medal": ["GOLD"]}, "num_range": {"Year": [1980, None]}},
    (df.Medal == "GOLD") & (df.Year >= 1980), 5)
add("plain", ["british sprinters who got a medal"], {"has_items": True, "text_in": {"Country": ["GBR"]}},
    df.Country == "GBR", 5)
add("plain", ["canadian medal winners"], {"has_items": True, "text_in": {"Country": ["CAN"]}},
    df.Country == "CAN", 5)

# ---- units (Time is seconds for 100 m) ---------------------------------------------------------
# "more than 10 metres per second" = 100 / Time > 10 = Time < 10; times have two decimals
add("units", ["which medalists averaged more than 10 metres per second"],
    {"has_items": True, "num_range": {"Time": [None, 9.99]}}, 100 / df.Time > 10)
# "faster than 35 km/h on average" = 100 / Time * 3.6 > 35 = Time < 10.2857
assert not ((df.Time > 10.28) & (df.Time < 10.29)).any()
add("units", ["who averaged faster than 35 km/h over the race"],
    {"has_items": True, "num_range": {"Time": [None, 10.28]}}, 100 / df.Time * 3.6 > 35)

# ---- fact -----------------------------------------------------------------------------------
assert one((df.Name == "Usain Bolt") & (df.Year == 2008)).Time == 9.69
add("fact", ["what was usain bolt's time in beijing 2008"], {"reply_number": 9.69})
assert one(df.Name == 'H. Norwood "Barney" Ewell').Time == 10.4   # nickname stored inside quotes
add("fact", ["what time did barney ewell run"], {"reply_number": 10.4})
assert one((df.Year == 1936) & (df.Medal == "GOLD")).Name == "Jesse Owens"
add("fact", ["who won the gold in 1936?"], {"reply_contains": "Owens"})

# ---- count ----------------------------------------------------------------------------------
n = int(((df.Country == "USA") & (df.Medal == "GOLD")).sum())
assert n == 17, n
add("count", ["how many golds has the usa won in this event"], {"reply_number": n})
n = int((df.Name == "Carl Lewis").sum())
assert n == 2, n
add("count", ["how many medals did carl lewis get"], {"reply_number": n})
n = int((df.Time < 10).sum())
assert n == 20, n
add("count", ["how many times has a medalist broken 10 seconds"], {"reply_number": n})

# ---- superlative ----------------------------------------------------------------------------
top = df.nsmallest(1, "Time", keep="all")
assert len(top) == 1 and top.iloc[0].Name == "Usain Bolt" and top.iloc[0].Year == 2012
add("superlative", ["fastest time in the whole list?"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(top.id))}, df.id.isin(top.id))
slow = df.nlargest(3, "Time", keep="all")
assert len(slow) == 3 and df.Time.nlargest(4).iloc[3] < slow.Time.min()
add("superlative", ["the 3 slowest medal times"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(slow.id))}, df.id.isin(slow.id), 3)

# ---- ordinal (GOLD > SILVER > BRONZE) -----------------------------------------------------------
add("ordinal", ["silver or better for team usa after 1960"],
    {"has_items": True, "text_in": {"Medal": ["GOLD", "SILVER"], "Country": ["USA"]}, "num_range": {"Year": [1961, None]}},
    df.Medal.isin(["GOLD", "SILVER"]) & (df.Country == "USA") & (df.Year > 1960))
add("ordinal", ["anyone who finished better than bronze in the 90s"],
    {"has_items": True, "text_in": {"Medal": ["GOLD", "SILVER"]}, "num_range": {"Year": [1990, 1999]}},
    (df.Medal != "BRONZE") & df.Year.between(1990, 1999))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["medalists not from the usa, before 1950"],
    {"has_items": True, "text_in": {"Country": [c for c in COUNTRIES if c != "USA"]}, "num_range": {"Year": [None, 1949]}},
    (df.Country != "USA") & (df.Year < 1950))
add("negation", ["jamaican medals that weren't gold"],
    {"has_items": True, "text_in": {"Country": ["JAM"], "Medal": ["SILVER", "BRONZE"]}},
    (df.Country == "JAM") & (df.Medal != "GOLD"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["runners from either trinidad or barbados"],
    {"has_items": True, "text_in": {"Country": ["TRI", "BAR"]}}, df.Country.isin(["TRI", "BAR"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the gold medalists", "just the americans", "only after 1950"],
    {"has_items": True, "text_in": {"Medal": ["GOLD"], "Country": ["USA"]}, "num_range": {"Year": [1951, None]}},
    (df.Medal == "GOLD") & (df.Country == "USA") & (df.Year > 1950))
add("follow_up", ["who got medals in 1896?", "ok what about 1900"],
    {"has_items": True, "num_range": {"Year": [1900, 1900]}}, df.Year == 1900)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a gold medal run under 9.5 seconds"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.Medal == "GOLD") & (df.Time < 9.5))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(50).Name == 'H. Norwood "Barney" Ewell'
add("id_lookup", ["tell me about entry number 50"], {"has_items": True, "subset_of_ids": ["50"]}, df.id == 50)

finish()
