"""Build ../requests/byo-r23a-hawaii-ev-chargers.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 23); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (hourly fees parsed out of the free-text `Charge Fee` and turned into
cents per minute, "half a dozen" = 6), and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file. Row 3 is a stray copy of the header inside the data
(`Island` = "Island", `Manufacturer` = "Manufacturer", ...); it is a row like any other here. The island
called `Hawaii` is the Big Island. `24/7` is also written `24/7\n` (a trailing line break), so requests
about round-the-clock stations list both raw spellings.
"""
import json
import re
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r23a-hawaii-ev-chargers"
PREFIX = "r23a-ev"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str, keep_default_na=False, na_values=[""])   # raw strings
assert len(df) == 116 and list(df["id"]) == [str(i) for i in range(1, 117)]
assert list(df.columns) == ["id", "Island", "Address", "Zip Code", "Facility", "Parking Lot", "Charger Location",
                            "Station Availability (Hours)", "Number of Chargers", "Number of Ports",
                            "Charger Level", "Charge Fee", "Manufacturer", "Notes"]
num = lambda c: pd.to_numeric(df[c], errors="coerce")
PORTS, CHARGERS = num("Number of Ports"), num("Number of Chargers")
ISL, FAC, FEE, MAKER = df.Island, df.Facility, df["Charge Fee"], df.Manufacturer
HOURS = df["Station Availability (Hours)"]
assert set(ISL) == {"Oahu", "Maui", "Hawaii", "Kauai", "Island"}
ALLDAY = ["24/7", "24/7\n"]
assert set(HOURS[HOURS.fillna("").str.strip() == "24/7"]) == set(ALLDAY)
assert df.loc[df.id == "3", "Island"].item() == "Island"          # the stray header row

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "aren't"]
WHAT = ["charg", "Charg", "EV", "electric", "Electric", "station", "Station"]


def lot(name):
    r = df[df["Parking Lot"].str.strip().str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


def others(col, *excluded, rows=None):
    """Every raw value of `col` (within `rows`) except the excluded ones; blanks are never listed."""
    s = df[col] if rows is None else df.loc[rows, col]
    return sorted(set(s.dropna()) - set(excluded))


REQS = []


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank or non-numeric cell never passes a range)."""
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
        for col in expect.get("text_in", {}):
            assert col in df.columns, col
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def top_ids(values, n, largest=True, within=None):
    """ids of the n rows with the largest (smallest) values; asserts the n-th and (n+1)-th values differ."""
    s = values if within is None else values[within.fillna(False).astype(bool)]
    s = s.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert len(s) > n and s.iloc[n - 1] != s.iloc[n], (s.iloc[:n + 1].tolist())
    return sorted((str(df.loc[i, "id"]) for i in s.index[:n]), key=int)


def nth_id(values, n, largest=True, within=None):
    """id of the row holding the n-th largest (smallest) value; asserts n-1, n, n+1 values all differ."""
    s = values if within is None else values[within.fillna(False).astype(bool)]
    s = s.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 2] != s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return str(df.loc[s.index[n - 1], "id"])


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
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["charging stations on Maui"], {"has_items": True, "text_in": {"Island": ["Maui"]}}, ISL == "Maui", 5)
add("plain", ["hotels in oahu with ev chargers"],
    {"has_items": True, "text_in": {"Island": ["Oahu"], "Facility": ["Hotel"]}}, (ISL == "Oahu") & (FAC == "Hotel"), 5)
add("plain", ["places with at least 4 plugs"], {"has_items": True, "num_range": {"Number of Ports": [4, None]}},
    PORTS >= 4, 5)
add("plain", ["big island chargers that are open 24/7"],
    {"has_items": True, "text_in": {"Island": ["Hawaii"], "Station Availability (Hours)": ALLDAY}},
    (ISL == "Hawaii") & (HOURS.fillna("").str.strip() == "24/7"), 5)

# ---- units ----------------------------------------------------------------------------------
# hourly fees in dollars, parsed from the text; only stations whose fee text does not start with "Free"
hourly = FEE.fillna("").map(lambda s: (lambda m: float(m.group(1)) if m else None)(
    re.search(r"\$(\d+(?:\.\d+)?)\s*/\s*(?:hour|hr)\b", s)))
paid_now = FEE.notna() & ~FEE.fillna("").str.strip().str.lower().str.startswith("free") & FEE.str.contains("$", regex=False)
cheap = paid_now & hourly.notna() & (hourly * 100 / 60 < 4)
cheap_fees = sorted(set(FEE[cheap]))
assert cheap_fees == ["$1.00 per session plus $1.00/hour.  \n", "$2.00/hour", "$2.00/hour up to 4 hours",
                      "$2.00/hour, up to 4 hours", "$2.00/hr up to 4 hours"], cheap_fees
add("units", ["which paid stations charge by the hour at less than 4 cents a minute?"],
    {"has_items": True, "text_in": {"Charge Fee": cheap_fees}}, cheap)
# half a dozen = 6
add("units", ["stations with half a dozen or more ports"], {"has_items": True, "num_range": {"Number of Ports": [6, None]}},
    PORTS >= 6)

# ---- fact (by a parking-lot name that is unique in the file) ----------------------------------
assert lot("Hyatt Regency Maui")["Charge Fee"] == "$3.50/hour, max of 4 hours"
add("fact", ["how much does it cost to charge at the Hyatt Regency Maui"], {"reply_contains_any": ["3.50", "3.5"]})
assert lot("Ala Moana Center")["Number of Ports"] == "8"
add("fact", ["how many ports does ala moana center have?"], {"reply_number": 8})
assert lot("Kahala Mall")["Manufacturer"] == "Volta"
add("fact", ["who makes the chargers at Kahala Mall"], {"reply_contains": "Volta"})

# ---- count ----------------------------------------------------------------------------------
assert (ISL == "Kauai").sum() == 8
add("count", ["how many stations are on kauai"], {"reply_number": 8})
assert (FAC == "Hotel").sum() == 39
add("count", ["how many of these are at hotels?"], {"reply_number": 39})
assert MAKER.isna().sum() == 7
add("count", ["how many listings don't say who made the charger"], {"reply_number": 7})

# ---- superlative ----------------------------------------------------------------------------
most = top_ids(CHARGERS, 1)
assert most == ["28"] and CHARGERS.max() == 12
add("superlative", ["which location has the most chargers"], {"has_items": True, "subset_of_ids": most},
    df.id.isin(most), 1)
maui_top = top_ids(PORTS, 1, within=ISL == "Maui")
assert maui_top == ["70"] and PORTS[df.id == "70"].item() == 4
add("superlative", ["the maui station with the most ports"], {"has_items": True, "subset_of_ids": maui_top},
    df.id.isin(maui_top), 1)

# ---- ordinal (compared with another station) ---------------------------------------------------
sw = float(lot("Sheraton Waikiki")["Number of Ports"])
assert sw == 6
gap_empty("Number of Ports", 6, 7)
add("ordinal", ["stations with more ports than the Sheraton Waikiki"],
    {"has_items": True, "num_range": {"Number of Ports": [7, None]}}, PORTS > sw)
psc = float(lot("Princeville Shopping Center")["Number of Chargers"])
assert psc == 2
gap_empty("Number of Chargers", 2, 3)
add("ordinal", ["kauai spots with more chargers than princeville shopping center"],
    {"has_items": True, "text_in": {"Island": ["Kauai"]}, "num_range": {"Number of Chargers": [3, None]}},
    (ISL == "Kauai") & (CHARGERS > psc))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["oahu stations that aren't at hotels"],
    {"has_items": True, "text_in": {"Island": ["Oahu"], "Facility": others("Facility", "Hotel")}},
    (ISL == "Oahu") & FAC.notna() & (FAC != "Hotel"))
maui = ISL == "Maui"
add("negation", ["on maui, which ones don't use Better Place chargers"],
    {"has_items": True, "text_in": {"Island": ["Maui"], "Manufacturer": others("Manufacturer", "Better Place", rows=maui)}},
    maui & MAKER.notna() & (MAKER != "Better Place"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["any at condos or schools?"], {"has_items": True, "text_in": {"Facility": ["Condo", "School"]}},
    FAC.isin(["Condo", "School"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["stations on the big island", "just the hotels"],
    {"has_items": True, "text_in": {"Island": ["Hawaii"], "Facility": ["Hotel"]}}, (ISL == "Hawaii") & (FAC == "Hotel"))
add("follow_up", ["chargers on Oahu", "only ones open 24 hours", "with 4 or more ports"],
    {"has_items": True, "text_in": {"Island": ["Oahu"], "Station Availability (Hours)": ALLDAY},
     "num_range": {"Number of Ports": [4, None]}},
    (ISL == "Oahu") & (HOURS.fillna("").str.strip() == "24/7") & (PORTS >= 4))

# ---- impossible -----------------------------------------------------------------------------
assert not df.apply(lambda c: c.astype(str).str.contains("Molokai", case=False)).any().any()
add("impossible", ["any charging stations on Molokai?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    ISL == "Molokai")

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "89", "Parking Lot"].item() == "County Building, Wailuku"
add("id_lookup", ["show me item 89"], {"has_items": True, "subset_of_ids": ["89"]}, df.id == "89")

finish()
