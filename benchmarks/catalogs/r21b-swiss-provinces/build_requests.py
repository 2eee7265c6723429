"""Build ../requests/byo-r21b-swiss-provinces.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (percent columns against the user's fractions such as "two thirds"
and "1 in 5"), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. The province name is the column `rownames`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r21b-swiss-provinces"
PREFIX = "r21b-sw"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 47 and list(df["id"]) == [str(i) for i in range(1, 48)]
assert list(df.columns) == ["id", "rownames", "Fertility", "Agriculture", "Examination", "Education", "Catholic",
                            "Infant.Mortality"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
FERT, AGRI, EXAM, EDUC, CATH, INF = (num(c) for c in ["Fertility", "Agriculture", "Examination", "Education",
                                                       "Catholic", "Infant.Mortality"])
assert df.notna().all().all() and df.rownames.str.lower().is_unique
assert ((FERT * 10).round() == FERT * 10).all() and ((AGRI * 10).round() == AGRI * 10).all()   # one decimal
assert ((INF * 10).round() == INF * 10).all() and (EXAM % 1 == 0).all() and (EDUC % 1 == 0).all()
assert ((CATH * 100).round() - CATH * 100).abs().max() < 1e-6                                  # two decimals

WHAT = ["province", "Province", "district", "District", "Swiss", "Switzerland", "canton", "fertility", "Fertility"]

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


def prov(name):
    r = df[df["rownames"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what is this dataset about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("Fertility", 80, 80.1)
add("plain", ["provinces with fertility above 80"], {"has_items": True, "num_range": {"Fertility": [80.1, None]}},
    FERT > 80, 5)
gap_empty("Catholic", 50, 50.01)
add("plain", ["mostly catholic provinces"], {"has_items": True, "num_range": {"Catholic": [50.01, None]}}, CATH > 50, 5)
add("plain", ["where is education over 10%?"], {"has_items": True, "num_range": {"Education": [11, None]}}, EDUC > 10, 5)
gap_empty("Agriculture", 60, 60.1)
add("plain", ["farming districts with more than 60 percent in agriculture"],
    {"has_items": True, "num_range": {"Agriculture": [60.1, None]}}, AGRI > 60, 5)

# ---- units (every column is a percentage 0-100) --------------------------------------------------
gap_empty("Catholic", 200 / 3, 66.67)
add("units", ["provinces where more than two thirds of people are catholic"],
    {"has_items": True, "num_range": {"Catholic": [66.67, None]}}, CATH / 100 > 2 / 3, 5)
gap_empty("Infant.Mortality", 19.9, 20)
add("units", ["where did fewer than 1 in 5 babies die in their first year?"],
    {"has_items": True, "num_range": {"Infant.Mortality": [None, 19.9]}}, INF / 100 < 1 / 5, 5)

# ---- fact -----------------------------------------------------------------------------------
assert prov("Lausanne")["Fertility"] == "55.7"
add("fact", ["what's the fertility in Lausanne?"], {"reply_number": 55.7})
assert prov("Sion")["Catholic"] == "96.83"
add("fact", ["how catholic is sion"], {"reply_number": 96.83})
assert prov("La Vallee")["Infant.Mortality"] == "10.8"
add("fact", ["infant mortality in La Vallée?"], {"reply_number": 10.8})

# ---- count ----------------------------------------------------------------------------------
assert (CATH > 90).sum() == 15
add("count", ["how many provinces are more than 90% catholic"], {"reply_number": 15})
assert (CATH < 50).sum() == 29
add("count", ["how many provinces are majority protestant?"], {"reply_number": 29})
assert (EDUC > 20).sum() == 5
add("count", ["how many have education above 20 percent"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
low = top_ids(FERT, 1, largest=False)
assert low == [prov("V. De Geneve")["id"]] and FERT.min() == 35.0
add("superlative", ["which province has the lowest fertility"], {"has_items": True, "subset_of_ids": low},
    df.id.isin(low), 1)
top3 = top_ids(AGRI, 3)                                    # 89.7, 85.9, 84.9; next is 84.6
assert sorted(AGRI[df.id.isin(top3)]) == [84.9, 85.9, 89.7]
add("superlative", ["top 3 most agricultural provinces"], {"has_items": True, "subset_of_ids": top3},
    df.id.isin(top3), 3)

# ---- ordinal (compared with another province) ------------------------------------------------
assert prov("Neuchatel")["Fertility"] == "64.4"
gap_empty("Fertility", 64.4, 64.5)
add("ordinal", ["provinces with higher fertility than Neuchatel"],
    {"has_items": True, "num_range": {"Fertility": [64.5, None]}}, FERT > float(prov("Neuchatel")["Fertility"]))
assert prov("V. De Geneve")["Catholic"] == "42.34"
gap_empty("Catholic", 42.33, 42.34)
add("ordinal", ["which ones are less catholic than V. De Geneve?"],
    {"has_items": True, "num_range": {"Catholic": [None, 42.33]}}, CATH < float(prov("V. De Geneve")["Catholic"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["provinces that aren't mostly agricultural"], {"has_items": True, "num_range": {"Agriculture": [None, 50]}},
    ~(AGRI > 50))
GENEVA = ["V. De Geneve", "Rive Droite", "Rive Gauche"]
assert all(g in set(df.rownames) for g in GENEVA)
gap_empty("Fertility", 59.9, 60)
add("negation", ["fertility under 60 but not the three Geneva districts"],
    {"has_items": True, "text_in": {"rownames": [r for r in df.rownames if r not in GENEVA]},
     "num_range": {"Fertility": [None, 59.9]}},
    ~df.rownames.isin(GENEVA) & (FERT < 60), 5)

# ---- disjunction ----------------------------------------------------------------------------
disj = (FERT < 50) | (FERT > 90)
assert ids(disj) == ["3", "8", "37", "45", "46", "47"]
add("disjunction", ["provinces with fertility either below 50 or above 90"],
    {"has_items": True, "subset_of_ids": ["3", "8", "37", "45", "46", "47"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["catholic majority provinces", "only the ones with infant mortality under 20"],
    {"has_items": True, "num_range": {"Catholic": [50.01, None], "Infant.Mortality": [None, 19.9]}},
    (CATH > 50) & (INF < 20))
gap_empty("Fertility", 70, 70.1)
gap_empty("Agriculture", 49.9, 50)
add("follow_up", ["provinces with fertility over 70", "where less than half the men work in farming",
                  "and more than 15% got top marks on the army exam"],
    {"has_items": True, "num_range": {"Fertility": [70.1, None], "Agriculture": [None, 49.9], "Examination": [16, None]}},
    (FERT > 70) & (AGRI < 50) & (EXAM > 15))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any province with fertility above 95?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    FERT > 95)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "12", "rownames"].item() == "Aigle"
add("id_lookup", ["tell me about item 12"], {"has_items": True, "subset_of_ids": ["12"]}, df.id == "12")

finish()
