"""Build ../requests/byo-r4b-bird-nests.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (inches and weeks converted on the numbers), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4b-bird-nests"
PREFIX = "r4b-bn"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 84 and list(df["id"]) == [str(i) for i in range(1, 85)]
num = lambda c: pd.to_numeric(df[c])
LEN, EGGS, INC, TOT = num("Length"), num("No.eggs"), num("Incubate"), num("Totcare")
assert set(df["Color"]) == set(df["Closed."]) == {"0", "1"}
NESTS = set(df["Nesttype"])
LOCS = set(df["Location"])
assert NESTS == {"cup", "cavity", "saucer", "spherical", "crevice", "burrow", "pendant"}
assert LOCS == {"decid", "ground", "shrub", "conif", "bank", "snag", "building", "bridge", "cliff"}

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["bird", "Bird", "nest", "Nest", "species", "egg"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(common):
    r = df[df["Common"] == common]
    assert len(r) == 1, common
    return r.iloc[0]


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


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what is this thing?"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what can i ask you about"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["birds that nest in cavities"],
    {"has_items": True, "text_in": {"Nesttype": ["cavity"]}}, df.Nesttype == "cavity", 5)
add("plain", ["which ones lay speckled eggs and nest on the ground"],
    {"has_items": True, "text_in": {"Color": ["1"], "Location": ["ground"]}},
    (df.Color == "1") & (df.Location == "ground"), 5)
add("plain", ["show me birds that nest in conifers"],
    {"has_items": True, "text_in": {"Location": ["conif"]}}, df.Location == "conif", 5)
add("plain", ["i'm interested in birds that build closed nests"],
    {"has_items": True, "text_in": {"Closed.": ["1"]}}, df["Closed."] == "1", 5)

# ---- units (Length is in cm, Incubate in days) -------------------------------------------------
# "under 5 inches" = under 12.7 cm; lengths come in half centimetres
assert not ((LEN > 12.69) & (LEN < 12.7)).any()
add("units", ["small birds, under 5 inches long"],
    {"has_items": True, "num_range": {"Length": [None, 12.69]}}, LEN / 2.54 < 5)
# "more than two weeks" sitting on the eggs = Incubate > 14 days; values come in half days
assert not ((INC > 14) & (INC < 14.01)).any()
add("units", ["birds that incubate for more than two weeks"],
    {"has_items": True, "num_range": {"Incubate": [14.01, None]}}, INC / 7 > 2)

# ---- fact -----------------------------------------------------------------------------------
# the source spells the Gray Jay "Cray Jay"
assert row("Cray Jay").Length == "30.5" and row("Cray Jay").Species == "Perisoreus canadensis"
assert not df.Common.str.contains("Gray Jay").any()
add("fact", ["how long is a gray jay?"], {"reply_number": 30.5})
assert row("House Wren")["No.eggs"] == "7.0"
add("fact", ["how many eggs does the house wren lay"], {"reply_number": 7})
assert row("American Robin").Incubate == "13.0"
add("fact", ["how many days does an american robin incubate its eggs"], {"reply_number": 13})

# ---- count ----------------------------------------------------------------------------------
assert (df.Nesttype == "cup").sum() == 53
add("count", ["how many species build cup nests?"], {"reply_number": 53})
assert (df.Color == "0").sum() == 14
add("count", ["how many have plain, unspotted eggs"], {"reply_number": 14})
assert (df.Location == "ground").sum() == 19
add("count", ["how many nest on the ground"], {"reply_number": 19})

# ---- superlative ----------------------------------------------------------------------------
assert LEN.max() == 31.5 and (LEN == 31.5).sum() == 1
add("superlative", ["what's the biggest bird you have"],
    {"has_items": True, "subset_of_ids": ["18"]}, LEN == LEN.max())
s = TOT.nsmallest(4)
assert s.iloc[2] < s.iloc[3]
add("superlative", ["the 3 with the shortest total care time"],
    {"has_items": True, "subset_of_ids": ["57", "61", "74"]}, df.index.isin(s.index[:3]), 3)

# ---- ordinal (compared with a named bird) ----------------------------------------------------
add("ordinal", ["birds that lay more eggs than a robin"],
    {"has_items": True, "num_range": {"No.eggs": [4.01, None]}},
    EGGS > float(row("American Robin")["No.eggs"]))
add("ordinal", ["anything bigger than a blue jay?"],
    {"has_items": True, "num_range": {"Length": [29.51, None]}},
    LEN > float(row("Blue Jay").Length))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["cavity nesters but not in dead trees / snags"],
    {"has_items": True, "text_in": {"Nesttype": ["cavity"], "Location": sorted(LOCS - {"snag"})}},
    (df.Nesttype == "cavity") & (df.Location != "snag"))
add("negation", ["no cup nests please, and i want plain eggs not spotted ones"],
    {"has_items": True, "text_in": {"Nesttype": sorted(NESTS - {"cup"}), "Color": ["0"]}},
    (df.Nesttype != "cup") & (df.Color == "0"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["birds that nest on buildings or bridges"],
    {"has_items": True, "text_in": {"Location": ["building", "bridge"]}},
    df.Location.isin(["building", "bridge"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
warb = df.Common.str.lower().str.contains("warbler")
add("follow_up", ["show me the warblers", "only ones that nest on the ground"],
    {"has_items": True, "text_in": {"Location": ["ground"]}, "subset_of_ids": ids(warb & (df.Location == "ground"))},
    warb & (df.Location == "ground"))
assert not ((LEN > 15) & (LEN < 15.01)).any()
add("follow_up", ["birds nesting in deciduous trees", "with closed nests", "and longer than 15 cm"],
    {"has_items": True, "text_in": {"Location": ["decid"], "Closed.": ["1"]}, "num_range": {"Length": [15.01, None]}},
    (df.Location == "decid") & (df["Closed."] == "1") & (LEN > 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a bird that lays more than 15 eggs"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, EGGS > 15)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "Common"].item() == "Northern Mockingbird"
add("id_lookup", ["what's number 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
