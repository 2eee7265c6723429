"""Build ../requests/byo-r23a-food-nutrients.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (grams against the user's ounces, calories against kilojoules), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against
the file. The nutrient columns are dirty text: `t` (trace), `t'`, `a`, `1,373`, `8-44`, `-1`, and three
shifted rows whose numbers run 113, 114, 115 ... (rows 31, 32, 83). A cell that does not parse as a number
never passes a range; every range used here is asserted to be one where a dirty cell's intended value
(trace ~ 0, `1,373` = 1373, `8-44` = 8..44) would not have qualified either (`dirty_outside`).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23a-food-nutrients"
PREFIX = "r23a-fo"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, na_values=[""])   # raw strings
assert len(df) == 335 and list(df["id"]) == [str(i) for i in range(1, 336)]
assert list(df.columns) == ["id", "Food", "Measure", "Grams", "Calories", "Protein", "Fat", "Sat.Fat", "Fiber",
                            "Carbs", "Category"]
num = lambda c: pd.to_numeric(df[c], errors="coerce")     # numeric view; `t`, `1,373`, `8-44` -> NaN
GRAMS, CAL, PROT, FAT, FIBER = num("Grams"), num("Calories"), num("Protein"), num("Fat"), num("Fiber")
CAT = df.Category
FRUITS = ["Fruits A-F", "Fruits G-P", "Fruits R-Z"]
VEG = ["Vegetables A-E", "Vegetables F-P", "Vegetables R-Z"]
BREAD = "Breads, cereals, fastfood,grains"
DRINKS = "Drinks,Alcohol, Beverages"
assert set(FRUITS + VEG + [BREAD, DRINKS]) <= set(CAT) and CAT.nunique() == 16 and CAT.notna().all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["food", "Food", "nutrition", "Nutrition", "nutrient", "calorie", "Calorie", "diet"]

INTENDED = {"t": [0.0], "t'": [0.0], "a": [0.0], "1,419": [1419.0], "1,373": [1373.0], "1,225": [1225.0],
            "1,100": [1100.0], "8-44": [8.0, 44.0]}


def dirty_outside(col, lo, hi, rows=None):
    """Assert no dirty (non-numeric) cell of `col` (within `rows`) would qualify by its intended value."""
    m = df[col].notna() & num(col).isna()
    if rows is not None:
        m &= rows
    for raw in df.loc[m, col]:
        vals = INTENDED[raw]
        a, b = min(vals), max(vals)
        assert (hi is not None and a > hi) or (lo is not None and b < lo), (col, raw, lo, hi)


def food(name):
    r = df[df["Food"].str.strip().str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of stuff can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["foods with between 20 and 30 grams of protein"],
    {"has_items": True, "num_range": {"Protein": [20, 30]}}, (PROT >= 20) & (PROT <= 30), 5)
dirty_outside("Protein", 20, 30)
gap_empty("Calories", 149, 150)
add("plain", ["seafood under 150 calories"],
    {"has_items": True, "text_in": {"Category": ["Fish, Seafood"]}, "num_range": {"Calories": [None, 149]}},
    (CAT == "Fish, Seafood") & (CAL < 150), 5)
dirty_outside("Calories", None, 149, CAT == "Fish, Seafood")
add("plain", ["fruit with at least 2g of fibre"],
    {"has_items": True, "text_in": {"Category": FRUITS}, "num_range": {"Fiber": [2, None]}},
    CAT.isin(FRUITS) & (FIBER >= 2), 5)
dirty_outside("Fiber", 2, None, CAT.isin(FRUITS))
add("plain", ["nuts and seeds please"], {"has_items": True, "text_in": {"Category": ["Seeds and Nuts"]}},
    CAT == "Seeds and Nuts", 5)

# ---- units (Grams is the serving weight in grams; Calories are kcal) --------------------------
# portions bigger than 3 oz = more than 85.05 g; grams are whole numbers here (85, then 86)
gap_empty("Grams", 3 * 28.3495, 86)
add("units", ["meat or fish portions bigger than 3 oz"],
    {"has_items": True, "text_in": {"Category": ["Meat, Poultry", "Fish, Seafood"]}, "num_range": {"Grams": [86, None]}},
    CAT.isin(["Meat, Poultry", "Fish, Seafood"]) & (GRAMS / 28.3495 > 3))
dirty_outside("Grams", 86, None, CAT.isin(["Meat, Poultry", "Fish, Seafood"]))
# under 300 kJ = under 71.7 kcal; drink calories are whole numbers (70, then 100)
gap_empty("Calories", 71, 300 / 4.184)
add("units", ["which drinks have less than 300 kJ"],
    {"has_items": True, "text_in": {"Category": [DRINKS]}, "num_range": {"Calories": [None, 71]}},
    (CAT == DRINKS) & (CAL * 4.184 < 300))
dirty_outside("Calories", None, 71, CAT == DRINKS)

# ---- fact (by a food name that is unique in the file) ----------------------------------------
assert food("Buttermilk")["Calories"] == "127"
add("fact", ["how many calories in a cup of buttermilk?"], {"reply_number": 127})
assert food("Sardines")["Protein"] == "22"
add("fact", ["protein in sardines?"], {"reply_number": 22})
assert food("Blackberries")["Fiber"] == "6.60"
add("fact", ["whats the fiber content of blackberries"], {"reply_number": 6.6})

# ---- count ----------------------------------------------------------------------------------
assert (CAT == "Dairy products").sum() == 28
add("count", ["how many dairy products are on the list"], {"reply_number": 28})
assert CAT.isin(FRUITS).sum() == 58
add("count", ["how many fruits are there in total?"], {"reply_number": 58})
assert (df.Calories == "0").sum() == 2 and (CAL == 0).sum() == 2
add("count", ["how many things have zero calories"], {"reply_number": 2})

# ---- superlative ----------------------------------------------------------------------------
meat = CAT == "Meat, Poultry"
dirty_outside("Fat", 0.5, None, meat)
fat3 = top_ids(FAT, 3, within=meat)                        # 55, 44, 36; next is 35
assert sorted(FAT[df.id.isin(fat3)]) == [36, 44, 55]
add("superlative", ["the 3 fattiest meats"], {"has_items": True, "subset_of_ids": fat3}, df.id.isin(fat3), 3)
sweets = CAT == "Desserts, sweets"
dirty_outside("Calories", 0.5, None, sweets)
top_sweet = top_ids(CAL, 1, within=sweets)
assert df.loc[df.id == top_sweet[0], "Food"].item() == "Puddings Sugar" and CAL[sweets].max() == 770
add("superlative", ["which item in the desserts section has the most calories?"],
    {"has_items": True, "subset_of_ids": top_sweet}, df.id.isin(top_sweet), 1)

# ---- ordinal --------------------------------------------------------------------------------
nuts = CAT == "Seeds and Nuts"
second_nut = nth_id(CAL, 2, within=nuts)                   # 457, 439, 425
assert df.loc[df.id == second_nut, "Food"].item() == "roasted and salted"
add("ordinal", ["which nut has the 2nd most calories per serving?"],
    {"has_items": True, "subset_of_ids": [second_nut]}, df.id == second_nut)
cherry = float(food("Cherry Pie")["Calories"])
assert cherry == 340
gap_empty("Calories", 340, 341)
add("ordinal", ["desserts with more calories than a slice of cherry pie"],
    {"has_items": True, "text_in": {"Category": ["Desserts, sweets"]}, "num_range": {"Calories": [341, None]}},
    sweets & (CAL > cherry))

# ---- negation -------------------------------------------------------------------------------
others = sorted(set(CAT) - {"Meat, Poultry"})
add("negation", ["25 to 40 g of protein but not meat"],
    {"has_items": True, "text_in": {"Category": others}, "num_range": {"Protein": [25, 40]}},
    (CAT != "Meat, Poultry") & (PROT >= 25) & (PROT <= 40))
dirty_outside("Protein", 25, 40)
add("negation", ["fruits that don't go over 100 calories"],
    {"has_items": True, "text_in": {"Category": FRUITS}, "num_range": {"Calories": [None, 100]}},
    CAT.isin(FRUITS) & ~(CAL > 100) & CAL.notna())
dirty_outside("Calories", None, 100, CAT.isin(FRUITS))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["soups or nuts"], {"has_items": True, "text_in": {"Category": ["Soups", "Seeds and Nuts"]}},
    (CAT == "Soups") | (CAT == "Seeds and Nuts"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Fat", 4, 5)
fish = CAT == "Fish, Seafood"
dirty_outside("Fat", None, 4, fish)
add("follow_up", ["show me fish and seafood", "only the ones with less than 5g fat"],
    {"has_items": True, "text_in": {"Category": ["Fish, Seafood"]}, "num_range": {"Fat": [None, 4]}},
    fish & (FAT < 5))
gap_empty("Calories", 199, 200)
dirty_outside("Calories", None, 199, CAT == BREAD)
dirty_outside("Protein", 5, None, CAT == BREAD)
add("follow_up", ["breads and cereals", "under 200 calories", "and which of those have at least 5 g protien"],
    {"has_items": True, "text_in": {"Category": [BREAD]}, "num_range": {"Calories": [None, 199], "Protein": [5, None]}},
    (CAT == BREAD) & (CAL < 200) & (PROT >= 5))

# ---- impossible -----------------------------------------------------------------------------
assert max(CAL.max(), 1373) < 2000
add("impossible", ["anything over 2000 calories?"], {"no_items": True, "reply_contains_any": NO_REPLY}, CAL > 2000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "206", "Food"].item() == "Raw, diced" and df.loc[df.id == "206", "Fat"].item() == "t'"
add("id_lookup", ["tell me about item 206"], {"has_items": True, "subset_of_ids": ["206"]}, df.id == "206")

finish()
