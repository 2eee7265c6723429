"""Build ../requests/byo-r34b-nz-divorces.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 34); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one age group x sex x year cell of New Zealand divorce statistics (no title; a row is named
by its parts). For every request that must return items, `truth` is the set of rows that really answer it,
computed here with plain pandas expressions (population against the user's "k" / "million", age bands
compared by their lower bound), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file; a cell named by age, sex and year is asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r34b-nz-divorces"
PREFIX = "r34b-nz"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 242 and list(df["id"]) == [str(i) for i in range(1, 243)]
assert list(df.columns) == ["id", "age", "sex", "time", "divorces", "population"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, DIV, POP = num("time"), num("divorces"), num("population")
AGES = ["15-19", "20-24", "25-29", "30-34", "35-39", "40-44", "45-49", "50-54", "55-59", "60-64", "65+"]
assert sorted(df.age.unique()) == AGES and set(df.sex) == {"Female", "Male"}
assert sorted(YEAR.unique()) == list(range(2011, 2022)) and df.notna().all().all()
assert (DIV % 3 == 0).all() and (POP % 10 == 0).all()      # counts randomly rounded to base 3, pop. to 10
LOW = df.age.str.extract(r"^(\d+)")[0].astype(int)         # lower bound of each age band
WHAT = ["divorce", "Divorce", "New Zealand", "NZ"]

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


def cell(age, sex, year):
    r = df[(df.age == age) & (df.sex == sex) & (df.time == str(year))]
    assert len(r) == 1, (age, sex, year)
    return r.iloc[0]


def others(*ages):
    return [a for a in AGES if a not in ages]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["women aged 30 to 34, all years"],
    {"has_items": True, "text_in": {"age": ["30-34"], "sex": ["Female"]}}, (df.age == "30-34") & (df.sex == "Female"), 5)
add("plain", ["men in 2020"],
    {"has_items": True, "text_in": {"sex": ["Male"]}, "num_range": {"time": [2020, 2020]}},
    (df.sex == "Male") & (YEAR == 2020), 5)
gap_empty("divorces", 1000, 1001)
add("plain", ["groups with more than 1000 divorces in a year"],
    {"has_items": True, "num_range": {"divorces": [1001, None]}}, DIV > 1000, 5)
add("plain", ["over 65s since 2018"],
    {"has_items": True, "text_in": {"age": ["65+"]}, "num_range": {"time": [2018, None]}},
    (LOW >= 65) & (YEAR >= 2018), 5)

# ---- units (population in people; asked in thousands / millions) ------------------------------------
gap_empty("population", 300000, 300001)
add("units", ["which groups have a population above 300k?"],
    {"has_items": True, "num_range": {"population": [300001, None]}}, POP / 1000 > 300)
gap_empty("population", 119999, 120000)
add("units", ["groups smaller than 0.12 million people"],
    {"has_items": True, "num_range": {"population": [None, 119999]}}, POP / 1e6 < 0.12)

# ---- fact (a cell named by its parts) ------------------------------------------------------------
assert cell("40-44", "Male", 2015)["divorces"] == "1386"
add("fact", ["how many divorces were there among men aged 40-44 in 2015?"], {"reply_number": 1386})
assert cell("65+", "Female", 2021)["population"] == "434780"
add("fact", ["population of women 65 and over in 2021"], {"reply_number": 434780})
assert cell("25-29", "Female", 2011)["divorces"] == "708"
add("fact", ["divorce count for females 25-29 in 2011"], {"reply_number": 708})

# ---- count ----------------------------------------------------------------------------------
assert (DIV == 0).sum() == 14
add("count", ["how many of the groups had zero divorces?"], {"reply_number": 14})
assert (DIV < 10).sum() == 22
add("count", ["in how many rows are there fewer than 10 divorces"], {"reply_number": 22})
assert (DIV > 1500).sum() == 7
add("count", ["how many times did a group go over 1500 divorces in a year?"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(DIV, 3)                                      # 1614, 1593, 1587; next is 1560
assert sorted(DIV[df.id.isin(top3)]) == [1587, 1593, 1614]
add("superlative", ["the 3 groups with the most divorces"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)
small = top_ids(POP, 1, largest=False)
assert small == ["210"] and POP.min() == 116910
add("superlative", ["smallest population group?"], {"has_items": True, "subset_of_ids": small}, df.id.isin(small), 1)

# ---- ordinal --------------------------------------------------------------------------------
y21 = DIV.where(YEAR == 2021)
second = top_ids(y21, 2)                                    # 2021: 1044, 954, 933
assert sorted(y21[df.id.isin(second)]) == [954, 1044]
second = [i for i in second if y21[df.id == i].item() == 954]
assert cell("40-44", "Female", 2021)["id"] == "121" and second == ["121"]
add("ordinal", ["which group had the 2nd most divorces in 2021?"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
ref = int(cell("45-49", "Male", 2019)["divorces"])
assert ref == 1347
gap_empty("divorces", 1347, 1350)
add("ordinal", ["female groups with more divorces than men aged 45-49 had in 2019"],
    {"has_items": True, "text_in": {"sex": ["Female"]}, "num_range": {"divorces": [1350, None]}},
    (df.sex == "Female") & (DIV > ref))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["2021 figures, not including the 65+ group"],
    {"has_items": True, "text_in": {"age": others("65+")}, "num_range": {"time": [2021, 2021]}},
    (YEAR == 2021) & (df.age != "65+"))
add("negation", ["women in 2013, any age except 15-19 and 20-24"],
    {"has_items": True, "text_in": {"age": others("15-19", "20-24"), "sex": ["Female"]},
     "num_range": {"time": [2013, 2013]}},
    (YEAR == 2013) & (df.sex == "Female") & ~df.age.isin(["15-19", "20-24"]))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["20-24 or 60-64 year old women in 2016"],
    {"has_items": True, "text_in": {"age": ["20-24", "60-64"], "sex": ["Female"]}, "num_range": {"time": [2016, 2016]}},
    ((df.age == "20-24") | (df.age == "60-64")) & (df.sex == "Female") & (YEAR == 2016))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("divorces", 1200, 1201)
add("follow_up", ["groups with over 1200 divorces", "what about women only?"],
    {"has_items": True, "text_in": {"sex": ["Female"]}, "num_range": {"divorces": [1201, None]}},
    (df.sex == "Female") & (DIV > 1200))
add("follow_up", ["divorces among 40-44 year olds", "just the men", "only after 2016"],
    {"has_items": True, "text_in": {"age": ["40-44"], "sex": ["Male"]}, "num_range": {"time": [2017, None]}},
    (df.age == "40-44") & (df.sex == "Male") & (YEAR > 2016))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["figures for 2005 please"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR == 2005)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "100", ["age", "sex", "time"]].values.tolist() == [["35-39", "Male", "2011"]]
add("id_lookup", ["show me item 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
