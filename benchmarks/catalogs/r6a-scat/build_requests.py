"""Build ../requests/byo-r6a-scat.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's units (ounces, inches), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Units (not in the headers, from the source study Reid 2015): Length in cm, Diameter and Taper in mm,
Mass in g. 0/1 flags: ropey, segmented, flat, scrape. Months are English words; calendar order is used
for "later in the year than". Blank cells (Diameter, Taper, TI, Mass, d13C, d15N, CN) never match.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6a-scat"
PREFIX = "r6a-sc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 110 and list(df["id"]) == [str(i) for i in range(1, 111)]
num = lambda c: pd.to_numeric(df[c])
MASS, LEN, DIAM, AGE, YEAR = num("Mass"), num("Length"), num("Diameter"), num("Age"), num("Year")
SP = df["Species"]
assert set(SP) == {"bobcat", "coyote", "gray_fox"}
assert set(df["Location"]) == {"edge", "middle", "off_edge"} and set(df["Site"]) == {"ANNU", "YOLA"}
for flag in ["ropey", "segmented", "flat", "scrape"]:
    assert set(df[flag]) == {"0", "1"}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
assert set(df["Month"]) <= set(MONTHS)
MONTH_NO = df["Month"].map({m: i + 1 for i, m in enumerate(MONTHS)})

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "aren't any", "isn't any", "There are no", "there are no"]


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1, exact_n=None):
    """Record a request; for item requests assert the facets accept exactly the true rows."""
    if expect.get("has_items"):
        assert truth is not None, turns
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        if exact_n is not None:
            assert n == exact_n, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, ids(acc), ids(truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def gap_empty(values, lo, hi):
    """Assert no value lies strictly between lo and hi (the gap a strict bound skips)."""
    v = values.dropna()
    assert not ((v > lo) & (v < hi)).any(), (lo, hi)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert any(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"all assertions OK; wrote {len(REQS)} requests to {OUT}")

WHAT = ["scat", "Scat", "feces", "faeces", "poop", "dropping", "bobcat", "coyote", "fox", "sample", "animal"]
OUNCE_G, INCH_CM = 28.349523125, 2.54

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello! what is this data about?"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what could i ask you about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the gray fox samples"],
    {"has_items": True, "text_in": {"Species": ["gray_fox"]}}, SP == "gray_fox", 5)
add("plain", ["coyote scats found in the middle of the trail"],
    {"has_items": True, "text_in": {"Species": ["coyote"], "Location": ["middle"]}},
    (SP == "coyote") & (df.Location == "middle"), 5)
add("plain", ["samples collected in 2013"],
    {"has_items": True, "num_range": {"Year": [2013, 2013]}}, YEAR == 2013, 5)
add("plain", ["bobcat droppings from the YOLA site"],
    {"has_items": True, "text_in": {"Species": ["bobcat"], "Site": ["YOLA"]}},
    (SP == "bobcat") & (df.Site == "YOLA"), 5)

# ---- units (file: grams, millimetres) ---------------------------------------------------------
# "heavier than an ounce": Mass > 28.3495 g; masses have two decimals
gap_empty(MASS, OUNCE_G, 28.35)
add("units", ["which ones weigh more than an ounce?"],
    {"has_items": True, "num_range": {"Mass": [28.35, None]}}, MASS / OUNCE_G > 1)
# "thicker than an inch": Diameter (mm) / 25.4 > 1; diameters have one decimal
gap_empty(DIAM, 25.4, 25.5)
add("units", ["any scats thicker than an inch across?"],
    {"has_items": True, "num_range": {"Diameter": [25.5, None]}}, DIAM / 10 / INCH_CM > 1)

# ---- fact -----------------------------------------------------------------------------------
longest = df[LEN == LEN.max()]
assert len(longest) == 1 and longest.iloc[0]["Length"] == "20.5" and longest.iloc[0]["Mass"] == "11.22"
add("fact", ["how much did the longest one weigh?"], {"reply_number": 11.22})
assert DIAM.max() == 30.0 and (DIAM == 30.0).sum() == 1
add("fact", ["what's the biggest diameter anyone measured"], {"reply_number": 30})
per_month = df["Month"].value_counts()
assert per_month.index[0] == "November" and per_month.iloc[0] == 17 and per_month.iloc[1] < 17
add("fact", ["which month had the most samples collected?"], {"reply_contains": "November"})

# ---- count ----------------------------------------------------------------------------------
assert (SP == "bobcat").sum() == 57
add("count", ["how many bobcat samples are there"], {"reply_number": 57})
assert (df.scrape == "1").sum() == 5
add("count", ["how many had scrape marks next to them?"], {"reply_number": 5})
n_coy11 = int(((SP == "coyote") & (YEAR == 2011)).sum())
assert n_coy11 == 13
add("count", ["how many coyote scats were picked up in 2011?"], {"reply_number": n_coy11})

# ---- superlative ----------------------------------------------------------------------------
top = MASS.nlargest(4)
assert top.iloc[2] > top.iloc[3]
top3 = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(top3) == ["18", "100", "109"]
add("superlative", ["the 3 heaviest samples"],
    {"has_items": True, "subset_of_ids": ids(top3)}, top3, exact_n=3)
fox_mass = MASS.where(SP == "gray_fox")
lightest_fox = fox_mass == fox_mass.min()
assert ids(lightest_fox) == ["77"]                       # 2.05 g; one gray fox row has no mass (blank)
add("superlative", ["smallest gray fox scat by weight?"],
    {"has_items": True, "subset_of_ids": ["77"]}, lightest_fox, exact_n=1)

# ---- ordinal (months in calendar order; the 1-5 age score) -------------------------------------
add("ordinal", ["samples from later in the year than september"],
    {"has_items": True, "text_in": {"Month": ["October", "November", "December"]}}, MONTH_NO > 9)
add("ordinal", ["scats with an age score of 4 or more"],
    {"has_items": True, "num_range": {"Age": [4, None]}}, AGE >= 4)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["everything except bobcat, found at the edge of the trail"],
    {"has_items": True, "text_in": {"Species": ["coyote", "gray_fox"], "Location": ["edge"]}},
    ~(SP == "bobcat") & (df.Location == "edge"))
add("negation", ["coyote scats that are not segmented"],
    {"has_items": True, "text_in": {"Species": ["coyote"], "segmented": ["0"]}},
    (SP == "coyote") & ~(df.segmented == "1"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df.flat == "1") | (df.scrape == "1")
assert int(disj.sum()) == 11
add("disjunction", ["show me the flat ones or the ones with a scrape"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["coyote samples please", "just the ones from november 2011"],
    {"has_items": True, "text_in": {"Species": ["coyote"], "Month": ["November"]}, "num_range": {"Year": [2011, 2011]}},
    (SP == "coyote") & (MONTH_NO == 11) & (YEAR == 2011))
gap_empty(MASS, 20, 20.01)
add("follow_up", ["bobcat scats", "only from the ANNU site", "heavier than 20 grams"],
    {"has_items": True, "text_in": {"Species": ["bobcat"], "Site": ["ANNU"]}, "num_range": {"Mass": [20.01, None]}},
    (SP == "bobcat") & (df.Site == "ANNU") & (MASS > 20))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any gray fox scats from YOLA?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (SP == "gray_fox") & (df.Site == "YOLA"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "77", "Species"].item() == "gray_fox"
add("id_lookup", ["what animal left sample 77?"],
    {"has_items": True, "subset_of_ids": ["77"], "reply_contains_any": ["fox", "Fox"]}, df.id == "77", exact_n=1)

finish()
