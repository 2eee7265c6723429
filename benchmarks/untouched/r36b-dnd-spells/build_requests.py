"""Build ../requests/byo-r36b-dnd-spells.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (ranges parsed from their text and converted from feet/miles to metres,
area sizes from feet to metres, class lists split on ", "), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36b-dnd-spells"
PREFIX = "r36b-sp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 319
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == ["id", "index", "name", "level", "school.name", "casting_time", "range", "components",
                            "material", "ritual", "concentration", "duration", "classes", "attack_type",
                            "damage.damage_type.name", "dc.dc_type.name", "area_of_effect.type",
                            "area_of_effect.size"]
num = lambda c: pd.to_numeric(df[c])
LEVEL, AREA = num("level"), num("area_of_effect.size")
assert df["name"].str.lower().is_unique
assert set(df.ritual) == {"True", "False"} and set(df.concentration) == {"True", "False"}
CLASSES = df["classes"].str.split(", ")
SCHOOLS = sorted(df["school.name"].unique())
assert len(SCHOOLS) == 8


def has_class(c):
    return CLASSES.apply(lambda l: c in l)


def class_values(c):
    """every raw `classes` value that lists class c"""
    return sorted(df.loc[has_class(c), "classes"].unique())


def metres(r):
    """range text -> metres; None for Self/Touch/Sight/Special/Unlimited"""
    m = re.fullmatch(r"(\d+) (feet|foot|mile|miles)", r)
    if not m:
        return None
    n = int(m.group(1))
    return n * 0.3048 if m.group(2).startswith("f") else n * 1609.344


RANGE_M = df["range"].map(metres).astype("Float64")
assert set(df.loc[RANGE_M.isna(), "range"]) == {"Touch", "Self", "Sight", "Special", "Unlimited"}

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "doesn't", "don't"]
WHAT = ["spell", "Spell", "magic", "Magic", "D&D", "cantrip", "Cantrip", "wizard", "Wizard"]


def spell(name):
    r = df[df["name"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of stuff do you have here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["wizard cantrips"],
    {"has_items": True, "text_in": {"classes": class_values("Wizard")}, "num_range": {"level": [0, 0]}},
    has_class("Wizard") & (LEVEL == 0), 5)
add("plain", ["ritual spells a cleric can cast"],
    {"has_items": True, "text_in": {"ritual": ["True"], "classes": class_values("Cleric")}},
    (df.ritual == "True") & has_class("Cleric"), 5)
add("plain", ["spells that do fire damage"],
    {"has_items": True, "text_in": {"damage.damage_type.name": ["Fire"]}}, df["damage.damage_type.name"] == "Fire", 5)
add("plain", ["3rd level evocation spells"],
    {"has_items": True, "text_in": {"school.name": ["Evocation"]}, "num_range": {"level": [3, 3]}},
    (df["school.name"] == "Evocation") & (LEVEL == 3), 5)

# ---- units (ranges are text in feet or miles; area sizes are bare feet) ------------------------
# at least 30 metres = at least 98.4 ft: "100 feet" and up, "1 mile", "500 miles"
far = RANGE_M >= 30
far_vals = sorted(df.loc[far.fillna(False), "range"].unique())
assert far_vals == ["1 mile", "100 feet", "120 feet", "150 feet", "300 feet", "500 feet", "500 miles"], far_vals
add("units", ["spells with a range of at least 30 meters"],
    {"has_items": True, "text_in": {"range": far_vals}}, far)
# an area bigger than 10 m = bigger than 32.8 ft; sizes jump from 30 to 40
gap_empty("area_of_effect.size", 10 / 0.3048, 40)
add("units", ["which spells cover an area bigger than 10 m?"],
    {"has_items": True, "num_range": {"area_of_effect.size": [40, None]}}, AREA * 0.3048 > 10)

# ---- fact -----------------------------------------------------------------------------------
assert spell("Fireball")["school.name"] == "Evocation"
add("fact", ["what school of magic is fireball"], {"reply_contains": "Evocation"})
assert spell("Wish")["level"] == "9"
add("fact", ["what level is Wish?"], {"reply_number": 9})
assert spell("Mage Armor")["duration"] == "8 hours"
add("fact", ["how long does mage armor last"], {"reply_contains_any": ["8 hours", "eight hours"]})

# ---- count ----------------------------------------------------------------------------------
assert (LEVEL == 9).sum() == 15
add("count", ["how many 9th level spells are there"], {"reply_number": 15})
assert (df.concentration == "True").sum() == 126
add("count", ["how many spells need consentration?"], {"reply_number": 126})
assert has_class("Paladin").sum() == 31
add("count", ["how many spells can a paladin pick from"], {"reply_number": 31})

# ---- superlative ----------------------------------------------------------------------------
big2 = top_ids(AREA, 2)                                       # 40000 and 5280 ft; next is 2500
assert sorted(AREA[df.id.isin(big2)]) == [5280, 40000]
add("superlative", ["the 2 spells with the biggest area of effect"],
    {"has_items": True, "subset_of_ids": big2}, df.id.isin(big2), 2)
div = df["school.name"] == "Divination"
top_div = top_ids(LEVEL.where(div), 1)                        # the one 9th-level divination spell; next is 6
assert LEVEL[df.id.isin(top_div)].tolist() == [9]
add("superlative", ["what's the highest level divination spell"],
    {"has_items": True, "subset_of_ids": top_div}, df.id.isin(top_div), 1)

# ---- ordinal (compared with another spell) -----------------------------------------------------
fb = spell("Fireball")
assert fb["level"] == "3" and fb["area_of_effect.size"] == "20"
add("ordinal", ["evocation spells higher level than fireball"],
    {"has_items": True, "text_in": {"school.name": ["Evocation"]}, "num_range": {"level": [4, None]}},
    (df["school.name"] == "Evocation") & (LEVEL > int(fb["level"])))
gap_empty("area_of_effect.size", 20, 30)
add("ordinal", ["bard spells with a bigger area than fireball"],
    {"has_items": True, "text_in": {"classes": class_values("Bard")}, "num_range": {"area_of_effect.size": [30, None]}},
    has_class("Bard") & (AREA > int(fb["area_of_effect.size"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["druid spells that don't need concentration"],
    {"has_items": True, "text_in": {"classes": class_values("Druid"), "concentration": ["False"]}},
    has_class("Druid") & (df.concentration != "True"))
not_evo = [s for s in SCHOOLS if s != "Evocation"]
add("negation", ["cantrips that aren't evocation"],
    {"has_items": True, "text_in": {"school.name": not_evo}, "num_range": {"level": [0, 0]}},
    (LEVEL == 0) & (df["school.name"] != "Evocation"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["warlock spells, necromancy or enchantment"],
    {"has_items": True, "text_in": {"classes": class_values("Warlock"), "school.name": ["Enchantment", "Necromancy"]}},
    has_class("Warlock") & df["school.name"].isin(["Necromancy", "Enchantment"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["spells where you make a ranged spell attack", "just the fire ones"],
    {"has_items": True, "text_in": {"attack_type": ["ranged"], "damage.damage_type.name": ["Fire"]}},
    (df.attack_type == "ranged") & (df["damage.damage_type.name"] == "Fire"))
add("follow_up", ["sorcerer spells please", "only levels 1 to 3", "which of those make the target roll a dex save"],
    {"has_items": True, "text_in": {"classes": class_values("Sorcerer"), "dc.dc_type.name": ["DEX"]},
     "num_range": {"level": [1, 3]}},
    has_class("Sorcerer") & (LEVEL >= 1) & (LEVEL <= 3) & (df["dc.dc_type.name"] == "DEX"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any 10th level spells?"], {"no_items": True, "reply_contains_any": NO_REPLY}, LEVEL >= 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "200", "name"].item() == "Meld Into Stone"
add("id_lookup", ["tell me about item 200"], {"has_items": True, "subset_of_ids": ["200"]}, df.id == "200")

finish()
