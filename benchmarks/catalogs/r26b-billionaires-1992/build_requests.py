"""Build ../requests/byo-r26b-billionaires-1992.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

The table has no names: a billionaire is a row with `wealth` (billions of US dollars), `age` (years, 7 blank)
and a one-letter `region` (A Asia, E Europe, M Middle East, O Other, U United States). For every request that
must return items, `truth` is the set of rows that really answer it, computed here with plain pandas
expressions (wealth in billions against the user's "million" or full dollar amounts), and the script asserts
that the `expect` facets accept exactly those rows. Facts are asked about a unique richest / oldest / youngest
person (uniqueness asserted). Counts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26b-billionaires-1992"
PREFIX = "r26b-bi"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 232 and list(df["id"]) == [str(i) for i in range(1, 233)]
assert list(df.columns) == ["id", "wealth", "age", "region"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
W, AGE, REG = num("wealth"), num("age"), df["region"]
assert set(REG) == {"A", "E", "M", "O", "U"} and REG.notna().all()
assert AGE.isna().sum() == 7 and W.notna().all()
assert ((W * 10).round() == W * 10).all()                   # wealth has at most one decimal
assert (AGE.dropna() % 1 == 0).all()                        # whole years
WHAT = ["billionaire", "Billionaire", "wealth", "Wealth", "rich", "Rich", "Fortune", "fortune"]


def only(mask):
    """The single row selected by `mask` (asserted unique)."""
    r = df[mask.fillna(False)]
    assert len(r) == 1, len(r)
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what is this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["billionaires from europe"], {"has_items": True, "text_in": {"region": ["E"]}}, REG == "E", 5)
add("plain", ["americans worth at least 3 billion"],
    {"has_items": True, "text_in": {"region": ["U"]}, "num_range": {"wealth": [3, None]}}, (REG == "U") & (W >= 3), 5)
add("plain", ["billionaires in their 50s"], {"has_items": True, "num_range": {"age": [50, 59]}},
    (AGE >= 50) & (AGE < 60), 5)
add("plain", ["asian billionaires under 60"],
    {"has_items": True, "text_in": {"region": ["A"]}, "num_range": {"age": [None, 59]}}, (REG == "A") & (AGE < 60), 5)

# ---- units (wealth is in billions of dollars) -------------------------------------------------
# more than 5000 million = more than 5 billion; wealth has one decimal
gap_empty("wealth", 5, 5.1)
add("units", ["people worth more than 5000 million dollars"],
    {"has_items": True, "num_range": {"wealth": [5.1, None]}}, W * 1000 > 5000)
# less than $1,250,000,000 = less than 1.25 billion
gap_empty("wealth", 1.2, 1.25)
add("units", ["anyone with less than $1,250,000,000?"],
    {"has_items": True, "num_range": {"wealth": [None, 1.2]}}, W * 1e9 < 1_250_000_000)

# ---- fact (about a unique person) -------------------------------------------------------------
richest = only(W == W.max())
assert richest["age"] == "50"
add("fact", ["how old is the richest person on the list?"], {"reply_number": 50})
oldest = only(AGE == AGE.max())
assert oldest["age"] == "102" and oldest["wealth"] == "2"
add("fact", ["how much is the oldest billionaire worth"], {"reply_number": 2})
youngest = only(AGE == AGE.min())
assert youngest["age"] == "7" and youngest["region"] == "E"
add("fact", ["what region is the youngest billionaire from?"],
    {"reply_contains_any": ["Europe", "europe", "European", "european"]})

# ---- count ----------------------------------------------------------------------------------
assert (REG == "M").sum() == 22
add("count", ["how many billionaires are from the middle east"], {"reply_number": 22})
assert AGE.isna().sum() == 7
add("count", ["how many of them have no age listed?"], {"reply_number": 7})
assert (AGE >= 80).sum() == 26
add("count", ["how many are 80 or older"], {"reply_number": 26})

# ---- superlative ----------------------------------------------------------------------------
rich5 = top_ids(W, 5)                                       # 37, 24, 14, 13, 13; the 6th has 11.7
assert rich5 == ["1", "2", "3", "4", "5"]
add("superlative", ["top 5 richest"], {"has_items": True, "subset_of_ids": rich5}, df.id.isin(rich5), 5)
young3 = top_ids(AGE, 3, largest=False)                     # 7, 9, 23; the 4th is 36
assert young3 == ["21", "148", "229"]
add("superlative", ["the 3 youngest billionaires"], {"has_items": True, "subset_of_ids": young3},
    df.id.isin(young3), 3)

# ---- ordinal --------------------------------------------------------------------------------
top_asia = W[REG == "A"].max()
assert top_asia == 14
gap_empty("wealth", 14, 14.1)
add("ordinal", ["billionaires richer than the richest asian one"],
    {"has_items": True, "num_range": {"wealth": [14.1, None]}}, W > top_asia)
us_age = AGE[REG == "U"].dropna().sort_values(kind="mergesort")
second = [str(df.loc[us_age.index[1], "id"])]
assert second == ["92"] and us_age.iloc[0] != us_age.iloc[1] != us_age.iloc[2]
add("ordinal", ["who's the 2nd youngest american?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["billionaires not from the US or Europe"],
    {"has_items": True, "text_in": {"region": ["A", "M", "O"]}}, REG.notna() & ~REG.isin(["U", "E"]))
add("negation", ["billionaires who aren't over 70"], {"has_items": True, "num_range": {"age": [None, 70]}},
    AGE.notna() & ~(AGE > 70))

# ---- disjunction ----------------------------------------------------------------------------
disj = (AGE < 40) | (W > 10)
DISJ = ids(disj)
assert DISJ == ["1", "2", "3", "4", "5", "6", "12", "21", "86", "92", "148", "229"]   # under 40 or over 10bn
add("disjunction", ["billionaires who are either under 40 or worth more than 10 billion"],
    {"has_items": True, "subset_of_ids": DISJ}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["middle eastern billionaires", "only the ones over 60"],
    {"has_items": True, "text_in": {"region": ["M"]}, "num_range": {"age": [61, None]}}, (REG == "M") & (AGE > 60))
add("follow_up", ["show me american billionaires", "just the ones worth 2 billion or more", "and younger than 65"],
    {"has_items": True, "text_in": {"region": ["U"]}, "num_range": {"wealth": [2, None], "age": [None, 64]}},
    (REG == "U") & (W >= 2) & (AGE < 65))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anyone worth more than 50 billion?"], {"no_items": True, "reply_contains_any": NO_REPLY}, W > 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "150", ["wealth", "age", "region"]].values.tolist() == [["1.5", "56", "E"]]
add("id_lookup", ["tell me about item 150"], {"has_items": True, "subset_of_ids": ["150"]}, df.id == "150")

finish()
