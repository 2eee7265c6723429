"""Build ../requests/byo-r21a-greenhouse-gases.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 21); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (lifetimes converted from years to days or centuries where the user
used those), and the script asserts that the `expect` facets accept exactly those rows. Gas families
(HFCs, HFOs, halons, PFCs, HCFCs) are read from the prefix of the raw `Acronym`; rows with a blank
Acronym belong to no family. Counts and facts are asserted against the file.
"""
NAME = "r21a-greenhouse-gases"
PREFIX = "r21a-gh"
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

assert len(df) == 248 and df.columns[1:6].tolist() == ["Name", "CAS", "Acronym", "Formula", "Lifetime, years"]
LIFE, G20, G100 = num("Lifetime, years"), num("20yr GWP"), num("100yr GWP")
ACR = df["Acronym"]
assert ACR.isna().sum() == 85 and LIFE.isna().sum() == 1 and ACR.dropna().is_unique
WHAT = ["gas", "Gas", "greenhouse", "Greenhouse", "warming", "Warming", "GWP", "climate", "refrigerant"]


def family(prefix):
    """Raw Acronym values starting with prefix (blank acronyms never belong to a family)."""
    return sorted(a for a in ACR.dropna().unique() if a.startswith(prefix))


def fam_mask(prefix):
    return ACR.notna() & ACR.fillna("").str.startswith(prefix)


def gas(acronym=None, name=None):
    r = df[ACR == acronym] if acronym else df[df["Name"].str.lower() == name.lower()]
    assert len(r) == 1, (acronym, name)
    return r.iloc[0]


HFC, HFO, HALON, PFC, HCFC = (family(p) for p in ("HFC-", "HFO-", "Halon-", "PFC-", "HCFC-"))
assert (len(HFC), len(HFO), len(HALON), len(PFC), len(HCFC)) == (26, 14, 9, 12, 19)

# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the HFCs"], {"has_items": True, "text_in": {"Acronym": HFC}}, fam_mask("HFC-"), 5)
add("plain", ["list the halons"], {"has_items": True, "text_in": {"Acronym": HALON}}, fam_mask("Halon-"), 5)
gap_empty("100yr GWP", 10000, 10001)
add("plain", ["gases with a 100-year GWP over 10,000"],
    {"has_items": True, "num_range": {"100yr GWP": [10001, None]}}, G100 > 10000, 5)
add("plain", ["HFOs with 20 yr GWP below 1"],
    {"has_items": True, "text_in": {"Acronym": HFO}, "num_range": {"20yr GWP": [None, 0.999]}},
    fam_mask("HFO-") & (G20 < 1), 5)
gap_empty("20yr GWP", 0.999, 1)

# ---- units (lifetime is in years; asked in days and centuries) ----------------------------------
gap_empty("Lifetime, years", 0.019, 7 / 365)
add("units", ["which ones break down in less than a week?"],
    {"has_items": True, "num_range": {"Lifetime, years": [None, 0.019]}}, LIFE * 365 < 7)
gap_empty("Lifetime, years", 500, 501)
add("units", ["gases that stick around in the atmosphere for more than 5 centuries"],
    {"has_items": True, "num_range": {"Lifetime, years": [501, None]}}, LIFE / 100 > 5)

# ---- fact -----------------------------------------------------------------------------------
assert gas("HFC-134a")["100yr GWP"] == "1530"
add("fact", ["what's the 100 year GWP of HFC-134a?"], {"reply_number": 1530})
assert gas(name="sulfur hexafluoride")["Lifetime, years"] == "3200"
add("fact", ["how long does sulfur hexafluoride last in the atmosphere"], {"reply_number": 3200})
assert gas("Halon-1301")["Formula"] == "CBrF3"
add("fact", ["chemical formula of halon 1301?"], {"reply_contains": "CBrF3"})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many HCFCs are in the list"], {"reply_number": 19})
add("count", ["how many gases dont have an acronym"], {"reply_number": 85})
assert (G100 >= 1000).sum() == 72
add("count", ["how many have a 100-yr GWP of at least 1000?"], {"reply_number": 72})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(LIFE, 1)
assert df.loc[df.id.isin(longest), "Acronym"].tolist() == ["PFC-14"] and LIFE.max() == 50000
add("superlative", ["which gas has the longest atmospheric lifetime"],
    {"has_items": True, "subset_of_ids": longest}, df.id.isin(longest), 1)
top3 = top_ids(G20, 3)                                    # 18300, 13900, 13500; next is 13400
assert sorted(G20[df.id.isin(top3)]) == [13500, 13900, 18300]
add("superlative", ["top 3 gases by 20-year global warming potential"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)

# ---- ordinal (compared with another gas) ----------------------------------------------------
assert gas("HFC-134a")["Lifetime, years"] == "14"
gap_empty("Lifetime, years", 14, 14.1)
add("ordinal", ["HFCs that last longer than HFC-134a"],
    {"has_items": True, "text_in": {"Acronym": HFC}, "num_range": {"Lifetime, years": [14.1, None]}},
    fam_mask("HFC-") & (LIFE > float(gas("HFC-134a")["Lifetime, years"])))
assert gas("HFO-1234yf")["Lifetime, years"] == "0.033"
add("ordinal", ["whcih HFOs have a shorter lifetime than HFO-1234yf"],
    {"has_items": True, "text_in": {"Acronym": HFO}, "num_range": {"Lifetime, years": [None, 0.032]}},
    fam_mask("HFO-") & (LIFE < 0.033))
gap_empty("Lifetime, years", 0.032, 0.033)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["HFCs whose lifetime is not longer than 5 years"],
    {"has_items": True, "text_in": {"Acronym": HFC}, "num_range": {"Lifetime, years": [None, 5]}},
    fam_mask("HFC-") & LIFE.notna() & ~(LIFE > 5))
add("negation", ["halons that don't have a 100 yr GWP above 1000"],
    {"has_items": True, "text_in": {"Acronym": HALON}, "num_range": {"100yr GWP": [None, 1000]}},
    fam_mask("Halon-") & G100.notna() & ~(G100 > 1000))

# ---- disjunction ----------------------------------------------------------------------------
disj = (ACR == "HFC-32") | (ACR == "HFC-125")
assert ids(disj) == ["41", "43"]
add("disjunction", ["HFC-32 or HFC-125"], {"has_items": True, "subset_of_ids": ["41", "43"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the PFCs", "only those with a lifetime of 3000 years or more"],
    {"has_items": True, "text_in": {"Acronym": PFC}, "num_range": {"Lifetime, years": [3000, None]}},
    fam_mask("PFC-") & (LIFE >= 3000))
gap_empty("100yr GWP", 1999, 2000)
add("follow_up", ["HFC refrigerants", "which of them last more than 10 yrs", "and of those, GWP100 under 2000"],
    {"has_items": True, "text_in": {"Acronym": HFC},
     "num_range": {"Lifetime, years": [10.1, None], "100yr GWP": [None, 1999]}},
    fam_mask("HFC-") & (LIFE > 10) & (G100 < 2000))
gap_empty("Lifetime, years", 10, 10.1)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any HFC with a lifetime over a thousand years?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, fam_mask("HFC-") & (LIFE > 1000))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "45", "Acronym"].item() == "HFC-134a"
add("id_lookup", ["tell me about item 45"], {"has_items": True, "subset_of_ids": ["45"]}, df.id == "45")

finish()
