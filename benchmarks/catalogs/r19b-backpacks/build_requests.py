"""Build ../requests/byo-r19b-backpacks.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 19); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (pounds converted to kilograms where the user speaks kg, the 0-1 ratio
taken as a percentage where the user speaks percent), and the script asserts that the `expect` facets
accept exactly those rows. Counts and facts are asserted against the file. Majors are free-text codes with
several spellings for one subject (`Aero`/`AERO`/`Aero Eng.`, `Psy`/`Psych`, `Poli Sci`/`Pols`), and the
truth expressions list every spelling that means the subject asked for.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r19b-backpacks"
PREFIX = "r19b-bp"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"
LB_KG = 0.45359237

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 100 and list(df["id"]) == [str(i) for i in range(1, 101)]
assert list(df.columns) == ["id", "BackpackWeight", "BodyWeight", "Ratio", "BackProblems", "Major", "Year", "Sex",
                            "Status", "Units"]
assert df.notna().all().all()                             # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
BAG, BODY, RATIO, UNITS = num("BackpackWeight"), num("BodyWeight"), num("Ratio"), num("Units")
assert (BAG % 1 == 0).all() and (BODY % 1 == 0).all()      # whole pounds
assert set(df.BackProblems) == {"0", "1"} and set(df.Sex) == {"Female", "Male"} and set(df.Status) == {"G", "U"}
assert set(df.Year) == {"0", "1", "2", "3", "4", "5", "6"}
AERO = ["AERO", "Aero", "Aero Eng."]                       # every spelling of aerospace engineering
PSY_POL = ["Psy", "Psych", "Poli Sci", "Pols"]             # psychology and political science spellings
assert set(AERO) | set(PSY_POL) <= set(df.Major)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "nobody", "No one", "no one"]
WHAT = ["backpack", "Backpack", "student", "Student", "bag"]


def major(code):
    r = df[df["Major"] == code]
    assert len(r) == 1, code
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
add("greeting", ["hiya"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the students who have back problems"],
    {"has_items": True, "text_in": {"BackProblems": ["1"]}}, df.BackProblems == "1", 5)
add("plain", ["backpacks heavier than 15 pounds"],
    {"has_items": True, "num_range": {"BackpackWeight": [16, None]}}, BAG > 15, 5)
add("plain", ["women carying 10 lb or more"],
    {"has_items": True, "text_in": {"Sex": ["Female"]}, "num_range": {"BackpackWeight": [10, None]}},
    (df.Sex == "Female") & (BAG >= 10), 5)
add("plain", ["4th year students with back problems"],
    {"has_items": True, "text_in": {"Year": ["4"], "BackProblems": ["1"]}},
    (df.Year == "4") & (df.BackProblems == "1"), 5)

# ---- units (both weights are whole pounds; no header says so) ----------------------------------
# heavier than 5 kg = heavier than 11.02 lb -> 12 lb and up
gap_empty("BackpackWeight", 5 / LB_KG, 12)
add("units", ["bags heavier than 5 kg"],
    {"has_items": True, "num_range": {"BackpackWeight": [12, None]}}, BAG * LB_KG > 5)
# lighter than 60 kg = lighter than 132.28 lb -> 132 lb and down
gap_empty("BodyWeight", 132, 60 / LB_KG)
add("units", ["students who weigh under 60 kilos"],
    {"has_items": True, "num_range": {"BodyWeight": [None, 132]}}, BODY * LB_KG < 60)

# ---- fact (asked by a major that only one student has) ---------------------------------------
assert major("Vocal Music")["BackpackWeight"] == "21"
add("fact", ["how heavy is the vocal music major's backpack?"], {"reply_number": 21})
assert major("Philosophy")["BodyWeight"] == "195"
add("fact", ["what does the philosophy student weigh"], {"reply_number": 195})
heaviest = df[BAG == BAG.max()]
assert len(heaviest) == 1 and heaviest.iloc[0]["Major"] == "Aero" and BAG.max() == 35
add("fact", ["what's the major of the kid with the heaviest backpack?"], {"reply_contains": "Aero"})

# ---- count ----------------------------------------------------------------------------------
assert (df.BackProblems == "1").sum() == 32
add("count", ["how many students report back problems?"], {"reply_number": 32})
assert (df.Status == "G").sum() == 3
add("count", ["how many grad students are in here"], {"reply_number": 3})
assert (RATIO * 100 > 15).sum() == 4
add("count", ["how many people carry more than 15% of their body weight?"], {"reply_number": 4})

# ---- superlative ----------------------------------------------------------------------------
light3 = top_ids(BAG, 3, largest=False)                    # 2, 2, 2; next is 4
assert sorted(BAG[df.id.isin(light3)]) == [2, 2, 2]
add("superlative", ["the 3 lightest backpacks"], {"has_items": True, "subset_of_ids": light3}, df.id.isin(light3), 3)
share = top_ids(RATIO, 1)
assert share == ["53"]
add("superlative", ["who carries the biggest share of their own body weight?"],
    {"has_items": True, "subset_of_ids": share}, df.id.isin(share), 1)

# ---- ordinal (compared with the student of a one-off major) ------------------------------------
phil = int(major("Philosophy")["BodyWeight"])
add("ordinal", ["students who weigh more than the philosophy major"],
    {"has_items": True, "num_range": {"BodyWeight": [196, None]}}, BODY > phil)
voc = int(major("Vocal Music")["BackpackWeight"])
add("ordinal", ["women whose bag is heavier than the vocal music student's"],
    {"has_items": True, "text_in": {"Sex": ["Female"]}, "num_range": {"BackpackWeight": [voc + 1, None]}},
    (df.Sex == "Female") & (BAG > voc))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["students who aren't undergrads"],
    {"has_items": True, "text_in": {"Status": ["G"]}}, df.Status != "U")
add("negation", ["people without back problems who still carry more than 20 lbs"],
    {"has_items": True, "text_in": {"BackProblems": ["0"]}, "num_range": {"BackpackWeight": [21, None]}},
    (df.BackProblems != "1") & (BAG > 20))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["psych or poli sci majors"],
    {"has_items": True, "text_in": {"Major": PSY_POL}}, df.Major.isin(PSY_POL))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["any aerospace engineering students?", "only the ones with bags over 10 pounds"],
    {"has_items": True, "text_in": {"Major": AERO}, "num_range": {"BackpackWeight": [11, None]}},
    df.Major.isin(AERO) & (BAG > 10))
add("follow_up", ["students carrying between 10 and 20 lbs", "just the women", "which of them have back problems"],
    {"has_items": True, "num_range": {"BackpackWeight": [10, 20]},
     "text_in": {"Sex": ["Female"], "BackProblems": ["1"]}},
    (BAG >= 10) & (BAG <= 20) & (df.Sex == "Female") & (df.BackProblems == "1"))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is anyone lugging a backpack over 20 kilos?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, BAG * LB_KG > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "66", "Major"].item() == "Aero" and df.loc[df.id == "66", "BackpackWeight"].item() == "35"
add("id_lookup", ["tell me about item 66"], {"has_items": True, "subset_of_ids": ["66"]}, df.id == "66")

finish()
