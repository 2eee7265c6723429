"""Build ../requests/byo-r36a-jeopardy-clues.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 36); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. `Value` is the clue's dollar value (0 for the
Final Jeopardy! clues, which have no board value); `Air Date` is an ISO date string, so date conditions
("the 80s", "after that one") are compared as strings and written as `text_in` over the raw dates of the
rows that qualify (exact, because each such request also fixes the category).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r36a-jeopardy-clues"
PREFIX = "r36a-je"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
N = 1000
COLS = ["id", "Air Date", "Round", "Value", "Category", "Question", "Answer"]

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == COLS
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]


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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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
    assert len({r["id"] for r in REQS}) == 25
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

VAL, DATE, CAT, RND = num("Value"), df["Air Date"], df["Category"], df["Round"]
assert df.isna().sum().sum() == 0 and DATE.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all()
assert set(RND) == {"Jeopardy!", "Double Jeopardy!", "Final Jeopardy!"}
assert ((RND == "Final Jeopardy!") == (VAL == 0)).all()   # value 0 = Final Jeopardy!, nothing else
assert (VAL % 100 == 0).all()                              # whole hundreds of dollars
WHAT = ["Jeopardy", "jeopardy", "clue", "question", "trivia", "quiz"]


def dates(mask):
    """The raw air dates of the qualifying rows (a text_in list)."""
    return sorted(set(DATE[mask.fillna(False).astype(bool)]))


def clue(col, part):
    """The one row whose `col` contains `part` (case-insensitive), asserted unique."""
    r = df[df[col].str.lower().str.contains(part.lower(), regex=False)]
    assert len(r) == 1, part
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's this about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["shakespeare clues"], {"has_items": True, "text_in": {"Category": ["SHAKESPEARE"]}},
    CAT == "SHAKESPEARE", 5)
add("plain", ["double jeopardy questions about opera"],
    {"has_items": True, "text_in": {"Category": ["OPERA"], "Round": ["Double Jeopardy!"]}},
    (CAT == "OPERA") & (RND == "Double Jeopardy!"), 5)
add("plain", ["science questions worth $800 or more"],
    {"has_items": True, "text_in": {"Category": ["SCIENCE"]}, "num_range": {"Value": [800, None]}},
    (CAT == "SCIENCE") & (VAL >= 800), 5)
add("plain", ["state capitals clues for 200 bucks"],
    {"has_items": True, "text_in": {"Category": ["STATE CAPITALS"]}, "num_range": {"Value": [200, 200]}},
    (CAT == "STATE CAPITALS") & (VAL == 200), 5)

# ---- units (dollars written as "a grand"; a decade instead of dates) ----------------------------
add("units", ["ballet clues worth at least a grand"],
    {"has_items": True, "text_in": {"Category": ["BALLET"]}, "num_range": {"Value": [1000, None]}},
    (CAT == "BALLET") & (VAL >= 1000))
eighties = (CAT == "FOOD") & (DATE.str[:4].astype(int).between(1980, 1989))
add("units", ["food trivia from the 80s"],
    {"has_items": True, "text_in": {"Category": ["FOOD"], "Air Date": dates(eighties)}}, eighties)

# ---- fact (a clue named by its wording or answer) ---------------------------------------------
assert clue("Question", "Lincoln died across the street")["Answer"] == "Ford's Theatre (the Ford Theatre accepted)"
add("fact", ["what's the answer to the one about where Lincoln died across the street from?"],
    {"reply_contains_any": ["Ford's Theatre", "Ford's Theater", "Ford Theatre", "Ford Theater"]})
assert clue("Answer", "faint paint")["Value"] == "200"
add("fact", ["how much was the 'faint paint' clue worth?"], {"reply_number": 200})
c = clue("Question", "1st state admitted to the union")
assert c["Air Date"] == "1987-06-23" and c["Answer"] == "Vermont"
add("fact", ["when did the clue about the 1st state admitted after the original 13 air?"],
    {"reply_contains_any": ["1987-06-23", "June 23, 1987", "June 23 1987", "23 June 1987", "June 23rd, 1987",
                            "6/23/1987", "06/23/1987"]})

# ---- count ----------------------------------------------------------------------------------
assert (RND == "Final Jeopardy!").sum() == 29
add("count", ["how many final jeopardy clues are in here"], {"reply_number": 29})
assert CAT.nunique() == 40
add("count", ["how many different categories are there?"], {"reply_number": 40})
assert (CAT == "BALLET").sum() == 32
add("count", ["how many ballet questoins?"], {"reply_number": 32})

# ---- superlative ----------------------------------------------------------------------------
top = top_ids(VAL, 1)
assert VAL.max() == 8000 and top == [str(df.loc[VAL.idxmax(), "id"])]
add("superlative", ["what's the highest value clue"], {"has_items": True, "subset_of_ids": top}, df.id.isin(top), 1)
tv = DATE.where(CAT == "TELEVISION")
tvd = pd.to_datetime(tv).map(lambda t: t.toordinal() if pd.notna(t) else None).astype(float)
tv3 = top_ids(tvd, 3)                                      # 2003-06-25, 2003-03-12, 2000-10-03; next 2000-03-24
assert sorted(DATE[df.id.isin(tv3)]) == ["2000-10-03", "2003-03-12", "2003-06-25"]
add("superlative", ["3 most recent TV category clues"], {"has_items": True, "subset_of_ids": tv3},
    df.id.isin(tv3), 3)

# ---- ordinal (compared with a named clue) -------------------------------------------------------
paint = clue("Answer", "faint paint")
add("ordinal", ["rhyme time clues worth more than the faint paint one"],
    {"has_items": True, "text_in": {"Category": ["RHYME TIME"]}, "num_range": {"Value": [300, None]}},
    (CAT == "RHYME TIME") & (VAL > int(paint["Value"])))
later = (CAT == "WORLD CAPITALS") & (DATE > c["Air Date"])
add("ordinal", ["world capitals clues that aired after the vermont one"],
    {"has_items": True, "text_in": {"Category": ["WORLD CAPITALS"], "Air Date": dates(later)}}, later)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["sports clues not in double jeopardy"],
    {"has_items": True, "text_in": {"Category": ["SPORTS"], "Round": others("Round", "Double Jeopardy!")}},
    (CAT == "SPORTS") & (RND != "Double Jeopardy!"))
not2000s = (CAT == "FOOD") & ~DATE.str[:4].astype(int).between(2000, 2009)
add("negation", ["food questions that didn't air in the 2000s"],
    {"has_items": True, "text_in": {"Category": ["FOOD"], "Air Date": dates(not2000s)}}, not2000s)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["opera or ballet clues worth $400"],
    {"has_items": True, "text_in": {"Category": ["OPERA", "BALLET"]}, "num_range": {"Value": [400, 400]}},
    CAT.isin(["OPERA", "BALLET"]) & (VAL == 400))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
isl = (CAT == "ISLANDS") & (DATE >= "2000-01-01")
add("follow_up", ["islands clues", "only the ones from 2000 onward"],
    {"has_items": True, "text_in": {"Category": ["ISLANDS"], "Air Date": dates(isl)}}, isl)
add("follow_up", ["museums questions", "from the double jeopardy round", "worth 1000 or more"],
    {"has_items": True, "text_in": {"Category": ["MUSEUMS"], "Round": ["Double Jeopardy!"]},
     "num_range": {"Value": [1000, None]}},
    (CAT == "MUSEUMS") & (RND == "Double Jeopardy!") & (VAL >= 1000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any clues worth more than $10,000?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    VAL > 10000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "512", "Answer"].item() == "Venus"
add("id_lookup", ["show me item 512"], {"has_items": True, "subset_of_ids": ["512"]}, df.id == "512")

finish()
