"""Build ../requests/byo-hb-us-cereals.jsonl from items.csv, computing and asserting every expectation.

Run from anywhere: python3 build_requests.py   (needs pandas)
Written from the data alone; the author never opened the recommender's code, tests or docs.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "hb-us-cereals"
PFX = "cer"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
ALLOWED = {"has_items", "no_items", "text_in", "num_range", "subset_of_ids", "reply_number",
           "reply_contains", "reply_contains_any"}
NO_MATCH = ["no ", "none", "couldn't", "nothing", "0 ", "not find", "don't have", "no match"]

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, encoding="utf-8")
assert list(df.columns)[0] == "id" and df["id"].is_unique and len(df) == 65
ID = df["id"]
NUM = ["calories", "protein", "fat", "sodium", "fibre", "carbo", "sugars", "shelf", "potassium"]
N = {c: pd.to_numeric(df[c]) for c in NUM}
assert set(df["mfr"]) == {"G", "K", "N", "P", "Q", "R"}
assert set(df["vitamins"]) == {"none", "enriched", "100%"}  # ordinal: none < enriched < 100%
assert set(df["shelf"]) == {"1", "2", "3"}  # counted from the floor


def ids(mask):
    return set(ID[mask])


def rows_accepted(expect):
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= ID.isin(expect["subset_of_ids"])
    return set(ID[m])


def one(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def sid(s):
    return sorted(s, key=int)


reqs = []


def add(kind, turns, expect, correct=None, min_rows=1):
    """The expectation must accept exactly the correct rows (so decimal bounds such as
    [null, 4.99] for "under 5" are checked against the strict comparison)."""
    assert set(expect) <= ALLOWED, set(expect) - ALLOWED
    if expect.get("has_items"):
        acc = rows_accepted(expect)
        assert acc == correct, (turns, len(acc), len(correct), sorted(acc ^ correct)[:10])
        assert len(correct) >= min_rows, (turns, len(correct))
    if expect.get("no_items"):
        assert correct is not None and len(correct) == 0, turns
    reqs.append({"id": f"{PFX}-{len(reqs) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


GREET = ["cereal", "breakfast", "grain", "flakes"]

# ---- greeting (2)
add("greeting", ["hi there! what can you do"], {"reply_contains_any": GREET})
add("greeting", ["hey, what's this app for?"], {"reply_contains_any": GREET})

# ---- plain (4, >= 5 rows each)
m = df["mfr"] == "K"  # K = Kellogg's; the file has only the initial
add("plain", ["kelloggs cereals please"], {"has_items": True, "text_in": {"mfr": ["K"]}}, ids(m), 5)

m = N["fat"] == 0
add("plain", ["cereals with zero fat"], {"has_items": True, "num_range": {"fat": [0, 0]}}, ids(m), 5)

m = N["sugars"] < 5
add("plain", ["something low in sugar, under 5 grams"],
    {"has_items": True, "num_range": {"sugars": [None, 4.99]}}, ids(m), 5)

m = (df["mfr"] == "G") & (df["shelf"] == "1")
add("plain", ["general mills stuff from the bottom shelf"],
    {"has_items": True, "text_in": {"mfr": ["G"], "shelf": ["1"]}}, ids(m), 5)

# ---- units (2): sodium and potassium are milligrams, unlabelled
m = N["sodium"] < 250
add("units", ["less than a quarter gram of sodium per cup"],
    {"has_items": True, "num_range": {"sodium": [None, 249.99]}}, ids(m), 1)

m = N["potassium"] >= 300
assert m.sum() == 8
add("units", ["cereals with at least 300 milligrams of potasium"],
    {"has_items": True, "num_range": {"potassium": [300, None]}}, ids(m), 1)

# ---- fact (3)
cheerios = one("Cheerios")
assert cheerios["calories"] == "88.0"
add("fact", ["how many calories in a cup of cheerios?"], {"reply_number": 88})

loops = one("Froot Loops")
assert loops["sugars"] == "13.0"
add("fact", ["how much sugar is in froot loops"], {"reply_number": 13})

flakes = one("Corn Flakes")
assert flakes["sodium"] == "290.0"
add("fact", ["whats the sodium in corn flakes"], {"reply_number": 290})

# ---- count (3)
m = df["mfr"] == "G"
assert m.sum() == 22
add("count", ["how many general mills cereals do you have"], {"reply_number": int(m.sum())})

m = df["vitamins"] == "100%"
assert m.sum() == 5
add("count", ["how many cereals have 100% of your vitamins"], {"reply_number": int(m.sum())})

m = df["shelf"] == "3"
assert m.sum() == 29
add("count", ["how many are on the top shelf?"], {"reply_number": int(m.sum())})

# ---- superlative (2)
t = ids(N["fibre"] == N["fibre"].max())
assert t == {"1"}  # 100% Bran
add("superlative", ["which cereal has the most fiber"], {"has_items": True, "subset_of_ids": sid(t)}, t, 1)

c = N["calories"].sort_values()
assert c.iloc[2] < c.iloc[3]
t = ids(N["calories"] <= c.iloc[2])
assert t == {"47", "37", "35"}  # Puffed Rice, Kix, Honey-comb
add("superlative", ["the 3 lowest calorie cereals"], {"has_items": True, "subset_of_ids": sid(t)}, t, 3)

# ---- ordinal (2)
m = df["vitamins"].isin(["enriched", "100%"]) & (N["sugars"] <= 3)
add("ordinal", ["vitamins at least enriched, and 3g of sugar or less"],
    {"has_items": True, "text_in": {"vitamins": ["enriched", "100%"]}, "num_range": {"sugars": [None, 3]}},
    ids(m), 1)

sk = one("Special K")
assert sk["protein"] == "6.0"
m = N["protein"] > 6
add("ordinal", ["more protein than special k"],
    {"has_items": True, "num_range": {"protein": [6.01, None]}}, ids(m), 1)

# ---- negation (2)
m = ~df["mfr"].isin(["K", "G"])
add("negation", ["anything not made by kellogg's or general mills"],
    {"has_items": True, "text_in": {"mfr": ["N", "P", "Q", "R"]}}, ids(m), 1)

m = (df["shelf"] != "3") & (N["calories"] < 120)
add("negation", ["nothing off the top shelf, and under 120 cal"],
    {"has_items": True, "text_in": {"shelf": ["1", "2"]}, "num_range": {"calories": [None, 119.99]}},
    ids(m), 1)

# ---- disjunction (1)
m = df["mfr"].isin(["P", "Q"])
add("disjunction", ["post or quaker cereals"], {"has_items": True, "text_in": {"mfr": ["P", "Q"]}}, ids(m), 1)

# ---- follow_up (2)
m = (df["mfr"] == "K") & (N["sugars"] < 5)
add("follow_up", ["show me kellog's cereals", "only ones with less than 5g sugar"],
    {"has_items": True, "text_in": {"mfr": ["K"]}, "num_range": {"sugars": [None, 4.99]}}, ids(m), 1)

base = N["fibre"] >= 4
t = ids(base & (N["sugars"] == N["sugars"][base].min()))
assert t == {"3", "54", "55"}  # three tie at 0 g sugar
add("follow_up", ["i want something with lots of fibre, 4g or more", "which of those has the least sugar?"],
    {"has_items": True, "subset_of_ids": sid(t)}, t, 1)

# ---- impossible (1)
m = (df["mfr"] == "P") & (df["vitamins"] == "100%")
add("impossible", ["a fully fortified cereal (100% vitamins) made by post"],
    {"no_items": True, "reply_contains_any": NO_MATCH}, ids(m))

# ---- title_forms (1): the source writes it "Cap'n'Crunch"
capn = one("Cap'n'Crunch")
assert capn["sugars"] == "16.0"
add("title_forms", ["how much sugar in captain crunch?"], {"reply_number": 16})

kinds = pd.Series([r["kind"] for r in reqs]).value_counts().to_dict()
assert len(reqs) == 25 and kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3,
                                     "superlative": 2, "ordinal": 2, "negation": 2,
                                     "disjunction": 1, "follow_up": 2, "impossible": 1,
                                     "title_forms": 1}, kinds
OUT.parent.mkdir(exist_ok=True)
with open(OUT, "w", encoding="utf-8") as f:
    for r in reqs:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(reqs)} requests to {OUT}")
