"""Build ../requests/byo-r24a-hpc-jobs.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (clock times such as "after 6pm" or "before 7:30 in the morning"
converted to the decimal hour of day that the `hour` column holds), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. The jobs have
no name or code of their own: "job 100" and "item 100" both mean row id 100.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24a-hpc-jobs"
PREFIX = "r24a-hp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 4331 and list(df["id"]) == [str(i) for i in range(1, 4332)]
assert list(df.columns) == ["id", "protocol", "compounds", "input_fields", "iterations", "num_pending", "hour",
                            "day", "class"]
assert df.notna().all().all()                               # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
COMP, FIELDS, ITER, PEND, HOUR = num("compounds"), num("input_fields"), num("iterations"), num("num_pending"), num("hour")
PROTOCOLS = sorted(df.protocol.unique())
assert PROTOCOLS == list("ACDEFGHIJKLMNO")                  # 14 one-letter protocols; there is no B
assert set(df.day) == {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}
assert set(df["class"]) == {"VF", "F", "M", "L"}            # very fast < fast < moderate < long
assert (HOUR >= 0).all() and (HOUR < 24).all()              # decimal hour of the day, minute resolution
assert ((HOUR * 60 - (HOUR * 60).round()).abs() < 1e-6).all()

WHAT = ["job", "Job", "HPC", "hpc", "cluster", "comput"]


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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["long jobs submitted on the weekend"],
    {"has_items": True, "text_in": {"class": ["L"], "day": ["Sat", "Sun"]}},
    (df["class"] == "L") & df.day.isin(["Sat", "Sun"]), 5)
add("plain", ["protocol J jobs with more than 1000 compounds"],
    {"has_items": True, "text_in": {"protocol": ["J"]}, "num_range": {"compounds": [1001, None]}},
    (df.protocol == "J") & (COMP > 1000), 5)
add("plain", ["jobs with 100 or more iterations"],
    {"has_items": True, "num_range": {"iterations": [100, None]}}, ITER >= 100, 5)
add("plain", ["very fast jobs submitted while other jobs were pending"],
    {"has_items": True, "text_in": {"class": ["VF"]}, "num_range": {"num_pending": [1, None]}},
    (df["class"] == "VF") & (PEND > 0), 5)

# ---- units (hour is the time of day as decimal hours: 13.816666 = 1:49 pm) -----------------------
assert (HOUR == 18).sum() == 3                              # three jobs at exactly 6:00 pm are not "after 6pm"
gap_empty("hour", 18, 18.001)
add("units", ["jobs submitted after 6pm"],
    {"has_items": True, "num_range": {"hour": [18.001, None]}}, HOUR > 18)
assert (HOUR == 7.5).sum() == 2                             # two jobs at exactly 7:30 are not "before 7:30"
gap_empty("hour", 7.49, 7.5)
add("units", ["anything submitted before 7:30 in the morning?"],
    {"has_items": True, "num_range": {"hour": [None, 7.49]}}, HOUR < 7 + 30 / 60)

# ---- fact (no job names: facts about the whole table or about a row id) ---------------------------
assert COMP.max() == 14103 and (COMP == 14103).sum() == 1
add("fact", ["what's the largest number of compounds in any job?"], {"reply_number": 14103})
assert df.loc[df.id == "100", "day"].item() == "Mon"
add("fact", ["what day was job 100 submitted?"], {"reply_contains_any": ["Mon", "mon"]})
assert df.loc[df.id == "3000", "input_fields"].item() == "1351"
add("fact", ["how many input fields did item 3000 have"], {"reply_number": 1351})

# ---- count ----------------------------------------------------------------------------------
assert (df["class"] == "L").sum() == 259
add("count", ["how many jobs were long ones?"], {"reply_number": 259})
assert (df.day == "Sat").sum() == 32
add("count", ["how many jobs were submitted on a Saturday"], {"reply_number": 32})
assert (df.protocol == "K").sum() == 6
add("count", ["how many protocol K jobs are there?"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(COMP, 1)                                     # 14103; next is 14097
add("superlative", ["the job with the most compounds"], {"has_items": True, "subset_of_ids": most}, df.id.isin(most), 1)
top3 = top_ids(FIELDS, 3)                                   # 56671, 55920, 45628; next is 45420
assert sorted(FIELDS[df.id.isin(top3)]) == [45628, 55920, 56671]
add("superlative", ["top 3 jobs by number of input fields"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)

# ---- ordinal (compared with another job) ----------------------------------------------------
assert df.loc[df.id == "1", "compounds"].item() == "997"
add("ordinal", ["long jobs with more compounds than job 1"],
    {"has_items": True, "text_in": {"class": ["L"]}, "num_range": {"compounds": [998, None]}},
    (df["class"] == "L") & (COMP > float(df.loc[df.id == "1", "compounds"].item())))
assert df.loc[df.id == "2", "iterations"].item() == "20"
gap_empty("iterations", 20, 21)
add("ordinal", ["protocol F jobs that used more iterations than item 2"],
    {"has_items": True, "text_in": {"protocol": ["F"]}, "num_range": {"iterations": [21, None]}},
    (df.protocol == "F") & (ITER > float(df.loc[df.id == "2", "iterations"].item())))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["jobs that weren't very fast, submitted on mondays"],
    {"has_items": True, "text_in": {"class": ["F", "M", "L"], "day": ["Mon"]}},
    (df["class"] != "VF") & (df.day == "Mon"))
add("negation", ["jobs not from protocol J with more than 5000 compounds"],
    {"has_items": True, "text_in": {"protocol": [p for p in PROTOCOLS if p != "J"]},
     "num_range": {"compounds": [5001, None]}},
    (df.protocol != "J") & (COMP > 5000))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["long jobs from protocol A or C"],
    {"has_items": True, "text_in": {"protocol": ["A", "C"], "class": ["L"]}},
    ((df.protocol == "A") | (df.protocol == "C")) & (df["class"] == "L"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the long jobs", "only the ones submitted on friday"],
    {"has_items": True, "text_in": {"class": ["L"], "day": ["Fri"]}},
    (df["class"] == "L") & (df.day == "Fri"))
gap_empty("hour", 12, 12.001)
add("follow_up", ["jobs with more than 2000 compunds", "just protocol M", "which of those came in after noon?"],
    {"has_items": True, "num_range": {"compounds": [2001, None], "hour": [12.001, None]}, "text_in": {"protocol": ["M"]}},
    (COMP > 2000) & (df.protocol == "M") & (HOUR > 12))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any jobs with more than 300 iterations?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, ITER > 300)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "4000", ["protocol", "class"]].values.tolist() == [["O", "F"]]
add("id_lookup", ["tell me about item 4000"], {"has_items": True, "subset_of_ids": ["4000"]}, df.id == "4000")

finish()
