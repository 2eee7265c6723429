"""Build ../requests/byo-r35b-bfrpg-monsters.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions on the package's parsed number columns (`stats.xp.value` against the
user's "k", `stats.hit_dice.value`, `stats.armor_class.value`), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file (facts by name unique).
Note: plain read_csv turns the source's literal treasure value `None` into a blank; no request uses it.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35b-bfrpg-monsters"
PREFIX = "r35b-bm"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 638 and list(df["id"]) == [str(i) for i in range(1, 639)]
assert list(df.columns)[:4] == ["id", "name", "family.name", "flags.special_weapon_required"]
assert len(df.columns) == 21 and df.name.is_unique
num = lambda c: pd.to_numeric(df[c])
XP, HD, AC = num("stats.xp.value"), num("stats.hit_dice.value"), num("stats.armor_class.value")
MORALE, STARS = num("stats.morale.value"), num("stats.hit_dice.special_ability_stars")
FLAG, BOOK, FAM = df["flags.special_weapon_required"], df["provenance.book"], df["family.name"]
assert set(FLAG) == {"True", "False"} and set(BOOK) == {"core", "fg1", "fg2"}
assert HD.isna().sum() == 23 and AC.isna().sum() == 10 and XP.notna().all()
assert (XP % 1 == 0).all() and (AC.dropna() % 1 == 0).all()
# hit dice are whole except 0.5 (written ½ in the raw column)
assert set(HD.dropna()[HD.dropna() % 1 != 0]) == {0.5}
WHAT = ["monster", "Monster", "creature", "Creature", "bestiary", "Bestiary", "Basic Fantasy", "BFRPG"]


def named(pattern):
    return df.name.str.contains(pattern, case=False, regex=False)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


def row(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value)
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
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
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
add("greeting", ["what kind of stuff can you find for me?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["monsters that can only be hit by magic or silver weapons"],
    {"has_items": True, "text_in": {"flags.special_weapon_required": ["True"]}}, FLAG == "True", 5)
add("plain", ["creatures with armour class 20 or higer"],
    {"has_items": True, "num_range": {"stats.armor_class.value": [20, None]}}, AC >= 20, 5)
add("plain", ["monsters from the core rulebook with at least 10 hit dice"],
    {"has_items": True, "text_in": {"provenance.book": ["core"]}, "num_range": {"stats.hit_dice.value": [10, None]}},
    (BOOK == "core") & (HD >= 10), 5)
gap_empty("stats.xp.value", 99, 100)
add("plain", ["fearless monsters (morale 12) worth less than 100 xp"],
    {"has_items": True, "num_range": {"stats.morale.value": [12, 12], "stats.xp.value": [None, 99]}},
    (MORALE == 12) & (XP < 100), 5)

# ---- units (XP in whole points; users say "k") -----------------------------------------------
gap_empty("stats.xp.value", 10000, 10001)
add("units", ["monsters worth more than 10k xp"], {"has_items": True, "num_range": {"stats.xp.value": [10001, None]}},
    XP / 1000 > 10)
add("units", ["anything giving between 2.5k and 3k experience?"],
    {"has_items": True, "num_range": {"stats.xp.value": [2500, 3000]}}, (XP / 1000 >= 2.5) & (XP / 1000 <= 3))

# ---- fact (asked by name; names are unique) ---------------------------------------------------
assert row("name", "Kraken")["stats.xp.value"] == "18500" and row("name", "Kraken")["stats.xp.raw"] == "18,500"
add("fact", ["how much xp is a kraken worth"], {"reply_number": 18500})
assert named("iron golem").sum() == 0 and row("name", "Golem, Iron")["stats.armor_class.value"] == "25"
add("fact", ["what's the AC of an iron golem?"], {"reply_number": 25})
assert named("dragon turtle").sum() == 1 and row("name", "Dragon Turtle")["stats.hit_dice.value"] == "30"
add("fact", ["how many hit dice does the dragon turtle have"], {"reply_number": 30})

# ---- count -----------------------------------------------------------------------------------
assert (BOOK == "fg2").sum() == 190
add("count", ["how many monsters come from field guide volume 2?"], {"reply_number": 190})
assert (FAM == "Golem").sum() == 17 and named("golem").sum() == 17
add("count", ["how many golems are there"], {"reply_number": 17})
assert (FLAG == "True").sum() == 118
add("count", ["how many creatures need special weapons to hit"], {"reply_number": 118})

# ---- superlative -----------------------------------------------------------------------------
ac1 = top_ids(AC, 1)
assert df.loc[df.id.isin(ac1), "name"].tolist() == ["Will-o’-Wisp"]
add("superlative", ["which monster has the best armor class?"], {"has_items": True, "subset_of_ids": ac1}, df.id.isin(ac1), 1)
xp5 = top_ids(XP, 5)                                      # 21650, 18500, 18450, 17850, 14250; next 13650
assert sorted(XP[df.id.isin(xp5)]) == [14250, 17850, 18450, 18500, 21650]
add("superlative", ["top 5 monsters by xp"], {"has_items": True, "subset_of_ids": xp5}, df.id.isin(xp5), 5)

# ---- ordinal (compared with another monster) -------------------------------------------------
troll = float(row("name", "Troll")["stats.hit_dice.value"])
assert troll == 6
gap_empty("stats.hit_dice.value", 6, 7)
add("ordinal", ["monsters with more hit dice than a troll"],
    {"has_items": True, "num_range": {"stats.hit_dice.value": [7, None]}}, HD > troll)
flesh = float(row("name", "Golem, Flesh")["stats.hit_dice.value"])
assert flesh == 9
gap_empty("stats.hit_dice.value", 9, 10)
add("ordinal", ["golems that are tougher than the flesh golem, hit dice wise"],
    {"has_items": True, "text_in": {"family.name": ["Golem"]}, "num_range": {"stats.hit_dice.value": [10, None]}},
    named("golem") & (HD > flesh))

# ---- negation --------------------------------------------------------------------------------
add("negation", ["monsters not from the core book with AC above 22"],
    {"has_items": True, "text_in": {"provenance.book": ["fg1", "fg2"]}, "num_range": {"stats.armor_class.value": [23, None]}},
    (BOOK != "core") & (AC > 22))
gap_empty("stats.hit_dice.value", 15, 16)
add("negation", ["monsters with over 15 hit dice that don't need special weapons"],
    {"has_items": True, "text_in": {"flags.special_weapon_required": ["False"]}, "num_range": {"stats.hit_dice.value": [16, None]}},
    (FLAG != "True") & (HD > 15))

# ---- disjunction -----------------------------------------------------------------------------
assert (FAM == "Elemental").sum() == named("elemental").sum() == 24
gap_empty("stats.xp.value", 999, 1000)
add("disjunction", ["elementals or golems under 1000 xp"],
    {"has_items": True, "text_in": {"family.name": ["Elemental", "Golem"]}, "num_range": {"stats.xp.value": [None, 999]}},
    (named("elemental") | named("golem")) & (XP < 1000))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["list the elementals", "only the ones with 12 or more hit dice"],
    {"has_items": True, "text_in": {"family.name": ["Elemental"]}, "num_range": {"stats.hit_dice.value": [12, None]}},
    named("elemental") & (HD >= 12))
gap_empty("stats.xp.value", 499, 500)
add("follow_up", ["monsters from the first field guide", "just ones with armor class 18 or better", "and worth under 500 xp"],
    {"has_items": True, "text_in": {"provenance.book": ["fg1"]},
     "num_range": {"stats.armor_class.value": [18, None], "stats.xp.value": [None, 499]}},
    (BOOK == "fg1") & (AC >= 18) & (XP < 500))

# ---- impossible ------------------------------------------------------------------------------
add("impossible", ["any monster with more than 50 hit dice?"], {"no_items": True, "reply_contains_any": NO_REPLY}, HD > 50)

# ---- id_lookup -------------------------------------------------------------------------------
assert df.loc[df.id == "354", "name"].item() == "Kraken"
add("id_lookup", ["tell me about item 354"], {"has_items": True, "subset_of_ids": ["354"]}, df.id == "354")

finish()
