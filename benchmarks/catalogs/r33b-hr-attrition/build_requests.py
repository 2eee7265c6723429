"""Build ../requests/byo-r33b-hr-attrition.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (monthly income against the user's yearly "150k", years in role against
"18 months", graded satisfaction compared on its order Low < Medium < High < Very_High), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`rownames` is the source's own employee number (1..2068 with gaps), not the row `id`; the employee numbers
named in requests are all above 1470, so none of them is also a row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33b-hr-attrition"
PREFIX = "r33b-hr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1470 and list(df["id"]) == [str(i) for i in range(1, 1471)]
assert df.columns[:4].tolist() == ["id", "rownames", "Age", "Attrition"] and len(df.columns) == 33
assert df.notna().all().all() and df.rownames.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, INC, ROLE_YRS, CO_YRS = num("Age"), num("MonthlyIncome"), num("YearsInCurrentRole"), num("YearsAtCompany")
assert (INC % 1 == 0).all() and (ROLE_YRS % 1 == 0).all()  # whole numbers
SAT = ["Low", "Medium", "High", "Very_High"]               # order of the graded satisfaction columns
assert set(df.JobSatisfaction) == set(SAT)
assert set(df.Attrition) == set(df.OverTime) == {"Yes", "No"}
assert set(df.Department) == {"Research_Development", "Sales", "Human_Resources"}
assert set(df.MaritalStatus) == {"Married", "Single", "Divorced"}
ASKED = {1502, 1578, 1625, 1700, 1789}                    # employee numbers named in requests: all > 1470
assert ASKED <= set(df.rownames.astype(int)) and min(ASKED) > len(df)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["employee", "Employee", "staff", "Staff", "worker", "HR", "attrition", "Attrition", "job", "Job"]


def emp(number):
    r = df[df["rownames"] == str(number)]
    assert len(r) == 1, number
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
add("greeting", ["what kind of records do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["emplyees who left the company"], {"has_items": True, "text_in": {"Attrition": ["Yes"]}},
    df.Attrition == "Yes", 5)
add("plain", ["research scientists who work overtime"],
    {"has_items": True, "text_in": {"JobRole": ["Research_Scientist"], "OverTime": ["Yes"]}},
    (df.JobRole == "Research_Scientist") & (df.OverTime == "Yes"), 5)
add("plain", ["people with a master's degree in the sales department"],
    {"has_items": True, "text_in": {"Education": ["Master"], "Department": ["Sales"]}},
    (df.Education == "Master") & (df.Department == "Sales"), 5)
add("plain", ["managers earning over 15000 a month"],
    {"has_items": True, "text_in": {"JobRole": ["Manager"]}, "num_range": {"MonthlyIncome": [15001, None]}},
    (df.JobRole == "Manager") & (INC > 15000), 5)

# ---- units (income is per month; tenure columns are whole years) -----------------------------------
# more than 150k a year = more than 12,500 a month; incomes are whole numbers
add("units", ["who makes more than 150k a year in R&D?"],
    {"has_items": True, "text_in": {"Department": ["Research_Development"]},
     "num_range": {"MonthlyIncome": [12501, None]}},
    (df.Department == "Research_Development") & (INC * 12 > 150000))
# under 18 months in the current role = under 1.5 years; the column holds whole years
gap_empty("YearsInCurrentRole", 1, 1.5)
add("units", ["sales reps who've been in their current role for under 18 months"],
    {"has_items": True, "text_in": {"JobRole": ["Sales_Representative"]},
     "num_range": {"YearsInCurrentRole": [None, 1]}},
    (df.JobRole == "Sales_Representative") & (ROLE_YRS * 12 < 18))

# ---- fact (asked by employee number; the row ids only go to 1470) ---------------------------------
assert emp(1625)["MonthlyIncome"] == "19658"
add("fact", ["what's the monthly income of employee 1625?"], {"reply_number": 19658})
assert emp(1789)["Age"] == "46"
add("fact", ["how old is employee #1789"], {"reply_number": 46})
assert emp(1700)["JobRole"] == "Sales_Executive"
add("fact", ["which job role does employee number 1700 have?"],
    {"reply_contains_any": ["Sales_Executive", "Sales Executive", "sales executive", "Sales executive"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.Attrition == "Yes").sum() == 237
add("count", ["how many employees quit?"], {"reply_number": 237})
assert (df.Department == "Human_Resources").sum() == 63 and (df.JobRole == "Human_Resources").sum() == 52
add("count", ["how many people are in the Human Resources department?"], {"reply_number": 63})
assert (df.Education == "Doctor").sum() == 48
add("count", ["how many have a doctorate"], {"reply_number": 48})

# ---- superlative ----------------------------------------------------------------------------
top3 = top_ids(INC, 3)                                     # 19999, 19973, 19943; next is 19926
assert sorted(INC[df.id.isin(top3)]) == [19943, 19973, 19999]
add("superlative", ["top 3 highest paid employees"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)
longest = top_ids(CO_YRS, 1)                               # 40 years; next is 37
assert CO_YRS.max() == 40
add("superlative", ["who's been at the company the longest?"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)

# ---- ordinal (compared with another employee; satisfaction compared on its grade order) ---------------
assert emp(1502)["JobSatisfaction"] == "Medium" and emp(1502)["JobRole"] == "Laboratory_Technician"
more_sat = SAT[SAT.index(emp(1502)["JobSatisfaction"]) + 1:]
assert more_sat == ["High", "Very_High"]
add("ordinal", ["lab technicians more satisfied with their job than employee 1502"],
    {"has_items": True, "text_in": {"JobRole": ["Laboratory_Technician"], "JobSatisfaction": more_sat}},
    (df.JobRole == "Laboratory_Technician")
    & (df.JobSatisfaction.map(SAT.index) > SAT.index(emp(1502)["JobSatisfaction"])))
assert emp(1578)["Age"] == "55"
add("ordinal", ["sales people older than employee 1578"],
    {"has_items": True, "text_in": {"Department": ["Sales"]}, "num_range": {"Age": [56, None]}},
    (df.Department == "Sales") & (AGE > float(emp(1578)["Age"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["staff who aren't married"],
    {"has_items": True, "text_in": {"MaritalStatus": ["Single", "Divorced"]}}, df.MaritalStatus != "Married")
add("negation", ["people outside sales making under 3000 a month"],
    {"has_items": True, "text_in": {"Department": ["Research_Development", "Human_Resources"]},
     "num_range": {"MonthlyIncome": [None, 2999]}},
    (df.Department != "Sales") & (INC < 3000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["lab technicians or sales reps who left"],
    {"has_items": True, "text_in": {"JobRole": ["Laboratory_Technician", "Sales_Representative"],
                                    "Attrition": ["Yes"]}},
    ((df.JobRole == "Laboratory_Technician") | (df.JobRole == "Sales_Representative")) & (df.Attrition == "Yes"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me sales executives", "only the ones doing overtime"],
    {"has_items": True, "text_in": {"JobRole": ["Sales_Executive"], "OverTime": ["Yes"]}},
    (df.JobRole == "Sales_Executive") & (df.OverTime == "Yes"))
add("follow_up", ["employees with a PhD", "which of those are women", "and rated outstanding?"],
    {"has_items": True, "text_in": {"Education": ["Doctor"], "Gender": ["Female"],
                                    "PerformanceRating": ["Outstanding"]}},
    (df.Education == "Doctor") & (df.Gender == "Female") & (df.PerformanceRating == "Outstanding"))

# ---- impossible -----------------------------------------------------------------------------
assert INC.max() == 19999
add("impossible", ["anyone making more than 20,000 a month?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    INC > 20000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1200", "rownames"].item() == "1682"
add("id_lookup", ["show me item 1200"], {"has_items": True, "subset_of_ids": ["1200"]}, df.id == "1200")

finish()
