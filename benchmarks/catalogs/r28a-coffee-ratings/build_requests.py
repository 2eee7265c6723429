"""Build ../requests/byo-r28a-coffee-ratings.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (altitude converted from metres to feet, the free-text bag weights
parsed into kilograms and pounds, dates read from their year), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file. There is no title
column: a sample is named by its farm (lower-case free text, often blank or shared).
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28a-coffee-ratings"
PREFIX = "r28a-cr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1339 and list(df["id"]) == [str(i) for i in range(1, 1340)]
assert list(df.columns)[:5] == ["id", "total_cup_points", "species", "owner", "country_of_origin"]
assert len(df.columns) == 44
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
POINTS, ALT_M, BAGS = num("total_cup_points"), num("altitude_mean_meters"), num("number_of_bags")
assert set(df.species) == {"Arabica", "Robusta"}
assert df.altitude_mean_meters.isna().sum() == 230 and df.processing_method.isna().sum() == 170
COUNTRY, FARM_LC = df.country_of_origin, df.farm_name.str.lower()
YEAR_GRADED = df.grading_date.str[:4]
assert df.grading_date.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["coffee", "Coffee", "bean", "cupping", "Arabica", "arabica", "farm"]


def farm(name):
    r = df[FARM_LC == name.lower()]
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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["robusta coffees"], {"has_items": True, "text_in": {"species": ["Robusta"]}},
    df.species == "Robusta", 5)
add("plain", ["show me kenyan coffees"], {"has_items": True, "text_in": {"country_of_origin": ["Kenya"]}},
    COUNTRY == "Kenya", 5)
# "dry-processed" rather than "natural": 7 Brazilian lots are `Pulped natural / honey`, a different process
add("plain", ["dry-processed coffees from brazil"],
    {"has_items": True, "text_in": {"country_of_origin": ["Brazil"], "processing_method": ["Natural / Dry"]}},
    (COUNTRY == "Brazil") & df.processing_method.fillna("").str.contains("dry", case=False), 5)
gesha = df.variety.fillna("").str.contains("gesha|geisha", case=False)
assert set(df.variety[gesha]) == {"Gesha"}
add("plain", ["any gesha?"], {"has_items": True, "text_in": {"variety": ["Gesha"]}}, gesha, 5)

# ---- units ----------------------------------------------------------------------------------
# altitude_mean_meters is in metres (rows measured in feet were converted, see unit_of_measurement);
# above 6000 ft = above 1828.8 m; the next value up is 1850.0 (implausible altitudes like 190164 stay in)
gap_empty("altitude_mean_meters", 6000 * 0.3048, 1850.0)
add("units", ["coffees grown above 6000 feet"],
    {"has_items": True, "num_range": {"altitude_mean_meters": [1850.0, None]}}, ALT_M / 0.3048 > 6000, 5)

# bag_weight is free text in kg or lbs ('60 kg', '100 lbs', '6', '2 kg,lbs'); heavier than 150 lb = 68.04 kg
LB = 0.45359237

def bag_kg(s, ambiguous_as="kg"):
    m = re.fullmatch(r"(\d+)(?: (kg|lbs|kg,lbs))?", s)
    assert m, s
    unit = m.group(2) if m.group(2) in ("kg", "lbs") else ambiguous_as
    return int(m.group(1)) * (1.0 if unit == "kg" else LB)

heavy_if_kg = df.bag_weight.map(lambda s: bag_kg(s, "kg") > 150 * LB)
heavy_if_lb = df.bag_weight.map(lambda s: bag_kg(s, "lbs") > 150 * LB)
assert (heavy_if_kg == heavy_if_lb).all()                 # unit-less and 'kg,lbs' weights are small either way
heavy_values = sorted(set(df.bag_weight[heavy_if_kg]))
assert "150 lbs" not in heavy_values and "67 kg" not in heavy_values and "69 kg" in heavy_values
add("units", ["lots shipped in bags heavier than 150 lbs"],
    {"has_items": True, "text_in": {"bag_weight": heavy_values}}, heavy_if_kg, 5)

# ---- fact (by farm name, unique case-insensitively) -------------------------------------------
assert farm("yidnekachew dabessa coffee plantation")["total_cup_points"] == "89.0"
add("fact", ["what did the Yidnekachew Dabessa coffee plantation sample score?"], {"reply_number": 89})
assert farm("tulla coffee farm")["number_of_bags"] == "50"
add("fact", ["how many bags came from tulla coffee farm"], {"reply_number": 50})
assert farm("fahem coffee plantation")["altitude_mean_meters"] == "1905.0"
add("fact", ["what altitude is fahem coffee plantation at, in meters?"], {"reply_number": 1905})

# ---- count ----------------------------------------------------------------------------------
assert (df.species == "Robusta").sum() == 28
add("count", ["how many robusta samples are there"], {"reply_number": 28})
assert (COUNTRY == "Mexico").sum() == 236
add("count", ["how many coffees come from mexico?"], {"reply_number": 236})
assert (YEAR_GRADED == "2012").sum() == 316
add("count", ["how many samples were graded in 2012"], {"reply_number": 316})

# ---- superlative ----------------------------------------------------------------------------
best3 = top_ids(POINTS, 3)                                  # 90.58, 89.92, 89.75; next is 89.0
assert best3 == ["1", "2", "3"]
add("superlative", ["top 3 highest rated coffees"], {"has_items": True, "subset_of_ids": best3},
    df.id.isin(best3), 3)
robusta = df.species == "Robusta"
best_robusta = top_ids(POINTS.where(robusta), 1)            # 83.75; next Robusta is 83.5
assert best_robusta == ["1312"]
add("superlative", ["which robusta scored the bset"], {"has_items": True, "subset_of_ids": best_robusta},
    df.id.isin(best_robusta), 1)

# ---- ordinal --------------------------------------------------------------------------------
kenya_top2 = top_ids(POINTS.where(COUNTRY == "Kenya"), 2)   # 86.25 (id 36), 86.08 (id 45); third 86.0
second_kenya = [i for i in kenya_top2 if POINTS[df.id == i].item() == 86.08]
assert POINTS.where(COUNTRY == "Kenya").nlargest(3).tolist() == [86.25, 86.08, 86.0] and second_kenya == ["45"]
add("ordinal", ["what's the 2nd best kenyan coffee"], {"has_items": True, "subset_of_ids": second_kenya},
    df.id.isin(second_kenya), 1)
tulla = float(farm("tulla coffee farm")["total_cup_points"])
assert tulla == 88.25
gap_empty("total_cup_points", 88.25, 88.42)
add("ordinal", ["coffees that scored higher than the tulla coffee farm one"],
    {"has_items": True, "num_range": {"total_cup_points": [88.42, None]}}, POINTS > tulla)

# ---- negation -------------------------------------------------------------------------------
not_washed = sorted(set(df.processing_method.dropna()) - {"Washed / Wet"})
assert not_washed == ["Natural / Dry", "Other", "Pulped natural / honey", "Semi-washed / Semi-pulped"]
add("negation", ["colombian coffees that aren't washed"],
    {"has_items": True, "text_in": {"country_of_origin": ["Colombia"], "processing_method": not_washed}},
    (COUNTRY == "Colombia") & df.processing_method.notna() & (df.processing_method != "Washed / Wet"))
add("negation", ["guatemalan coffees that didn't score above 80"],
    {"has_items": True, "text_in": {"country_of_origin": ["Guatemala"]}, "num_range": {"total_cup_points": [None, 80]}},
    (COUNTRY == "Guatemala") & POINTS.notna() & ~(POINTS > 80))

# ---- disjunction ----------------------------------------------------------------------------
disj = COUNTRY.isin(["Panama", "Ecuador"])
assert disj.sum() == 7
add("disjunction", ["coffees from panama or equador"],
    {"has_items": True, "text_in": {"country_of_origin": ["Ecuador", "Panama"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
dates_2014 = sorted(set(df.grading_date[YEAR_GRADED == "2014"]))
add("follow_up", ["colombian coffees", "only the ones graded in 2014"],
    {"has_items": True, "text_in": {"country_of_origin": ["Colombia"], "grading_date": dates_2014}},
    (COUNTRY == "Colombia") & (pd.to_datetime(df.grading_date).dt.year == 2014))
gw = (COUNTRY == "Guatemala") & (df.processing_method == "Washed / Wet")
assert not df.variety[gw].fillna("").str.contains("bourbon", case=False).any() or \
    set(df.variety[gw & df.variety.fillna("").str.contains("bourbon", case=False)]) == {"Bourbon"}
add("follow_up", ["washed coffees from guatemala", "just the bourbon ones", "which of those scored 84 or more?"],
    {"has_items": True, "text_in": {"country_of_origin": ["Guatemala"], "processing_method": ["Washed / Wet"],
                                    "variety": ["Bourbon"]}, "num_range": {"total_cup_points": [84, None]}},
    (COUNTRY == "Guatemala") & (df.processing_method == "Washed / Wet") & (df.variety == "Bourbon") & (POINTS >= 84))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any coffee that scored over 95?"], {"no_items": True, "reply_contains_any": NO_REPLY}, POINTS > 95)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", "country_of_origin"].item() == "Uganda"
add("id_lookup", ["show me item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
