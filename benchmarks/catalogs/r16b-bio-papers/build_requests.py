"""Build ../requests/byo-r16b-bio-papers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (the user's "a dozen" / "two dozen" turned into 12 / 24, journal names
the way people say them mapped to the file's codes `AmNat`, `Evolution`, `ProcB`), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
A paper has no title: it is its `authors` string plus journal, volume and start page; facts are asked only
about author strings that occur exactly once (case-insensitively).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16b-bio-papers"
PREFIX = "r16b-bp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 649 and list(df["id"]) == [str(i) for i in range(1, 650)]
assert list(df.columns) == ["id", "journal", "authors", "volume", "startpage", "pages", "equations",
                            "mainequations", "appequations", "cites", "selfcites", "othercites", "theocites",
                            "nontheocites"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
CITES, EQS, PAGES, APPEQ = num("cites"), num("equations"), num("pages"), num("appequations")
assert df.notna().all().all()                               # no blanks in this table
assert set(df.journal) == {"AmNat", "Evolution", "ProcB"}
for c in ["pages", "equations", "mainequations", "appequations", "cites", "selfcites", "othercites"]:
    assert (num(c) % 1 == 0).all(), c                      # whole counts: "more than k" is ">= k+1"
J = df.journal

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["paper", "Paper", "article", "Article", "journal", "Journal", "publication", "Publication", "citation",
        "cited"]


def paper(authors):
    r = df[df["authors"].str.lower() == authors.lower()]
    assert len(r) == 1, authors
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what is this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["papers published in Evolution"],
    {"has_items": True, "text_in": {"journal": ["Evolution"]}}, J == "Evolution", 5)
add("plain", ["American Naturalist papers with no equations"],
    {"has_items": True, "text_in": {"journal": ["AmNat"]}, "num_range": {"equations": [0, 0]}},
    (J == "AmNat") & (EQS == 0), 5)
add("plain", ["papers cited more than 200 times"],
    {"has_items": True, "num_range": {"cites": [201, None]}}, CITES > 200, 5)
add("plain", ["Proc B papers longer than 10 pages"],
    {"has_items": True, "text_in": {"journal": ["ProcB"]}, "num_range": {"pages": [11, None]}},
    (J == "ProcB") & (PAGES > 10), 5)

# ---- units (counts said in dozens) ------------------------------------------------------------
add("units", ["papers longer than a dozen pages"],
    {"has_items": True, "num_range": {"pages": [13, None]}}, PAGES > 12)
add("units", ["papers with more than two dozen equations"],
    {"has_items": True, "num_range": {"equations": [25, None]}}, EQS > 2 * 12)

# ---- fact (asked by a single-author name that occurs once) -------------------------------------
assert paper("Mauricio")["cites"] == "178"
add("fact", ["how many times was Mauricio's paper cited?"], {"reply_number": 178})
assert paper("Grunbaum")["pages"] == "19"
add("fact", ["how many pages is the Grunbaum paper"], {"reply_number": 19})
assert paper("Klausmeier")["journal"] == "AmNat"
add("fact", ["which journal was the Klausmeier paper in?"],
    {"reply_contains_any": ["AmNat", "American Naturalist"]})

# ---- count ----------------------------------------------------------------------------------
assert ((J == "Evolution") & (EQS == 0)).sum() == 111
add("count", ["how many Evolution papers have no equations at all?"], {"reply_number": 111})
assert (APPEQ > 0).sum() == 56
add("count", ["how many papers have equations in an appendix?"], {"reply_number": 56})
assert (J == "ProcB").sum() == 342
add("count", ["how many papers are from Proc B?"], {"reply_number": 342})

# ---- superlative ----------------------------------------------------------------------------
top = top_ids(CITES, 1)
assert CITES.max() == 404 and df.loc[df.id.isin(top), "authors"].tolist() == ["Zhou et al."]
add("superlative", ["what's the most cited paper?"], {"has_items": True, "subset_of_ids": top}, df.id.isin(top), 1)
eq3 = top_ids(EQS, 3)                                      # 85, 56, 54; next is 51
assert sorted(EQS[df.id.isin(eq3)]) == [54, 56, 85]
add("superlative", ["the 3 papers with the most equations"],
    {"has_items": True, "subset_of_ids": eq3}, df.id.isin(eq3), 3)

# ---- ordinal (compared with another paper) ---------------------------------------------------
add("ordinal", ["Evolution papers cited more than Mauricio's"],
    {"has_items": True, "text_in": {"journal": ["Evolution"]}, "num_range": {"cites": [179, None]}},
    (J == "Evolution") & (CITES > float(paper("Mauricio")["cites"])))
assert paper("Grunbaum")["equations"] == "17"
add("ordinal", ["papers with more equations than the Grunbaum one"],
    {"has_items": True, "num_range": {"equations": [18, None]}}, EQS > float(paper("Grunbaum")["equations"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["papers not in Proc B with over 100 citations"],
    {"has_items": True, "text_in": {"journal": ["AmNat", "Evolution"]}, "num_range": {"cites": [101, None]}},
    (J != "ProcB") & (CITES > 100))
add("negation", ["short papers, 5 pages at most, that aren't from Evolution"],
    {"has_items": True, "text_in": {"journal": ["AmNat", "ProcB"]}, "num_range": {"pages": [None, 5]}},
    (J != "Evolution") & (PAGES <= 5))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.authors.isin(["Jones et al.", "Taylor et al."])
assert ids(disj) == ["26", "179", "205", "285", "323", "401", "460", "537"]
add("disjunction", ["papers by Jones et al. or Taylor et al."],
    {"has_items": True, "text_in": {"authors": ["Jones et al.", "Taylor et al."]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["papers from The American Naturalist", "only the ones with more than 100 cites"],
    {"has_items": True, "text_in": {"journal": ["AmNat"]}, "num_range": {"cites": [101, None]}},
    (J == "AmNat") & (CITES > 100))
add("follow_up", ["show me proc b papres", "just those with at least 10 equations",
                  "which of those were cited fewer than 50 times?"],
    {"has_items": True, "text_in": {"journal": ["ProcB"]},
     "num_range": {"equations": [10, None], "cites": [None, 49]}},
    (J == "ProcB") & (EQS >= 10) & (CITES < 50))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any paper with more than 500 citations?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, CITES > 500)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "321", "authors"].item() == "Hau et al."
add("id_lookup", ["show me item 321"], {"has_items": True, "subset_of_ids": ["321"]}, df.id == "321")

finish()
