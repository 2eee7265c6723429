"""Build ../requests/byo-r9a-nh-primary.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

The table has no names at all: a town or ward is only its row `id`. For every request that must return
items, `truth` is the set of rows that really answer it, computed here with plain pandas expressions (shares
stored as 0-1 fractions compared with the user's percents, dollars with the user's "k"), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
NAME = "r9a-nh-primary"
PREFIX = "r9a-nh"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert list(df["id"]) == [str(i) for i in range(1, len(df) + 1)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any", "There are no", "there are no"]


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


def gap_empty(col, lo, hi, within=None):
    """Assert no value of `col` (optionally only rows in `within`) lies strictly between lo and hi."""
    v = pd.to_numeric(df[col])
    bad = (v > lo) & (v < hi)
    if within is not None:
        bad &= within
    assert not bad.any(), (col, lo, hi, df.loc[bad, col].tolist())


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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


assert len(df) == 276 and list(df.columns) == ["id", "votesys", "Obama", "Clinton", "dem", "povrate", "pci", "Dean",
                                               "Kerry", "white", "absentee", "population", "pObama"]
assert set(df.votesys) == {"D", "H"} and df.notna().all().all()
OBAMA, CLINTON, DEM, POV, PCI = num("Obama"), num("Clinton"), num("dem"), num("povrate"), num("pci")
KERRY, ABS, POP, P_OBAMA = num("Kerry"), num("absentee"), num("population"), num("pObama")
assert ((OBAMA % 1 == 0) & (DEM % 1 == 0) & (PCI % 1 == 0)).all()   # whole votes, whole dollars
WHAT = ["vote", "Vote", "primary", "Primary", "Obama", "Clinton", "election", "Election", "New Hampshire"]


def row(i):
    return df[df["id"] == str(i)].iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what does this data cover?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["towns that counted ballots by hand"], {"has_items": True, "text_in": {"votesys": ["H"]}},
    df.votesys == "H", 5)
add("plain", ["machine-counted towns with at least 5,000 people"],
    {"has_items": True, "text_in": {"votesys": ["D"]}, "num_range": {"population": [5000, None]}},
    (df.votesys == "D") & (POP >= 5000), 5)
add("plain", ["places where more than 2000 people voted in the dem primary"],
    {"has_items": True, "num_range": {"dem": [2001, None]}}, DEM > 2000, 5)
gap_empty("pci", 25000, 25001)
add("plain", ["hand count towns with per capita income over 25k"],
    {"has_items": True, "text_in": {"votesys": ["H"]}, "num_range": {"pci": [25001, None]}},
    (df.votesys == "H") & (PCI / 1000 > 25), 5)

# ---- units (shares are 0-1 fractions; users ask in percent) -------------------------------------
gap_empty("pObama", 0.45, 0.45001)                         # smallest share above 45% is 0.45249...
add("units", ["towns where Obama got over 45%"], {"has_items": True, "num_range": {"pObama": [0.45001, None]}},
    P_OBAMA * 100 > 45)
gap_empty("povrate", 0.0299, 0.03)                         # poverty rates have 4 decimals
add("units", ["poverty rate under 3 precent"], {"has_items": True, "num_range": {"povrate": [None, 0.0299]}},
    POV * 100 < 3)

# ---- fact (asked by row, the only handle this table has, or by a unique figure) ------------------
assert row(100)["Clinton"] == "394"
add("fact", ["how many votes did Clinton get in item 100?"], {"reply_number": 394})
assert row(10)["dem"] == "518"
add("fact", ["how many people voted in the democratic primary in #10"], {"reply_number": 518})
big = df[POP == POP.max()]
assert len(big) == 1 and big.iloc[0]["Obama"] == "1632" and big.iloc[0]["population"] == "34613"
add("fact", ["in the biggest town, how many votes did Obama get?"], {"reply_number": 1632})

# ---- count ----------------------------------------------------------------------------------
assert (df.votesys == "H").sum() == 102
add("count", ["how many towns hand counted thier ballots?"], {"reply_number": 102})
assert (OBAMA > CLINTON).sum() == 127
add("count", ["in how many places did Obama beat Clinton?"], {"reply_number": 127})
assert (POP > 10000).sum() == 17
add("count", ["how many towns have more than 10,000 people"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(P_OBAMA, 1)
add("superlative", ["where did Obama do best, share-wise?"], {"has_items": True, "subset_of_ids": best},
    df.id.isin(best), 1)
poor3 = top_ids(PCI, 3, largest=False)                      # 13784, 14766, 15101; next is 15780 (four wards)
assert sorted(PCI[df.id.isin(poor3)]) == [13784, 14766, 15101]
add("superlative", ["the 3 poorest towns by income per head"], {"has_items": True, "subset_of_ids": poor3},
    df.id.isin(poor3), 3)

# ---- ordinal (compared with another row) ----------------------------------------------------
assert row(3)["dem"] == "1305"
add("ordinal", ["towns with more primary voters than item 3"], {"has_items": True, "num_range": {"dem": [1306, None]}},
    DEM > float(row(3)["dem"]))
assert row(1)["povrate"] == "0.0653"
gap_empty("povrate", 0.0652, 0.0653)
add("ordinal", ["hand-count towns with a lower poverty rate than item 1"],
    {"has_items": True, "text_in": {"votesys": ["H"]}, "num_range": {"povrate": [None, 0.0652]}},
    (df.votesys == "H") & (POV < float(row(1)["povrate"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["towns where Obama did not break 40 percent"],
    {"has_items": True, "num_range": {"pObama": [None, 0.4]}}, ~(P_OBAMA * 100 > 40))
gap_empty("povrate", 0.1, 0.1001)
add("negation", ["towns not counting by hand that have poverty above 10%"],
    {"has_items": True, "text_in": {"votesys": ["D"]}, "num_range": {"povrate": [0.1001, None]}},
    (df.votesys != "H") & (POV * 100 > 10))

# ---- disjunction ----------------------------------------------------------------------------
disj = (POP < 500) | (POP > 20000)
tiny_or_big = ids(disj)
assert len(tiny_or_big) == 9
add("disjunction", ["towns with fewer than 500 people or more than 20,000"],
    {"has_items": True, "subset_of_ids": tiny_or_big}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("absentee", 0.1, 0.100001)                        # absentee shares have 6 decimals
add("follow_up", ["hand-counted towns", "only ones where absentee ballots were above 10%"],
    {"has_items": True, "text_in": {"votesys": ["H"]}, "num_range": {"absentee": [0.100001, None]}},
    (df.votesys == "H") & (ABS * 100 > 10))
gap_empty("Kerry", 0.4, 0.4001)                             # 0.4 itself occurs, next is 0.40072
gap_empty("pObama", 0.34999999, 0.35)
add("follow_up", ["towns where Kerry got over 40% in 2004", "now only the machine-counted ones",
                  "and Obama under 35%"],
    {"has_items": True, "num_range": {"Kerry": [0.4001, None], "pObama": [None, 0.34999999]},
     "text_in": {"votesys": ["D"]}},
    (KERRY * 100 > 40) & (df.votesys == "D") & (P_OBAMA * 100 < 35))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any towns where Obama got more than 60 percent?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, P_OBAMA * 100 > 60)

# ---- id_lookup ------------------------------------------------------------------------------
assert row(150)["votesys"] in {"D", "H"}
add("id_lookup", ["show me item 150"], {"has_items": True, "subset_of_ids": ["150"]}, df.id == "150")

finish()
