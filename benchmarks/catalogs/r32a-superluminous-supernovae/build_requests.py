"""Build ../requests/byo-r32a-superluminous-supernovae.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's terms: a calendar year from the Modified Julian Date
`Peak` (MJD 40587 = 1970-01-01), right ascension in hours as `RA_deg` / 15, "southern sky" as a negative
declination (`DEC_deg` is written with an explicit sign, `+13.650610000`), distance words as redshift.
The script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. `Name` is the transient's designation without the "SN" prefix (`2015bn` = SN 2015bn).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32a-superluminous-supernovae"
PREFIX = "r32a-sn"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 265 and list(df["id"]) == [str(i) for i in range(1, 266)]
assert list(df.columns) == ["id", "Name", "RA_deg", "DEC_deg", "Redshift", "Method", "EBV", "Explosion", "Peak",
                            "Quality", "Survey"]
assert df.notna().all().all() and df.Name.str.lower().is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
Z, RA, DEC, PEAK = num("Redshift"), num("RA_deg"), num("DEC_deg"), num("Peak")
PEAK_DATE = pd.to_datetime(PEAK - 40587, unit="D")         # MJD -> calendar date (UTC)
assert (DEC != 0).all()                                    # so "south" is DEC <= 0 and "north" DEC >= 0
QUALITY = {"Gold", "Silver", "Bronze"}
SURVEYS = set(df.Survey)
assert set(df.Quality) == QUALITY and len(SURVEYS) == 14

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["supernova", "Supernova", "SLSN", "SN", "transient", "Transient", "explosion"]


def sn(name):
    r = df[df["Name"].str.lower() == name.lower()]
    assert len(r) == 1, name
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


def names_where(mask):
    """Every raw `name` of the rows in mask (for a text_in facet on names)."""
    return sorted(set(df.loc[mask.fillna(False).astype(bool), "name"]))


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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hey, what's this table about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["gold quality ZTF supernovae"],
    {"has_items": True, "text_in": {"Quality": ["Gold"], "Survey": ["ZTF"]}},
    (df.Quality == "Gold") & (df.Survey == "ZTF"), 5)
gap_empty("Redshift", 1, 1.00001)
add("plain", ["SLSNe with redshift above 1"],
    {"has_items": True, "num_range": {"Redshift": [1.00001, None]}}, Z > 1, 5)
gap_empty("Redshift", 0.09999, 0.1)
add("plain", ["nearby ones, redshfit under 0.1"],
    {"has_items": True, "num_range": {"Redshift": [None, 0.09999]}}, Z < 0.1, 5)
add("plain", ["supernovas in the southern sky"],
    {"has_items": True, "num_range": {"DEC_deg": [None, 0]}}, DEC < 0, 5)

# ---- units (Peak is a Modified Julian Date; RA is in degrees, asked in hours) ---------------------
# 2019-01-01 = MJD 58484, 2020-01-01 = MJD 58849; Peak has at most two decimals
assert (pd.Timestamp("2019-01-01") - pd.Timestamp("1970-01-01")).days + 40587 == 58484
gap_empty("Peak", 58848.99, 58849)
add("units", ["which ones peaked during 2019?"],
    {"has_items": True, "num_range": {"Peak": [58484, 58848.99]}}, PEAK_DATE.dt.year == 2019)
add("units", ["supernovae with right ascension between 10h and 12h"],
    {"has_items": True, "num_range": {"RA_deg": [150, 180]}}, (RA / 15 >= 10) & (RA / 15 <= 12))

# ---- fact (asked by designation, typed with or without the SN prefix) ------------------------------
assert sn("2017egm")["Redshift"] == "0.03072"
add("fact", ["what's the redshift of SN 2017egm?"], {"reply_number": 0.03072})
assert sn("2015bn")["Peak"] == "57098.99"
add("fact", ["peak MJD for 2015bn"], {"reply_number": 57098.99})
assert sn("2018hti")["EBV"] == "0.3983"
add("fact", ["how much extinction, E(B-V), is there toward SN2018hti"], {"reply_number": 0.3983})

# ---- count ----------------------------------------------------------------------------------
assert (df.Quality == "Bronze").sum() == 24
add("count", ["how many bronze quality events are there"], {"reply_number": 24})
assert (df.Survey == "ZTF").sum() == 137
add("count", ["how many did ZTF find?"], {"reply_number": 137})
assert (PEAK_DATE.dt.year == 2020).sum() == 35
add("count", ["how many of them peaked in 2020"], {"reply_number": 35})

# ---- superlative ----------------------------------------------------------------------------
far = top_ids(Z, 1)
assert Z[df.id.isin(far)].tolist() == [3.8993]
add("superlative", ["the most distant one (highest redshift)"], {"has_items": True, "subset_of_ids": far},
    df.id.isin(far), 1)
near2 = top_ids(Z, 2, largest=False)                       # 0.0267, 0.03072; next 0.032 (twice)
assert sorted(Z[df.id.isin(near2)]) == [0.0267, 0.03072]
add("superlative", ["two nearest supernovae"], {"has_items": True, "subset_of_ids": near2}, df.id.isin(near2), 2)

# ---- ordinal (compared with another supernova) ----------------------------------------------
z12 = float(sn("PTF12dam")["Redshift"])                    # 0.1073
gap_empty("Redshift", z12, 0.10731)
add("ordinal", ["gold ones at higher redshift than PTF12dam"],
    {"has_items": True, "text_in": {"Quality": ["Gold"]}, "num_range": {"Redshift": [0.10731, None]}},
    (df.Quality == "Gold") & (Z > z12))
p05 = float(sn("2005ap")["Peak"])                          # 53441.3
gap_empty("Peak", 53441.29, p05)
add("ordinal", ["which supernovae peaked before SN 2005ap?"],
    {"has_items": True, "num_range": {"Peak": [None, 53441.29]}}, PEAK < p05)

# ---- negation -------------------------------------------------------------------------------
gap_empty("Redshift", 0.19999, 0.2)
add("negation", ["non-ZTF supernovae below redshift 0.2"],
    {"has_items": True, "text_in": {"Survey": sorted(SURVEYS - {"ZTF"})}, "num_range": {"Redshift": [None, 0.19999]}},
    (df.Survey != "ZTF") & (Z < 0.2))
add("negation", ["ZTF events that aren't gold quality"],
    {"has_items": True, "text_in": {"Survey": ["ZTF"], "Quality": ["Bronze", "Silver"]}},
    (df.Survey == "ZTF") & (df.Quality != "Gold"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anything from OGLE or Gaia"],
    {"has_items": True, "text_in": {"Survey": ["Gaia", "OGLE"]}}, df.Survey.isin(["OGLE", "Gaia"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the DES supernovae", "only the ones above redshift 1"],
    {"has_items": True, "text_in": {"Survey": ["DES"]}, "num_range": {"Redshift": [1.00001, None]}},
    (df.Survey == "DES") & (Z > 1))
add("follow_up", ["gold quality ones please", "just those with redshift between 0.1 and 0.3",
                  "which of those are in the northern sky?"],
    {"has_items": True, "text_in": {"Quality": ["Gold"]}, "num_range": {"Redshift": [0.1, 0.3], "DEC_deg": [0, None]}},
    (df.Quality == "Gold") & (Z >= 0.1) & (Z <= 0.3) & (DEC > 0))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any supernovae beyond redshift 5?"], {"no_items": True, "reply_contains_any": NO_REPLY}, Z > 5)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "42", "Name"].item() != "42"
add("id_lookup", ["show item 42"], {"has_items": True, "subset_of_ids": ["42"]}, df.id == "42")

finish()
