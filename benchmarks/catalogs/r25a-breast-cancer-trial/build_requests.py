"""Build ../requests/byo-r25a-breast-cancer-trial.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 25); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (tumour size mm -> cm as / 10, follow-up days ->
years as / 365.25) and the user's words ("hormone therapy" = horTh "yes", "premenopausal" = menostat
"Pre", "had a recurrence or died" = cens 1), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. The patients have no name or code:
"patient 3" / "entry #250" is the row id.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r25a-breast-cancer-trial"
PREFIX = "r25a-bc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 686 and list(df["id"]) == [str(i) for i in range(1, 687)]
assert list(df.columns) == ["id", "horTh", "age", "menostat", "tsize", "tgrade", "pnodes", "progrec", "estrec",
                            "time", "cens"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
AGE, TSIZE, NODES, DAYS = num("age"), num("tsize"), num("pnodes"), num("time")
for c in ["age", "tsize", "pnodes", "progrec", "estrec", "time"]:
    assert (num(c) % 1 == 0).all(), c                      # whole numbers: strict bounds step by 1
assert set(df.horTh) == {"no", "yes"} and set(df.menostat) == {"Pre", "Post"}
assert set(df.tgrade) == {"I", "II", "III"} and set(df.cens) == {"0", "1"}
CM, YEARS = TSIZE / 10, DAYS / 365.25

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["patient", "Patient", "breast", "Breast", "cancer", "Cancer", "tumor", "Tumor", "tumour", "Tumour",
        "trial", "women"]


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["patients who got hormone theraphy"], {"has_items": True, "text_in": {"horTh": ["yes"]}},
    df.horTh == "yes", 5)
add("plain", ["premenopausal women with grade III tumours"],
    {"has_items": True, "text_in": {"menostat": ["Pre"], "tgrade": ["III"]}},
    (df.menostat == "Pre") & (df.tgrade == "III"), 5)
add("plain", ["patients aged 65 to 75"], {"has_items": True, "num_range": {"age": [65, 75]}},
    (AGE >= 65) & (AGE <= 75), 5)
add("plain", ["10 or more positive lymph nodes"], {"has_items": True, "num_range": {"pnodes": [10, None]}},
    NODES >= 10, 5)

# ---- units (tsize in mm; time in days) ------------------------------------------------------
add("units", ["tumors bigger than 5cm"], {"has_items": True, "num_range": {"tsize": [51, None]}}, CM > 5)
assert 6 * 365.25 == 2191.5
add("units", ["women who stayed recurrence-free longer than 6 years"],
    {"has_items": True, "num_range": {"time": [2192, None]}}, YEARS > 6)

# ---- fact (the patients have no names: facts are about the table's extremes) -----------------------
assert AGE.min() == 21
add("fact", ["how old is the youngest woman in the study?"], {"reply_number": 21})
assert TSIZE.max() == 120
add("fact", ["what's the biggest tumour size recorded"], {"reply_number": 120})
assert DAYS.max() == 2659
add("fact", ["longest follow-up time, in days?"], {"reply_number": 2659})

# ---- count ----------------------------------------------------------------------------------
assert (df.cens == "1").sum() == 299
add("count", ["how many patients had a recurrence or died"], {"reply_number": 299})
assert (df.menostat == "Post").sum() == 396
add("count", ["how many are postmenopausal?"], {"reply_number": 396})
assert (df.tgrade == "I").sum() == 81
add("count", ["number of grade 1 tumours"], {"reply_number": 81})

# ---- superlative ----------------------------------------------------------------------------
young3 = top_ids(AGE, 3, largest=False)                  # 21, 25, 25; next is 27
assert sorted(AGE[df.id.isin(young3)]) == [21, 25, 25]
add("superlative", ["the 3 youngest patients"], {"has_items": True, "subset_of_ids": young3}, df.id.isin(young3), 3)
most_nodes = top_ids(NODES, 1)                           # 51; next is 38
assert NODES[df.id.isin(most_nodes)].tolist() == [51]
add("superlative", ["who had the most positive nodes?"],
    {"has_items": True, "subset_of_ids": most_nodes}, df.id.isin(most_nodes), 1)

# ---- ordinal (graded tumours, and compared with another patient) ---------------------------------
add("ordinal", ["grade II or worse, in women under 40"],
    {"has_items": True, "text_in": {"tgrade": ["II", "III"]}, "num_range": {"age": [None, 39]}},
    df.tgrade.isin(["II", "III"]) & (AGE < 40))
assert df.loc[df.id == "3", "tsize"].item() == "35"
add("ordinal", ["tumours larger than patient 3's"], {"has_items": True, "num_range": {"tsize": [36, None]}},
    TSIZE > int(df.loc[df.id == "3", "tsize"].item()))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["patients not on hormone therapy with grade I tumours"],
    {"has_items": True, "text_in": {"horTh": ["no"], "tgrade": ["I"]}}, (df.horTh != "yes") & (df.tgrade == "I"))
add("negation", ["anything except grade II, in women over 70"],
    {"has_items": True, "text_in": {"tgrade": ["I", "III"]}, "num_range": {"age": [71, None]}},
    (df.tgrade != "II") & (AGE > 70))

# ---- disjunction ----------------------------------------------------------------------------
disj = (AGE < 25) | (AGE > 78)
assert ids(disj) and len(ids(disj)) <= 10
add("disjunction", ["patients under 25 or over 78 years old"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["postmenopausal patients on hormone therapy", "only those with tumors under 2 cm"],
    {"has_items": True, "text_in": {"menostat": ["Post"], "horTh": ["yes"]}, "num_range": {"tsize": [None, 19]}},
    (df.menostat == "Post") & (df.horTh == "yes") & (CM < 2))
assert 5 * 365.25 == 1826.25
add("follow_up", ["grade III tumours", "just the ones without hormone treatment",
                  "which of those were recurrence-free for over 5 years"],
    {"has_items": True, "text_in": {"tgrade": ["III"], "horTh": ["no"]}, "num_range": {"time": [1827, None]}},
    (df.tgrade == "III") & (df.horTh == "no") & (YEARS > 5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any patients older than 90?"], {"no_items": True, "reply_contains_any": NO_REPLY}, AGE > 90)

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["pull up entry #250"], {"has_items": True, "subset_of_ids": ["250"]}, df.id == "250")

finish()
