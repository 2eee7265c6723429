"""Build requests/byo-diamonds.jsonl from diamonds/items.csv.

Every expectation is computed here with pandas from the raw items.csv, and the script asserts:
- has_items requests have >= 1 qualifying row (plain >= 5; >= N when N items are asked for);
- every qualifying row passes every item-level key (all_have, all_have_any, none_have,
  num_range, text_in, subset_of_ids, exclude_ids);
- impossible (no_items) requests have 0 qualifying rows;
- fact/count numbers are the values in the file.
Grades: colour D (best, colourless) > E > F > G > H > I; clarity IF > VVS1 > VVS2 > VS1 > VS2.
Run: python3 diamonds/build_requests.py
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME = "diamonds"
PREFIX = "dia"

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
assert len(raw) == 308 and raw["id"].is_unique
num = {c: pd.to_numeric(raw[c]) for c in ["carat", "price"]}
col_, cla = raw["colour"], raw["clarity"]
cert = raw["certification"]
COLOURS = ["D", "E", "F", "G", "H", "I"]          # best first
CLARITY = ["IF", "VVS1", "VVS2", "VS1", "VS2"]     # best first
assert set(col_) == set(COLOURS) and set(cla) == set(CLARITY) and set(cert) == {"GIA", "IGI", "HRD"}


def at_least(scale, grade):
    return scale[: scale.index(grade) + 1]


def better_than(scale, grade):
    return scale[: scale.index(grade)]


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

# ---------------------------------------------------------------- requests
# plain
m = cert == "IGI"
add("plain", ["show me diamonds certified by IGI"],
    {"has_items": True, "text_in": {"certification": ["IGI"]}}, m)

m = col_ == "E"
add("plain", ["Im after an E colour diamond"],
    {"has_items": True, "text_in": {"colour": ["E"]}}, m)

# typo
m = (cla == "VVS1") & (cert == "HRD")
add("typo", ["got any vvs1 diamnods certifed by HRD?"],
    {"has_items": True, "text_in": {"clarity": ["VVS1"], "certification": ["HRD"]}}, m)

m = cla == "IF"
add("typo", ["lookin for a flawles one.. internaly flawless i mean"],
    {"has_items": True, "text_in": {"clarity": ["IF"]}}, m)

# units (price is Singapore dollars, carat is the weight; neither unit is in the data)
m = num["price"] < 2000
add("units", ["something under 2 grand"],
    {"has_items": True, "num_range": {"price": [None, 1999]}}, m)

m = (num["carat"] >= 0.5) & (num["price"] < 5000)
add("units", ["at least half a carat but under 5k singapore dollars"],
    {"has_items": True, "num_range": {"carat": [0.5, None], "price": [None, 4999]}}, m)

# ordinal
ok = at_least(COLOURS, "G")
m = col_.isin(ok)
add("ordinal", ["colour G or better please"],
    {"has_items": True, "text_in": {"colour": ok}}, m)

ok = better_than(CLARITY, "VS1")
assert ok == ["IF", "VVS1", "VVS2"]
m = cla.isin(ok)
add("ordinal", ["clarity better than VS1, whats there"],
    {"has_items": True, "text_in": {"clarity": ok}}, m)

okc, okl = at_least(COLOURS, "F"), at_least(CLARITY, "VVS2")
m = col_.isin(okc) & cla.isin(okl) & (num["carat"] < 1)
add("ordinal", ["F colour or better and VVS2 or better, smaller than 1 carat is fine"],
    {"has_items": True, "text_in": {"colour": okc, "clarity": okl}, "num_range": {"carat": [None, 0.99]}}, m)

# superlative
s = num["price"][num["carat"] >= 1].sort_values()
sup = sorted(raw.loc[s[s <= s.iloc[2]].index, "id"], key=int)
assert len(sup) == 3
add("superlative", ["the 3 cheapest stones that are a full carat or more"],
    {"has_items": True, "count": 3, "subset_of_ids": sup, "num_range": {"carat": [1.0, None]}},
    raw["id"].isin(sup), 3)

s = num["carat"]
sup = sorted(raw.loc[s == s.max(), "id"], key=int)
assert len(sup) == 1
add("superlative", ["whats the biggest diamond you have?"],
    {"has_items": True, "count": 1, "subset_of_ids": sup}, raw["id"].isin(sup), 1)

# fact
r = row(57)
add("fact", ["how much is diamond number 57?"], {"reply_number": int(r["price"])})

r = row(200)
assert r["carat"] == "0.32"
add("fact", ["what's the carat weight of stone #200"], {"reply_contains": [r["carat"]]})

# count
n = int((col_ == "D").sum())
add("count", ["how many D colour diamonds do u have"], {"reply_number": n})

n = int(((cert == "IGI") & (num["carat"] < 0.25)).sum())
add("count", ["How many IGI stones are under a quarter carat?"], {"reply_number": n})

# negation (note "VS2" is a substring of "VVS2": expectations use text_in, not none_have)
okc, okcert = ["E", "F"], ["HRD", "IGI"]
m = col_.isin(okc) & ~(cert == "GIA")
add("negation", ["colour E or F but not GIA certified"],
    {"has_items": True, "text_in": {"colour": okc, "certification": okcert}}, m)

ok = [g for g in CLARITY if g != "VS2"]
m = (cla != "VS2") & (num["price"] < 3000)
add("negation", ["anything except VS2 clarity, under $3000"],
    {"has_items": True, "text_in": {"clarity": ok}, "num_range": {"price": [None, 2999]}}, m)

# disjunction
m = col_.isin(["D", "E"]) & (num["carat"] < 1)
add("disjunction", ["D or E colour, under a carat"],
    {"has_items": True, "text_in": {"colour": ["D", "E"]}, "num_range": {"carat": [None, 0.99]}}, m)

m = cert.isin(["HRD", "IGI"]) & (cla == "IF")
add("disjunction", ["IF clarity, certified by either HRD or IGI"],
    {"has_items": True, "text_in": {"certification": ["HRD", "IGI"], "clarity": ["IF"]}}, m)

# follow_up
m = (num["carat"] >= 1) & (cert == "GIA") & (num["price"] < 8000)
add("follow_up", ["i'm shopping for an engagement ring", "1 carat or bigger, GIA certified",
                  "hmm under 8000 please"],
    {"has_items": True, "text_in": {"certification": ["GIA"]},
     "num_range": {"carat": [1.0, None], "price": [None, 7999]}, "subset_of_ids": sorted(raw.loc[m, "id"], key=int)}, m)

m = (col_ == "H") & cla.isin(["VVS1", "VVS2"])
add("follow_up", ["show me some H colour stones", "only the ones that are VVS1 or VVS2"],
    {"has_items": True, "text_in": {"colour": ["H"], "clarity": ["VVS1", "VVS2"]}}, m)

# impossible
m = num["carat"] >= 2
add("impossible", ["do you have a 2 carat diamond?"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

m = (col_ == "D") & (cla == "IF") & (num["carat"] > 1)
add("impossible", ["D colour, IF clarity, and over 1 carat. money is no object"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

# greeting
WORDS = ["diamond", "stone", "carat", "gem"]
add("greeting", ["hello! what is this?"], {"reply_contains_any": WORDS})
add("greeting", ["hey, how does this work"], {"reply_contains_any": WORDS})

# ---------------------------------------------------------------- write
assert len(REQS) == 25
out = os.path.join(ROOT, "requests", f"byo-{NAME}.jsonl")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w", encoding="utf-8") as fh:
    for req in REQS:
        fh.write(json.dumps(req, ensure_ascii=False) + "\n")
from collections import Counter
print(out, len(REQS), dict(Counter(r["kind"] for r in REQS)))
