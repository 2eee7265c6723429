"""Build ../requests/byo-r19b-pokedex.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file.
Units: `height` is in metres but `weight` is in POUNDS (Pikachu 13.2 = 6.0 kg, Snorlax 1014.1 = 460 kg);
no header says either. Weights asked in kg are converted with 1 lb = 0.45359237 kg, heights asked in feet
with 1 ft = 0.3048 m.
`type` and `abilities` are JSON arrays written as text (`["grass", "poison"]`). A request about a type
("ghost types", "part fairy") is answered by the rows whose array contains it; the facet is `text_in` with
every raw array string that contains it (and, for "pure X", only `["X"]`), computed from the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19b-pokedex"
PREFIX = "r19b-pk"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
LB_KG = 0.45359237
FT_M = 0.3048

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1008 and list(df["id"]) == [str(i) for i in range(1, 1009)]
assert list(df.columns) == ["id", "abilities", "height", "link", "name", "type", "weight"]
assert df.notna().all().all() and df.name.is_unique       # no blanks; names unique (exactly)
assert df.name.str.lower().is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
HEIGHT, WEIGHT = num("height"), num("weight")
TYPES = df["type"].map(json.loads)                         # parsed lists, for the truth expressions only
ABIL = df["abilities"].map(json.loads)
assert TYPES.map(len).between(1, 2).all() and ABIL.map(len).between(1, 3).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["pokemon", "Pokemon", "pokémon", "Pokémon", "Pokédex", "Pokedex", "pokedex", "creature", "species"]


def mon(name):
    r = df[df["name"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def has(series, item):
    return series.map(lambda lst: item in lst)

def raw_values(col, pred):
    """Every raw string of `col` whose parsed array satisfies pred (what a text_in facet must list)."""
    vals = sorted({raw for raw in df[col] if pred(json.loads(raw))})
    assert vals, col
    return vals


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
add("greeting", ["yo"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what can you tell me about this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
GHOST = raw_values("type", lambda t: "ghost" in t)
add("plain", ["ghost types"], {"has_items": True, "text_in": {"type": GHOST}}, has(TYPES, "ghost"), 5)
add("plain", ["pure electric pokemon"], {"has_items": True, "text_in": {"type": ['["electric"]']}},
    TYPES.map(lambda t: t == ["electric"]), 5)
gap_empty("height", 3.0, 3.1)                               # heights have one decimal
add("plain", ["pokemon taller than 3 meters"], {"has_items": True, "num_range": {"height": [3.1, None]}},
    HEIGHT > 3, 5)
LEVITATE = raw_values("abilities", lambda a: "levitate" in a)
add("plain", ["which ones have the levitate ability"], {"has_items": True, "text_in": {"abilities": LEVITATE}},
    has(ABIL, "levitate"), 5)

# ---- units (weight is in pounds, height in metres; no header says so) ----------------------------
# heavier than 500 kg = heavier than 1102.31 lb; the lightest such weight is 1113.3
gap_empty("weight", 500 / LB_KG, 1113.3)
add("units", ["pokemon that weigh more than 500 kg"], {"has_items": True, "num_range": {"weight": [1113.3, None]}},
    WEIGHT * LB_KG > 500)
# taller than 40 ft = taller than 12.19 m; the shortest such height is 14.5 (12.0 m is only 39.4 ft)
gap_empty("height", 40 * FT_M, 14.5)
add("units", ["anything taller than 40 feet?"], {"has_items": True, "num_range": {"height": [14.5, None]}},
    HEIGHT / FT_M > 40)

# ---- fact -----------------------------------------------------------------------------------
assert mon("Wailord")["height"] == "14.5"
add("fact", ["how tall is Wailord?"], {"reply_number": 14.5})
assert mon("Snorlax")["weight"] == "1014.1"
add("fact", ["how much does snorlax weigh"], {"reply_number": 1014.1})
assert mon("Sirfetch'd")["type"] == '["fighting"]'
add("fact", ["what type is Sirfetch'd?"], {"reply_contains": "fighting"})

# ---- count ----------------------------------------------------------------------------------
assert (df.type == '["water"]').sum() == 74
add("count", ["how many pure water types are there?"], {"reply_number": 74})
assert has(TYPES, "fairy").sum() == 63
add("count", ["how many pokemon are part fairy"], {"reply_number": 63})
assert (WEIGHT > 1000).sum() == 18
add("count", ["how many of them weigh over 1000 pounds?"], {"reply_number": 18})

# ---- superlative ----------------------------------------------------------------------------
tall3 = top_ids(HEIGHT, 3)                                  # 20.0, 14.5, 12.0; next 9.2
assert sorted(HEIGHT[df.id.isin(tall3)], reverse=True) == [20.0, 14.5, 12.0]
add("superlative", ["the 3 tallest pokemon"], {"has_items": True, "subset_of_ids": tall3}, df.id.isin(tall3), 3)
heavy5 = top_ids(WEIGHT, 5)                                 # 2204.4 x2, 2094.4 x2, 2028.3; next 1957.7
assert sorted(WEIGHT[df.id.isin(heavy5)], reverse=True) == [2204.4, 2204.4, 2094.4, 2094.4, 2028.3]
add("superlative", ["top 5 heaviest"], {"has_items": True, "subset_of_ids": heavy5}, df.id.isin(heavy5), 5)

# ---- ordinal (compared with another pokemon) -------------------------------------------------
onix = float(mon("Onix")["height"])
assert onix == 8.8
gap_empty("height", 8.8, 9.2)
add("ordinal", ["pokemon taller then Onix"], {"has_items": True, "num_range": {"height": [9.2, None]}},
    HEIGHT > onix)
pika = float(mon("Pikachu")["weight"])
assert pika == 13.2
gap_empty("weight", 13.1, 13.2)                             # weights have one decimal
ELECTRIC = raw_values("type", lambda t: "electric" in t)
add("ordinal", ["elecrtic types lighter than Pikachu"],
    {"has_items": True, "text_in": {"type": ELECTRIC}, "num_range": {"weight": [None, 13.1]}},
    has(TYPES, "electric") & (WEIGHT < pika))

# ---- negation (text_in lists every raw array that qualifies) -----------------------------------
GRASS_NOT_POISON = raw_values("type", lambda t: "grass" in t and "poison" not in t)
add("negation", ["grass types that aren't poison"], {"has_items": True, "text_in": {"type": GRASS_NOT_POISON}},
    has(TYPES, "grass") & ~has(TYPES, "poison"))
PSY_NOT_FAIRY = raw_values("type", lambda t: "psychic" in t and "fairy" not in t)
add("negation", ["psychic pokemon that aren't part fairy, 2 m or taller"],
    {"has_items": True, "text_in": {"type": PSY_NOT_FAIRY}, "num_range": {"height": [2, None]}},
    has(TYPES, "psychic") & ~has(TYPES, "fairy") & (HEIGHT >= 2))

# ---- disjunction ----------------------------------------------------------------------------
gap_empty("height", 1.5, 1.6)
add("disjunction", ["pure ice or pure fire types taller than 1.5m"],
    {"has_items": True, "text_in": {"type": ['["fire"]', '["ice"]']}, "num_range": {"height": [1.6, None]}},
    TYPES.map(lambda t: t in (["ice"], ["fire"])) & (HEIGHT > 1.5))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
STEEL = raw_values("type", lambda t: "steel" in t)
gap_empty("weight", 1000, 1000.1)
add("follow_up", ["steel types", "only the ones over 1000 lbs"],
    {"has_items": True, "text_in": {"type": STEEL}, "num_range": {"weight": [1000.1, None]}},
    has(TYPES, "steel") & (WEIGHT > 1000))
DRAGON_FLYING = raw_values("type", lambda t: "dragon" in t and "flying" in t)
gap_empty("height", 1.9, 2.0)
add("follow_up", ["show me dragon pokemon", "which of them are also flying type", "just the ones under 2 meters"],
    {"has_items": True, "text_in": {"type": DRAGON_FLYING}, "num_range": {"height": [None, 1.9]}},
    has(TYPES, "dragon") & has(TYPES, "flying") & (HEIGHT < 2))

# ---- impossible (the heaviest, 2204.4 lb, is 999.9 kg) -------------------------------------------
add("impossible", ["any pokemon heavier than a metric ton?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, WEIGHT * LB_KG > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "133", "name"].item() == "Eevee"
add("id_lookup", ["tell me about item 133"], {"has_items": True, "subset_of_ids": ["133"]}, df.id == "133")

finish()
