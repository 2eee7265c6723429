"""Build ../requests/byo-r17a-aus-accommodation.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 17); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (takings, which are in millions of Australian dollars, converted to
dollars where the user spoke in dollars or billions; "NSW" = New South Wales, "December/Sept quarter" =
Q4/Q3), and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are
asserted against the file. A row is one state in one quarter; there is no title column.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r17a-aus-accommodation"
PREFIX = "r17a-ac"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 592 and list(df["id"]) == [str(i) for i in range(1, 593)]
assert list(df.columns) == ["id", "Date", "State", "Takings", "Occupancy", "CPI"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
TAK, OCC, CPI = num("Takings"), num("Occupancy"), num("CPI")
assert df.notna().all().all()                              # no blanks in this table
STATES = {"Australian Capital Territory", "New South Wales", "Northern Territory", "Queensland",
          "South Australia", "Tasmania", "Victoria", "Western Australia"}
assert set(df.State) == STATES and (df.State.value_counts() == 74).all()
assert df.Date.str.fullmatch(r"(199[89]|20[01]\d) Q[1-4]").all() and not df.duplicated(["Date", "State"]).any()
YEAR = df.Date.str[:4].astype(int)
QTR = df.Date.str[-2:]
DATES = sorted(set(df.Date))
assert DATES[0] == "1998 Q1" and DATES[-1] == "2016 Q2" and len(DATES) == 74
assert (df.groupby("Date").CPI.nunique() == 1).all()       # one national CPI per quarter

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["accommodation", "Accommodation", "hotel", "Hotel", "motel", "takings", "Takings", "occupancy",
        "Occupancy", "touris", "Touris", "Australia", "quarter"]


def row(state, date):
    r = df[(df.State == state) & (df.Date == date)]
    assert len(r) == 1, (state, date)
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


def nth_id(values, n, largest=True):
    """id of the row holding the n-th largest (smallest) value; asserts it is not tied with its neighbours."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return [str(df.loc[s.index[n - 1], "id"])]


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
add("greeting", ["what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("Occupancy", 70, 70.1)                            # occupancy is given to 0.1
add("plain", ["Tasmania quarters with occupancy over 70%"],
    {"has_items": True, "text_in": {"State": ["Tasmania"]}, "num_range": {"Occupancy": [70.1, None]}},
    (df.State == "Tasmania") & (OCC > 70), 5)
since15 = [d for d in DATES if d >= "2015"]
assert since15 == ["2015 Q1", "2015 Q2", "2015 Q3", "2015 Q4", "2016 Q1", "2016 Q2"]
add("plain", ["victoria since 2015"],
    {"has_items": True, "text_in": {"State": ["Victoria"], "Date": since15}},
    (df.State == "Victoria") & (YEAR >= 2015), 5)
gap_empty("Takings", 700, 700.000001)                       # takings have at most 6 decimals
add("plain", ["NSW quarters where takings were above 700 million"],
    {"has_items": True, "text_in": {"State": ["New South Wales"]}, "num_range": {"Takings": [700.000001, None]}},
    (df.State == "New South Wales") & (TAK > 700), 5)
gap_empty("Occupancy", 49.9, 50)
add("plain", ["Northern Territory with occupency under 50 per cent"],
    {"has_items": True, "text_in": {"State": ["Northern Territory"]}, "num_range": {"Occupancy": [None, 49.9]}},
    (df.State == "Northern Territory") & (OCC < 50), 5)

# ---- units (Takings is in millions of AUD; the header says nothing about it) ----------------------
gap_empty("Takings", 500, 500.000001)
add("units", ["quarters where Victorian hotels took in more than half a billion dollars"],
    {"has_items": True, "text_in": {"State": ["Victoria"]}, "num_range": {"Takings": [500.000001, None]}},
    (df.State == "Victoria") & (TAK * 1e6 > 0.5e9))
gap_empty("Takings", 19.999999, 20)
add("units", ["any quarter with takings under $20,000,000?"],
    {"has_items": True, "num_range": {"Takings": [None, 19.999999]}}, TAK * 1e6 < 20_000_000)

# ---- fact (a state and a quarter name one row; CPI is the same for every state in a quarter) ---------
assert row("Tasmania", "2005 Q3")["Occupancy"] == "44.3"
add("fact", ["what was the occupancy rate in Tasmania in 2005 Q3"], {"reply_number": 44.3})
assert set(df.loc[df.Date == "2000 Q3", "CPI"]) == {"72.9"}
add("fact", ["what was the CPI in the Sept quarter of 2000?"], {"reply_number": 72.9})
assert row("Northern Territory", "2008 Q2")["Occupancy"] == "69.0"
add("fact", ["how full were places in the Northern Territory in Q2 2008"], {"reply_number": 69})

# ---- count ----------------------------------------------------------------------------------
assert (df.State == "Queensland").sum() == 74
add("count", ["how many quarters of data are there for Queensland?"], {"reply_number": 74})
assert ((df.State == "New South Wales") & (TAK > 800)).sum() == 6
add("count", ["how many quarters did NSW take more than 800 million"], {"reply_number": 6})
assert ((df.State == "Australian Capital Territory") & (OCC > 75)).sum() == 4
add("count", ["how many times was ACT occupancy above 75%?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(TAK, 1)
assert best == ["146"] and row("New South Wales", "2015 Q4")["id"] == "146"
add("superlative", ["biggest quarterly takings on record"], {"has_items": True, "subset_of_ids": best},
    df.id.isin(best), 1)
worst3 = top_ids(OCC, 3, largest=False)                    # 37.8, 38.3, 39.0; next is 39.6
assert sorted(OCC[df.id.isin(worst3)]) == [37.8, 38.3, 39.0]
add("superlative", ["the 3 worst quarters for occupancy"], {"has_items": True, "subset_of_ids": worst3},
    df.id.isin(worst3), 3)

# ---- ordinal --------------------------------------------------------------------------------
olymp = float(row("New South Wales", "2000 Q3")["Occupancy"])
assert olymp == 59.7
gap_empty("Occupancy", 59.7, 59.8)
add("ordinal", ["NSW quarters with higher occupancy than during the Sydney Olympics (2000 Q3)"],
    {"has_items": True, "text_in": {"State": ["New South Wales"]}, "num_range": {"Occupancy": [59.8, None]}},
    (df.State == "New South Wales") & (OCC > olymp))
sa_2nd = nth_id(TAK.where(df.State == "South Australia"), 2)  # 126.97 (2015 Q4), 125.00 (2016 Q1), 121.16
assert sa_2nd == [row("South Australia", "2016 Q1")["id"]]
add("ordinal", ["South Australia's 2nd highest takings quarter"],
    {"has_items": True, "subset_of_ids": sa_2nd}, df.id.isin(sa_2nd), 1)

# ---- negation -------------------------------------------------------------------------------
gap_empty("Takings", 300, 300.000001)
add("negation", ["quarters outside NSW and Victoria with takings over 300 million"],
    {"has_items": True, "text_in": {"State": sorted(STATES - {"New South Wales", "Victoria"})},
     "num_range": {"Takings": [300.000001, None]}},
    ~df.State.isin(["New South Wales", "Victoria"]) & (TAK > 300))
add("negation", ["ACT quarters where occupancy wasn't below 70"],
    {"has_items": True, "text_in": {"State": ["Australian Capital Territory"]}, "num_range": {"Occupancy": [70, None]}},
    (df.State == "Australian Capital Territory") & ~(OCC < 70))

# ---- disjunction ----------------------------------------------------------------------------
gap_empty("Occupancy", 72, 72.1)
add("disjunction", ["Tasmania or the ACT with occupancy above 72%"],
    {"has_items": True, "text_in": {"State": ["Australian Capital Territory", "Tasmania"]},
     "num_range": {"Occupancy": [72.1, None]}},
    ((df.State == "Tasmania") | (df.State == "Australian Capital Territory")) & (OCC > 72))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
since12 = [d for d in DATES if d >= "2012"]
assert len(since12) == 18
add("follow_up", ["Western Australia", "just 2012 onwards"],
    {"has_items": True, "text_in": {"State": ["Western Australia"], "Date": since12}},
    (df.State == "Western Australia") & (YEAR >= 2012))
q4 = [d for d in DATES if d.endswith("Q4")]
add("follow_up", ["South Australia please", "only the December quarters", "where occupancy was at least 65%"],
    {"has_items": True, "text_in": {"State": ["South Australia"], "Date": q4}, "num_range": {"Occupancy": [65, None]}},
    (df.State == "South Australia") & (QTR == "Q4") & (OCC >= 65))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any quarter with takings over 2 billion dollars?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, TAK * 1e6 > 2e9)

# ---- id_lookup ------------------------------------------------------------------------------
assert (df.loc[df.id == "300", ["State", "Date"]].values.tolist() == [["South Australia", "1998 Q4"]])
add("id_lookup", ["show me item 300"], {"has_items": True, "subset_of_ids": ["300"]}, df.id == "300")

finish()
