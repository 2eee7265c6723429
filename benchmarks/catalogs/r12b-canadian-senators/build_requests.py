"""Build ../requests/byo-r12b-canadian-senators.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (days in office converted to years, months or weeks where the user
used them, dates parsed from `start_date`), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. A row is one term in the Senate: a few people
sat twice and appear twice; the 99 senators still sitting when the table was made have the placeholder
end date `2013-10-01 22:20:10.165196`, a blank `reason`, `observed` = `False` and days counted up to then.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12b-canadian-senators"
PREFIX = "r12b-cs"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 933 and list(df["id"]) == [str(i) for i in range(1, 934)]
PA, PROV, ADV = "Political Affiliation at Appointment", "Province / Territory", "Appointed on the advice of"
assert list(df.columns) == ["id", "Name", PA, PROV, ADV, "Term (yyyy.mm.dd)", "start_date", "end_date",
                            "reason", "diff_days", "observed"]
DAYS = pd.to_numeric(df["diff_days"])                     # numeric view for the truth expressions
START = pd.to_datetime(df["start_date"])
assert (DAYS % 1 == 0).all() and DAYS.notna().all()       # whole days, no blanks
assert set(df.observed) == {"True", "False"}
SITTING = df.observed == "False"
assert (SITTING == df.reason.isna()).all() and SITTING.sum() == 99
assert (df.loc[SITTING, "end_date"] == "2013-10-01 22:20:10.165196").all()
assert set(df.reason.dropna()) == {"Death", "Resignation", "Retirement", "Appointment declined"}
assert not df.Name.is_unique                              # a few people sat twice

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["senator", "Senator", "Senate", "senate"]


def person(name_part):
    """The one row whose Name contains name_part (case-insensitive); asserts it is unique."""
    r = df[df["Name"].str.lower().str.contains(name_part.lower(), regex=False)]
    assert len(r) == 1, (name_part, len(r))
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


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
    vals = sorted(set(df[col].dropna()) - set(excluded))
    assert set(excluded) <= set(df[col].dropna()), excluded
    return vals


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
add("greeting", ["hi! what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["senators from nova scotia"], {"has_items": True, "text_in": {PROV: ["Nova Scotia"]}},
    df[PROV] == "Nova Scotia", 5)
add("plain", ["who did Stephen Harper put in the senate?"],
    {"has_items": True, "text_in": {ADV: ["Harper, Stephen"]}}, df[ADV] == "Harper, Stephen", 5)
add("plain", ["which senators are still sitting?"], {"has_items": True, "text_in": {"observed": ["False"]}},
    df.end_date.str.startswith("2013-10-01 22:20") & df.reason.isna(), 5)
add("plain", ["Progressive Conservatives from Ontario"],
    {"has_items": True, "text_in": {PA: ["Progressive Conservative Party"], PROV: ["Ontario"]}},
    (df[PA] == "Progressive Conservative Party") & (df[PROV] == "Ontario"), 5)

# ---- units (diff_days is in days) ---------------------------------------------------------------
# more than 40 years = more than 14610 days (365.25-day years) or 14600 (365-day years): nothing in between
gap_empty("diff_days", 40 * 365, 40 * 365.25 + 1)
add("units", ["senators who served more than 40 years"],
    {"has_items": True, "num_range": {"diff_days": [14611, None]}}, DAYS / 365.25 > 40)
assert ((DAYS / 365 > 40) == (DAYS / 365.25 > 40)).all()
# under 6 months: 6 months is 181-184 days however counted; no term lasted 175-189 days
gap_empty("diff_days", 174, 190)
add("units", ["which terms lasted under 6 months"],
    {"has_items": True, "num_range": {"diff_days": [None, 182]}}, DAYS / (365.25 / 12) < 6)

# ---- fact (the file writes names "Surname, Given names"; users write them the other way round) -----
assert person("Andreychuk")[PROV] == "Saskatchewan"
add("fact", ["what province does Raynell Andreychuk represent"], {"reply_contains": "Saskatchewan"})
assert person("Poirier, Pascal")["diff_days"] == "17731"
add("fact", ["how many days did Pascal Poirier serve in the senate?"], {"reply_number": 17731})
assert person("Rossiter")[ADV] == "Mulroney, Martin Brian"
add("fact", ["who recommended Eileen Rossiter for the senate"], {"reply_contains": "Mulroney"})

# ---- count ----------------------------------------------------------------------------------
tr = df[ADV] == "Trudeau, Pierre Elliott"
assert tr.sum() == 81 and df.loc[tr, "Name"].nunique() == 81          # 81 terms, 81 different people
add("count", ["how many senators did Pierre Trudeau appoint"], {"reply_number": 81})
assert (df.reason == "Appointment declined").sum() == 3
add("count", ["how many people declined the appointment?"], {"reply_number": 3})
yk = df[PROV] == "Yukon"
assert yk.sum() == 3 and df.loc[yk, "Name"].nunique() == 3
add("count", ["how many senators has the Yukon had"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
longest = top_ids(DAYS, 1)
assert longest == ["851"] and df.loc[850, "Name"] == "Poirier, Pascal"
add("superlative", ["who served the longest"], {"has_items": True, "subset_of_ids": longest},
    df.id.isin(longest), 1)
ont = DAYS.where(df[PROV] == "Ontario")
ont3 = top_ids(ont, 3)                                    # 15971, 15105, 14641; next is 14285
assert sorted(DAYS[df.id.isin(ont3)].tolist()) == [14641, 15105, 15971]
add("superlative", ["top 3 longest serving senators from Ontario"], {"has_items": True, "subset_of_ids": ont3},
    df.id.isin(ont3), 3)

# ---- ordinal (compared with another senator) ---------------------------------------------------
ross = int(person("Rossiter")["diff_days"])
assert ross == 6449
gap_empty("diff_days", 6449, 6450)
add("ordinal", ["senators who served longer than Eileen Rossiter"],
    {"has_items": True, "num_range": {"diff_days": [6450, None]}}, DAYS > ross)
dand = START[df.Name == "Dandurand, Raoul"]
assert len(dand) == 1
before = (df[PROV] == "Quebec") & (START < dand.iloc[0])
add("ordinal", ["quebec senators apointed before Raoul Dandurand"],
    {"has_items": True, "subset_of_ids": ids(before)}, before)

# ---- negation -------------------------------------------------------------------------------
# "left for a reason other than death": the sitting senators (blank reason) have not left
add("negation", ["Quebec senators who left for some reason other than death"],
    {"has_items": True, "text_in": {PROV: ["Quebec"], "reason": others("reason", "Death")}},
    (df[PROV] == "Quebec") & df.reason.notna() & (df.reason != "Death"))
add("negation", ["nova scotia senators not appointed by royal proclamation"],
    {"has_items": True, "text_in": {PROV: ["Nova Scotia"], ADV: others(ADV, "Royal Proclamation")}},
    (df[PROV] == "Nova Scotia") & (df[ADV] != "Royal Proclamation"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["senators from the yukon or the northwest territories"],
    {"has_items": True, "text_in": {PROV: ["Yukon", "Northwest Territories"]}},
    df[PROV].isin(["Yukon", "Northwest Territories"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
sk = df[PROV] == "Saskatchewan"
assert not (sk & (START.dt.year == 1980)).any()          # "after 1980" reads the same either way
sk81 = sk & (START.dt.year > 1980)
add("follow_up", ["senators from Saskatchewan", "only the ones appointed after 1980"],
    {"has_items": True, "text_in": {PROV: ["Saskatchewan"]}, "subset_of_ids": ids(sk81)}, sk81)
add("follow_up", ["Conservative Party of Canada senators", "just the ones from Ontario",
                  "which of those are still in office?"],
    {"has_items": True, "text_in": {PA: ["Conservative Party of Canada"], PROV: ["Ontario"],
                                    "observed": ["False"]}},
    (df[PA] == "Conservative Party of Canada") & (df[PROV] == "Ontario") & SITTING)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did any senater serve more than 50 years?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    DAYS / 365 > 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "17", "Name"].item() == "Argue, Hazen Robert"
add("id_lookup", ["tell me about item 17"], {"has_items": True, "subset_of_ids": ["17"]}, df.id == "17")

finish()
