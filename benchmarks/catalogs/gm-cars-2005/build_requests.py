"""Build requests/byo-gm-cars-2005.jsonl from items.csv (modeldata `car_prices`).

Every expectation is computed here with pandas from items.csv and checked:
  * requests that must return items have >= 1 qualifying row (plain: >= 5);
    a request asking for N items has >= N qualifying rows;
  * the expectation keys accept every qualifying row (and, unless marked
    `loose`, accept nothing else);
  * impossible requests have 0 qualifying rows;
  * fact / count numbers equal the values in the file (checked against a
    hand-written literal as well).
Run:  python build_requests.py   (writes ../requests/byo-gm-cars-2005.jsonl)
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "gm-cars-2005"
PREFIX = "gm"
OUT = os.path.join(HERE, "..", "requests", f"byo-{NAME}.jsonl")

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
d = pd.read_csv(os.path.join(HERE, "items.csv"), keep_default_na=False)
assert len(d) == 804 and d["id"].is_unique
d["id"] = d["id"].astype(str)
NO_WORDS = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find"]


def ids(mask):
    return d.loc[mask, "id"].tolist()


def accepts(expect, i):
    """Does the expectation accept row i (as the raw CSV strings)?"""
    row = raw.iloc[i]
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = float(row[col])
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            return False
    for col, vals in expect.get("text_in", {}).items():
        if row[col] not in vals:
            return False
    for col, vals in expect.get("all_have", {}).items():
        if not all(v.lower() in row[col].lower() for v in vals):
            return False
    for col, vals in expect.get("all_have_any", {}).items():
        if not any(v.lower() in row[col].lower() for v in vals):
            return False
    for col, vals in expect.get("none_have", {}).items():
        if any(v.lower() in row[col].lower() for v in vals):
            return False
    if "subset_of_ids" in expect and row["id"] not in expect["subset_of_ids"]:
        return False
    if row["id"] in expect.get("exclude_ids", []):
        return False
    return True


R = []


def req(kind, turns, expect, truth=None, n=None, loose=False, value=None, literal=None):
    R.append(dict(kind=kind, turns=turns, expect=expect, truth=truth, n=n,
                  loose=loose, value=value, literal=literal))


MAKES = ["Buick", "Cadillac", "Chevy", "Pontiac", "Saab", "Saturn"]
BODIES = ["convertible", "coupe", "hatchback", "sedan", "wagon"]
assert (d[MAKES].sum(axis=1) == 1).all() and (d[BODIES].sum(axis=1) == 1).all()
ON, OFF = ["1"], ["0"]

# ---------------------------------------------------------------- greeting
GREET = ["car", "vehicle", "gm", "buick", "chevy", "chevrolet", "cadillac", "saab", "auto"]
req("greeting", ["hi, what can you do?"], {"reply_contains_any": GREET})
req("greeting", ["yo. what's this thing for"], {"reply_contains_any": GREET})

# ---------------------------------------------------------------- plain
m = (d["Pontiac"] == 1) & (d["sedan"] == 1)
req("plain", ["show me some Pontiac sedans"],
    {"has_items": True, "text_in": {"Pontiac": ON, "sedan": ON}}, m)

m = d["convertible"] == 1
req("plain", ["I want a convertible for the summer"],
    {"has_items": True, "text_in": {"convertible": ON}}, m)

m = (d["Saab"] == 1) & (d["convertible"] == 1)
req("plain", ["any saab convertibles around?"],
    {"has_items": True, "text_in": {"Saab": ON, "convertible": ON}}, m)

# ---------------------------------------------------------------- typo
m = (d["Chevy"] == 1) & (d["hatchback"] == 1) & (d["Cruise"] == 1)
req("typo", ["cheap chevy hatchbak with cruise controll"],
    {"has_items": True, "text_in": {"Chevy": ON, "hatchback": ON, "Cruise": ON}}, m)

m = (d["Saturn"] == 1) & (d["Leather"] == 1)
req("typo", ["any saturns with leahter seats?"],
    {"has_items": True, "text_in": {"Saturn": ON, "Leather": ON}}, m)

# ---------------------------------------------------------------- units
m = (d["Buick"] == 1) & (d["Price"] < 20000)
req("units", ["a Buick under 20k"],
    {"has_items": True, "text_in": {"Buick": ON}, "num_range": {"Price": [None, 19999.99]}}, m)

m = d["Mileage"] < 10000
req("units", ["cars with less than 10 thousand miles on them"],
    {"has_items": True, "num_range": {"Mileage": [None, 9999]}}, m)

m = (d["Cylinder"] == 6) & (d["Price"] < 18000) & (d["Mileage"] < 20000)
req("units", ["six cylinder, budget 18 thousand, and fewer than 20k miles"],
    {"has_items": True, "num_range": {"Cylinder": [6, 6], "Price": [None, 17999.99], "Mileage": [None, 19999]}}, m)

# ---------------------------------------------------------------- superlative
cad = d[d["Cadillac"] == 1].sort_values("Price")
assert cad["Price"].iloc[2] < cad["Price"].iloc[3]
m = d["id"].isin(cad["id"].iloc[:3])
req("superlative", ["the 3 cheapest Cadillacs?"],
    {"has_items": True, "count": 3, "subset_of_ids": ids(m), "text_in": {"Cadillac": ON}}, m, n=3)

m = d["Mileage"] == d["Mileage"].min()
assert m.sum() == 1
req("superlative", ["which one has the lowest mileage?"],
    {"has_items": True, "count": 1, "subset_of_ids": ids(m)}, m, n=1)

pon = d[d["Pontiac"] == 1]
m = (d["Pontiac"] == 1) & (d["Price"] == pon["Price"].max())
assert m.sum() == 1
req("superlative", ["most expensive pontiac you have"],
    {"has_items": True, "count": 1, "subset_of_ids": ids(m)}, m, n=1)

# ---------------------------------------------------------------- fact
v = int(d.loc[d["id"] == "17", "Mileage"].iloc[0])
req("fact", ["how many miles does car 17 have?"], {"reply_contains_any": [str(v), f"{v:,}"]},   # "23055" or "23,055"
    value=v, literal=23055)

p = d.loc[d["id"] == "233", "Price"].iloc[0]
assert abs(p - 24903.48) < 1e-9
req("fact", ["whats the price on #233"], {"reply_contains_any": ["24903", "24,903"]})

# ---------------------------------------------------------------- count
v = int(((d["Saab"] == 1) & (d["wagon"] == 1)).sum())
req("count", ["how many Saab wagons are there?"], {"reply_number": v}, value=v, literal=34)

v = int((d["Cylinder"] == 8).sum())
req("count", ["How many V8s do you have in total?"], {"reply_number": v}, value=v, literal=100)

# ---------------------------------------------------------------- negation
m = (d["Doors"] == 4) & (d["Leather"] == 1) & (d["Chevy"] == 0)
req("negation", ["a 4-door with leather, but not a Chevy"],
    {"has_items": True, "text_in": {"Leather": ON, "Chevy": OFF}, "num_range": {"Doors": [4, 4]}}, m)

m = (d["sedan"] == 1) & (d["Sound"] == 0) & (d["Cadillac"] == 0)
req("negation", ["sedans without the upgraded sound system. no cadillacs"],
    {"has_items": True, "text_in": {"sedan": ON, "Sound": OFF, "Cadillac": OFF}}, m)

# ---------------------------------------------------------------- disjunction
m = ((d["Saab"] == 1) | (d["Saturn"] == 1)) & (d["Price"] < 15000)
req("disjunction", ["Saab or Saturn, under 15 grand"],
    {"has_items": True, "subset_of_ids": ids(m), "num_range": {"Price": [None, 14999.99]}}, m)

m = ((d["coupe"] == 1) | (d["convertible"] == 1)) & (d["Cylinder"] == 8)
req("disjunction", ["coupe or convertible with a V8"],
    {"has_items": True, "subset_of_ids": ids(m), "num_range": {"Cylinder": [8, 8]}}, m)

# ---------------------------------------------------------------- follow_up
m = (d["wagon"] == 1) & (d["Cruise"] == 1) & (d["Mileage"] < 25000)
req("follow_up", ["looking for a wagon", "needs cruise control", "and under 25,000 miles please"],
    {"has_items": True, "text_in": {"wagon": ON, "Cruise": ON}, "num_range": {"Mileage": [None, 24999]}}, m)

m = (d["Chevy"] == 1) & (d["coupe"] == 1) & (d["Doors"] == 2) & (d["Price"] < 15000)
req("follow_up", ["got any Chevy coupes?", "only the 2 door ones, and below 15k"],
    {"has_items": True, "text_in": {"Chevy": ON, "coupe": ON},
     "num_range": {"Doors": [2, 2], "Price": [None, 14999.99]}}, m)

# ---------------------------------------------------------------- impossible
m = (d["Cadillac"] == 1) & (d["hatchback"] == 1)
req("impossible", ["I want a Cadillac hatchback"],
    {"no_items": True, "reply_contains_any": NO_WORDS}, m)

m = (d["Saab"] == 1) & (d["Cylinder"] == 8)
req("impossible", ["a saab with 8 cylinders?"],
    {"no_items": True, "reply_contains_any": NO_WORDS}, m)

# ================================================================ checks
def check(i, r):
    e = r["expect"]
    t = r["truth"]
    if r["kind"] == "greeting":
        assert "has_items" not in e and "no_items" not in e
    if "value" in r and r["value"] is not None:
        assert r["value"] == r["literal"], (i, r["value"], r["literal"])
        assert "no_items" not in e
    if e.get("no_items"):
        assert t is not None and int(t.sum()) == 0, (i, int(t.sum()))
        return
    if e.get("has_items"):
        assert t is not None
        k = int(t.sum())
        assert k >= 1, i
        if r["kind"] == "plain":
            assert k >= 5, (i, k)
        if r["n"]:
            assert k >= r["n"], (i, k)
        acc = [accepts(e, j) for j in range(len(d))]
        for j in range(len(d)):
            if t.iloc[j]:
                assert acc[j], (i, d.iloc[j]["id"])
        if not r["loose"]:
            assert sum(acc) == k, (i, sum(acc), k)
        if "count" in e:
            assert k == e["count"], (i, k)
        print(f"  {i:02d} {r['kind']:<12} qualifying={k}")


ALLOWED = {"has_items", "no_items", "count", "min_count", "max_count", "all_have", "all_have_any",
           "none_have", "num_range", "text_in", "exclude_ids", "subset_of_ids", "reply_contains",
           "reply_contains_any", "reply_number", "reply_lacks"}
assert len(R) == 25, len(R)
os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w", encoding="utf-8") as fh:
    for i, r in enumerate(R, 1):
        assert set(r["expect"]) <= ALLOWED
        check(i, r)
        fh.write(json.dumps({"id": f"{PREFIX}-{i:02d}", "dataset": NAME, "turns": r["turns"],
                             "expect": r["expect"], "kind": r["kind"]}, ensure_ascii=False) + "\n")
kinds = pd.Series([r["kind"] for r in R]).value_counts()
print(kinds.to_string())
print("wrote", os.path.normpath(OUT))
