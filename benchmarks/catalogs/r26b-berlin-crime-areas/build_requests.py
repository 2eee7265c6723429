"""Build ../requests/byo-r26b-berlin-crime-areas.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

Each row is one Berlin planning area (`Location`) in one year (2012-2019), so a name repeats eight times and
every fact or comparison is asked for one year. For every request that must return items, `truth` is the set
of rows that really answer it, computed here with plain pandas expressions (yearly counts against the user's
"a month" = / 12 and "a day" = / 365; "Kreuzberg" = the district `Friedrichshain-Kreuzberg`; umlauts
dropped by the user matched to the file's spelling), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26b-berlin-crime-areas"
PREFIX = "r26b-be"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1200 and list(df["id"]) == [str(i) for i in range(1, 1201)]
CRIMES = ["Robbery", "Street_robbery", "Injury", "Agg_assault", "Threat", "Theft", "Car", "From_car", "Bike",
          "Burglary", "Fire", "Arson", "Damage", "Graffiti", "Drugs", "Local"]
assert list(df.columns) == ["id", "Year", "District", "Code", "Location"] + CRIMES
assert not df.isna().any().any()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR = num("Year")
assert sorted(YEAR.unique()) == list(range(2012, 2020)) and (YEAR.value_counts() == 150).all()
assert df.groupby("Year").Location.nunique().eq(150).all()    # a name is unique within a year
for c in CRIMES:
    assert (num(c) % 1 == 0).all() and (num(c) >= 0).all()    # whole counts
DISTRICTS = sorted(df.District.unique())
assert len(DISTRICTS) == 12
WHAT = ["crime", "Crime", "Berlin", "offence", "offense", "police", "theft"]
Y2019 = {"Year": [2019, 2019]}


def area(name, year):
    """The one row of planning area `name` (exact spelling) in `year`."""
    r = df[(df["Location"] == name) & (df["Year"] == str(year))]
    assert len(r) == 1, (name, year)
    # the name is unique among the area names even without umlauts and case
    fold = lambda s: s.str.normalize("NFKD").str.encode("ascii", "ignore").str.decode("ascii").str.lower()
    assert fold(pd.Series(df.Location.unique())).eq(fold(pd.Series([name])).iloc[0]).sum() == 1, name
    return r.iloc[0]


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


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what can i look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["areas in Neukolln in 2019"],
    {"has_items": True, "text_in": {"District": ["Neukölln"]}, "num_range": Y2019},
    (df.District == "Neukölln") & (YEAR == 2019), 5)
add("plain", ["spandau neighbourhoods with fewer than 100 burglaries in 2015"],
    {"has_items": True, "text_in": {"District": ["Spandau"]}, "num_range": {"Year": [2015, 2015], "Burglary": [None, 99]}},
    (df.District == "Spandau") & (YEAR == 2015) & (num("Burglary") < 100), 5)
add("plain", ["which areas had more than 3000 thefts in 2019"],
    {"has_items": True, "num_range": {"Year": [2019, 2019], "Theft": [3001, None]}},
    (YEAR == 2019) & (num("Theft") > 3000), 5)
add("plain", ["Pankow areas with over 300 bike thefts in 2018"],
    {"has_items": True, "text_in": {"District": ["Pankow"]}, "num_range": {"Year": [2018, 2018], "Bike": [301, None]}},
    (df.District == "Pankow") & (YEAR == 2018) & (num("Bike") > 300), 5)

# ---- units (counts are per year; users ask per month and per day) -------------------------------
# more than 50 bike thefts a month = more than 600 a year
add("units", ["in 2019 which areas had more than 50 bikes stolen a month"],
    {"has_items": True, "num_range": {"Year": [2019, 2019], "Bike": [601, None]}},
    (YEAR == 2019) & (num("Bike") / 12 > 50))
# more than 10 thefts a day = more than 3650 a year
add("units", ["areas averaging over 10 thefts a day in 2019"],
    {"has_items": True, "num_range": {"Year": [2019, 2019], "Theft": [3651, None]}},
    (YEAR == 2019) & (num("Theft") / 365 > 10))

# ---- fact (by area name and year) -------------------------------------------------------------
assert area("Kurfürstendamm", 2019)["Bike"] == "220"
add("fact", ["how many bike thefts were there on Kurfürstendamm in 2019?"], {"reply_number": 220})
assert area("Alexanderplatz", 2016)["Graffiti"] == "328"
add("fact", ["graffiti cases at alexanderplatz in 2016?"], {"reply_number": 328})
assert set(df.loc[df.Location == "Rixdorf", "District"]) == {"Neukölln"} and area("Rixdorf", 2012) is not None
add("fact", ["which district is Rixdorf in"], {"reply_contains_any": ["Neukölln", "Neukoelln", "Neukolln"]})

# ---- count ----------------------------------------------------------------------------------
assert ((YEAR == 2019) & (num("Drugs") > 1000)).sum() == 3
add("count", ["how many areas recorded more than 1000 drug offences in 2019?"], {"reply_number": 3})
assert (num("Car") == 0).sum() == 13
add("count", ["how many times did an area go a whole year with zero car thefts"], {"reply_number": 13})
assert YEAR.nunique() == 8
add("count", ["how many years of data are there"], {"reply_number": 8})

# ---- superlative ----------------------------------------------------------------------------
most_bike = top_ids(num("Bike").where(YEAR == 2019), 1)
assert most_bike == ["1063"] and df.loc[1062, "Location"] == "Tempelhofer Vorstadt"
add("superlative", ["which area had the most bike thefts in 2019"],
    {"has_items": True, "subset_of_ids": most_bike}, df.id.isin(most_bike), 1)
burg3 = top_ids(num("Burglary").where(YEAR == 2012), 3)
assert burg3 == ["10", "13", "75"]                          # 390, 298, 292; the 4th has 275
add("superlative", ["top 3 areas for burglaries in 2012"],
    {"has_items": True, "subset_of_ids": burg3}, df.id.isin(burg3), 3)

# ---- ordinal --------------------------------------------------------------------------------
alex = int(area("Alexanderplatz", 2019)["Robbery"])
assert alex == 173
add("ordinal", ["in 2019, which areas had more robberies than Alexanderplatz?"],
    {"has_items": True, "num_range": {"Year": [2019, 2019], "Robbery": [alex + 1, None]}},
    (YEAR == 2019) & (num("Robbery") > alex))
t19 = num("Theft").where(YEAR == 2019).dropna().sort_values(ascending=False)
second = [str(df.loc[t19.index[1], "id"])]
assert second == ["1063"] and t19.iloc[0] != t19.iloc[1] != t19.iloc[2]
add("ordinal", ["which area had the 2nd highest number of thefts in 2019?"],
    {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
rest = [d for d in DISTRICTS if d not in ("Mitte", "Friedrichshain-Kreuzberg")]
add("negation", ["2019 areas outside Mitte and Friedrichshain-Kreuzberg with over 3000 thefts"],
    {"has_items": True, "text_in": {"District": rest}, "num_range": {"Year": [2019, 2019], "Theft": [3001, None]}},
    ~df.District.isin(["Mitte", "Friedrichshain-Kreuzberg"]) & (YEAR == 2019) & (num("Theft") > 3000))
add("negation", ["areas where drug offences didn't go above 20 in 2018"],
    {"has_items": True, "num_range": {"Year": [2018, 2018], "Drugs": [None, 20]}},
    (YEAR == 2018) & ~(num("Drugs") > 20))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Neukölln or Kreuzberg areas for 2019"],
    {"has_items": True, "text_in": {"District": ["Friedrichshain-Kreuzberg", "Neukölln"]}, "num_range": Y2019},
    df.District.isin(["Neukölln", "Friedrichshain-Kreuzberg"]) & (YEAR == 2019))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["crime stats for Tempelhof-Schöneberg", "just 2017"],
    {"has_items": True, "text_in": {"District": ["Tempelhof-Schöneberg"]}, "num_range": {"Year": [2017, 2017]}},
    (df.District == "Tempelhof-Schöneberg") & (YEAR == 2017))
add("follow_up", ["areas in Charlottenburg-Wilmersdorf", "only 2019", "which of them had more than 200 bike thefts?"],
    {"has_items": True, "text_in": {"District": ["Charlottenburg-Wilmersdorf"]},
     "num_range": {"Year": [2019, 2019], "Bike": [201, None]}},
    (df.District == "Charlottenburg-Wilmersdorf") & (YEAR == 2019) & (num("Bike") > 200))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["show me the crime numbers for 2021"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, YEAR == 2021)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "777", ["Year", "Location"]].values.tolist() == [["2017", "Pankow Zentrum"]]
add("id_lookup", ["show me item 777"], {"has_items": True, "subset_of_ids": ["777"]}, df.id == "777")

finish()
