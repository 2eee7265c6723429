"""Build ../requests/byo-r22b-acnh-villagers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the `birthday` strings "m-d" parsed into month and day for calendar
words, star signs and "born before/after"; coffee-bean and milk spellings matched by hand over all their
variants; colours compared on the raw strings), and the script asserts that the `expect` facets accept
exactly those rows. Facets on `birthday`, `games.nl.siblings` and the coffee columns are `text_in` lists of
raw values. Counts and facts are asserted against the file; facts by name are asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22b-acnh-villagers"
PREFIX = "r22b-vi"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 483 and list(df["id"]) == [str(i) for i in range(1, 484)]
assert list(df.columns[:5]) == ["id", "gender", "species", "birthday", "name"] and len(df.columns) == 41
NH, NL = "games.nh.personality", "games.nl.personality"
COLOR, BEANS, MILK, SIBS = ("games.nl.favoriteColor", "games.nl.coffee.beans", "games.nl.coffee.milk",
                            "games.nl.siblings")
assert set(df.gender) == {"male", "female"} and df.species.notna().all()
assert df.birthday.isna().sum() == 2 and df[NH].isna().sum() == 92
MONTH = pd.to_numeric(df.birthday.str.split("-").str[0])
DAY = pd.to_numeric(df.birthday.str.split("-").str[1])
assert df.birthday.dropna().str.fullmatch(r"\d{1,2}-\d{1,2}").all()
BKEY = MONTH * 100 + DAY                                    # sortable birthday, blank stays NaN

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["villager", "Villager", "Animal Crossing", "animal crossing", "ACNH", "New Horizons"]


def villager(name):
    r = df[df["name"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def vals(col, mask):
    """The raw values of `col` on the rows in mask (for a text_in facet)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), col].dropna()))

def others(col, excluded):
    """Every raw value of `col` except `excluded` (blanks are no value, so they never pass)."""
    return sorted(set(df[col].dropna()) - set(excluded))


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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["what is this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["cat villagers"], {"has_items": True, "text_in": {"species": ["cat"]}}, df.species == "cat", 5)
add("plain", ["female squirrels"], {"has_items": True, "text_in": {"gender": ["female"], "species": ["squirrel"]}},
    (df.gender == "female") & (df.species == "squirrel"), 5)
dec = MONTH == 12
add("plain", ["villagres born in december"], {"has_items": True, "text_in": {"birthday": vals("birthday", dec)}}, dec, 5)
add("plain", ["smug villagers in new horizons"], {"has_items": True, "text_in": {NH: ["smug"]}}, df[NH] == "smug", 5)

# ---- units (birthday is "month-day" with no year and no zero padding) -----------------------------
xmas = (MONTH == 12) & (DAY == 25)
assert sorted(df.loc[xmas, "name"]) == ["Ruby", "Étoile"]
add("units", ["whose birthday is 25/12?"], {"has_items": True, "text_in": {"birthday": ["12-25"]}}, xmas)
scorpio = ((MONTH == 10) & (DAY >= 23)) | ((MONTH == 11) & (DAY <= 21))
assert scorpio.sum() == 34
add("units", ["wich villagers are scorpios"], {"has_items": True, "text_in": {"birthday": vals("birthday", scorpio)}},
    scorpio)

# ---- fact ----------------------------------------------------------------------------------
assert villager("Raymond")["games.nh.phrase"] == "crisp" and pd.isna(villager("Raymond")["games.nl.phrase"])
add("fact", ["what's Raymond's catchphrase?"], {"reply_contains": "crisp"})
assert villager("Marshal")["birthday"] == "9-29"
add("fact", ["when is marshal's birthday"],
    {"reply_contains_any": ["September 29", "Sept 29", "Sep 29", "29 September", "29th of September", "9-29", "9/29",
                            "29/9"]})
assert villager("Audie")["species"] == "wolf"
add("fact", ["what animal is Audie"], {"reply_contains": "wolf"})

# ---- count ----------------------------------------------------------------------------------
assert (df.species == "frog").sum() == 20
add("count", ["how many frogs are there"], {"reply_number": 20})
assert (df.collab == "Sanrio").sum() == 6
add("count", ["how many of the villagers are Sanrio ones?"], {"reply_number": 6})
assert (df[NH] == "uchi").sum() == 24
add("count", ["how many sisterly (uchi) villagers are in New Horizons?"], {"reply_number": 24})

# ---- superlative ----------------------------------------------------------------------------
last2 = top_ids(BKEY, 2)                                   # 12-31 Marcel, 12-30 Hugh; next 12-29 (twice)
assert sorted(df.loc[df.id.isin(last2), "name"]) == ["Hugh", "Marcel"]
add("superlative", ["the 2 villagers with the latest birthdays in the year"],
    {"has_items": True, "subset_of_ids": last2}, df.id.isin(last2), 2)
KIDS = pd.to_numeric(df[SIBS].str.extract(r"of (\d+) kids")[0])
assert KIDS.max() == 10 and (KIDS == 10).sum() == 8           # "Eldest of 10 kids" x 8
# the other sibling texts name their family size in words (twin 2 ... quintuplet 5, "of 4 sisters", "Only child");
# none is larger than 5 ("Middle kid" gives no size), so "Eldest of 10 kids" is the biggest family
SIZE = {"twin": 2, "triplet": 3, "quadruplet": 4, "quintuplet": 5, "only child": 1}
for v in df.loc[df[SIBS].notna() & KIDS.isna(), SIBS].unique():
    n = [k for w, k in SIZE.items() if w in v.lower()] + [int(x) for x in pd.Series([v]).str.findall(r"\d+")[0]]
    assert v == "Middle kid" or (n and max(n) <= 5), v
biggest = KIDS == KIDS.max()
add("superlative", ["who comes from the biggest family?"], {"has_items": True, "text_in": {SIBS: vals(SIBS, biggest)}},
    biggest)

# ---- ordinal (compared with another villager's birthday) --------------------------------------
m_key = int(villager("Marshal")["birthday"].split("-")[0]) * 100 + int(villager("Marshal")["birthday"].split("-")[1])
after = BKEY > m_key
add("ordinal", ["villagers born later in the year than Marshal"],
    {"has_items": True, "text_in": {"birthday": vals("birthday", after)}}, after)
assert villager("Judy")["birthday"] == "3-10"
before = (df.species == "squirrel") & (BKEY < 310)
add("ordinal", ["squirrels whose birthday comes before Judy's"],
    {"has_items": True, "text_in": {"species": ["squirrel"], "birthday": vals("birthday", BKEY < 310)}}, before)

# ---- negation -------------------------------------------------------------------------------
fem_np = (df.gender == "female") & df[NH].notna() & ~df[NH].isin(["peppy", "snooty"])
add("negation", ["female villagers that aren't peppy or snooty in NH"],
    {"has_items": True, "text_in": {"gender": ["female"], NH: others(NH, ["peppy", "snooty"])}}, fem_np)
assert {"Green", "green", "Pink", "pink"} <= set(df[COLOR].dropna())
dog_nb = (df.species == "dog") & df[COLOR].notna() & (df[COLOR].str.lower() != "brown")
add("negation", ["dogs whose favourite colour isn't brown"],
    {"has_items": True, "text_in": {"species": ["dog"], COLOR: others(COLOR, ["brown", "Brown"])}}, dog_nb)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["octopus or tiger villagers"], {"has_items": True, "text_in": {"species": ["octopus", "tiger"]}},
    df.species.isin(["octopus", "tiger"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the penguins", "only the girls"],
    {"has_items": True, "text_in": {"species": ["penguin"], "gender": ["female"]}},
    (df.species == "penguin") & (df.gender == "female"))
KILI = [v for v in df[BEANS].dropna().unique() if v.lower().replace("ll", "l").replace("kila", "kili") == "kilimanjaro"]
assert sorted(KILI) == ["Kilamanjaro", "Kilimanjaro", "Killimanjaro"]
LOTS = ["Lots of milk", "A lot of milk"]
assert set(LOTS) <= set(df[MILK].dropna())
kili_milk_m = df[BEANS].isin(KILI) & df[MILK].isin(LOTS) & (df.gender == "male")
add("follow_up", ["villagers who drink Kilimanjaro coffee", "just the ones who like lots of milk", "boys only"],
    {"has_items": True, "text_in": {BEANS: sorted(KILI), MILK: LOTS, "gender": ["male"]}}, kili_milk_m)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any dragon villagers?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    df.species.str.lower().str.contains("dragon"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "200", "name"].item() == "Hamlet"
add("id_lookup", ["tell me about item 200"], {"has_items": True, "subset_of_ids": ["200"]}, df.id == "200")

finish()
