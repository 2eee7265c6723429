"""Build ../requests/byo-r3b-hurricanes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched3); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly
those rows. `AffectedStates` is a comma-separated list of state codes written unevenly ("AL, MS",
"NH.ME", "FL,FL"), so state facets are given as `subset_of_ids` (all qualifying ids). Damage columns
are in millions of US dollars with no unit in the name. Counts and facts are asserted against the file.
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r3b-hurricanes"
PREFIX = "hur"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype={"mf": str, "AffectedStates": str, "firstLF": str})
assert len(df) == 94 and list(df["id"]) == list(range(1, 95))
assert set(df["mf"]) == {"f", "m"}
W = df["LF.WindsMPH"]
YEAR = pd.to_datetime(df["firstLF"]).dt.year
assert (YEAR == df["Year"]).all()

# two independent ways of reading the state list: regex word match vs. token split
STATES = df["AffectedStates"].apply(lambda s: set(t for t in re.split(r"[,.\s]+", s) if t))


def hit(code):
    return df["AffectedStates"].str.contains(rf"\b{code}\b", regex=True)


for code in ["TX", "LA", "FL", "NC", "NY", "GA", "VA", "CA"]:
    assert (hit(code) == STATES.apply(lambda s: code in s)).all(), code


def state_ids(*codes, extra=None):
    m = STATES.apply(lambda s: any(c in s for c in codes))
    if extra is not None:
        m &= extra
    return [str(i) for i in df.loc[m, "id"]]


NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match", "never"]
WHAT = ["hurricane", "Hurricane", "storm", "Storm", "landfall", "cyclone"]

# Saffir-Simpson category from landfall wind (mph, current scale): 1 = 74-95, 2 = 96-110,
# 3 = 111-129, 4 = 130-156, 5 = 157+
CAT = pd.cut(W, [73, 95, 110, 129, 156, 400], labels=[1, 2, 3, 4, 5]).astype(int)
# ---- shared harness (copied into each build script) ----
def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed) & df[col].notna()
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
        if "subset_of_ids" in expect:  # the id list is exactly the qualifying rows
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def write():
    from collections import Counter
    assert len(REQS) == 25
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    assert Counter(r["kind"] for r in REQS) == Counter(want), Counter(r["kind"] for r in REQS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi! what've you got here?"], {"reply_contains_any": WHAT})
add("greeting", ["hello, can you help me look something up"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["hurricanes that hit texas"],
    {"has_items": True, "subset_of_ids": state_ids("TX")}, hit("TX"), 5)
add("plain", ["show me storms with girls names that came ashore at 120 mph or more"],
    {"has_items": True, "text_in": {"mf": ["f"]}, "num_range": {"LF.WindsMPH": [120, None]}},
    (df.mf == "f") & (W >= 120), 5)
add("plain", ["any hurricanes from the 2000s?"],
    {"has_items": True, "num_range": {"Year": [2000, 2009]}}, (YEAR // 10) == 200, 5)
add("plain", ["florida hurricanes that killed more than 10 ppl"],
    {"has_items": True, "subset_of_ids": state_ids("FL", extra=df.deaths >= 11), "num_range": {"deaths": [11, None]}},
    hit("FL") & (df.deaths > 10), 5)

# ---- units ----------------------------------------------------------------------------------
# BaseDamage is in millions of US dollars of the storm's year: "10 billion" = 10000
assert not ((df.BaseDamage > 10000) & (df.BaseDamage < 10000.01)).any()
add("units", ["which ones did more than 10 billion dollars of damage? (not adjusted for inflation)"],
    {"has_items": True, "num_range": {"BaseDamage": [10000.01, None]}}, df.BaseDamage * 1e6 > 10e9)
# 200 km/h = 124.27 mph; winds are whole mph in steps of 5
add("units", ["storms that hit land with winds over 200 km/h"],
    {"has_items": True, "num_range": {"LF.WindsMPH": [125, None]}}, W * 1.609344 > 200)

# ---- fact -----------------------------------------------------------------------------------
def one(name, year=None):
    r = df[(df.Name == name) & ((df.Year == year) if year else True)]
    assert len(r) == 1, (name, year)
    return r.iloc[0]


assert one("Camille").deaths == 256
add("fact", ["how many people died in hurricane camille"], {"reply_number": 256})
assert one("Andrew")["LF.WindsMPH"] == 170
add("fact", ["what was andrews wind speed when it made landfall?"], {"reply_number": 170})
assert one("Katrina").firstLF == "2005-08-29"
add("fact", ["when did katrina make landfall"],
    {"reply_contains_any": ["2005-08-29", "August 29", "Aug 29", "Aug. 29", "29 August", "8/29/2005", "29/08/2005"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.mf == "m").sum() == 30
add("count", ["how many hurricanes had male names"], {"reply_number": 30})
n_la = int(hit("LA").sum())
assert n_la == 22, n_la
add("count", ["how many of these hit louisiana?"], {"reply_number": 22})
n60 = int(((df.Year >= 1960) & (df.Year <= 1969)).sum())
assert n60 == 14, n60
add("count", ["how many hurricanes were there in the 1960s"], {"reply_number": 14})

# ---- superlative ----------------------------------------------------------------------------
dead3 = df.nlargest(3, "deaths", keep="all")
assert len(dead3) == 3 and df.deaths.nlargest(4).iloc[3] < dead3.deaths.min()
assert sorted(dead3.Name) == ["Audrey", "Camille", "Katrina"]
add("superlative", ["the 3 deadliest hurricanes"],
    {"has_items": True, "subset_of_ids": ["13", "30", "84"]}, df.id.isin(dead3.id), 3)
low = df["LF.PressureMB"] == df["LF.PressureMB"].min()
assert low.sum() == 1 and df.loc[low, "Name"].item() == "Camille"
add("superlative", ["which one had the lowest pressure at landfall?"],
    {"has_items": True, "subset_of_ids": ["30"]}, low)

# ---- ordinal (Saffir-Simpson categories are implied by the wind speed) ------------------------
add("ordinal", ["only major hurricanes pls, category 3 or above"],
    {"has_items": True, "num_range": {"LF.WindsMPH": [111, None]}}, CAT >= 3)
add("ordinal", ["just the weakest ones, cat 1, that hit north carolina"],
    {"has_items": True, "num_range": {"LF.WindsMPH": [None, 95]}, "subset_of_ids": state_ids("NC", extra=W <= 95)},
    (CAT == 1) & hit("NC"))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["hurricanes since 1990 that did NOT hit florida"],
    {"has_items": True, "num_range": {"Year": [1990, None]},
     "subset_of_ids": [str(i) for i in df.loc[~STATES.apply(lambda s: "FL" in s) & (df.Year >= 1990), "id"]]},
    (YEAR >= 1990) & ~hit("FL"))
add("negation", ["not a female name, and winds of at least 100 mph"],
    {"has_items": True, "text_in": {"mf": ["m"]}, "num_range": {"LF.WindsMPH": [100, None]}},
    (df.mf != "f") & (W >= 100))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["which hurricanes hit either georgia or virginia"],
    {"has_items": True, "subset_of_ids": state_ids("GA", "VA")}, hit("GA") | hit("VA"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me hurricanes that hit north carolina", "only since 1990", "and with more than 5 deaths"],
    {"has_items": True, "subset_of_ids": state_ids("NC", extra=(df.Year >= 1990) & (df.deaths >= 6)),
     "num_range": {"Year": [1990, None], "deaths": [6, None]}},
    hit("NC") & (YEAR >= 1990) & (df.deaths > 5))
add("follow_up", ["what storms hit new york?", "which of those were after 1980"],
    {"has_items": True, "subset_of_ids": state_ids("NY", extra=df.Year >= 1981), "num_range": {"Year": [1981, None]}},
    hit("NY") & (YEAR > 1980))

# ---- impossible -----------------------------------------------------------------------------
assert not df.AffectedStates.str.contains("CA").any()
add("impossible", ["was there ever a hurricane that hit california?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, hit("CA"))

# ---- id_lookup ------------------------------------------------------------------------------
assert (df.Name == "Bob").sum() == 3 and one("Bob", 1991).id == 59
add("id_lookup", ["pull up hurricane bob, the 1991 one"],
    {"has_items": True, "subset_of_ids": ["59"]}, (df.Name == "Bob") & (YEAR == 1991))

write()
