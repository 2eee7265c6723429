"""Build ../requests/byo-r11b-starbucks-food.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (calories converted to kilojoules at 4.184 kJ/kcal, grams of fat against
the user's ounces at 28.3495 g/oz), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Item names are matched case-insensitively with surrounding
spaces stripped (six names in the file end in a space, e.g. "Butter Croissant ").
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11b-starbucks-food"
PREFIX = "r11b-sb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 77 and list(df["id"]) == [str(i) for i in range(1, 78)]
assert list(df.columns) == ["id", "item", "calories", "fat", "carb", "fiber", "protein", "type"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CAL, FAT, CARB, FIBER, PROT = num("calories"), num("fat"), num("carb"), num("fiber"), num("protein")
assert set(df.type) == {"bakery", "petite", "bistro box", "hot breakfast", "sandwich", "parfait", "salad"}
assert df.notna().all().all() and (CAL % 10 == 0).all()    # no blanks; calories in steps of 10
KEY = df["item"].str.strip().str.lower()
assert KEY.is_unique and (df["item"] != df["item"].str.strip()).sum() == 6   # 6 names end in a space
WHAT = ["food", "Food", "Starbucks", "menu", "Menu", "snack", "bakery", "Bakery", "pastr", "calorie"]


def food(name):
    r = df[KEY == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't", "not in"]


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
    """Every raw value of `col` except `excluded` (blanks are not values), sorted; asserts each excluded exists."""
    vals = set(df[col].dropna())
    assert set(excluded) <= vals, (col, excluded)
    return sorted(vals - set(excluded))


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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what kind of stuff do you have here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("calories", 290, 300)
add("plain", ["something from the bakery under 300 calories"],
    {"has_items": True, "text_in": {"type": ["bakery"]}, "num_range": {"calories": [None, 290]}},
    (df.type == "bakery") & (CAL < 300), 5)
add("plain", ["high protien options, at least 20g"],
    {"has_items": True, "num_range": {"protein": [20, None]}}, PROT >= 20, 5)
add("plain", ["show me the bistro boxes"], {"has_items": True, "text_in": {"type": ["bistro box"]}},
    df.type == "bistro box", 5)
add("plain", ["low fat stuff please, 5 grams of fat or less"],
    {"has_items": True, "num_range": {"fat": [None, 5]}}, FAT <= 5, 5)

# ---- units (calories are kcal; fat, carb, fiber, protein in grams) ------------------------------
# under 1000 kJ = under 239.0 kcal; calories come in steps of 10
gap_empty("calories", 230, 1000 / 4.184)
add("units", ["anything under 1000 kJ?"],
    {"has_items": True, "num_range": {"calories": [None, 230]}}, CAL * 4.184 < 1000)
# less than half an ounce of fat = less than 14.17 g; fat comes in steps of 0.5 g
gap_empty("fat", 14.0, 0.5 * 28.3495)
add("units", ["which sandwiches have less than half an ounce of fat"],
    {"has_items": True, "text_in": {"type": ["sandwich"]}, "num_range": {"fat": [None, 14.0]}},
    (df.type == "sandwich") & (FAT < 0.5 * 28.3495))

# ---- fact (by name; the file's name may end in a space) -----------------------------------------
assert food("Butter Croissant")["calories"] == "310" and food("Butter Croissant")["item"] == "Butter Croissant "
add("fact", ["how many calories in the butter croissant?"], {"reply_number": 310})
assert food("Tuna Salad")["protein"] == "23"
add("fact", ["how much protein does the tuna salad box have"], {"reply_number": 23})
assert food("Multigrain Bagel")["fiber"] == "6"
add("fact", ["fibre in the multigrain bagel?"], {"reply_number": 6})

# ---- count ----------------------------------------------------------------------------------
assert (df.type == "petite").sum() == 9
add("count", ["how many petite items are there"], {"reply_number": 9})
assert (FIBER == 0).sum() == 29
add("count", ["how many things have zero fiber"], {"reply_number": 29})
assert (CAL > 400).sum() == 22
add("count", ["how many items are over 400 calories?"], {"reply_number": 22})

# ---- superlative ----------------------------------------------------------------------------
most_prot = top_ids(PROT, 1)
assert food("Turkey & Swiss Sandwich")["id"] == most_prot[0] and PROT.max() == 34
add("superlative", ["which one has the most protein"],
    {"has_items": True, "subset_of_ids": most_prot}, df.id.isin(most_prot), 1)
light3 = top_ids(CAL, 3, largest=False)                 # 80, 130, 130; next is 140
assert sorted(CAL[df.id.isin(light3)]) == [80, 130, 130]
add("superlative", ["3 lowest calorie items"], {"has_items": True, "subset_of_ids": light3}, df.id.isin(light3), 3)

# ---- ordinal (compared with another item) ---------------------------------------------------
assert food("Ham & Swiss Panini")["protein"] == "28"
gap_empty("protein", 28, 29)
add("ordinal", ["what has more protein than the ham & swiss panini"],
    {"has_items": True, "num_range": {"protein": [29, None]}}, PROT > int(food("Ham & Swiss Panini")["protein"]))
assert food("Plain Bagel")["calories"] == "280"
add("ordinal", ["bakery things with fewer calories than the plain bagel"],
    {"has_items": True, "text_in": {"type": ["bakery"]}, "num_range": {"calories": [None, 270]}},
    (df.type == "bakery") & (CAL < int(food("Plain Bagel")["calories"])))

# ---- negation -------------------------------------------------------------------------------
gap_empty("calories", 340, 350)
add("negation", ["food that's not from the bakery, less than 350 cal"],
    {"has_items": True, "text_in": {"type": others("type", "bakery")}, "num_range": {"calories": [None, 340]}},
    (df.type != "bakery") & (CAL < 350))
add("negation", ["items that don't have more than 10g of fat"],
    {"has_items": True, "num_range": {"fat": [None, 10]}}, ~(FAT > 10))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.type == "salad") | (df.type == "parfait")
assert int(disj.sum()) == 4
add("disjunction", ["salads or parfaits"], {"has_items": True, "text_in": {"type": ["parfait", "salad"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["hot breakfast options?", "only the ones with 15g protein or more"],
    {"has_items": True, "text_in": {"type": ["hot breakfast"]}, "num_range": {"protein": [15, None]}},
    (df.type == "hot breakfast") & (PROT >= 15))
gap_empty("calories", 390, 400)
add("follow_up", ["anything from the bakery?", "under 400 calories", "and with at least 5 grams of fibre"],
    {"has_items": True, "text_in": {"type": ["bakery"]}, "num_range": {"calories": [None, 390], "fiber": [5, None]}},
    (df.type == "bakery") & (CAL < 400) & (FIBER >= 5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["got anything under 50 calories?"], {"no_items": True, "reply_contains_any": NO_REPLY}, CAL < 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "item"].item() == "Cheese & Fruit"
add("id_lookup", ["show me item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
