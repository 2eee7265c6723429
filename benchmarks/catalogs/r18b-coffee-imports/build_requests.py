"""Build ../requests/byo-r18b-coffee-imports.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (`value` is in thousands of 60-kg bags: x 1000 for bags,
x 60 for tonnes), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. A row is named by country + year; 210 rows have no
country (and no value), 47 more have no value, and 256 zeros mostly mean the country did not exist
that year (USSR after 1991, Montenegro before 2006, ...).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18b-coffee-imports"
PREFIX = "r18b-co"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 4530 and list(df["id"]) == [str(i) for i in range(1, 4531)]
assert list(df.columns) == ["id", "country", "member", "year", "value"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, VAL = num("year"), num("value")
assert set(df.member) == {"0", "1"} and YEAR.min() == 1990 and YEAR.max() == 2019
assert df.country.isna().sum() == 210 and df.value.isna().sum() == 257
assert df.value[df.country.isna()].isna().all()            # nameless rows carry no value either
named = df.dropna(subset=["country"])
assert not named.duplicated(["country", "year"]).any()     # country + year names a row
assert (named.groupby("country").member.nunique() == 1).all()
COUNTRIES = sorted(named.country.unique())
assert len(COUNTRIES) == 144 and (df.groupby("year").size() == 151).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "never"]
WHAT = ["coffee", "Coffee", "import", "Import", "countr", "Countr"]


def row(country, year):
    r = df[(df.country == country) & (df.year == str(year))]
    assert len(r) == 1, (country, year)
    return r.iloc[0]


def is_country(*names):
    for n in names:
        assert n in COUNTRIES, n
    return df.country.isin(names)


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what kind of data have you got here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["coffee imports for japan"], {"has_items": True, "text_in": {"country": ["Japan"]}},
    is_country("Japan"), 5)
NORDIC = ["Denmark", "Finland", "Iceland", "Norway", "Sweden"]
add("plain", ["nordic countries since 2010"],
    {"has_items": True, "text_in": {"country": NORDIC}, "num_range": {"year": [2010, None]}},
    is_country(*NORDIC) & (YEAR >= 2010), 5)
gap_empty("value", 3000, 3000.0001)
add("plain", ["ICO members that imported over 3000 thousand bags in 1990"],
    {"has_items": True, "text_in": {"member": ["1"]}, "num_range": {"year": [1990, 1990], "value": [3000.0001, None]}},
    (df.member == "1") & (YEAR == 1990) & (VAL > 3000), 5)
gap_empty("value", 4000, 4000.0001)
add("plain", ["years when the UK improted more than 4000 (thousand bags)"],
    {"has_items": True, "text_in": {"country": ["United Kingdom"]}, "num_range": {"value": [4000.0001, None]}},
    is_country("United Kingdom") & (VAL > 4000), 5)

# ---- units (value = thousands of 60-kg bags) -------------------------------------------------
# more than 100,000 tonnes = more than 100000 / 60 = 1666.67 thousand bags
gap_empty("value", 100000 / 60, 1666.6667)
add("units", ["which countries imported more than 100,000 tonnes of coffee in 2010?"],
    {"has_items": True, "num_range": {"year": [2010, 2010], "value": [1666.6667, None]}},
    (YEAR == 2010) & (VAL * 60 > 100000))
# more than 2 million bags = more than 2000 thousand bags
gap_empty("value", 2000, 2000.0001)
add("units", ["years where Switzerland bought more than 2 million bags"],
    {"has_items": True, "text_in": {"country": ["Switzerland"]}, "num_range": {"value": [2000.0001, None]}},
    is_country("Switzerland") & (VAL * 1000 > 2_000_000))

# ---- fact (country + year names one row) ------------------------------------------------------
assert row("Spain", 2018)["value"] == "5673.0006739"
add("fact", ["how much coffee did Spain import in 2018?"], {"reply_number": 5673.0006739})
assert row("Switzerland", 2009)["value"] == "2101.0004279"
add("fact", ["swiss coffee imports in 2009?"], {"reply_number": 2101.0004279})
assert row("Lebanon", 1995)["value"] == "300.0"
add("fact", ["what was Lebanon's import figure for 1995"], {"reply_number": 300})

# ---- count ----------------------------------------------------------------------------------
assert named[named.member == "1"].country.nunique() == 35
add("count", ["how many different countries in the list are ICO members?"], {"reply_number": 35})
assert df.country.isna().sum() == 210
add("count", ["how many entries are missing the country name?"], {"reply_number": 210})
assert ((df.country == "USSR") & (VAL == 0)).sum() == 28
add("count", ["in how many years did the USSR import zero coffee"], {"reply_number": 28})

# ---- superlative ----------------------------------------------------------------------------
y19 = VAL.where(YEAR == 2019)
top3 = top_ids(y19, 3)                                     # USA, Germany, Italy; Japan next
assert sorted(df.country[df.id.isin(top3)]) == ["Germany", "Italy", "United States of America"]
add("superlative", ["top 3 coffee importers in 2019"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)
biggest = top_ids(VAL, 1)
assert biggest == [row("United States of America", 2019)["id"]]
add("superlative", ["what's the single biggest yearly import figure in the whole table?"],
    {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)

# ---- ordinal (2nd place; compared with another row) -------------------------------------------
y90 = VAL.where(YEAR == 1990).dropna().sort_values(ascending=False, kind="mergesort")
assert y90.iloc[0] > y90.iloc[1] > y90.iloc[2]
second = [str(df.loc[y90.index[1], "id"])]
assert second == [row("Germany", 1990)["id"]]
add("ordinal", ["who was the 2nd biggest importer in 1990"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)
assert row("France", 2019)["value"] == "7992.9050358"      # bound a hair above it (gap asserted empty)
fr19 = float(row("France", 2019)["value"])
gap_empty("value", 7992.9050358, 7992.9050359)
assert sorted(df.country[(YEAR == 2019) & (VAL > fr19)]) == ["Germany", "Italy", "Japan", "United States of America"]
add("ordinal", ["which countries imported more coffee than France did in 2019"],
    {"has_items": True, "num_range": {"year": [2019, 2019], "value": [7992.9050359, None]}},
    (YEAR == 2019) & (VAL > fr19))

# ---- negation -------------------------------------------------------------------------------
gap_empty("value", 1000, 1000.0001)
add("negation", ["contries that are not ICO members but imported over 1000 in 2018"],
    {"has_items": True, "text_in": {"member": ["0"]}, "num_range": {"year": [2018, 2018], "value": [1000.0001, None]}},
    (df.member != "1") & (YEAR == 2018) & (VAL > 1000))
gap_empty("value", 5000, 5000.0001)
OTHERS = [c for c in COUNTRIES if c not in ("United States of America", "Germany")]
add("negation", ["apart from the USA and Germany, who imported over 5000 (thousand bags) in 2019?"],
    {"has_items": True, "text_in": {"country": OTHERS}, "num_range": {"year": [2019, 2019], "value": [5000.0001, None]}},
    df.country.notna() & ~df.country.isin(["United States of America", "Germany"]) & (YEAR == 2019) & (VAL > 5000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Finland or Sweden, 2019"],
    {"has_items": True, "text_in": {"country": ["Finland", "Sweden"]}, "num_range": {"year": [2019, 2019]}},
    (is_country("Finland") | is_country("Sweden")) & (YEAR == 2019))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me Germany's coffee imports", "only the years after 2010"],
    {"has_items": True, "text_in": {"country": ["Germany"]}, "num_range": {"year": [2011, None]}},
    is_country("Germany") & (YEAR > 2010))
gap_empty("value", 2999.9999, 3000)
add("follow_up", ["which countries imported more than 1 million bags in 2005?", "just the ICO members",
                  "and less than 3 million bags"],
    {"has_items": True, "text_in": {"member": ["1"]},
     "num_range": {"year": [2005, 2005], "value": [1000.0001, 2999.9999]}},
    (YEAR == 2005) & (VAL * 1000 > 1_000_000) & (df.member == "1") & (VAL * 1000 < 3_000_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did any country ever import more than 50 million bags in one year?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, VAL * 1000 > 50_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "2000", ["country", "year"]].values.tolist() == [["Croatia", "2003"]]
add("id_lookup", ["what's item 2000?"], {"has_items": True, "subset_of_ids": ["2000"]}, df.id == "2000")

finish()
