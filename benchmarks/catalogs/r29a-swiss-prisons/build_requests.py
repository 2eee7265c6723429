"""Build ../requests/byo-r29a-swiss-prisons.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 29); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (degrees-and-minutes turned into decimal degrees, "under 30" as < 30,
names matched by the words people use for them), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. `idx` is the source's own 0-based
index, so row `id` = idx + 1; `code_dep` is a municipality code with suffixes, not a number.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r29a-swiss-prisons"
PREFIX = "r29a-sp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 89 and list(df["id"]) == [str(i) for i in range(1, 90)]
assert list(df.columns) == ["id", "idx", "code_dep", "name", "capacity", "latitude", "longitude"]
assert list(df["idx"]) == [str(i) for i in range(89)] and df["name"].is_unique and not df.isna().any().any()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CAP, LAT, LON = num("capacity"), num("latitude"), num("longitude")
assert (CAP % 1 == 0).all() and CAP.min() == 5 and CAP.max() == 399
NAMES = df["name"]

WHAT = ["prison", "Prison", "jail", "Jail", "detention", "Detention", "correctional", "Correctional",
        "Gefängnis", "facilit", "Facilit", "penitentiar", "Penitentiar"]


def prison(word):
    """The one row whose name contains `word` (case-insensitive)."""
    r = df[NAMES.str.lower().str.contains(word.lower(), regex=False)]
    assert len(r) == 1, (word, len(r))
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]


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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can I ask about here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["prisons with at least 150 places"], {"has_items": True, "num_range": {"capacity": [150, None]}},
    CAP >= 150, 5)
gap_empty("capacity", 29, 30)
add("plain", ["small jails, under 30 inmates"], {"has_items": True, "num_range": {"capacity": [None, 29]}},
    CAP < 30, 5)
JVA = NAMES.str.contains("Justizvollzugsanstalt", regex=False)
assert JVA.sum() == 13
add("plain", ["show me the Justizvollzugsanstalten"],
    {"has_items": True, "text_in": {"name": sorted(NAMES[JVA])}}, JVA, 5)
add("plain", ["facilities for 50 to 100 prisoners"], {"has_items": True, "num_range": {"capacity": [50, 100]}},
    (CAP >= 50) & (CAP <= 100), 5)

# ---- units (coordinates are decimal degrees; users give degrees and minutes) -------------------
assert not (LAT == 47.5).any() and not (LON == 6.5).any()
add("units", ["prisions north of 47°30'"], {"has_items": True, "num_range": {"latitude": [47.5, None]}},
    LAT > 47 + 30 / 60)
add("units", ["anything west of 6° 30′ E?"], {"has_items": True, "num_range": {"longitude": [None, 6.5]}},
    LON < 6 + 30 / 60)

# ---- fact -----------------------------------------------------------------------------------
assert prison("Pöschwies")["capacity"] == "399"
add("fact", ["how many places does Pöschwies have?"], {"reply_number": 399})
assert prison('"La Stampa"')["capacity"] == "164" and prison("la stampa")["name"].endswith('"La Stampa"')
add("fact", ["how many inmates can la Stampa in Lugano hold"], {"reply_number": 164})
r = df[NAMES.str.contains("Lenzburg", regex=False) & (CAP == 199)]
assert len(r) == 1 and r.iloc[0]["name"] == "Justizvollzugsanstalt Lenzburg Strafanstalt"
add("fact", ["whats the full name of the Lenzburg prison with 199 places?"],
    {"reply_contains": "Justizvollzugsanstalt Lenzburg Strafanstalt"})

# ---- count ----------------------------------------------------------------------------------
assert (CAP > 100).sum() == 26
add("count", ["how many facilities have more than 100 places?"], {"reply_number": 26})
assert (LAT < 46.5).sum() == 13
add("count", ["how many are south of 46.5 degrees latitude"], {"reply_number": 13})
assert len(df) == 89
add("count", ["how many prisons are on the list altogether?"], {"reply_number": 89})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(CAP, 1)                                  # 399 (Pöschwies); next is 398 (Champ-Dollon)
assert biggest == [prison("Pöschwies")["id"]] == ["4"]
add("superlative", ["which is the biggest prison?"], {"has_items": True, "subset_of_ids": biggest},
    df.id.isin(biggest), 1)
small3 = top_ids(CAP, 3, largest=False)                    # 5, 7, 9; next is 10
assert sorted(CAP[df.id.isin(small3)]) == [5, 7, 9]
add("superlative", ["the 3 smallest facilities"], {"has_items": True, "subset_of_ids": small3},
    df.id.isin(small3), 3)

# ---- ordinal (compared with another prison) ---------------------------------------------------
thor = int(prison("Thorberg")["capacity"])
assert thor == 173
gap_empty("capacity", 173, 174)
add("ordinal", ["prisons bigger than Thorberg"], {"has_items": True, "num_range": {"capacity": [174, None]}},
    CAP > thor)
sion = float(prison("Prison de Sion")["latitude"])
assert sion == 46.21718325
gap_empty("latitude", 46.217, sion)
add("ordinal", ["which ones are further south than the Prison de Sion?"],
    {"has_items": True, "num_range": {"latitude": [None, 46.217]}}, LAT < sion)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["big places with 150+ beds that aren't a Justizvollzugsanstalt"],
    {"has_items": True, "text_in": {"name": sorted(NAMES[~JVA])}, "num_range": {"capacity": [150, None]}},
    ~JVA & (CAP >= 150))
add("negation", ["which prisons don't take more than 20 people"],
    {"has_items": True, "num_range": {"capacity": [None, 20]}}, CAP.notna() & ~(CAP > 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = NAMES.str.contains("Lenzburg", regex=False) | NAMES.str.contains("Porrentruy", regex=False)
assert ids(disj) == ["58", "59", "88", "89"]
add("disjunction", ["anything in Lenzburg or Porrentruy?"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert not (LON == 7).any()
add("follow_up", ["which prisons have at least 100 places?", "only the ones west of 7 degrees east"],
    {"has_items": True, "num_range": {"capacity": [100, None], "longitude": [None, 7]}},
    (CAP >= 100) & (LON < 7))
gap_empty("capacity", 50, 51)
gap_empty("capacity", 149, 150)
assert not (LAT == 47).any()
add("follow_up", ["prisons with more than 50 places", "just the ones south of 47° latitude",
                  "and under 150 places please"],
    {"has_items": True, "num_range": {"capacity": [51, 149], "latitude": [None, 47]}},
    (CAP > 50) & (LAT < 47) & (CAP < 150))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any prison with space for more than 1000 inmates?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, CAP > 1000)

# ---- id_lookup (row id 37 is the source's idx 36) --------------------------------------------
assert df.loc[df.id == "37", "idx"].item() == "36"
assert df.loc[df.id == "37", "name"].item() == "Vollzugszentrum Klosterfiechten"
add("id_lookup", ["tell me about item 37"], {"has_items": True, "subset_of_ids": ["37"]}, df.id == "37")

finish()
