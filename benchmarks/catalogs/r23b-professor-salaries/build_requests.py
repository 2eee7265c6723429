"""Build ../requests/byo-r23b-professor-salaries.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's own units (dollars against "k"/"grand"/"six figures",
years against months or decades), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Rows have no name: a professor is only a row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23b-professor-salaries"
PREFIX = "r23b-ps"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False)   # raw strings, as written in the file
assert len(df) == 397 and list(df["id"]) == [str(i) for i in range(1, 398)]
assert list(df.columns) == ["id", "rank", "discipline", "yrs.since.phd", "yrs.service", "sex", "salary"]
num = lambda c: pd.to_numeric(df[c].replace("", None))
SAL, PHD, SERV = num("salary"), num("yrs.since.phd"), num("yrs.service")
assert set(df["rank"]) == {"Prof", "AssocProf", "AsstProf"} and set(df.discipline) == {"A", "B"}
assert set(df.sex) == {"Male", "Female"} and not (df == "").any().any()   # no blanks anywhere
assert (SAL % 1 == 0).all() and (PHD % 1 == 0).all() and (SERV % 1 == 0).all()
RANK, DISC, SEX = df["rank"], df.discipline, df.sex
WHAT = ["professor", "Professor", "salar", "Salar", "faculty", "Faculty", "academic"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "isn't", "aren't"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & (df[col] != "") & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col].replace("", None))
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
    v = pd.to_numeric(df[col].replace("", None))
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


def nth_id(values, n, largest=True):
    """id of the row in n-th place (1-based); asserts it is strictly between its neighbours (no ties)."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return [str(df.loc[s.index[n - 1], "id"])]


def finish():
    kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
    assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2,
                     "ordinal": 2, "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1,
                     "id_lookup": 1}, kinds
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
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
add("plain", ["female full professors"],
    {"has_items": True, "text_in": {"rank": ["Prof"], "sex": ["Female"]}}, (RANK == "Prof") & (SEX == "Female"), 5)
gap_empty("salary", 79999, 80000)
add("plain", ["assistant profs making less than 80k"],
    {"has_items": True, "text_in": {"rank": ["AsstProf"]}, "num_range": {"salary": [None, 79999]}},
    (RANK == "AsstProf") & (SAL / 1000 < 80), 5)
add("plain", ["associate professors in applied departments"],
    {"has_items": True, "text_in": {"rank": ["AssocProf"], "discipline": ["B"]}},
    (RANK == "AssocProf") & (DISC == "B"), 5)
add("plain", ["people who got their PhD 30 or more years ago, theoretical departments"],
    {"has_items": True, "text_in": {"discipline": ["A"]}, "num_range": {"yrs.since.phd": [30, None]}},
    (PHD >= 30) & (DISC == "A"), 5)

# ---- units (salary in whole dollars, years as whole numbers) -----------------------------------
# "six figures" = 100,000 or more dollars
add("units", ["which women earn six figures?"],
    {"has_items": True, "text_in": {"sex": ["Female"]}, "num_range": {"salary": [100000, None]}},
    (SEX == "Female") & (SAL >= 100000))
# under 18 months of service = under 1.5 years; yrs.service is whole years (0, 1, 2, ...)
gap_empty("yrs.service", 1, 1.5)
add("units", ["faculty who've been on staff for under 18 months"],
    {"has_items": True, "num_range": {"yrs.service": [None, 1]}}, SERV * 12 < 18)

# ---- fact -------------------------------------------------------------------------------------
assert SAL.max() == 231545
add("fact", ["what's the highest salary in here?"], {"reply_number": 231545})
assert SAL[RANK == "AsstProf"].max() == 97032
add("fact", ["how much does the best-paid assistant professor make"], {"reply_number": 97032})
assert SERV.max() == 60
add("fact", ["longest anyone has served at the college, in years?"], {"reply_number": 60})

# ---- count ------------------------------------------------------------------------------------
assert (SEX == "Female").sum() == 39
add("count", ["how many female faculty are there"], {"reply_number": 39})
gap_empty("salary", 150000, 150001)
assert (SAL > 150000).sum() == 54
add("count", ["how many people earn more than 150k?"], {"reply_number": int((SAL > 150000).sum())})
assert ((RANK == "AsstProf") & (DISC == "B")).sum() == 43
add("count", ["number of assistant professors in applied (B) departments?"], {"reply_number": 43})

# ---- superlative ------------------------------------------------------------------------------
top3 = top_ids(SAL, 3)                                     # 231545, 205500, 204000; next is 194800
assert sorted(SAL[df.id.isin(top3)], reverse=True) == [231545, 205500, 204000]
add("superlative", ["top 3 highest paid"], {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
women = SAL.where(SEX == "Female")
low_w = top_ids(women, 1, largest=False)
assert SAL[df.id.isin(low_w)].tolist() == [62884]
add("superlative", ["lowest paid woman"], {"has_items": True, "subset_of_ids": low_w}, df.id.isin(low_w), 1)

# ---- ordinal ------------------------------------------------------------------------------------
second_asst = nth_id(SAL.where(RANK == "AsstProf"), 2)
assert SAL[df.id.isin(second_asst)].tolist() == [95079]
add("ordinal", ["who's the 2nd best paid assistant prof?"],
    {"has_items": True, "subset_of_ids": second_asst}, df.id.isin(second_asst), 1)
# "paid more than professor #4" (item 4: a full professor on 115,000)
assert df.loc[df.id == "4", ["rank", "salary"]].values.tolist() == [["Prof", "115000"]]
gap_empty("salary", 115000, 115001)
add("ordinal", ["associate profs who are paid more than item 4"],
    {"has_items": True, "text_in": {"rank": ["AssocProf"]}, "num_range": {"salary": [115001, None]}},
    (RANK == "AssocProf") & (SAL > 115000))

# ---- negation -----------------------------------------------------------------------------------
gap_empty("salary", 99999, 100000)
add("negation", ["not full professors but still paid at least 100 grand"],
    {"has_items": True, "text_in": {"rank": ["AsstProf", "AssocProf"]}, "num_range": {"salary": [100000, None]}},
    (RANK != "Prof") & (SAL >= 100000))
add("negation", ["women who arent in the theoretical departments"],
    {"has_items": True, "text_in": {"sex": ["Female"], "discipline": ["B"]}}, (SEX == "Female") & (DISC != "A"))

# ---- disjunction --------------------------------------------------------------------------------
disj = (SAL < 65000) | (SAL > 200000)
assert ids(disj) == sorted(ids(disj), key=int) and len(ids(disj)) == 7
add("disjunction", ["salaries under 65k or over 200k"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("salary", 85000, 85001)
add("follow_up", ["assistant professors in applied departments", "what about only the ones over 85k"],
    {"has_items": True, "text_in": {"rank": ["AsstProf"], "discipline": ["B"]}, "num_range": {"salary": [85001, None]}},
    (RANK == "AsstProf") & (DISC == "B") & (SAL > 85000))
gap_empty("salary", 120000, 120001)
add("follow_up", ["female professors", "only the full profs", "which of those make more than 120k"],
    {"has_items": True, "text_in": {"sex": ["Female"], "rank": ["Prof"]}, "num_range": {"salary": [120001, None]}},
    (SEX == "Female") & (RANK == "Prof") & (SAL > 120000))

# ---- impossible -------------------------------------------------------------------------------
add("impossible", ["any assistant professor earning over 150k?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (RANK == "AsstProf") & (SAL > 150000))

# ---- id_lookup ----------------------------------------------------------------------------------
assert df.loc[df.id == "17", ["rank", "salary"]].values.tolist() == [["Prof", "101000"]]
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
