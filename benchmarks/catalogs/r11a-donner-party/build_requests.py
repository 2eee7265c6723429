"""Build ../requests/byo-r11a-donner-party.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 11); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (ages in years against the user's months, the ISO death timestamps
parsed as dates against "January 1847", "the first 10 weeks of 1847" or another person's death date),
and the script asserts that the `expect` facets accept exactly those rows. Date conditions are written as
`text_in` over the raw `death` strings that qualify (survivors have a blank `death`, which never passes).
Counts and facts are asserted against the file. People are named in the source as "Last, First" in the
column `rownames`; a name asked about is asserted to match exactly one row.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r11a-donner-party"
PREFIX = "r11a-dp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 90 and list(df["id"]) == [str(i) for i in range(1, 91)]
assert list(df.columns) == ["id", "rownames", "family", "age", "sex", "survived", "death"]
AGE = pd.to_numeric(df["age"])
DEATH = pd.to_datetime(df["death"]).dt.tz_localize(None)   # NaT for survivors
assert (AGE % 1 == 0).all() and AGE.min() == 1             # whole years, no age 0
assert set(df.sex) == {"Male", "Female"} and set(df.survived) == {"0", "1"}
assert ((df.survived == "1") == df.death.isna()).all()     # a blank death date = survived
assert df.rownames.is_unique
FAMILIES = sorted(df.family.unique())
assert FAMILIES == ["Breen", "Donner", "Eddy", "FosdWolf", "Graves", "Keseberg", "McCutchen", "MurFosPik",
                    "Other", "Reed"], FAMILIES

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["Donner", "party", "Party", "pioneer", "Pioneer", "emigrant", "settler", "wagon", "survivor", "member"]


def person(name):
    """The one row whose name is exactly `name` ("Last, First"); asserts it is unique case-insensitively."""
    r = df[df["rownames"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


def deaths(mask):
    """Every raw `death` string of the rows in mask (for a date condition written as text_in)."""
    return sorted(df.loc[mask.fillna(False).astype(bool), "death"].dropna().unique())

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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["list the survivors"], {"has_items": True, "text_in": {"survived": ["1"]}}, df.survived == "1", 5)
add("plain", ["women who died"], {"has_items": True, "text_in": {"sex": ["Female"], "survived": ["0"]}},
    (df.sex == "Female") & (df.survived == "0"), 5)
gap_empty("age", 9, 10)
add("plain", ["children under 10"], {"has_items": True, "num_range": {"age": [None, 9]}}, AGE < 10, 5)
jan47 = (DEATH >= "1847-01-01") & (DEATH <= "1847-01-31")
assert deaths(jan47) == ["1847-01-18T00:00:00Z", "1847-01-24T00:00:00Z", "1847-01-31T00:00:00Z"]
add("plain", ["who died in january 1847"], {"has_items": True, "text_in": {"death": deaths(jan47)}}, jan47, 5)

# ---- units (age in whole years, asked in months; deaths asked in weeks of the year) ----------------
gap_empty("age", 1, 1.5)
add("units", ["babies under 18 months"], {"has_items": True, "num_range": {"age": [None, 1]}}, AGE * 12 < 18)
# the first 10 weeks of 1847 = 70 days = 1 January .. 11 March 1847; next death after 6 March is 12 March
ten_weeks = (DEATH >= pd.Timestamp("1847-01-01")) & (DEATH < pd.Timestamp("1847-01-01") + pd.Timedelta(weeks=10))
assert not ((DEATH > "1847-03-06") & (DEATH < "1847-03-12")).any()   # nobody died 7-11 March: any week count agrees
add("units", ["who died in the first 10 weeks of 1847?"],
    {"has_items": True, "text_in": {"death": deaths(ten_weeks)}}, ten_weeks)

# ---- fact (asked by name; "First Last" as people say it, "Last, First" in the file) ----------------
assert person("Murphy, Lavina")["age"] == "36"
add("fact", ["how old was Lavina Murphy?"], {"reply_number": 36})
assert person("Donner, Jacob")["death"] == "1846-12-21T00:00:00Z"
add("fact", ["when did jacob donner die"],
    {"reply_contains_any": ["1846-12-21", "December 21", "21 December", "Dec 21", "21 Dec", "12/21/1846",
                            "Dec. 21"]})
assert person("Foster, Sarah")["family"] == "MurFosPik"
add("fact", ["which family group is Sarah Foster listed under?"], {"reply_contains": "MurFosPik"})

# ---- count ----------------------------------------------------------------------------------
assert (df.survived == "0").sum() == 42
add("count", ["how many people died?"], {"reply_number": 42})
assert (df.family == "Reed").sum() == 7
add("count", ["how many were in the Reed famly"], {"reply_number": 7})
assert ((AGE < 5) & (df.survived == "0")).sum() == 9
add("count", ["how many kids under 5 didnt make it"], {"reply_number": 9})

# ---- superlative ----------------------------------------------------------------------------
old3 = top_ids(AGE, 3)                                      # 70, 65, 62; next is 60
assert sorted(AGE[df.id.isin(old3)]) == [62, 65, 70]
add("superlative", ["the 3 oldest people in the party"], {"has_items": True, "subset_of_ids": old3},
    df.id.isin(old3), 3)
last = top_ids(DEATH, 1)
assert df.loc[df.id.isin(last), "rownames"].tolist() == ["Donner, Tamsen"]
add("superlative", ["who was the last one to die?"], {"has_items": True, "subset_of_ids": last}, df.id.isin(last))

# ---- ordinal (compared with another member) ----------------------------------------------------
st = person("Stanton, Charles")
assert st["age"] == "35" and st["death"] == "1846-12-23T00:00:00Z"
gap_empty("age", 35, 36)
add("ordinal", ["who was older than Charles Stanton?"], {"has_items": True, "num_range": {"age": [36, None]}},
    AGE > int(st["age"]))
before = DEATH < pd.to_datetime(st["death"]).tz_localize(None)
assert before.sum() == 12
add("ordinal", ["people who died before charles stanton did"],
    {"has_items": True, "text_in": {"death": deaths(before)}}, before)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["everyone who wasn't a Donner family member"],
    {"has_items": True, "text_in": {"family": [f for f in FAMILIES if f != "Donner"]}}, df.family != "Donner")
add("negation", ["women that didn't die"], {"has_items": True, "text_in": {"sex": ["Female"], "survived": ["1"]}},
    (df.sex == "Female") & ~(df.survived == "0"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anyone from the Eddy or Keseberg families"],
    {"has_items": True, "text_in": {"family": ["Eddy", "Keseberg"]}}, df.family.isin(["Eddy", "Keseberg"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["the Graves family", "which of them died?"],
    {"has_items": True, "text_in": {"family": ["Graves"], "survived": ["0"]}},
    (df.family == "Graves") & (df.survived == "0"))
gap_empty("age", 11, 12)
add("follow_up", ["who survived?", "just the kids under 12", "only girls"],
    {"has_items": True, "text_in": {"survived": ["1"], "sex": ["Female"]}, "num_range": {"age": [None, 11]}},
    (df.survived == "1") & (AGE < 12) & (df.sex == "Female"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["was anyone older than 80?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE > 80)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "58", "rownames"].item() == "Keyes, Sarah"
add("id_lookup", ["tell me about item 58"], {"has_items": True, "subset_of_ids": ["58"]}, df.id == "58")

finish()
