"""Build ../requests/byo-r20b-metro-health.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (rates per 100,000 converted to the user's "per 1,000" or percent,
states parsed out of the `City` text), and the script asserts that the `expect` facets accept exactly
those rows. Counts and facts are asserted against the file. The source repeats seven metro areas
(14 rows); facts are asked only about names that occur once.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20b-metro-health"
PREFIX = "r20b-mh"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 83 and list(df["id"]) == [str(i) for i in range(1, 84)]
assert list(df.columns) == ["id", "City", "NumMDs", "RateMDs", "NumHospitals", "NumBeds", "RateBeds", "NumMedicare",
                            "PctChangeMedicare", "MedicareRate", "SSBNum", "SSBRate", "SSBChange", "NumRetired",
                            "SSINum", "SSIRate", "SqrtMDs"]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])
MDS, RMDS, HOSP, BEDS, RBEDS = num("NumMDs"), num("RateMDs"), num("NumHospitals"), num("NumBeds"), num("RateBeds")
PCTMED, MEDRATE, SSBCH, SSIRATE = num("PctChangeMedicare"), num("MedicareRate"), num("SSBChange"), num("SSIRate")
for c in ["NumMDs", "RateMDs", "NumHospitals", "NumBeds", "RateBeds", "MedicareRate", "SSIRate"]:
    assert (num(c) % 1 == 0).all(), c                      # whole numbers
# state codes parsed from the name: "Louisville, KY-IN" -> {KY, IN}; "..., FL Metropolitan Division" -> {FL}
ST = df.City.str.extract(r", ([A-Z]{2}(?:-[A-Z]{2})*)(?: Metropolitan Division)?$")[0]
assert ST.notna().all()
STATES = ST.str.split("-").apply(set)
in_state = lambda *codes: STATES.apply(lambda s: bool(s & set(codes)))
dups = df[df.City.duplicated(keep=False)].City.unique()
assert len(dups) == 7 and df.City.duplicated().sum() == 7   # seven metro areas appear twice

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["metro", "Metro", "health", "Health", "hospital", "Hospital", "physician", "Physician", "doctor", "Doctor",
        "Medicare", "city", "cities"]


def city(part):
    """The one row whose City contains `part` (case-insensitive); asserts it is unique."""
    r = df[df.City.str.lower().str.contains(part.lower(), regex=False)]
    assert len(r) == 1, (part, list(r.City))
    return r.iloc[0]

def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]

def cities(mask):
    """Every distinct raw City value of the rows in mask (for text_in)."""
    return sorted(df.loc[mask.fillna(False).astype(bool), "City"].unique())


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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
tx = in_state("TX")
add("plain", ["metro areas in texas"], {"has_items": True, "text_in": {"City": cities(tx)}}, tx, 5)
add("plain", ["which metros have at least 10 hospitals"],
    {"has_items": True, "num_range": {"NumHospitals": [10, None]}}, HOSP >= 10, 5)
gap_empty("RateMDs", 199, 200)
add("plain", ["places with fewer than 200 physicians per 100k residents"],
    {"has_items": True, "num_range": {"RateMDs": [None, 199]}}, RMDS < 200, 5)
gap_empty("PctChangeMedicare", 8.0, 8.1)
add("plain", ["areas where the number of medicare recipients grew more than 8%"],
    {"has_items": True, "num_range": {"PctChangeMedicare": [8.1, None]}}, PCTMED > 8, 5)

# ---- units (rates are per 100,000 people; users ask per 1,000 or in percent) ------------------
# more than 5 doctors per 1,000 people = more than 500 per 100,000; rates are whole numbers
gap_empty("RateMDs", 500, 501)
add("units", ["which metros have more than 5 doctors per 1,000 residents?"],
    {"has_items": True, "num_range": {"RateMDs": [501, None]}}, RMDS / 100 > 5)
# SSI recipients under 1% of the population = under 1,000 per 100,000
gap_empty("SSIRate", 999, 1000)
add("units", ["where is less than 1 percent of the population on SSI"],
    {"has_items": True, "num_range": {"SSIRate": [None, 999]}}, SSIRATE / 100000 * 100 < 1)

# ---- fact (by a name that occurs once) ------------------------------------------------------------
assert city("Madison, WI")["NumHospitals"] == "7"
add("fact", ["how many hospitals does Madison, WI have?"], {"reply_number": 7})
assert city("Honolulu")["NumMDs"] == "3478"
add("fact", ["number of physicans in honolulu"], {"reply_number": 3478})
assert city("Myrtle Beach")["PctChangeMedicare"] == "12.8"
add("fact", ["what was the % change in medicare recipients for Myrtle Beach"], {"reply_number": 12.8})

# ---- count ----------------------------------------------------------------------------------
assert (HOSP >= 20).sum() == 5 and not df.loc[HOSP >= 20, "City"].duplicated().any()
add("count", ["how many metros have 20 or more hospitals"], {"reply_number": 5})
assert (MDS > 5000).sum() == 7 and not df.loc[MDS > 5000, "City"].duplicated().any()
add("count", ["how many areas have more than 5000 doctors"], {"reply_number": 7})
fl = in_state("FL")
assert fl.sum() == 3 and not df.loc[fl, "City"].duplicated().any()
add("count", ["how many florida metros are listed?"], {"reply_number": 3})

# ---- superlative ----------------------------------------------------------------------------
most_beds = top_ids(BEDS, 1)
assert df.loc[df.id.isin(most_beds), "City"].item().startswith("Minneapolis") and BEDS.max() == 6177
add("superlative", ["which metro has the most hospital beds"],
    {"has_items": True, "subset_of_ids": most_beds}, df.id.isin(most_beds), 1)
top3 = top_ids(MEDRATE, 3)                                   # 25474, 25361, 25149; next 20855
assert sorted(MEDRATE[df.id.isin(top3)]) == [25149, 25361, 25474]
add("superlative", ["top 3 places with the highest share of medicare recipients"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)

# ---- ordinal (compared with another metro) ---------------------------------------------------
assert city("Honolulu")["RateMDs"] == "389"
gap_empty("RateMDs", 389, 390)
add("ordinal", ["metros with more doctors per capita than Honolulu"],
    {"has_items": True, "num_range": {"RateMDs": [390, None]}}, RMDS > int(city("Honolulu")["RateMDs"]))
assert city("Wichita")["NumHospitals"] == "11"
add("ordinal", ["areas with fewer hospitals than wichita"],
    {"has_items": True, "num_range": {"NumHospitals": [None, 10]}}, HOSP < int(city("Wichita")["NumHospitals"]))

# ---- negation -------------------------------------------------------------------------------
ca = in_state("CA")
add("negation", ["metros outside California with more than 15 hospitals"],
    {"has_items": True, "text_in": {"City": cities(~ca)}, "num_range": {"NumHospitals": [16, None]}},
    ~ca & (HOSP > 15))
add("negation", ["where did the medicare count not go down"],
    {"has_items": True, "num_range": {"PctChangeMedicare": [0, None]}}, ~(PCTMED < 0))

# ---- disjunction ----------------------------------------------------------------------------
idut = in_state("ID", "UT")                                  # Lewiston, ID-WA counts as Idaho
assert idut.sum() == 6
add("disjunction", ["metro areas in Idaho or Utah"], {"has_items": True, "text_in": {"City": cities(idut)}}, idut)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["metro areas with more than 3000 physicians", "just the ones with under 15 hospitals"],
    {"has_items": True, "num_range": {"NumMDs": [3001, None], "NumHospitals": [None, 14]}},
    (MDS > 3000) & (HOSP < 15))
gap_empty("SSBChange", 5.0, 5.1)
add("follow_up", ["places with at least 5 hospitals",
                  "only those where social security recipients went up by more than 5%",
                  "and under 300 doctors per 100,000"],
    {"has_items": True, "num_range": {"NumHospitals": [5, None], "SSBChange": [5.1, None], "RateMDs": [None, 299]}},
    (HOSP >= 5) & (SSBCH > 5) & (RMDS < 300))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any metro with more than 50 hospitals?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    HOSP > 50)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "32", "City"].item() == "Springfield, IL"   # the second of two identical Springfield, IL rows
add("id_lookup", ["show me item 32"], {"has_items": True, "subset_of_ids": ["32"]}, df.id == "32")

finish()
