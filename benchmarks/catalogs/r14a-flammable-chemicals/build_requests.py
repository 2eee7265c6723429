"""Build ../requests/byo-r14a-flammable-chemicals.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 14); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's unit (kelvin - 273.15 against degrees Celsius,
(K - 273.15) * 9/5 + 32 against Fahrenheit, fractions * 100 against percents), and the script asserts that
the `expect` facets accept exactly those rows. Names are matched case-insensitively after stripping the
trailing space that 226 of the 231 names carry; facets list the raw names, trailing space included.
Counts and facts are asserted against the file; facts by name are asserted unique.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r14a-flammable-chemicals"
PREFIX = "r14a-fc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 231 and list(df["id"]) == [str(i) for i in range(1, 232)]
assert list(df.columns) == ["id", "CAS", "Name", "T_flash", "T_autoignition", "LFL", "UFL"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
FLASH, AUTO, LFL, UFL = num("T_flash"), num("T_autoignition"), num("LFL"), num("UFL")
FLASH_C, AUTO_C = (FLASH - 273.15).round(2), (AUTO - 273.15).round(2)   # kelvin -> degrees Celsius
NM = df["Name"].str.strip().str.lower()                    # for matching names as a person types them
assert df.Name.notna().all() and df.Name.str.endswith(" ").sum() == 226
assert [int(df[c].isna().sum()) for c in ["T_flash", "T_autoignition", "LFL", "UFL"]] == [55, 33, 53, 67]
assert df.CAS.is_unique

WHAT = ["chemical", "Chemical", "flammab", "Flammab", "flash", "Flash", "substance", "Substance", "compound",
        "Compound", "solvent", "gas"]


def chem(name):
    r = df[NM == name.lower()]
    assert len(r) == 1, name
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what kind of stuff is in this table?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
ACET = NM.str.contains("acetate")
acet_names = sorted(df.loc[ACET, "Name"])
assert len(acet_names) == 15
add("plain", ["show me the acetates"], {"has_items": True, "text_in": {"Name": acet_names}}, ACET, 5)
gap_empty("T_autoignition", 700, 700.15)                   # all temperatures end in .15 (whole Celsius)
add("plain", ["autoignition temperature above 700 K"],
    {"has_items": True, "num_range": {"T_autoignition": [700.15, None]}}, AUTO > 700, 5)
add("plain", ["which ones have a lower flammable limit of 0.01 or less"],
    {"has_items": True, "num_range": {"LFL": [None, 0.01]}}, LFL <= 0.01, 5)
AMINE = NM.str.contains("amine")
amine_names = sorted(df.loc[AMINE, "Name"])
assert len(amine_names) == 13
add("plain", ["chemicals with amine in the name"], {"has_items": True, "text_in": {"Name": amine_names}}, AMINE, 5)

# ---- units (temperatures are in kelvin, flammability limits are fractions) ----------------------
# below 100 F = below 37.78 C = below 310.93 K; flash points are whole Celsius + 273.15
gap_empty("T_flash", 310.15, (100 - 32) * 5 / 9 + 273.15)
add("units", ["flash point under 100°F"],
    {"has_items": True, "num_range": {"T_flash": [None, 310.15]}}, FLASH_C * 9 / 5 + 32 < 100, 5)
gap_empty("LFL", 0.009, 0.01)
add("units", ["anything with a lower explosive limit under 1%?"],
    {"has_items": True, "num_range": {"LFL": [None, 0.009]}}, LFL * 100 < 1)

# ---- fact ------------------------------------------------------------------------------------
assert chem("acetone")["T_autoignition"] == "738.15"
add("fact", ["what's the autoignition temp of acetone?"], {"reply_number": 738.15})
assert chem("hydrogen")["UFL"] == "0.75"
add("fact", ["upper flammability limit of hydrogen?"],
    {"reply_contains_any": ["0.75", "75%", "75 %", "75 percent"]})
assert chem("styrene")["CAS"] == "100-42-5"
add("fact", ["CAS number for styrene"], {"reply_contains": "100-42-5"})

# ---- count ----------------------------------------------------------------------------------
assert df.T_flash.isna().sum() == 55
add("count", ["how many chemicals have no flash point listed?"], {"reply_number": 55})
n400 = int((AUTO_C >= 400).sum())
assert n400 == 95
add("count", ["how many of them autoignite at 400 °C or higher"], {"reply_number": 95})
assert (LFL >= 0.05).sum() == 15
add("count", ["how many have a lower flammable limit of at least 5 percent"], {"reply_number": 15})

# ---- superlative ----------------------------------------------------------------------------
low_auto = top_ids(AUTO, 1, largest=False)
assert low_auto == ["178"] and chem("hydrazine")["id"] == "178"
add("superlative", ["which chemical has the lowest autoignition temprature"],
    {"has_items": True, "subset_of_ids": low_auto}, df.id.isin(low_auto), 1)
top_ufl = top_ids(UFL, 3)                                  # three at 1.0, next is 0.98
assert top_ufl == ["21", "36", "193"] and sorted(UFL[df.id.isin(top_ufl)]) == [1.0, 1.0, 1.0]
add("superlative", ["top 3 with the highest upper explosive limit"],
    {"has_items": True, "subset_of_ids": top_ufl}, df.id.isin(top_ufl), 3)

# ---- ordinal (compared with another chemical) -----------------------------------------------
assert chem("gasoline")["T_flash"] == "227.15"
gap_empty("T_flash", 226.15, 227.15)
add("ordinal", ["what has a lower flash point than gasoline"],
    {"has_items": True, "num_range": {"T_flash": [None, 226.15]}}, FLASH < float(chem("gasoline")["T_flash"]))
assert chem("methane")["T_autoignition"] == "873.15"
gap_empty("T_autoignition", 873.15, 874.15)
add("ordinal", ["chemicals with a higher autoignition temperature than methane"],
    {"has_items": True, "num_range": {"T_autoignition": [874.15, None]}},
    AUTO > float(chem("methane")["T_autoignition"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["flammables whose autoignition temperature isn't above 300 C"],
    {"has_items": True, "num_range": {"T_autoignition": [None, 573.15]}}, AUTO.notna() & ~(AUTO_C > 300), 5)
add("negation", ["ones where the LFL is not below 2 percent"],
    {"has_items": True, "num_range": {"LFL": [0.02, None]}}, LFL.notna() & ~(LFL * 100 < 2), 5)

# ---- disjunction ----------------------------------------------------------------------------
disj = (FLASH_C < -50) | (FLASH_C > 90)
disj_ids = ["29", "49", "50", "132", "142", "144", "177", "179", "203", "212"]
assert ids(disj) == disj_ids
add("disjunction", ["flash point below -50 C or above 90 C"], {"has_items": True, "subset_of_ids": disj_ids}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("T_autoignition", 522.15, 523.15)
gap_empty("T_flash", 272.15, 273.15)
add("follow_up", ["chemicals with an autoignition temperature below 250 °C", "only those with a flash point under 0 °C"],
    {"has_items": True, "num_range": {"T_autoignition": [None, 522.15], "T_flash": [None, 272.15]}},
    (AUTO_C < 250) & (FLASH_C < 0))
gap_empty("T_flash", 302.15, 303.15)
gap_empty("LFL", 0.014, 0.015)
add("follow_up", ["show me the acetates", "just the ones with a flash point below 30 C", "and an LFL of at least 1.5%"],
    {"has_items": True, "text_in": {"Name": acet_names}, "num_range": {"T_flash": [None, 302.15], "LFL": [0.015, None]}},
    ACET & (FLASH_C < 30) & (LFL * 100 >= 1.5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything with a flash point below -100 °C?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    FLASH_C < -100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "120", "Name"].item() == "1-Pentene "
add("id_lookup", ["show me item 120"], {"has_items": True, "subset_of_ids": ["120"]}, df.id == "120")

finish()
