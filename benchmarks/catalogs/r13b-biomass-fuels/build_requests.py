"""Build ../requests/byo-r13b-biomass-fuels.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (heating value converted from MJ/kg to BTU/lb and kcal/kg, name words
such as "straw" or "shell" matched case-insensitively inside the raw `sample` text), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`sample` is free text with repeats, spelling variants and trailing spaces; facets list the raw strings.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13b-biomass-fuels"
PREFIX = "r13b-bf"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 536 and list(df["id"]) == [str(i) for i in range(1, 537)]
assert list(df.columns) == ["id", "sample", "dataset", "carbon", "hydrogen", "oxygen", "nitrogen", "sulfur", "HHV"]
assert df.notna().all().all()                              # no blank cell anywhere
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
C, H, O, N, S, HHV = (num(c) for c in ["carbon", "hydrogen", "oxygen", "nitrogen", "sulfur", "HHV"])
NAMEV = df["sample"]
assert set(df.dataset) == {"Training", "Testing"}
assert (NAMEV != NAMEV.str.strip()).sum() == 20            # 20 names carry leading/trailing spaces

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["biomass", "Biomass", "fuel", "Fuel", "heating value", "HHV", "sample", "Sample"]


def has_word(word):
    """Rows whose raw sample text contains `word`, case-insensitively (a regex)."""
    return NAMEV.str.contains(word, case=False, regex=True)


def names(mask):
    """The distinct raw `sample` strings of the rows in `mask` (for text_in)."""
    return sorted(NAMEV[mask.fillna(False).astype(bool)].unique())


def item(name):
    r = df[NAMEV.str.strip().str.lower() == name.lower()]
    assert len(r) == 1, name
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


STRAW = has_word("straw")                                  # 45 rows, incl. "Char From Wheat Straw", "Wood/Wheat Straw"
SHELL = has_word("shell")                                  # 28 rows: "Almond Shell", "Almond Shells", "Pist. Shells", ...
WOOD = has_word("wood")                                    # 91 rows: "Hardwood", "Plywood Scraps Wood", "Redwood char ..."
CHAR = has_word(r"\bchar")                                 # char and charcoal, but not "Orchard Grass"
assert STRAW.sum() == 45 and SHELL.sum() == 28 and WOOD.sum() == 91 and CHAR.sum() == 27
assert "Orchard Grass" not in names(CHAR) and "Charcoal" in names(CHAR)

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["samples with a heating value of at least 20 MJ/kg"],
    {"has_items": True, "num_range": {"HHV": [20, None]}}, HHV >= 20, 5)
add("plain", ["which ones have no sulfur at all"],
    {"has_items": True, "num_range": {"sulfur": [0, 0]}}, S == 0, 5)
gap_empty("nitrogen", 0.999, 1)
add("plain", ["straw with nitrogen under 1%"],
    {"has_items": True, "text_in": {"sample": names(STRAW)}, "num_range": {"nitrogen": [None, 0.999]}},
    STRAW & (N < 1), 5)
gap_empty("carbon", 50, 50.01)
add("plain", ["test set samples with more than 50 percent carbon"],
    {"has_items": True, "text_in": {"dataset": ["Testing"]}, "num_range": {"carbon": [50.01, None]}},
    (df.dataset == "Testing") & (C > 50), 5)

# ---- units (HHV is in MJ/kg; 1 BTU/lb = 2.326 kJ/kg, 1 kcal = 4.184 kJ) --------------------------
# more than 8000 BTU/lb = more than 18.608 MJ/kg; HHV has at most 4 decimals
gap_empty("HHV", 18.608, 18.6081)
add("units", ["wich fuels give more than 8000 btu per pound?"],
    {"has_items": True, "num_range": {"HHV": [18.6081, None]}}, HHV * 1000 / 2.326 > 8000)
# under 3500 kcal/kg = under 14.644 MJ/kg
gap_empty("HHV", 14.6439, 14.644)
add("units", ["anything under 3500 kcal/kg?"],
    {"has_items": True, "num_range": {"HHV": [None, 14.6439]}}, HHV * 1000 / 4.184 < 3500)

# ---- fact (names asserted unique, ignoring case and stray spaces) ----------------------------
assert item("Alder")["HHV"] == "18.299"
add("fact", ["what's the HHV of alder?"], {"reply_number": 18.299})
assert item("Black Liquor")["sulfur"] == "4.9"
add("fact", ["how much sulpher is in black liquor"], {"reply_number": 4.9})
assert item("Macadamia Shell")["carbon"] == "54.41"
add("fact", ["carbon % for macadamia shell?"], {"reply_number": 54.41})

# ---- count ----------------------------------------------------------------------------------
assert (df.dataset == "Testing").sum() == 80
add("count", ["how many samples are in the testing set?"], {"reply_number": 80})
assert has_word("sawdust").sum() == 6
add("count", ["how many of the rows are sawdust"], {"reply_number": 6})
assert (HHV > 30).sum() == 23
add("count", ["how many samples are above 30 MJ/kg"], {"reply_number": 23})

# ---- superlative ----------------------------------------------------------------------------
hottest = top_ids(HHV, 1)
assert hottest == ["110"] and df.loc[df.id == "110", "sample"].item() == "Coal " and HHV.max() == 35.01
add("superlative", ["which one has the highest heating value"],
    {"has_items": True, "subset_of_ids": hottest}, df.id.isin(hottest), 1)
top_n = top_ids(N, 3)                                      # 11.6, 6.25, 5.98; next is 5.95
assert sorted(N[df.id.isin(top_n)]) == [5.98, 6.25, 11.6]
add("superlative", ["top 3 by nitrogen content"], {"has_items": True, "subset_of_ids": top_n}, df.id.isin(top_n), 3)

# ---- ordinal (compared with another sample) --------------------------------------------------
assert item("Anthracite Coal")["carbon"] == "86.78"
gap_empty("carbon", 86.78, 86.79)
add("ordinal", ["samples with more carbon than anthracite coal"],
    {"has_items": True, "num_range": {"carbon": [86.79, None]}}, C > float(item("Anthracite Coal")["carbon"]))
assert item("Alder")["HHV"] == "18.299"
gap_empty("HHV", 18.299, 18.3)
add("ordinal", ["woods that burn hotter than alder"],
    {"has_items": True, "text_in": {"sample": names(WOOD)}, "num_range": {"HHV": [18.3, None]}},
    WOOD & (HHV > float(item("Alder")["HHV"])))

# ---- negation -------------------------------------------------------------------------------
gap_empty("HHV", 25, 25.001)
add("negation", ["stuff over 25 MJ/kg that isn't char or charcoal"],
    {"has_items": True, "text_in": {"sample": names(~CHAR)}, "num_range": {"HHV": [25.001, None]}},
    ~CHAR & (HHV > 25))
gap_empty("HHV", 15.9999, 16)
add("negation", ["samples not in the training set that are under 16 MJ/kg"],
    {"has_items": True, "text_in": {"dataset": ["Testing"]}, "num_range": {"HHV": [None, 15.9999]}},
    (df.dataset != "Training") & (HHV < 16))

# ---- disjunction ----------------------------------------------------------------------------
disj = (S > 3) | (N > 6)
assert ids(disj) == ["55", "199", "237", "357", "498"]
add("disjunction", ["show me anything with sulfur above 3% or nitrogen above 6%"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("HHV", 18.5, 18.501)
add("follow_up", ["show me the straws", "only those above 18.5 MJ/kg"],
    {"has_items": True, "text_in": {"sample": names(STRAW)}, "num_range": {"HHV": [18.501, None]}},
    STRAW & (HHV > 18.5))
gap_empty("oxygen", 44.99, 45)
add("follow_up", ["got any shells?", "just the ones from the training data", "which of those have less than 45% oxygen"],
    {"has_items": True, "text_in": {"sample": names(SHELL), "dataset": ["Training"]},
     "num_range": {"oxygen": [None, 44.99]}},
    SHELL & (df.dataset == "Training") & (O < 45))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any sample above 40 MJ/kg?"], {"no_items": True, "reply_contains_any": NO_REPLY}, HHV > 40)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "246", "sample"].item() == "Low Temperaure Coke"
add("id_lookup", ["tell me about item 246"], {"has_items": True, "subset_of_ids": ["246"]}, df.id == "246")

finish()
