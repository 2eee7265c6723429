"""Build ../requests/byo-r10b-duke-forest-homes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (floor area converted from square feet to square metres, lot from
acres to hectares, prices against the user's "k" and "million", parking lists searched for "Garage"),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are
asserted against the file; facts are asked by street address.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10b-duke-forest-homes"
PREFIX = "r10b-df"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 98 and list(df["id"]) == [str(i) for i in range(1, 99)]
assert list(df.columns) == ["id", "address", "price", "bed", "bath", "area", "type", "year_built", "heating",
                            "cooling", "parking", "lot", "hoa", "url"]
assert set(df.type) == {"Single Family"} and set(df.cooling) == {"central", "other"}
assert df.hoa.notna().sum() == 1 and df.lot.isna().sum() == 1 and df.address.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "there are no"]


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


def nth_id(values, n, largest=True):
    """id of the row holding the n-th largest (smallest) value; asserts it is not tied with its neighbours."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 1] != s.iloc[n - 2] and s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return [str(df.loc[s.index[n - 1], "id"])]


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
PRICE, BED, BATH, SQFT, BUILT, ACRES = num("price"), num("bed"), num("bath"), num("area"), num("year_built"), num("lot")
assert (PRICE % 1 == 0).all() and (SQFT % 1 == 0).all()
GARAGE = df.parking.str.contains("Garage")
WITH_GARAGE = sorted(df.parking[GARAGE].unique())
NO_GARAGE = sorted(df.parking[~GARAGE].unique())
assert df.parking.notna().all() and len(WITH_GARAGE) + len(NO_GARAGE) == df.parking.nunique()
WHAT = ["house", "House", "home", "Home", "Durham", "Duke Forest", "propert", "real estate", "listing"]


def home(street):
    r = df[df["address"].str.startswith(street + ",")]
    assert len(r) == 1, street
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can I look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["4 bedroom houses"], {"has_items": True, "num_range": {"bed": [4, 4]}}, BED == 4, 5)
gap_empty("price", 599999, 600000)
add("plain", ["homes with central air under 600k"],
    {"has_items": True, "text_in": {"cooling": ["central"]}, "num_range": {"price": [None, 599999]}},
    (df.cooling == "central") & (PRICE / 1000 < 600), 5)
add("plain", ["houses built before 1960"], {"has_items": True, "num_range": {"year_built": [None, 1959]}},
    BUILT < 1960, 5)
add("plain", ["3 bed 2 bath"], {"has_items": True, "num_range": {"bed": [3, 3], "bath": [2, 2]}},
    (BED == 3) & (BATH == 2), 5)

# ---- units (area in square feet, lot in acres) -----------------------------------------------
# bigger than 300 m2 = more than 3229.17 sq ft; areas are whole square feet
add("units", ["houses bigger than 300 square meters"], {"has_items": True, "num_range": {"area": [3230, None]}},
    SQFT * 0.09290304 > 300)
# at least a quarter hectare = at least 0.61776 acres; lots have float tails (0.8400000000000001)
gap_empty("lot", 0.25 / 0.40468564, 0.618)
add("units", ["homes on at least a quarter hectare of land"], {"has_items": True, "num_range": {"lot": [0.618, None]}},
    ACRES * 0.40468564 >= 0.25)

# ---- fact (asked by street address) ----------------------------------------------------------
assert home("2418 Wrightwood Ave")["price"] == "420000"
add("fact", ["how much did 2418 Wrightwood Ave sell for?"], {"reply_number": 420000})
assert home("1 Learned Pl")["year_built"] == "1972"
add("fact", ["what year was 1 Learned Pl built"], {"reply_number": 1972})
assert home("1616 Pinecrest Rd")["bath"] == "4.0"
add("fact", ["how many bathrooms does 1616 pinecrest rd have"], {"reply_number": 4})

# ---- count ----------------------------------------------------------------------------------
assert (df.cooling == "central").sum() == 45
add("count", ["how many homes have central AC?"], {"reply_number": 45})
assert df.hoa.notna().sum() == 1
add("count", ["how many of these houses pay an HOA fee"], {"reply_number": 1})
assert (BED >= 5).sum() == 12
add("count", ["how many have 5 or more bedrooms"], {"reply_number": 12})

# ---- superlative ----------------------------------------------------------------------------
cheap3 = top_ids(PRICE, 3, largest=False)                 # 95000, 105000, 150000; next 155000
assert sorted(PRICE[df.id.isin(cheap3)]) == [95000, 105000, 150000]
add("superlative", ["3 cheapest homes"], {"has_items": True, "subset_of_ids": cheap3}, df.id.isin(cheap3), 3)
big = top_ids(SQFT, 1)                                    # 6178, next 6040
add("superlative", ["which is the biggest house"], {"has_items": True, "subset_of_ids": big}, df.id.isin(big), 1)

# ---- ordinal --------------------------------------------------------------------------------
assert home("1616 Pinecrest Rd")["area"] == "4475"
add("ordinal", ["houses larger than 1616 Pinecrest Rd"], {"has_items": True, "num_range": {"area": [4476, None]}},
    SQFT > int(home("1616 Pinecrest Rd")["area"]))
second = nth_id(PRICE, 2)                                  # 1520000, 1270000, 1250000
assert PRICE[df.id.isin(second)].item() == 1270000
add("ordinal", ["2nd most expensive house?"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["4+ bedroom homes without central air"],
    {"has_items": True, "text_in": {"cooling": ["other"]}, "num_range": {"bed": [4, None]}},
    (df.cooling != "central") & (BED >= 4))
add("negation", ["houses with no garage"], {"has_items": True, "text_in": {"parking": NO_GARAGE}}, ~GARAGE)

# ---- disjunction ----------------------------------------------------------------------------
disj = (PRICE < 200000) | (PRICE > 1000000)
dis_ids = ids(disj)
assert len(dis_ids) == 10
add("disjunction", ["anything under 200k or over a million"], {"has_items": True, "subset_of_ids": dis_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("price", 699999, 700000)
add("follow_up", ["houses with a garage", "only under 700k"],
    {"has_items": True, "text_in": {"parking": WITH_GARAGE}, "num_range": {"price": [None, 699999]}},
    GARAGE & (PRICE < 700000))
add("follow_up", ["homes built after 2000", "what about ones with at least 4 bedrooms", "just central air pls"],
    {"has_items": True, "text_in": {"cooling": ["central"]}, "num_range": {"year_built": [2001, None], "bed": [4, None]}},
    (BUILT > 2000) & (BED >= 4) & (df.cooling == "central"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything with 7 or more bedrooms?"], {"no_items": True, "reply_contains_any": NO_REPLY}, BED >= 7)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "address"].item().startswith("1129 Anderson St")
add("id_lookup", ["details on item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
