"""Build ../requests/byo-r24a-galapagos-islands.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (areas converted from km² to square miles, elevations from metres to
feet where the user used those units), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. The island names sit in the second column,
whose header is empty in the file (pandas calls it `Unnamed: 1`); requests about named islands are
checked through `subset_of_ids` or reply numbers, never through that header.
"""
import json
import unicodedata
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24a-galapagos-islands"
PREFIX = "r24a-ga"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 30 and list(df["id"]) == [str(i) for i in range(1, 31)]
assert list(df.columns) == ["id", "Unnamed: 1", "Species", "Area", "Elevation", "Nearest", "Scruz", "Adjacent"]
with open(HERE / "items.csv", encoding="utf-8") as f:
    assert f.readline().rstrip("\n") == "id,,Species,Area,Elevation,Nearest,Scruz,Adjacent"   # empty header kept
ISLAND = df["Unnamed: 1"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SPECIES, AREA, ELEV, NEAREST, SCRUZ = num("Species"), num("Area"), num("Elevation"), num("Nearest"), num("Scruz")
assert ELEV.isna().sum() == 6 and df.drop(columns="Elevation").notna().all().all()
assert (SPECIES % 1 == 0).all() and (ELEV.dropna() % 1 == 0).all()          # whole species counts, whole metres
KM2_PER_SQMI, M_PER_FT = 2.589988110336, 0.3048

WHAT = ["island", "Island", "Galapagos", "Galápagos", "species", "Species"]


def key(s):
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return "".join(ch for ch in s.lower() if ch.isalnum())


assert ISLAND.map(key).is_unique


def island(name):
    r = df[ISLAND.map(key) == key(name)]
    assert len(r) == 1, name
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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["islands with more than 100 plant species"],
    {"has_items": True, "num_range": {"Species": [101, None]}}, SPECIES > 100, 5)
gap_empty("Area", 0.99, 1)
add("plain", ["tiny islands under 1 km2"],
    {"has_items": True, "num_range": {"Area": [None, 0.99]}}, AREA < 1, 5)
add("plain", ["which islands are higher than 500 m"],
    {"has_items": True, "num_range": {"Elevation": [501, None]}}, ELEV > 500, 5)
gap_empty("Scruz", 40, 40.1)
add("plain", ["islands more than 40 km away from Santa Cruz"],
    {"has_items": True, "num_range": {"Scruz": [40.1, None]}}, SCRUZ > 40, 5)

# ---- units (Area in km², Elevation in metres; asked in square miles and feet) -------------------
# bigger than 10 sq mi = bigger than 25.89988 km²; no area lies between that and 25.9
gap_empty("Area", 10 * KM2_PER_SQMI, 25.9)
add("units", ["show me islands bigger than 10 square miles"],
    {"has_items": True, "num_range": {"Area": [25.9, None]}}, AREA / KM2_PER_SQMI > 10)
# over 3,000 ft = over 914.4 m; elevations are whole metres
gap_empty("Elevation", 3000 * M_PER_FT, 915)
add("units", ["which islands reach over 3,000 feet?"],
    {"has_items": True, "num_range": {"Elevation": [915, None]}}, ELEV / M_PER_FT > 3000)

# ---- fact (named islands; the file spells them SantaCruz, Espanola, SanCristobal) -----------------
assert island("Santa Cruz")["Species"] == "444"
add("fact", ["how many plant species are there on Santa Cruz?"], {"reply_number": 444})
assert island("Española")["Elevation"] == "198"
add("fact", ["how high does Española go?"], {"reply_number": 198})
assert island("San Cristóbal")["Area"] == "551.62"
add("fact", ["what's the area of San Cristobal"], {"reply_number": 551.62})

# ---- count ----------------------------------------------------------------------------------
assert df.Elevation.isna().sum() == 6
add("count", ["how many islands have no elevation recorded?"], {"reply_number": 6})
assert (SPECIES >= 50).sum() == 14
add("count", ["how many of the islands have at least 50 plant species"], {"reply_number": 14})
assert (AREA > 100).sum() == 7
add("count", ["how many islnds are bigger than 100 km²?"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(AREA, 1)
assert biggest == ["16"] and island("Isabela")["id"] == "16"
add("superlative", ["which island is the biggest?"], {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)
high3 = top_ids(ELEV, 3)                                   # 1707, 1494, 906; next is 864
assert sorted(ELEV[df.id.isin(high3)]) == [906, 1494, 1707]
add("superlative", ["the 3 highest islands"], {"has_items": True, "subset_of_ids": high3}, df.id.isin(high3), 3)

# ---- ordinal (compared with a named island) ---------------------------------------------------
assert island("Pinta")["Species"] == "104"
add("ordinal", ["islands with more species than Pinta"],
    {"has_items": True, "num_range": {"Species": [105, None]}}, SPECIES > float(island("Pinta")["Species"]))
assert island("Daphne Major")["Area"] == "0.34"
gap_empty("Area", 0.33, 0.34)
add("ordinal", ["islands smaller than Daphne Major"],
    {"has_items": True, "num_range": {"Area": [None, 0.33]}}, AREA < float(island("Daphne Major")["Area"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("Nearest", 1, 1.1)
add("negation", ["islands that are not within 1 km of their nearest neighbour"],
    {"has_items": True, "num_range": {"Nearest": [1.1, None]}}, NEAREST.notna() & ~(NEAREST <= 1))
add("negation", ["islands that aren't higher than 100 metres"],
    {"has_items": True, "num_range": {"Elevation": [None, 100]}}, ELEV.notna() & ~(ELEV > 100))

# ---- disjunction ----------------------------------------------------------------------------
disj = (AREA < 0.1) | (AREA > 1000)
assert ids(disj) == ["5", "7", "9", "16", "18"]
add("disjunction", ["either smaller than 0.1 km² or bigger than 1000 km²"],
    {"has_items": True, "subset_of_ids": ["5", "7", "9", "16", "18"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Area", 99.99, 100)
add("follow_up", ["islands with more than 50 plant species", "only the ones under 100 km2"],
    {"has_items": True, "num_range": {"Species": [51, None], "Area": [None, 99.99]}},
    (SPECIES > 50) & (AREA < 100))
gap_empty("Scruz", 20, 20.1)
add("follow_up", ["islands higher than 200 m", "now just those more than 20 km from Santa Cruz",
                  "which of those have over 100 species?"],
    {"has_items": True, "num_range": {"Elevation": [201, None], "Scruz": [20.1, None], "Species": [101, None]}},
    (ELEV > 200) & (SCRUZ > 20) & (SPECIES > 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any island with more than 1000 plant species?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SPECIES > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "21", "Unnamed: 1"].item() == "Las.Plazas"
add("id_lookup", ["show me item 21"], {"has_items": True, "subset_of_ids": ["21"]}, df.id == "21")

finish()
