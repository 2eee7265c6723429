"""Build ../requests/byo-r4b-blizzard-salaries.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 4); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (pay annualised from `salary_type` where the request is about yearly
pay: hour x 2080, week x 52), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r4b-blizzard-salaries"
PREFIX = "r4b-bz"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 466 and list(df["id"]) == [str(i) for i in range(1, 467)]
PAY = pd.to_numeric(df["current_salary"])
RAISE = pd.to_numeric(df["percent_incr"])
assert set(df["salary_type"]) == {"year", "hour", "week"}
ANNUAL = PAY * df["salary_type"].map({"year": 1, "hour": 40 * 52, "week": 52})
TITLE = df["current_title"].str.lower()                   # blank titles stay NaN
WHEN = pd.to_datetime(df["timestamp"], format="%m/%d/%y %H:%M")
LOCS = set(df["location"].dropna())
RATINGS = set(df["performance_rating"].dropna())
assert RATINGS == {"Developing", "Successful", "High", "Top"}   # graded: Developing < Successful < High < Top
ORDER = {"Developing": 1, "Successful": 2, "High": 3, "Top": 4}
GRADE = df["performance_rating"].map(ORDER)

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["salar", "Salar", "job", "Job", "pay", "Pay", "Blizzard", "role", "title", "employee"]


def ids(mask):
    return [str(i) for i in df.loc[pd.Series(mask, index=df.index).fillna(False).astype(bool), "id"]]


def cell(i, col):
    return df.loc[df["id"] == str(i), col].item()


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey what's this data about?"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what can you do for me"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the contractor entries"],
    {"has_items": True, "text_in": {"status": ["Contractor"]}}, df.status == "Contractor", 5)
add("plain", ["salaries for people in cork"],
    {"has_items": True, "text_in": {"location": ["Cork"]}}, df.location.str.lower() == "cork", 5)
ta = TITLE.str.contains("test analyst") & (df.location == "Irvine")
add("plain", ["test analyst pay in irvine"],
    {"has_items": True, "text_in": {"location": ["Irvine"]}, "subset_of_ids": ids(ta)}, ta, 5)
add("plain", ["folks in austin with a top performance rating"],
    {"has_items": True, "text_in": {"location": ["Austin"], "performance_rating": ["Top"]}},
    (df.location == "Austin") & (df.performance_rating == "Top"), 5)

# ---- units (current_salary is per year, per hour or per week, as salary_type says) ---------------
# "over 150k a year": no hourly (max 62.5 x 2080 = 130k) or weekly entry reaches it
assert not ((PAY > 150000) & (PAY < 150000.01)).any()
add("units", ["jobs paying over 150k a year"],
    {"has_items": True, "text_in": {"salary_type": ["year"]}, "num_range": {"current_salary": [150000.01, None]}},
    ANNUAL > 150_000)
add("units", ["hourly positions that pay at least $30/hr"],
    {"has_items": True, "text_in": {"salary_type": ["hour"]}, "num_range": {"current_salary": [30, None]}},
    (df.salary_type == "hour") & (PAY >= 30))

# ---- fact -----------------------------------------------------------------------------------
assert cell(455, "current_salary") == "216856.0"
add("fact", ["what's the salary on entry 455?"], {"reply_number": 216856})
assert cell(324, "percent_incr") == "18.6"
add("fact", ["what raise did #324 get"], {"reply_number": 18.6})
wk = df[df.salary_type == "week"]
assert len(wk) == 1 and wk.current_salary.item() == "1625.0" and wk.current_title.item() == "Post Production"
add("fact", ["how much does the post production contractor who's paid weekly make per week?"], {"reply_number": 1625})

# ---- count ----------------------------------------------------------------------------------
assert (df.location == "Cork").sum() == 24
add("count", ["how many people are based in cork"], {"reply_number": 24})
assert (df.salary_type == "hour").sum() == 63
add("count", ["how many entries are paid by the hour?"], {"reply_number": 63})
assert (WHEN.dt.year == 2021).sum() == 8
add("count", ["how many responses were submitted in 2021"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
top = ANNUAL.nlargest(4)
assert top.iloc[2] > top.iloc[3]
assert ids(df.index.isin(top.index[:3])) == ["453", "454", "455"]
add("superlative", ["the 3 best paid people"],
    {"has_items": True, "subset_of_ids": ["453", "454", "455"]}, df.index.isin(top.index[:3]), 3)
assert RAISE.max() == 21.5 and (RAISE == 21.5).sum() == 1
add("superlative", ["who got the biggest raise?"],
    {"has_items": True, "subset_of_ids": ["226"]}, RAISE == RAISE.max())

# ---- ordinal (performance_rating is graded) ----------------------------------------------------
add("ordinal", ["people in austin rated high or better"],
    {"has_items": True, "text_in": {"location": ["Austin"], "performance_rating": ["High", "Top"]}},
    (df.location == "Austin") & (GRADE >= ORDER["High"]))
add("ordinal", ["anyone rated below successful?"],
    {"has_items": True, "text_in": {"performance_rating": ["Developing"]}}, GRADE < ORDER["Successful"])

# ---- negation -------------------------------------------------------------------------------
add("negation", ["full timers who are not on a yearly salary"],
    {"has_items": True, "text_in": {"status": ["Full Time Employee"], "salary_type": ["hour", "week"]}},
    (df.status == "Full Time Employee") & (df.salary_type != "year"))
# blank locations are unknown, so they are not "outside Irvine"
outside = df.location.notna() & (df.location != "Irvine") & (ANNUAL > 100_000)
assert not ((PAY > 100000) & (PAY < 100000.01)).any()
add("negation", ["anything not in irvine that pays over 100k a year"],
    {"has_items": True, "text_in": {"location": sorted(LOCS - {"Irvine"}), "salary_type": ["year"]},
     "num_range": {"current_salary": [100000.01, None]}}, outside)

# ---- disjunction ----------------------------------------------------------------------------
gm_cs = TITLE.str.contains("game master") | TITLE.str.contains("customer support")
add("disjunction", ["either game master or customer support roles"],
    {"has_items": True, "subset_of_ids": ids(gm_cs)}, gm_cs)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
prod = TITLE.str.contains("producer") & (ANNUAL > 100_000)
add("follow_up", ["show me producers", "only ones making over 100k"],
    {"has_items": True, "text_in": {"salary_type": ["year"]}, "num_range": {"current_salary": [100000.01, None]},
     "subset_of_ids": ids(prod)}, prod)
add("follow_up", ["what do people in versailles make", "just the ones rated successful"],
    {"has_items": True, "text_in": {"location": ["Versailles", "versailles"], "performance_rating": ["Successful"]}},
    (df.location.str.lower() == "versailles") & (df.performance_rating == "Successful"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any contractors in cork?"],
    {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.status == "Contractor") & (df.location.str.lower() == "cork"))

# ---- id_lookup ------------------------------------------------------------------------------
assert cell(291, "current_title") == "Software Engineer" and cell(291, "current_salary") == "100000.0"
add("id_lookup", ["show me entry 291"], {"has_items": True, "subset_of_ids": ["291"]}, df.id == "291")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
