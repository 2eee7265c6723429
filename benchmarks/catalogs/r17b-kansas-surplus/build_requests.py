"""Build ../requests/byo-r17b-kansas-surplus.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (ship dates parsed from the raw `m/d/yyyy 0:00:00` strings, prices against
the user's "grand" / "k" / "quarter million"), and the script asserts that the `expect` facets accept exactly
those rows. Date requests are written as `text_in` over every raw `ship_date` string that qualifies.
Counts and facts are asserted against the file. Many rows are exact duplicates of each other (one row per
item shipped); they stay, and each is its own item.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17b-kansas-surplus"
PREFIX = "r17b-ks"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1575 and list(df["id"]) == [str(i) for i in range(1, 1576)]
assert list(df.columns) == ["id", "state", "county", "fips", "nsn", "item_name", "quantity", "ui",
                            "acquisition_cost", "total_cost", "ship_date", "federal_supply_category",
                            "federal_supply_category_name", "federal_supply_class", "federal_supply_class_name"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
QTY, COST, TOTAL = num("quantity"), num("acquisition_cost"), num("total_cost")
DATE = pd.to_datetime(df["ship_date"], format="%m/%d/%Y %H:%M:%S")
YEAR = DATE.dt.year
assert df.ship_date.str.endswith(" 0:00:00").all() and DATE.notna().all()
assert set(df.state) == {"KS"} and df.item_name.isna().sum() == 2 and df.drop(columns="id").duplicated().sum() == 1187
assert ((COST * QTY - TOTAL).abs() < 0.01).all()           # total_cost = acquisition_cost x quantity
ITEM = df["item_name"]
ALL_ITEMS = sorted(ITEM.dropna().unique())
RIFLES = ["RIFLE,5.56 MILLIMETER", "RIFLE,7.62 MILLIMETER"]
assert [i for i in ALL_ITEMS if i.startswith("RIFLE")] == RIFLES

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "Zero", "not in", "isn't", "aren't"]
WHAT = ["surplus", "Surplus", "military", "Military", "equipment", "Equipment", "1033", "Kansas", "KS",
        "transfer", "shipment"]


def row(mask):
    r = df[mask.fillna(False).astype(bool)]
    assert len(r) == 1, int(mask.sum())
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def dates(mask):
    """Every raw ship_date string of the rows in `mask` (for a text_in facet on ship_date)."""
    return sorted(df.loc[mask.fillna(False).astype(bool), "ship_date"].unique(),
                  key=lambda s: pd.to_datetime(s, format="%m/%d/%Y %H:%M:%S"))


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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what kind of stuff is in this file?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["rifles that went to Wyandotte county"],
    {"has_items": True, "text_in": {"county": ["WYANDOTTE"], "item_name": RIFLES}},
    (df.county == "WYANDOTTE") & ITEM.str.startswith("RIFLE"), 5)
add("plain", ["show me the utlity trucks"], {"has_items": True, "text_in": {"item_name": ["TRUCK,UTILITY"]}},
    ITEM == "TRUCK,UTILITY", 5)
add("plain", ["medical equipment"],
    {"has_items": True, "text_in": {"federal_supply_category_name": ["MEDICAL/DENTAL/VETERINARY EQPT/SUPP"]}},
    df.federal_supply_category_name.str.contains("MEDICAL"), 5)
add("plain", [".45 pistols shipped in 2012"],
    {"has_items": True, "text_in": {"item_name": ["PISTOL,CALIBER .45,AUTOMATIC"], "ship_date": dates(YEAR == 2012)}},
    ITEM.str.startswith("PISTOL") & (YEAR == 2012), 5)

# ---- units (acquisition_cost and total_cost are bare US dollars, with cents) -------------------------
# more than 50 grand apiece = acquisition_cost > 50000 dollars; costs have cent resolution
gap_empty("acquisition_cost", 50000, 50000.01)
add("units", ["anything that cost more than 50 grand apiece?"],
    {"has_items": True, "num_range": {"acquisition_cost": [50000.01, None]}}, COST / 1000 > 50)
# a quarter million or more in total = total_cost >= 250000 dollars
add("units", ["which shipments were worth a quarter million or more in total"],
    {"has_items": True, "num_range": {"total_cost": [250000, None]}}, TOTAL / 1e6 >= 0.25)

# ---- fact (asked by a unique item; the answers are single cells) ----------------------------------
cam = row(ITEM == "CAMERA AND EQUIP SECURITY")
assert cam["acquisition_cost"] == "5515.75" and cam["county"] == "SEDGWICK"
add("fact", ["how much was the security camera equipment worth?"], {"reply_number": 5515.75})
nv = row(ITEM == "VIEWER,NIGHT VISION")
assert nv["quantity"] == "7" and nv["county"] == "SEDGWICK"
add("fact", ["how many night vision viewers did sedgwick county get"], {"reply_number": 7})
ell = row(ITEM == "ELLIPTICAL")
assert ell["county"] == "WYANDOTTE"
add("fact", ["which county got the elliptical?"], {"reply_contains_any": ["WYANDOTTE", "Wyandotte"]})

# ---- count ----------------------------------------------------------------------------------
assert (ITEM == "RIFLE,5.56 MILLIMETER").sum() == 962 and (QTY[ITEM == "RIFLE,5.56 MILLIMETER"] == 1).all()
add("count", ["how many 5.56mm rifles are on the list?"], {"reply_number": 962})
assert df.county.nunique() == 73
add("count", ["how many different counties received something"], {"reply_number": 73})
assert (YEAR == 2013).sum() == 39
add("count", ["how many records are from 2013?"], {"reply_number": 39})

# ---- superlative ----------------------------------------------------------------------------
dear2 = top_ids(COST, 2)                                   # 658000 twice (two MRAPs); next is 412000
assert sorted(COST[df.id.isin(dear2)]) == [658000, 658000]
add("superlative", ["what were the 2 most expensive items"],
    {"has_items": True, "subset_of_ids": dear2}, df.id.isin(dear2), 2)
big = top_ids(QTY, 1)
assert QTY[df.id.isin(big)].tolist() == [62]
add("superlative", ["which shipment had the biggest quantity?"],
    {"has_items": True, "subset_of_ids": big}, df.id.isin(big), 1)

# ---- ordinal --------------------------------------------------------------------------------
armored = COST[ITEM == "TRUCK,ARMORED"]
assert set(armored) == {65070}
gap_empty("acquisition_cost", 65070, 65070.01)
add("ordinal", ["anything that cost more than the armored trucks"],
    {"has_items": True, "num_range": {"acquisition_cost": [65070.01, None]}}, COST > armored.max())
second = top_ids(QTY, 2)
assert sorted(QTY[df.id.isin(second)]) == [58, 62]
second = [i for i in second if i not in big]
add("ordinal", ["which shipment had the 2nd largest quantity"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
cats = sorted(df.federal_supply_category_name.unique())
assert "WEAPONS" in cats and df.federal_supply_category_name.notna().all()
add("negation", ["stuff that isn't weapons"],
    {"has_items": True, "text_in": {"federal_supply_category_name": [c for c in cats if c != "WEAPONS"]}},
    df.federal_supply_category_name != "WEAPONS")
add("negation", ["what did Sedgwick get besides rifles"],
    {"has_items": True, "text_in": {"county": ["SEDGWICK"], "item_name": [i for i in ALL_ITEMS if i not in RIFLES]}},
    (df.county == "SEDGWICK") & ITEM.notna() & ~ITEM.str.startswith("RIFLE"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["bomb disposal robots or mine resistant vehicles"],
    {"has_items": True, "text_in": {"item_name": ["MINE RESISTANT VEHICLE", "ROBOT,EXPLOSIVE ORDNANCE DISPOSAL"]}},
    ITEM.str.contains("ROBOT") | ITEM.str.contains("MINE RESISTANT"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["what did Finney county receive?", "only the stuff shipped after 2010"],
    {"has_items": True, "text_in": {"county": ["FINNEY"], "ship_date": dates(YEAR > 2010)}},
    (df.county == "FINNEY") & (YEAR > 2010))
gap_empty("acquisition_cost", 29999.99, 30000)
add("follow_up", ["show me the trucks", "just the utility ones", "which of those cost under 30k"],
    {"has_items": True, "text_in": {"item_name": ["TRUCK,UTILITY"]}, "num_range": {"acquisition_cost": [None, 29999.99]}},
    (ITEM == "TRUCK,UTILITY") & (COST < 30000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did any county get a helicopter or an airplane?"],
    {"no_items": True, "reply_contains_any": NO_REPLY},
    ITEM.str.contains("HELICOPTER|AIRCRAFT|AIRPLANE|PLANE") | df.federal_supply_class_name.str.contains("Aircraft"))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(df.id == "1185")["item_name"] == "ONLY COMPLETE COMBAT/ASSAULT/TACTICAL WHEELED VEHICLES"
add("id_lookup", ["what's item 1185?"], {"has_items": True, "subset_of_ids": ["1185"]}, df.id == "1185")

finish()
