"""Build ../requests/byo-r33b-aus-elections.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (vote shares are percentages 0-100, compared against the user's "half"
or "1 in 50"; decades and months are read from the ISO `date` string), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. An election has
no name: people call it by its year, and every year occurs once. `Green` is blank for the 19 elections
before 1996; a blank never satisfies a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33b-aus-elections"
PREFIX = "r33b-el"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 27 and list(df["id"]) == [str(i) for i in range(1, 28)]
assert list(df.columns) == ["id", "date", "Seats", "Uncontested", "ALPSeats", "LPSeats", "NPSeats", "OtherSeats",
                            "ALP", "ALP2PP", "LP", "NP", "DLP", "Dem", "Green", "Hanson", "Com", "AP", "Informal",
                            "Turnout"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR = df.date.str[:4].astype(int)
MONTH = df.date.str[5:7].astype(int)
assert df.date.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all() and YEAR.is_unique
assert df.Green.isna().sum() == 19 and df.drop(columns="Green").notna().all().all()
ALPSEATS, TURNOUT, ALP, TPP = num("ALPSeats"), num("Turnout"), num("ALP"), num("ALP2PP")

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["election", "Election", "Australia", "Labor", "vote", "Vote", "seat", "House of Representatives"]


def election(year):
    r = df[YEAR == year]
    assert len(r) == 1, year
    return r.iloc[0]


def dates(mask):
    """The raw `date` strings of the rows in mask (for a text_in facet on `date`)."""
    return df.loc[mask, "date"].tolist()


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
add("plain", ["elections where Labour won more than 60 seats"],
    {"has_items": True, "num_range": {"ALPSeats": [61, None]}}, ALPSEATS > 60, 5)
gap_empty("Turnout", 95, 95.01)                            # two decimals; 1955 is exactly 95.0
add("plain", ["elections with turnout above 95%"], {"has_items": True, "num_range": {"Turnout": [95.01, None]}},
    TURNOUT > 95, 5)
gap_empty("Green", 5, 5.01)
add("plain", ["electons where the greens got more than 5 percent"],
    {"has_items": True, "num_range": {"Green": [5.01, None]}}, num("Green") > 5, 5)
gap_empty("Dem", 5, 5.01)
add("plain", ["elections where the Democrats got over 5% of first preferences"],
    {"has_items": True, "num_range": {"Dem": [5.01, None]}}, num("Dem") > 5, 5)

# ---- units (shares are percentages 0-100) -----------------------------------------------------------
gap_empty("ALP2PP", 50, 50.01)
add("units", ["elections where Labor won more than half of the two-party preferred vote"],
    {"has_items": True, "num_range": {"ALP2PP": [50.01, None]}}, TPP / 100 > 0.5)
gap_empty("Informal", 1.99, 2)
add("units", ["elections where fewer than 1 in 50 ballots were informal"],
    {"has_items": True, "num_range": {"Informal": [None, 1.99]}}, num("Informal") / 100 < 1 / 50)

# ---- fact (by year; every year occurs once) ----------------------------------------------------
assert election(1983)["ALP2PP"] == "53.2"
add("fact", ["what was Labor's two-party preferred vote in 1983?"], {"reply_number": 53.2})
assert election(1996)["LPSeats"] == "76"
add("fact", ["how many seats did the Liberals win at the 1996 election"], {"reply_number": 76})
assert election(2016)["Turnout"] == "91.01"
add("fact", ["what was the turnout in 2016?"], {"reply_number": 91.01})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many elections are in here?"], {"reply_number": 27})
assert (num("Hanson") > 0).sum() == 4
add("count", ["in how many elections did One Nation get any votes?"], {"reply_number": 4})
add("count", ["how many elections have no figure for the Greens?"], {"reply_number": 19})

# ---- superlative ----------------------------------------------------------------------------
low = top_ids(TURNOUT, 1, largest=False)
assert low == ["27"] and TURNOUT.min() == 91.01
add("superlative", ["which election had the lowest turnout?"], {"has_items": True, "subset_of_ids": low},
    df.id.isin(low), 1)
most3 = top_ids(ALPSEATS, 3)                               # 86, 83, 82; next is 80
assert sorted(ALPSEATS[df.id.isin(most3)]) == [82, 83, 86]
add("superlative", ["the 3 elections where Labor won the most seats"], {"has_items": True, "subset_of_ids": most3},
    df.id.isin(most3), 3)

# ---- ordinal (compared with another election) -------------------------------------------------
assert election(1983)["Turnout"] == "94.64"
gap_empty("Turnout", 94.64, 94.65)
add("ordinal", ["elections with a higher turnout than 1983"],
    {"has_items": True, "num_range": {"Turnout": [94.65, None]}}, TURNOUT > float(election(1983)["Turnout"]))
assert election(2007)["ALP"] == "43.38"
gap_empty("ALP", 43.38, 43.39)
add("ordinal", ["elections where Labor's first preference vote beat its 2007 result"],
    {"has_items": True, "num_range": {"ALP": [43.39, None]}}, ALP > float(election(2007)["ALP"]))

# ---- negation -------------------------------------------------------------------------------
not_dec = dates(MONTH != 12)
assert len(not_dec) == 20
add("negation", ["elections not held in December"], {"has_items": True, "text_in": {"date": not_dec}},
    MONTH != 12)
add("negation", ["elections Labor didn't win on two-party preferred"],
    {"has_items": True, "num_range": {"ALP2PP": [None, 50]}}, TPP.notna() & ~(TPP > 50))

# ---- disjunction ----------------------------------------------------------------------------
disj = (ALPSEATS > 80) | (ALPSEATS < 40)
assert ids(disj) == ["12", "13", "16", "17", "24"]
add("disjunction", ["elections where Labor won over 80 seats or under 40"],
    {"has_items": True, "subset_of_ids": ["12", "13", "16", "17", "24"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["elections since 1990", "only the ones Labor won on two-party preferred"],
    {"has_items": True, "text_in": {"date": dates(YEAR >= 1990)}, "num_range": {"ALP2PP": [50.01, None]}},
    (YEAR >= 1990) & (TPP > 50))
seventies = dates((YEAR >= 1970) & (YEAR <= 1979))
assert seventies == ["1972-12-02", "1974-05-18", "1975-12-13", "1977-12-10"]
gap_empty("Turnout", 95.3, 95.31)
gap_empty("ALP", 45, 45.01)
add("follow_up", ["elections in the 1970s", "which had turnout over 95.3%",
                  "and where Labor got more than 45% of first preferences"],
    {"has_items": True, "text_in": {"date": seventies},
     "num_range": {"Turnout": [95.31, None], "ALP": [45.01, None]}},
    (YEAR // 10 == 197) & (TURNOUT > 95.3) & (ALP > 45))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any election with turnout under 80%?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    TURNOUT < 80)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "15", "date"].item() == "1983-03-05"
add("id_lookup", ["tell me about item 15"], {"has_items": True, "subset_of_ids": ["15"]}, df.id == "15")

finish()
