"""Build ../requests/byo-r22b-avocado-sales.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (prices in dollars against the user's cents, unit counts against the
user's "million", calendar words against the `week_ending` strings), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. A row is one
week for one `type` (Conventional or Organic); there is no title column.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22b-avocado-sales"
PREFIX = "r22b-av"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 810 and list(df["id"]) == [str(i) for i in range(1, 811)]
assert list(df.columns) == ["id", "week_ending", "type", "avg_selling_price", "total_bulk_and_bags_units",
                            "plu4046_units", "plu4225_units", "plu4770_units", "total_bagged_units",
                            "sml_bagged_units", "lrg_bagged_units", "xlrg_bagged_units"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRICE, TOTAL = num("avg_selling_price"), num("total_bulk_and_bags_units")
WEEK = pd.to_datetime(df["week_ending"], format="%Y-%m-%d")
ORG, CONV = df["type"] == "Organic", df["type"] == "Conventional"
assert set(df["type"]) == {"Conventional", "Organic"} and (ORG.sum(), CONV.sum()) == (405, 405)
assert df.week_ending.notna().all() and PRICE.notna().all() and TOTAL.notna().all()
assert not df.duplicated(["week_ending", "type"]).any()
for c in ("sml_bagged_units", "lrg_bagged_units", "xlrg_bagged_units"):
    assert df[c].isna().sum() == 416

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "never"]
WHAT = ["avocado", "Avocado", "Hass", "HASS"]


def row(week, typ):
    r = df[(df["week_ending"] == week) & (df["type"] == typ)]
    assert len(r) == 1, (week, typ)
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def weeks(mask):
    """The raw week_ending strings of the rows in mask (for a text_in facet on the date column)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), "week_ending"]))


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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's in this data?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("avg_selling_price", 2.0, 2.0001)
add("plain", ["weeks when organic avocados averaged over $2"],
    {"has_items": True, "text_in": {"type": ["Organic"]}, "num_range": {"avg_selling_price": [2.0001, None]}},
    ORG & (PRICE > 2), 5)
y23 = WEEK.dt.year == 2023
add("plain", ["organic avocado sales in 2023"],
    {"has_items": True, "text_in": {"type": ["Organic"], "week_ending": weeks(y23)}}, ORG & y23, 5)
gap_empty("avg_selling_price", 0.9999995, 1.0)
add("plain", ["conventional avocado weeks where the avg price was under a dollar"],
    {"has_items": True, "text_in": {"type": ["Conventional"]}, "num_range": {"avg_selling_price": [None, 0.9999995]}},
    CONV & (PRICE < 1), 5)
mar2018 = (WEEK.dt.year == 2018) & (WEEK.dt.month == 3)
add("plain", ["show me march 2018"], {"has_items": True, "text_in": {"week_ending": weeks(mar2018)}}, mar2018, 5)

# ---- units (price is dollars per avocado; volumes are single avocados) -----------------------
# cheaper than 90 cents = below $0.90; no price lies in (0.8999999, 0.90)
gap_empty("avg_selling_price", 0.8999999, 0.9)
add("units", ["when were conventional avocados cheaper than 90 cents each?"],
    {"has_items": True, "text_in": {"type": ["Conventional"]}, "num_range": {"avg_selling_price": [None, 0.8999999]}},
    CONV & (PRICE * 100 < 90))
# over 3 million organic avocados in a week = total_bulk_and_bags_units > 3,000,000 (whole avocados)
gap_empty("total_bulk_and_bags_units", 3000000, 3000001)
add("units", ["organic weeks with more than 3 million avocados sold"],
    {"has_items": True, "text_in": {"type": ["Organic"]}, "num_range": {"total_bulk_and_bags_units": [3000001, None]}},
    ORG & (TOTAL / 1e6 > 3))

# ---- fact ----------------------------------------------------------------------------------
assert row("2019-07-28", "Organic")["avg_selling_price"] == "2.05"
add("fact", ["what was the avg price of organic avocados in the week ending july 28 2019?"], {"reply_number": 2.05})
assert row("2018-05-06", "Conventional")["total_bulk_and_bags_units"] == "63716145"
add("fact", ["how many conventional avocados were sold the week ending 2018-05-06"], {"reply_number": 63716145})
assert row("2017-01-08", "Conventional")["lrg_bagged_units"] == "2432260"
add("fact", ["large bags, conventional, week ending Jan 8 2017 - how many units?"], {"reply_number": 2432260})

# ---- count ----------------------------------------------------------------------------------
assert ORG.sum() == 405
add("count", ["how many weeks of organic data are there"], {"reply_number": 405})
assert df["sml_bagged_units"].isna().sum() == 416
add("count", ["how many rows are missing the small/large/xl bag breakdown?"], {"reply_number": 416})
assert (ORG & (PRICE > 2)).sum() == 6
add("count", ["how many times did organic go above 2 dollars"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(TOTAL, 3)                                   # 63716145, 63428865, 62505647; next 62451515
assert top3 == ["58", "71", "158"]
add("superlative", ["top 3 weeks by total avocados sold"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)
cheap_org = top_ids(PRICE.where(ORG), 1, largest=False)    # 1.16, next 1.21
assert cheap_org == ["415"]
add("superlative", ["cheapest week ever for organic avacados?"],
    {"has_items": True, "subset_of_ids": cheap_org}, df.id.isin(cheap_org), 1)

# ---- ordinal --------------------------------------------------------------------------------
second = top_ids(PRICE.where(CONV), 2)                     # 1.78, 1.69; next 1.64
second = [i for i in second if i != top_ids(PRICE.where(CONV), 1)[0]]
assert second == ["40"] and row("2017-10-01", "Conventional")["avg_selling_price"] == "1.69"
add("ordinal", ["which week had the 2nd highest price for conventional avocados"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
sb = int(row("2018-02-04", "Conventional")["total_bulk_and_bags_units"])
assert sb == 62505647
add("ordinal", ["conventional weeks that sold more avocados than super bowl week (week ending 2018-02-04)"],
    {"has_items": True, "text_in": {"type": ["Conventional"]}, "num_range": {"total_bulk_and_bags_units": [sb + 1, None]}},
    CONV & (TOTAL > sb))

# ---- negation -------------------------------------------------------------------------------
y24 = WEEK.dt.year == 2024
gap_empty("avg_selling_price", 1.4999999, 1.5)
add("negation", ["2024 weeks that are not conventional, price below $1.50"],
    {"has_items": True, "text_in": {"type": ["Organic"], "week_ending": weeks(y24)},
     "num_range": {"avg_selling_price": [None, 1.4999999]}},
    ~CONV & y24 & (PRICE < 1.5))
y22 = WEEK.dt.year == 2022
add("negation", ["weeks in 2022 where the average price wasn't above a dollar"],
    {"has_items": True, "text_in": {"week_ending": weeks(y22)}, "num_range": {"avg_selling_price": [None, 1.0]}},
    y22 & ~(PRICE > 1))

# ---- disjunction ----------------------------------------------------------------------------
disj = (ORG & (PRICE < 1.25)) | (CONV & (PRICE > 1.6))
assert ids(disj) == ["39", "40", "41", "414", "415", "720"], ids(disj)
add("disjunction", ["organic under $1.25 or conventional over $1.60"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("avg_selling_price", 1.7, 1.7000001)
add("follow_up", ["organic avocado prices in 2024", "just the ones over $1.70"],
    {"has_items": True, "text_in": {"type": ["Organic"], "week_ending": weeks(y24)},
     "num_range": {"avg_selling_price": [1.7000001, None]}},
    ORG & y24 & (PRICE > 1.7))
summer19 = (WEEK.dt.year == 2019) & WEEK.dt.month.isin([6, 7, 8])
gap_empty("avg_selling_price", 1.4, 1.4000001)
add("follow_up", ["conventional avocados in 2019", "only summer, june thru august", "which of those were above $1.40?"],
    {"has_items": True, "text_in": {"type": ["Conventional"], "week_ending": weeks(summer19)},
     "num_range": {"avg_selling_price": [1.4000001, None]}},
    CONV & summer19 & (PRICE > 1.4))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any weeks where organic avocados went for less than a dollar?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, ORG & (PRICE < 1))

# ---- id_lookup ------------------------------------------------------------------------------
assert row("2021-03-14", "Organic")["id"] == "612"             # a 2021 row: bag-size columns blank
add("id_lookup", ["tell me about item 612"], {"has_items": True, "subset_of_ids": ["612"]}, df.id == "612")

finish()
