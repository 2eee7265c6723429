"""Build ../requests/byo-r9b-ucla-textbooks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (prices in dollars against the user's "bucks", cents or words;
`diff` = bookstore minus Amazon), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. A book has no title: it is known by its
course (department abbreviation + course number, e.g. `Econ` `101`) or its ISBN.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r9b-ucla-textbooks"
PREFIX = "r9b-tb"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 73 and list(df["id"]) == [str(i) for i in range(1, 74)]
assert list(df.columns) == ["id", "dept_abbr", "course", "isbn", "ucla_new", "amaz_new", "more", "diff"]
assert df.notna().all().all() and df.isbn.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
UCLA, AMAZ, DIFF = num("ucla_new"), num("amaz_new"), num("diff")
assert ((UCLA - AMAZ - DIFF).abs() < 0.005).all()          # diff = bookstore - Amazon, in dollars
assert set(df.more) == {"Y", "N"}                           # Y = additional books were required
DEPTS = sorted(set(df.dept_abbr))
assert (df.course == " C170").sum() == 1                   # one course number carries a leading space

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["textbook", "Textbook", "book", "Book", "UCLA", "course", "Amazon"]


def book(dept, course):
    r = df[(df.dept_abbr.str.lower() == dept.lower()) & (df.course.str.strip().str.lower() == course.lower())]
    assert len(r) == 1, (dept, course)
    return r.iloc[0]

REQS = []


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
add("greeting", ["hello! what kind of stuff can I look up here"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("ucla_new", 29.99, 30)
add("plain", ["textbooks under $30 at the ucla bookstore"],
    {"has_items": True, "num_range": {"ucla_new": [None, 29.99]}}, UCLA < 30, 5)
add("plain", ["books for management classes"], {"has_items": True, "text_in": {"dept_abbr": ["Mgmt"]}},
    df.dept_abbr == "Mgmt", 5)
add("plain", ["courses where no additional books were required"],
    {"has_items": True, "text_in": {"more": ["N"]}}, df.more == "N", 5)
gap_empty("amaz_new", 100, 100.01)
add("plain", ["textbooks that cost over 100 dollars on amazon"],
    {"has_items": True, "num_range": {"amaz_new": [100.01, None]}}, AMAZ > 100, 5)

# ---- units (prices are dollars and cents) -----------------------------------------------------
gap_empty("amaz_new", 19.99, 20)
add("units", ["anything under twenty bucks on amazon?"],
    {"has_items": True, "num_range": {"amaz_new": [None, 19.99]}}, AMAZ < 20)
# less than 50 cents apart: |bookstore - Amazon| * 100 < 50
gap_empty("diff", -0.5, -0.49)
gap_empty("diff", 0.49, 0.5)
add("units", ["books where the two prices are less than 50 cents apart"],
    {"has_items": True, "num_range": {"diff": [-0.49, 0.49]}}, (UCLA - AMAZ).abs() * 100 < 50)

# ---- fact (asked by the course) -----------------------------------------------------------------
assert book("Econ", "101")["amaz_new"] == "132.77"
add("fact", ["whats the amazon price for the econ 101 book"], {"reply_number": 132.77})
assert book("Am Ind", "C170")["ucla_new"] == "27.67"
add("fact", ["how much does the bookstore charge for the Am Ind C170 textbook?"], {"reply_number": 27.67})
assert book("Com Sci", "180")["isbn"] == "978-0321295354"
add("fact", ["isbn of the book for com sci 180"], {"reply_contains_any": ["978-0321295354", "9780321295354"]})

# ---- count ----------------------------------------------------------------------------------
assert (DIFF < 0).sum() == 10
add("count", ["how many books were cheaper at the ucla store than on amazon?"], {"reply_number": 10})
assert (df.dept_abbr == "Pol Sci").sum() == 5
add("count", ["how many poli sci textbooks are there"], {"reply_number": 5})
assert (df.more == "Y").sum() == 45
add("count", ["how many courses needed more books besides this one"], {"reply_number": 45})

# ---- superlative ----------------------------------------------------------------------------
dearest = top_ids(UCLA, 1)
assert dearest == ["43"] and UCLA.max() == 214.5
add("superlative", ["most expensive textbook at the bookstore"],
    {"has_items": True, "subset_of_ids": dearest}, df.id.isin(dearest), 1)
cheap3 = top_ids(AMAZ, 3, largest=False)                   # 8.60, 9.50, 10.08; next is 10.17
assert sorted(AMAZ[df.id.isin(cheap3)]) == [8.6, 9.5, 10.08]
add("superlative", ["3 cheapest books on amazon"], {"has_items": True, "subset_of_ids": cheap3},
    df.id.isin(cheap3), 3)

# ---- ordinal ----------------------------------------------------------------------------------
amaz2 = sorted(AMAZ, reverse=True)
assert amaz2[:3] == [176.0, 173.56, 159.28]
second = ids(AMAZ == amaz2[1])
assert second == ["43"]
add("ordinal", ["which one is the 2nd priciest on amazon"], {"has_items": True, "subset_of_ids": second},
    AMAZ == amaz2[1])
assert book("Econ", "101")["diff"] == "38.23"
gap_empty("diff", 38.23, 38.24)
add("ordinal", ["books with a bigger markup than the econ 101 one"],
    {"has_items": True, "num_range": {"diff": [38.24, None]}}, DIFF > float(book("Econ", "101")["diff"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("ucla_new", 150, 150.01)
add("negation", ["over $150 at ucla but not for management courses"],
    {"has_items": True, "text_in": {"dept_abbr": [d for d in DEPTS if d != "Mgmt"]},
     "num_range": {"ucla_new": [150.01, None]}},
    (df.dept_abbr != "Mgmt") & (UCLA > 150))
add("negation", ["which books aren't cheaper on amazon"],
    {"has_items": True, "num_range": {"diff": [None, 0]}}, ~(AMAZ < UCLA))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["stat or math textbooks"], {"has_items": True, "text_in": {"dept_abbr": ["Stat", "Math"]}},
    df.dept_abbr.isin(["Stat", "Math"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("ucla_new", 19.99, 20)
add("follow_up", ["english class books", "only ones under $20 at the bookstore"],
    {"has_items": True, "text_in": {"dept_abbr": ["Engl"]}, "num_range": {"ucla_new": [None, 19.99]}},
    (df.dept_abbr == "Engl") & (UCLA < 20))
gap_empty("ucla_new", 100, 100.01)
gap_empty("amaz_new", 129.99, 130)
add("follow_up", ["textbooks over 100 dollars at ucla", "just the ones where no extra books were needed",
                  "and under 130 on amazon"],
    {"has_items": True, "num_range": {"ucla_new": [100.01, None], "amaz_new": [None, 129.99]},
     "text_in": {"more": ["N"]}},
    (UCLA > 100) & (df.more == "N") & (AMAZ < 130))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any textbook over $300 at the bookstore?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, UCLA > 300)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "44", ["dept_abbr", "course"]].values.tolist() == [["Mgmt", "228"]]
add("id_lookup", ["show me item 44"], {"has_items": True, "subset_of_ids": ["44"]}, df.id == "44")

finish()
