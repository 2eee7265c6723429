"""Build ../requests/byo-r6a-loans.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 6); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's units ("100k", "5 grand", "30%"), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Conventions: dollars are whole dollars; `interest_rate` is a percent number (10.9 = 10.9 %), while
`debt_to_income` is a ratio (0.30 = 30 %); `term` is in months; `grade` A (best) .. G (worst), only A-E
occur; `emp_length` is whole years with 10 meaning "10 or more", 2 blanks that never match;
`has_second_income` is written `True`/`False`; `public_record_bankrupt` is 0/1.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r6a-loans"
PREFIX = "r6a-ln"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 50 and list(df["id"]) == [str(i) for i in range(1, 51)]
num = lambda c: pd.to_numeric(df[c])
INC, AMT, RATE, DTI, TERM, EMP = (num("annual_income"), num("loan_amount"), num("interest_rate"),
                                  num("debt_to_income"), num("term"), num("emp_length"))
GRADES = list("ABCDEFG")
assert set(df.grade) <= set(GRADES)
GRADE_NO = df.grade.map({g: i for i, g in enumerate(GRADES)})     # 0 = A (best)
PURPOSES = sorted(set(df.loan_purpose))
assert set(df.has_second_income) == {"True", "False"} and set(df.public_record_bankrupt) == {"0", "1"}
assert EMP.isna().sum() == 2 and EMP.max() == 10

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "aren't any", "isn't any", "There are no", "there are no"]


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1, exact_n=None):
    """Record a request; for item requests assert the facets accept exactly the true rows."""
    if expect.get("has_items"):
        assert truth is not None, turns
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        if exact_n is not None:
            assert n == exact_n, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, ids(acc), ids(truth))
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def gap_empty(values, lo, hi):
    """Assert no value lies strictly between lo and hi (the gap a strict bound skips)."""
    v = values.dropna()
    assert not ((v > lo) & (v < hi)).any(), (lo, hi)


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
    assert any(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"all assertions OK; wrote {len(REQS)} requests to {OUT}")

WHAT = ["loan", "Loan", "borrow", "credit", "interest", "lend", "Lending"]

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi, what's in this file?"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what can you do for me"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["loans for debt consolidation"],
    {"has_items": True, "text_in": {"loan_purpose": ["debt_consolidation"]}},
    df.loan_purpose == "debt_consolidation", 5)
add("plain", ["3 year loans from california"],
    {"has_items": True, "text_in": {"state": ["CA"]}, "num_range": {"term": [36, 36]}},
    (df.state == "CA") & (TERM / 12 == 3), 5)
add("plain", ["borrowers who've been at their job 10 years or more"],
    {"has_items": True, "num_range": {"emp_length": [10, None]}}, EMP >= 10, 5)
add("plain", ["which loans are already paid off"],
    {"has_items": True, "text_in": {"loan_status": ["Fully Paid"]}}, df.loan_status == "Fully Paid", 5)

# ---- units ----------------------------------------------------------------------------------
add("units", ["people making more than 100k a year"],
    {"has_items": True, "num_range": {"annual_income": [100001, None]}}, INC / 1000 > 100)
# "debt-to-income under 30%": the file stores a ratio; 0.2999999 is below every value >= 0.3
gap_empty(DTI, 0.2999999, 0.3)
add("units", ["borrowers with a debt to income under 30%"],
    {"has_items": True, "num_range": {"debt_to_income": [None, 0.2999999]}}, DTI * 100 < 30)

# ---- fact -----------------------------------------------------------------------------------
hi60 = df[(df.state == "HI") & (TERM == 60)]
assert len(hi60) == 1 and hi60.iloc[0]["interest_rate"] == "18.06"
add("fact", ["what rate is the hawaii borrower on the 5-year loan paying?"], {"reply_number": 18.06})
assert RATE.min() == 5.31
add("fact", ["what's the lowest interest rate anyone got"], {"reply_number": 5.31})
nh = df[df.state == "NH"]
assert len(nh) == 1 and nh.iloc[0]["loan_amount"] == "5825"
add("fact", ["how much did the person from new hampshire borrow?"], {"reply_number": 5825})

# ---- count ----------------------------------------------------------------------------------
assert (df.grade == "A").sum() == 15
add("count", ["how many grade A loans are there"], {"reply_number": 15})
assert (df.public_record_bankrupt == "1").sum() == 4
add("count", ["how many borrowers have a bankruptcy on their record?"], {"reply_number": 4})
assert (df.has_second_income == "True").sum() == 8
add("count", ["how many people have a second income"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
top = RATE.nlargest(4)
assert top.iloc[2] > top.iloc[3]
top3 = pd.Series(df.index.isin(top.index[:3]), index=df.index)
assert ids(top3) == ["3", "16", "47"]
add("superlative", ["the 3 loans with the highest interest"],
    {"has_items": True, "subset_of_ids": ids(top3)}, top3, exact_n=3)
richest = INC == INC.max()
assert ids(richest) == ["39"]
add("superlative", ["who earns the most?"], {"has_items": True, "subset_of_ids": ["39"]}, richest, exact_n=1)

# ---- ordinal (letter grades, A best) ----------------------------------------------------------
add("ordinal", ["loans graded B or better"],
    {"has_items": True, "text_in": {"grade": ["A", "B"]}}, GRADE_NO <= GRADES.index("B"))
add("ordinal", ["5 year loans with a grade of C or worse"],
    {"has_items": True, "text_in": {"grade": ["C", "D", "E", "F", "G"]}, "num_range": {"term": [60, 60]}},
    (GRADE_NO >= GRADES.index("C")) & (TERM == 5 * 12))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["texas loans that aren't for debt consolidation"],
    {"has_items": True, "text_in": {"state": ["TX"], "loan_purpose": [p for p in PURPOSES if p != "debt_consolidation"]}},
    (df.state == "TX") & ~(df.loan_purpose == "debt_consolidation"))
add("negation", ["people with no second income who make under 50 grand"],
    {"has_items": True, "text_in": {"has_second_income": ["False"]}, "num_range": {"annual_income": [None, 49999]}},
    ~(df.has_second_income == "True") & (INC < 50_000), 5)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["loans for a car or for a small business"],
    {"has_items": True, "text_in": {"loan_purpose": ["car", "small_business"]}},
    (df.loan_purpose == "car") | (df.loan_purpose == "small_business"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["grade A loans", "only the ones over 20 thousand dollars"],
    {"has_items": True, "text_in": {"grade": ["A"]}, "num_range": {"loan_amount": [20001, None]}},
    (df.grade == "A") & (AMT > 20_000))
gap_empty(RATE, 7.99, 8)
add("follow_up", ["homeowners who have a mortgage", "just the 36 month ones", "and an interest rate under 8%"],
    {"has_items": True, "text_in": {"homeownership": ["mortgage"]}, "num_range": {"term": [36, 36], "interest_rate": [None, 7.99]}},
    (df.homeownership == "mortgage") & (TERM == 36) & (RATE < 8))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any grade A loans with interest above 15%?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.grade == "A") & (RATE > 15))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "35", "interest_rate"].item() == "18.45"
add("id_lookup", ["what's the interest rate on loan #35?"],
    {"has_items": True, "subset_of_ids": ["35"], "reply_number": 18.45}, df.id == "35", exact_n=1)

finish()
