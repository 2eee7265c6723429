"""Build ../requests/byo-r23b-exonerations.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (decades and "teenagers" turned into year/age ranges, "outside Texas"
excluding both the state code `TX` and the federal-court code `F-TX`), and the script asserts that the `expect`
facets accept exactly those rows. The contributing-factor flags are `Y` or blank, so a blank never passes and
no request negates a flag. Counts and facts are asserted against the file; people are looked up by
first + last name, asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23b-exonerations"
PREFIX = "r23b-ex"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False)   # raw strings, blanks as ""
assert len(df) == 1651 and list(df["id"]) == [str(i) for i in range(1, 1652)]
assert list(df.columns) == ["id", "last_name", "first_name", "age", "race", "state", "tags", "crime", "sentence",
                            "convicted", "exonerated", "dna", "dna_essential", "mistake_witness",
                            "false_confession", "perjury", "false_evidence", "official_misconduct",
                            "inadequate_defense"]
num = lambda c: pd.to_numeric(df[c].replace("", None))
AGE, CONV, EXON = num("age"), num("convicted"), num("exonerated")
assert AGE.isna().sum() == 9 and CONV.notna().all() and EXON.notna().all()
for flag in ["dna", "mistake_witness", "false_confession", "perjury", "false_evidence", "official_misconduct",
             "inadequate_defense"]:
    assert set(df[flag]) == {"Y", ""}, flag
ST, CRIME, SENT = df.state, df.crime, df.sentence
WHAT = ["exonerat", "Exonerat", "wrongful", "Wrongful", "conviction", "Conviction", "convicted"]


def person(first, last):
    r = df[(df.last_name.str.lower() == last.lower()) & (df.first_name.str.lower() == first.lower())]
    assert len(r) == 1, (first, last)
    return r.iloc[0]

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no", "isn't", "aren't"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & (df[col] != "") & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col].replace("", None))
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
    v = pd.to_numeric(df[col].replace("", None))
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
    """id of the row in n-th place (1-based); asserts it is strictly between its neighbours (no ties)."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return [str(df.loc[s.index[n - 1], "id"])]


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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what kind of records do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["DNA exonerations in Texas"], {"has_items": True, "text_in": {"dna": ["Y"], "state": ["TX"]}},
    (df.dna == "Y") & (ST == "TX"), 5)
add("plain", ["illinois murder cases where someone falsely confessed"],
    {"has_items": True, "text_in": {"state": ["IL"], "crime": ["Murder"], "false_confession": ["Y"]}},
    (ST == "IL") & (CRIME == "Murder") & (df.false_confession == "Y"), 5)
gap_empty("convicted", 1979, 1980)
add("plain", ["people convicted before 1980"], {"has_items": True, "num_range": {"convicted": [None, 1979]}},
    CONV < 1980, 5)
add("plain", ["robbery exonerations from New York state courts"],
    {"has_items": True, "text_in": {"state": ["NY"], "crime": ["Robbery"]}}, (ST == "NY") & (CRIME == "Robbery"), 5)

# ---- units (ages and years as whole numbers) ------------------------------------------------------
add("units", ["people who were teenagers when they got convicted"],
    {"has_items": True, "num_range": {"age": [13, 19]}}, (AGE >= 13) & (AGE <= 19))
add("units", ["convicted in the 80s and cleared by DNA"],
    {"has_items": True, "text_in": {"dna": ["Y"]}, "num_range": {"convicted": [1980, 1989]}},
    (df.dna == "Y") & (CONV // 10 == 198))

# ---- fact (people asked by name, asserted unique) -------------------------------------------------
assert person("Christopher", "Abernathy")["age"] == "17"
add("fact", ["how old was Christopher Abernathy when he was convicted?"], {"reply_number": 17})
assert person("Joseph Lamont", "Abbitt")["exonerated"] == "2009"
assert (df.last_name == "Abbitt").sum() == 1
add("fact", ["what year was Joseph Lamont Abbitt exonerated"], {"reply_number": 2009})
assert person("Warith Habib", "Abdal")["sentence"] == "20 to Life"
add("fact", ["what sentence did Warith Habib Abdal get"], {"reply_contains": "20 to Life"})

# ---- count ----------------------------------------------------------------------------------
assert (df.false_confession == "Y").sum() == 211
add("count", ["how many cases involved a false confession?"], {"reply_number": 211})
assert (EXON == 2014).sum() == 136
add("count", ["how many people were exonerated in 2014"], {"reply_number": 136})
assert (SENT == "Death").sum() == 115
add("count", ["how many had been sentenced to death?"], {"reply_number": 115})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_ids(AGE, 1)
assert AGE[df.id.isin(oldest)].tolist() == [83]
add("superlative", ["who was the oldest person at the time of conviction"],
    {"has_items": True, "subset_of_ids": oldest}, df.id.isin(oldest), 1)
earliest = top_ids(CONV, 1, largest=False)
assert CONV[df.id.isin(earliest)].tolist() == [1956]
add("superlative", ["earliest conviction in the list?"], {"has_items": True, "subset_of_ids": earliest},
    df.id.isin(earliest), 1)

# ---- ordinal (compared with another person) -------------------------------------------------------
gap_empty("age", 16, 17)
add("ordinal", ["murder exonerees who were younger than Christopher Abernathy when convicted"],
    {"has_items": True, "text_in": {"crime": ["Murder"]}, "num_range": {"age": [None, 16]}},
    (CRIME == "Murder") & (AGE < float(person("Christopher", "Abernathy")["age"])))
gap_empty("exonerated", 2009, 2010)
add("ordinal", ["texas cases exonerated later than Joseph Lamont Abbitt"],
    {"has_items": True, "text_in": {"state": ["TX"]}, "num_range": {"exonerated": [2010, None]}},
    (ST == "TX") & (EXON > float(person("Joseph Lamont", "Abbitt")["exonerated"])))

# ---- negation -------------------------------------------------------------------------------
not_tx = sorted(set(ST) - {"TX", "F-TX"})                  # F-TX = federal court in Texas, still Texas
assert "" not in not_tx and "F-TX" in set(ST)
add("negation", ["child sex abuse cases outside of Texas"],
    {"has_items": True, "text_in": {"crime": ["Child Sex Abuse"], "state": not_tx}},
    (CRIME == "Child Sex Abuse") & ~ST.isin(["TX", "F-TX"]))
not_death = sorted(set(SENT) - {"Death"})
assert "" not in not_death
gap_empty("convicted", 2005, 2006)
add("negation", ["murder convictions after 2005 that didnt end in a death sentence"],
    {"has_items": True, "text_in": {"crime": ["Murder"], "sentence": not_death}, "num_range": {"convicted": [2006, None]}},
    (CRIME == "Murder") & (SENT != "Death") & (CONV > 2005))

# ---- disjunction ----------------------------------------------------------------------------
disj = (CRIME == "Arson") | (CRIME == "Kidnapping")
assert int(disj.sum()) == 27
add("disjunction", ["arson or kidnapping cases"], {"has_items": True, "text_in": {"crime": ["Arson", "Kidnapping"]}},
    disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["exonerations in Illinois", "only the murder ones"],
    {"has_items": True, "text_in": {"state": ["IL"], "crime": ["Murder"]}}, (ST == "IL") & (CRIME == "Murder"))
gap_empty("exonerated", 2010, 2011)
add("follow_up", ["cases where an eyewitness picked the wrong person", "in california",
                  "just the ones exonerated after 2010"],
    {"has_items": True, "text_in": {"mistake_witness": ["Y"], "state": ["CA"]}, "num_range": {"exonerated": [2011, None]}},
    (df.mistake_witness == "Y") & (ST == "CA") & (EXON > 2010))

# ---- impossible -----------------------------------------------------------------------------
assert EXON.min() == 1989
add("impossible", ["anyone exonerated before 1985?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    EXON < 1985)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", ["first_name", "last_name"]].values.tolist() == [["Tari", "Adams"]]
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
