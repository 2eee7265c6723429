"""Build ../requests/byo-r23a-ca-wildfires.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (acres against the user's square miles and hectares, years taken from
the `Started` timestamps), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. One row is one fire *in one county*: a fire that burned
in several counties is repeated (same name, acres and dates) once per county, e.g. the Ranch Fire
(Mendocino Complex) four times; so "the biggest" questions are asked within one county and facts by a name
that is unique in the file. Year filters use the `ArchiveYear` column; the script asserts that for the rows
concerned it equals the year of `Started` (two rows start in 1969, a data error, and are never in a truth
set of a year request).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23a-ca-wildfires"
PREFIX = "r23a-wf"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, na_values=[""])   # raw strings
assert len(df) == 1636 and list(df["id"]) == [str(i) for i in range(1, 1637)]
assert df.columns[0] == "id" and len(df.columns) == 41
num = lambda c: pd.to_numeric(df[c], errors="coerce")
ACRES, DEAD, HURT, DESTROYED = num("AcresBurned"), num("Fatalities"), num("Injuries"), num("StructuresDestroyed")
assert (ACRES.dropna() % 1 == 0).all() and ACRES.isna().sum() == 3           # whole acres, 3 blanks
COUNTY, MAJOR, YEAR = df.Counties, df.MajorIncident, df.ArchiveYear
START_YEAR = df.Started.str[:4]
START_MONTH = df.Started.str[:7]
assert set(MAJOR) == {"True", "False"} and COUNTY.notna().all() and not COUNTY.str.contains(",").any()
YEARS = sorted(set(YEAR))
assert YEARS == ["2013", "2014", "2015", "2016", "2017", "2018", "2019"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["fire", "Fire", "wildfire", "Wildfire", "blaze", "burn"]
SQMI = 640.0               # acres per square mile
HA = 0.40468564224         # hectares per acre


def fire(name):
    r = df[df["Name"].str.strip().str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


def same_year(mask, year):
    """ArchiveYear == year must pick the same rows as the Started year (within `mask`)."""
    m = mask.fillna(False).astype(bool)
    assert ((YEAR[m] == year) == (START_YEAR[m] == year)).all(), year


REQS = []


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank or non-numeric cell never passes a range)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
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
    v = pd.to_numeric(df[col], errors="coerce")
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


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
        for col in expect.get("text_in", {}):
            assert col in df.columns, col
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_ids(values, n, largest=True, within=None):
    """ids of the n rows with the largest (smallest) values; asserts the n-th and (n+1)-th values differ."""
    s = values if within is None else values[within.fillna(False).astype(bool)]
    s = s.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert len(s) > n and s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return sorted((str(df.loc[i, "id"]) for i in s.index[:n]), key=int)


def nth_id(values, n, largest=True, within=None):
    """id of the row holding the n-th largest (smallest) value; asserts n-1, n, n+1 values all differ."""
    s = values if within is None else values[within.fillna(False).astype(bool)]
    s = s.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return str(df.loc[s.index[n - 1], "id"])


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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what can you tell me about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
riv = COUNTY == "Riverside"
same_year(riv, "2017")
add("plain", ["fires in riverside county in 2017"],
    {"has_items": True, "text_in": {"Counties": ["Riverside"], "ArchiveYear": ["2017"]}}, riv & (START_YEAR == "2017"), 5)
add("plain", ["major incidents in San Diego County"],
    {"has_items": True, "text_in": {"Counties": ["San Diego"], "MajorIncident": ["True"]}},
    (COUNTY == "San Diego") & (MAJOR == "True"), 5)
gap_empty("AcresBurned", 50000, 50001)
add("plain", ["fires over 50,000 acres"], {"has_items": True, "num_range": {"AcresBurned": [50001, None]}},
    ACRES > 50000, 5)
add("plain", ["fires where someone died"], {"has_items": True, "num_range": {"Fatalities": [1, None]}}, DEAD >= 1, 5)

# ---- units (AcresBurned is in acres; 640 acres = 1 square mile; 1 acre = 0.4047 ha) ------------
gap_empty("AcresBurned", 100 * SQMI, 64001)
add("units", ["fires bigger than 100 square miles"], {"has_items": True, "num_range": {"AcresBurned": [64001, None]}},
    ACRES / SQMI > 100)
gap_empty("AcresBurned", 10000 / HA, 24711)
add("units", ["shasta county fires over 10,000 hectares"],
    {"has_items": True, "text_in": {"Counties": ["Shasta"]}, "num_range": {"AcresBurned": [24711, None]}},
    (COUNTY == "Shasta") & (ACRES * HA > 10000))

# ---- fact (by a fire name that is unique in the file) -----------------------------------------
assert fire("Rim Fire")["AcresBurned"] == "257314"
add("fact", ["how many acres did the Rim Fire burn?"], {"reply_number": 257314})
assert fire("Kincade Fire")["StructuresDestroyed"] == "374"
add("fact", ["how many structures were destroyed in the kincade fire"], {"reply_number": 374})
rv = df[df.Name.str.lower().str.contains("redwood valley")]
assert len(rv) == 1 and rv.Fatalities.item() == "9"
add("fact", ["how many people died in the Redwood Valley fire"], {"reply_number": 9})

# ---- count ----------------------------------------------------------------------------------
# counts are asked only where one row is one fire (no fire repeated for a second county in the set)
UID = df.UniqueId


def one_per_fire(mask):
    m = mask.fillna(False).astype(bool)
    assert UID[m].is_unique, int(m.sum())
    return int(m.sum())


assert one_per_fire(COUNTY == "Butte") == 66
add("count", ["how many fires were in Butte county?"], {"reply_number": 66})
same_year(MAJOR == "True", "2019")
assert one_per_fire((MAJOR == "True") & (START_YEAR == "2019")) == 29
add("count", ["how many major incidents were there in 2019"], {"reply_number": 29})
assert one_per_fire(START_MONTH == "2019-07") == 47
add("count", ["how many fires started in july 2019"], {"reply_number": 47})

# ---- superlative ----------------------------------------------------------------------------
big_riv = top_ids(ACRES, 1, within=riv)
assert df.loc[df.id == big_riv[0], "Name"].item() == "Mountain Fire"
add("superlative", ["biggest fire in Riverside County"], {"has_items": True, "subset_of_ids": big_riv},
    df.id.isin(big_riv), 1)
most_hurt = top_ids(HURT, 1)
assert df.loc[df.id == most_hurt[0], "Name"].item() == "Silver Fire" and HURT.max() == 26
add("superlative", ["which fire had the most injuries?"], {"has_items": True, "subset_of_ids": most_hurt},
    df.id.isin(most_hurt), 1)

# ---- ordinal --------------------------------------------------------------------------------
shasta = COUNTY == "Shasta"
second = nth_id(ACRES, 2, within=shasta)
assert df.loc[df.id == second, "Name"].item() == "Delta Fire"
add("ordinal", ["2nd largest fire in shasta county"], {"has_items": True, "subset_of_ids": [second]}, df.id == second)
rim = float(fire("Rim Fire")["AcresBurned"])
gap_empty("AcresBurned", rim, rim + 1)
add("ordinal", ["fires that burned more land than the rim fire"],
    {"has_items": True, "num_range": {"AcresBurned": [rim + 1, None]}}, ACRES > rim)

# ---- negation -------------------------------------------------------------------------------
y19 = START_YEAR == "2019"
same_year(pd.Series(True, index=df.index), "2019")
gap_empty("AcresBurned", 1000, 1001)
add("negation", ["2019 fires over 1000 acres that weren't major incidents"],
    {"has_items": True, "text_in": {"ArchiveYear": ["2019"], "MajorIncident": ["False"]},
     "num_range": {"AcresBurned": [1001, None]}},
    y19 & (MAJOR != "True") & (ACRES > 1000))
gap_empty("AcresBurned", 100000, 100001)
same_year(ACRES > 100000, "2018")
add("negation", ["fires over 100k acres, not from 2018"],
    {"has_items": True, "text_in": {"ArchiveYear": [y for y in YEARS if y != "2018"]},
     "num_range": {"AcresBurned": [100001, None]}},
    (ACRES > 100000) & (START_YEAR != "2018"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["fires in napa or sonoma"], {"has_items": True, "text_in": {"Counties": ["Napa", "Sonoma"]}},
    COUNTY.isin(["Napa", "Sonoma"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("AcresBurned", 5000, 5001)
add("follow_up", ["fires in los angeles county", "only the ones over 5000 acres"],
    {"has_items": True, "text_in": {"Counties": ["Los Angeles"]}, "num_range": {"AcresBurned": [5001, None]}},
    (COUNTY == "Los Angeles") & (ACRES > 5000))
same_year(MAJOR == "True", "2018")
add("follow_up", ["show me the major incidents", "just 2018", "which of those burned at least 20,000 acres"],
    {"has_items": True, "text_in": {"MajorIncident": ["True"], "ArchiveYear": ["2018"]},
     "num_range": {"AcresBurned": [20000, None]}},
    (MAJOR == "True") & (START_YEAR == "2018") & (ACRES >= 20000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any fire over a million acres?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    ACRES > 1_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1000", "Name"].notna().item()
add("id_lookup", ["tell me about item 1000"], {"has_items": True, "subset_of_ids": ["1000"]}, df.id == "1000")

finish()
