"""Build ../requests/byo-r31b-play-store-apps.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 31); no project code was read.
Run: python build_requests.py   (needs pandas)

Almost every number in this table is formatted TEXT: `Installs` is a bucket like "1,000,000+", `Price` is
"0" or "$4.99", `Size` is "19M", "201k" or "Varies with device", `Last Updated` is "January 7, 2018".
So those requests use `text_in` with every raw string that satisfies the condition (derived here from the
strings themselves: the bucket's number, the dollar amount, the size in MB or KB, the month and year).
`num_range` is used only on `Rating` (the source writes missing ratings as the text `NaN`, read as blank).
`Reviews` holds one non-number (`3.0M`, in the shifted row 10473), so requests on reviews list ids.
The table has duplicate rows (the same app scraped several times, sometimes with a slightly different
review count or category): a request about "the app X" is answered by every row of that app.
For every request that must return items, `truth` is computed with plain pandas and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file
(facts by app name asserted unique, case-insensitively; counts only over sets with no repeated app).
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r31b-play-store-apps"
PREFIX = "r31b-ps"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings; the literal "NaN" cells read as blank
assert len(df) == 10841 and list(df["id"]) == [str(i) for i in range(1, 10842)]
assert list(df.columns) == ["id", "App", "Category", "Rating", "Reviews", "Size", "Installs", "Type", "Price",
                            "Content Rating", "Genres", "Last Updated", "Current Ver", "Android Ver"]
NUMERIC_OK = {"Rating"}
RATING = pd.to_numeric(df.Rating)                          # 1.0-5.0, blank 1474 times, 19 in the shifted row
REVIEWS = pd.to_numeric(df.Reviews, errors="coerce")       # "3.0M" (shifted row) -> not a number
assert RATING.isna().sum() == 1474 and REVIEWS.isna().sum() == 1
SHIFTED = df.App == "Life Made WI-Fi Touchscreen Photo Frame"   # the row whose values sit one column left
assert SHIFTED.sum() == 1 and df.loc[SHIFTED, "Category"].item() == "1.9" and RATING[SHIFTED].item() == 19
CATS = sorted(set(df.Category) - {"1.9"})
assert len(CATS) == 33 and df.Category.notna().all()


def raw_values(col, pred):
    """Every distinct raw string of `col` for which pred(string) is true (blanks skipped)."""
    return sorted(v for v in df[col].dropna().unique() if pred(v))


def installs_at_least(n):
    """Install buckets "N+" with N >= n (the bucket means at least N installs)."""
    return raw_values("Installs", lambda v: re.fullmatch(r"[\d,]+\+", v) is not None and int(v[:-1].replace(",", "")) >= n)


def size_mb(v):
    """Size string -> megabytes (M = MB, k = KB = 1/1000 MB); None for "Varies with device" and the shifted row."""
    if re.fullmatch(r"\d+(\.\d+)?M", v):
        return float(v[:-1])
    if re.fullmatch(r"\d+(\.\d+)?k", v):
        return float(v[:-1]) / 1000
    return None


def dollars(v):
    """Price string -> dollars ("0" -> 0.0, "$4.99" -> 4.99); None for the shifted row's "Everyone"."""
    if v == "0":
        return 0.0
    if re.fullmatch(r"\$\d+(\.\d+)?", v):
        return float(v[1:])
    return None


assert installs_at_least(0)[:1] and set(df.Installs) - set(installs_at_least(0)) == {"0", "Free"}
assert {v for v in df.Size.unique() if size_mb(v) is None} == {"Varies with device", "1,000+"}
assert {v for v in df.Price.unique() if dollars(v) is None} == {"Everyone"}
SIZE_MB = df.Size.map(size_mb)
PRICE = df.Price.map(dollars)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["app", "App", "Play", "Android", "Google"]


def app(name):
    r = df[df["App"].str.lower() == name.lower()]
    assert len(r) == 1, (name, len(r))
    return r.iloc[0]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        assert col in NUMERIC_OK, col                   # num_range only on columns that parse as numbers
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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what can you do with this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["free photograpy apps rated 4.5 or higher"],
    {"has_items": True, "text_in": {"Category": ["PHOTOGRAPHY"], "Type": ["Free"]}, "num_range": {"Rating": [4.5, None]}},
    (df.Category == "PHOTOGRAPHY") & (df.Type == "Free") & (RATING >= 4.5), 5)
PUZZLE = raw_values("Genres", lambda v: "Puzzle" in v.split(";"))
assert len(PUZZLE) == 5
add("plain", ["puzzle games"], {"has_items": True, "text_in": {"Genres": PUZZLE}},
    df.Genres.str.split(";").map(lambda g: "Puzzle" in g), 5)
MILLION = installs_at_least(1_000_000)
assert MILLION == sorted(["1,000,000+", "5,000,000+", "10,000,000+", "50,000,000+", "100,000,000+",
                          "500,000,000+", "1,000,000,000+"])
add("plain", ["dating apps with at least a million installs"],
    {"has_items": True, "text_in": {"Category": ["DATING"], "Installs": MILLION}},
    (df.Category == "DATING") & df.Installs.isin(MILLION), 5)
Y2018 = raw_values("Last Updated", lambda v: re.fullmatch(r"[A-Z][a-z]+ \d{1,2}, 2018", v) is not None)
add("plain", ["wether apps updated in 2018"],
    {"has_items": True, "text_in": {"Category": ["WEATHER"], "Last Updated": Y2018}},
    (df.Category == "WEATHER") & pd.to_datetime(df["Last Updated"], format="%B %d, %Y", errors="coerce").dt.year.eq(2018), 5)

# ---- units ----------------------------------------------------------------------------------
# under 0.1 MB = under 100 KB (or 102.4 KB with 1024): no size lies in 100-102.4 KB, so both readings agree
assert not SIZE_MB.between(0.1, 0.1024).any()
TINY = raw_values("Size", lambda v: size_mb(v) is not None and size_mb(v) < 0.1)
assert all(v.endswith("k") for v in TINY)
add("units", ["super small apps, less than 0.1 MB"], {"has_items": True, "text_in": {"Size": TINY}}, SIZE_MB < 0.1)
HALF_MIL = installs_at_least(500_000)
add("units", ["education apps with half a million installs or more"],
    {"has_items": True, "text_in": {"Category": ["EDUCATION"], "Installs": HALF_MIL}},
    (df.Category == "EDUCATION") & df.Installs.isin(HALF_MIL))

# ---- fact (app names asserted unique) ---------------------------------------------------------
assert app("Tinder")["Rating"] == "4.0"
add("fact", ["what rating does Tinder have?"], {"reply_number": 4.0})
assert app("Hitman Sniper")["Price"] == "$0.99"
add("fact", ["how much is hitman sniper"], {"reply_number": 0.99})
assert app("Tik Tok - including musical.ly")["Last Updated"] == "August 3, 2018"
add("fact", ["when was Tik Tok last updated?"],
    {"reply_contains_any": ["August 3, 2018", "Aug 3, 2018", "Aug. 3, 2018", "3 August 2018", "2018-08-03",
                            "08/03/2018", "8/3/2018"]})

# ---- count (sets without a repeated app, so rows = apps) --------------------------------------
for mask, n in [(df["Content Rating"] == "Adults only 18+", 3), (df.Price == "$399.99", 12),
                (df["Android Ver"] == "8.0 and up", 6)]:
    assert mask.sum() == n and not df.loc[mask, "App"].duplicated().any()
add("count", ["how many apps are rated Adults only 18+?"], {"reply_number": 3})
add("count", ["how many apps cost $399.99"], {"reply_number": 12})
add("count", ["how many apps need android 8.0 and up?"], {"reply_number": 6})

# ---- superlative ----------------------------------------------------------------------------
dearest = top_ids(PRICE, 1)                                # $400.00; next is $399.99
assert dearest == [app("I'm Rich - Trump Edition")["id"]]
add("superlative", ["what's the most expensive app"], {"has_items": True, "subset_of_ids": dearest},
    df.id.isin(dearest), 1)
# apps ranked by their largest review count; every row of a top app answers
by_app = REVIEWS.groupby(df.App).max().sort_values(ascending=False, kind="mergesort")
assert by_app.index[:4].tolist() == ["Facebook", "WhatsApp Messenger", "Instagram",
                                     "Messenger – Text and Video Chat for Free"]
assert len(set(by_app.iloc[:4])) == 4
assert REVIEWS[df.App == "Instagram"].min() > by_app.iloc[3]     # even the smallest Instagram row beats no. 4
top3 = df.App.isin(by_app.index[:3])
add("superlative", ["top 3 apps by number of reviews"], {"has_items": True, "subset_of_ids": ids(top3)}, top3, 3)

# ---- ordinal --------------------------------------------------------------------------------
second = df.App == by_app.index[1]
assert REVIEWS[second].min() > REVIEWS[df.App == "Instagram"].max()
add("ordinal", ["which app has the 2nd most reviews?"], {"has_items": True, "subset_of_ids": ids(second)}, second, 1)
assert app("Tinder")["Category"] == "LIFESTYLE"
add("ordinal", ["dating apps rated higher than Tinder"],
    {"has_items": True, "text_in": {"Category": ["DATING"]}, "num_range": {"Rating": [4.1, None]}},
    (df.Category == "DATING") & (RATING > float(app("Tinder")["Rating"])))

# ---- negation -------------------------------------------------------------------------------
NOT_DATING = sorted(set(df.Category) - {"DATING"})          # every other raw value (incl. the shifted "1.9")
add("negation", ["Mature 17+ apps that aren't dating apps"],
    {"has_items": True, "text_in": {"Content Rating": ["Mature 17+"], "Category": NOT_DATING}},
    (df["Content Rating"] == "Mature 17+") & (df.Category != "DATING"))
NOT_FREE = sorted(set(df.Type.dropna()) - {"Free"})        # ["0", "Paid"]: "0" is the shifted row's Type
assert NOT_FREE == ["0", "Paid"]
add("negation", ["social apps that aren't free"],
    {"has_items": True, "text_in": {"Category": ["SOCIAL"], "Type": NOT_FREE}},
    (df.Category == "SOCIAL") & df.Type.notna() & (df.Type != "Free"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["comics or beauty apps rated at least 4.5"],
    {"has_items": True, "text_in": {"Category": ["BEAUTY", "COMICS"]}, "num_range": {"Rating": [4.5, None]}},
    df.Category.isin(["COMICS", "BEAUTY"]) & (RATING >= 4.5))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me finance apps", "only the paid ones"],
    {"has_items": True, "text_in": {"Category": ["FINANCE"], "Type": ["Paid"]}},
    (df.Category == "FINANCE") & (df.Type == "Paid"))
TEN_MIL = installs_at_least(10_000_000)
AUG18 = raw_values("Last Updated", lambda v: re.fullmatch(r"August \d{1,2}, 2018", v) is not None)
add("follow_up", ["travel apps", "with 10 million+ installs", "which of those were updated in August 2018?"],
    {"has_items": True, "text_in": {"Category": ["TRAVEL_AND_LOCAL"], "Installs": TEN_MIL, "Last Updated": AUG18}},
    (df.Category == "TRAVEL_AND_LOCAL") & df.Installs.isin(TEN_MIL)
    & (pd.to_datetime(df["Last Updated"], format="%B %d, %Y", errors="coerce").dt.to_period("M") == pd.Period("2018-08")))

# ---- impossible -----------------------------------------------------------------------------
assert SIZE_MB.max() == 100
add("impossible", ["any apps bigger than 1 GB?"], {"no_items": True, "reply_contains_any": NO_REPLY}, SIZE_MB > 1000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "4321", "App"].item() == "LiveMe - Video chat, new friends, and make money"
add("id_lookup", ["tell me about item 4321"], {"has_items": True, "subset_of_ids": ["4321"]}, df.id == "4321")

finish()
