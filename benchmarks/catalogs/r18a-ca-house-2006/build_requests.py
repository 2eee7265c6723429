"""Build ../requests/byo-r18a-ca-house-2006.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (vote counts compared with the user's "k", "thousand" or "million"),
and the script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. A district is asked for by its incumbent's last name (`IncName`, blank for the two open
seats, and shared by two Millers and two Sanchezes) or by its number; `district` happens to equal `id`.
Blank vote cells (no candidate of that party) never pass a facet nor a truth expression.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18a-ca-house-2006"
PREFIX = "r18a-ca"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 53 and list(df["id"]) == [str(i) for i in range(1, 54)]
assert list(df.columns) == ["id", "district", "D", "R", "Other", "IncParty", "IncName", "open", "contested",
                            "Bush2004", "Kerry2004", "Other2004", "Bush2000", "Gore2000"]
assert list(df["district"]) == list(df["id"])
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
DEM, REP, OTH = num("D"), num("R"), num("Other")
BUSH04, KERRY04, BUSH00, GORE00 = num("Bush2004"), num("Kerry2004"), num("Bush2000"), num("Gore2000")
assert DEM.isna().sum() == 1 and REP.isna().sum() == 7 and OTH.isna().sum() == 24 and df.IncName.isna().sum() == 2
assert set(df.open) == {"True", "False"} and set(df.contested) == {"True", "False"} and set(df.IncParty) == {"D", "R"}
assert all((v.dropna() % 1 == 0).all() for v in (DEM, REP, OTH, BUSH04, KERRY04, BUSH00, GORE00))   # whole votes

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["district", "District", "election", "Election", "congress", "Congress", "vote", "Vote", "House", "race"]


def inc(name):
    r = df[df["IncName"].str.lower() == name.lower()]
    assert len(r) == 1, name                               # facts are asked only of unique incumbent names
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
add("greeting", ["good morning, what does this data cover?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["districts with a republican incumbent"], {"has_items": True, "text_in": {"IncParty": ["R"]}},
    df.IncParty == "R", 5)
gap_empty("D", 100000, 100001)
add("plain", ["races where the Democrat got more than 100k votes"],
    {"has_items": True, "num_range": {"D": [100001, None]}}, DEM > 100000, 5)
add("plain", ["uncontested seats"], {"has_items": True, "text_in": {"contested": ["False"]}},
    df.contested == "False", 5)
gap_empty("Bush2004", 150000, 150001)
add("plain", ["districts where Bush got over 150,000 votes in 2004"],
    {"has_items": True, "num_range": {"Bush2004": [150001, None]}}, BUSH04 > 150000, 5)

# ---- units (plain vote counts; asked in millions and thousands) -------------------------------
gap_empty("Kerry2004", 200000, 200001)
add("units", ["where did Kerry get more than 0.2 million votes in 2004?"],
    {"has_items": True, "num_range": {"Kerry2004": [200001, None]}}, KERRY04 / 1e6 > 0.2)
gap_empty("R", 19999, 20000)
add("units", ["districts where the republcan candidate got under 20 thousand votes"],
    {"has_items": True, "num_range": {"R": [None, 19999]}}, REP / 1000 < 20)

# ---- fact (asked by incumbent name; each of these names is unique) ----------------------------
assert inc("Pelosi")["D"] == "119616.0" and inc("Pelosi")["IncParty"] == "D"
add("fact", ["how many votes did Pelosi get"], {"reply_number": 119616})
assert inc("Waxman")["district"] == "30"
add("fact", ["which district is waxman's?"], {"reply_number": 30})
assert df.loc[df.district == "11", "IncName"].item() == "Pombo"
add("fact", ["who was the incumbent in district 11?"], {"reply_contains": "Pombo"})

# ---- count ----------------------------------------------------------------------------------
assert (df.open == "True").sum() == 2
add("count", ["how many open seats were there?"], {"reply_number": 2})
assert (df.IncParty == "D").sum() == 33
add("count", ["how many districts had a Democratic incumbent"], {"reply_number": 33})
assert df.Other.isna().sum() == 24
add("count", ["how many races have no third-party votes listed?"], {"reply_number": 24})

# ---- superlative ----------------------------------------------------------------------------
dem1 = top_ids(DEM, 1)                                    # 148876 (district 9); next 141791
assert dem1 == ["9"]
add("superlative", ["which district gave the democrat the most votes?"],
    {"has_items": True, "subset_of_ids": dem1}, df.id.isin(dem1), 1)
bush3 = top_ids(BUSH04, 3)                                # 216838, 180584, 178739; next 177055
assert sorted(BUSH04[df.id.isin(bush3)]) == [178739, 180584, 216838]
add("superlative", ["top 3 districts for Bush in 2004"],
    {"has_items": True, "subset_of_ids": bush3}, df.id.isin(bush3), 3)

# ---- ordinal (compared with another incumbent's district) --------------------------------------
assert inc("Pombo")["R"] == "80112.0"
gap_empty("R", 80112, 80113)
add("ordinal", ["districts where the Republican got more votes than in Pombo's"],
    {"has_items": True, "num_range": {"R": [80113, None]}}, REP > float(inc("Pombo")["R"]))
assert inc("Nunes")["Gore2000"] == "65268"
gap_empty("Gore2000", 65267, 65268)
add("ordinal", ["districts where Gore got fewer votes in 2000 than he did in Nunes's district"],
    {"has_items": True, "num_range": {"Gore2000": [None, 65267]}}, GORE00 < float(inc("Nunes")["Gore2000"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["contested races in seats not held by Democrats"],
    {"has_items": True, "text_in": {"IncParty": ["R"], "contested": ["True"]}},
    (df.IncParty != "D") & (df.contested == "True"))
gap_empty("R", 100000, 100001)
add("negation", ["seats that weren't open where the Republican got over 100k"],
    {"has_items": True, "text_in": {"open": ["False"]}, "num_range": {"R": [100001, None]}},
    (df.open != "True") & (REP > 100000))

# ---- disjunction ----------------------------------------------------------------------------
ms = df.IncName.isin(["Miller", "Sanchez"])
assert ids(ms) == ["7", "39", "42", "47"]
add("disjunction", ["the districts held by Miller or Sanchez"],
    {"has_items": True, "text_in": {"IncName": ["Miller", "Sanchez"]}}, ms)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["republican-held districts", "only the ones where kerry got more than 100k in 2004"],
    {"has_items": True, "text_in": {"IncParty": ["R"]}, "num_range": {"Kerry2004": [100001, None]}},
    (df.IncParty == "R") & (KERRY04 > 100000))
gap_empty("R", 29999, 30000)
add("follow_up", ["contested races", "with a Democratic incumbent", "where the republican got under 30,000"],
    {"has_items": True, "text_in": {"contested": ["True"], "IncParty": ["D"]}, "num_range": {"R": [None, 29999]}},
    (df.contested == "True") & (df.IncParty == "D") & (REP < 30000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any district where the Democrat got over 200,000 votes?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, DEM > 200000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "22", "open"].item() == "True"
add("id_lookup", ["tell me about item 22"], {"has_items": True, "subset_of_ids": ["22"]}, df.id == "22")

finish()
