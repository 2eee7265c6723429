"""Build ../requests/byo-r21a-ship-damage.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one cell of a cargo-ship damage table: ship `type` A-E, `year` of construction coded by the
first year of its five-year band (60 = 1960-64, 65 = 1965-69, 70 = 1970-74, 75 = 1975-79), `period` of
operation coded 60 (= 1960-74) or 75 (= 1975-79), aggregate `service` in ship-months and the number of
damage `incidents`. Users say years ("built in the late sixties", "100 years of service"); the truth
expressions convert months to years and map year bands to their codes. For every request that must
return items, the script asserts that the `expect` facets accept exactly the rows that answer it.
"""
NAME = "r21a-ship-damage"
PREFIX = "r21a-sh"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert list(df["id"]) == [str(i) for i in range(1, len(df) + 1)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

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

assert len(df) == 40 and list(df.columns) == ["id", "type", "year", "period", "service", "incidents"]
SERV, INC = num("service"), num("incidents")
BUILT = num("year") + 1900                                 # first calendar year of the construction band
OPER = num("period") + 1900                                # first calendar year of the operation period
assert set(df.type) == set("ABCDE") and set(df.year) == {"60", "65", "70", "75"} and set(df.period) == {"60", "75"}
assert df.notna().all().all() and (SERV % 1 == 0).all() and (INC % 1 == 0).all()
WHAT = ["ship", "Ship", "vessel", "Vessel", "incident", "damage", "Damage"]


def cell(t, y, p):
    r = df[(df.type == t) & (df.year == str(y)) & (df.period == str(p))]
    assert len(r) == 1, (t, y, p)
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["hi! what kind of data do you have here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["type B ships"], {"has_items": True, "text_in": {"type": ["B"]}}, df.type == "B", 5)
add("plain", ["ships built between 1965 and 1969"], {"has_items": True, "text_in": {"year": ["65"]}},
    (BUILT >= 1965) & (BUILT + 4 <= 1969), 5)
add("plain", ["more than 10 damage incidnets"], {"has_items": True, "num_range": {"incidents": [11, None]}},
    INC > 10, 5)
add("plain", ["which had no incidents at all"], {"has_items": True, "num_range": {"incidents": [0, 0]}},
    INC == 0, 5)

# ---- units (service is in ship-months; asked in years) -----------------------------------------
add("units", ["more than 100 years of service"], {"has_items": True, "num_range": {"service": [1201, None]}},
    SERV / 12 > 100, 1)
add("units", ["service between 10 and 50 years"], {"has_items": True, "num_range": {"service": [120, 600]}},
    (SERV / 12 >= 10) & (SERV / 12 <= 50), 1)

# ---- fact (a cell is named by its type, construction band and operation period) ---------------
assert cell("A", 70, 75)["incidents"] == "18"
add("fact", ["how many incidents for type A ships built 1970-74 and operated 1975-79?"], {"reply_number": 18})
assert cell("B", 60, 60)["service"] == "44882"
add("fact", ["total months of service for type B built in 1960-64, operated 1960-74"], {"reply_number": 44882})
assert cell("E", 65, 75)["service"] == "437"
add("fact", ["service months of type E ships from the 1965-69 build, in the 1975-79 period"],
    {"reply_number": 437})

# ---- count ----------------------------------------------------------------------------------
assert ((df.type == "C") & (INC == 0)).sum() == 2
add("count", ["how many type C rows have zero incidents"], {"reply_number": 2})
assert (SERV == 0).sum() == 6
add("count", ["how many combinations have no service at all"], {"reply_number": 6})
assert (INC > 20).sum() == 5
add("count", ["in how many cases were there more than 20 incidents?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(INC, 1)                                     # 58; next is 53
assert most == ["11"] and INC.max() == 58
add("superlative", ["which one had the most incidents"], {"has_items": True, "subset_of_ids": most},
    df.id.isin(most), 1)
top3 = top_ids(SERV, 3)                                    # 44882, 28609, 20370; next is 17176
assert sorted(SERV[df.id.isin(top3)]) == [20370, 28609, 44882]
add("superlative", ["top 3 by months of service"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)

# ---- ordinal (compared with another cell) ---------------------------------------------------
ref = int(cell("A", 70, 75)["incidents"])                  # 18
add("ordinal", ["more incidents than type A built 1970-74 in the 1975-79 period"],
    {"has_items": True, "num_range": {"incidents": [19, None]}}, INC > ref)
ref = int(cell("D", 70, 60)["service"])                    # 349
assert ref == 349
add("ordinal", ["type D with more service than type D built 70-74 operated 60-74"],
    {"has_items": True, "text_in": {"type": ["D"]}, "num_range": {"service": [350, None]}},
    (df.type == "D") & (SERV > ref))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["ships that aren't type B with over 10 incidents"],
    {"has_items": True, "text_in": {"type": ["A", "C", "D", "E"]}, "num_range": {"incidents": [11, None]}},
    (df.type != "B") & (INC > 10))
add("negation", ["ships not built in the 60s"], {"has_items": True, "text_in": {"year": ["70", "75"]}},
    ~((BUILT >= 1960) & (BUILT <= 1969)))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["type C or type D with at least 5 incidents"],
    {"has_items": True, "text_in": {"type": ["C", "D"]}, "num_range": {"incidents": [5, None]}},
    df.type.isin(["C", "D"]) & (INC >= 5))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["type E ships", "just the ones in service 1975 to 1979"],
    {"has_items": True, "text_in": {"type": ["E"], "period": ["75"]}}, (df.type == "E") & (OPER == 1975))
add("follow_up", ["ships built 1965-69", "with at least 1000 months of service", "which of those had fewer than 10 incidents"],
    {"has_items": True, "text_in": {"year": ["65"]}, "num_range": {"service": [1000, None], "incidents": [None, 9]}},
    (BUILT == 1965) & (SERV >= 1000) & (INC < 10))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any with over 100 incidents?"], {"no_items": True, "reply_contains_any": NO_REPLY}, INC > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "22", ["type", "year", "period"]].values.tolist() == [["C", "70", "75"]]
add("id_lookup", ["show item 22"], {"has_items": True, "subset_of_ids": ["22"]}, df.id == "22")

finish()
