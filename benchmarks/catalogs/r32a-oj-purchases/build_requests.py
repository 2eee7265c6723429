"""Build ../requests/byo-r32a-oj-purchases.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions in the user's terms: brand names for the codes (`CH` = Citrus Hill,
`MM` = Minute Maid), cents against the dollar columns (x 100), percent against the 0-1 fractions
(`PctDiscMM`, `LoyalCH`; x 100), "store 7" as `StoreID` 7, "MM not cheaper" from the two sale prices.
The script asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted
against the file. A purchase has no name: it is known only by its row `id` ("purchase 77", "item 808").
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32a-oj-purchases"
PREFIX = "r32a-oj"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1070 and list(df["id"]) == [str(i) for i in range(1, 1071)]
assert list(df.columns) == ["id", "Purchase", "WeekofPurchase", "StoreID", "PriceCH", "PriceMM", "DiscCH", "DiscMM",
                            "SpecialCH", "SpecialMM", "LoyalCH", "SalePriceMM", "SalePriceCH", "PriceDiff", "Store7",
                            "PctDiscMM", "PctDiscCH", "ListPriceDiff", "STORE"]
assert df.notna().all().all()
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
WEEK, PCH, PMM, DMM, LOYAL, SPMM, SPCH, PDIFF, PCTMM = (num(c) for c in (
    "WeekofPurchase", "PriceCH", "PriceMM", "DiscMM", "LoyalCH", "SalePriceMM", "SalePriceCH", "PriceDiff",
    "PctDiscMM"))
assert set(df.Purchase) == {"CH", "MM"} and set(df.StoreID) == {"1", "2", "3", "4", "7"}
assert set(df.SpecialCH) == set(df.SpecialMM) == {"0", "1"} and set(df.Store7) == {"Yes", "No"}
assert ((df.StoreID == "7") == (df.Store7 == "Yes")).all()            # Store7 and STORE 0 repeat StoreID 7
assert ((df.StoreID == "7") == (df.STORE == "0")).all()
assert ((SPMM - SPCH).round(2) == PDIFF).all()                         # PriceDiff = sale MM - sale CH
for c in ("PriceCH", "PriceMM", "DiscMM", "SalePriceMM", "SalePriceCH"):
    assert ((num(c) * 100).round(6) % 1 == 0).all(), c                 # whole cents

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["orange juice", "Orange juice", "Orange Juice", "OJ", "juice", "Citrus Hill", "Minute Maid", "purchase",
        "Purchase"]


def row(i):
    r = df[df["id"] == str(i)]
    assert len(r) == 1, i
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
add("greeting", ["hi!"], {"reply_contains_any": WHAT})
add("greeting", ["good morning, what can you tell me about this data"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Minute Maid purchases at store 7"],
    {"has_items": True, "text_in": {"Purchase": ["MM"], "StoreID": ["7"]}},
    (df.Purchase == "MM") & (df.StoreID == "7"), 5)
add("plain", ["purchases where minute maid was on special"],
    {"has_items": True, "text_in": {"SpecialMM": ["1"]}}, df.SpecialMM == "1", 5)
gap_empty("PriceCH", 1.79, 1.80)
add("plain", ["Citrus Hill purchases where the CH list price was under $1.80"],
    {"has_items": True, "text_in": {"Purchase": ["CH"]}, "num_range": {"PriceCH": [None, 1.79]}},
    (df.Purchase == "CH") & (PCH < 1.80), 5)
add("plain", ["purchases from week 270 on"], {"has_items": True, "num_range": {"WeekofPurchase": [270, None]}},
    WEEK >= 270, 5)

# ---- units (dollar columns asked in cents; 0-1 fractions asked in percent) -----------------------
add("units", ["purchases where the Minute Maid discount was at least 30 cents"],
    {"has_items": True, "num_range": {"DiscMM": [0.3, None]}}, (DMM * 100).round(6) >= 30)
gap_empty("PctDiscMM", 0.2, 0.2001)
add("units", ["when was MM discounted by more than 20 percent?"],
    {"has_items": True, "num_range": {"PctDiscMM": [0.2001, None]}}, PCTMM * 100 > 20)

# ---- fact (a purchase is known only by its row id) -----------------------------------------
assert row(1000)["Purchase"] == "MM"
add("fact", ["which brand was bought in purchase 1000?"], {"reply_contains_any": ["Minute Maid", "MM"]})
assert row(77)["WeekofPurchase"] == "239"
add("fact", ["what week was purchase 77 made?"], {"reply_number": 239})
assert SPMM.min() == 1.19
add("fact", ["what's the lowest sale price Minute Maid ever had in here?"], {"reply_number": 1.19})

# ---- count ----------------------------------------------------------------------------------
assert (df.Purchase == "CH").sum() == 653
add("count", ["how many purchases were Citrus Hill?"], {"reply_number": 653})
assert (df.StoreID == "7").sum() == 356
add("count", ["how many sales happened at store 7"], {"reply_number": 356})
assert ((df.SpecialCH == "1") & (df.SpecialMM == "1")).sum() == 4
add("count", ["how many purchases had specials on both brands at once?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
loyal3 = top_ids(LOYAL, 3)                                 # 0.999947, 0.999934, 0.999917; next 0.999896
add("superlative", ["the 3 purchases by the shoppers most loyal to Citrus Hill"],
    {"has_items": True, "subset_of_ids": loyal3}, df.id.isin(loyal3), 3)
least = top_ids(LOYAL, 1, largest=False)                   # 1.1e-05 (written in scientific notation)
assert df.loc[df.id.isin(least), "LoyalCH"].tolist() == ["1.1e-05"]
add("superlative", ["which shopper was the least loyal to citrus hill"],
    {"has_items": True, "subset_of_ids": least}, df.id.isin(least), 1)

# ---- ordinal (compared with another purchase) -----------------------------------------------
p77 = float(row(77)["PriceCH"])                            # 1.79
gap_empty("PriceCH", 1.76, p77)
add("ordinal", ["citrus hill purchases with a lower CH list price than purchase 77"],
    {"has_items": True, "text_in": {"Purchase": ["CH"]}, "num_range": {"PriceCH": [None, 1.76]}},
    (df.Purchase == "CH") & (PCH < p77))
l2 = float(row(2)["LoyalCH"])                              # 0.6
gap_empty("LoyalCH", 0.599999, l2)
add("ordinal", ["Minute Maid buyers who were less loyal to CH than the shopper in item 2"],
    {"has_items": True, "text_in": {"Purchase": ["MM"]}, "num_range": {"LoyalCH": [None, 0.599999]}},
    (df.Purchase == "MM") & (LOYAL < l2))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["purchases not at store 7 where MM had a special"],
    {"has_items": True, "text_in": {"StoreID": ["1", "2", "3", "4"], "SpecialMM": ["1"]}},
    (df.StoreID != "7") & (df.SpecialMM == "1"))
add("negation", ["purchases where Minute Maid was not the cheaper juice"],
    {"has_items": True, "num_range": {"PriceDiff": [0, None]}}, ~(SPMM < SPCH))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["purchses at store 1 or store 2"],
    {"has_items": True, "text_in": {"StoreID": ["1", "2"]}}, df.StoreID.isin(["1", "2"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["minute maid purchases", "only the ones where MM had a special"],
    {"has_items": True, "text_in": {"Purchase": ["MM"], "SpecialMM": ["1"]}},
    (df.Purchase == "MM") & (df.SpecialMM == "1"))
add("follow_up", ["purchases at store 3", "just citrus hill", "which of those were after week 260?"],
    {"has_items": True, "text_in": {"StoreID": ["3"], "Purchase": ["CH"]}, "num_range": {"WeekofPurchase": [261, None]}},
    (df.StoreID == "3") & (df.Purchase == "CH") & (WEEK > 260))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any purchases where Minute Maid cost more than $3?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (PMM > 3) | (SPMM > 3))

# ---- id_lookup ------------------------------------------------------------------------------
add("id_lookup", ["show me item 808"], {"has_items": True, "subset_of_ids": ["808"]}, df.id == "808")

finish()
