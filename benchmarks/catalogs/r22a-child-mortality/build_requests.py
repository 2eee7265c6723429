"""Build ../requests/byo-r22a-child-mortality.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 22); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (rates per 1,000 live births converted to percent where the user asks
in percent, deaths in thousands against the user's plain counts), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file; facts name a country the
way people say it ("Vietnam", "the UK") and the script asserts which single row (`Viet Nam`,
`United Kingdom`) that is. The one `?` cell (San Marino's neonatal share) never passes a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r22a-child-mortality"
PREFIX = "r22a-cm"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 195 and list(df["id"]) == [str(i) for i in range(1, 196)]
COLS = ["countries_and_areas", "under5_mortality_1990", "under5_mortality_2000", "under5_mortality_2018",
        "under5_reduction", "under5_mortality_2018_male", "under5_mortality_2018_female", "infant_mortality_1990",
        "infant_mortality_2018", "neonatal_mortality_1990", "neonatal_mortality_2000", "neonatal_mortality_2018",
        "prob_dying_age5to14_1990", "prob_dying_age5to14_2018", "under5_deaths_2018", "neonatal_deaths_2018",
        "neonatal_deaths_percent_under5", "age5to14_deaths_2018"]
assert list(df.columns) == ["id"] + COLS
assert not df.isna().any().any() and df.countries_and_areas.str.lower().is_unique
assert (df.neonatal_deaths_percent_under5 == "?").sum() == 1
num = lambda c: pd.to_numeric(df[c], errors="coerce")     # numeric view for the truth expressions
U90, U18, RED = num("under5_mortality_1990"), num("under5_mortality_2018"), num("under5_reduction")
U18F, U18M = num("under5_mortality_2018_female"), num("under5_mortality_2018_male")
I90, I18 = num("infant_mortality_1990"), num("infant_mortality_2018")
N18, D18 = num("neonatal_mortality_2018"), num("under5_deaths_2018")
for c in COLS[1:]:
    if c != "neonatal_deaths_percent_under5":
        assert num(c).notna().all(), c
for c in COLS[1:]:                                          # rates and death counts are whole numbers
    if c not in ("under5_reduction", "neonatal_deaths_percent_under5"):
        assert (num(c) % 1 == 0).all(), c
WHAT = ["mortality", "Mortality", "child", "Child", "countr", "Countr", "death", "Death", "UNICEF"]


def country(name):
    r = df[df.countries_and_areas.str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")            # a non-number cell (`?`) never passes
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
    v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each; rates are deaths per 1,000 live births) -----------------------
add("plain", ["countries where under-5 mortality was above 80 in 2018"],
    {"has_items": True, "num_range": {"under5_mortality_2018": [81, None]}}, U18 > 80, 5)
add("plain", ["countries with neonatal mortality of 4 per 1000 or lower in 2018"],
    {"has_items": True, "num_range": {"neonatal_mortality_2018": [None, 4]}}, N18 <= 4, 5)
add("plain", ["contries where the under five death rate was over 150 in 1990"],
    {"has_items": True, "num_range": {"under5_mortality_1990": [151, None]}}, U90 > 150, 5)
add("plain", ["where is the under-5 mortaility for girls 10 per thousand or less (2018)?"],
    {"has_items": True, "num_range": {"under5_mortality_2018_female": [None, 10]}}, U18F <= 10, 5)

# ---- units ----------------------------------------------------------------------------------
# more than 5% of children dying before 5 = more than 50 per 1,000; rates are whole numbers
add("units", ["countries where more than 5% of kids died before their fifth birthday in 2018"],
    {"has_items": True, "num_range": {"under5_mortality_2018": [51, None]}}, U18 / 10 > 5)
# under5_deaths_2018 is in thousands: more than 100,000 deaths = more than 100
assert not (D18 == 100).any()
add("units", ["which countries had more than 100,000 under-5 deaths in 2018?"],
    {"has_items": True, "num_range": {"under5_deaths_2018": [101, None]}}, D18 * 1000 > 100000)

# ---- fact (countries named the way people say them) ------------------------------------------------
assert country("Viet Nam")["under5_mortality_2018"] == "21"
assert not df.countries_and_areas.str.lower().str.contains("vietnam").any()
add("fact", ["what was vietnam's under-5 mortality rate in 2018?"], {"reply_number": 21})
assert country("United Kingdom")["infant_mortality_2018"] == "4"
add("fact", ["infant mortality in the UK in 2018?"], {"reply_number": 4})
assert country("Rwanda")["under5_reduction"] == "9.1"
add("fact", ["how fast did rwanda cut under-5 mortality each year since 2000, in %?"], {"reply_number": 9.1})

# ---- count ----------------------------------------------------------------------------------
assert (U90 > 100).sum() == 53
add("count", ["how many countries had under-5 mortality above 100 in 1990?"], {"reply_number": 53})
assert (df.neonatal_deaths_percent_under5 == "?").sum() == 1
add("count", ["how many countries are missing the neonatal share of under-5 deaths?"], {"reply_number": 1})
assert (RED < 0).sum() == 5
add("count", ["in how many countries did under-5 mortality go up between 2000 and 2018 (negative reduction rate)?"],
    {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(U18, 3)                                     # Somalia 122, Nigeria 120, Chad 119; next 116
assert sorted(U18[df.id.isin(top3)]) == [119, 120, 122]
add("superlative", ["which 3 countries had the highest under-5 mortality in 2018"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
fastest = top_ids(RED, 1)                                  # Montenegro 9.5; next Rwanda 9.1
assert df.loc[df.id == fastest[0], "countries_and_areas"].item() == "Montenegro"
add("superlative", ["which country reduced child mortality the fastest since 2000?"],
    {"has_items": True, "subset_of_ids": fastest}, df.id.isin(fastest), 1)

# ---- ordinal --------------------------------------------------------------------------------
top2 = top_ids(U90, 2)                                     # Niger 329, Sierra Leone 263; next Liberia 262
second = [i for i in top2 if U90[df.id == i].item() == 263]
assert df.loc[df.id == second[0], "countries_and_areas"].item() == "Sierra Leone"
add("ordinal", ["2nd highest under-5 mortality in 1990?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)
us = int(country("United States")["infant_mortality_2018"])
assert us == 6
add("ordinal", ["countries with lower infant mortality than the US in 2018"],
    {"has_items": True, "num_range": {"infant_mortality_2018": [None, 5]}}, I18 < us)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["countries whose under-5 mortality in 2018 was not above 10"],
    {"has_items": True, "num_range": {"under5_mortality_2018": [None, 10]}}, ~(U18 > 10))
add("negation", ["places where boys' under-5 mortality in 2018 isn't higher than 20"],
    {"has_items": True, "num_range": {"under5_mortality_2018_male": [None, 20]}}, ~(U18M > 20))

# ---- disjunction ----------------------------------------------------------------------------
disj = (U18 > 100) | (N18 > 40)
dids = ids(disj)
assert dids == ["33", "34", "72", "126", "131", "156", "161"], dids
add("disjunction", ["countries with under-5 mortality over 100 or neonatal mortality over 40 in 2018"],
    {"has_items": True, "subset_of_ids": dids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["countries with infant mortality over 50 per 1000 in 2018", "which of those were over 100 in 1990?"],
    {"has_items": True, "num_range": {"infant_mortality_2018": [51, None], "infant_mortality_1990": [101, None]}},
    (I18 > 50) & (I90 > 100))
add("follow_up", ["under 5 mortality between 20 and 40 in 2018", "only the ones that were above 100 back in 1990",
                  "which of those have neonatal mortality under 20 now"],
    {"has_items": True, "num_range": {"under5_mortality_2018": [20, 40], "under5_mortality_1990": [101, None],
                                      "neonatal_mortality_2018": [None, 19]}},
    (U18 >= 20) & (U18 <= 40) & (U90 > 100) & (N18 < 20))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any country where under-5 mortality was above 200 in 2018?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, U18 > 200)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "150", "countries_and_areas"].item() == "San Marino"
add("id_lookup", ["show item 150"], {"has_items": True, "subset_of_ids": ["150"]}, df.id == "150")

finish()
