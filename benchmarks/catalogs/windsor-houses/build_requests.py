"""Build requests/byo-windsor-houses.jsonl from windsor-houses/items.csv.

Every expectation is computed here with pandas from the raw items.csv, and the script asserts:
- has_items requests have >= 1 qualifying row (plain >= 5; >= N when N items are asked for);
- every qualifying row passes every item-level key (all_have, all_have_any, none_have,
  num_range, text_in, subset_of_ids, exclude_ids);
- impossible (no_items) requests have 0 qualifying rows;
- fact/count numbers are the values in the file.
Units: price = sale price in (1987 Canadian) dollars, lotsize = square feet.
Run: python3 windsor-houses/build_requests.py
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME = "windsor-houses"
PREFIX = "hse"

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
assert len(raw) == 546 and raw["id"].is_unique
num = {c: pd.to_numeric(raw[c]) for c in ["price", "lotsize", "bedrooms", "bathrms", "stories", "garagepl"]}
FLAGS = ["driveway", "recroom", "fullbase", "gashw", "airco", "prefarea"]
for c in FLAGS:
    assert set(raw[c]) == {"yes", "no"}, c


def yes(c):
    return raw[c] == "yes"


# ---------------------------------------------------------------- checker
ALLOWED = {"has_items", "no_items", "count", "min_count", "max_count", "all_have", "all_have_any",
           "none_have", "num_range", "text_in", "exclude_ids", "subset_of_ids", "reply_contains",
           "reply_contains_any", "reply_number", "reply_lacks"}


def _tokens(v):
    return [t.strip() for t in str(v).split(",")] if v != "" else []


def _contains(v, needle):
    # accept only if the value has the needle both as a list token and as a substring
    return needle in _tokens(v) and needle.lower() in str(v).lower()


def check(req, mask=None, n_asked=None):
    e = req["expect"]
    assert set(e) <= ALLOWED, set(e) - ALLOWED
    if mask is None:
        assert not ({"has_items", "no_items", "subset_of_ids"} & set(e)), req["id"]
        return
    q = raw[mask]
    ids = set(q["id"])
    if e.get("no_items"):
        assert len(q) == 0, (req["id"], len(q))
        return
    if e.get("has_items"):
        assert len(q) >= (5 if req["kind"] == "plain" else 1), (req["id"], len(q))
    if n_asked:
        assert len(q) >= n_asked, (req["id"], len(q))
    for col, vals in e.get("all_have", {}).items():
        assert all(all(_contains(v, x) for x in vals) for v in q[col]), (req["id"], col)
    for col, vals in e.get("all_have_any", {}).items():
        assert all(any(_contains(v, x) for x in vals) for v in q[col]), (req["id"], col)
    for col, vals in e.get("none_have", {}).items():
        assert not any(any(x.lower() in str(v).lower() for x in vals) for v in q[col]), (req["id"], col)
    for col, (lo, hi) in e.get("num_range", {}).items():
        s = pd.to_numeric(q[col].replace("", None))
        assert s.notna().all(), (req["id"], col)
        assert lo is None or (s >= lo).all(), (req["id"], col)
        assert hi is None or (s <= hi).all(), (req["id"], col)
    for col, vals in e.get("text_in", {}).items():
        assert q[col].isin(vals).all(), (req["id"], col)
    if "subset_of_ids" in e:
        assert ids <= set(e["subset_of_ids"]), req["id"]
        assert set(e["subset_of_ids"]) <= set(raw["id"])
    assert not (ids & set(e.get("exclude_ids", []))), req["id"]
    if "count" in e:
        assert len(q) >= e["count"], req["id"]


REQS = []


def add(kind, turns, expect, mask=None, n_asked=None):
    req = {"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
           "expect": expect, "kind": kind}
    check(req, mask, n_asked)
    REQS.append(req)


def ids_of(mask):
    return sorted(raw.loc[mask, "id"], key=int)


def top_ids(mask, col, n, largest=True):
    """ids of the n best rows by col among mask, ties at the n-th value included."""
    s = num[col][mask].dropna()
    s = s.sort_values(ascending=not largest)
    cut = s.iloc[n - 1]
    keep = s[s >= cut] if largest else s[s <= cut]
    return sorted(raw.loc[keep.index, "id"], key=int)


def row(i):
    r = raw[raw["id"] == str(i)]
    assert len(r) == 1
    return r.iloc[0]


NOPE = ["no ", "none", "couldn't", "nothing", "0 ", "not find", "don't have", "no match"]
price, lot, beds, baths, stories, garage = (num[c] for c in
                                            ["price", "lotsize", "bedrooms", "bathrms", "stories", "garagepl"])

# ---------------------------------------------------------------- requests
# plain
m = yes("airco")
add("plain", ["houses with central air"],
    {"has_items": True, "text_in": {"airco": ["yes"]}}, m)

m = yes("prefarea")
add("plain", ["something in the preferred neighbourhood?"],
    {"has_items": True, "text_in": {"prefarea": ["yes"]}}, m)

m = (beds == 3) & yes("recroom")
add("plain", ["3 bedroom house with a rec room for the kids"],
    {"has_items": True, "num_range": {"bedrooms": [3, 3]}, "text_in": {"recroom": ["yes"]}}, m)

# typo
m = yes("fullbase") & (garage >= 1)
add("typo", ["hous with a finshed basement and a garage"],
    {"has_items": True, "text_in": {"fullbase": ["yes"]}, "num_range": {"garagepl": [1, None]}}, m)

m = (beds == 4) & yes("airco")
add("typo", ["4 bedrom homes w/ air conditionning"],
    {"has_items": True, "num_range": {"bedrooms": [4, 4]}, "text_in": {"airco": ["yes"]}}, m)

# units
m = price < 50000
add("units", ["anything under 50 grand?"],
    {"has_items": True, "num_range": {"price": [None, 49999]}}, m)

m = lot >= 10000
add("units", ["i need a big yard, lot at least 10,000 square feet"],
    {"has_items": True, "num_range": {"lotsize": [10000, None]}}, m)

m = (price < 100000) & (baths >= 2) & (lot > 8000)
add("units", ["below 100k, 2+ baths, and a lot bigger than 8000 sq ft"],
    {"has_items": True, "num_range": {"price": [None, 99999], "bathrms": [2, None], "lotsize": [8001, None]}}, m)

# superlative
s = price[baths >= 2].sort_values()
sup = sorted(raw.loc[s[s <= s.iloc[4]].index, "id"], key=int)
assert len(sup) == 5
add("superlative", ["the 5 cheapest houses with two or more bathrooms"],
    {"has_items": True, "count": 5, "subset_of_ids": sup, "num_range": {"bathrms": [2, None]}},
    raw["id"].isin(sup), 5)

s = lot[yes("prefarea")]
sup = sorted(raw.loc[s[s == s.max()].index, "id"], key=int)
assert len(sup) == 1
add("superlative", ["which house in the preferred area has the biggest lot"],
    {"has_items": True, "count": 1, "subset_of_ids": sup}, raw["id"].isin(sup), 1)

# fact
r = row(101)
add("fact", ["whats the price of house 101"], {"reply_number": int(r["price"])})

r = row(412)
add("fact", ["how big is the lot on listing #412?"], {"reply_number": int(r["lotsize"])})

# count
n = int(yes("gashw").sum())
add("count", ["how many houses use gas for the hot water?"], {"reply_number": n})

n = int(((stories == 2) & yes("airco")).sum())
add("count", ["How many 2-storey homes have central air?"], {"reply_number": n})

# negation
m = (beds >= 4) & ~yes("prefarea")
add("negation", ["4+ bedrooms but NOT in the preferred area, those are overpriced"],
    {"has_items": True, "num_range": {"bedrooms": [4, None]}, "text_in": {"prefarea": ["no"]}}, m)

m = (stories == 1) & ~yes("gashw")
add("negation", ["a one-storey place, no gas water heating"],
    {"has_items": True, "num_range": {"stories": [1, 1]}, "text_in": {"gashw": ["no"]}}, m)

m = ~yes("driveway")
add("negation", ["show me houses without a driveway"],
    {"has_items": True, "text_in": {"driveway": ["no"]}}, m)

# disjunction (across two flag columns: only expressible as ids)
m = (yes("airco") | yes("recroom")) & (price < 60000)
add("disjunction", ["either central air or a rec room, under 60k"],
    {"has_items": True, "num_range": {"price": [None, 59999]}, "subset_of_ids": ids_of(m)}, m)

m = beds.between(3, 4) & yes("prefarea")
add("disjunction", ["3 or 4 bedrooms in the nice part of town"],
    {"has_items": True, "num_range": {"bedrooms": [3, 4]}, "text_in": {"prefarea": ["yes"]}}, m)

# follow_up
m = (beds >= 5) & (baths >= 2)
add("follow_up", ["we're a big family, need lots of bedrooms", "at least 5", "and 2 bathrooms or more"],
    {"has_items": True, "num_range": {"bedrooms": [5, None], "bathrms": [2, None]}, "subset_of_ids": ids_of(m)}, m)

m = (garage >= 2) & (price < 70000)
add("follow_up", ["show me houses with room for 2 cars in the garage", "hmm too pricey. under 70k?"],
    {"has_items": True, "num_range": {"garagepl": [2, None], "price": [None, 69999]}}, m)

# impossible
m = lot >= 21780   # half an acre = 21,780 sq ft
add("impossible", ["I want a lot of half an acre or more"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

m = yes("airco") & (price < 30000)
add("impossible", ["a cheap place with central air, under 30 grand"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

# greeting
WORDS = ["house", "home", "propert", "real estate", "listing"]
add("greeting", ["good evening. what kind of stuff can you help me find?"], {"reply_contains_any": WORDS})
add("greeting", ["hello?? whats this about"], {"reply_contains_any": WORDS})

# ---------------------------------------------------------------- write
assert len(REQS) == 25
out = os.path.join(ROOT, "requests", f"byo-{NAME}.jsonl")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w", encoding="utf-8") as fh:
    for req in REQS:
        fh.write(json.dumps(req, ensure_ascii=False) + "\n")
from collections import Counter
print(out, len(REQS), dict(Counter(r["kind"] for r in REQS)))
