"""Build requests/byo-diamonds.jsonl from items.csv (Stat2Data `Diamonds`).

Every expectation is computed here with pandas from items.csv and checked:
  * requests that must return items have >= 1 qualifying row (plain: >= 5);
    a request asking for N items has >= N qualifying rows;
  * the expectation keys accept every qualifying row (and, unless marked
    `loose`, accept nothing else);
  * impossible requests have 0 qualifying rows;
  * fact / count numbers equal the values in the file (checked against a
    hand-written literal as well).
Run:  python build_requests.py   (writes ../requests/byo-diamonds.jsonl)
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "diamonds"
PREFIX = "dm"
OUT = os.path.join(HERE, "..", "requests", f"byo-{NAME}.jsonl")

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
d = pd.read_csv(os.path.join(HERE, "items.csv"), keep_default_na=False)
assert len(d) == 351 and d["id"].is_unique
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


# ---------------------------------------------------------------- grade orders
BETTER_COLOR = ["D", "E", "F", "G", "H", "I", "J"]           # D = best (most colourless)
BETTER_CLARITY = ["IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2", "SI3"]   # IF = best
assert set(d["Color"]) <= set(BETTER_COLOR) and set(d["Clarity"]) <= set(BETTER_CLARITY)


def color_at_least(g):
    return BETTER_COLOR[: BETTER_COLOR.index(g) + 1]


def clarity_at_least(g):
    return BETTER_CLARITY[: BETTER_CLARITY.index(g) + 1]


# ---------------------------------------------------------------- greeting
GREET = ["diamond", "carat", "clarity", "gem", "stone"]
req("greeting", ["hi!! what is this thing, what can u do"], {"reply_contains_any": GREET})
req("greeting", ["Hello, I'm shopping for an engagement ring. Can you help?"],
    {"reply_contains_any": GREET})

# ---------------------------------------------------------------- plain
m = d["Color"] == "F"
req("plain", ["looking for a nice F color diamond, roughly a carat"],
    {"has_items": True, "text_in": {"Color": ["F"]}}, m)

m = d["Clarity"] == "VVS2"
req("plain", ["show me some VVS2 stones"],
    {"has_items": True, "text_in": {"Clarity": ["VVS2"]}}, m)

# ---------------------------------------------------------------- typo
m = d["Clarity"] == "IF"
req("typo", ["any flawles diamonds? internaly flawless i mean"],
    {"has_items": True, "text_in": {"Clarity": ["IF"]}}, m)

m = d["Carat"] >= 2
req("typo", ["i want a rock thats at least 2 karats"],
    {"has_items": True, "num_range": {"Carat": [2.0, None]}}, m)

# ---------------------------------------------------------------- units
m = d["TotalPrice"] < 3000
req("units", ["something under 3 grand"],
    {"has_items": True, "num_range": {"TotalPrice": [None, 2999.99]}}, m)

m = (d["Carat"] <= 0.5) & (d["TotalPrice"] <= 2000)
req("units", ["half a carat or a little less, $2,000 max"],
    {"has_items": True, "num_range": {"Carat": [None, 0.5], "TotalPrice": [None, 2000]}}, m)

# ---------------------------------------------------------------- ordinal
m = d["Color"].isin(color_at_least("G")) & d["Clarity"].isin(clarity_at_least("VS1")) & (d["TotalPrice"] < 5000)
req("ordinal", ["color G or better, clarity VS1 or better, under 5k"],
    {"has_items": True, "text_in": {"Color": color_at_least("G"), "Clarity": clarity_at_least("VS1")},
     "num_range": {"TotalPrice": [None, 4999.99]}}, m)

better_than_vs2 = clarity_at_least("VS1")          # strictly better than VS2
m = d["Clarity"].isin(better_than_vs2) & (d["Carat"] > 1.5)
req("ordinal", ["anything with clarity better than VS2 that's bigger than 1.5 ct?"],
    {"has_items": True, "text_in": {"Clarity": better_than_vs2}, "num_range": {"Carat": [1.51, None]}}, m)

m = d["Color"].isin(color_at_least("E")) & (d["Depth"] < 62)
req("ordinal", ["colour no worse than E, and a depth under 62%"],
    {"has_items": True, "text_in": {"Color": color_at_least("E")}, "num_range": {"Depth": [None, 61.9]}}, m)

# ---------------------------------------------------------------- superlative
mx = d["Carat"].max()
m = d["Carat"] == mx
assert m.sum() == 1
req("superlative", ["what's the biggest diamond you've got?"],
    {"has_items": True, "count": 1, "subset_of_ids": ids(m)}, m, n=1)

dd = d[d["Color"] == "D"].sort_values("TotalPrice")
assert dd["TotalPrice"].iloc[2] < dd["TotalPrice"].iloc[3]      # no tie at the cut
m = d["id"].isin(dd["id"].iloc[:3])
req("superlative", ["the 3 cheapest D-colour ones"],
    {"has_items": True, "count": 3, "subset_of_ids": ids(m), "text_in": {"Color": ["D"]}}, m, n=3)

# ---------------------------------------------------------------- fact
v = d.loc[d["id"] == "42", "Clarity"].iloc[0]
assert v == "VVS2"
req("fact", ["what's the clarity on diamond #42?"], {"reply_contains": [v]})

v = d.loc[d["id"] == "64", "TotalPrice"].iloc[0]
assert v == round(v)
v = int(v)
req("fact", ["how much is number 64?"], {"reply_contains_any": [str(v), f"{v:,}"]},   # "4617" or "4,617"
    value=v, literal=4617)

# ---------------------------------------------------------------- count
v = int((d["Color"] == "D").sum())
req("count", ["how many D color diamonds do you have?"], {"reply_number": v}, value=v, literal=52)

v = int((d["Carat"] > 2).sum())
req("count", ["How many stones are over 2 carats?"], {"reply_number": v}, value=v, literal=19)

# ---------------------------------------------------------------- negation
ok_clar = [c for c in BETTER_CLARITY if not c.startswith("SI")]
ok_col = [c for c in BETTER_COLOR if c not in ("H", "I", "J")]
m = d["Clarity"].isin(ok_clar) & d["Color"].isin(ok_col) & (d["TotalPrice"] <= 4000)
req("negation", ["I don't want any SI clarity, and no H, I or J colours either. budget is 4000"],
    {"has_items": True, "text_in": {"Clarity": ok_clar, "Color": ok_col},
     "num_range": {"TotalPrice": [None, 4000]}}, m)

not_vs2 = [c for c in BETTER_CLARITY if c != "VS2"]   # keep VVS2 (a substring test on 'VS2' would drop it)
m = (d["Carat"] >= 1) & (d["Clarity"] != "VS2")
req("negation", ["1 carat or more but not VS2 please"],
    {"has_items": True, "text_in": {"Clarity": not_vs2}, "num_range": {"Carat": [1.0, None]}}, m)

# ---------------------------------------------------------------- disjunction
m = d["Color"].isin(["D", "E"]) & (d["Carat"] < 1)
req("disjunction", ["D or E colour, under a carat"],
    {"has_items": True, "text_in": {"Color": ["D", "E"]}, "num_range": {"Carat": [None, 0.99]}}, m)

m = d["Clarity"].isin(["IF", "VVS1"])
req("disjunction", ["either IF or VVS1 clarity, price is no object"],
    {"has_items": True, "text_in": {"Clarity": ["IF", "VVS1"]}}, m)

# ---------------------------------------------------------------- follow_up
m = d["Carat"].between(0.9, 1.1) & (d["Color"] == "G") & (d["TotalPrice"] < 6000)
req("follow_up", ["show me diamonds between 0.9 and 1.1 carats",
                  "only G colour",
                  "and under 6000 dollars pls"],
    {"has_items": True, "text_in": {"Color": ["G"]},
     "num_range": {"Carat": [0.9, 1.1], "TotalPrice": [None, 5999.99]}}, m)

m = d["Clarity"].isin(clarity_at_least("VS1")) & (d["Carat"] > 1.25)
req("follow_up", ["I'd like something with VS1 clarity",
                  "actually make that VS1 or better, and over 1.25 carats"],
    {"has_items": True, "text_in": {"Clarity": clarity_at_least("VS1")},
     "num_range": {"Carat": [1.26, None]}}, m)

# ---------------------------------------------------------------- impossible
m = (d["Color"] == "J") & (d["Clarity"] == "IF")
req("impossible", ["do you have a J colour that is IF clarity?"],
    {"no_items": True, "reply_contains_any": NO_WORDS}, m)

m = (d["Carat"] > 3) & (d["TotalPrice"] < 20000)
req("impossible", ["a diamond over 3 carats for less than $20,000"],
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
