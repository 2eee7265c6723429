"""Build requests/byo-econ-journals.jsonl from items.csv (AER `Journals`).

Every expectation is computed here with pandas from items.csv and checked:
  * requests that must return items have >= 1 qualifying row (plain: >= 5);
    a request asking for N items has >= N qualifying rows;
  * the expectation keys accept every qualifying row (and, unless marked
    `loose`, accept nothing else);
  * impossible requests have 0 qualifying rows;
  * fact / count numbers equal the values in the file (checked against a
    hand-written literal as well).
Run:  python build_requests.py   (writes ../requests/byo-econ-journals.jsonl)
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "econ-journals"
PREFIX = "ej"
OUT = os.path.join(HERE, "..", "requests", f"byo-{NAME}.jsonl")

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
d = pd.read_csv(os.path.join(HERE, "items.csv"), keep_default_na=False)
assert len(d) == 180 and d["id"].is_unique
d["id"] = d["id"].astype(str)
title = d["title"].str.lower()
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


# ---------------------------------------------------------------- greeting
GREET = ["journal", "econom", "subscription", "periodical", "publication"]
req("greeting", ["hey! what can you help me with?"], {"reply_contains_any": GREET})
req("greeting", ["hello there. what kind of stuff do you have in here"],
    {"reply_contains_any": GREET})

# ---------------------------------------------------------------- plain
m = d["publisher"] == "Blackwell"
req("plain", ["what have you got from Blackwell?"],
    {"has_items": True, "text_in": {"publisher": ["Blackwell"]}}, m)

m = (d["field"] == "Urban and Regional") | title.str.contains("urban|regional")
req("plain", ["I work on cities and regions, recommend me some journals in urban/regional econ"],
    {"has_items": True, "subset_of_ids": ids(m)}, m)

# ---------------------------------------------------------------- typo
m = (d["field"] == "Health") | title.str.contains("health")
req("typo", ["any jornals about helth economics?"],
    {"has_items": True, "subset_of_ids": ids(m)}, m)

m = ((d["field"] == "Econometrics") | title.str.contains("econometr")) & (d["publisher"] == "Elsevier")
req("typo", ["somthing on econometrcs pls, published by elsevir"],
    {"has_items": True, "subset_of_ids": ids(m), "text_in": {"publisher": ["Elsevier"]}}, m)

# ---------------------------------------------------------------- units
fin = (d["field"] == "Finance") | title.str.contains("financ")
m = fin & (d["price"] <= 199)
req("units", ["finance journals that cost under 200 bucks a year"],
    {"has_items": True, "subset_of_ids": ids(m), "num_range": {"price": [None, 199]}}, m)

m = (d["field"] == "General") & (d["pages"] > 1000) & (d["price"] < 150)
req("units", ["general interest econ journals with more than a thousand pages a year but less than $150"],
    {"has_items": True, "text_in": {"field": ["General"]},
     "num_range": {"pages": [1001, None], "price": [None, 149]}}, m)

# ---------------------------------------------------------------- superlative
lo = d["price"].min()
m = d["price"] == lo
assert m.sum() == 1
req("superlative", ["which journal is the cheapest one of all?"],
    {"has_items": True, "count": 1, "subset_of_ids": ids(m)}, m, n=1)

top = d.nlargest(5, "citations", keep="all")
assert len(top) == 5 and d["citations"].nlargest(6).iloc[4] > d["citations"].nlargest(6).iloc[5]
m = d["id"].isin(top["id"])
req("superlative", ["top 5 most cited journals?"],
    {"has_items": True, "count": 5, "subset_of_ids": ids(m)}, m, n=5)

# ---------------------------------------------------------------- fact
v = int(d.loc[d["title"] == "Journal of Finance", "price"].iloc[0])
req("fact", ["what's the library subscription price for the Journal of Finance?"],
    {"reply_number": v}, value=v, literal=226)

v = int(d.loc[d["id"] == "JASA", "foundingyear"].iloc[0])
req("fact", ["when was JASA founded, according to your data?"],
    {"reply_number": v}, value=v, literal=1971)

# ---------------------------------------------------------------- count
v = int((d["publisher"] == "Elsevier").sum())
req("count", ["how many journals in here are published by Elsevier?"],
    {"reply_number": v}, value=v, literal=42)

v = int(d["publisher"].str.contains("Oxford").sum())   # 'Oxford Univ Press' + 'Oxford Univ. Press'
req("count", ["How many Oxford University Press journals are there?"],
    {"reply_number": v}, value=v, literal=7)

# ---------------------------------------------------------------- negation
m = fin & (d["publisher"] != "Elsevier")
req("negation", ["finance journals, but nothing from Elsevier please"],
    {"has_items": True, "subset_of_ids": ids(m), "none_have": {"publisher": ["Elsevier"]}}, m)

m = (d["field"] == "General") & (d["society"] == "no")
req("negation", ["general economics journals that are NOT published by a scholarly society"],
    {"has_items": True, "text_in": {"field": ["General"], "society": ["no"]}}, m)

# ---------------------------------------------------------------- disjunction
m = d["field"].isin(["Labor", "Health"]) | title.str.contains("labo|health")
req("disjunction", ["anything in labour or health economics?"],
    {"has_items": True, "subset_of_ids": ids(m)}, m)

m = d["publisher"].isin(["Springer", "Kluwer"]) & (d["price"] < 300)
req("disjunction", ["journals from springer or kluwer under 300 dollars"],
    {"has_items": True, "text_in": {"publisher": ["Springer", "Kluwer"]},
     "num_range": {"price": [None, 299]}}, m)

# ---------------------------------------------------------------- follow_up
pubfin = (d["field"] == "Public Finance") | title.str.contains("public financ")
m = pubfin & (d["subs"] >= 300)
req("follow_up", ["I need a journal about public finance",
                  "only ones with at least 300 library subscriptions"],
    {"has_items": True, "subset_of_ids": ids(m), "num_range": {"subs": [300, None]}}, m)

theory = (d["field"] == "Theory") | title.str.contains("theor")
m = theory & (d["price"] < 500) & (d["foundingyear"] < 1980)
req("follow_up", ["show me economic theory journals",
                  "hmm those are pricey. anything under 500?",
                  "and founded before 1980"],
    {"has_items": True, "subset_of_ids": ids(m),
     "num_range": {"price": [None, 499], "foundingyear": [None, 1979]}}, m)

# ---------------------------------------------------------------- impossible
m = d["foundingyear"] > 2000
req("impossible", ["is there a journal that was started after 2000?"],
    {"no_items": True, "reply_contains_any": NO_WORDS}, m)

m = (d["publisher"] == "Elsevier") & (d["price"] < 100)
req("impossible", ["Elsevier journals for less than 100 dollars"],
    {"no_items": True, "reply_contains_any": NO_WORDS}, m)

# ---------------------------------------------------------------- title_forms
v = int(d.loc[d["title"] == "The World Economy", "price"].iloc[0])
req("title_forms", ["how much does World Economy cost a library?"],
    {"reply_number": v}, value=v, literal=805)

v = int(d.loc[d["title"] == "Review of Economics & Statistics", "citations"].iloc[0])
req("title_forms", ["how many citations does the Review of Economics and Statistics have"],
    {"reply_contains_any": [str(v), f"{v:,}"]}, value=v, literal=2331)   # 4 digits: accept "2331" or "2,331"

f = d.loc[d["title"] == "Journal of Money Credit & Banking", "field"].iloc[0]
assert f == "Macroeconomics"
req("title_forms", ["what field is the Journal of Money, Credit and Banking filed under?"],
    {"reply_contains": [f]})


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
