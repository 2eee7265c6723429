"""Build ../requests/byo-r3b-classic-cars.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched3); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly
those rows. `Year` is a date string on 1 January of the model year ("1976-01-01"; no 1981 rows),
so year facets are `text_in` with the raw strings. Blank mpg/horsepower never satisfy a bound.
Makes exist only as the first word of the lower-case `Name`, spelt unevenly (`vw`/`volkswagen`/
`vokswagen`, `toyouta`, `chevy`/`chevroelt`, `maxda`); make facets are `subset_of_ids`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r3b-classic-cars"
PREFIX = "car"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype={"Name": str, "Year": str, "Origin": str})
assert len(df) == 406 and list(df["id"]) == list(range(1, 407))
assert set(df.Origin) == {"USA", "Europe", "Japan"}
YEAR = pd.to_datetime(df.Year).dt.year
assert (pd.to_datetime(df.Year).dt.strftime("%m-%d") == "01-01").all()
MPG, HP, LBS = df.Miles_per_Gallon, df.Horsepower, df.Weight_in_lbs
MAKE = df.Name.str.split().str[0]

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["car", "Car", "vehicle", "automobile", "auto"]


def years(*ys):
    return [f"{y}-01-01" for y in ys]


def one(name):
    r = df[df.Name == name]
    assert len(r) == 1, name
    return r.iloc[0]
# ---- shared harness (copied into each build script) ----
def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].astype(str).isin(allowed) & df[col].notna()
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
        if "subset_of_ids" in expect:  # the id list is exactly the qualifying rows
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(truth.sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def write():
    from collections import Counter
    assert len(REQS) == 25
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    assert Counter(r["kind"] for r in REQS) == Counter(want), Counter(r["kind"] for r in REQS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what is this?"], {"reply_contains_any": WHAT})
add("greeting", ["hi can u help me find something"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["japanese cars with 4 cylinders"],
    {"has_items": True, "text_in": {"Origin": ["Japan"]}, "num_range": {"Cylinders": [4, 4]}},
    (df.Origin == "Japan") & (df.Cylinders == 4), 5)
assert not ((MPG > 30) & (MPG < 30.01)).any()
add("plain", ["european cars that get over 30 mpg"],
    {"has_items": True, "text_in": {"Origin": ["Europe"]}, "num_range": {"Miles_per_Gallon": [30.01, None]}},
    (df.Origin == "Europe") & (MPG > 30), 5)
add("plain", ["v8s from 1970"],
    {"has_items": True, "num_range": {"Cylinders": [8, 8]}, "text_in": {"Year": ["1970-01-01"]}},
    (df.Cylinders == 8) & (YEAR == 1970), 5)
add("plain", ["cars with more than 150 horsepower"],
    {"has_items": True, "num_range": {"Horsepower": [151, None]}}, HP > 150, 5)
assert ((HP.dropna() % 1) == 0).all()

# ---- units ----------------------------------------------------------------------------------
# 1000 kg = 2204.6 lb; weights are whole pounds
assert ((LBS % 1) == 0).all()
add("units", ["something lighter than 1000 kg"],
    {"has_items": True, "num_range": {"Weight_in_lbs": [None, 2204]}}, LBS * 0.45359237 < 1000)
# 10 L/100 km = 235.215 / 10 = 23.52 mpg (US); mpg has one decimal
assert not ((MPG > 23.5215) & (MPG < 23.53)).any()
add("units", ["i want better than 10 litres per 100 km"],
    {"has_items": True, "num_range": {"Miles_per_Gallon": [23.53, None]}}, 235.2145 / MPG < 10)

# ---- fact -----------------------------------------------------------------------------------
assert one("datsun 280-zx").Horsepower == 132
add("fact", ["how much horsepower does the datsun 280zx have"], {"reply_number": 132})
# the file spells it "toyouta corona mark ii (sw)"
assert one("toyouta corona mark ii (sw)").Miles_per_Gallon == 23
add("fact", ["whats the mpg on the toyota corona mark ii wagon"], {"reply_number": 23})
assert one("pontiac safari (sw)").Weight_in_lbs == 5140
add("fact", ["how heavy is the pontiac safari wagon"], {"reply_number": 5140})

# ---- count ----------------------------------------------------------------------------------
assert (df.Origin == "Japan").sum() == 79
add("count", ["how many cars are from japan"], {"reply_number": 79})
assert (df.Cylinders == 6).sum() == 84
add("count", ["how many six cylinder cars do you have?"], {"reply_number": 84})
assert MPG.isna().sum() == 8
add("count", ["how many cars are missing the mpg number"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
eff3 = df.nlargest(3, "Miles_per_Gallon", keep="all")
assert len(eff3) == 3 and MPG.nlargest(4).iloc[3] < eff3.Miles_per_Gallon.min()
add("superlative", ["the 3 most fuel efficient cars"],
    {"has_items": True, "subset_of_ids": ["330", "333", "337"]}, df.id.isin(eff3.id), 3)
heavy = LBS == LBS.max()
assert heavy.sum() == 1 and df.loc[heavy, "Name"].item() == "pontiac safari (sw)"
add("superlative", ["which car is the heaviest"], {"has_items": True, "subset_of_ids": ["52"]}, heavy)

# ---- ordinal (cylinder counts and model years are steps) ---------------------------------------
assert sorted(df.Cylinders.unique()) == [3, 4, 5, 6, 8]
add("ordinal", ["more cylinders than a 4 but less than a v8"],
    {"has_items": True, "num_range": {"Cylinders": [5, 7]}}, df.Cylinders.isin([5, 6]))
add("ordinal", ["anything newer than 1980?"],
    {"has_items": True, "text_in": {"Year": ["1982-01-01"]}}, YEAR > 1980)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["not american, at least 100 hp"],
    {"has_items": True, "text_in": {"Origin": ["Europe", "Japan"]}, "num_range": {"Horsepower": [100, None]}},
    (df.Origin != "USA") & (HP >= 100))
add("negation", ["no v8s, and from 1975 or earlier"],
    {"has_items": True, "num_range": {"Cylinders": [None, 7]}, "text_in": {"Year": years(*range(1970, 1976))}},
    (df.Cylinders != 8) & (YEAR <= 1975))

# ---- disjunction ----------------------------------------------------------------------------
th = df.Name.str.contains(r"^(?:toyota|toyouta|honda)\b", regex=True) & (LBS < 2500)
assert set(MAKE[th]) == {"toyota", "honda"} and (MAKE == "toyouta").sum() == 1
add("disjunction", ["a toyota or a honda under 2500 lbs"],
    {"has_items": True, "subset_of_ids": [str(i) for i in df.id[MAKE.isin(["toyota", "toyouta", "honda"]) & (LBS <= 2499)]]},
    th)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me american cars from 1976", "only the 6 cylinder ones"],
    {"has_items": True, "text_in": {"Origin": ["USA"], "Year": ["1976-01-01"]}, "num_range": {"Cylinders": [6, 6]}},
    (df.Origin == "USA") & (YEAR == 1976) & (df.Cylinders == 6))
add("follow_up", ["i want good mileage, 30 mpg or more", "from europe", "with at least 70 hp"],
    {"has_items": True, "text_in": {"Origin": ["Europe"]}, "num_range": {"Miles_per_Gallon": [30, None], "Horsepower": [70, None]}},
    (MPG >= 30) & (df.Origin == "Europe") & (HP >= 70))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["an 8 cylinder japanese car"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.Cylinders == 8) & (df.Origin == "Japan"))

# ---- id_lookup ------------------------------------------------------------------------------
assert (df.Name == "buick estate wagon (sw)").sum() == 2
add("id_lookup", ["tell me about the 1979 buick estate wagon"],
    {"has_items": True, "subset_of_ids": ["297"]}, (df.Name == "buick estate wagon (sw)") & (YEAR == 1979))

write()
