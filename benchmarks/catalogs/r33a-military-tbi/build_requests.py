"""Build ../requests/byo-r33a-military-tbi.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions ("10k" = 10,000, "two dozen" = 24, years as numbers), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
The table has no title: a row is service + component + severity + year, and that key is NOT unique
(the source repeats Penetrating/Severe/Mild/Not Classifiable lines under one component, and 9 Air Force
Guard rows carry `Reserve` as their severity), so facts are asked only for keys that occur once
(asserted), and negations on `severity` list every other raw value, `Reserve` included.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33a-military-tbi"
PREFIX = "r33a-tb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 438 and list(df["id"]) == [str(i) for i in range(1, 439)]
assert list(df.columns) == ["id", "service", "component", "severity", "diagnosed", "year"]
assert df.notna().all().all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
N, YEAR = num("diagnosed"), num("year")
SV, CO, SE = df["service"], df["component"], df["severity"]
assert set(SV) == {"Army", "Navy", "Air Force", "Marines"}
assert set(CO) == {"Active", "Guard", "Reserve"}
assert set(SE) == {"Penetrating", "Severe", "Moderate", "Mild", "Not Classifiable", "Reserve"}
assert YEAR.min() == 2006 and YEAR.max() == 2014 and (N % 1 == 0).all() and N.min() >= 1

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "not in", "only"]
WHAT = ["TBI", "brain", "Brain", "injur", "Injur", "military", "Military", "diagnos", "Army", "service"]


def one(service, component, severity, year):
    r = df[(SV == service) & (CO == component) & (SE == severity) & (df.year == str(year))]
    assert len(r) == 1, (service, component, severity, year, len(r))
    return r.iloc[0]


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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones."""
    assert set(excluded) <= set(df[col])
    return sorted(set(df[col]) - set(excluded))


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
add("greeting", ["hello, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["army mild tbi nubmers"],
    {"has_items": True, "text_in": {"service": ["Army"], "severity": ["Mild"]}},
    (SV == "Army") & (SE == "Mild"), 5)
add("plain", ["navy reserve rows"],
    {"has_items": True, "text_in": {"service": ["Navy"], "component": ["Reserve"]}},
    (SV == "Navy") & (CO == "Reserve"), 5)
add("plain", ["severe cases in 2012"],
    {"has_items": True, "text_in": {"severity": ["Severe"]}, "num_range": {"year": [2012, 2012]}},
    (SE == "Severe") & (YEAR == 2012), 5)
add("plain", ["entries with at least 2000 diagnosed"],
    {"has_items": True, "num_range": {"diagnosed": [2000, None]}}, N >= 2000, 5)

# ---- units ("10k", "two dozen") ----------------------------------------------------------------
add("units", ["which rows are over 10k diagnosed?"],
    {"has_items": True, "num_range": {"diagnosed": [10001, None]}}, N > 10 * 1000)
add("units", ["marines rows with fewer than two dozen cases"],
    {"has_items": True, "text_in": {"service": ["Marines"]}, "num_range": {"diagnosed": [None, 23]}},
    (SV == "Marines") & (N < 2 * 12))

# ---- fact (by a key that occurs once) --------------------------------------------------------
assert one("Army", "Active", "Mild", 2011)["diagnosed"] == "13074"
add("fact", ["how many mild TBIs were diagnosed in the active duty army in 2011?"], {"reply_number": 13074})
assert one("Marines", "Active", "Moderate", 2008)["diagnosed"] == "239"
add("fact", ["moderate injuries, active marines, 2008 - what's the number"], {"reply_number": 239})
assert one("Navy", "Reserve", "Not Classifiable", 2010)["diagnosed"] == "10"
add("fact", ["navy reserve not classifiable count for 2010?"], {"reply_number": 10})

# ---- count ----------------------------------------------------------------------------------
assert (SV == "Marines").sum() == 89
add("count", ["how many rows are there for the marines"], {"reply_number": 89})
assert (SE == "Reserve").sum() == 9
add("count", ["how many rows have 'Reserve' in the severity column? looks like a mistake"], {"reply_number": 9})
assert (N > 1000).sum() == 61
add("count", ["how many entries have more than a thousand diagnoses"], {"reply_number": 61})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(N, 1)
assert most == ["247"] and N.max() == 13074
add("superlative", ["which entry has the most diagnoses"], {"has_items": True, "subset_of_ids": most},
    df.id.isin(most), 1)
navy5 = top_ids(N.where(SV == "Navy"), 5)
add("superlative", ["top 5 navy counts"], {"has_items": True, "subset_of_ids": navy5}, df.id.isin(navy5), 5)

# ---- ordinal (compared with another row) -----------------------------------------------------
ref = float(one("Navy", "Active", "Mild", 2006)["diagnosed"])
assert ref == 2143
add("ordinal", ["marine corps rows with more cases than the navy's active mild count in 2006"],
    {"has_items": True, "text_in": {"service": ["Marines"]}, "num_range": {"diagnosed": [2144, None]}},
    (SV == "Marines") & (N > ref))
ref2 = float(one("Army", "Guard", "Moderate", 2014)["diagnosed"])
assert ref2 == 136, ref2
add("ordinal", ["air force entries from 2014 with fewer diagnoses than army guard moderate that year"],
    {"has_items": True, "text_in": {"service": ["Air Force"]},
     "num_range": {"year": [2014, 2014], "diagnosed": [None, 135]}},
    (SV == "Air Force") & (YEAR == 2014) & (N < ref2))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["army 2013 rows that aren't mild"],
    {"has_items": True, "text_in": {"service": ["Army"], "severity": others("severity", "Mild")},
     "num_range": {"year": [2013, 2013]}},
    (SV == "Army") & (YEAR == 2013) & (SE != "Mild"))
add("negation", ["airforce numbers for 2010, not active duty"],
    {"has_items": True, "text_in": {"service": ["Air Force"], "component": others("component", "Active")},
     "num_range": {"year": [2010, 2010]}},
    (SV == "Air Force") & (YEAR == 2010) & (CO != "Active"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["penetrating or severe injuries in the marines in 2009"],
    {"has_items": True, "text_in": {"service": ["Marines"], "severity": ["Penetrating", "Severe"]},
     "num_range": {"year": [2009, 2009]}},
    (SV == "Marines") & SE.isin(["Penetrating", "Severe"]) & (YEAR == 2009))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["air force numbers", "just 2014"],
    {"has_items": True, "text_in": {"service": ["Air Force"]}, "num_range": {"year": [2014, 2014]}},
    (SV == "Air Force") & (YEAR == 2014))
add("follow_up", ["national guard data", "only the moderate ones", "which had more than 100 diagnosed"],
    {"has_items": True, "text_in": {"component": ["Guard"], "severity": ["Moderate"]},
     "num_range": {"diagnosed": [101, None]}},
    (CO == "Guard") & (SE == "Moderate") & (N > 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any figures for the coast guard?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SV.str.lower().str.contains("coast"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "36", ["service", "component", "severity"]].values.tolist() == [["Air Force", "Guard", "Reserve"]]
add("id_lookup", ["tell me about item 36"], {"has_items": True, "subset_of_ids": ["36"]}, df.id == "36")

finish()
