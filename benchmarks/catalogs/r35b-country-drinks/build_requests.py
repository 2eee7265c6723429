"""Build ../requests/byo-r35b-country-drinks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (litres of pure alcohol against the user's US gallons, beer servings
per year against "a beer a day"), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35b-country-drinks"
PREFIX = "r35b-cd"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 193 and list(df["id"]) == [str(i) for i in range(1, 194)]
assert list(df.columns) == ["id", "country", "beer_servings", "spirit_servings", "wine_servings",
                            "total_litres_of_pure_alcohol", "continent"]
assert df.notna().all().all() and df.country.is_unique
num = lambda c: pd.to_numeric(df[c])
BEER, SPIRIT, WINE, LITRES = num("beer_servings"), num("spirit_servings"), num("wine_servings"), num("total_litres_of_pure_alcohol")
assert ((BEER % 1 == 0) & (SPIRIT % 1 == 0) & (WINE % 1 == 0)).all()            # whole servings
assert ((LITRES * 10).round(6) % 1 == 0).all()                                      # litres to one decimal
CONT = df.continent
CONTINENTS = ["Africa", "Asia", "Europe", "North America", "Oceania", "South America"]
assert sorted(CONT.unique()) == CONTINENTS
WHAT = ["alcohol", "Alcohol", "drink", "Drink", "beer", "Beer", "wine", "Wine", "countr", "Countr", "spirit"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


def row(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value)
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
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert [r["kind"] for r in REQS if len(r["turns"]) == 3] == ["follow_up"]
    assert all(len(r["turns"]) == 1 for r in REQS if r["kind"] != "follow_up")
    assert all(len(r["turns"]) >= 2 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["european countries where people drink over 200 glasses of wine a year"],
    {"has_items": True, "text_in": {"continent": ["Europe"]}, "num_range": {"wine_servings": [201, None]}},
    (CONT == "Europe") & (WINE > 200), 5)
add("plain", ["countries where nobody drinks at all - zero alcohol"],
    {"has_items": True, "num_range": {"total_litres_of_pure_alcohol": [0, 0]}}, LITRES == 0, 5)
add("plain", ["african countries with beer above 100 servings per person"],
    {"has_items": True, "text_in": {"continent": ["Africa"]}, "num_range": {"beer_servings": [101, None]}},
    (CONT == "Africa") & (BEER > 100), 5)
add("plain", ["asian countries between 5 and 10 litres of pure alcohol"],
    {"has_items": True, "text_in": {"continent": ["Asia"]}, "num_range": {"total_litres_of_pure_alcohol": [5, 10]}},
    (CONT == "Asia") & (LITRES >= 5) & (LITRES <= 10), 5)

# ---- units (litres of pure alcohol per person per year; servings per person per year) ------------
# more than 2 US gallons = more than 7.5708 litres; litres are written to one decimal
gap_empty("total_litres_of_pure_alcohol", 2 * 3.785411784, 7.6)
add("units", ["which countries drink more than 2 gallons of pure alcohol per person?"],
    {"has_items": True, "num_range": {"total_litres_of_pure_alcohol": [7.6, None]}}, LITRES / 3.785411784 > 2)
# more than a beer a day = more than 365 servings a year
gap_empty("beer_servings", 365, 366)
add("units", ["where do people average more than one beer a day?"],
    {"has_items": True, "num_range": {"beer_servings": [366, None]}}, BEER / 365 > 1)

# ---- fact ------------------------------------------------------------------------------------
assert row("country", "Japan")["total_litres_of_pure_alcohol"] == "7.0"
add("fact", ["how much pure alcohol does the average person in japan drink in a year?"], {"reply_number": 7.0})
assert row("country", "Portugal")["wine_servings"] == "339"
add("fact", ["wine servings per person in Portugal?"], {"reply_number": 339})
assert df.country.str.contains("russia", case=False).sum() == 1
assert row("country", "Russian Federation")["continent"] == "Asia"
add("fact", ["which continent is russia listed under"], {"reply_contains": "Asia"})

# ---- count -----------------------------------------------------------------------------------
assert (CONT == "Oceania").sum() == 16
add("count", ["how many countries from Oceania are in the list?"], {"reply_number": 16})
assert (WINE == 0).sum() == 31
add("count", ["how many countries report no wine drinking at all"], {"reply_number": 31})
n_eu10 = int(((CONT == "Europe") & (LITRES > 10)).sum())
assert n_eu10 == 21, n_eu10
add("count", ["how many european countries are over 10 litres of pure alcohol"], {"reply_number": n_eu10})

# ---- superlative -----------------------------------------------------------------------------
wine3 = top_ids(WINE, 3)                                  # France 370, Portugal 339, Andorra 312; next 280
assert sorted(df.loc[df.id.isin(wine3), "country"]) == ["Andorra", "France", "Portugal"]
add("superlative", ["top 3 wine drinking countries"], {"has_items": True, "subset_of_ids": wine3}, df.id.isin(wine3), 3)
sa_beer = top_ids(BEER.where(CONT == "South America"), 1)
assert df.loc[df.id.isin(sa_beer), "country"].tolist() == ["Venezuela"], df.loc[df.id.isin(sa_beer), "country"]
add("superlative", ["which south american country drinks the most beer?"],
    {"has_items": True, "subset_of_ids": sa_beer}, df.id.isin(sa_beer), 1)

# ---- ordinal (compared with another country) -------------------------------------------------
assert row("country", "USA")["spirit_servings"] == "158"
add("ordinal", ["countries that drink more spirts than the USA"],
    {"has_items": True, "num_range": {"spirit_servings": [159, None]}}, SPIRIT > int(row("country", "USA")["spirit_servings"]))
it_beer = int(row("country", "Italy")["beer_servings"])
assert it_beer == 85
add("ordinal", ["european countries that drink less beer than italy"],
    {"has_items": True, "text_in": {"continent": ["Europe"]}, "num_range": {"beer_servings": [None, it_beer - 1]}},
    (CONT == "Europe") & (BEER < it_beer))

# ---- negation --------------------------------------------------------------------------------
gap_empty("total_litres_of_pure_alcohol", 10, 10.1)
add("negation", ["countries outside europe with more than 10 litres of pure alcohol"],
    {"has_items": True, "text_in": {"continent": [c for c in CONTINENTS if c != "Europe"]},
     "num_range": {"total_litres_of_pure_alcohol": [10.1, None]}},
    (CONT != "Europe") & (LITRES > 10))
gap_empty("total_litres_of_pure_alcohol", 0.9, 1)
add("negation", ["countries not in africa where people drink under 1 litre"],
    {"has_items": True, "text_in": {"continent": [c for c in CONTINENTS if c != "Africa"]},
     "num_range": {"total_litres_of_pure_alcohol": [None, 0.9]}},
    (CONT != "Africa") & (LITRES < 1))

# ---- disjunction -----------------------------------------------------------------------------
add("disjunction", ["countries in oceania or south america with more than 150 beer servings"],
    {"has_items": True, "text_in": {"continent": ["Oceania", "South America"]}, "num_range": {"beer_servings": [151, None]}},
    CONT.isin(["Oceania", "South America"]) & (BEER > 150))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me countries in europe", "only the ones with more than 300 beer servings"],
    {"has_items": True, "text_in": {"continent": ["Europe"]}, "num_range": {"beer_servings": [301, None]}},
    (CONT == "Europe") & (BEER > 300))
gap_empty("total_litres_of_pure_alcohol", 5, 5.1)
add("follow_up", ["african countries", "which of those drink any wine at all", "and over 5 liters of alcohol overall?"],
    {"has_items": True, "text_in": {"continent": ["Africa"]},
     "num_range": {"wine_servings": [1, None], "total_litres_of_pure_alcohol": [5.1, None]}},
    (CONT == "Africa") & (WINE > 0) & (LITRES > 5))

# ---- impossible ------------------------------------------------------------------------------
add("impossible", ["is there any country where people drink more than 20 litres of pure alcohol?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, LITRES > 20)

# ---- id_lookup -------------------------------------------------------------------------------
assert df.loc[df.id == "62", "country"].item() == "France"
add("id_lookup", ["tell me about item 62"], {"has_items": True, "subset_of_ids": ["62"]}, df.id == "62")

finish()
