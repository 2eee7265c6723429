"""Build ../requests/byo-r26a-kids-feet.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

Foot `length` and `width` are in centimetres (users also ask in inches: 1 in = 2.54 cm); a child's birth
date is split into `birthmonth` (1-12) and a two-digit `birthyear` (87 = 1987, 88 = 1988). For every
request that must return items, `truth` is the set of rows that really answer it, computed here with plain
pandas expressions in the user's units (inches, four-digit years, months counted from year 0), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against
the file; facts by name only use names that occur once (David, Josh and Caitlin occur twice).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26a-kids-feet"
PREFIX = "r26a-kf"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 39 and list(df["id"]) == [str(i) for i in range(1, 40)]
assert list(df.columns) == ["id", "name", "birthmonth", "birthyear", "length", "width", "sex", "biggerfoot",
                            "domhand"]
assert df.notna().all().all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
LEN, WID, MONTH, YY = num("length"), num("width"), num("birthmonth"), num("birthyear")
YEAR = 1900 + YY                                           # four-digit birth year
BORN = YEAR * 12 + MONTH                                   # birth month counted from year 0
assert set(df.sex) == {"B", "G"} and set(df.biggerfoot) == {"L", "R"} and set(df.domhand) == {"L", "R"}
assert set(df.birthyear) == {"87", "88"} and MONTH.between(1, 12).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "nobody", "Nobody", "No one", "no one"]
WHAT = ["feet", "foot", "Feet", "Foot", "kid", "Kid", "child", "Child"]


def kid(name):
    r = df[df["name"].str.lower() == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["girls in the class"], {"has_items": True, "text_in": {"sex": ["G"]}}, df.sex == "G", 5)
add("plain", ["left-handed kids"], {"has_items": True, "text_in": {"domhand": ["L"]}}, df.domhand == "L", 5)
gap_empty("length", 25, 25.1)
add("plain", ["boys with feet longer than 25 cm"],
    {"has_items": True, "text_in": {"sex": ["B"]}, "num_range": {"length": [25.1, None]}},
    (df.sex == "B") & (LEN > 25), 5)
add("plain", ["kids born in 1988"], {"has_items": True, "num_range": {"birthyear": [88, 88]}}, YEAR == 1988, 5)

# ---- units (length and width are centimetres) --------------------------------------------------
# longer than 10 in = longer than 25.4 cm; lengths have one decimal and 25.4 itself is exactly 10 in
gap_empty("length", 25.4, 25.5)
add("units", ["kids whose foot is longer than 10 inches"],
    {"has_items": True, "num_range": {"length": [25.5, None]}}, (LEN / 2.54).round(9) > 10)
# narrower than 3.5 in = narrower than 8.89 cm
gap_empty("width", 8.8, 8.89)
add("units", ["feet narrower than 3.5 inches"],
    {"has_items": True, "num_range": {"width": [None, 8.8]}}, (WID / 2.54).round(9) < 3.5)

# ---- fact (names that occur once) -------------------------------------------------------------
assert kid("Zach")["length"] == "24.5"
add("fact", ["how long is Zach's foot?"], {"reply_number": 24.5})
assert (kid("Teshanna")["birthmonth"], kid("Teshanna")["birthyear"]) == ("3", "88")
add("fact", ["when was Teshanna born?"], {"reply_contains_any": ["Mar", "3/88", "03/88", "3/1988", "1988-03"]})
assert kid("Glen")["width"] == "9.4"
add("fact", ["how wide is Glen's foot"], {"reply_number": 9.4})

# ---- count ----------------------------------------------------------------------------------
assert (df.sex == "B").sum() == 20
add("count", ["how many boys are there?"], {"reply_number": 20})
assert (df.biggerfoot == "R").sum() == 17
add("count", ["how many kids have a bigger right foot"], {"reply_number": 17})
assert (YEAR == 1987).sum() == 7
add("count", ["how many were born in 1987?"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(LEN, 1)
assert longest == [kid("Mark")["id"]] and LEN.max() == 27.5
add("superlative", ["who has the longest foot?"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)
narrow3 = top_ids(WID, 3, largest=False)                   # 7.9, 7.9, 8.1; next 8.3
assert sorted(WID[df.id.isin(narrow3)]) == [7.9, 7.9, 8.1]
add("superlative", ["the 3 narowest feet"], {"has_items": True, "subset_of_ids": narrow3}, df.id.isin(narrow3), 3)

# ---- ordinal (compared with another child) ----------------------------------------------------
assert kid("Julie")["length"] == "26.0" and kid("Julie")["sex"] == "G"
gap_empty("length", 26.0, 26.1)
add("ordinal", ["girls with a longer foot lenght than Julie"],
    {"has_items": True, "text_in": {"sex": ["G"]}, "num_range": {"length": [26.1, None]}},
    (df.sex == "G") & (LEN > float(kid("Julie")["length"])))
z = kid("Zach")
assert (z["birthmonth"], z["birthyear"]) == ("12", "87")    # December 1987; nobody was born before 1987
zach_born = (1900 + int(z["birthyear"])) * 12 + int(z["birthmonth"])
add("ordinal", ["kids older than Zach"],
    {"has_items": True, "num_range": {"birthyear": [87, 87], "birthmonth": [None, 11]}}, BORN < zach_born)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["girls whose bigger foot isn't the left one"],
    {"has_items": True, "text_in": {"sex": ["G"], "biggerfoot": ["R"]}}, (df.sex == "G") & (df.biggerfoot != "L"))
gap_empty("length", 24.9, 25)
add("negation", ["kids not born in 1988 with feet under 25 cm"],
    {"has_items": True, "num_range": {"birthyear": [None, 87], "length": [None, 24.9]}},
    (YEAR != 1988) & (LEN < 25))

# ---- disjunction ----------------------------------------------------------------------------
disj = (MONTH == 1) | (MONTH == 2)
assert ids(disj) == ["4", "5", "7", "27", "38"]
add("disjunction", ["kids born in January or February"], {"has_items": True, "subset_of_ids": ["4", "5", "7", "27", "38"]},
    disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the boys", "only the left-handed ones"],
    {"has_items": True, "text_in": {"sex": ["B"], "domhand": ["L"]}}, (df.sex == "B") & (df.domhand == "L"))
gap_empty("width", 9.0, 9.1)
add("follow_up", ["kids born in 1988", "just the girls", "which of them have feet wider than 9 cm"],
    {"has_items": True, "num_range": {"birthyear": [88, 88], "width": [9.1, None]}, "text_in": {"sex": ["G"]}},
    (YEAR == 1988) & (df.sex == "G") & (WID > 9))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any kid with a foot over 30 cm?"], {"no_items": True, "reply_contains_any": NO_REPLY}, LEN > 30)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "22", "name"].item() == "Josh"      # the second Josh; item 4 is the other one
add("id_lookup", ["tell me about item 22"], {"has_items": True, "subset_of_ids": ["22"]}, df.id == "22")

finish()
