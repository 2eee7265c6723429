"""Build /work/unseen/byo-paris-metro.jsonl from items.csv.

Every expected value is computed here with pandas from items.csv, and the script checks these
before it writes anything:
  - every request that must return items has at least 1 correct row (plain ones at least 5);
  - impossible requests have 0 correct rows;
  - "give me N" requests have at least N correct rows;
  - the expectation keys accept every correct row (subset_of_ids == the full set of correct ids,
    num_range holds for every correct row);
  - fact / count answers are the values in the file.
The author wrote this from the raw data alone and never read or ran convrec's code, tests or docs.

Expectation keys are the ones used by the existing byo request files (has_items, no_items,
subset_of_ids, num_range, reply_number, reply_contains, count). Numeric bounds are inclusive;
`passengers` is a whole number, so "over 10 million" is [10000001, None] and "fewer than 500k"
is [None, 499999].

Shape note: `lines`, `location` and the `connect_*` columns hold comma-separated lists
("1, 4, 7, 11, 14", "Paris 4th, Paris 11th, Paris 12th"). Membership in such a list ("on line 1",
"in the 15th") is matched by token after splitting on ", ", never by substring (line "1" must not
match "11", "13" or "14"; "Paris 1st" must not match "Paris 11th"). Because that membership only
exists inside the list text, those facets are given as `subset_of_ids` (all qualifying ids), as
the catalogs README asks for "contains" facets.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "byo-paris-metro.jsonl"
DATASET = "paris-metro"
SHORT = "pm"

TEXT = ["name", "caption", "lines", "connect_rer", "connect_tramway", "connect_transilien",
        "connect_other", "location"]
df = pd.read_csv(HERE / "items.csv", dtype={c: str for c in TEXT}, keep_default_na=True)
assert len(df) == 308
assert list(df["id"]) == list(range(1, 309))
df["sid"] = df["id"].astype(str)


def toks(col):
    return df[col].fillna("").map(lambda s: [t for t in s.split(", ") if t])


LINES, LOC, RER, TRAM, TRANS = (toks(c) for c in
                                ["lines", "location", "connect_rer", "connect_tramway",
                                 "connect_transilien"])


def has(series, token):
    return series.map(lambda xs: token in xs)


def on_line(l):
    return has(LINES, l)


def in_loc(place):
    return has(LOC, place)


# sanity on the token logic: line "1" is not a substring match
assert on_line("1").sum() < df["lines"].str.contains("1").sum()
assert in_loc("Paris 1st").sum() < df["location"].str.contains("Paris 1").sum()


def ids(mask):
    return df.loc[mask.fillna(False).astype(bool), "sid"].tolist()


def one(name):
    rows = df[df["name"] == name]
    assert len(rows) == 1, (name, len(rows))
    return rows.iloc[0]


def in_range(col, lo, hi):
    s = df[col]
    m = s.notna()
    if lo is not None:
        m &= s >= lo
    if hi is not None:
        m &= s <= hi
    return m


requests = []


def add(kind, turns, expect, mask=None, min_rows=None):
    """mask: boolean Series of ALL rows that satisfy the request (for checking)."""
    if isinstance(turns, str):
        turns = [turns]
    if mask is not None:
        m = mask.fillna(False).astype(bool)
        n = int(m.sum())
        for col, (lo, hi) in expect.get("num_range", {}).items():
            assert in_range(col, lo, hi)[m].all(), (turns, col)
        if "subset_of_ids" in expect:
            assert set(expect["subset_of_ids"]) == set(ids(m)), turns
            assert len(expect["subset_of_ids"]) == n, turns
        if expect.get("no_items"):
            assert n == 0, (turns, n)
            assert expect.get("has_items") is False, turns
        if expect.get("has_items"):
            assert n >= (min_rows or 1), (turns, n)
        if "count" in expect:
            assert n >= expect["count"], (turns, n)
        if kind == "plain":
            assert n >= 5, (turns, n)
    requests.append({"id": f"{SHORT}-{len(requests) + 1:02d}", "dataset": DATASET,
                     "turns": turns, "expect": expect, "kind": kind})


def items(kind, turns, mask, extra=None, count=None):
    """A request that must return items; all correct ids given as subset_of_ids."""
    m = mask.fillna(False).astype(bool)
    exp = dict(extra or {})
    exp["subset_of_ids"] = ids(m)
    if count is not None:
        exp["count"] = count
    exp["has_items"] = True
    add(kind, turns, exp, m, min_rows=5 if kind == "plain" else 1)


def impossible(turns, mask):
    add("impossible", turns, {"no_items": True, "has_items": False}, mask)


# ---------------------------------------------------------------- plain
items("plain", "stations on line 4", on_line("4"))
items("plain", "what metro stops are in the 16th arrondissement?", in_loc("Paris 16th"))
items("plain", "where can i change to the RER", df["connect_rer"].notna())
items("plain", "any metro stations where you can hop on a tram", df["connect_tramway"].notna())
items("plain", "metro stations in boulogne-billancourt", in_loc("Boulogne-Billancourt"))
items("plain", "show me the stops on line 1", on_line("1"))

# ---------------------------------------------------------------- typo
items("typo", "stations conected to rer c", has(RER, "C"))
items("typo", "metro stops in the 13th arondissement", in_loc("Paris 13th"))

# ---------------------------------------------------------------- units (passengers = entries in 2021)
assert not df["passengers"].between(10_000_000, 10_000_001, inclusive="neither").any()
items("units", "the really busy ones, over 10 million entries a year",
      in_range("passengers", 10_000_001, None),
      {"num_range": {"passengers": [10000001, None]}})
items("units", "quiet stations with fewer than 500k passengers in 2021",
      in_range("passengers", None, 499_999),
      {"num_range": {"passengers": [None, 499999]}})

# ---------------------------------------------------------------- fact
r = one("Rambuteau")
assert "Pompidou" in r["caption"]
add("fact", "what landmark is rambuteau station next to", {"reply_contains": ["Pompidou"]})
r = one("Barbara")
assert r["location"] == "Montrouge, Bagneux"
add("fact", "what town is barbara station in?", {"reply_contains": ["Montrouge", "Bagneux"]})
r = one("Bastille")
assert int(r["passengers"]) == 8069243
add("fact", "exactly how many entries did bastille have in 2021",
    {"reply_number": int(r["passengers"])})

# ---------------------------------------------------------------- count
n14 = int(on_line("14").sum())
assert n14 == 13
add("count", "how many stations does line 14 have", {"reply_number": n14})
n15 = int(in_loc("Paris 15th").sum())
assert n15 == 22  # 19 wholly in the 15th + 3 on its border with other arrondissements
add("count", "how many stations are there in the 15th", {"reply_number": n15})
n3 = int((LINES.map(len) >= 3).sum())
assert n3 == 16
add("count", "how many stations are served by 3 or more metro lines", {"reply_number": n3})

# ---------------------------------------------------------------- impossible
assert not any("15" in xs for xs in LINES)
impossible("stations on line 15", on_line("15"))
impossible("any metro stops in versailles", df["location"].str.contains("Versailles"))
impossible("a station with more than 50 million passengers a year",
           in_range("passengers", 50_000_001, None))

# ---------------------------------------------------------------- negation
items("negation", "line 9 stations that don't connect to the rer",
      on_line("9") & df["connect_rer"].isna())
items("negation", "stations in the 15th that aren't on line 12",
      in_loc("Paris 15th") & ~on_line("12"))

# ---------------------------------------------------------------- disjunction
items("disjunction", "stations on the 3bis or 7bis", on_line("3bis") | on_line("7bis"))
items("disjunction", "stops in creteil or maisons-alfort", in_loc("Créteil") | in_loc("Maisons-Alfort"))

# ---------------------------------------------------------------- follow_up (expect = last turn)
items("follow_up", ["stations on line 6", "just the ones in the 15th"],
      on_line("6") & in_loc("Paris 15th"))
items("follow_up", ["which stations connect to transilien trains", "and which of those also have the rer"],
      df["connect_transilien"].notna() & df["connect_rer"].notna())

# ---------------------------------------------------------------- multi_constraint
assert not df["passengers"].between(2_000_000, 2_000_001, inclusive="neither").any()
items("multi_constraint", "line 7 stations in the 13th with over 2 million passengers",
      on_line("7") & in_loc("Paris 13th") & in_range("passengers", 2_000_001, None),
      {"num_range": {"passengers": [2000001, None]}})
items("multi_constraint", "give me 2 stations that have both RER and tram connections",
      df["connect_rer"].notna() & df["connect_tramway"].notna(), count=2)

# ---------------------------------------------------------------- title_forms
for text, name in [("tell me about charles de gaulle etoile", "Charles de Gaulle—Étoile"),
                   ("montparnasse bienvenue", "Montparnasse—Bienvenüe"),
                   ("info on strasbourg st denis", "Strasbourg—Saint-Denis")]:
    items("title_forms", text, df["name"] == name)

# ---------------------------------------------------------------- checks and output
kinds = pd.Series([q["kind"] for q in requests]).value_counts()
assert len(requests) == 30, len(requests)
assert kinds["plain"] >= 6
for k in ["plain", "typo", "units", "fact", "count", "impossible", "negation", "disjunction",
          "follow_up", "multi_constraint", "title_forms"]:
    assert kinds.get(k, 0) >= 1, k
allowed = {"has_items", "no_items", "subset_of_ids", "text_in", "num_range", "reply_number",
           "reply_contains", "reply_contains_any", "count", "none_have"}
for q in requests:
    assert set(q["expect"]) <= allowed, q["id"]
    if len(q["turns"]) > 1:
        assert q["kind"] == "follow_up"

with open(OUT, "w", encoding="utf-8") as f:
    for q in requests:
        f.write(json.dumps(q, ensure_ascii=False) + "\n")
print(f"wrote {len(requests)} requests to {OUT}")
print(kinds.to_string())
