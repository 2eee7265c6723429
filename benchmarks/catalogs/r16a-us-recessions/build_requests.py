"""Build ../requests/byo-r16a-us-recessions.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (durations converted from months to the user's years, dates compared
as real dates, quarters as numbers), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. A recession is named by the month of its peak;
`peak` and `trough` are ISO date strings, so date conditions are written as `text_in` lists of the raw
date strings that qualify. Row 1 has no peak (the table starts at the 1854 trough) and row 35 (2020) has
no trough, so blanks never pass; row 7's peak is written `1182-03-01` in the source (the 1882 peak), and
no request here depends on reading it either way. The 2020 row has a peak month but blank `peakq`
and `p2t`, so no count or negation here turns on its quarter (NBER dates that quarterly peak 2019Q4,
while its monthly peak is February 2020).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16a-us-recessions"
PREFIX = "r16a-re"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 35 and list(df["id"]) == [str(i) for i in range(1, 36)]
assert list(df.columns) == ["id", "peak", "trough", "peakq", "troughq", "p2t", "prev_t2p", "tfpt", "pfpp"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
P2T, T2P, PQ, TQ = num("p2t"), num("prev_t2p"), num("peakq"), num("troughq")
PEAK = pd.to_datetime(df.peak, errors="coerce")            # 1182-03-01 parses as the year 1182
TROUGH = pd.to_datetime(df.trough)
assert df.peak.isna().sum() == 1 and df.trough.isna().sum() == 1 and df.peak.iloc[6] == "1182-03-01"
assert ((P2T.dropna() % 1) == 0).all() and ((T2P.dropna() % 1) == 0).all()   # whole months
WHAT = ["recession", "Recession", "business cycle", "downturn", "contraction", "peak", "trough"]


def peaks(mask):
    """The raw `peak` strings of the rows in mask (for a text_in facet on dates)."""
    m = mask.fillna(False).astype(bool)
    assert df.peak[m].notna().all()
    return sorted(df.peak[m])


def by_peak(prefix):
    r = df[df.peak.fillna("").str.startswith(prefix)]
    assert len(r) == 1, prefix
    return r.iloc[0]

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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this table and what can I ask?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("p2t", 12, 13)
add("plain", ["recessions that lasted more than a year"],
    {"has_items": True, "num_range": {"p2t": [13, None]}}, P2T > 12, 5)
since45 = PEAK >= "1945-01-01"
add("plain", ["show me the recessions since 1945"],
    {"has_items": True, "text_in": {"peak": peaks(since45)}}, since45, 5)
add("plain", ["which downturns started in the 3rd quarter"],
    {"has_items": True, "num_range": {"peakq": [3, 3]}}, PQ == 3, 5)
gap_empty("p2t", 9, 10)
add("plain", ["short recessions, under 10 months"],
    {"has_items": True, "num_range": {"p2t": [None, 9]}}, P2T < 10, 5)

# ---- units (all durations are in months) ------------------------------------------------------
gap_empty("p2t", 24, 25)
add("units", ["which recessions went on for more than 2 years?"],
    {"has_items": True, "num_range": {"p2t": [25, None]}}, P2T / 12 > 2)
add("units", ["recessions that came after a boom of at least 8 years"],
    {"has_items": True, "num_range": {"prev_t2p": [96, None]}}, T2P / 12 >= 8)

# ---- fact (a recession named by its peak month; each asserted unique) -------------------------
r29 = by_peak("1929-08")
assert r29["p2t"] == "43.0"
add("fact", ["how many months did the recession that began in August 1929 last?"], {"reply_number": 43})
r07 = by_peak("2007-")
assert r07["trough"] == "2009-06-01"
add("fact", ["when did the 2007 recession end?"],
    {"reply_contains_any": ["June 2009", "Jun 2009", "June 1, 2009", "1 June 2009", "2009-06", "06/2009", "6/2009",
                          "June of 2009"]})
r90 = by_peak("1990-")
assert r90["prev_t2p"] == "92.0"
add("fact", ["how long was the expansion before the 1990 recession, in months"], {"reply_number": 92})

# ---- count ----------------------------------------------------------------------------------
n18 = int((P2T == 18).sum())
assert n18 == 6
add("count", ["how many recessions lasted exactly 18 months?"], {"reply_number": 6})
n80 = int((PEAK >= "1980-01-01").sum())
assert n80 == 6
add("count", ["how many recesions have there been since 1980?"], {"reply_number": 6})
n8 = int((P2T == 8).sum())
assert n8 == 5
add("count", ["number of recessions that lasted 8 months"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(P2T, 1)
assert longest == ["6"] and df.loc[5, "peak"] == "1873-10-01"
add("superlative", ["what was the longest recession"],
    {"has_items": True, "subset_of_ids": longest}, df.id.isin(longest), 1)
short3 = top_ids(T2P, 3, largest=False)                    # 10, 12, 12 months; next is 18
assert sorted(T2P[df.id.isin(short3)]) == [10, 12, 12]
add("superlative", ["the 3 shortest expansions before a downturn"],
    {"has_items": True, "subset_of_ids": short3}, df.id.isin(short3), 3)

# ---- ordinal --------------------------------------------------------------------------------
r73 = by_peak("1973-")
assert r73["p2t"] == "16.0"
gap_empty("p2t", 16, 17)
add("ordinal", ["recessions longer than the 1973 one"],
    {"has_items": True, "num_range": {"p2t": [17, None]}}, P2T > float(r73["p2t"]))
second = P2T.dropna().sort_values(ascending=False, kind="mergesort")
assert second.iloc[0] != second.iloc[1] != second.iloc[2]
sec = [str(df.loc[second.index[1], "id"])]
assert sec == ["21"] and second.iloc[1] == 43
add("ordinal", ["which was the 2nd longest recession?"], {"has_items": True, "subset_of_ids": sec}, df.id.isin(sec), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["recessions where the expansion before wasn't under 3 years"],
    {"has_items": True, "num_range": {"prev_t2p": [36, None]}}, T2P.notna() & ~(T2P / 12 < 3))
add("negation", ["recessions that weren't longer than a year"],
    {"has_items": True, "num_range": {"p2t": [None, 12]}}, P2T.notna() & ~(P2T / 12 > 1))

# ---- disjunction ----------------------------------------------------------------------------
disj = (P2T / 12 > 3) | (P2T < 7)
assert ids(disj) == ["6", "7", "21", "30"]
add("disjunction", ["recessions that either lasted over 3 years or less than 7 months"],
    {"has_items": True, "subset_of_ids": ["6", "7", "21", "30"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
since1900 = PEAK >= "1900-01-01"
gap_empty("p2t", 15, 16)
add("follow_up", ["recessions after 1900", "only the ones that lasted more than 15 months"],
    {"has_items": True, "text_in": {"peak": peaks(since1900)}, "num_range": {"p2t": [16, None]}},
    since1900 & (P2T > 15))
since50 = PEAK >= "1950-01-01"
gap_empty("p2t", 11, 12)
add("follow_up", ["show me recessions from 1950 on", "which of those lasted under a year?",
                  "and started in the third quarter?"],
    {"has_items": True, "text_in": {"peak": peaks(since50)}, "num_range": {"p2t": [None, 11], "peakq": [3, 3]}},
    since50 & (P2T / 12 < 1) & (PQ == 3), 2)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any recession that lasted more than 10 years?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, P2T / 12 > 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "22", "peak"].item() == "1937-05-01"
add("id_lookup", ["show me item 22"], {"has_items": True, "subset_of_ids": ["22"]}, df.id == "22")

finish()
