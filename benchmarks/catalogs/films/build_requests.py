"""Build requests/byo-films.jsonl from films/items.csv.

Every expectation is computed here with pandas from the raw items.csv, and the script asserts:
- has_items requests have >= 1 qualifying row (plain >= 5; >= N when N items are asked for);
- every qualifying row passes every item-level key (all_have, all_have_any, none_have,
  num_range, text_in, subset_of_ids, exclude_ids);
- impossible (no_items) requests have 0 qualifying rows;
- fact/count numbers are the values in the file.
Run: python3 films/build_requests.py   (from /work/zoo-untouched-b or anywhere)
"""
import json
import os

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NAME = "films"
PREFIX = "flm"

raw = pd.read_csv(os.path.join(HERE, "items.csv"), dtype=str, keep_default_na=False)
assert len(raw) == 17472 and raw["id"].is_unique
num = {c: pd.to_numeric(raw[c].replace("", None)) for c in
       ["Year", "Runtime", "Metacritic", "Oscars", "Meter", "BoxOffice"]}


def toks(col, value):
    """Row mask: comma-separated list column `col` has the token `value`."""
    return raw[col].str.split(", ").apply(lambda L: value in L)


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


def one(title):
    r = raw[raw["Title"] == title]
    assert len(r) == 1, (title, len(r))
    return r.iloc[0]


NOPE = ["no ", "none", "couldn't", "nothing", "0 ", "not find", "don't have", "no match"]

# ---------------------------------------------------------------- requests
# plain
m = toks("Genre", "Comedy") & (toks("Language", "French") | toks("Country", "France"))
add("plain", ["looking for a french comedy to watch tonight, any ideas?"],
    {"has_items": True, "all_have": {"Genre": ["Comedy"]}, "subset_of_ids": ids_of(m)}, m)

m = toks("Genre", "Western")
add("plain", ["got any good westerns"],
    {"has_items": True, "all_have": {"Genre": ["Western"]}}, m)

# typo
m = toks("Cast", "Tom Hanks")
add("typo", ["somethin with tom hankss in it pls"],
    {"has_items": True, "subset_of_ids": ids_of(m)}, m)

m = raw["Production"].str.contains("Studio Ghibli", regex=False)
add("typo", ["animated movies from studio gibli?"],
    {"has_items": True, "subset_of_ids": ids_of(m)}, m)

# units (Runtime is minutes, BoxOffice is US dollars; neither name says so)
m = toks("Genre", "Thriller") & (num["Runtime"] <= 90)
add("units", ["i want a thriller but i only have about an hour and a half, nothing longer"],
    {"has_items": True, "all_have": {"Genre": ["Thriller"]}, "num_range": {"Runtime": [None, 90]}}, m)

m = num["BoxOffice"] >= 1_000_000_000
add("units", ["which movies made at least a billion dollars?"],
    {"has_items": True, "num_range": {"BoxOffice": [1000000000, None]}, "subset_of_ids": ids_of(m)}, m)

# ordinal (MPAA certificate in `Rating`: G < PG < PG-13 < R < NC-17; GP and M/PG are the old PG)
m = toks("Genre", "Animation") & raw["Rating"].isin(["G", "PG"])
add("ordinal", ["need an animated movie for my kids, rated PG or lower"],
    {"has_items": True, "all_have": {"Genre": ["Animation"]}, "text_in": {"Rating": ["G", "PG"]}}, m)

ok = ["G", "PG", "PG-13", "GP", "M/PG"]
m = toks("Genre", "Action") & raw["Rating"].isin(ok)
add("ordinal", ["action movie for a teen sleepover. nothing rated above PG-13"],
    {"has_items": True, "all_have": {"Genre": ["Action"]}, "text_in": {"Rating": ok}}, m)

# superlative
sup = top_ids(num["Runtime"].notna(), "Runtime", 3)
assert len(sup) == 3
add("superlative", ["what are the 3 longest films you've got?"],
    {"has_items": True, "count": 3, "subset_of_ids": sup}, raw["id"].isin(sup), 3)

sup = top_ids(num["BoxOffice"].notna(), "BoxOffice", 5)
assert len(sup) == 5
add("superlative", ["top 5 highest grossing movies"],
    {"has_items": True, "count": 5, "subset_of_ids": sup}, raw["id"].isin(sup), 5)

# fact
r = one("The Intouchables")
rt = float(r["Runtime"])
assert rt == int(rt) == 112
add("fact", ["how long is The Intouchables?"], {"reply_number": int(rt)})

r = raw[raw["imdbID"] == "tt0050083"]
assert len(r) == 1 and r.iloc[0]["Title"] == "12 Angry Men"
add("fact", ["what year is tt0050083 from?"],
    {"reply_number": int(r.iloc[0]["Year"]), "reply_contains": ["12 Angry Men"]})

# count
n = int(toks("Director", "Alfred Hitchcock").sum())
assert n == int(raw["Director"].str.contains("Alfred Hitchcock").sum())
add("count", ["how many hitchcock movies are in there"], {"reply_number": n})

n = int((raw["Rating"] == "NC-17").sum())
add("count", ["How many films are rated NC-17?"], {"reply_number": n})

# negation
m = toks("Genre", "Horror") & ~raw["Country"].str.contains("United States", regex=False)
add("negation", ["horror movies but not american ones"],
    {"has_items": True, "all_have": {"Genre": ["Horror"]}, "none_have": {"Country": ["United States"]}}, m)

m = toks("Genre", "Comedy") & ~toks("Genre", "Romance")
add("negation", ["a comedy please, no romance stuff"],
    {"has_items": True, "all_have": {"Genre": ["Comedy"]}, "none_have": {"Genre": ["Romance"]}}, m)

# disjunction
m = toks("Director", "Stanley Kubrick") | toks("Director", "Akira Kurosawa")
add("disjunction", ["anything by kubrick or kurosawa?"],
    {"has_items": True, "all_have_any": {"Director": ["Stanley Kubrick", "Akira Kurosawa"]},
     "subset_of_ids": ids_of(m)}, m)

m = toks("Genre", "Horror") & (toks("Country", "South Korea") | toks("Country", "Japan"))
add("disjunction", ["korean or japanese horror flicks"],
    {"has_items": True, "all_have": {"Genre": ["Horror"]},
     "all_have_any": {"Country": ["South Korea", "Japan"]}, "subset_of_ids": ids_of(m)}, m)

# follow_up
m = toks("Genre", "War") & (num["Year"] <= 1959) & (num["Runtime"] < 120)
add("follow_up", ["im in the mood for a war movie", "older stuff, before 1960", "and keep it under 2 hours"],
    {"has_items": True, "all_have": {"Genre": ["War"]},
     "num_range": {"Year": [None, 1959], "Runtime": [None, 119.99]}}, m)

nolan = toks("Director", "Christopher Nolan")
sup = top_ids(nolan, "Runtime", 1)
assert len(sup) == 1
title = raw.loc[raw["id"] == sup[0], "Title"].iloc[0]
assert title == "Interstellar"
add("follow_up", ["show me christopher nolan films", "which one of those is the longest?"],
    {"has_items": True, "subset_of_ids": sup, "reply_contains": [title]}, raw["id"].isin(sup))

# impossible
m = num["Runtime"] > 13 * 60
add("impossible", ["anything longer than 13 hours? i want a real marathon"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

m = toks("Genre", "Documentary") & (num["Oscars"] >= 3)
add("impossible", ["a documentary that won at least 3 oscars"],
    {"no_items": True, "reply_contains_any": NOPE}, m)

# greeting
add("greeting", ["hi there, what can you do?"],
    {"reply_contains_any": ["movie", "film"]})

# title_forms
r = one("Star Wars: Episode V – The Empire Strikes Back")
rt = float(r["Runtime"])
assert rt == int(rt)
add("title_forms", ["how long is empire strikes back"], {"reply_number": int(rt)})

r = one("The Godfather Part II")
assert r["Director"] == "Francis Ford Coppola"
add("title_forms", ["who directed godfather part 2?"], {"reply_contains": ["Francis Ford Coppola"]})

# ---------------------------------------------------------------- write
assert len(REQS) == 25
out = os.path.join(ROOT, "requests", f"byo-{NAME}.jsonl")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w", encoding="utf-8") as fh:
    for req in REQS:
        fh.write(json.dumps(req, ensure_ascii=False) + "\n")
from collections import Counter
print(out, len(REQS), dict(Counter(r["kind"] for r in REQS)))
