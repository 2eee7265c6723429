"""Build ../requests/byo-r10b-hawks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 10); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (weights converted from grams to kg and pounds, wing length from mm to
inches, species and age codes matched to the bird names people use), and the script asserts that the
`expect` facets accept exactly those rows. Counts and facts are asserted against the file. `BandNumber`
is the bird's leg-band code, not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r10b-hawks"
PREFIX = "r10b-hk"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 908 and list(df["id"]) == [str(i) for i in range(1, 909)]
assert list(df.columns) == ["id", "Month", "Day", "Year", "CaptureTime", "ReleaseTime", "BandNumber", "Species",
                            "Age", "Sex", "Wing", "Weight", "Culmen", "Hallux", "Tail", "StandardTail", "Tarsus",
                            "WingPitFat", "KeelFat", "Crop"]
assert set(df.Species) == {"RT", "SS", "CH"} and set(df.Age) == {"A", "I"}
assert set(df.Sex.dropna()) == {"F", "M"} and df.Sex.isna().sum() == 576
assert set(df.Month) == {"8", "9", "10", "11"}
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "there are no"]


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


def nth_id(values, n, largest=True):
    """id of the row holding the n-th largest (smallest) value; asserts it is not tied with its neighbours."""
    s = values.dropna().sort_values(ascending=not largest, kind="mergesort")
    assert s.iloc[n - 1] != s.iloc[n - 2] and s.iloc[n - 1] != s.iloc[n], s.iloc[:n + 1].tolist()
    return [str(df.loc[s.index[n - 1], "id"])]


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
GRAMS, WING = num("Weight"), num("Wing")
YEAR, MONTH = num("Year"), num("Month")
assert GRAMS.isna().sum() == 10 and WING.isna().sum() == 1
RT, SS, CH = df.Species == "RT", df.Species == "SS", df.Species == "CH"
WHAT = ["hawk", "Hawk", "raptor", "Raptor", "bird", "Bird", "red-tail", "Red-tail", "Cooper", "sharp-shin",
        "Sharp-shin"]


def band(code):
    r = df[df["BandNumber"] == code]
    assert len(r) == 1, code
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi there, what's in this dataset?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["adult red-tailed hawks"], {"has_items": True, "text_in": {"Species": ["RT"], "Age": ["A"]}},
    RT & (df.Age == "A"), 5)
add("plain", ["female coopers hawks"], {"has_items": True, "text_in": {"Species": ["CH"], "Sex": ["F"]}},
    CH & (df.Sex == "F"), 5)
add("plain", ["sharp-shinned hawks caught in 2003"],
    {"has_items": True, "text_in": {"Species": ["SS"]}, "num_range": {"Year": [2003, 2003]}},
    SS & (YEAR == 2003), 5)
add("plain", ["juvenile red tails banded in october"],
    {"has_items": True, "text_in": {"Species": ["RT"], "Age": ["I"]}, "num_range": {"Month": [10, 10]}},
    RT & (df.Age == "I") & (MONTH == 10), 5)

# ---- units (Weight is in grams, Wing in mm) --------------------------------------------------
# heavier than 1.5 kg = more than 1500 g; the next weight above 1500 is 1505 or more
gap_empty("Weight", 1500, 1500.5)
add("units", ["birds heavier than 1.5 kg"], {"has_items": True, "num_range": {"Weight": [1500.5, None]}},
    GRAMS / 1000 > 1.5)
# wing feather longer than 16 inches = more than 406.4 mm; wings in whole mm around there
gap_empty("Wing", 406.4, 407)
add("units", ["hawks with a wing longer than 16 inches"], {"has_items": True, "num_range": {"Wing": [407, None]}},
    WING / 25.4 > 16)

# ---- fact (asked by band number) ---------------------------------------------------------------
assert band("788-36611")["Weight"] == "1220.0"
add("fact", ["how much did the hawk with band 788-36611 weigh?"], {"reply_number": 1220})
assert band("804-00205")["Wing"] == "234.0"
add("fact", ["wing length of band 804-00205"], {"reply_number": 234})
assert band("2003-99316")["Year"] == "1999"
add("fact", ["what year was bird 2003-99316 caught"], {"reply_number": 1999})

# ---- count ----------------------------------------------------------------------------------
assert CH.sum() == 70
add("count", ["how many cooper's hawks are there?"], {"reply_number": 70})
assert df.Sex.isna().sum() == 576
add("count", ["how many birds have no sex recorded"], {"reply_number": 576})
assert (MONTH == 11).sum() == 152
add("count", ["how many hawks were caught in november"], {"reply_number": 152})

# ---- superlative ----------------------------------------------------------------------------
heavy = top_ids(GRAMS, 1)
assert GRAMS.max() == 2030 and df.loc[df.id == heavy[0], "Species"].item() == "RT"
add("superlative", ["what's the heaviest hawk on record here"],
    {"has_items": True, "subset_of_ids": heavy}, df.id.isin(heavy), 1)
light_ss = top_ids(GRAMS.where(SS), 3, largest=False)      # 85, 85, 88; next is 89
assert sorted(GRAMS[df.id.isin(light_ss)]) == [85, 85, 88]
add("superlative", ["3 lightest sharp shinned hawks"],
    {"has_items": True, "subset_of_ids": light_ss}, df.id.isin(light_ss), 3)

# ---- ordinal --------------------------------------------------------------------------------
assert band("745-49508")["Wing"] == "265.0" and band("745-49508")["Species"] == "CH"
gap_empty("Wing", 265, 266)
add("ordinal", ["cooper's hawks with longer wings than band 745-49508"],
    {"has_items": True, "text_in": {"Species": ["CH"]}, "num_range": {"Wing": [266, None]}},
    CH & (WING > float(band("745-49508")["Wing"])))
second = nth_id(GRAMS.where(RT), 2)                       # 2030, 1670, 1598
assert GRAMS[df.id.isin(second)].item() == 1670
add("ordinal", ["the 2nd heaviest red-tail"], {"has_items": True, "subset_of_ids": second}, df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["hawks that aren't red-tailed, adults only"],
    {"has_items": True, "text_in": {"Species": ["CH", "SS"], "Age": ["A"]}},
    (df.Species != "RT") & (df.Age == "A"))
add("negation", ["birds not caught in october"], {"has_items": True, "text_in": {"Month": ["8", "9", "11"]}},
    MONTH != 10)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["female hawks from 1992 or 1993"],
    {"has_items": True, "text_in": {"Sex": ["F"], "Year": ["1992", "1993"]}},
    (df.Sex == "F") & ((YEAR == 1992) | (YEAR == 1993)))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["cooper's hawks", "just the males"], {"has_items": True, "text_in": {"Species": ["CH"], "Sex": ["M"]}},
    CH & (df.Sex == "M"))
# "under a pound" = less than 453.592 g
gap_empty("Weight", 453, 453.592)
add("follow_up", ["immature birds", "only cooper's", "which of those are under a pound"],
    {"has_items": True, "text_in": {"Age": ["I"], "Species": ["CH"]}, "num_range": {"Weight": [None, 453]}},
    (df.Age == "I") & CH & (GRAMS / 453.592 < 1))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any hawks over 3 kilos?"], {"no_items": True, "reply_contains_any": NO_REPLY}, GRAMS > 3000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "412", "BandNumber"].item() != "412"
add("id_lookup", ["tell me about item 412"], {"has_items": True, "subset_of_ids": ["412"]}, df.id == "412")

finish()
