"""Build ../requests/byo-r6b-penguins.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers: pounds = g / 453.59237,
inches = mm / 25.4, kg = g / 1000; seasons from the `Date Egg` year), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Blank cells never satisfy a facet nor the truth (an unsexed bird is neither "male" nor "not male").
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6b-penguins"
PREFIX = "r6b-pg"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 344 and list(df["id"]) == [str(i) for i in range(1, 345)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MASS, FLIP, BILL = num("Body Mass (g)"), num("Flipper Length (mm)"), num("Culmen Length (mm)")
EGG = pd.to_datetime(df["Date Egg"], format="%Y-%m-%d")
SP = df["Species"]
ADELIE, CHIN, GENTOO = ("Adelie Penguin (Pygoscelis adeliae)", "Chinstrap penguin (Pygoscelis antarctica)",
                        "Gentoo penguin (Pygoscelis papua)")
assert set(SP) == {ADELIE, CHIN, GENTOO}
assert set(df["Island"]) == {"Biscoe", "Dream", "Torgersen"}
assert set(df["Sex"].dropna()) == {"MALE", "FEMALE"}
IS_AD, IS_CH, IS_GE = SP.str.lower().str.startswith("adelie"), SP.str.lower().str.startswith("chinstrap"), \
    SP.str.lower().str.startswith("gentoo")

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "aren't any", "there are no"]
WHAT = ["penguin", "Penguin", "Adelie", "Gentoo", "Chinstrap", "Antarctic", "Palmer"]
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


def bird(species, ind, season=None):
    m = (SP == species) & (df["Individual ID"] == ind)
    if season is not None:
        m &= EGG.dt.year == season
    r = df[m]
    assert len(r) == 1, (species, ind, season)
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi, what's in this file?"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what can you help me look at"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["penguins from torgersen island"],
    {"has_items": True, "text_in": {"Island": ["Torgersen"]}}, df.Island == "Torgersen", 5)
add("plain", ["show me adelies living on Dream"],
    {"has_items": True, "text_in": {"Species": [ADELIE], "Island": ["Dream"]}}, IS_AD & (df.Island == "Dream"), 5)
add("plain", ["female chinstrap penguins"],
    {"has_items": True, "text_in": {"Species": [CHIN], "Sex": ["FEMALE"]}}, IS_CH & (df.Sex == "FEMALE"), 5)
add("plain", ["male gentoos please"],
    {"has_items": True, "text_in": {"Species": [GENTOO], "Sex": ["MALE"]}}, IS_GE & (df.Sex == "MALE"), 5)

# ---- units (mass in grams, lengths in millimetres) ----------------------------------------------
gap_empty("Body Mass (g)", 13 * 453.59237, 5897)           # 13 lb = 5896.7 g; masses are multiples of 25 g
add("units", ["any penguins that weigh more than 13 pounds?"],
    {"has_items": True, "num_range": {"Body Mass (g)": [5897, None]}}, MASS / 453.59237 > 13)
gap_empty("Flipper Length (mm)", 9 * 25.4, 229)             # 9 in = 228.6 mm; flippers are whole mm
add("units", ["penguins with flippers longer than 9 inches"],
    {"has_items": True, "num_range": {"Flipper Length (mm)": [229, None]}}, FLIP / 25.4 > 9)

# ---- fact -----------------------------------------------------------------------------------
assert bird(GENTOO, "N39A2", 2007)["Body Mass (g)"] == "6300.0"
add("fact", ["how heavy was gentoo N39A2 in the 2007 season"], {"reply_number": 6300})
assert {bird(CHIN, "N72A1", y)["Island"] for y in (2007, 2008)} == {"Dream"}
add("fact", ["which island is chinstrap N72A1 from?"], {"reply_contains": "Dream"})
assert bird(ADELIE, "N1A1")["Culmen Length (mm)"] == "39.1"
add("fact", ["what's the bill length of the adelie N1A1?"], {"reply_number": 39.1})

# ---- count ----------------------------------------------------------------------------------
assert (df["Clutch Completion"] == "No").sum() == 36
add("count", ["how many nests never got a full clutch of eggs?"], {"reply_number": 36})
assert IS_CH.sum() == 68
add("count", ["how many chinstraps are there"], {"reply_number": 68})
assert df.Sex.isna().sum() == 11
add("count", ["how many of the penguins don't have their sex recorded?"], {"reply_number": 11})

# ---- superlative ----------------------------------------------------------------------------
assert (MASS == MASS.max()).sum() == 1 and ids(MASS == MASS.max()) == ["170"]
add("superlative", ["which is the heaviest penguin"], {"has_items": True, "subset_of_ids": ["170"]}, MASS == MASS.max())
top = BILL.nlargest(3)
assert top.iloc[1] > top.iloc[2]                                   # no tie at the cut
top2 = pd.Series(df.index.isin(top.index[:2]), index=df.index)
add("superlative", ["the two penguins with the longest beaks"],
    {"has_items": True, "subset_of_ids": ids(top2)}, top2, 2)

# ---- ordinal (comparison with a named group / dates in order) ------------------------------------
adelie_max = MASS[IS_AD].max()
assert adelie_max == 4775
gap_empty("Body Mass (g)", 4775, 4776)
add("ordinal", ["chinstraps that are heavier than every adelie"],
    {"has_items": True, "text_in": {"Species": [CHIN]}, "num_range": {"Body Mass (g)": [4776, None]}},
    IS_CH & (MASS > adelie_max))
late08 = sorted(df.loc[(EGG > "2008-11-15") & (EGG.dt.year == 2008), "Date Egg"].unique())
add("ordinal", ["in 2008, which penguins laid their egg later than Nov 15?"],
    {"has_items": True, "text_in": {"Date Egg": late08}},
    (EGG.dt.year == 2008) & (EGG.dt.month * 100 + EGG.dt.day > 1115))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["penguins that aren't from Biscoe"],
    {"has_items": True, "text_in": {"Island": ["Dream", "Torgersen"]}}, df.Island.notna() & (df.Island != "Biscoe"))
add("negation", ["adelies that are not male"],
    {"has_items": True, "text_in": {"Species": [ADELIE], "Sex": ["FEMALE"]}}, IS_AD & df.Sex.notna() & (df.Sex != "MALE"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (IS_CH & (MASS < 3000)) | (IS_GE & (MASS > 6000))
assert ids(disj) == ["170", "186", "299", "315"]
add("disjunction", ["chinstraps under 3 kg or gentoos over 6 kg"],
    {"has_items": True, "subset_of_ids": ["170", "186", "299", "315"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("Body Mass (g)", 5000, 5001)
add("follow_up", ["show me gentoo penguins", "only the females over 5 kilos"],
    {"has_items": True, "text_in": {"Species": [GENTOO], "Sex": ["FEMALE"]}, "num_range": {"Body Mass (g)": [5001, None]}},
    IS_GE & (df.Sex == "FEMALE") & (MASS / 1000 > 5))
assert set(df.loc[EGG.dt.year == 2009, "studyName"]) == {"PAL0910"} and (df.studyName == "PAL0910").sum() == (EGG.dt.year == 2009).sum()
add("follow_up", ["penguins on dream island", "just the 2009 ones", "and only nests with a full clutch"],
    {"has_items": True, "text_in": {"Island": ["Dream"], "studyName": ["PAL0910"], "Clutch Completion": ["Yes"]}},
    (df.Island == "Dream") & (EGG.dt.year == 2009) & (df["Clutch Completion"] == "Yes"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["gentoo penguins on Torgersen island"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, IS_GE & (df.Island == "Torgersen"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "315", "Individual ID"].item() == "N72A1"
add("id_lookup", ["tell me about item 315"], {"has_items": True, "subset_of_ids": ["315"]}, df.id == "315")

finish()
