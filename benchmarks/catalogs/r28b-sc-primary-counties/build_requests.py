"""Build ../requests/byo-r28b-sc-primary-counties.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's terms (vote shares and rates are stored as percents,
0-100, so "a quarter of the vote" is 25 and "1 in 5" is 20; incomes in whole dollars against the user's
"k"), and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are
asserted against the file. `clinton`/`sanders` are shares of the Democratic primary vote and
`trump`/`cruz`/`rubio` shares of the Republican primary vote, each within the county.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28b-sc-primary-counties"
PREFIX = "r28b-sc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 46 and list(df["id"]) == [str(i) for i in range(1, 47)]
assert list(df.columns) == ["id", "county", "clinton", "sanders", "trump", "cruz", "rubio", "percapinc",
                            "medhouseinc", "medfaminc", "illiteracy", "perblack", "population",
                            "romneyshare2012", "perhsgrad", "unemployment"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CLINTON, SANDERS, TRUMP, RUBIO = num("clinton"), num("sanders"), num("trump"), num("rubio")
UNEMP, BLACK, POP, PCI = num("unemployment"), num("perblack"), num("population"), num("percapinc")
HHINC, ILLIT, ROMNEY = num("medhouseinc"), num("illiteracy"), num("romneyshare2012")
assert df.county.str.lower().is_unique and "Mccormick" in set(df.county)   # source spelling, not McCormick
assert ((CLINTON + SANDERS) <= 100).all() and ((TRUMP + num("cruz") + RUBIO) <= 100).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["county", "County", "counties", "Counties", "South Carolina", "primary", "Primary", "election",
        "Election", "vote", "Vote"]


def county(name):
    r = df[df["county"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col])
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
    v = pd.to_numeric(df[col])
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can I ask you about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("trump", 40, 40.1)                               # shares have one decimal
add("plain", ["counties where Trump got over 40%"],
    {"has_items": True, "num_range": {"trump": [40.1, None]}}, TRUMP > 40, 5)
add("plain", ["countys where Sanders won at least 30 percent"],
    {"has_items": True, "num_range": {"sanders": [30, None]}}, SANDERS >= 30, 5)
gap_empty("unemployment", 8, 8.1)
add("plain", ["counties with unemployement above 8%"],
    {"has_items": True, "num_range": {"unemployment": [8.1, None]}}, UNEMP > 8, 5)
gap_empty("medhouseinc", 34999, 35000)                     # whole dollars
add("plain", ["poorer counties, median household income below 35k"],
    {"has_items": True, "num_range": {"medhouseinc": [None, 34999]}}, HHINC / 1000 < 35, 5)

# ---- units (shares stored as percents 0-100) ---------------------------------------------------
gap_empty("rubio", 25, 25.1)
add("units", ["where did Rubio get more than a quarter of the Republican vote?"],
    {"has_items": True, "num_range": {"rubio": [25.1, None]}}, RUBIO / 100 > 1 / 4)
gap_empty("illiteracy", 20, 21)                            # whole percents
add("units", ["counties where more than 1 in 5 people lack basic literacy"],
    {"has_items": True, "num_range": {"illiteracy": [21, None]}}, ILLIT / 100 > 1 / 5)

# ---- fact (asked by county name) ------------------------------------------------------------
assert county("Dillon")["cruz"] == "34.1"
add("fact", ["what share did Cruz get in Dillon county?"], {"reply_number": 34.1})
assert county("Charleston")["population"] == "381015"
add("fact", ["population of Charleston county?"], {"reply_number": 381015})
h = county("Horry")
assert float(h["trump"]) > max(float(h["cruz"]), float(h["rubio"]))          # 49.2 vs 15.8 and 17.9
add("fact", ["in Horry, who got more of the GOP vote - Trump, Cruz or Rubio?"], {"reply_contains": "Trump"})

# ---- count ----------------------------------------------------------------------------------
assert (BLACK > 50).sum() == 9
add("count", ["how many counties are majority black?"], {"reply_number": 9})
assert (SANDERS > 35).sum() == 5
add("count", ["in how many counties did Sanders get more than 35%"], {"reply_number": 5})
assert (ROMNEY > 65).sum() == 4 and not (ROMNEY == 65).any()
add("count", ["how many counties gave Romney more than 65% in 2012?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
richest = top_ids(PCI, 1)
assert richest == [county("Beaufort")["id"]] and PCI.max() == 32731
add("superlative", ["which county has the highest per capita income?"],
    {"has_items": True, "subset_of_ids": richest}, df.id.isin(richest), 1)
black3 = top_ids(BLACK, 3)                                 # 72.9, 65.5, 63.2; next 62.3
assert sorted(BLACK[df.id.isin(black3)], reverse=True) == [72.9, 65.5, 63.2]
add("superlative", ["top 3 counties by share of black residents"],
    {"has_items": True, "subset_of_ids": black3}, df.id.isin(black3), 3)

# ---- ordinal (compared with another county) ---------------------------------------------------
assert county("Greenville")["percapinc"] == "24931"
gap_empty("percapinc", 24931, 24932)
add("ordinal", ["counties richer per person than Greenville"],
    {"has_items": True, "num_range": {"percapinc": [24932, None]}}, PCI > float(county("Greenville")["percapinc"]))
assert county("Charleston")["sanders"] == "33.4"
gap_empty("sanders", 33.4, 33.5)
add("ordinal", ["where did Sanders do better than he did in Charleston?"],
    {"has_items": True, "num_range": {"sanders": [33.5, None]}}, SANDERS > float(county("Charleston")["sanders"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("clinton", 69.9, 70)
add("negation", ["counties where Clinton didn't reach 70%"],
    {"has_items": True, "num_range": {"clinton": [None, 69.9]}}, ~(CLINTON >= 70))
add("negation", ["counties where Trump wasn't above 30 percent"],
    {"has_items": True, "num_range": {"trump": [None, 30]}}, ~(TRUMP > 30))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POP < 15000) | (POP > 300000)
assert ids(disj) == ["3", "9", "10", "23", "35", "40"]
add("disjunction", ["counties with fewer than 15,000 people or more than 300,000"],
    {"has_items": True, "subset_of_ids": ["3", "9", "10", "23", "35", "40"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("population", 100000, 100001)
gap_empty("sanders", 30, 30.1)
add("follow_up", ["counties with more than 100,000 residents", "just the ones where Sanders topped 30%"],
    {"has_items": True, "num_range": {"population": [100001, None], "sanders": [30.1, None]}},
    (POP > 100000) & (SANDERS > 30))
gap_empty("clinton", 85, 85.1)
gap_empty("unemployment", 7, 7.1)
gap_empty("percapinc", 16999, 17000)
add("follow_up", ["show me counties where Clinton got over 85%", "only those with unemployment above 7",
                  "and per capita income under 17k"],
    {"has_items": True, "num_range": {"clinton": [85.1, None], "unemployment": [7.1, None],
                                      "percapinc": [None, 16999]}},
    (CLINTON > 85) & (UNEMP > 7) & (PCI < 17000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any county where Rubio won over 40%?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    RUBIO > 40)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "30", "county"].item() == "Laurens"
add("id_lookup", ["show me item 30"], {"has_items": True, "subset_of_ids": ["30"]}, df.id == "30")

finish()
