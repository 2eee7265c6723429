"""Build ../requests/byo-r27b-nobel-laureates.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

One row = one prize share (a laureate who won twice has two rows). For every request that must return
items, `truth` is the set of rows that really answer it, computed here with plain pandas expressions
(decades and "since"/"before"/"after" turned into award-year ranges; "born in X" read from the birth
country column, which the source spells `County`), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file; facts asked by name are asserted unique
(case-insensitively). `Field/Language` values start with a space (`" English"`), so the one request on it
is checked with `subset_of_ids` rather than raw-string facets.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27b-nobel-laureates"
PREFIX = "r27b-no"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 839 and list(df["id"]) == [str(i) for i in range(1, 840)]
assert list(df.columns) == ["id", "Year", "Category", "Name", "Birthdate", "Birth Place", "County", "Residence",
                            "Role/Affiliate", "Field/Language", "Prize Name", "Motivation"]
raw = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False)
assert ((raw == "") == df.isna()).all().all()              # the only blanks are empty cells
YEAR = pd.to_numeric(df["Year"])                           # award year, 1901..2010, never blank
CAT, BORN_IN = df["Category"], df["County"]                # County = country of birth (source's spelling)
assert set(CAT) == {"physics", "chemistry", "medicine", "literature", "peace", "economics"}
assert YEAR.min() == 1901 and YEAR.max() == 2010 and not YEAR.isna().any()
assert BORN_IN.isna().sum() == 5 and df["Birth Place"].isna().sum() == 22


def laureate(part):
    r = df[df["Name"].str.contains(part, case=False, regex=False)]
    assert len(r) == 1, (part, len(r))
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "is not", "doesn't", "does not"]
WHAT = ["Nobel", "nobel", "laureate", "Laureate", "prize", "Prize"]


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


def others(col, *exclude):
    """Every raw value of `col` except `exclude` (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(exclude))
    assert set(exclude) <= set(df[col].dropna()), exclude
    return vals


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
add("greeting", ["what can you tell me about this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["literature prize winners"], {"has_items": True, "text_in": {"Category": ["literature"]}},
    CAT == "literature", 5)
add("plain", ["peace prize laureates born in Sweden"],
    {"has_items": True, "text_in": {"Category": ["peace"], "County": ["Sweden"]}},
    (CAT == "peace") & (BORN_IN == "Sweden"), 5)
add("plain", ["economics nobel winners who were born in the US"],
    {"has_items": True, "text_in": {"Category": ["economics"], "County": ["USA"]}},
    (CAT == "economics") & (BORN_IN == "USA"), 5)
add("plain", ["chemistry prizes since 2000"],
    {"has_items": True, "text_in": {"Category": ["chemistry"]}, "num_range": {"Year": [2000, None]}},
    (CAT == "chemistry") & (YEAR >= 2000), 5)

# ---- units (periods of time asked as decades, turned into award years) ------------------------------
add("units", ["medicine laureates from the 1950s"],
    {"has_items": True, "text_in": {"Category": ["medicine"]}, "num_range": {"Year": [1950, 1959]}},
    (CAT == "medicine") & (YEAR // 10 == 195))
add("units", ["physics winners from the 20s and 30s"],
    {"has_items": True, "text_in": {"Category": ["physics"]}, "num_range": {"Year": [1920, 1939]}},
    (CAT == "physics") & YEAR.floordiv(10).isin([192, 193]))

# ---- fact (asked by name; each name asserted unique) ------------------------------------------------
assert laureate("Einstein")["Year"] == "1921"
add("fact", ["what year did Einstein win his Nobel?"], {"reply_number": 1921})
assert laureate("Schrödinger")["Birth Place"] == "Vienna"
add("fact", ["where was Schrodinger born"], {"reply_contains": "Vienna"})
assert laureate("Toni Morrison")["Category"] == "literature"
add("fact", ["which prize did Toni Morrison get?"], {"reply_contains_any": ["literature", "Literature"]})

# ---- count ----------------------------------------------------------------------------------
assert (CAT == "economics").sum() == 67
add("count", ["how many economics prizes are listed?"], {"reply_number": 67})
assert (YEAR == 2010).sum() == 11
add("count", ["how many laureates from 2010 are in here?"], {"reply_number": 11})
assert df["Birth Place"].isna().sum() == 22
add("count", ["how many entries have no birthplace filled in"], {"reply_number": 22})

# ---- superlative ----------------------------------------------------------------------------
first_chem = top_ids(YEAR.where(CAT == "chemistry"), 1, largest=False)      # 1901; next chemistry prize 1902
assert first_chem == ["1"] and df.loc[0, "Name"] == "Jacobus Henricus van 't Hoff"
add("superlative", ["who was the very first chemistry laureate?"],
    {"has_items": True, "subset_of_ids": first_chem}, df.id.isin(first_chem), 1)
last_peace = top_ids(YEAR.where(CAT == "peace"), 3)        # 2010, 2009, 2008; next 2007 (two shares)
assert sorted(YEAR[df.id.isin(last_peace)]) == [2008, 2009, 2010]
add("superlative", ["the 3 most recent peace prize winners"],
    {"has_items": True, "subset_of_ids": last_peace}, df.id.isin(last_peace), 3)

# ---- ordinal (compared with another laureate) ------------------------------------------------
assert laureate("Milton Friedman")["Year"] == "1976"
add("ordinal", ["economists who won before Milton Friedman"],
    {"has_items": True, "text_in": {"Category": ["economics"]}, "num_range": {"Year": [None, 1975]}},
    (CAT == "economics") & (YEAR < int(laureate("Milton Friedman")["Year"])))
assert laureate("Hemingway")["Year"] == "1954"
add("ordinal", ["literature winners after Hemingway"],
    {"has_items": True, "text_in": {"Category": ["literature"]}, "num_range": {"Year": [1955, None]}},
    (CAT == "literature") & (YEAR > int(laureate("Hemingway")["Year"])))

# ---- negation -------------------------------------------------------------------------------
assert not ((CAT == "chemistry") & BORN_IN.isna()).any()
add("negation", ["chemistry laureates not born in the USA"],
    {"has_items": True, "text_in": {"Category": ["chemistry"], "County": others("County", "USA")}},
    (CAT == "chemistry") & BORN_IN.notna() & (BORN_IN != "USA"))
lang = df["Field/Language"]
not_english = (CAT == "literature") & lang.notna() & ~lang.str.contains("english", case=False, na=False)
assert not_english.sum() == 78 and ((CAT == "literature") & lang.isna()).sum() == 1
add("negation", ["literature laureates who didn't write in English"],
    {"has_items": True, "subset_of_ids": ids(not_english)}, not_english)

# ---- disjunction ----------------------------------------------------------------------------
assert sorted(BORN_IN.dropna()[BORN_IN.dropna().str.contains("Norw|Denm")].unique()) == ["Denmark", "Norway"]
add("disjunction", ["laureates born in Norway or Denmark"],
    {"has_items": True, "text_in": {"County": ["Denmark", "Norway"]}}, BORN_IN.isin(["Norway", "Denmark"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert list(BORN_IN.dropna()[BORN_IN.dropna().str.contains("Japan")].unique()) == ["Japan"]
add("follow_up", ["physics laureats", "only the ones born in Japan"],
    {"has_items": True, "text_in": {"Category": ["physics"], "County": ["Japan"]}},
    (CAT == "physics") & (BORN_IN == "Japan"))
add("follow_up", ["nobel peace prize winners", "only from the 1990s", "and just the south africans"],
    {"has_items": True, "text_in": {"Category": ["peace"], "County": ["South Africa"]},
     "num_range": {"Year": [1990, 1999]}},
    (CAT == "peace") & (YEAR // 10 == 199) & (BORN_IN == "South Africa"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["who won the nobel prize in mathematics?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, CAT.str.contains("math", case=False))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", "Name"].item() == "Godfrey N. Hounsfield"
add("id_lookup", ["tell me about item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
