"""Build ../requests/byo-r35b-house-congresses.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 35); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (a party's seats are found in whichever of p1/np1 or p2/np2 names it;
centuries are turned into start-year ranges), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. Here `congress` equals the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r35b-house-congresses"
PREFIX = "r35b-hc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 116 and list(df["id"]) == [str(i) for i in range(1, 117)]
assert list(df.columns) == ["id", "congress", "year_start", "year_end", "seats", "p1", "np1", "p2", "np2",
                            "other", "vac", "del", "res"]
assert df.notna().all().all() and (df.congress == df.id).all()
num = lambda c: pd.to_numeric(df[c])
START, END, SEATS, NP1, NP2 = num("year_start"), num("year_end"), num("seats"), num("np1"), num("np2")
OTHER, VAC, DEL = num("other"), num("vac"), num("del")
P1, P2 = df.p1, df.p2
P1_ALL = sorted(P1.unique())
assert P1_ALL == ["Adams", "Adams-Clay Republicans", "Anti-Jacksons", "Democrats", "Federalists",
                  "Pro-Administration"], P1_ALL
# the Republicans and the Whigs only ever appear as p2, the Democrats only as p1
assert "Republicans" not in set(P1) and "Whigs" not in set(P1) and "Democrats" not in set(P2)


def seats_of(party):
    """a party's seat count in each congress (blank where it is not one of the two listed parties)"""
    return NP1.where(P1 == party).fillna(NP2.where(P2 == party))


DEM, REP = seats_of("Democrats"), seats_of("Republicans")
WHAT = ["Congress", "congress", "House", "house", "seat", "Seat", "part", "Part"]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]


def row(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value)
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
    assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
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
add("greeting", ["good morning, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["congresses where the republicans held more than 240 seats"],
    {"has_items": True, "text_in": {"p2": ["Republicans"]}, "num_range": {"np2": [241, None]}}, REP > 240, 5)
add("plain", ["sessions of the house that had at least one vacency"],
    {"has_items": True, "num_range": {"vac": [1, None]}}, VAC >= 1, 5)
add("plain", ["which congresses had the whigs as one of the two main parties?"],
    {"has_items": True, "text_in": {"p2": ["Whigs"]}}, (P1 == "Whigs") | (P2 == "Whigs"), 5)
add("plain", ["congresses where democrats won over 290 seats"],
    {"has_items": True, "text_in": {"p1": ["Democrats"]}, "num_range": {"np1": [291, None]}}, DEM > 290, 5)

# ---- units (centuries as ranges of start years; start years are all odd, so 1800/1900 cannot occur) ----
assert not START.isin([1700, 1800, 1900]).any()
add("units", ["congresses that started in the 18th century"],
    {"has_items": True, "num_range": {"year_start": [None, 1799]}}, START <= 1799)
add("units", ["19th century congresses where the republicans had fewer than 100 seats"],
    {"has_items": True, "text_in": {"p2": ["Republicans"]}, "num_range": {"year_start": [1801, 1899], "np2": [None, 99]}},
    (START >= 1801) & (START <= 1899) & (REP < 100))

# ---- fact ------------------------------------------------------------------------------------
assert row("congress", "104")["p2"] == "Republicans" and row("congress", "104")["np2"] == "230"
add("fact", ["how many seats did the republicans have in the 104th congress?"], {"reply_number": 230})
assert row("congress", "73")["year_start"] == "1933"
add("fact", ["what year did the 73rd Congress start"], {"reply_number": 1933})
assert row("congress", "4")["p2"] == "Jeffersonian Republicans"
add("fact", ["who was the other main party in the 4th congress, besides the federalists?"],
    {"reply_contains": "Jeffersonian"})

# ---- count -----------------------------------------------------------------------------------
n435 = int((SEATS == 435).sum())
assert n435 == 52, n435
add("count", ["how many congresses had exactly 435 seats?"], {"reply_number": n435})
assert ((P1 == "Whigs") | (P2 == "Whigs")).sum() == 9
add("count", ["in how many congresses do the whigs show up"], {"reply_number": 9})
ndel = int((DEL >= 1).sum())
add("count", ["how many congresses had at least one delegate?"], {"reply_number": ndel})

# ---- superlative -----------------------------------------------------------------------------
dem1 = top_ids(DEM, 1)
assert dem1 == ["75"] and DEM.max() == 334
add("superlative", ["which congress had the most democrats"], {"has_items": True, "subset_of_ids": dem1}, df.id.isin(dem1), 1)
rep3 = top_ids(REP, 3)                                    # 302, 270, 254; next 251
assert sorted(REP[df.id.isin(rep3)]) == [254, 270, 302]
add("superlative", ["the 3 congresses with the biggest republican seat counts"],
    {"has_items": True, "subset_of_ids": rep3}, df.id.isin(rep3), 3)

# ---- ordinal (compared with another congress) ------------------------------------------------
r104 = int(row("congress", "104")["np2"])
add("ordinal", ["congresses where republicans had more seats than in the 104th"],
    {"has_items": True, "text_in": {"p2": ["Republicans"]}, "num_range": {"np2": [r104 + 1, None]}}, REP > r104)
s20 = int(row("congress", "20")["seats"])
assert s20 == 213
add("ordinal", ["congresses with fewer total seats than the 20th congress"],
    {"has_items": True, "num_range": {"seats": [None, s20 - 1]}}, SEATS < s20)

# ---- negation --------------------------------------------------------------------------------
add("negation", ["congresses where the first listed party wasn't the democrats"],
    {"has_items": True, "text_in": {"p1": [p for p in P1_ALL if p != "Democrats"]}}, P1 != "Democrats")
add("negation", ["congresses since 1900 with no third party members"],
    {"has_items": True, "num_range": {"year_start": [1900, None], "other": [0, 0]}}, (START >= 1900) & ~(OTHER > 0))

# ---- disjunction -----------------------------------------------------------------------------
disj = (DEM < 50) | (DEM > 320)
dis_ids = ids(disj)
assert dis_ids == ["37", "39", "40", "74", "75"], dis_ids
add("disjunction", ["congresses where the democrats had under 50 seats or over 320"],
    {"has_items": True, "subset_of_ids": dis_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the congresses that started after 1950", "just the ones where republicans had over 200 seats"],
    {"has_items": True, "text_in": {"p2": ["Republicans"]}, "num_range": {"year_start": [1951, None], "np2": [201, None]}},
    (START > 1950) & (REP > 200))
add("follow_up", ["congresses starting between 1900 and 1950", "only those with vacancies",
                  "and where the democrats had fewer than 200 seats"],
    {"has_items": True, "text_in": {"p1": ["Democrats"]},
     "num_range": {"year_start": [1900, 1950], "vac": [1, None], "np1": [None, 199]}},
    (START >= 1900) & (START <= 1950) & (VAC > 0) & (DEM < 200))

# ---- impossible ------------------------------------------------------------------------------
add("impossible", ["any congress where the republicans had over 400 seats?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, REP > 400)

# ---- id_lookup -------------------------------------------------------------------------------
assert df.loc[df.id == "88", "year_start"].item() == "1963"
add("id_lookup", ["tell me about item 88"], {"has_items": True, "subset_of_ids": ["88"]}, df.id == "88")

finish()
