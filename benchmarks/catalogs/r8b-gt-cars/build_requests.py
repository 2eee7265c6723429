"""Build ../requests/byo-r8b-gt-cars.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (dollars against "k"/"grand", lb-ft x 1.35582 against newton-metres,
the transmission code read as documented), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8b-gt-cars"
PREFIX = "r8b-gt"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 47 and list(df["id"]) == [str(i) for i in range(1, 48)]
assert df.isna().sum().to_dict() == {c: (1 if c in ("trq_rpm", "mpg_c", "mpg_h") else 0) for c in df.columns}
assert df.loc[df.mpg_h.isna(), "mfr"].item() == "Tesla"   # the one electric car: blank rpm and mpg
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRICE, HP, TRQ = num("msrp"), num("hp"), num("trq")
assert (PRICE == PRICE.round()).all() and (HP == HP.round()).all() and (TRQ == TRQ.round()).all()
COUNTRIES = {"Germany", "Italy", "United Kingdom", "United States", "Japan"}
assert set(df.ctry_origin) == COUNTRIES
STYLES = {"coupe", "sedan", "convertible", "hatchback"}
assert set(df.bdy_style) == STYLES
# trsmn: number of gears + a (automatic), m (manual), am (both), dd (direct drive)
GEARBOX = df.trsmn.str.extract(r"^\d+([a-z]+)$")[0]
assert set(GEARBOX) == {"a", "m", "am", "dd"}
assert set(df.drivetrain) == {"rwd", "awd"}
CAR = df.mfr + " " + df.model

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "No "]
WHAT = ["car", "Car", "vehicle", "automobile", "Ferrari", "grand tour", "GT", "coupe"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def car(name):
    """The one row whose `mfr model` is `name`, case-insensitive."""
    r = df[CAR.str.lower() == name.lower()]
    assert len(r) == 1, (name, list(CAR[r.index]))
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
add("greeting", ["good morning! what've you got?"], {"reply_contains_any": WHAT})
add("greeting", ["hi, can you help me pick something?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["italian cars"],
    {"has_items": True, "text_in": {"ctry_origin": ["Italy"]}}, df.ctry_origin == "Italy", 5)
add("plain", ["show me the convertables"],
    {"has_items": True, "text_in": {"bdy_style": ["convertible"]}}, df.bdy_style == "convertible", 5)
add("plain", ["all-wheel-drive coupes"],
    {"has_items": True, "text_in": {"drivetrain": ["awd"], "bdy_style": ["coupe"]}},
    (df.drivetrain == "awd") & (df.bdy_style == "coupe"), 5)
manual = sorted(set(df.trsmn[GEARBOX == "m"]))
assert manual == ["6m", "7m"]
add("plain", ["german cars with a manual gearbox"],
    {"has_items": True, "text_in": {"ctry_origin": ["Germany"], "trsmn": manual}},
    (df.ctry_origin == "Germany") & (GEARBOX == "m"), 5)

# ---- units (msrp in whole dollars, torque in lb-ft) -------------------------------------------
add("units", ["anything under 100 grand?"],
    {"has_items": True, "num_range": {"msrp": [None, 99999]}}, PRICE / 1000 < 100)
# 700 Nm = 516.3 lb-ft; torque is in whole lb-ft, so "more than 700 Nm" is 517 lb-ft and up
assert not ((TRQ > 516.3) & (TRQ < 517)).any()
add("units", ["which ones make more than 700 Nm of torque"],
    {"has_items": True, "num_range": {"trq": [517, None]}}, TRQ * 1.35582 > 700)

# ---- fact -----------------------------------------------------------------------------------
assert car("Ferrari LaFerrari")["msrp"] == "1416362"
add("fact", ["how much does the LaFerrari cost?"], {"reply_number": 1416362})
assert car("Nissan GT-R")["hp"] == "545"
add("fact", ["what's the horsepower on the nissan gt-r"], {"reply_number": 545})
assert car("Tesla Model S")["trsmn"] == "1dd"
add("fact", ["what kind of transmission does the Tesla have"],
    {"reply_contains_any": ["1dd", "direct drive", "direct-drive", "Direct drive", "Direct-drive",
                            "single-speed", "single speed", "Single-speed", "1-speed", "one-speed"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.mfr == "Ferrari").sum() == 9
add("count", ["how many Ferarris are in the list?"], {"reply_number": 9})
assert (df.ctry_origin == "United Kingdom").sum() == 10
add("count", ["how many cars come from british manufacturers"], {"reply_number": 10})
assert (df.drivetrain == "awd").sum() == 13
add("count", ["how many have all wheel drive?"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
top = HP.sort_values(ascending=False)
assert top.iloc[2] > top.iloc[3]
top3 = sorted(df.loc[top.index[:3], "id"], key=int)
assert sorted(CAR[df.id.isin(top3)]) == ["Ferrari F12Berlinetta", "Ferrari LaFerrari", "Lamborghini Aventador"]
add("superlative", ["the 3 most powerful cars"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
assert (PRICE == PRICE.min()).sum() == 1 and car("Porsche 718 Cayman")["msrp"] == str(PRICE.min())
add("superlative", ["what's the cheapest one?"],
    {"has_items": True, "subset_of_ids": ids(PRICE == PRICE.min())}, PRICE == PRICE.min())

# ---- ordinal (compared with a named car) ------------------------------------------------------
dawn = int(car("Rolls-Royce Dawn")["msrp"])
assert dawn == 335000
add("ordinal", ["cars pricier than the Rolls-Royce Dawn"],
    {"has_items": True, "num_range": {"msrp": [335001, None]}}, PRICE > dawn)
vette = int(car("Chevrolet Corvette")["hp"])
assert vette == 650
add("ordinal", ["anything with more horsepower than the Corvette?"],
    {"has_items": True, "num_range": {"hp": [651, None]}}, HP > vette)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["coupes that aren't Italian"],
    {"has_items": True, "text_in": {"bdy_style": ["coupe"], "ctry_origin": sorted(COUNTRIES - {"Italy"})}},
    (df.bdy_style == "coupe") & (df.ctry_origin != "Italy"))
add("negation", ["everything except coupes"],
    {"has_items": True, "text_in": {"bdy_style": sorted(STYLES - {"coupe"})}}, df.bdy_style != "coupe")

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["a Porsche or an Aston Martin"],
    {"has_items": True, "text_in": {"mfr": ["Porsche", "Aston Martin"]}}, df.mfr.isin(["Porsche", "Aston Martin"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the ferraris", "only rear-wheel drive ones under 250k"],
    {"has_items": True, "text_in": {"mfr": ["Ferrari"], "drivetrain": ["rwd"]}, "num_range": {"msrp": [None, 249999]}},
    (df.mfr == "Ferrari") & (df.drivetrain == "rwd") & (PRICE < 250000))
add("follow_up", ["coupes please", "from the UK", "and less than $200,000"],
    {"has_items": True, "text_in": {"bdy_style": ["coupe"], "ctry_origin": ["United Kingdom"]},
     "num_range": {"msrp": [None, 199999]}},
    (df.bdy_style == "coupe") & (df.ctry_origin == "United Kingdom") & (PRICE < 200000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a Ferrari for under $100k"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.mfr == "Ferrari") & (PRICE < 100000))

# ---- id_lookup ------------------------------------------------------------------------------
assert CAR[df.id == "21"].item() == "BMW i8"
add("id_lookup", ["tell me more about item 21"], {"has_items": True, "subset_of_ids": ["21"]}, df.id == "21")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
