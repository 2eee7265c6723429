"""Build ../requests/byo-r8b-maltin-films.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (running time converted from minutes where the user speaks of hours,
decades and star ratings on the numbers, countries through the documented `Origin` codes), and the
script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8b-maltin-films"
PREFIX = "r8b-flm"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 100 and list(df["id"]) == [str(i) for i in range(1, 101)]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, MIN, STARS = num("Year"), num("Time"), num("Rating")
assert (MIN == MIN.round()).all() and (YEAR == YEAR.round()).all()   # whole minutes, whole years
assert set(df.Rating) == {"1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0"}
# documented codes: 0 = USA, 1 = Great Britain, 2 = France, 3 = Italy, 4 = Canada (5 and 6 occur, undocumented)
ORIGINS = {"0", "1", "2", "3", "4", "5", "6"}
assert set(df.Origin) == ORIGINS
COUNTRY = df.Origin.map({"0": "USA", "1": "UK", "2": "France", "3": "Italy", "4": "Canada"})
assert ((MIN >= 90) == (df.Time_code == "long")).all()    # Time_code: long = 90 min or more
assert ((STARS >= 3) == (df.Good == "1")).all()            # Good: 1 = three stars or better
TITLE = df.Title.str.replace("_", " ", regex=False)       # the titles as a person would type them

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "No "]
WHAT = ["film", "Film", "movie", "Movie", "Maltin", "cinema"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def film(title):
    """The one row whose title (underscores read as spaces) is `title`, case-insensitive."""
    r = df[TITLE.str.lower() == title.lower()]
    assert len(r) == 1, (title, list(r["Title"]))
    return r.iloc[0]


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["hey there, what kind of stuff do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["brittish movies please"],
    {"has_items": True, "text_in": {"Origin": ["1"]}}, COUNTRY == "UK", 5)
add("plain", ["films from the 1940s"],
    {"has_items": True, "num_range": {"Year": [1940, 1949]}}, (YEAR // 10) == 194, 5)
add("plain", ["which ones did Maltin give 3 stars or more?"],
    {"has_items": True, "num_range": {"Rating": [3.0, None]}}, STARS >= 3, 5)
add("plain", ["american films shorter than 80 minutes"],
    {"has_items": True, "text_in": {"Origin": ["0"]}, "num_range": {"Time": [None, 79]}},
    (COUNTRY == "USA") & (MIN < 80), 5)

# ---- units (running time is in minutes; the user speaks in hours) ------------------------------
add("units", ["anything that runs longer than two hours?"],
    {"has_items": True, "num_range": {"Time": [121, None]}}, MIN / 60 > 2)
add("units", ["I only have an hour and a quarter, what moveis fit?"],
    {"has_items": True, "num_range": {"Time": [None, 75]}}, MIN / 60 <= 1.25)

# ---- fact -----------------------------------------------------------------------------------
assert film("Sherlock Jr.")["Year"] == "1924"
add("fact", ["what year did Sherlock Jr come out"], {"reply_number": 1924})
assert film("Manhunter")["Time"] == "119"
add("fact", ["how long is Manhunter, in minutes?"], {"reply_number": 119})
assert film("The Miracle Worker")["Rating"] == "3.5"
add("fact", ["how many stars did the miracle worker get?"], {"reply_number": 3.5})

# ---- count ----------------------------------------------------------------------------------
assert (COUNTRY == "France").sum() == 4
add("count", ["how many French films are there"], {"reply_number": 4})
assert (STARS == 1).sum() == 8
add("count", ["how many movies got just one star?"], {"reply_number": 8})
assert ((YEAR // 10) == 198).sum() == 20
add("count", ["how many are from the eighties"], {"reply_number": 20})

# ---- superlative ----------------------------------------------------------------------------
top = MIN.sort_values(ascending=False)
assert top.iloc[2] > top.iloc[3]
top3 = sorted(df.loc[top.index[:3], "id"], key=int)
assert sorted(TITLE[df.id.isin(top3)]) == ["And the Ship Sails On", "Galileo", "The Judge and the Assassin"]
add("superlative", ["the three longest films"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
assert (STARS == STARS.max()).sum() == 1 and film("Sherlock Jr.")["Rating"] == "4.0"
add("superlative", ["what's the best rated movie in here?"],
    {"has_items": True, "subset_of_ids": ["53"]}, STARS == STARS.max())

# ---- ordinal (compared with a named film) -----------------------------------------------------
mh = float(film("Manhunter")["Rating"])
assert mh == 3.0
add("ordinal", ["films rated higher than Manhunter"],
    {"has_items": True, "num_range": {"Rating": [3.5, None]}}, STARS > mh)
yolt = int(film("You Only Live Twice")["Time"])
assert yolt == 116
add("ordinal", ["which ones are longer than You Only Live Twice?"],
    {"has_items": True, "num_range": {"Time": [117, None]}}, MIN > yolt)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["show me the non-American films"],
    {"has_items": True, "text_in": {"Origin": sorted(ORIGINS - {"0"})}}, df.Origin != "0")
add("negation", ["70s movies that aren't from the US"],
    {"has_items": True, "num_range": {"Year": [1970, 1979]}, "text_in": {"Origin": sorted(ORIGINS - {"0"})}},
    ((YEAR // 10) == 197) & (df.Origin != "0"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["French or Italian films"],
    {"has_items": True, "text_in": {"Origin": ["2", "3"]}}, COUNTRY.isin(["France", "Italy"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["movies from the fifties", "only the good ones, 3 stars and up"],
    {"has_items": True, "num_range": {"Year": [1950, 1959], "Rating": [3.0, None]}},
    ((YEAR // 10) == 195) & (STARS >= 3))
add("follow_up", ["show me some british films", "made after 1960", "under 100 minutes"],
    {"has_items": True, "text_in": {"Origin": ["1"]}, "num_range": {"Year": [1961, None], "Time": [None, 99]}},
    (COUNTRY == "UK") & (YEAR > 1960) & (MIN < 100))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a four-star movie from the 1990s"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (STARS == 4) & ((YEAR // 10) == 199))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "61", "Title"].item() == "The_Abominable_Dr._Phibes"
add("id_lookup", ["what's item 61?"], {"has_items": True, "subset_of_ids": ["61"]}, df.id == "61")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
