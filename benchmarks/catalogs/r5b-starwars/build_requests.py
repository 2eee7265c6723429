"""Build ../requests/byo-r5b-starwars.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, round 5); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with plain pandas expressions (unit conversions and the derived BMI done on the numbers), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r5b-starwars"
PREFIX = "r5b-sw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 87 and list(df["id"]) == [str(i) for i in range(1, 88)]
num = lambda c: pd.to_numeric(df[c])
HT, MASS, BY = num("height"), num("mass"), num("birth_year")
BMI = MASS / (HT / 100) ** 2                               # derived: kg / m^2
tokens = lambda c: df[c].fillna("").str.split(", ")        # multi-value colour columns


def has_token(c, t):
    return tokens(c).apply(lambda l: t in l)


NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["star wars", "Star Wars", "character", "Character", "galaxy", "Jedi", "droid"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def row(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def others(col, *excluded):
    vals = set(df[col].dropna())
    assert all(e in vals for e in excluded), excluded
    return sorted(vals - set(excluded))


def accepted(expect):
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
        assert truth is not None and int(truth.fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey there"], {"reply_contains_any": WHAT})
add("greeting", ["yo what can i look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me all the droids"],
    {"has_items": True, "text_in": {"species": ["Droid"]}}, df.species == "Droid", 5)
add("plain", ["who comes from tatooine"],
    {"has_items": True, "text_in": {"homeworld": ["Tatooine"]}}, df.homeworld == "Tatooine", 5)
# multi-value colour columns: "green, yellow" eyes count as yellow eyes
yellow_eyes = has_token("eye_color", "yellow")
assert sorted(set(df.eye_color[yellow_eyes])) == ["green, yellow", "yellow"]
add("plain", ["characters with yellow eyes"],
    {"has_items": True, "text_in": {"eye_color": ["yellow", "green, yellow"]}}, yellow_eyes, 5)
grey_skin = has_token("skin_color", "grey")
GREY = sorted(set(df.skin_color[grey_skin]))
assert GREY == ["blue, grey", "green, grey", "grey", "grey, blue", "grey, green, yellow", "grey, red"]
add("plain", ["anyone with grey skin?"],
    {"has_items": True, "text_in": {"skin_color": GREY}}, grey_skin, 5)

# ---- units (height in cm, mass in kg; asked in feet and pounds) -------------------------------
# "taller than 7 feet" = above 213.36 cm; heights are whole cm
assert not ((HT > 213.36) & (HT < 213.37)).any() and (HT.dropna() % 1 == 0).all()
add("units", ["who's taller than 7 feet"],
    {"has_items": True, "num_range": {"height": [213.37, None]}}, HT / 30.48 > 7)
# "under 100 pounds" = below 45.359 kg; masses have at most one decimal
assert not ((MASS > 45.35) & (MASS < 45.3593)).any()
add("units", ["characters that weigh under 100 lbs"],
    {"has_items": True, "num_range": {"mass": [None, 45.35]}}, MASS * 2.20462 < 100)

# ---- fact -----------------------------------------------------------------------------------
assert row("Chewbacca")["height"] == "228.0"
add("fact", ["how tall is chewbacca"], {"reply_number": 228})
assert row("Yoda")["birth_year"] == "896.0"
add("fact", ["what's yoda's birth year"], {"reply_number": 896})
assert row("Jango Fett")["homeworld"] == "Concord Dawn"
add("fact", ["what planet is jango fett from?"], {"reply_contains": "Concord Dawn"})

# ---- count ----------------------------------------------------------------------------------
assert (df.species == "Droid").sum() == 6
add("count", ["how many droids are there"], {"reply_number": 6})
assert (df.homeworld == "Naboo").sum() == 11
add("count", ["how many characters are from naboo"], {"reply_number": 11})
assert (df.species == "Human").sum() == 35
add("count", ["number of humans in the list?"], {"reply_number": 35})

# ---- superlative ----------------------------------------------------------------------------
top = MASS.nlargest(4)
assert top.iloc[2] > top.iloc[3]
heavy = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(heavy) == ["16", "22", "78"]                    # Jabba, IG-88, Grievous
add("superlative", ["the 3 heaviest characters"], {"has_items": True, "subset_of_ids": ["16", "22", "78"]}, heavy, 3)
# birth_year is years before the Battle of Yavin (BBY): the biggest number is the oldest
assert BY.max() == 896 and (BY == BY.max()).sum() == 1
add("superlative", ["who's the oldest one"], {"has_items": True, "subset_of_ids": ["19"]}, BY == BY.max())

# ---- ordinal (compared with a named row) -----------------------------------------------------
qg = float(row("Qui-Gon Jinn")["birth_year"])
assert qg == 92 and not ((BY > 92) & (BY < 92.1)).any()
add("ordinal", ["characters older than qui-gon"],
    {"has_items": True, "num_range": {"birth_year": [92.1, None]}}, BY > qg)
c3 = float(row("C-3PO")["height"])
add("ordinal", ["droids that are shorter than c-3po"],
    {"has_items": True, "text_in": {"species": ["Droid"]}, "num_range": {"height": [None, c3 - 1]}},
    (df.species == "Droid") & (HT < c3))

# ---- negation (a blank never counts as "not X") -----------------------------------------------
add("negation", ["non human characters from naboo"],
    {"has_items": True, "text_in": {"homeworld": ["Naboo"], "species": others("species", "Human")}},
    (df.homeworld == "Naboo") & df.species.notna() & (df.species != "Human"))
add("negation", ["humans that are NOT from tatooine"],
    {"has_items": True, "text_in": {"species": ["Human"], "homeworld": others("homeworld", "Tatooine")}},
    (df.species == "Human") & df.homeworld.notna() & (df.homeworld != "Tatooine"), 5)

# ---- disjunction ----------------------------------------------------------------------------
disj = df.species.isin(["Wookiee", "Ewok"])
assert ids(disj) == ["13", "29", "79"]
add("disjunction", ["wookiees or ewoks"], {"has_items": True, "subset_of_ids": ["13", "29", "79"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me humans", "just the blue eyed ones", "and heavier than 80 kilos"],
    {"has_items": True, "text_in": {"species": ["Human"], "eye_color": ["blue"]}, "num_range": {"mass": [80.1, None]}},
    (df.species == "Human") & (df.eye_color == "blue") & (MASS > 80))
bmi30 = (df.homeworld == "Tatooine") & (BMI > 30)
assert ids(bmi30) == ["4", "6", "8"]                       # Vader, Owen Lars, R5-D4
add("follow_up", ["who's from tatooine", "which of them have a bmi over 30"],
    {"has_items": True, "text_in": {"homeworld": ["Tatooine"]}, "subset_of_ids": ["4", "6", "8"]}, bmi30)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a wookiee shorter than one meter"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.species == "Wookiee") & (HT < 100))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "13", "name"].item() == "Chewbacca"
add("id_lookup", ["tell me about number 13"], {"has_items": True, "subset_of_ids": ["13"]}, df.id == "13")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
