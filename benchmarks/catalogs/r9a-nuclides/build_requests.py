"""Build ../requests/byo-r9a-nuclides.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 9); no project code was read.
Run: python build_requests.py   (needs pandas)

A nuclide has no plain name: users say "carbon-14", "U-238", "tin", while the file has a LaTeX-like code
(`^{14}_{6}C8`), an element symbol and the proton and neutron counts (`z`, `n`; mass number = z + n).
For every request that must return items, `truth` is the set of rows that really answer it, computed here
with plain pandas expressions (half-lives in seconds compared with the user's minutes, hours, days or
years; a year is 365.25 days and every bound is asserted to be at least 1% away from any value, so 365-day
years give the same rows), and the script asserts that the `expect` facets accept exactly those rows.
Blank half-lives (stable nuclides, unmeasured ones) never pass. Counts and facts are asserted against the file.
"""
NAME = "r9a-nuclides"
PREFIX = "r9a-nu"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert list(df["id"]) == [str(i) for i in range(1, len(df) + 1)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any", "There are no", "there are no"]


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


def gap_empty(col, lo, hi, within=None):
    """Assert no value of `col` (optionally only rows in `within`) lies strictly between lo and hi."""
    v = pd.to_numeric(df[col])
    bad = (v > lo) & (v < hi)
    if within is not None:
        bad &= within
    assert not bad.any(), (col, lo, hi, df.loc[bad, col].tolist())


def others(col, *excluded):
    """Every raw value of `col` except the excluded ones (blanks are not values)."""
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
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")


assert len(df) == 3383 and df.nuclide.is_unique
assert set(df.is_stable) == {"TRUE", "FALSE"}
Z, N, HL, AB = num("z"), num("n"), num("half_life"), num("abundance")
MASS_NO = Z + N
MIN, HOUR, DAY = 60.0, 3600.0, 86400.0
YEAR = 365.25 * DAY
assert HL[df.is_stable == "TRUE"].isna().all()           # stable nuclides have a blank half-life
WHAT = ["nuclide", "Nuclide", "isotope", "Isotope", "half-life", "half life", "Half-life"]
U, SN, FE = df.element == "U", df.element == "Sn", df.element == "Fe"


def nuc(el, a):
    r = df[(df.element == el) & (MASS_NO == a)]
    assert len(r) == 1, (el, a)
    return r.iloc[0]


def far_from(values, bound, rel=0.01):
    """Assert no value lies within rel of bound (so the year/day convention cannot change the answer)."""
    v = values.dropna()
    assert not ((v > bound * (1 - rel)) & (v < bound * (1 + rel))).any(), bound


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["hello, what kind of stuff can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["stable isotopes of tin"], {"has_items": True, "text_in": {"element": ["Sn"], "is_stable": ["TRUE"]}},
    SN & (df.is_stable == "TRUE"), 5)
add("plain", ["uranium isotpes that decay by alpha emission"],
    {"has_items": True, "text_in": {"element": ["U"], "decay_1": ["A"]}}, U & (df.decay_1 == "A"), 5)
add("plain", ["all the iron isotopes"], {"has_items": True, "text_in": {"element": ["Fe"]}}, FE, 5)
add("plain", ["nuclides with 82 neutrons"], {"has_items": True, "num_range": {"n": [82, 82]}}, N == 82, 5)

# ---- units (half-life is in seconds; nothing in the header says so) ---------------------------
far_from(HL[U], 1e6 * YEAR)
add("units", ["uranium isotopes with a half-life over a million years"],
    {"has_items": True, "text_in": {"element": ["U"]}, "num_range": {"half_life": [1e6 * YEAR, None]}},
    U & (HL / YEAR > 1e6))
far_from(HL[FE], MIN)
far_from(HL[FE], HOUR)
add("units", ["iron isotopes with a half-life between a minute and an hour"],
    {"has_items": True, "text_in": {"element": ["Fe"]}, "num_range": {"half_life": [MIN, HOUR]}},
    FE & (HL / MIN >= 1) & (HL / HOUR <= 1))

# ---- fact (asked by the name people use) -------------------------------------------------------
assert nuc("Pb", 208)["n"] == "126"
add("fact", ["how many neutrons does lead-208 have?"], {"reply_number": 126})
co60 = nuc("Co", 60)
assert co60["half_life"] == "166344192" and round(166344192 / YEAR, 2) == 5.27
add("fact", ["what's the half-life of cobalt-60?"],
    {"reply_contains_any": ["5.27", "166344192", "166,344,192", "1.663"]})
assert nuc("H", 1)["magnetic_dipole"] == "2.792847351"
add("fact", ["magnetic dipole moment of H-1"], {"reply_number": 2.792847351})

# ---- count ----------------------------------------------------------------------------------
assert (df.is_stable == "TRUE").sum() == 244
add("count", ["how many stable nuclides are listed?"], {"reply_number": 244})
assert SN.sum() == 42
add("count", ["how many isotopes of tin are there in the table"], {"reply_number": 42})
assert (df.decay_1 == "SF").sum() == 51
add("count", ["how many decay mainly by spontaneous fission?"], {"reply_number": 51})

# ---- superlative ----------------------------------------------------------------------------
u_long = top_ids(HL.where(U), 1)
assert u_long == [nuc("U", 238)["id"]]
add("superlative", ["which uranium isotope has the longest half-life"], {"has_items": True, "subset_of_ids": u_long},
    df.id.isin(u_long), 1)
sn3 = top_ids(AB.where(SN), 3)                              # Sn-120, Sn-118, Sn-116; next Sn-119
assert sn3 == sorted([nuc("Sn", 120)["id"], nuc("Sn", 118)["id"], nuc("Sn", 116)["id"]], key=int)
add("superlative", ["top 3 most abundant tin isotopes"], {"has_items": True, "subset_of_ids": sn3},
    df.id.isin(sn3), 3)

# ---- ordinal (compared with another nuclide) -------------------------------------------------------
assert nuc("Fe", 56)["n"] == "30"
add("ordinal", ["stable iron isotopes heavier than Fe-56"],
    {"has_items": True, "text_in": {"element": ["Fe"], "is_stable": ["TRUE"]}, "num_range": {"n": [31, None]}},
    FE & (df.is_stable == "TRUE") & (MASS_NO > 56))
u235 = float(nuc("U", 235)["half_life"])
gap_empty("half_life", u235, 2.3e16, within=U)
add("ordinal", ["uranium isotopes that last longer than U-235"],
    {"has_items": True, "text_in": {"element": ["U"]}, "num_range": {"half_life": [2.3e16, None]}},
    U & (HL > u235))

# ---- negation -------------------------------------------------------------------------------
far_from(HL[SN], DAY)
add("negation", ["tin isotopes that are not stable but have a half-life over a day"],
    {"has_items": True, "text_in": {"element": ["Sn"], "is_stable": ["FALSE"]}, "num_range": {"half_life": [DAY, None]}},
    SN & (df.is_stable != "TRUE") & (HL / DAY > 1))
not_alpha = others("decay_1", "A")
add("negation", ["uranium isotopes that don't decay by alpha"],
    {"has_items": True, "text_in": {"element": ["U"], "decay_1": not_alpha}},
    U & df.decay_1.notna() & (df.decay_1 != "A"))

# ---- disjunction ----------------------------------------------------------------------------
far_from(HL[df.element.isin(["Rn", "Ra"])], DAY)
add("disjunction", ["radon or radium isotopes with a half-life longer than a day"],
    {"has_items": True, "text_in": {"element": ["Rn", "Ra"]}, "num_range": {"half_life": [DAY, None]}},
    df.element.isin(["Rn", "Ra"]) & (HL / DAY > 1))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
IOD = df.element == "I"
far_from(HL[IOD], HOUR)
add("follow_up", ["isotopes of iodine", "only the ones with a half-life longer than an hour"],
    {"has_items": True, "text_in": {"element": ["I"]}, "num_range": {"half_life": [HOUR, None]}},
    IOD & (HL / HOUR > 1))
far_from(HL[Z == 50], 7 * DAY)
add("follow_up", ["show me nuclides with 50 protons", "just the unstable ones", "which of those last more than a week?"],
    {"has_items": True, "num_range": {"z": [50, 50], "half_life": [7 * DAY, None]}, "text_in": {"is_stable": ["FALSE"]}},
    (Z == 50) & (df.is_stable == "FALSE") & (HL / DAY > 7))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["stable isotopes of technetium"], {"no_items": True, "reply_contains_any": NO_REPLY},
    (df.element == "Tc") & (df.is_stable == "TRUE"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "1000", "nuclide"].item().startswith("^{")
add("id_lookup", ["show me item 1000"], {"has_items": True, "subset_of_ids": ["1000"]}, df.id == "1000")

finish()
