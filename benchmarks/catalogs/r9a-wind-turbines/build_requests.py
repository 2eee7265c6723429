"""Build ../requests/byo-r9a-wind-turbines.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (power converted from watts to the user's MW or kW, rotor diameter from
metres to the user's feet), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `turbine_id` is the database's own key, not the row `id`.
"""
NAME = "r9a-wind-turbines"
PREFIX = "r9a-wt"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert list(df["id"]) == [str(i) for i in range(1, len(df) + 1)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any", "There are no", "there are no"]


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


def gap_empty(col, lo, hi, within=None):
    """Assert no value of `col` (optionally only rows in `within`) lies strictly between lo and hi."""
    v = pd.to_numeric(df[col])
    bad = (v > lo) & (v < hi)
    if within is not None:
        bad &= within
    assert not bad.any(), (col, lo, hi, df.loc[bad, col].tolist())


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


assert len(df) == 140 and df.turbine_type.is_unique
W, ROTOR, AREA = num("nominal_power"), num("rotor_diameter"), num("rotor_area")
assert (W % 1 == 0).all() and (ROTOR % 1 == 0).all()                 # whole watts, whole metres
assert set(df.has_power_curve) == {"True", "False"} and set(df.has_ct_curve) == {"True", "False"}
MW, KW, FEET = W / 1e6, W / 1e3, ROTOR / 0.3048
WHAT = ["turbine", "Turbine", "wind", "Wind"]


def turbine(code):
    r = df[df["turbine_type"].str.lower() == code.lower()]
    assert len(r) == 1, code
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the Vestas turbines"], {"has_items": True, "text_in": {"manufacturer": ["Vestas"]}},
    df.manufacturer == "Vestas", 5)
add("plain", ["which Siemens models come with a power curve?"],
    {"has_items": True, "text_in": {"manufacturer": ["Siemens"], "has_power_curve": ["True"]}},
    (df.manufacturer == "Siemens") & (df.has_power_curve == "True"), 5)
add("plain", ["turbines with a rotor diameter of at least 130 m"],
    {"has_items": True, "num_range": {"rotor_diameter": [130, None]}}, ROTOR >= 130, 5)
add("plain", ["GE turbnes with rotors of 120 m or more"],
    {"has_items": True, "text_in": {"manufacturer": ["GE Wind"]}, "num_range": {"rotor_diameter": [120, None]}},
    (df.manufacturer == "GE Wind") & (ROTOR >= 120), 5)

# ---- units (power is in watts, diameter in metres; nothing in the headers says so) -------------
add("units", ["anything rated 6 MW or more?"],
    {"has_items": True, "num_range": {"nominal_power": [6000000, None]}}, MW >= 6)
# wider than 450 ft = wider than 137.16 m; diameters are whole metres
gap_empty("rotor_diameter", 450 * 0.3048, 138)
add("units", ["rotors wider than 450 feet"],
    {"has_items": True, "num_range": {"rotor_diameter": [138, None]}}, FEET > 450)

# ---- fact (asked by the model's type code) ------------------------------------------------------
assert turbine("E-126/4200")["rotor_diameter"] == "127"
add("fact", ["what's the rotor diameter on the E-126/4200?"], {"reply_number": 127})
assert turbine("SCD168/8000")["manufacturer"] == "aerodyn" and (df.manufacturer == "aerodyn").sum() == 1
add("fact", ["who makes the SCD168/8000"], {"reply_contains_any": ["aerodyn", "Aerodyn", "AERODYN"]})
assert turbine("V112/3075")["rotor_area"] == "9851"
add("fact", ["swept area of the V112/3075?"], {"reply_number": 9851})

# ---- count ----------------------------------------------------------------------------------
assert (df.manufacturer == "Siemens").sum() == 23
add("count", ["how many Siemens turbines are in here"], {"reply_number": 23})
assert (df.has_ct_curve == "True").sum() == 36
add("count", ["how many models have a thrust (ct) curve?"], {"reply_number": 36})
assert (MW == 3).sum() == 19
add("count", ["how many are exactly 3 MW?"], {"reply_number": 19})

# ---- superlative ----------------------------------------------------------------------------
big = top_ids(ROTOR, 1)
assert ROTOR.max() == 180 and turbine("AD180/8000")["id"] == big[0]
add("superlative", ["which one has the biggest rotor?"], {"has_items": True, "subset_of_ids": big}, df.id.isin(big), 1)
small3 = top_ids(ROTOR, 3, largest=False)                  # 48, 53, 62; next is 70
assert sorted(ROTOR[df.id.isin(small3)]) == [48, 53, 62]
add("superlative", ["the 3 turbines with the smallest rotors"],
    {"has_items": True, "subset_of_ids": small3}, df.id.isin(small3), 3)

# ---- ordinal (compared with another model) -------------------------------------------------------
assert turbine("E-126/4200")["nominal_power"] == "4200000"
gap_empty("nominal_power", 4200000, 4200001)
add("ordinal", ["turbines more powerful than the E-126/4200"],
    {"has_items": True, "num_range": {"nominal_power": [4200001, None]}}, W > float(turbine("E-126/4200")["nominal_power"]))
assert turbine("V112/3000")["rotor_diameter"] == "112"
add("ordinal", ["Vestas models with a bigger rotor than the V112/3000"],
    {"has_items": True, "text_in": {"manufacturer": ["Vestas"]}, "num_range": {"rotor_diameter": [113, None]}},
    (df.manufacturer == "Vestas") & (ROTOR > float(turbine("V112/3000")["rotor_diameter"])))

# ---- negation -------------------------------------------------------------------------------
not_vs = others("manufacturer", "Vestas", "Siemens")
add("negation", ["turbines not made by Vestas or Siemens"],
    {"has_items": True, "text_in": {"manufacturer": not_vs}}, ~df.manufacturer.isin(["Vestas", "Siemens"]))
add("negation", ["3 MW and up but without a power curve"],
    {"has_items": True, "text_in": {"has_power_curve": ["False"]}, "num_range": {"nominal_power": [3000000, None]}},
    (df.has_power_curve != "True") & (MW >= 3))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Eno or Vensys turbines"], {"has_items": True, "text_in": {"manufacturer": ["Eno", "Vensys"]}},
    df.manufacturer.isin(["Eno", "Vensys"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["Nordex turbines", "only the ones with a rotor over 120 m"],
    {"has_items": True, "text_in": {"manufacturer": ["Nordex"]}, "num_range": {"rotor_diameter": [121, None]}},
    (df.manufacturer == "Nordex") & (ROTOR > 120))
add("follow_up", ["turbines between 3 and 4 MW", "just Vestas", "which of those have a power curve?"],
    {"has_items": True, "num_range": {"nominal_power": [3000000, 4000000]}, "text_in": {"manufacturer": ["Vestas"],
                                                                                      "has_power_curve": ["True"]}},
    (MW >= 3) & (MW <= 4) & (df.manufacturer == "Vestas") & (df.has_power_curve == "True"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["got any small ones under 500 kW?"], {"no_items": True, "reply_contains_any": NO_REPLY}, KW < 500)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "77", "turbine_type"].item() == "S152/6330"
add("id_lookup", ["tell me about item 77"], {"has_items": True, "subset_of_ids": ["77"]}, df.id == "77")

finish()
