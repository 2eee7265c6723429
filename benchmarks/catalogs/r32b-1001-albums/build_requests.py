"""Build ../requests/byo-r32b-1001-albums.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (decades turned into year ranges, artist spellings matched the way a
listener means them: "the Stones" is both `Rolling Stones` and `The Rolling Stones`, "Prince" includes
`Prince and The Revolution` but not `Bonnie 'Prince' Billy`), and the script asserts that the `expect`
facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32b-1001-albums"
PREFIX = "r32b-al"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 999 and list(df["id"]) == [str(i) for i in range(1, 1000)]
assert list(df.columns) == ["id", "Artist", "Album", "Date"]
assert df.notna().all().all()                              # no blanks in this table
YEAR = pd.to_numeric(df["Date"])
assert (YEAR % 1 == 0).all() and YEAR.min() == 1955 and YEAR.max() == 2005
assert df.duplicated(["Artist", "Album", "Date"]).sum() == 1     # The Zutons' album is listed twice

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]
WHAT = ["album", "Album", "music", "Music", "record", "Record", "LP"]
STONES = ["Rolling Stones", "The Rolling Stones"]               # two spellings of one band in the source
assert sorted(df.Artist[df.Artist.str.contains("Rolling Stones")].unique()) == STONES
PRINCE = ["Prince", "Prince and The Revolution"]
assert sorted(df.Artist[df.Artist.str.contains("Prince")].unique()) == ["Bonnie 'Prince' Billy"] + PRINCE


def album(title):
    r = df[df["Album"].str.lower() == title.lower()]
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
        v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Bob Dylan albums"], {"has_items": True, "text_in": {"Artist": ["Bob Dylan"]}},
    df.Artist == "Bob Dylan", 5)
add("plain", ["albums that came out in 1969"], {"has_items": True, "num_range": {"Date": [1969, 1969]}},
    YEAR == 1969, 5)
add("plain", ["beatles records"], {"has_items": True, "text_in": {"Artist": ["The Beatles"]}},
    df.Artist == "The Beatles", 5)
add("plain", ["stuff released between 1965 and 1967"], {"has_items": True, "num_range": {"Date": [1965, 1967]}},
    (YEAR >= 1965) & (YEAR <= 1967), 5)

# ---- units (decades named the way people say them; Date is a bare year) -------------------------
add("units", ["albums from the nineties"], {"has_items": True, "num_range": {"Date": [1990, 1999]}},
    YEAR // 10 == 199)
add("units", ["anything from the noughties?"], {"has_items": True, "num_range": {"Date": [2000, 2009]}},
    YEAR // 10 == 200)

# ---- fact (asked by album title, unique case-insensitively) ------------------------------------
assert album("Nevermind")["Date"] == "1991"
add("fact", ["what year did Nevermind come out?"], {"reply_number": 1991})
assert album("Pet Sounds")["Artist"] == "The Beach Boys"
add("fact", ["who recorded Pet Sounds"], {"reply_contains": "Beach Boys"})
assert album("OK Computer")["Date"] == "1997"
add("fact", ["when was OK Computer released"], {"reply_number": 1997})

# ---- count ----------------------------------------------------------------------------------
assert (df.Artist == "David Bowie").sum() == 7
add("count", ["how many David Bowie albums are on the list?"], {"reply_number": 7})
assert (YEAR == 1967).sum() == 29
add("count", ["how many albums are from 1967"], {"reply_number": 29})
assert df.Artist.isin(STONES).sum() == 6                      # 1 as "Rolling Stones" + 5 as "The Rolling Stones"
add("count", ["how many rolling stones albums are there"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
oldest = top_ids(YEAR, 1, largest=False)                    # 1955; next is 1956
assert oldest == ["271"] and album("In the Wee Small Hours")["Artist"] == "Frank Sinatra"
add("superlative", ["what's the oldest album on the list"],
    {"has_items": True, "subset_of_ids": oldest}, df.id.isin(oldest), 1)
newest3 = top_ids(YEAR, 3)                                  # the three from 2005; next is 2004
assert sorted(YEAR[df.id.isin(newest3)]) == [2005, 2005, 2005]
add("superlative", ["the 3 most recent albums"],
    {"has_items": True, "subset_of_ids": newest3}, df.id.isin(newest3), 3)

# ---- ordinal (compared with another album) ----------------------------------------------------
ref = int(album("OK Computer")["Date"])
add("ordinal", ["radiohead albums that came out aftr OK Computer"],
    {"has_items": True, "text_in": {"Artist": ["Radiohead"]}, "num_range": {"Date": [ref + 1, None]}},
    (df.Artist == "Radiohead") & (YEAR > ref))
ref = int(album("Revolver")["Date"])
add("ordinal", ["Beatles albums older than Revolver"],
    {"has_items": True, "text_in": {"Artist": ["The Beatles"]}, "num_range": {"Date": [None, ref - 1]}},
    (df.Artist == "The Beatles") & (YEAR < ref))

# ---- negation (a numeric range on the remaining years) -------------------------------------------
zep = df.Artist == "Led Zeppelin"
assert YEAR[zep & (YEAR != 1969)].min() > 1969               # the rest all lie after 1969
add("negation", ["led zeppelin albums not from 1969"],
    {"has_items": True, "text_in": {"Artist": ["Led Zeppelin"]}, "num_range": {"Date": [1970, None]}},
    zep & (YEAR != 1969))
st = df.Artist.isin(STONES)
assert YEAR[st & (YEAR // 10 != 196)].min() >= 1970          # the rest all lie after the sixties
add("negation", ["Rolling Stones albums that aren't from the 60s"],
    {"has_items": True, "text_in": {"Artist": STONES}, "num_range": {"Date": [1970, None]}},
    st & (YEAR // 10 != 196))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.Artist.isin(["David Bowie"] + PRINCE)
assert int(disj.sum()) == 10
add("disjunction", ["Bowie or Prince albums"], {"has_items": True, "text_in": {"Artist": ["David Bowie"] + PRINCE}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["albums from the 70s", "only the Led Zeppelin ones"],
    {"has_items": True, "text_in": {"Artist": ["Led Zeppelin"]}, "num_range": {"Date": [1970, 1979]}},
    zep & (YEAR // 10 == 197))
add("follow_up", ["show me Beatles albums", "what about the stones?", "only the ones from before 1968"],
    {"has_items": True, "text_in": {"Artist": STONES}, "num_range": {"Date": [None, 1967]}},
    st & (YEAR < 1968))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any albums from 2010 or later?"], {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR >= 2010)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", "Album"].item() == "Mott"
add("id_lookup", ["tell me about item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
