"""Build ../requests/byo-r20a-bc-indigenous-businesses.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 20); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (head counts such as "100 or more employees" mapped onto the
`number_of_employees` bands through their numeric bounds, decades onto `year_formed`), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Blank cells (type, industry_sector, year_formed, number_of_employees, one city) never pass a facet.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r20a-bc-indigenous-businesses"
PREFIX = "r20a-bc"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1259 and list(df["id"]) == [str(i) for i in range(1, 1260)]
assert list(df.columns) == ["id", "business_name", "city", "latitude", "longitude", "region", "type",
                            "industry_sector", "year_formed", "number_of_employees"]
YEAR = pd.to_numeric(df["year_formed"])
assert YEAR.isna().sum() == 611 and (YEAR.dropna() % 1 == 0).all()
BANDS = {"1 to 4": (1, 4), "5 to 9": (5, 9), "10 to 19": (10, 19), "20 to 49": (20, 49), "50 to 99": (50, 99),
         "100 to 199": (100, 199), "200 to 499": (200, 499), "500 plus": (500, 10 ** 9)}
assert set(df.number_of_employees.dropna()) == set(BANDS)
EMP_LO = df.number_of_employees.map(lambda b: BANDS[b][0] if isinstance(b, str) else None).astype(float)
EMP_HI = df.number_of_employees.map(lambda b: BANDS[b][1] if isinstance(b, str) else None).astype(float)
IND, REG, TYP = df.industry_sector, df.region, df.type


def biz(name):
    r = df[df["business_name"].str.lower() == name.lower()]
    assert len(r) == 1, name
    return r.iloc[0]


WHAT = ["business", "Business", "compan", "Compan", "Indigenous", "indigenous", "firm", "enterprise",
        "British Columbia", "BC"]

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
    """Every raw value of `col` except `excluded` (blanks are not values, so they never pass)."""
    vals = sorted(df[col].dropna().unique())
    assert all(e in vals for e in excluded), excluded
    return [v for v in vals if v not in excluded]


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
add("greeting", ["hi, what's in this list?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["constuction companies in the thompson okanagan"],
    {"has_items": True, "text_in": {"industry_sector": ["Construction"], "region": ["Thompson / Okanagan"]}},
    (IND == "Construction") & (REG == "Thompson / Okanagan"), 5)
add("plain", ["indigenous owned restaurants and hotels on Vancouver Island"],
    {"has_items": True, "text_in": {"industry_sector": ["Accommodation and food services"],
                                    "region": ["Vancouver Island / Coast"]}},
    (IND == "Accommodation and food services") & (REG == "Vancouver Island / Coast"), 5)
add("plain", ["community-owned businesses up on the north coast"],
    {"has_items": True, "text_in": {"type": ["Community Owned Company"], "region": ["North Coast"]}},
    (TYP == "Community Owned Company") & (REG == "North Coast"), 5)
add("plain", ["joint ventures set up after 2010"],
    {"has_items": True, "text_in": {"type": ["Joint Venture"]}, "num_range": {"year_formed": [2011, None]}},
    (TYP == "Joint Venture") & (YEAR > 2010), 5)

# ---- units (head counts against the employee bands) -------------------------------------------
add("units", ["which businesses have 100 or more employees?"],
    {"has_items": True, "text_in": {"number_of_employees": ["100 to 199", "200 to 499", "500 plus"]}},
    EMP_LO >= 100)
add("units", ["small shops in Vancouver with fewer than 10 staff"],
    {"has_items": True, "text_in": {"city": ["Vancouver"], "number_of_employees": ["1 to 4", "5 to 9"]}},
    (df.city == "Vancouver") & (EMP_HI < 10))

# ---- fact (by business name, unique case-insensitively) ---------------------------------------
assert biz("Kleekhoot Gold")["year_formed"] == "2015"
add("fact", ["when was Kleekhoot Gold founded?"], {"reply_number": 2015})
assert biz("dk Architecture")["city"] == "North Vancouver"
add("fact", ["what town is dk Architecture in"], {"reply_contains": "North Vancouver"})
assert biz("Uujo Contracting Limited Partnership")["number_of_employees"] == "10 to 19"
add("fact", ["how many people work at Uujo Contracting Limited Partnership?"],
    {"reply_contains_any": ["10 to 19", "10-19", "10–19", "10 and 19", "10 – 19"]})

# ---- count ----------------------------------------------------------------------------------
assert (REG == "Kootenay").sum() == 41
add("count", ["how many businesses are in the Kootenay region?"], {"reply_number": 41})
assert (TYP == "Joint Venture").sum() == 61
add("count", ["number of joint ventures?"], {"reply_number": 61})
assert df.number_of_employees.isna().sum() == 688
add("count", ["how many listings don't say how many employees they have"], {"reply_number": 688})

# ---- superlative ----------------------------------------------------------------------------
old3 = top_ids(YEAR, 3, largest=False)                    # 1910, 1949, 1960; next is 1964
assert sorted(YEAR[df.id.isin(old3)]) == [1910, 1949, 1960]
add("superlative", ["the 3 oldest businesses"], {"has_items": True, "subset_of_ids": old3}, df.id.isin(old3), 3)
big = top_ids(EMP_LO, 1)
assert big == ["438"] and df.loc[df.id == "438", "number_of_employees"].item() == "500 plus"
add("superlative", ["who's the biggest employer in here"], {"has_items": True, "subset_of_ids": big},
    df.id.isin(big), 1)

# ---- ordinal (compared with another business) ------------------------------------------------
assert biz("Ellipsis Energy Inc")["number_of_employees"] == "5 to 9"
add("ordinal", ["businesses with more staff than Ellipsis Energy Inc"],
    {"has_items": True, "text_in": {"number_of_employees": ["10 to 19", "20 to 49", "50 to 99", "100 to 199",
                                                            "200 to 499", "500 plus"]}},
    EMP_LO > BANDS[biz("Ellipsis Energy Inc")["number_of_employees"]][1])
assert biz("Ellipsis Energy Inc")["year_formed"] == "2012"
add("ordinal", ["Northeast businesses that are older than Ellipsis Energy"],
    {"has_items": True, "text_in": {"region": ["Northeast"]}, "num_range": {"year_formed": [None, 2011]}},
    (REG == "Northeast") & (YEAR < 2012))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["Vancouver Island businesses that aren't private companies"],
    {"has_items": True, "text_in": {"region": ["Vancouver Island / Coast"], "type": others("type", "Private Company")}},
    (REG == "Vancouver Island / Coast") & TYP.notna() & (TYP != "Private Company"))
add("negation", ["retail stores outside the Lower Mainland"],
    {"has_items": True, "text_in": {"industry_sector": ["Retail trade"],
                                    "region": others("region", "Lower Mainland / Southwest")}},
    (IND == "Retail trade") & (REG != "Lower Mainland / Southwest"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["anything in Prince Rupert or Terrace?"],
    {"has_items": True, "text_in": {"city": ["Prince Rupert", "Terrace"]}}, df.city.isin(["Prince Rupert", "Terrace"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["arts and recreation businesses", "just the ones in the Cariboo"],
    {"has_items": True, "text_in": {"industry_sector": ["Arts, entertainment and recreation"], "region": ["Cariboo"]}},
    (IND == "Arts, entertainment and recreation") & (REG == "Cariboo"))
add("follow_up", ["construction firms", "only on vancouver island", "which of those started in 2011 or later"],
    {"has_items": True, "text_in": {"industry_sector": ["Construction"], "region": ["Vancouver Island / Coast"]},
     "num_range": {"year_formed": [2011, None]}},
    (IND == "Construction") & (REG == "Vancouver Island / Coast") & (YEAR >= 2011))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any businesses formed before 1900?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    YEAR < 1900)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "866", "business_name"].item() == "Quilakwa Investments Ltd."
add("id_lookup", ["tell me about item 866"], {"has_items": True, "subset_of_ids": ["866"]}, df.id == "866")

finish()
