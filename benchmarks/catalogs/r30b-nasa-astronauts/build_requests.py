"""Build ../requests/byo-r30b-nasa-astronauts.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (hours in space against the user's years, days and weeks; the birth
place read out of its JSON text), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. Names are matched case-insensitively and must be unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30b-nasa-astronauts"
PREFIX = "r30b-as"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 357 and list(df["id"]) == [str(i) for i in range(1, 358)]
assert list(df.columns) == ["id", "name", "year", "group", "status", "birth_date", "birth_place", "gender",
                            "alma_mater", "undergraduate_major", "graduate_major", "military_rank",
                            "military_branch", "space_flights", "space_flight_hours", "space_walks",
                            "space_walks_hours", "missions", "death_date", "death_mission"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEAR, FLIGHTS, HOURS, WALKS, WALKH = (num(c) for c in
                                      ["year", "space_flights", "space_flight_hours", "space_walks",
                                       "space_walks_hours"])
assert set(df.status) == {"Active", "Retired", "Deceased", "Management"} and set(df.gender) == {"Male", "Female"}
assert YEAR.isna().sum() == 27 and WALKH.isna().sum() == 3 and df.birth_place.notna().all()
assert (HOURS % 1 == 0).all() and (WALKH.dropna() % 1 == 0).all()   # whole hours
BIRTH_STATE = df.birth_place.map(lambda s: json.loads(s)["state"])
WHAT = ["astronaut", "Astronaut", "NASA", "space", "Space"]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "not in"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet; nor does a
    non-numeric cell pass a num_range)."""
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
    v = pd.to_numeric(df[col], errors="coerce")
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


def person(part):
    r = df[df["name"].str.contains(part, case=False, regex=False)]
    assert len(r) == 1, part
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["female astronuats"], {"has_items": True, "text_in": {"gender": ["Female"]}},
    df.gender == "Female", 5)
add("plain", ["active astronauts who've done at least one spacewalk"],
    {"has_items": True, "text_in": {"status": ["Active"]}, "num_range": {"space_walks": [1, None]}},
    (df.status == "Active") & (WALKS >= 1), 5)
add("plain", ["who was selected in the 90s?"], {"has_items": True, "num_range": {"year": [1990, 1999]}},
    (YEAR >= 1990) & (YEAR <= 1999), 5)
MARINES = sorted(v for v in df.military_branch.dropna().unique() if "Marine Corps" in v)
assert MARINES == ["US Marine Corps", "US Marine Corps (Retired)", "US Marine Corps Reserves"]
add("plain", ["marine corps astronauts"], {"has_items": True, "text_in": {"military_branch": MARINES}},
    df.military_branch.str.contains("Marine", na=False), 5)

# ---- units (flight and spacewalk times are whole hours) ---------------------------------------
# more than a year = more than 365 days x 24 h = 8760 h (no value up to 365.25 days either)
gap_empty("space_flight_hours", 8760, 8767)
add("units", ["who has spent more than a year in space"],
    {"has_items": True, "num_range": {"space_flight_hours": [8761, None]}}, HOURS / 24 > 365)
# at least two full days = 48 h or more of spacewalks in total
add("units", ["astronauts with at least two full days of spacewalking in total"],
    {"has_items": True, "num_range": {"space_walks_hours": [48, None]}}, WALKH / 24 >= 2)

# ---- fact (asked by name; names are unique) ---------------------------------------------------
assert person("Peggy A. Whitson")["space_flight_hours"] == "11698"
add("fact", ["how many hours has Peggy Whitson spent in space?"], {"reply_number": 11698})
assert person("Sally K. Ride")["undergraduate_major"] == "Physics; English"
add("fact", ["what did sally ride major in as an undergrad"], {"reply_contains": "English"})
assert person("John H. Glenn")["birth_date"] == "1921-07-18"
add("fact", ["when was John Glenn born?"],
    {"reply_contains_any": ["1921-07-18", "July 18, 1921", "18 July 1921", "July 18 1921", "18/07/1921",
                            "07/18/1921", "Jul 18, 1921", "18th July 1921", "July 18th, 1921"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.death_mission == "STS 51-L (Challenger)").sum() == 7
add("count", ["how many astronauts died in the Challenger disaster?"], {"reply_number": 7})
assert (FLIGHTS == 0).sum() == 23
add("count", ["how many of them never actually flew to space"], {"reply_number": 23})
assert (df.status == "Active").sum() == 50
add("count", ["how many are still active?"], {"reply_number": 50})

# ---- superlative ----------------------------------------------------------------------------
most_walks = top_ids(WALKS, 1)                              # 10 spacewalks; next is 9
assert most_walks == ["204"] and WALKS.max() == 10
add("superlative", ["who did the most spacewalks?"],
    {"has_items": True, "subset_of_ids": most_walks}, df.id.isin(most_walks), 1)
longest3 = top_ids(HOURS, 3)                                # 12818, 12490, 11698; next is 9159
assert sorted(HOURS[df.id.isin(longest3)]) == [11698, 12490, 12818]
add("superlative", ["top 3 astronauts by total time in space"],
    {"has_items": True, "subset_of_ids": longest3}, df.id.isin(longest3), 3)

# ---- ordinal (compared with another astronaut) -------------------------------------------------
assert person("Sunita L. Williams")["space_walks"] == "7"
add("ordinal", ["astronauts who did more spacewalks than Sunita Williams"],
    {"has_items": True, "num_range": {"space_walks": [8, None]}},
    WALKS > float(person("Sunita L. Williams")["space_walks"]))
assert person("Eileen M. Collins")["year"] == "1990"
add("ordinal", ["women who were picked before Eileen Collins' class"],
    {"has_items": True, "text_in": {"gender": ["Female"]}, "num_range": {"year": [None, 1989]}},
    (df.gender == "Female") & (YEAR < float(person("Eileen M. Collins")["year"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["astronauts that aren't retierd"],
    {"has_items": True, "text_in": {"status": ["Active", "Deceased", "Management"]}}, df.status != "Retired")
US = {"AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY",
      "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NY", "OH",
      "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "Richfield. UT"}
abroad = ~BIRTH_STATE.isin(US)
assert sorted(BIRTH_STATE[abroad].unique()) == ["Argentina", "Australia", "Canada", "China", "Costa Rica",
                                                "England", "Hong Kong", "India", "Italy", "Netherlands",
                                                "Panama", "Peru", "Spain", "Taiwan", "Wales", "West Germany"]
add("negation", ["which astronauts were born outside the US?"],
    {"has_items": True, "text_in": {"birth_place": sorted(df.birth_place[abroad].unique())}}, abroad)

# ---- disjunction ----------------------------------------------------------------------------
lost = df.death_mission.isin(["STS 51-L (Challenger)", "STS-107 (Columbia)"])
assert lost.sum() == 13
add("disjunction", ["who died on Challenger or Columbia"],
    {"has_items": True, "text_in": {"death_mission": ["STS 51-L (Challenger)", "STS-107 (Columbia)"]}}, lost)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["astronauts from the 1978 class", "only the women"],
    {"has_items": True, "num_range": {"year": [1978, 1978]}, "text_in": {"gender": ["Female"]}},
    (YEAR == 1978) & (df.gender == "Female"))
# more than 60 days = more than 1440 h
gap_empty("space_flight_hours", 1440, 1441)
add("follow_up", ["who's flown 5 times or more", "just the retired ones",
                  "which of those spent over 60 days in space"],
    {"has_items": True, "num_range": {"space_flights": [5, None], "space_flight_hours": [1441, None]},
     "text_in": {"status": ["Retired"]}},
    (FLIGHTS >= 5) & (df.status == "Retired") & (HOURS / 24 > 60))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any astronaut with more than 10 flights?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, FLIGHTS > 10)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "name"].item().startswith("Curtis L. Brown")
add("id_lookup", ["show me item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
