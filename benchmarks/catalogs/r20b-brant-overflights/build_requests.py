"""Build ../requests/byo-r20b-brant-overflights.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (Altitude and Lateral are in hundreds of metres:
x 100 against metres, x 100 / 0.3048 against feet, / 10 against km), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`FlockID` equals the row `id` in this table.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20b-brant-overflights"
PREFIX = "r20b-bo"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 464 and list(df["id"]) == [str(i) for i in range(1, 465)]
assert list(df.columns) == ["id", "FlockID", "Altitude", "Lateral", "Flight", "AltLat", "AltCat", "LatCat"]
assert df.notna().all().all() and (df.FlockID == df.id).all()
num = lambda c: pd.to_numeric(df[c])
ALT, LAT = num("Altitude"), num("Lateral")
assert set(df.Flight) == {"0", "1"} and set(df.AltCat) == {"low", "mid", "high"} and set(df.LatCat) == {"1", "2", "3", "4"}
FEET = ALT * 100 / 0.3048                                  # altitude in feet
KM = LAT / 10                                              # lateral distance in km
FLEW = df.Flight == "1"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["flock", "Flock", "geese", "Geese", "goose", "Brant", "brant", "helicopter", "Helicopter", "overflight",
        "bird", "Bird"]


def flock(i):
    r = df[df.FlockID == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of data do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["flocks that flew off"], {"has_items": True, "text_in": {"Flight": ["1"]}}, FLEW, 5)
add("plain", ["low altitude overflights"], {"has_items": True, "text_in": {"AltCat": ["low"]}}, df.AltCat == "low", 5)
add("plain", ["flocks that stayed put when the chopper went over high"],
    {"has_items": True, "text_in": {"Flight": ["0"], "AltCat": ["high"]}}, ~FLEW & (df.AltCat == "high"), 5)
gap_empty("Lateral", 4.99, 5)
add("plain", ["passes at altitude 3 to 6 with lateral distance under 5"],
    {"has_items": True, "num_range": {"Altitude": [3, 6], "Lateral": [None, 4.99]}},
    (ALT >= 3) & (ALT <= 6) & (LAT < 5), 5)

# ---- units (Altitude and Lateral are in hundreds of metres, stated only in the docs) -----------
# above 3,500 ft = above 10.668 (hundreds of m); the next altitude below is 9.14 = 2,999 ft
gap_empty("Altitude", 3500 * 0.3048 / 100, 12.19)
add("units", ["overflights above 3,500 feet"], {"has_items": True, "num_range": {"Altitude": [12.19, None]}},
    FEET > 3500)
# more than 2 km to the side = Lateral > 20; values jump from 19.47 to 20.92
gap_empty("Lateral", 20, 20.92)
add("units", ["times the helicoptor was more than 2 km off to the side"],
    {"has_items": True, "num_range": {"Lateral": [20.92, None]}}, KM > 2)

# ---- fact (by flock number) ---------------------------------------------------------------------
assert flock(17)["Altitude"] == "3.05"
add("fact", ["what altitude was flock 17 overflown at"], {"reply_number": 3.05})
assert flock(250)["Lateral"] == "1.77"
add("fact", ["lateral distance for flock 250?"], {"reply_number": 1.77})
assert flock(123)["AltCat"] == "mid"
add("fact", ["which altitude category is flock 123 in"], {"reply_contains": "mid"})

# ---- count ----------------------------------------------------------------------------------
assert FLEW.sum() == 285
add("count", ["how many flocks flew away"], {"reply_number": 285})
assert (df.AltCat == "high").sum() == 76
add("count", ["how many overflights were high altitude?"], {"reply_number": 76})
assert (KM > 3).sum() == 31
add("count", ["how many passes were more than 3 km to the side"], {"reply_number": 31})

# ---- superlative ----------------------------------------------------------------------------
closest = top_ids(LAT, 1, largest=False)                   # the only 0.0; next 0.16
assert LAT[df.id.isin(closest)].item() == 0.0
add("superlative", ["which flock had the closest pass"], {"has_items": True, "subset_of_ids": closest},
    df.id.isin(closest), 1)
far2 = top_ids(LAT, 2)                                     # 80.47 and 74.1899; next 48.28
assert sorted(LAT[df.id.isin(far2)]) == [74.1899, 80.47]
add("superlative", ["the 2 flocks the helicopter passed farthest from"], {"has_items": True, "subset_of_ids": far2},
    df.id.isin(far2), 2)

# ---- ordinal (compared with another flock) ---------------------------------------------------
assert flock(4)["Lateral"] == "21.08"
gap_empty("Lateral", 21.08, 22.53)
add("ordinal", ["flocks passed at a greater lateral distance than flock 4"],
    {"has_items": True, "num_range": {"Lateral": [22.53, None]}}, LAT > float(flock(4)["Lateral"]))
assert flock(17)["Altitude"] == "3.05"
gap_empty("Altitude", 3.05, 4.57)
add("ordinal", ["overflights flown higher than the one over flock 17"],
    {"has_items": True, "num_range": {"Altitude": [4.57, None]}}, ALT > float(flock(17)["Altitude"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["overflights that werent at low altitude"],
    {"has_items": True, "text_in": {"AltCat": ["mid", "high"]}}, df.AltCat != "low")
add("negation", ["close passes (lateral category 1) where the flock did not take off"],
    {"has_items": True, "text_in": {"LatCat": ["1"], "Flight": ["0"]}}, (df.LatCat == "1") & ~FLEW)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["flocks in lateral band 3 or 4 that flew"],
    {"has_items": True, "text_in": {"LatCat": ["3", "4"], "Flight": ["1"]}}, df.LatCat.isin(["3", "4"]) & FLEW)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the flocks that flew off", "only the mid altitude ones"],
    {"has_items": True, "text_in": {"Flight": ["1"], "AltCat": ["mid"]}}, FLEW & (df.AltCat == "mid"))
# closer than 1 km sideways = Lateral < 10; values jump from 9.98 to 11.43
gap_empty("Lateral", 9.98, 10)
add("follow_up", ["overflights at high altitude", "just the ones closer than 1 km sideways",
                  "which of those made the birds fly"],
    {"has_items": True, "text_in": {"AltCat": ["high"], "Flight": ["1"]}, "num_range": {"Lateral": [None, 9.98]}},
    (df.AltCat == "high") & (KM < 1) & FLEW)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any overflight below 50 metres?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    ALT * 100 < 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "300", "FlockID"].item() == "300"
add("id_lookup", ["tell me about item 300"], {"has_items": True, "subset_of_ids": ["300"]}, df.id == "300")

finish()
