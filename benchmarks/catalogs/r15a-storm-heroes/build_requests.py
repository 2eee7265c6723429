"""Build ../requests/byo-r15a-storm-heroes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 15); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (attack speed in attacks per second converted to attacks per minute
and to seconds between attacks where the user asks that way), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. Hero names are matched
the way a user types them (case, spaces, dots, apostrophes and accents ignored), and asserted unique.
"""
import json
import unicodedata
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r15a-storm-heroes"
PREFIX = "r15a-he"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 84 and list(df["id"]) == [str(i) for i in range(1, 85)]
assert list(df.columns) == ["id", "name", "attack_type", "role", "health", "attack", "attack_spd"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
HP, ATK, SPD = num("health"), num("attack"), num("attack_spd")
ROLES = {"Bruiser", "Healer", "Melee Assassin", "Ranged Assassin", "Support", "Tank"}
assert set(df.role) == ROLES and set(df.attack_type) == {"Melee", "Ranged"}
# one hero (Gall, id 46) has all three numbers blank
assert HP.isna().sum() == ATK.isna().sum() == SPD.isna().sum() == 1
assert df.loc[HP.isna(), "id"].tolist() == ["46"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["hero", "Hero", "character", "Character", "Heroes of the Storm", "Storm"]


def key(s):
    """A name as a user would type it: no accents, case, spaces, dots, apostrophes or hyphens."""
    s = unicodedata.normalize("NFKD", str(s)).encode("ascii", "ignore").decode()
    return "".join(ch for ch in s.lower() if ch.isalnum())


def hero(typed):
    r = df[df["name"].map(key) == key(typed)]
    assert len(r) == 1, typed
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what is this list about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me all the tanks"], {"has_items": True, "text_in": {"role": ["Tank"]}}, df.role == "Tank", 5)
add("plain", ["ranged helaers"],
    {"has_items": True, "text_in": {"role": ["Healer"], "attack_type": ["Ranged"]}},
    (df.role == "Healer") & (df.attack_type == "Ranged"), 5)
add("plain", ["melee assassins with at least 1800 hp"],
    {"has_items": True, "text_in": {"role": ["Melee Assassin"]}, "num_range": {"health": [1800, None]}},
    (df.role == "Melee Assassin") & (HP >= 1800), 5)
add("plain", ["heroes whose basic attack does between 100 and 150 damage"],
    {"has_items": True, "num_range": {"attack": [100, 150]}}, (ATK >= 100) & (ATK <= 150), 5)

# ---- units (attack_spd is attacks per second) --------------------------------------------------
# more than 80 attacks a minute = more than 1.333 attacks a second; the speeds are 1.33, then 1.43
assert (SPD == 1.33).any() and 1.33 * 60 < 80
gap_empty("attack_spd", 80 / 60, 1.34)
add("units", ["who attacks more than 80 times a minute?"],
    {"has_items": True, "num_range": {"attack_spd": [1.34, None]}}, SPD * 60 > 80)
# 1.2 s or more between two basic attacks = at most 1/1.2 = 0.833 attacks a second; 0.83 is in, 0.87 is out
gap_empty("attack_spd", 0.83, 1 / 1.2)
add("units", ["which heroes take 1.2 seconds or longer between basic attacks"],
    {"has_items": True, "num_range": {"attack_spd": [None, 0.83]}}, 1 / SPD >= 1.2)

# ---- fact (asked by name, typed the way players write it) ----------------------------------------
assert hero("Stitches")["health"] == "3060.0"
add("fact", ["how much health does Stitches have?"], {"reply_number": 3060})
assert hero("the butcher")["name"] == "TheButcher" and hero("the butcher")["attack"] == "130.0"
add("fact", ["what's The Butcher's attack damage"], {"reply_number": 130})
assert hero("Lucio")["name"] == "Lúcio" and hero("Lucio")["role"] == "Healer"
add("fact", ["what role does lucio play"], {"reply_contains": "Healer"})

# ---- count ----------------------------------------------------------------------------------
assert (df.role == "Ranged Assassin").sum() == 28
add("count", ["how many ranged assasins are there"], {"reply_number": 28})
assert (df.attack_type == "Melee").sum() == 40
add("count", ["how many heroes are melee?"], {"reply_number": 40})
assert (HP > 2500).sum() == 11
add("count", ["how many heroes have more than 2500 health"], {"reply_number": 11})

# ---- superlative ----------------------------------------------------------------------------
tankiest = top_ids(HP, 1)
assert tankiest == ["83"] and df.loc[82, "name"] == "Stitches"
add("superlative", ["which hero has the most health"],
    {"has_items": True, "subset_of_ids": tankiest}, df.id.isin(tankiest), 1)
hardest = top_ids(ATK, 3)                                  # 261, 198, 180; next is 173
assert sorted(ATK[df.id.isin(hardest)], reverse=True) == [261, 198, 180]
add("superlative", ["top 3 hardest hitting heroes (basic attack)"],
    {"has_items": True, "subset_of_ids": hardest}, df.id.isin(hardest), 3)

# ---- ordinal (compared with another hero, or "2nd") ------------------------------------------------
assert hero("Johanna")["health"] == "2700.0"
gap_empty("health", 2700, 2765)
add("ordinal", ["tanks with more health than Johanna"],
    {"has_items": True, "text_in": {"role": ["Tank"]}, "num_range": {"health": [2765, None]}},
    (df.role == "Tank") & (HP > float(hero("Johanna")["health"])))
second = HP.dropna().sort_values(ascending=False, kind="mergesort")
assert second.iloc[0] > second.iloc[1] > second.iloc[2]
second_id = [str(df.loc[second.index[1], "id"])]
assert second_id == ["75"] and df.loc[74, "name"] == "Blaze"
add("ordinal", ["who's got the 2nd highest health pool?"],
    {"has_items": True, "subset_of_ids": second_id}, df.id.isin(second_id), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["healers that aren't ranged"],
    {"has_items": True, "text_in": {"role": ["Healer"], "attack_type": ["Melee"]}},
    (df.role == "Healer") & (df.attack_type != "Ranged"))
add("negation", ["heroes that are not any kind of assassin, with 2000+ health"],
    {"has_items": True, "text_in": {"role": ["Bruiser", "Healer", "Support", "Tank"]},
     "num_range": {"health": [2000, None]}},
    ~df.role.str.contains("Assassin") & (HP >= 2000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["bruisers or tanks that hit for at least 120"],
    {"has_items": True, "text_in": {"role": ["Bruiser", "Tank"]}, "num_range": {"attack": [120, None]}},
    ((df.role == "Bruiser") | (df.role == "Tank")) & (ATK >= 120))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the ranged assassins", "just the ones with 1500 health or more"],
    {"has_items": True, "text_in": {"role": ["Ranged Assassin"]}, "num_range": {"health": [1500, None]}},
    (df.role == "Ranged Assassin") & (HP >= 1500))
gap_empty("health", 2299.9, 2300)
add("follow_up", ["melee heroes", "only tanks and bruisers", "which of those have under 2300 hp"],
    {"has_items": True, "text_in": {"attack_type": ["Melee"], "role": ["Bruiser", "Tank"]},
     "num_range": {"health": [None, 2299.9]}},
    (df.attack_type == "Melee") & df.role.isin(["Tank", "Bruiser"]) & (HP < 2300))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any healer with more than 3000 health?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.role == "Healer") & (HP > 3000))

# ---- id_lookup (item 46 is Gall, whose numbers are all blank) ----------------------------------------
assert df.loc[df.id == "46", "name"].item() == "Gall"
add("id_lookup", ["tell me about item 46"], {"has_items": True, "subset_of_ids": ["46"]}, df.id == "46")

finish()
