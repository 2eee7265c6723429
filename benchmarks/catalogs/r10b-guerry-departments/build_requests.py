"""Build ../requests/byo-r10b-guerry-departments.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (distance converted from km to miles, the 1831 population from
thousands to people, region letters matched to "north", "east", ...), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. `dept` is the
department's own number (Corsica 200), not the row `id`. Corsica's Region is blank.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10b-guerry-departments"
PREFIX = "r10b-gu"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 86 and list(df["id"]) == [str(i) for i in range(1, 87)]
assert list(df.columns) == ["id", "dept", "Region", "Department", "Crime_pers", "Crime_prop", "Literacy", "Donations",
                            "Infants", "Suicides", "MainCity", "Wealth", "Commerce", "Clergy", "Crime_parents",
                            "Infanticide", "Donation_clergy", "Lottery", "Desertion", "Instruction", "Prostitutes",
                            "Distance", "Area", "Pop1831"]
assert set(df.Region.dropna()) == {"N", "S", "E", "W", "C"} and df.Region.isna().sum() == 1
assert df.loc[df.Region.isna(), "Department"].item() == "Corse"
assert set(df.MainCity) == {"1:Sm", "2:Med", "3:Lg"} and df.Department.is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "there are no"]


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
    assert s.iloc[n - 1] != s.iloc[n - 2] and s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
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
LIT, POP, KM, WEALTH = num("Literacy"), num("Pop1831"), num("Distance"), num("Wealth")
assert (LIT % 1 == 0).all() and sorted(WEALTH) == list(range(1, 87))     # Wealth: rank 1 = richest (Seine)
WHAT = ["department", "Department", "départ", "France", "French", "Guerry"]


def dept(name):
    r = df[df["Department"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["good morning! what kind of data do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["departments in northern france"], {"has_items": True, "text_in": {"Region": ["N"]}},
    df.Region == "N", 5)
add("plain", ["which departments had a large main city"], {"has_items": True, "text_in": {"MainCity": ["3:Lg"]}},
    df.MainCity == "3:Lg", 5)
add("plain", ["eastern departments where at least 60% of conscripts could read"],
    {"has_items": True, "text_in": {"Region": ["E"]}, "num_range": {"Literacy": [60, None]}},
    (df.Region == "E") & (LIT >= 60), 5)
add("plain", ["western departmnets with literacy under 25%"],
    {"has_items": True, "text_in": {"Region": ["W"]}, "num_range": {"Literacy": [None, 24]}},
    (df.Region == "W") & (LIT < 25), 5)

# ---- units (Distance in km, Pop1831 in thousands) --------------------------------------------
# within 100 miles of Paris = at most 160.934 km; the nearest distances around it are 159.648 and 161.927
add("units", ["departments within 100 miles of paris"], {"has_items": True, "num_range": {"Distance": [None, 160.934]}},
    KM * 0.621371 <= 100)
gap_empty("Pop1831", 500, 500.01)
add("units", ["which ones had over half a million people in 1831?"],
    {"has_items": True, "num_range": {"Pop1831": [500.01, None]}}, POP * 1000 > 500000)

# ---- fact (asked by department name) ---------------------------------------------------------
assert dept("Finistere")["Literacy"] == "15"
add("fact", ["what was the literacy rate in Finistere"], {"reply_number": 15})
assert dept("Rhone")["Wealth"] == "6"
add("fact", ["where does Rhone rank for wealth?"], {"reply_number": 6})
assert dept("Nord")["Pop1831"] == "989.94"
add("fact", ["population of Nord in 1831?"], {"reply_contains_any": ["989.94", "989,940", "989 940", "989940"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.Region == "S").sum() == 17
add("count", ["how many departments are in the south"], {"reply_number": 17})
assert (df.MainCity == "1:Sm").sum() == 10
add("count", ["how many departments have only a small main city?"], {"reply_number": 10})
assert (LIT < 20).sum() == 12
add("count", ["how many departments had literacy below 20 percent"], {"reply_number": 12})

# ---- superlative ----------------------------------------------------------------------------
lit1 = top_ids(LIT, 1)                                    # Meuse 74, next 73
assert dept("Meuse")["id"] in lit1
add("superlative", ["most literate department"], {"has_items": True, "subset_of_ids": lit1}, df.id.isin(lit1), 1)
pop3 = top_ids(POP, 3)                                    # Nord, Seine, Seine-Inferieure; next 655.22
add("superlative", ["top 3 most populous departments"], {"has_items": True, "subset_of_ids": pop3}, df.id.isin(pop3), 3)

# ---- ordinal (compared with another department) ----------------------------------------------
assert dept("Seine")["Literacy"] == "71"
add("ordinal", ["departments more literate than the Seine (Paris)"],
    {"has_items": True, "num_range": {"Literacy": [72, None]}}, LIT > int(dept("Seine")["Literacy"]))
assert dept("Gironde")["Distance"] == "291.624"
gap_empty("Distance", 291.624, 291.625)
add("ordinal", ["which are farther from paris than Gironde"],
    {"has_items": True, "num_range": {"Distance": [291.625, None]}}, KM > float(dept("Gironde")["Distance"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["departments that are not in central france"],
    {"has_items": True, "text_in": {"Region": ["N", "S", "E", "W"]}}, df.Region.notna() & (df.Region != "C"))
add("negation", ["departments whose main city isn't medium sized"],
    {"has_items": True, "text_in": {"MainCity": ["1:Sm", "3:Lg"]}}, df.MainCity != "2:Med")

# ---- disjunction ----------------------------------------------------------------------------
disj = (WEALTH <= 5) | (LIT > 70)
dis_ids = ids(disj)
assert len(dis_ids) == 10
add("disjunction", ["the 5 wealthiest departments or any with literacy above 70%"],
    {"has_items": True, "subset_of_ids": dis_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["departments in the east", "only those with a big main city"],
    {"has_items": True, "text_in": {"Region": ["E"], "MainCity": ["3:Lg"]}},
    (df.Region == "E") & (df.MainCity == "3:Lg"))
gap_empty("Pop1831", 399.99, 400)
add("follow_up", ["northern departments", "with literacy above 50%", "which of those had fewer than 400,000 people"],
    {"has_items": True, "text_in": {"Region": ["N"]}, "num_range": {"Literacy": [51, None], "Pop1831": [None, 399.99]}},
    (df.Region == "N") & (LIT > 50) & (POP * 1000 < 400000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any department where more than 90% could read?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, LIT > 90)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "57", "Department"].item() == "Nord" and df.loc[df.id == "57", "dept"].item() == "59"
add("id_lookup", ["show me item 57"], {"has_items": True, "subset_of_ids": ["57"]}, df.id == "57")

finish()
