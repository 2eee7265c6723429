"""Build ../requests/byo-r18b-judge-ratings.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 18); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (ratings on the file's 10-point scale; "out of 5" and "percent"
converted from it), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. The judge's name is in the column `rownames`
(`SURNAME,I.I.`, two of them written with a full stop instead of the comma, three with `JR.`).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r18b-judge-ratings"
PREFIX = "r18b-ju"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

RATINGS = ["INTG", "DMNR", "DILG", "CFMG", "DECI", "PREP", "FAMI", "ORAL", "WRIT", "PHYS", "RTEN"]
df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 43 and list(df["id"]) == [str(i) for i in range(1, 44)]
assert list(df.columns) == ["id", "rownames", "CONT"] + RATINGS
assert df.notna().all().all() and df["rownames"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CONT, INTG, DMNR, DILG, DECI, PREP, FAMI, WRIT, PHYS, RTEN = (
    num(c) for c in ["CONT", "INTG", "DMNR", "DILG", "DECI", "PREP", "FAMI", "WRIT", "PHYS", "RTEN"])
for c in ["CONT"] + RATINGS:                               # one decimal everywhere
    assert ((num(c) * 10).round(6) % 1 == 0).all(), c
    assert (num(c) > 0).all() and (num(c) < 11).all(), c
SURNAME = df["rownames"].str.split(r"[,.]", n=1).str[0].str.upper()
assert set(df["rownames"][~df["rownames"].str.contains(",")]) == {"HEALEY.A.H.", "SADEN.G.A."}

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "nobody", "No one", "no one", "no judge"]
WHAT = ["judge", "Judge", "court", "Court", "lawyer", "Lawyer", "rating", "Rating"]


def judge(surname, initials=None):
    """The one row whose surname (and initials, if given) match, case-insensitively."""
    m = SURNAME == surname.upper()
    if initials:
        m &= df["rownames"].str.upper().str.contains(initials.upper(), regex=False)
    r = df[m]
    assert len(r) == 1, (surname, initials, len(r))
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
gap_empty("INTG", 8.5, 8.6)
add("plain", ["judges with integrety above 8.5"],
    {"has_items": True, "num_range": {"INTG": [8.6, None]}}, INTG > 8.5, 5)
add("plain", ["which judges do the lawyers say are worth keeping? retention 8 or higher"],
    {"has_items": True, "num_range": {"RTEN": [8, None]}}, RTEN >= 8, 5)
gap_empty("DMNR", 5.9, 6.0)
add("plain", ["judges rated below 6 on demeanor"],
    {"has_items": True, "num_range": {"DMNR": [None, 5.9]}}, DMNR < 6, 5)
add("plain", ["judges who know the law well (8.4+ on familiarity) and write sound rulings, also 8.4+"],
    {"has_items": True, "num_range": {"FAMI": [8.4, None], "WRIT": [8.4, None]}}, (FAMI >= 8.4) & (WRIT >= 8.4), 5)

# ---- units (ratings are on a 10-point scale, one decimal) -------------------------------------
# "at least 4.5 out of 5" = at least 9.0 out of 10
add("units", ["any judges scoring at least 4.5 out of 5 for integrity?"],
    {"has_items": True, "num_range": {"INTG": [9.0, None]}}, INTG / 2 >= 4.5)
# "above 85%" = above 8.5 out of 10; next value up is 8.6
gap_empty("RTEN", 8.5, 8.6)
add("units", ["judges whose retention score is above 85 percent"],
    {"has_items": True, "num_range": {"RTEN": [8.6, None]}}, RTEN * 10 > 85)

# ---- fact (by surname; asserted unique) -------------------------------------------------------
assert judge("Rubinow")["DILG"] == "9.0"
add("fact", ["what's Rubinow's diligence score?"], {"reply_number": 9.0})
assert judge("Healey")["rownames"] == "HEALEY.A.H." and judge("Healey")["RTEN"] == "6.7"
add("fact", ["how did lawyers rate judge Healey on worthiness of retention"], {"reply_number": 6.7})
assert judge("Mignone")["PHYS"] == "4.7"
add("fact", ["physical ability rating for Mignone?"], {"reply_number": 4.7})

# ---- count ----------------------------------------------------------------------------------
assert (RTEN < 7).sum() == 9
add("count", ["how many judges got under 7 for retention"], {"reply_number": 9})
assert (CONT > 8).sum() == 10
add("count", ["how many judgs had more than 8 lawyer contacts?"], {"reply_number": 10})
assert df["rownames"].str.endswith("JR.").sum() == 3
add("count", ["how many of the judges are juniors (Jr.)?"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
best = top_ids(RTEN, 1)
assert best == [judge("Rubinow")["id"]] and RTEN.max() == 9.2
add("superlative", ["who's the judge lawyers most want to keep on the bench?"],
    {"has_items": True, "subset_of_ids": best}, df.id.isin(best), 1)
rude3 = top_ids(DMNR, 3, largest=False)                   # 4.3, 4.9, 5.1; next is 5.7
assert sorted(DMNR[df.id.isin(rude3)]) == [4.3, 4.9, 5.1]
add("superlative", ["the 3 judges with the worst demeanor"],
    {"has_items": True, "subset_of_ids": rude3}, df.id.isin(rude3), 3)

# ---- ordinal (2nd place; compared with another judge) ----------------------------------------
s = CONT.sort_values(ascending=False, kind="mergesort")
assert s.iloc[0] > s.iloc[1] > s.iloc[2]
second = [str(df.loc[s.index[1], "id"])]
assert df.loc[s.index[1], "rownames"] == "LEVISTER,R.L."
add("ordinal", ["which judge had the second most contacts with lawyers"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)
assert judge("Zarrilli")["INTG"] == "7.4"
gap_empty("INTG", 7.4, 7.5)
add("ordinal", ["judges with better integrity than Zarrilli"],
    {"has_items": True, "num_range": {"INTG": [7.5, None]}}, INTG > float(judge("Zarrilli")["INTG"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["judges whose retention rating is not above 7"],
    {"has_items": True, "num_range": {"RTEN": [None, 7.0]}}, ~(RTEN > 7))
add("negation", ["judges that aren't rated under 8 for diligence or for trial preparation"],
    {"has_items": True, "num_range": {"DILG": [8, None], "PREP": [8, None]}}, ~(DILG < 8) & ~(PREP < 8))

# ---- disjunction ----------------------------------------------------------------------------
disj = (RTEN < 5.5) | (RTEN > 9)
assert ids(disj) == ["5", "8", "23", "30", "35"]
add("disjunction", ["judges with retention below 5.5 or above 9"],
    {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("INTG", 8.0, 8.1)
gap_empty("CONT", 7.5, 7.6)
add("follow_up", ["judges with integrity over 8", "only those with more than 7.5 contacts"],
    {"has_items": True, "num_range": {"INTG": [8.1, None], "CONT": [7.6, None]}},
    (INTG > 8) & (CONT > 7.5))
add("follow_up", ["show me judges with good prep scores, 8 or better",
                  "which of them also make prompt decisions, 8.5 or more",
                  "drop anyone with physical ability under 8.8"],
    {"has_items": True, "num_range": {"PREP": [8, None], "DECI": [8.5, None], "PHYS": [8.8, None]}},
    (PREP >= 8) & (DECI >= 8.5) & ~(PHYS < 8.8))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there any judge with a perfect 10 for integrity?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, INTG >= 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "31", "rownames"].item() == "SADEN.G.A."
add("id_lookup", ["tell me about item 31"], {"has_items": True, "subset_of_ids": ["31"]}, df.id == "31")

finish()
