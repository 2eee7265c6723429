"""Build ../requests/byo-mammal-sleep.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched-next); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it,
computed here with plain pandas expressions, and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file.

Conservation codes (IUCN, as the source writes them): lc least concern, nt near threatened,
cd conservation dependent (old "lower risk" class, more at risk than nt and less than vu; merged
into nt in 2001), vu vulnerable, en endangered; "domesticated" is outside the scale; 29 rows
are blank. No cr/ew/ex rows. So "vulnerable or worse" = {vu, en} and "near threatened or
worse" = {nt, cd, vu, en} under either reading of cd.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "mammal-sleep"
PREFIX = "ms"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

TEXT = ["name", "genus", "vore", "order", "conservation"]
df = pd.read_csv(HERE / "items.csv", dtype={c: str for c in TEXT})
assert len(df) == 83 and list(df["id"]) == list(range(1, 84))
assert set(df["conservation"].dropna()) == {"lc", "nt", "cd", "vu", "en", "domesticated"}
assert set(df["vore"].dropna()) == {"carni", "omni", "herbi", "insecti"}

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["animal", "Animal", "mammal", "Mammal", "species", "sleep"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def by_name(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed)
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
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def no_values_between(col, lo, hi):
    v = df[col]
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello! what is this thing?"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kinda stuff do you know about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me some carnivors"],
    {"has_items": True, "text_in": {"vore": ["carni"]}}, df.vore == "carni", 5)
add("plain", ["which primates have you got"],
    {"has_items": True, "text_in": {"order": ["Primates"]}}, df.order == "Primates", 5)
add("plain", ["plant eating rodents"],
    {"has_items": True, "text_in": {"order": ["Rodentia"], "vore": ["herbi"]}},
    (df.order == "Rodentia") & (df.vore == "herbi"), 5)
no_values_between("sleep_total", 15, 15.01)
add("plain", ["animals that sleep more than 15 hours a day"],
    {"has_items": True, "num_range": {"sleep_total": [15.01, None]}}, df.sleep_total > 15, 5)

# ---- units (weights are stored in kilograms) --------------------------------------------------
no_values_between("bodywt", 0.0999, 0.1)
add("units", ["mammals that weigh less than 100 grams"],
    {"has_items": True, "num_range": {"bodywt": [None, 0.0999]}}, df.bodywt * 1000 < 100)
no_values_between("bodywt", 500, 500.01)
add("units", ["anything heavier than half a tonne?"],
    {"has_items": True, "num_range": {"bodywt": [500.01, None]}}, df.bodywt > 500)

# ---- fact -----------------------------------------------------------------------------------
assert by_name("Giraffe").sleep_total == 1.9
add("fact", ["how many hours does a giraffe sleep?"], {"reply_number": 1.9})
assert by_name("African elephant").bodywt == 6654
add("fact", ["how heavy is the african elephant"], {"reply_number": 6654})
assert by_name("Potto").order == "Primates"
add("fact", ["what order is the potto in"], {"reply_contains": "Primates"})

# ---- count ----------------------------------------------------------------------------------
assert (df.order == "Rodentia").sum() == 22
add("count", ["how many rodents are on the list?"], {"reply_number": 22})
assert (df.conservation == "domesticated").sum() == 10
add("count", ["how many domesticated animals are there"], {"reply_number": 10})
assert (df.vore == "insecti").sum() == 5
add("count", ["how many insect eaters r there?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
top3 = df.nlargest(3, "sleep_total", keep="all")
assert len(top3) == 3 and sorted(top3.name) == ["Big brown bat", "Little brown bat", "Thick-tailed opposum"]
add("superlative", ["the 3 sleepiest animals"],
    {"has_items": True, "subset_of_ids": ["22", "37", "43"]}, df.id.isin(top3.id), 3)
carni2 = df[df.vore == "carni"].nlargest(2, "bodywt", keep="all")
assert len(carni2) == 2 and sorted(carni2.name) == ["Bottle-nosed dolphin", "Pilot whale"]
add("superlative", ["the two heaviest meat eaters"],
    {"has_items": True, "subset_of_ids": ["31", "80"]}, df.id.isin(carni2.id), 2)

# ---- ordinal (conservation status) ------------------------------------------------------------
RISK = {"lc": 0, "nt": 1, "cd": 2, "vu": 3, "en": 4}
risk = df.conservation.map(RISK)  # domesticated / blank -> NaN -> never matches
add("ordinal", ["which ones are vulnerable or worse?"],
    {"has_items": True, "text_in": {"conservation": ["vu", "en"]}}, risk >= RISK["vu"])
add("ordinal", ["carnivores that are near threatened or worse"],
    {"has_items": True, "text_in": {"vore": ["carni"], "conservation": ["nt", "cd", "vu", "en"]}},
    (df.vore == "carni") & (risk >= RISK["nt"]))

# ---- negation -------------------------------------------------------------------------------
other_orders = sorted(set(df.order) - {"Rodentia"})
add("negation", ["herbivores that arent rodents"],
    {"has_items": True, "text_in": {"vore": ["herbi"], "order": other_orders}},
    (df.vore == "herbi") & (df.order != "Rodentia"))
carni_not_dom = (df.vore == "carni") & (df.conservation != "domesticated")  # blank status counts
assert carni_not_dom.sum() == 17
add("negation", ["carnivores but no domesticated ones pls"],
    {"has_items": True, "text_in": {"vore": ["carni"]}, "subset_of_ids": ids(carni_not_dom)},
    carni_not_dom)

# ---- disjunction (names: the tree shrew is not a true shrew but is named one; accepted) -------
bats_shrews = df.name.str.contains(r"\bbat\b|shrew", case=False, regex=True)
assert sorted(df.name[bats_shrews]) == ["Big brown bat", "Greater short-tailed shrew",
                                        "Lesser short-tailed shrew", "Little brown bat",
                                        "Musk shrew", "Tree shrew"]
add("disjunction", ["bats or shrews"], {"has_items": True, "subset_of_ids": ids(bats_shrews)}, bats_shrews)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
no_values_between("bodywt", 0.9999, 1)
add("follow_up", ["animals that eat everything", "just the small ones, under a kilo"],
    {"has_items": True, "text_in": {"vore": ["omni"]}, "num_range": {"bodywt": [None, 0.9999]}},
    (df.vore == "omni") & (df.bodywt < 1))
no_values_between("sleep_total", 4.99, 5)
short_wild_herbi = (df.sleep_total < 5) & (df.vore == "herbi") & (df.conservation != "domesticated")
assert sorted(df.name[short_wild_herbi]) == ["African elephant", "Asian elephant", "Brazilian tapir",
                                             "Giraffe", "Roe deer"]
add("follow_up", ["which ones sleep less than 5 hours", "only the herbivores, and no farm animals"],
    {"has_items": True, "text_in": {"vore": ["herbi"]}, "num_range": {"sleep_total": [None, 4.99]},
     "subset_of_ids": ids(short_wild_herbi)},
    short_wild_herbi)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a domesticated carnivore that weighs over 100 kg"],
    {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.vore == "carni") & (df.conservation == "domesticated") & (df.bodywt > 100))

# ---- id_lookup (genus is the Latin code beside the common name) --------------------------------
assert ids(df.genus == "Tursiops") == ["80"]
add("id_lookup", ["what animal is tursiops?"], {"has_items": True, "subset_of_ids": ["80"]}, df.genus == "Tursiops")

assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
