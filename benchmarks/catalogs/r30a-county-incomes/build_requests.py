"""Build ../requests/byo-r30a-county-incomes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

Every money and count column of this table is text as the source wrote it ("$76,592", "1,628,706").
The truth expressions parse those strings (strip "$" and ","), but no `num_range` facet is written on
them: every request whose answer depends on an amount is checked with `subset_of_ids` listing exactly the
qualifying rows (plus `text_in` on the state where the user named one), so the expectations do not depend
on how a checker would parse "$76,592". For every request that must return items the script asserts that
the `expect` facets accept exactly the truth rows; counts and facts are asserted against the file.
A county is named by `county` + `states` (county names repeat across states: 12 Johnsons).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30a-county-incomes"
PREFIX = "r30a-ci"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 3231 and list(df["id"]) == [str(i) for i in range(1, 3232)]
assert list(df.columns) == ["id", "county", "states", "pci", "household_income", "family_income", "population",
                            "num_of_households"]
assert df.notna().all().all()                              # no blanks in this table
MONEY = r"^\$\d{1,3}(,\d{3})*$"
COUNT = r"^\d{1,3}(,\d{3})*$"
for c in ["pci", "household_income", "family_income"]:
    assert df[c].str.match(MONEY).all(), c
for c in ["population", "num_of_households"]:
    assert df[c].str.match(COUNT).all(), c
val = lambda c: pd.to_numeric(df[c].str.replace(r"[$,]", "", regex=True))   # "$76,592" -> 76592
PCI, HH_INC, FAM_INC, POP, HOUSEHOLDS = (val(c) for c in ["pci", "household_income", "family_income",
                                                          "population", "num_of_households"])
ST = df.states

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["count", "Count", "income", "Income"]


def county(name, state=None):
    m = df["county"].str.lower() == name.lower()
    if state is not None:
        m &= ST == state
    r = df[m]
    assert len(r) == 1, (name, state)                      # facts by name: the name (+ state) is unique
    return r.iloc[0]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    assert "num_range" not in expect                       # amounts are text here; see the docstring
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    if "subset_of_ids" in expect:
        m &= df["id"].astype(str).isin(expect["subset_of_ids"])
    return m


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


def add_ids(kind, turns, truth, text_in=None, min_rows=1):
    """An item request whose truth depends on an amount: subset_of_ids = exactly the truth rows."""
    expect = {"has_items": True}
    if text_in:
        expect["text_in"] = text_in
    expect["subset_of_ids"] = ids(truth)
    add(kind, turns, expect, truth, min_rows)


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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what kind of data do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["counties in Vermont"], {"has_items": True, "text_in": {"states": ["Vermont"]}}, ST == "Vermont", 5)
add_ids("plain", ["Texas counties with per capita income over 30k"],
        (ST == "Texas") & (PCI > 30_000), {"states": ["Texas"]}, 5)
add_ids("plain", ["places in Alaska with fewer than 5,000 people"],
        (ST == "Alaska") & (POP < 5_000), {"states": ["Alaska"]}, 5)
add_ids("plain", ["Georgia counties where the median household income is under $30,000"],
        (ST == "Georgia") & (HH_INC < 30_000), {"states": ["Georgia"]}, 5)

# ---- units (all incomes are yearly dollars) -----------------------------------------------------
add_ids("units", ["where does income per person come to more than $4,000 a month?"], PCI / 12 > 4_000)
add_ids("units", ["counties where family income is above 2 grand a week"], FAM_INC / 52 > 2_000)

# ---- fact (asked by county name; unique, case-insensitively) --------------------------------------
assert county("Marin")["pci"] == "$56,791" and county("Marin")["states"] == "California"
add("fact", ["what's the per capita income in Marin County?"], {"reply_number": 56791})
assert county("Los Alamos")["population"] == "17,979"
add("fact", ["how many people live in Los Alamos county"], {"reply_number": 17979})
assert county("Loudoun")["num_of_households"] == "106,997"
add("fact", ["number of households in Loudoun?"], {"reply_number": 106997})

# ---- count ----------------------------------------------------------------------------------
assert (ST == "Delaware").sum() == 3
add("count", ["how many counties does Delaware have in this list"], {"reply_number": 3})
assert (ST == "Puerto Rico").sum() == 78
add("count", ["how many Puerto Rico municipios are in here?"], {"reply_number": 78})
assert (PCI < 15_000).sum() == 157
add("count", ["how many counties have a per capita income below $15,000?"], {"reply_number": 157})

# ---- superlative ----------------------------------------------------------------------------
poorest = top_ids(PCI, 1, largest=False)                   # $5,441; next $5,943
assert poorest == ["3231"] and df.loc[3230, "county"] == "Manu’a District"
add("superlative", ["what's the poorest place on the list by per capita income?"],
    {"has_items": True, "subset_of_ids": poorest}, df.id.isin(poorest), 1)
biggest3 = top_ids(POP, 3)                                 # Los Angeles, Cook IL, Harris TX; next Maricopa
assert biggest3 == ["317", "508", "531"]
add("superlative", ["the 3 most populous counties"], {"has_items": True, "subset_of_ids": biggest3},
    df.id.isin(biggest3), 3)

# ---- ordinal (compared with another county) ------------------------------------------------------
arl = county("Arlington", "Virginia")
add_ids("ordinal", ["Virginia counties with more households than Arlington"],
        (ST == "Virginia") & (HOUSEHOLDS > val("num_of_households")[arl.name]), {"states": ["Virginia"]})
sf = county("San Francisco", "California")
add_ids("ordinal", ["california counties bigger than San Francisco by population"],
        (ST == "California") & (POP > POP[sf.name]), {"states": ["California"]})

# ---- negation -------------------------------------------------------------------------------
TERRITORIES = ["American Samoa", "Guam", "Northern Mariana Islands", "Puerto Rico", "U.S. Virgin Islands"]
assert set(TERRITORIES) <= set(ST)
not_pr = [t for t in TERRITORIES if t != "Puerto Rico"]
add("negation", ["show me the territories that aren't Puerto Rico"],
    {"has_items": True, "text_in": {"states": not_pr}}, ST.isin(TERRITORIES) & (ST != "Puerto Rico"))
add_ids("negation", ["Nevada counties that don't top $25k per capita"],
        (ST == "Nevada") & ~(PCI > 25_000), {"states": ["Nevada"]})

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["counties in Rhode Island or Connecticut"],
    {"has_items": True, "text_in": {"states": ["Rhode Island", "Connecticut"]}},
    (ST == "Rhode Island") | (ST == "Connecticut"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add_ids("follow_up", ["counties in Colorado", "only the ones with household income over 70k"],
        (ST == "Colorado") & (HH_INC > 70_000), {"states": ["Colorado"]})
add_ids("follow_up", ["show me Florida counties", "ones with more than half a million people",
                      "which of those have per capita income under $27k?"],
        (ST == "Florida") & (POP > 500_000) & (PCI < 27_000), {"states": ["Florida"]})

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any county with over 20 million residents?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, POP > 20_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1500", ["county", "states"]].values.tolist() == [["Mason", "Michigan"]]
add("id_lookup", ["tell me about item 1500"], {"has_items": True, "subset_of_ids": ["1500"]}, df.id == "1500")

finish()
