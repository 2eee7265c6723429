"""Build ../requests/byo-r13a-world-leaders.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

One row is one leader spell (a head of government's continuous time in office, 1946-2008). For every
request that must return items, `truth` is the set of rows that really answer it, computed here with plain
pandas expressions (durations in years against the user's months or decades, the user's country names
against the file's `United States of America`, `Germany, West`, ...), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13a-world-leaders"
PREFIX = "r13a-wl"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1808 and list(df["id"]) == [str(i) for i in range(1, 1809)]
assert list(df.columns) == ["id", "ctryname", "cowcode2", "politycode", "un_region_name", "un_continent_name",
                            "ehead", "leaderspellreg", "democracy", "regime", "start_year", "duration", "observed"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
YEARS, START = num("duration"), num("start_year")          # whole years in office; 1946..2008
assert (YEARS % 1 == 0).all() and YEARS.min() == 1 and START.between(1946, 2008).all()
assert set(df.observed) == {"0", "1"} and df.politycode.isna().sum() == 7
REGIMES = {"Parliamentary Dem", "Presidential Dem", "Mixed Dem", "Civilian Dict", "Military Dict", "Monarchy"}
assert set(df.regime) == REGIMES and set(df.democracy) == {"Democracy", "Non-democracy"}
assert ((df.democracy == "Democracy") == df.regime.str.endswith("Dem")).all()

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "only go", "only runs", "ends in 2008", "until 2008", "up to 2008"]
WHAT = ["leader", "Leader", "head of government", "heads of government", "regime", "Regime", "democrac",
        "Democrac", "dictator", "Dictator"]


def leader(word):
    r = df[df["ehead"].str.contains(word, case=False, regex=False)]
    assert len(r) == 1, word
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
add("greeting", ["hey there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of data do you have here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["military dictatorships in South America"],
    {"has_items": True, "text_in": {"regime": ["Military Dict"], "un_region_name": ["South America"]}},
    (df.regime == "Military Dict") & (df.un_region_name == "South America"), 5)
US = "United States of America"
assert not df.ctryname.str.contains("United States|America|USA").loc[df.ctryname != US].any()
add("plain", ["US presidnets"], {"has_items": True, "text_in": {"ctryname": [US]}}, df.ctryname == US, 5)
add("plain", ["parliamentary democracies in Eastern Europe that began in the 1990s"],
    {"has_items": True, "text_in": {"regime": ["Parliamentary Dem"], "un_region_name": ["Eastern Europe"]},
     "num_range": {"start_year": [1990, 1999]}},
    (df.regime == "Parliamentary Dem") & (df.un_region_name == "Eastern Europe") & START.between(1990, 1999), 5)
add("plain", ["censored spells in Africa (observed = 0)"],
    {"has_items": True, "text_in": {"un_continent_name": ["Africa"], "observed": ["0"]}},
    (df.un_continent_name == "Africa") & (df.observed.astype(int) == 0), 5)

# ---- units (duration is whole years; users say decades and months) --------------------------------
add("units", ["leaders who stayed in power for more than two decades"],
    {"has_items": True, "num_range": {"duration": [21, None]}}, YEARS > 2 * 10)
add("units", ["Italian heads of government who lasted less than 24 months"],
    {"has_items": True, "text_in": {"ctryname": ["Italy"]}, "num_range": {"duration": [None, 1]}},
    (df.ctryname == "Italy") & (YEARS * 12 < 24))

# ---- fact (by the leader's name; each name below matches one row) -------------------------------
assert leader("Thatcher")["duration"] == "11"
add("fact", ["how many years was Margaret Thatcher in office?"], {"reply_number": 11})
assert leader("Suharto")["start_year"] == "1966"
add("fact", ["what year did Suharto come to power"], {"reply_number": 1966})
assert leader("Francisco Franco")["regime"] == "Military Dict"
add("fact", ["what kind of regime did Francisco Franco run?"], {"reply_contains_any": ["Military", "military"]})

# ---- count ----------------------------------------------------------------------------------
assert (df.ctryname == "Switzerland").sum() == 63
add("count", ["how many entries are there for Switzerland?"], {"reply_number": 63})
assert (df.regime == "Monarchy").sum() == 55
add("count", ["how many spells are classed as monarchy?"], {"reply_number": 55})
# 14 `military` + 3 `Military`; `military High Security Council` is not "just military"
assert (df.ehead == "military").sum() == 14 and (df.ehead == "Military").sum() == 3
assert (df.ehead.str.strip().str.lower() == "military").sum() == 17
add("count", ["how many rows have the leader listed just as military instead of a name?"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
long2 = top_ids(YEARS, 2)                                  # Hussein bin Talal and Fidel Castro Ruz, 47 each; next 46
assert sorted(df.loc[df.id.isin(long2), "ehead"]) == ["Fidel Castro Ruz", "Hussein bin Talal"]
add("superlative", ["which two leaders held power the longest?"],
    {"has_items": True, "subset_of_ids": long2}, df.id.isin(long2), 2)
EU = YEARS.where(df.un_continent_name == "Europe")
eu3 = top_ids(EU, 3)                                       # Hoxha 39, Zhivkov 35, Tito 34; next Kadar 32
assert sorted(YEARS[df.id.isin(eu3)], reverse=True) == [39, 35, 34]
add("superlative", ["the 3 longest-ruling leaders in Europe"],
    {"has_items": True, "subset_of_ids": eu3}, df.id.isin(eu3), 3)

# ---- ordinal --------------------------------------------------------------------------------
brandt = leader("Willy Brandt")
assert brandt["ctryname"] == "Germany, West" and brandt["duration"] == "5"
add("ordinal", ["West German chancellors who served longer than Willy Brandt"],
    {"has_items": True, "text_in": {"ctryname": ["Germany, West"]}, "num_range": {"duration": [6, None]}},
    (df.ctryname == "Germany, West") & (YEARS > int(brandt["duration"])))
UK = YEARS[df.ctryname == "United Kingdom"].sort_values(ascending=False)
assert UK.iloc[0] > UK.iloc[1] > UK.iloc[2]                # 11 (Thatcher) > 10 (Blair) > 7 (Major)
second_uk = [str(df.loc[UK.index[1], "id"])]
assert df.loc[UK.index[1], "ehead"] == "Tony Blair"
add("ordinal", ["who was the UK's 2nd longest-serving prime minister in this data?"],
    {"has_items": True, "subset_of_ids": second_uk}, df.id.isin(second_uk), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["democracies in Western Europe that aren't parliamentary"],
    {"has_items": True, "text_in": {"un_region_name": ["Western Europe"], "democracy": ["Democracy"],
                                    "regime": sorted(REGIMES - {"Parliamentary Dem"})}},
    (df.un_region_name == "Western Europe") & (df.democracy == "Democracy") & (df.regime != "Parliamentary Dem"))
add("negation", ["Central American governments since 1980 that weren't military"],
    {"has_items": True, "text_in": {"un_region_name": ["Central America"],
                                    "regime": sorted(REGIMES - {"Military Dict"})},
     "num_range": {"start_year": [1980, None]}},
    (df.un_region_name == "Central America") & (df.regime != "Military Dict") & (START >= 1980))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["leaders of Cuba or Haiti"], {"has_items": True, "text_in": {"ctryname": ["Cuba", "Haiti"]}},
    df.ctryname.isin(["Cuba", "Haiti"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["leaders from the Caribbean", "only the ones who ruled 10 years or more"],
    {"has_items": True, "text_in": {"un_region_name": ["Caribbean"]}, "num_range": {"duration": [10, None]}},
    (df.un_region_name == "Caribbean") & (YEARS >= 10))
add("follow_up", ["leaders of Argentina", "just the military ones", "which of those lasted more than 2 years?"],
    {"has_items": True, "text_in": {"ctryname": ["Argentina"], "regime": ["Military Dict"]},
     "num_range": {"duration": [3, None]}},
    (df.ctryname == "Argentina") & (df.regime == "Military Dict") & (YEARS > 2))

# ---- impossible (the data end in 2008) -------------------------------------------------------------
add("impossible", ["leaders who took office in 2015"], {"no_items": True, "reply_contains_any": NO_REPLY},
    START == 2015)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1000", "ehead"].item() == "Modibo Keita"
add("id_lookup", ["show me item 1000"], {"has_items": True, "subset_of_ids": ["1000"]}, df.id == "1000")

finish()
