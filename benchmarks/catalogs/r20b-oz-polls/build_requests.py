"""Build ../requests/byo-r20b-oz-polls.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (percentages against the user's "half", sample sizes against "2k",
years taken from the ISO date strings), and the script asserts that the `expect` facets accept exactly
those rows. Polls have no title: a poll is its survey house (`org`) plus its field dates; facts are asked
only by a house and date that pick out one poll. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20b-oz-polls"
PREFIX = "r20b-op"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 239 and list(df["id"]) == [str(i) for i in range(1, 240)]
assert list(df.columns) == ["id", "ALP", "Lib", "Nat", "Green", "FamilyFirst", "Dems", "OneNation", "DK",
                            "sampleSize", "org", "startDate", "endDate", "source", "remark"]
num = lambda c: pd.to_numeric(df[c])
ALP, LIB, GRN, N = num("ALP"), num("Lib"), num("Green"), num("sampleSize")
assert set(df.org) == {"Morgan, F2F", "Newspoll", "Nielsen", "Morgan, Phone", "Galaxy"}
assert df.source.isna().sum() == 76 and df.remark.isna().sum() == 113
assert df.drop(columns=["source", "remark"]).notna().all().all()
assert (num("DK") == 0).all()                              # the "don't know" column is 0 everywhere
assert (df.startDate.str[:4] == df.endDate.str[:4]).all()  # no poll straddles a new year
YEAR = df.startDate.str[:4]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["poll", "Poll", "election", "Election", "survey", "Survey", "Labor", "ALP", "Liberal", "vote"]


def poll(org, end):
    """The one poll of survey house `org` whose field period ended on `end`; asserts it is unique."""
    r = df[(df.org == org) & (df.endDate == end)]
    assert len(r) == 1, (org, end, len(r))
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def values(col, mask):
    """Every distinct raw value of `col` in the rows of mask (for text_in)."""
    return sorted(df.loc[mask.fillna(False).astype(bool), col].unique())


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["newspoll polls"], {"has_items": True, "text_in": {"org": ["Newspoll"]}}, df.org == "Newspoll", 5)
add("plain", ["polls with labor on 50% or more"], {"has_items": True, "num_range": {"ALP": [50, None]}}, ALP >= 50, 5)
y2006 = YEAR == "2006"
add("plain", ["polls taken in 2006"], {"has_items": True, "text_in": {"startDate": values("startDate", y2006)}},
    y2006, 5)
add("plain", ["Nielsen polls that had the Greens at 10 or above"],
    {"has_items": True, "text_in": {"org": ["Nielsen"]}, "num_range": {"Green": [10, None]}},
    (df.org == "Nielsen") & (GRN >= 10), 5)

# ---- units (vote shares are percentages; sample size is a head count) -----------------------
# more than half = more than 50 %; shares are written to 0.1
gap_empty("ALP", 50, 50.1)
add("units", ["when did labor poll more than half the vote?"],
    {"has_items": True, "num_range": {"ALP": [50.1, None]}}, ALP / 100 > 0.5)
add("units", ["polls with a sample of 2k or more"],
    {"has_items": True, "num_range": {"sampleSize": [2000, None]}}, N / 1000 >= 2)

# ---- fact (a poll named by its house and end date) --------------------------------------------
assert poll("Galaxy", "2007-11-21")["ALP"] == "42.5"
add("fact", ["what did Labor get in the Galaxy poll that ended 21 Nov 2007?"], {"reply_number": 42.5})
assert poll("Newspoll", "2007-11-22")["sampleSize"] == "2615.0"
add("fact", ["sample size of the newspoll finishing 22/11/2007"], {"reply_number": 2615})
r = df[df.endDate == "2007-11-23"]
assert len(r) == 1 and r.org.item() == "Morgan, Phone"
add("fact", ["who ran the poll that ended on 2007-11-23"], {"reply_contains": "Morgan"})

# ---- count ----------------------------------------------------------------------------------
assert (df.org == "Galaxy").sum() == 10
add("count", ["how many galaxy polls are there?"], {"reply_number": 10})
assert df.source.isna().sum() == 76
add("count", ["how many polls dont have a source"], {"reply_number": 76})
assert (df.org == "Morgan, Phone").sum() == 15
add("count", ["how many phone polls did Morgan do"], {"reply_number": 15})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(N, 1)
assert biggest == ["238"] and N.max() == 2615
add("superlative", ["which poll had the biggest sample"], {"has_items": True, "subset_of_ids": biggest},
    df.id.isin(biggest), 1)
best3 = top_ids(ALP, 3)                                      # 54.5, 54.0, 53.3; next 52.5
assert sorted(ALP[df.id.isin(best3)]) == [53.3, 54.0, 54.5]
add("superlative", ["top 3 polls for Labor"], {"has_items": True, "subset_of_ids": best3}, df.id.isin(best3), 3)

# ---- ordinal (compared with another poll) ----------------------------------------------------
last_galaxy = df[df.org == "Galaxy"].sort_values("endDate").iloc[-1]
assert last_galaxy["id"] == "234" and last_galaxy["Lib"] == "42.5" and last_galaxy["sampleSize"] == "1200.0"
gap_empty("Lib", 42.5, 42.9)
add("ordinal", ["polls where the Liberals did better than in the last Galaxy poll"],
    {"has_items": True, "num_range": {"Lib": [42.9, None]}}, LIB > float(last_galaxy["Lib"]))
gap_empty("sampleSize", 1199, 1200)
add("ordinal", ["polls with smaller samples than the final galaxy one"],
    {"has_items": True, "num_range": {"sampleSize": [None, 1199]}}, N < float(last_galaxy["sampleSize"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["polls not done by Roy Morgan"],
    {"has_items": True, "text_in": {"org": ["Galaxy", "Newspoll", "Nielsen"]}}, ~df.org.str.startswith("Morgan"))
add("negation", ["polls where the greens werent below 10"],
    {"has_items": True, "num_range": {"Green": [10, None]}}, ~(GRN < 10))

# ---- disjunction ----------------------------------------------------------------------------
gap_empty("ALP", 44.8, 45)
add("disjunction", ["Galaxy or Nielson polls with Labor under 45"],
    {"has_items": True, "text_in": {"org": ["Galaxy", "Nielsen"]}, "num_range": {"ALP": [None, 44.8]}},
    df.org.isin(["Galaxy", "Nielsen"]) & (ALP < 45))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
y2007 = YEAR == "2007"
gap_empty("sampleSize", 1500, 1500.01)
assert not (N == 1500).any()
add("follow_up", ["show me the Newspoll results", "only the ones from 2007"],
    {"has_items": True, "text_in": {"org": ["Newspoll"], "startDate": values("startDate", y2007)}},
    (df.org == "Newspoll") & y2007)
add("follow_up", ["polls with more than 1500 people surveyed", "just the face-to-face morgan ones",
                  "which of those had labor on 50 or more"],
    {"has_items": True, "num_range": {"sampleSize": [1500.01, None], "ALP": [50, None]},
     "text_in": {"org": ["Morgan, F2F"]}},
    (N > 1500) & (df.org == "Morgan, F2F") & (ALP >= 50))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any poll with Labor above 60 percent?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    ALP > 60)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "100", "org"].item() == "Newspoll"
add("id_lookup", ["details for item 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
