"""Build ../requests/byo-r4b-elements.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4b-elements"
PREFIX = "r4b-el"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 118 and list(df["id"]) == [str(i) for i in range(1, 119)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
MP, BP, DEN, Z, PER = num("melting point"), num("boiling point"), num("density"), num("atomic number"), num("period")
assert (num("id") == Z).all()                              # id happens to equal the atomic number

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["element", "Element", "periodic", "atom", "metal", "chemi"]
CATS = set(df["metal"])
assert CATS == {"transition metal", "lanthanoid", "actinoid", "metal", "nonmetal", "noble gas",
                "metalloid", "alkali metal", "alkaline earth metal", "halogen"}
METALS = ["transition metal", "lanthanoid", "actinoid", "metal", "alkali metal", "alkaline earth metal"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
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
add("greeting", ["hi! what's in here?"], {"reply_contains_any": WHAT})
add("greeting", ["hello, can you help me find something"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the noble gases"],
    {"has_items": True, "text_in": {"metal": ["noble gas"]}}, df.metal == "noble gas", 5)
add("plain", ["transition metals in period 4"],
    {"has_items": True, "text_in": {"metal": ["transition metal"]}, "num_range": {"period": [4, 4]}},
    (df.metal == "transition metal") & (PER == 4), 5)
add("plain", ["list the alkali metals pls"],
    {"has_items": True, "text_in": {"metal": ["alkali metal"]}}, df.metal == "alkali metal", 5)
add("plain", ["elements in group 14"],
    {"has_items": True, "text_in": {"group": ["14"]}}, df.group == "14", 5)

# ---- units (melting point and boiling point are in kelvin, density in g/cm3) -------------------
# "below 100 degrees celsius" = below 373.15 K; melting points are whole kelvins
assert not ((MP > 373.14) & (MP < 373.15)).any()
add("units", ["which elements melt below 100 degrees celsius?"],
    {"has_items": True, "num_range": {"melting point": [None, 373.14]}}, (MP - 273.15) < 100)
# "denser than 15000 kg per cubic metre" = density above 15 g/cm3; densities have 2 decimals
assert not ((DEN > 15) & (DEN < 15.01)).any()
add("units", ["anything denser than 15000 kg/m3?"],
    {"has_items": True, "num_range": {"density": [15.01, None]}}, DEN * 1000 > 15000)

# ---- fact -----------------------------------------------------------------------------------
assert row("Tungsten")["melting point"] == "3695"
add("fact", ["whats the melting point of tungsten"], {"reply_number": 3695})
assert row("Helium")["year discovered"] == "1868"
add("fact", ["when was helium discovered?"], {"reply_number": 1868})
assert row("Iron")["electronic configuration"] == "[Ar] 3d6 4s2"
add("fact", ["what's the electron configuration of iron"], {"reply_contains": "3d6 4s2"})

# ---- count ----------------------------------------------------------------------------------
assert (df.metal == "transition metal").sum() == 40
add("count", ["how many transition metals are there"], {"reply_number": 40})
assert (df["standard state"] == "gas").sum() == 11
add("count", ["how many of them are gases at room temp?"], {"reply_number": 11})
assert (df["year discovered"] == "Ancient").sum() == 17
add("count", ["how many elements have been known since ancient times"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
top3 = DEN.nlargest(4)
assert top3.iloc[2] > top3.iloc[3]
assert ids(df.index.isin(top3.index[:3])) == ["76", "77", "78"]          # Os, Ir, Pt
add("superlative", ["the 3 densest elements"],
    {"has_items": True, "subset_of_ids": ["76", "77", "78"]}, pd.Series(df.index.isin(top3.index[:3]), index=df.index), 3)
assert BP.max() == 5869 and (BP == 5869).sum() == 1 and row("Rhenium")["boiling point"] == "5869"
add("superlative", ["which element has the highest boiling point"],
    {"has_items": True, "subset_of_ids": ["75"]}, BP == BP.max())

# ---- ordinal (position in the table: heavier than / below in the column) --------------------------
add("ordinal", ["transition metals heavier than iron"],
    {"has_items": True, "text_in": {"metal": ["transition metal"]}, "num_range": {"atomic number": [27, None]}},
    (df.metal == "transition metal") & (Z > int(row("Iron")["atomic number"])))
add("ordinal", ["noble gases further down the table than argon"],
    {"has_items": True, "text_in": {"metal": ["noble gas"]}, "num_range": {"period": [4, None]}},
    (df.metal == "noble gas") & (PER > int(row("Argon")["period"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["gases but not the noble ones"],
    {"has_items": True, "text_in": {"standard state": ["gas"], "metal": sorted(CATS - {"noble gas"})}},
    (df["standard state"] == "gas") & (df.metal != "noble gas"))
add("negation", ["group 1 elements except hydrogen"],
    {"has_items": True, "text_in": {"group": ["1"]}, "subset_of_ids": ["3", "11", "19", "37", "55", "87"]},
    (df.group == "1") & (df.name != "Hydrogen"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (df["standard state"] == "liquid") | (df.metal == "halogen")
assert ids(disj) == ["9", "17", "35", "53", "80", "85", "117"]
add("disjunction", ["either liquid at room temperature or a halogen"],
    {"has_items": True, "subset_of_ids": ["9", "17", "35", "53", "80", "85", "117"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
y40s = [str(y) for y in range(1940, 1950)]
add("follow_up", ["show me the actinides", "only the ones discovered in the 1940s"],
    {"has_items": True, "text_in": {"metal": ["actinoid"], "year discovered": y40s}},
    (df.metal == "actinoid") & pd.to_numeric(df["year discovered"], errors="coerce").between(1940, 1949))
add("follow_up", ["metals that melt above 2500 K", "and lighter than 15 g/cm3"],
    {"has_items": True, "text_in": {"metal": METALS}, "num_range": {"melting point": [2501, None], "density": [None, 14.99]}},
    df.metal.isin(METALS) & (MP > 2500) & (DEN < 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a noble gas that's liquid at room temperature"],
    {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.metal == "noble gas") & (df["standard state"] == "liquid"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "79", "name"].item() == "Gold"
add("id_lookup", ["tell me about item 79"], {"has_items": True, "subset_of_ids": ["79"]}, df.id == "79")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
