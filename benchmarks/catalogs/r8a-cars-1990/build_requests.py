"""Build ../requests/byo-r8a-cars-1990.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (unit conversions done on the numbers), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8a-cars-1990"
PREFIX = "r8a-car"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 111 and list(df["id"]) == [str(i) for i in range(1, 112)]
assert df["rownames"].is_unique                            # the car name is the title column
num = lambda c: pd.to_numeric(df[c])
PRICE, HP, MPG, WT, LUG, DISP = num("Price"), num("HP"), num("Mileage"), num("Weight"), num("Luggage"), num("Disp")
COUNTRIES = set(df["Country"].dropna())
assert COUNTRIES == {"USA", "Japan", "Germany", "Japan/USA", "Korea", "Sweden", "Mexico", "France", "England", "Brazil"}
WHAT = ["car", "Car", "vehicle", "Vehicle", "auto", "Auto", "model", "Consumer Reports"]

# ---- shared helpers (identical in the three r8a build scripts) ---------------------------------
NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "doesn't", "isn't", "aren't", "there are no", "not any"]


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
    """Assert no value of `col` lies strictly between lo and hi (the gap a strict bound skips)."""
    v = pd.to_numeric(df[col])
    assert not ((v > lo) & (v < hi)).any(), (col, lo, hi)


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_n(values, n, largest=True):
    """Index labels of the n largest/smallest values; asserts the n-th and (n+1)-th differ."""
    s = values.dropna().sort_values(ascending=not largest, kind="stable")
    assert s.iloc[n - 1] != s.iloc[n], (s.iloc[n - 1], s.iloc[n])
    return pd.Series(df.index.isin(s.index[:n]), index=df.index)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


def row(name):
    r = df[df["rownames"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey there! what have you got?"], {"reply_contains_any": WHAT})
add("greeting", ["hi, can u help me pick something"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the minivans"],
    {"has_items": True, "text_in": {"Type": ["Van"]}}, df.Type == "Van", 5)
add("plain", ["cars that were built in germany"],
    {"has_items": True, "text_in": {"Country": ["Germany"]}}, df.Country == "Germany", 5)
add("plain", ["anything on 15 inch rims?"],
    {"has_items": True, "text_in": {"Rim": ["R15"]}}, df.Rim == "R15", 5)
add("plain", ["which cars got the top reliabilty rating, the much better one"],
    {"has_items": True, "text_in": {"Reliability": ["Much better"]}}, df.Reliability == "Much better", 5)

# ---- units (Mileage is miles per US gallon, Weight is pounds) -----------------------------------
# "better than 9 litres per 100 km" = fewer than 9 l/100km = 235.215/mpg < 9 = more than 26.135 mpg
assert (MPG.dropna() % 1 == 0).all()
gap_empty("Mileage", 235.215 / 9, 27)
add("units", ["which ones use less than 9 litres per 100km?"],
    {"has_items": True, "num_range": {"Mileage": [27, None]}}, (235.215 / MPG) < 9)
# "under 1100 kg" = under 1100 / 0.45359237 = 2425.08 lb
gap_empty("Weight", 2425, 1100 / 0.45359237)
add("units", ["i want something light, under 1100 kg"],
    {"has_items": True, "num_range": {"Weight": [None, 2425]}}, WT * 0.45359237 < 1100)

# ---- fact -----------------------------------------------------------------------------------
assert row("Honda Civic")["Price"] == "6635.0"
add("fact", ["how much did the honda civic cost"], {"reply_number": 6635})
assert row("Chevrolet Corvette")["HP"] == "250.0"
add("fact", ["how much horsepowr does the corvette have?"], {"reply_number": 250})
assert row("Dodge Colt")["Model2"] == "Mitsubishi Mirage 4"
add("fact", ["was the dodge colt sold under another name?"], {"reply_contains": "Mitsubishi Mirage"})

# ---- count ----------------------------------------------------------------------------------
assert (df.Country == "Korea").sum() == 5
add("count", ["how many korean cars are in here"], {"reply_number": 5})
assert (df.Trans2 == "auto.3").sum() == 35
add("count", ["how many models come with a 3 speed automatic?"], {"reply_number": 35})
assert df.Mileage.isna().sum() == 58
add("count", ["how many of the cars have no gas mileage figure?"], {"reply_number": 58})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_n(PRICE, 3)
assert ids(top3) == ["56", "70", "90"]                     # Infiniti Q45, Mercedes-Benz 300E, Porsche 944
add("superlative", ["the 3 priciest cars"], {"has_items": True, "subset_of_ids": ["56", "70", "90"]}, top3, 3)
big = top_n(DISP, 1)
assert ids(big) == ["22"] and row("Chevrolet Corvette")["Disp"] == "350.0"
add("superlative", ["which car has the biggest engine"], {"has_items": True, "subset_of_ids": ["22"]}, big)

# ---- ordinal (compared with a named car) ------------------------------------------------------
hp_240 = float(row("Nissan 240SX")["HP"])
assert hp_240 == 140 and (HP.dropna() % 1 == 0).all()
add("ordinal", ["sporty cars with more power than the nissan 240sx"],
    {"has_items": True, "text_in": {"Type": ["Sporty"]}, "num_range": {"HP": [141, None]}},
    (df.Type == "Sporty") & (HP > hp_240))
wt_accord = float(row("Honda Accord")["Weight"])
assert wt_accord == 2920
gap_empty("Weight", 2915, 2920)
add("ordinal", ["compact cars that weigh less than the Honda Accord"],
    {"has_items": True, "text_in": {"Type": ["Compact"]}, "num_range": {"Weight": [None, 2915]}},
    (df.Type == "Compact") & (WT < wt_accord))

# ---- negation -------------------------------------------------------------------------------
# "Japan/USA" (built in both) is left out of the allowed list; no van has it, so the rows are the same
assert not ((df.Type == "Van") & (df.Country == "Japan/USA")).any()
add("negation", ["vans that aren't made in the USA"],
    {"has_items": True, "text_in": {"Type": ["Van"], "Country": sorted(COUNTRIES - {"USA", "Japan/USA"})}},
    (df.Type == "Van") & df.Country.notna() & (df.Country != "USA"))
assert df.loc[df.Type == "Medium", "Trans2"].notna().all()
add("negation", ["medium sized cars, but not the ones with a 3-speed auto"],
    {"has_items": True, "text_in": {"Type": ["Medium"], "Trans2": sorted(set(df.Trans2.dropna()) - {"auto.3"})}},
    (df.Type == "Medium") & (df.Trans2 != "auto.3"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anything from sweden or france?"],
    {"has_items": True, "text_in": {"Country": ["Sweden", "France"]}}, df.Country.isin(["Sweden", "France"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert (PRICE.dropna() % 1 == 0).all()
add("follow_up", ["show me the sporty ones", "only those under $12k"],
    {"has_items": True, "text_in": {"Type": ["Sporty"]}, "num_range": {"Price": [None, 11999]}},
    (df.Type == "Sporty") & (PRICE < 12000))
add("follow_up", ["i need a family car, something mid-size",
                  "made in the US please",
                  "with a big trunk, at least 16 cubic feet"],
    {"has_items": True, "text_in": {"Type": ["Medium"], "Country": ["USA"]}, "num_range": {"Luggage": [16, None]}},
    (df.Type == "Medium") & (df.Country == "USA") & (LUG >= 16))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a van that costs less than 10 grand"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.Type == "Van") & (PRICE < 10000))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "57", "rownames"].item() == "Lexus LS400"
add("id_lookup", ["tell me about item 57"], {"has_items": True, "subset_of_ids": ["57"]}, df.id == "57")

finish()
