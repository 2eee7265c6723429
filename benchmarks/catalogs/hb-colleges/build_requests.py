"""Build ../requests/byo-hb-colleges.jsonl from items.csv, computing and asserting every expectation.

Run from anywhere: python3 build_requests.py   (needs pandas)
Written from the data alone; the author never opened the recommender's code, tests or docs.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "hb-colleges"
PFX = "col"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
ALLOWED = {"has_items", "no_items", "text_in", "num_range", "subset_of_ids", "reply_number",
           "reply_contains", "reply_contains_any"}
NO_MATCH = ["no ", "none", "couldn't", "nothing", "0 ", "not find", "don't have", "no match"]

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, encoding="utf-8")
assert list(df.columns)[0] == "id" and df["id"].is_unique and len(df) == 777
ID = df["id"]
N = {c: pd.to_numeric(df[c]) for c in df.columns[3:]}  # every column after id, name, Private is numeric
private = df["Private"] == "Yes"
public = df["Private"] == "No"
assert (private | public).all() and public.sum() == 212


def ids(mask):
    return set(ID[mask])


def rows_accepted(expect):
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
        m &= v.notna()
        if lo is not None:
            m &= v >= lo
        if hi is not None:
            m &= v <= hi
    if "subset_of_ids" in expect:
        m &= ID.isin(expect["subset_of_ids"])
    return set(ID[m])


def one(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def top_ids(mask, col, k, largest=True):
    """ids of the top k rows of mask by col, with any tie at the cut included."""
    v = N[col][mask].sort_values(ascending=not largest)
    cut = v.iloc[k - 1]
    return ids(mask & ((N[col] >= cut) if largest else (N[col] <= cut)))


reqs = []


def add(kind, turns, expect, correct=None, min_rows=1):
    assert set(expect) <= ALLOWED, set(expect) - ALLOWED
    if expect.get("has_items"):
        acc = rows_accepted(expect)
        assert acc == correct, (turns, len(acc), len(correct), sorted(acc ^ correct)[:10])
        assert len(correct) >= min_rows, (turns, len(correct))
    if expect.get("no_items"):
        assert correct is not None and len(correct) == 0, turns
    reqs.append({"id": f"{PFX}-{len(reqs) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def sid(s):
    return sorted(s, key=int)


GREET = ["college", "universit", "school", "campus", "higher ed"]

# ---- greeting (2)
add("greeting", ["hey there, what do you do?"], {"reply_contains_any": GREET})
add("greeting", ["hi, whats in this catalog"], {"reply_contains_any": GREET})

# ---- plain (4, >= 5 rows each)
m = public & (N["Grad.Rate"] > 80)
add("plain", ["public univeristies with a graduation rate above 80%"],
    {"has_items": True, "text_in": {"Private": ["No"]}, "num_range": {"Grad.Rate": [81, None]}},
    ids(m), 5)

m = private & (N["F.Undergrad"] < 1000)
add("plain", ["small private colleges, fewer than 1000 full time undergrads"],
    {"has_items": True, "text_in": {"Private": ["Yes"]}, "num_range": {"F.Undergrad": [None, 999]}},
    ids(m), 5)

m = N["PhD"] >= 95  # includes Texas A&M at Galveston, whose PhD value is 103
add("plain", ["schools where like 95% or more of the faculty have a phd"],
    {"has_items": True, "num_range": {"PhD": [95, None]}}, ids(m), 5)

assert (N["S.F.Ratio"] * 10).round().eq(N["S.F.Ratio"] * 10).all()  # one decimal place
m = N["S.F.Ratio"] < 10
add("plain", ["colleges w/ fewer than 10 students per teacher"],
    {"has_items": True, "num_range": {"S.F.Ratio": [None, 9.9]}}, ids(m), 5)

# ---- units (2): dollars per year with no unit in the column name
m = N["Outstate"] < 8000
add("units", ["out of state tution under 8 grand"],
    {"has_items": True, "num_range": {"Outstate": [None, 7999]}}, ids(m), 1)

m = public & (N["Room.Board"] < 3500)
add("units", ["state school where room and board is below 3.5k a year"],
    {"has_items": True, "text_in": {"Private": ["No"]}, "num_range": {"Room.Board": [None, 3499]}},
    ids(m), 1)

# ---- fact (3)
harvard = one("Harvard University")
assert harvard["Grad.Rate"] == "100"
add("fact", ["whats the graduation rate at harvard"], {"reply_number": int(harvard["Grad.Rate"])})

cmu = one("Carnegie Mellon University")
assert cmu["Outstate"] == "17900"
add("fact", ["how much is out-of-state tuition at carnegie mellon?"],
    {"reply_number": int(cmu["Outstate"])})

yale = one("Yale University")
assert yale["Apps"] == "10705"
add("fact", ["how many applications did yale get"], {"reply_number": int(yale["Apps"])})

# ---- count (3)
add("count", ["how many public schools are on the list?"], {"reply_number": int(public.sum())})

m = N["Outstate"] > 20000
assert m.sum() == 2
add("count", ["how many colleges charge more than $20,000 for out of state students"],
    {"reply_number": int(m.sum())})

m = public & (N["F.Undergrad"] > 20000)
assert m.sum() == 13
add("count", ["how many public universities have over 20k full-time undergrads"],
    {"reply_number": int(m.sum())})

# ---- superlative (2)
t = top_ids(pd.Series(True, index=df.index), "Apps", 1)
assert t == {"484"} and df.loc[N["Apps"].idxmax(), "name"] == "Rutgers at New Brunswick"
add("superlative", ["which school got the most applications?"],
    {"has_items": True, "subset_of_ids": sid(t)}, t, 1)

t = top_ids(private, "Outstate", 3, largest=False)
assert len(t) == 3
add("superlative", ["3 cheapest private colleges for out of state students"],
    {"has_items": True, "text_in": {"Private": ["Yes"]}, "subset_of_ids": sid(t)}, t, 3)

# ---- ordinal (2): lower ratio is better; "better than Y"
m = N["S.F.Ratio"] <= 8
add("ordinal", ["student-faculty ratio of 8 to 1 or better"],
    {"has_items": True, "num_range": {"S.F.Ratio": [None, 8.0]}}, ids(m), 1)

mit = one("Massachusetts Institute of Technology")
m = N["Grad.Rate"] > int(mit["Grad.Rate"])
add("ordinal", ["colleges with a better grad rate than MIT"],
    {"has_items": True, "num_range": {"Grad.Rate": [int(mit["Grad.Rate"]) + 1, None]}}, ids(m), 1)

# ---- negation (2)
m = ~private & (N["Outstate"] < 6000)
add("negation", ["not a private school, and out of state under 6k"],
    {"has_items": True, "text_in": {"Private": ["No"]}, "num_range": {"Outstate": [None, 5999]}},
    ids(m), 1)

m = ~public & (N["F.Undergrad"] <= 2000) & (N["Grad.Rate"] >= 80)
add("negation", ["nothing public please. max 2000 full time undergrads and 80%+ graduate"],
    {"has_items": True, "text_in": {"Private": ["Yes"]},
     "num_range": {"F.Undergrad": [None, 2000], "Grad.Rate": [80, None]}}, ids(m), 1)

# ---- disjunction (1): across two columns, so given as the union of ids
m = (N["F.Undergrad"] < 500) | (N["S.F.Ratio"] < 6)
add("disjunction", ["i want a really tiny colege: under 500 full-time undergrads OR a student faculty ratio below 6"],
    {"has_items": True, "subset_of_ids": sid(ids(m))}, ids(m), 1)

# ---- follow_up (2)
m = public & (N["Grad.Rate"] >= 85) & (N["Outstate"] < 10000)
add("follow_up", ["looking for a public university", "graduation rate 85 or higher",
                  "and out of state tuition under 10k"],
    {"has_items": True, "text_in": {"Private": ["No"]},
     "num_range": {"Grad.Rate": [85, None], "Outstate": [None, 9999]}}, ids(m), 1)

base = private & (N["Room.Board"] < 3000)
t = top_ids(base, "Grad.Rate", 1)
add("follow_up", ["private colleges where room and board is under 3000",
                  "which of those has the best graduation rate?"],
    {"has_items": True, "subset_of_ids": sid(t)}, t, 1)

# ---- impossible (1): the cheapest out-of-state tuition overall is private (BYU, 2340)
m = public & (N["Outstate"] < 2500)
assert N["Outstate"].min() < 2500 and N["Outstate"][public].min() == 2580
add("impossible", ["a public college with out-of-state tuition under 2500 bucks"],
    {"no_items": True, "reply_contains_any": NO_MATCH}, ids(m))

# ---- title_forms (1): Penn State is stored as "Pennsylvania State Univ. Main Campus"
psu = one("Pennsylvania State Univ. Main Campus")
assert psu["Outstate"] == "10645"
add("title_forms", ["what's out of state tuition at penn state?"],
    {"reply_number": int(psu["Outstate"])})

kinds = pd.Series([r["kind"] for r in reqs]).value_counts().to_dict()
assert len(reqs) == 25 and kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3,
                                     "superlative": 2, "ordinal": 2, "negation": 2,
                                     "disjunction": 1, "follow_up": 2, "impossible": 1,
                                     "title_forms": 1}, kinds
OUT.parent.mkdir(exist_ok=True)
with open(OUT, "w", encoding="utf-8") as f:
    for r in reqs:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(reqs)} requests to {OUT}")
