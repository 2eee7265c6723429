"""Build ../requests/byo-r36a-wine-reviews.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. `price` is in US dollars; the source writes `0.0`
where the price is unknown (3 wines), and `0` in designation, region_1, region_2, taster_name and
taster_twitter_handle where those are unknown: an unknown price is never "under $X", so every price
facet starts at 1 (asserted: no price lies strictly between 0 and 8).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36a-wine-reviews"
PREFIX = "r36a-wi"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
N = 50
COLS = ["id", "country", "description", "designation", "points", "price", "province", "region_1", "region_2",
        "taster_name", "taster_twitter_handle", "title", "variety", "winery", "desc_len"]

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == COLS
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]


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
    """Every raw value of `col` except the excluded ones (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

PTS, PRICE = num("points"), num("price")
assert df.isna().sum().sum() == 0                          # no empty cells: unknowns are written 0 / 0.0
assert (PRICE == 0).sum() == 3 and PRICE[PRICE > 0].min() == 8
gap_empty("price", 0, 1)
KNOWN = PRICE > 0                                          # a real price
WHAT = ["wine", "Wine", "bottle", "vino", "review"]


def wine(part):
    """The one row whose title contains `part` (case-insensitive), asserted unique."""
    r = df[df["title"].str.lower().str.contains(part.lower(), regex=False)]
    assert len(r) == 1, part
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["got any malbec?"], {"has_items": True, "text_in": {"variety": ["Malbec"]}}, df.variety == "Malbec", 5)
add("plain", ["california wines"], {"has_items": True, "text_in": {"province": ["California"]}},
    df.province == "California", 5)
gap_empty("price", 49, 50)
add("plain", ["french wines under $50"],
    {"has_items": True, "text_in": {"country": ["France"]}, "num_range": {"price": [1, 49]}},
    (df.country == "France") & KNOWN & (PRICE < 50), 5)
add("plain", ["US wines between 85 and 89 points"],
    {"has_items": True, "text_in": {"country": ["US"]}, "num_range": {"points": [85, 89]}},
    (df.country == "US") & (PTS >= 85) & (PTS <= 89), 5)

# ---- units (points are out of 100; a 750 ml bottle is five 150 ml glasses) --------------------
add("units", ["anything that scored at least 9 out of 10?"],
    {"has_items": True, "num_range": {"points": [90, None]}}, PTS / 10 >= 9)
add("units", ["what can I get for about $6 a glass or less? figure 5 glasses to a bottle"],
    {"has_items": True, "num_range": {"price": [1, 30]}}, KNOWN & (PRICE / 5 <= 6))

# ---- fact (wines named by their title) --------------------------------------------------------
assert wine("Costa Russi")["points"] == "93"
add("fact", ["how many points did the Gaja Costa Russi get"], {"reply_number": 93})
assert wine("Pol Roger")["price"] == "130.0"
add("fact", ["what does the pol roger rosé cost?"], {"reply_number": 130})
assert wine("Dobogó")["taster_name"] == "Jeff Jenssen"
add("fact", ["who reviewed the Dobogó tokaji?"], {"reply_contains": "Jeff Jenssen"})

# ---- count ----------------------------------------------------------------------------------
assert (df.country == "Portugal").sum() == 3
add("count", ["how many wines from Portugal are there"], {"reply_number": 3})
assert (df.taster_name == "Roger Voss").sum() == 12
add("count", ["how many did Roger Voss review"], {"reply_number": 12})
assert (PRICE == 0).sum() == 3
add("count", ["how many bottles are missing a price?"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
dearest = top_ids(PRICE, 1)
assert dearest == ["40"] and PRICE.max() == 500
add("superlative", ["most expensive bottle"], {"has_items": True, "subset_of_ids": dearest}, df.id.isin(dearest), 1)
low2 = top_ids(PTS, 2, largest=False)                      # 83, 83; next is 84
assert sorted(PTS[df.id.isin(low2)]) == [83, 83]
add("superlative", ["the 2 lowest scoring wines"], {"has_items": True, "subset_of_ids": low2}, df.id.isin(low2), 2)

# ---- ordinal (compared with a named wine) ------------------------------------------------------
bink = wine("Bink")
assert bink["points"] == "91"
add("ordinal", ["wines rated higher then the Bink pinot noir"],
    {"has_items": True, "num_range": {"points": [92, None]}}, PTS > float(bink["points"]))
solena = wine("Soléna")
assert solena["price"] == "40.0"
gap_empty("price", 39, 40)
add("ordinal", ["which ones are cheaper than the Solena pinot?"],
    {"has_items": True, "num_range": {"price": [1, 39]}}, KNOWN & (PRICE < float(solena["price"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["wines not from the US"], {"has_items": True, "text_in": {"country": others("country", "US")}},
    df.country != "US")
gap_empty("price", 19, 20)
add("negation", ["something that's not a red blend, under 20 dollars"],
    {"has_items": True, "text_in": {"variety": others("variety", "Red Blend", "Bordeaux-style Red Blend")},
     "num_range": {"price": [1, 19]}},
    ~df.variety.str.contains("Red Blend") & KNOWN & (PRICE < 20))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["spanish or portuguese wines"], {"has_items": True, "text_in": {"country": ["Spain", "Portugal"]}},
    df.country.isin(["Spain", "Portugal"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["italian wines?", "just the ones with 92 points or better"],
    {"has_items": True, "text_in": {"country": ["Italy"]}, "num_range": {"points": [92, None]}},
    (df.country == "Italy") & (PTS >= 92))
gap_empty("price", 29, 30)
wa = (df.province == "Washington") & KNOWN & (PRICE < 30) & (PTS >= 88)
assert ids(wa) == ["20", "25", "32"]
add("follow_up", ["anything from Washington state?", "under $30", "which of those got 88 or more"],
    {"has_items": True, "text_in": {"province": ["Washington"]}, "num_range": {"price": [1, 29], "points": [88, None]}},
    wa)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any wines from Chile?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    df.country.str.lower().str.contains("chile"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "27", "winery"].item() == "Vineyard 7&8"
add("id_lookup", ["tell me about item 27"], {"has_items": True, "subset_of_ids": ["27"]}, df.id == "27")

finish()
