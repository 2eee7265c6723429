"""Build ../requests/byo-r26a-mn-radon.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 26); no project code was read.
Run: python build_requests.py   (needs pandas)

`log.radon` is the natural log of the indoor radon reading in pCi/L (picocuries per litre); the readings
themselves were taken to 0.1 pCi/L, so exp(log.radon) rounded to one decimal gives back the reading
exactly (asserted). Users ask in pCi/L and in Bq/m3 (1 pCi/L = 37 Bq/m3); the truth expressions here work
in those units, and the facets are bounds on `log.radon` a hair inside the limit, with a helper asserting
that no reading lies in the skipped gap. For every request that must return items the script asserts that
the `expect` facets accept exactly the rows that really answer it. Counts and facts are asserted against
the file. No request relies on the meaning of `basement` (0 = basement, 1 = first floor, per the source's
documentation - the opposite of what the name suggests).
"""
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r26a-mn-radon"
PREFIX = "r26a-rn"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 919 and list(df["id"]) == [str(i) for i in range(1, 920)]
assert list(df.columns) == ["id", "log.radon", "basement", "uranium", "county", "county.name"]
assert df.notna().all().all() and set(df.basement) == {"0", "1"}
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
LR, URAN = num("log.radon"), num("uranium")
PCI = np.exp(LR).round(1)                                  # the reading in pCi/L
assert np.allclose(np.log(PCI), LR, rtol=0, atol=1e-9) and PCI.min() == 0.1
BQ = PCI * 37                                              # the reading in Bq/m3
CN = df["county.name"]
assert CN.nunique() == 85 and df.county.nunique() == 85
assert (df.groupby("county.name")["county"].nunique() == 1).all()
assert (df.groupby("county.name")["uranium"].nunique() == 1).all()
COUNTIES = sorted(CN.unique())

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "There are no", "there are no"]
WHAT = ["radon", "Radon"]


def ln_bound(pci, up=True):
    """log.radon bound for a reading of `pci` pCi/L, cut to 4 decimals towards the inside of the range."""
    x = math.log(pci)
    return math.floor(x * 1e4) / 1e4 if up else math.ceil(x * 1e4) / 1e4

EPS = 1e-9                                                 # the file's logs carry 14 significant digits


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
add("greeting", ["what kind of data do you have?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["measurements from Hennepin county"], {"has_items": True, "text_in": {"county.name": ["HENNEPIN"]}},
    CN.str.lower() == "hennepin", 5)
add("plain", ["radon mesurements in Ramsey"], {"has_items": True, "text_in": {"county.name": ["RAMSEY"]}},
    CN.str.lower() == "ramsey", 5)
add("plain", ["St. Louis county readings"], {"has_items": True, "text_in": {"county.name": ["ST LOUIS"]}},
    CN.str.lower().str.replace(".", "", regex=False) == "st louis", 5)
gap_empty("log.radon", 3, 3.0001)
add("plain", ["rows where log radon is above 3"], {"has_items": True, "num_range": {"log.radon": [3.0001, None]}},
    LR > 3, 5)

# ---- units (pCi/L and Bq/m3; the file holds the natural log of pCi/L) ------------------------------
lo4 = ln_bound(4)                                          # 1.3862 <= ln 4
gap_empty("log.radon", math.log(3.9) + EPS, lo4)
add("units", ["homes at or above the EPA action level of 4 pCi/L"],
    {"has_items": True, "num_range": {"log.radon": [lo4, None]}}, PCI >= 4)
lo200 = ln_bound(5.5)                                      # > 200 Bq/m3 = > 5.405 pCi/L, i.e. 5.5 and up
gap_empty("log.radon", math.log(5.4) + EPS, lo200)
assert not ((BQ > 200) & (PCI < 5.5)).any() and not ((BQ <= 200) & (PCI >= 5.5)).any()
add("units", ["readings over 200 Bq/m3"], {"has_items": True, "num_range": {"log.radon": [lo200, None]}}, BQ > 200)

# ---- fact (county codes and names are one per county) --------------------------------------------
assert df.loc[CN == "WRIGHT", "county"].unique().tolist() == ["84"]
add("fact", ["what's the county code for Wright county?"], {"reply_number": 84})
assert df.loc[df.id == "600", "county.name"].item() == "RAMSEY"
add("fact", ["which county is measurement 600 from?"], {"reply_contains_any": ["RAMSEY", "Ramsey"]})
assert df.loc[df.county == "44", "county.name"].unique().tolist() == ["MARTIN"]
add("fact", ["which county has code 44?"], {"reply_contains_any": ["MARTIN", "Martin"]})

# ---- count ----------------------------------------------------------------------------------
assert (CN == "HENNEPIN").sum() == 105
add("count", ["how many readings come from Hennepin?"], {"reply_number": 105})
add("count", ["how many counties are covered?"], {"reply_number": 85})
assert (PCI >= 4).sum() == 415
add("count", ["how many homes are at 4 pCi/L or higher?"], {"reply_number": 415})

# ---- superlative ----------------------------------------------------------------------------
high3 = top_ids(LR, 3)                                     # 48.2, 43.5, 32.6 pCi/L; next 32.2
assert sorted(PCI[df.id.isin(high3)]) == [32.6, 43.5, 48.2]
add("superlative", ["the 3 highest radon readings"], {"has_items": True, "subset_of_ids": high3}, df.id.isin(high3), 3)
hen = LR.where(CN == "HENNEPIN")
hen_top = top_ids(hen, 1)
add("superlative", ["what's the highest reading in Hennepin county"],
    {"has_items": True, "subset_of_ids": hen_top}, (CN == "HENNEPIN") & (LR == hen.max()), 1)

# ---- ordinal (compared with another reading / county) -------------------------------------------
r5 = df[df.id == "5"].iloc[0]
assert r5["county.name"] == "ANOKA" and PCI[df.id == "5"].item() == 3.1
lo_r5 = ln_bound(3.2)
gap_empty("log.radon", float(r5["log.radon"]), lo_r5)
add("ordinal", ["Anoka readings higher than reading #5"],
    {"has_items": True, "text_in": {"county.name": ["ANOKA"]}, "num_range": {"log.radon": [lo_r5, None]}},
    (CN == "ANOKA") & (LR > float(r5["log.radon"])))
u_hen = float(df.loc[CN == "HENNEPIN", "uranium"].iloc[0])
lo_u = math.floor(u_hen * 1e4) / 1e4 + 0.0001               # -0.0965, just above Hennepin's -0.09652...
assert lo_u > u_hen
gap_empty("uranium", u_hen, lo_u)
add("ordinal", ["readings from counties with more uranium in the soil than Hennepin"],
    {"has_items": True, "num_range": {"uranium": [lo_u, None]}}, URAN > u_hen)

# ---- negation -------------------------------------------------------------------------------
lo2 = ln_bound(2)
gap_empty("log.radon", math.log(1.9) + EPS, lo2)
add("negation", ["Ramsey county readings that aren't below 2 pCi/L"],
    {"has_items": True, "text_in": {"county.name": ["RAMSEY"]}, "num_range": {"log.radon": [lo2, None]}},
    (CN == "RAMSEY") & ~(PCI < 2))
lo10 = ln_bound(10.1)
gap_empty("log.radon", math.log(10) + EPS, lo10)
others = [c for c in COUNTIES if c != "HENNEPIN"]
add("negation", ["readings above 10 pCi/L outside Hennepin"],
    {"has_items": True, "text_in": {"county.name": others}, "num_range": {"log.radon": [lo10, None]}},
    (CN != "HENNEPIN") & (PCI > 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["readings from Anoka or Dakota county"],
    {"has_items": True, "text_in": {"county.name": ["ANOKA", "DAKOTA"]}}, CN.isin(["ANOKA", "DAKOTA"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["radon measurements from Stearns county", "just the ones at 4 pCi/L or more"],
    {"has_items": True, "text_in": {"county.name": ["STEARNS"]}, "num_range": {"log.radon": [lo4, None]}},
    (CN == "STEARNS") & (PCI >= 4))
lo21, hi79 = ln_bound(2.1), ln_bound(7.9, up=False)
gap_empty("log.radon", math.log(2) + EPS, lo21)
gap_empty("log.radon", hi79, math.log(8) - EPS)
assert math.log(7.9) <= hi79 < math.log(8)
add("follow_up", ["readings from Dakota county", "only those over 2 pCi/L", "and under 8"],
    {"has_items": True, "text_in": {"county.name": ["DAKOTA"]}, "num_range": {"log.radon": [lo21, hi79]}},
    (CN == "DAKOTA") & (PCI > 2) & (PCI < 8))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any readings over 100 pCi/L?"], {"no_items": True, "reply_contains_any": NO_REPLY}, PCI > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "300", "county.name"].item() == "HENNEPIN"
add("id_lookup", ["show me item 300"], {"has_items": True, "subset_of_ids": ["300"]}, df.id == "300")

finish()
