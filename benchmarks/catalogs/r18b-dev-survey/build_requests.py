"""Build ../requests/byo-r18b-dev-survey.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (Salary in yearly US dollars, asked per month or in "k";
YearsCodedJob in whole years, asked in months; CompanySizeNumber is the lower bound of the survey's
size bracket: 1 = fewer than 10 employees, 10 = 10-19, 20 = 20-99, ..., 10000 = 10,000 or more), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. Respondents have no name or code: the row `id` is the only handle, so facts are
asked by respondent number (= row id).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18b-dev-survey"
PREFIX = "r18b-dv"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

ROLES = ["Data_scientist", "Database_administrator", "Desktop_applications_developer",
         "Developer_with_stats_math_background", "DevOps", "Embedded_developer", "Graphic_designer",
         "Graphics_programming", "Machine_learning_specialist", "Mobile_developer", "Quality_assurance_engineer",
         "Systems_administrator", "Web_developer"]
df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 5594 and list(df["id"]) == [str(i) for i in range(1, 5595)]
assert list(df.columns) == ["id", "Country", "Salary", "YearsCodedJob", "OpenSource", "Hobby", "CompanySizeNumber",
                            "Remote", "CareerSatisfaction"] + ROLES
assert df.notna().all().all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
SAL, YRS, SIZE, SAT = num("Salary"), num("YearsCodedJob"), num("CompanySizeNumber"), num("CareerSatisfaction")
COUNTRIES = ["Canada", "Germany", "India", "United Kingdom", "United States"]
assert sorted(df.Country.unique()) == COUNTRIES and set(df.Remote) == {"Remote", "Not remote"}
assert sorted(SIZE.unique()) == [1, 10, 20, 100, 500, 1000, 5000, 10000]
assert YRS.between(0, 20).all() and SAT.between(0, 10).all()
for c in ["OpenSource", "Hobby"] + ROLES:
    assert set(df[c]) == {"0", "1"}, c
flag = lambda c: df[c] == "1"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "nobody", "No one", "no one"]
WHAT = ["developer", "Developer", "survey", "Survey", "salar", "Salar", "respondent", "Respondent",
        "programmer", "Stack Overflow"]


def resp(i):
    r = df[df.id == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what could I look up in this?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["remote developers in germany"],
    {"has_items": True, "text_in": {"Country": ["Germany"], "Remote": ["Remote"]}},
    (df.Country == "Germany") & (df.Remote == "Remote"), 5)
add("plain", ["data scientists in India"],
    {"has_items": True, "text_in": {"Country": ["India"], "Data_scientist": ["1"]}},
    (df.Country == "India") & flag("Data_scientist"), 5)
gap_empty("Salary", 150000, 150000.0001)
add("plain", ["web devs making over 150k"],
    {"has_items": True, "text_in": {"Web_developer": ["1"]}, "num_range": {"Salary": [150000.0001, None]}},
    flag("Web_developer") & (SAL / 1000 > 150), 5)
add("plain", ["people with 10+ years of professional coding at companies with 10,000 or more employees"],
    {"has_items": True, "num_range": {"YearsCodedJob": [10, None], "CompanySizeNumber": [10000, None]}},
    (YRS >= 10) & (SIZE == 10000), 5)

# ---- units -----------------------------------------------------------------------------------
# more than 10k a month = more than 120,000 a year
gap_empty("Salary", 120000, 120000.0001)
add("units", ["US developers earning more than 10k a month"],
    {"has_items": True, "text_in": {"Country": ["United States"]}, "num_range": {"Salary": [120000.0001, None]}},
    (df.Country == "United States") & (SAL / 12 > 10000))
# under 24 months = under 2 years; years are whole numbers
add("units", ["who has less than 24 months of professional coding experience?"],
    {"has_items": True, "num_range": {"YearsCodedJob": [None, 1]}}, YRS * 12 < 24)

# ---- fact (by respondent number = row id, the only handle) --------------------------------------
assert resp(23)["Salary"] == "120000.0"
add("fact", ["what salary did respondent #23 report?"], {"reply_number": 120000})
assert resp(6)["YearsCodedJob"] == "1"
add("fact", ["how many years has row 6 been coding for a living"], {"reply_number": 1})
assert resp(1000)["CareerSatisfaction"] == "9"
add("fact", ["career satisfaction for respondent 1000?"], {"reply_number": 9})

# ---- count ----------------------------------------------------------------------------------
assert (df.Remote == "Remote").sum() == 575
add("count", ["how many people work remotely"], {"reply_number": 575})
assert (df.Country == "Canada").sum() == 485
add("count", ["how many respondents are from Canada?"], {"reply_number": 485})
assert flag("Machine_learning_specialist").sum() == 176
add("count", ["how many machine lerning specialists answered"], {"reply_number": 176})

# ---- superlative ----------------------------------------------------------------------------
india3 = top_ids(SAL.where(df.Country == "India"), 3)       # 163134.8, 94697.0, 63133.2; next 52855.7
add("superlative", ["top 3 best paid developers in India"], {"has_items": True, "subset_of_ids": india3},
    df.id.isin(india3), 3)
low_de = top_ids(SAL.where(df.Country == "Germany"), 1, largest=False)
assert float(resp(low_de[0])["Salary"]) == SAL[df.Country == "Germany"].min()
add("superlative", ["lowest salary reported in Germany"], {"has_items": True, "subset_of_ids": low_de},
    df.id.isin(low_de), 1)

# ---- ordinal (2nd place; compared with another respondent) -----------------------------------
ds = SAL.where(flag("Data_scientist")).dropna().sort_values(ascending=False, kind="mergesort")
assert ds.iloc[0] > ds.iloc[1] > ds.iloc[2] and ds.iloc[1] == 188000
second = [str(df.loc[ds.index[1], "id"])]
add("ordinal", ["2nd highest paid data scientist"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)
assert resp(3433)["Country"] == "Canada" and resp(3433)["Salary"] == "125757.575757576"
gap_empty("Salary", 125757.575757576, 125757.5758)
add("ordinal", ["Canadians who earn more than respondent 3433"],
    {"has_items": True, "text_in": {"Country": ["Canada"]}, "num_range": {"Salary": [125757.5758, None]}},
    (df.Country == "Canada") & (SAL > float(resp(3433)["Salary"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["UK devs who don't work remotely and rate their career satisfaction 10"],
    {"has_items": True, "text_in": {"Country": ["United Kingdom"], "Remote": ["Not remote"]},
     "num_range": {"CareerSatisfaction": [10, 10]}},
    (df.Country == "United Kingdom") & (df.Remote != "Remote") & (SAT == 10))
gap_empty("Salary", 100000, 100000.0001)
add("negation", ["developers outside the US earning over 100k"],
    {"has_items": True, "text_in": {"Country": ["Canada", "Germany", "India", "United Kingdom"]},
     "num_range": {"Salary": [100000.0001, None]}},
    (df.Country != "United States") & (SAL > 100000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (flag("Data_scientist") | flag("Machine_learning_specialist")) & (df.Country == "India")
assert int(disj.sum()) == 40
add("disjunction", ["data scientists or machine learning specialists in India"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["mobile developers in Canada", "only the ones who contribute to open source"],
    {"has_items": True, "text_in": {"Mobile_developer": ["1"], "Country": ["Canada"], "OpenSource": ["1"]}},
    flag("Mobile_developer") & (df.Country == "Canada") & flag("OpenSource"))
add("follow_up", ["developers at small companies, fewer than 20 employees", "in the UK", "and earning at least 60k"],
    {"has_items": True, "text_in": {"Country": ["United Kingdom"]},
     "num_range": {"CompanySizeNumber": [None, 10], "Salary": [60000, None]}},
    (SIZE < 20) & (df.Country == "United Kingdom") & (SAL >= 60000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anyone making over half a million a year?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SAL > 500000)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me item 4321"], {"has_items": True, "subset_of_ids": ["4321"]}, df.id == "4321")

finish()
