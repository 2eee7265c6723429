"""Build ../requests/byo-r28a-amazon-books.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 28); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (sizes converted from inches to cm, weights from ounces to grams,
authors matched by surname whatever the spelling), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r28a-amazon-books"
PREFIX = "r28a-ab"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 325 and list(df["id"]) == [str(i) for i in range(1, 326)]
assert list(df.columns) == ["id", "title", "author", "list_price", "amazon_price", "hard_paper", "num_pages",
                            "publisher", "pub_year", "isbn_10", "height", "width", "thick", "weight_oz"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
LIST, AMAZON, PAGES, YEAR = num("list_price"), num("amazon_price"), num("num_pages"), num("pub_year")
HEIGHT, THICK, OZ = num("height"), num("thick"), num("weight_oz")
assert set(df.hard_paper) == {"H", "P"}
assert df.weight_oz.isna().sum() == 9 and df.height.isna().sum() == 4 and df.thick.isna().sum() == 1
assert (PAGES.dropna() % 1 == 0).all() and (YEAR.dropna() % 1 == 0).all()
# sizes and weights are written to one decimal (inches, ounces)
assert ((THICK.dropna() * 10).round(6) % 1 == 0).all() and ((OZ.dropna() * 10).round(6) % 1 == 0).all()
AUTHOR = df.author.fillna("")
TITLE_LC = df.title.str.lower()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["book", "Book", "title", "Title", "author", "Author", "novel", "paperback", "hardcover"]


def book(title):
    r = df[TITLE_LC == title.lower()]
    assert len(r) == 1, title
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
add("greeting", ["hi! what kind of stuff is in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the hardcovers"], {"has_items": True, "text_in": {"hard_paper": ["H"]}},
    df.hard_paper == "H", 5)
gap_empty("amazon_price", 9.99, 10)
add("plain", ["paperbacks under $10 on amazon"],
    {"has_items": True, "text_in": {"hard_paper": ["P"]}, "num_range": {"amazon_price": [None, 9.99]}},
    (df.hard_paper == "P") & (AMAZON < 10), 5)
gap_empty("pub_year", 1989, 1990)
add("plain", ["books publshed before 1990"], {"has_items": True, "num_range": {"pub_year": [None, 1989]}},
    YEAR < 1990, 5)
picoult = AUTHOR.str.contains("picoult", case=False)
assert set(df.author[picoult]) == {"Jodi Picoult"}
add("plain", ["got any jodi picoult?"], {"has_items": True, "text_in": {"author": ["Jodi Picoult"]}}, picoult, 5)

# ---- units (height/width/thick in inches, weight in ounces; nothing says so but weight_oz) -------
# thinner than 1.5 cm = thinner than 0.59 in; thickness is written to 0.1 in
gap_empty("thick", 1.5 / 2.54, 0.6)
add("units", ["books thinner than 1.5 cm"], {"has_items": True, "num_range": {"thick": [None, 0.5]}},
    THICK * 2.54 < 1.5, 5)
# under 200 g = under 7.05 oz; weights are written to 0.1 oz
gap_empty("weight_oz", 7.0, 200 / 28.349523125)
add("units", ["anything that weighs less than 200 grams?"],
    {"has_items": True, "num_range": {"weight_oz": [None, 7.0]}}, OZ * 28.349523125 < 200, 5)

# ---- fact (by title, unique case-insensitively) ------------------------------------------------
assert book("Holes")["num_pages"] == "272.0"
add("fact", ["how many pages is Holes?"], {"reply_number": 272})
assert book("The Outsiders")["author"] == "S.E. Hinton"
add("fact", ["who wrote the outsiders"], {"reply_contains": "Hinton"})
assert book("1493: Uncovering the New World Columbus Created")["amazon_price"] == "16.77"
add("fact", ["what does amazon charge for 1493: Uncovering the New World Columbus Created?"],
    {"reply_number": 16.77})

# ---- count ----------------------------------------------------------------------------------
assert (df.hard_paper == "H").sum() == 89
add("count", ["how many hardcover books are there"], {"reply_number": 89})
assert df.weight_oz.isna().sum() == 9
add("count", ["how many books have no weight listed?"], {"reply_number": 9})
assert (YEAR == 2011).sum() == 53
add("count", ["how many came out in 2011"], {"reply_number": 53})

# ---- superlative ----------------------------------------------------------------------------
cheap3 = top_ids(AMAZON, 3, largest=False)                # 0.77, 1.50, 3.95; next is 3.99
assert sorted(AMAZON[df.id.isin(cheap3)]) == [0.77, 1.5, 3.95]
add("superlative", ["3 cheapest books on amazon"], {"has_items": True, "subset_of_ids": cheap3},
    df.id.isin(cheap3), 3)
heaviest = top_ids(OZ, 1)                                  # 35.2 oz (Middlemarch); next is 32.0
assert heaviest == ["136"] and OZ.max() == 35.2
add("superlative", ["which book is the heaviest"], {"has_items": True, "subset_of_ids": heaviest},
    df.id.isin(heaviest), 1)

# ---- ordinal --------------------------------------------------------------------------------
second_longest = top_ids(PAGES, 2)                         # 896 (id 33), 880 (id 136); third is 832
assert PAGES.nlargest(3).tolist() == [896, 880, 832]
only_second = [i for i in second_longest if PAGES[df.id == i].item() == 880]
assert only_second == ["136"]
add("ordinal", ["what's the 2nd longest book by page count"], {"has_items": True, "subset_of_ids": only_second},
    df.id.isin(only_second), 1)
assert book("East of Eden")["num_pages"] == "601.0"
gap_empty("num_pages", 601, 602)
add("ordinal", ["books with more pages then East of Eden"],
    {"has_items": True, "num_range": {"num_pages": [602, None]}}, PAGES > float(book("East of Eden")["num_pages"]))

# ---- negation -------------------------------------------------------------------------------
gap_empty("num_pages", 299, 300)
add("negation", ["books that aren't paperbacks, under 300 pages"],
    {"has_items": True, "text_in": {"hard_paper": ["H"]}, "num_range": {"num_pages": [None, 299]}},
    (df.hard_paper != "P") & (PAGES < 300))
in2011 = YEAR == 2011
# among the 2011 books the only Vintage imprint is plain `Vintage` (2 books; `Vintage Crime / Black Lizard` is 2009)
assert (df.publisher[in2011 & df.publisher.fillna("").str.contains("vintage", case=False)] == "Vintage").sum() == 2
assert set(df.publisher[in2011 & df.publisher.fillna("").str.contains("vintage", case=False)]) == {"Vintage"}
others = sorted(set(df.publisher.dropna()) - {"Vintage"})
add("negation", ["2011 books not published by Vintage"],
    {"has_items": True, "text_in": {"publisher": others}, "num_range": {"pub_year": [2011, 2011]}},
    in2011 & df.publisher.notna() & ~df.publisher.fillna("").str.contains("vintage", case=False))

# ---- disjunction (authors written three ways: 'William Faulkner', 'William Faulker', 'Murakami') --
disj = AUTHOR.str.contains("faulk|murakami", case=False)
assert set(df.author[disj]) == {"William Faulkner", "William Faulker", "Murakami"} and disj.sum() == 9
add("disjunction", ["anything by faulkner or murakami"],
    {"has_items": True, "text_in": {"author": ["Murakami", "William Faulker", "William Faulkner"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("pub_year", 2005, 2006)
add("follow_up", ["hardcover books please", "only the ones published after 2005"],
    {"has_items": True, "text_in": {"hard_paper": ["H"]}, "num_range": {"pub_year": [2006, None]}},
    (df.hard_paper == "H") & (YEAR > 2005))
gap_empty("num_pages", 199, 200)
gap_empty("amazon_price", 7.99, 8)
add("follow_up", ["short books, under 200 pages", "just the paperbacks", "which of those are less than 8 bucks on amazon"],
    {"has_items": True, "num_range": {"num_pages": [None, 199], "amazon_price": [None, 7.99]},
     "text_in": {"hard_paper": ["P"]}},
    (PAGES < 200) & (df.hard_paper == "P") & (AMAZON < 8))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any books over 1000 pages?"], {"no_items": True, "reply_contains_any": NO_REPLY}, PAGES > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "113", "title"].item() == "Invisible Man" and (TITLE_LC == "invisible man").sum() == 2
add("id_lookup", ["tell me about item 113"], {"has_items": True, "subset_of_ids": ["113"]}, df.id == "113")

finish()
