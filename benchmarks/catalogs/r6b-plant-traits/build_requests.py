"""Build ../requests/byo-r6b-plant-traits.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

The catalog is coded: species are 5-letter codes in a column called `rownames`, traits are terse column
names holding 0/1 flags or ordered 0..4 / 1..8 scales (meanings from the R documentation of
cluster::plantTraits, restated in README.md). For every request that must return items, `truth` is the
set of rows that really answer it, computed with plain pandas expressions (seed mass `pdias` is in mg:
half a gram = 500 mg, 100 micrograms = 0.1 mg), and the script asserts that the `expect` facets accept
exactly those rows. Flags are checked with `num_range` [1, 1] because the file writes some flag columns
as `1` and others as `1.0` (columns with blanks). Blank cells never satisfy a facet nor the truth.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6b-plant-traits"
PREFIX = "r6b-pt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 136 and list(df["id"]) == [str(i) for i in range(1, 137)]
assert df["rownames"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SEED, HEIGHT, DUR = num("pdias"), num("height"), num("durflow")
flag = lambda c: num(c) == 1                               # 0/1 flags; NaN -> False
WOODY, THORNY = flag("lign"), flag("piq")
for c in ["lign", "piq", "ros", "semiros", "leafy", "suman", "winan", "monocarp", "polycarp", "seasaes",
          "seashiv", "seasver", "everalw", "everparti", "elaio", "endozoo", "epizoo", "aquat", "windgl", "unsp"]:
    assert set(num(c).dropna()) <= {0, 1}, c
assert set(HEIGHT) == set(range(1, 9)) and set(num("autopoll")) == {0, 1, 2, 3}

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "aren't any", "there are no"]
WHAT = ["plant", "Plant", "species", "Species", "trait", "flower", "seed", "botan"]
YES = ["yes", "Yes", "YES"]
# ---- shared checking helpers (copied verbatim into each build_requests.py) -------------------------
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
    """Assert no value of `col` lies strictly between lo and hi (the resolution gap of a strict bound)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1, exact_ids=False):
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


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25
    assert any(r["kind"] == "follow_up" and len(r["turns"]) == 3 for r in REQS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}; all assertions passed")


def sp(code):
    r = df[df["rownames"] == code]
    assert len(r) == 1, code
    return r.iloc[0]


ONE = [1, 1]

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey! what is this dataset?"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what do you have for me"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the thorny ones"], {"has_items": True, "num_range": {"piq": ONE}}, THORNY, 5)
add("plain", ["woody plants that stay evergreen"],
    {"has_items": True, "num_range": {"lign": ONE, "everalw": ONE}}, WOODY & flag("everalw"), 5)
add("plain", ["plants whose fruits get spread by the wind"],
    {"has_items": True, "num_range": {"windgl": ONE}}, flag("windgl"), 5)
add("plain", ["list the summer annuals"], {"has_items": True, "num_range": {"suman": ONE}}, flag("suman"), 5)

# ---- units (pdias = diaspore/seed mass in milligrams) -------------------------------------------
gap_empty("pdias", 500, 500.01)                           # masses have at most 2 decimals
add("units", ["which plants have seeds heavier than half a gram?"],
    {"has_items": True, "num_range": {"pdias": [500.01, None]}}, SEED / 1000 > 0.5)
gap_empty("pdias", 0.09, 0.1)
add("units", ["plants with tiny seeds, under 100 micrograms"],
    {"has_items": True, "num_range": {"pdias": [None, 0.09]}}, SEED * 1000 < 100)

# ---- fact -----------------------------------------------------------------------------------
assert sp("Aceca")["pdias"] == "96.84"
add("fact", ["what's the seed mass of Aceca"], {"reply_number": 96.84})
assert sp("Poaan")["durflow"] == "12"
add("fact", ["how long does Poaan flower for?"], {"reply_number": 12})
assert sp("Ileaq")["piq"] == "1"
add("fact", ["is Ileaq thorny?"], {"reply_contains_any": YES})

# ---- count ----------------------------------------------------------------------------------
assert WOODY.sum() == 43
add("count", ["how many woody plants are in the list"], {"reply_number": 43})
assert (num("mycor") == 2).sum() == 68
add("count", ["how many species always have mycorrhizas?"], {"reply_number": 68})
assert SEED.isna().sum() == 36
add("count", ["for how many plants is the seed weight missing?"], {"reply_number": 36})

# ---- superlative ----------------------------------------------------------------------------
top = SEED.nlargest(4)
assert top.iloc[2] > top.iloc[3]                                   # no tie at the cut
top3 = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert sorted(df.loc[top3, "rownames"]) == ["Corav", "Polmu", "Prusi"]
add("superlative", ["the 3 plants with the heaviest seeds"], {"has_items": True, "subset_of_ids": ids(top3)}, top3, 3)
longest = DUR == DUR.max()
assert sorted(df.loc[longest, "rownames"]) == ["Poaan", "Steme"]   # a two-way tie: both are the answer
add("superlative", ["which plant has the longest flowering period"],
    {"has_items": True, "subset_of_ids": ids(longest)}, longest, 2)

# ---- ordinal (ordered scales: autopoll 0 never < 1 rare < 2 often < 3 the rule; height 1..8) ---------
add("ordinal", ["plants that self-pollinate often or as a rule"],
    {"has_items": True, "num_range": {"autopoll": [2, 3]}}, num("autopoll").isin([2, 3]))
add("ordinal", ["woody plants at height 7 or above on the scale"],
    {"has_items": True, "num_range": {"lign": ONE, "height": [7, 8]}}, WOODY & (HEIGHT >= 7))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["woody plants with no thorns"],
    {"has_items": True, "num_range": {"lign": ONE, "piq": [0, 0]}}, WOODY & (num("piq") == 0))
add("negation", ["perennials (the kind that flower many times) that aren't woody"],
    {"has_items": True, "num_range": {"polycarp": ONE, "lign": [0, 0]}}, flag("polycarp") & (num("lign") == 0))

# ---- disjunction ----------------------------------------------------------------------------
disj = flag("elaio") | flag("epizoo")
add("disjunction", ["plants whose seeds get carried by ants or stick to animal fur"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj, 5)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the plants in the tallest height class", "only those with wind-dispersed fruit"],
    {"has_items": True, "num_range": {"height": [8, 8], "windgl": ONE}}, (HEIGHT == HEIGHT.max()) & flag("windgl"))
gap_empty("pdias", 100, 100.01)
add("follow_up", ["thorny plants", "just the woody ones", "and with seeds over 100 mg"],
    {"has_items": True, "num_range": {"piq": ONE, "lign": ONE, "pdias": [100.01, None]}},
    THORNY & WOODY & (SEED > 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a woody plant that's a summer annual"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, WOODY & flag("suman"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "45", "rownames"].item() == "Fagsy"
add("id_lookup", ["what is item 45?"], {"has_items": True, "subset_of_ids": ["45"]}, df.id == "45")

finish()
