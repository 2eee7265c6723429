"""Build ../requests/byo-r30a-old-faithful-eruptions.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (eruption length converted from seconds to minutes, waits from minutes
to hours, clock times read from the HMM integer in `time`, months from the `date` string), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`eruption_id` is the GeyserTimes eruption number (7 digits), never the row `id` (1..114).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30a-old-faithful-eruptions"
PREFIX = "r30a-of"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 114 and list(df["id"]) == [str(i) for i in range(1, 115)]
assert list(df.columns) == ["id", "eruption_id", "date", "time", "waiting", "webcam", "duration"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
HMM, WAIT, SECS = num("time"), num("waiting"), num("duration")
assert set(df.webcam) == {"Yes", "No"} and df.eruption_id.is_unique
assert ((HMM // 100).between(0, 23) & (HMM % 100).between(0, 59)).all()   # 538 = 5:38, 1940 = 19:40
MONTH = df.date.str[5:7]
assert set(MONTH) == {"06", "07", "08"} and df.date.str.match(r"^2024-\d\d-\d\d$").all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["eruption", "Eruption", "geyser", "Geyser", "Old Faithful", "Yellowstone"]


def eruption(code):
    r = df[df["eruption_id"] == str(code)]
    assert len(r) == 1, code
    return r.iloc[0]


def dates_in(month):
    """Every raw `date` value of a month (for a text_in facet)."""
    return sorted(df.loc[MONTH == month, "date"].unique())


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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this data set?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("time", 959, 1000)                                # HMM clock: nothing between 9:59 and 10:00
add("plain", ["eruptions before 10 in the morning"],
    {"has_items": True, "num_range": {"time": [None, 959]}}, HMM // 100 < 10, 5)
JULY = dates_in("07")
add("plain", ["show me the erruptions from July"],
    {"has_items": True, "text_in": {"date": JULY}}, MONTH == "07", 5)
add("plain", ["eruptions with a waiting time of at least 190 minutes"],
    {"has_items": True, "num_range": {"waiting": [190, None]}}, WAIT >= 190, 5)
add("plain", ["webcam-confirmed eruptions that lasted 280 seconds or more"],
    {"has_items": True, "text_in": {"webcam": ["Yes"]}, "num_range": {"duration": [280, None]}},
    (df.webcam == "Yes") & (SECS >= 280), 5)

# ---- units (duration is in seconds, waiting in minutes; both whole numbers) --------------------
gap_empty("duration", 270, 271)                             # longer than 4.5 min = more than 270 s
add("units", ["which eruptions went on for longer than 4 and a half minutes?"],
    {"has_items": True, "num_range": {"duration": [271, None]}}, SECS / 60 > 4.5)
gap_empty("waiting", 180, 181)                              # more than 3 h = more than 180 min
add("units", ["eruptions where the next one took more than 3 hours to come"],
    {"has_items": True, "num_range": {"waiting": [181, None]}}, WAIT / 60 > 3)

# ---- fact (asked by the GeyserTimes eruption number) -------------------------------------------
assert eruption(1470601)["waiting"] == "115"
add("fact", ["how long was the wait after eruption 1470601?"], {"reply_number": 115})
assert eruption(1473854)["time"] == "538"                  # 5:38 in the morning
add("fact", ["what time did eruption 1473854 go off"], {"reply_contains_any": ["5:38", "05:38", "538"]})
assert eruption(1467963)["duration"] == "99"
add("fact", ["how many seconds did eruption 1467963 last"], {"reply_number": 99})

# ---- count ----------------------------------------------------------------------------------
assert (df.webcam == "No").sum() == 6
add("count", ["how many eruptions weren't caught on the webcam?"], {"reply_number": 6})
assert (MONTH == "08").sum() == 28
add("count", ["how many eruptions were logged in August?"], {"reply_number": 28})
assert (SECS / 60 < 2).sum() == 17
add("count", ["how many lasted under 2 minutes"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(SECS, 1)
assert longest == ["23"] and SECS.max() == 300
add("superlative", ["what was the longest eruption?"],
    {"has_items": True, "subset_of_ids": longest}, df.id.isin(longest), 1)
short3 = top_ids(WAIT, 3, largest=False)                   # 102, 103, 103; next is 105
assert sorted(WAIT[df.id.isin(short3)]) == [102, 103, 103]
add("superlative", ["the 3 shortest waits between eruptions"],
    {"has_items": True, "subset_of_ids": short3}, df.id.isin(short3), 3)

# ---- ordinal (compared with another eruption) -------------------------------------------------
assert eruption(1472354)["duration"] == "232"
gap_empty("duration", 232, 233)
add("ordinal", ["eruptions that lasted longer than eruption 1472354"],
    {"has_items": True, "num_range": {"duration": [233, None]}}, SECS > int(eruption(1472354)["duration"]))
assert eruption(1463697)["waiting"] == "145"
gap_empty("waiting", 144, 145)
add("ordinal", ["which ones had a shorter wiat than 1463697?"],
    {"has_items": True, "num_range": {"waiting": [None, 144]}}, WAIT < int(eruption(1463697)["waiting"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["eruptions that were not seen on the webcam"],
    {"has_items": True, "text_in": {"webcam": ["No"]}}, df.webcam != "Yes")
gap_empty("duration", 239, 240)
add("negation", ["eruptions that didn't make it to 4 minutes"],
    {"has_items": True, "num_range": {"duration": [None, 239]}}, ~(SECS / 60 >= 4))

# ---- disjunction ----------------------------------------------------------------------------
disj = (HMM < 700) | (HMM > 1900)                          # before 7 am or after 7 pm
assert ids(disj) == ["1", "22", "37"]
add("disjunction", ["anything before 7am or after 7pm?"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
AUG = dates_in("08")
gap_empty("duration", 240, 241)
add("follow_up", ["eruptions in August", "only the webcam ones longer than 4 min"],
    {"has_items": True, "text_in": {"date": AUG, "webcam": ["Yes"]}, "num_range": {"duration": [241, None]}},
    (MONTH == "08") & (df.webcam == "Yes") & (SECS / 60 > 4))
JUNE = dates_in("06")
gap_empty("waiting", 150, 151)
gap_empty("time", 1159, 1200)
gap_empty("time", 1759, 1800)
add("follow_up", ["show me June eruptions", "just those with a wait over two and a half hours",
                  "which of those were in the afternoon?"],
    {"has_items": True, "text_in": {"date": JUNE}, "num_range": {"waiting": [151, None], "time": [1200, 1759]}},
    (MONTH == "06") & (WAIT / 60 > 2.5) & (HMM // 100).between(12, 17))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any eruption that lasted over 10 minutes?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, SECS / 60 > 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "eruption_id"].item() == "1469851"
add("id_lookup", ["tell me about item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
