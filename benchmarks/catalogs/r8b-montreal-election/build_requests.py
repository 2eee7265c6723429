"""Build ../requests/byo-r8b-montreal-election.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 8); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (vote shares computed from the counts), and the script asserts that
the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r8b-montreal-election"
PREFIX = "r8b-mtl"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 58 and list(df["id"]) == [str(i) for i in range(1, 59)]
assert df.notna().all().all()                              # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
COD, BER, JOL, TOT = num("Coderre"), num("Bergeron"), num("Joly"), num("total")
assert (COD + BER + JOL == TOT).all()                      # total = the three candidates' votes only
# (other candidates, e.g. Marcel Côté, are not in the file), so requests speak of "total votes", not turnout
TOP = pd.concat([COD, BER, JOL], axis=1).max(axis=1)
assert ((TOP * 2 > TOT) == (df.result == "majority")).all()   # "majority" = winner over 50 %
assert set(df.result) == {"majority", "plurality"}
WINNERS = {"Coderre", "Bergeron", "Joly"}
assert set(df.winner) == WINNERS
WIN = pd.Series([["Coderre", "Bergeron", "Joly"][i] for i in
                 pd.concat([COD, BER, JOL], axis=1).to_numpy().argmax(axis=1)], index=df.index)
assert (WIN == df.winner).all()                            # winner column agrees with the counts

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match",
            "No "]
WHAT = ["district", "District", "election", "Election", "Montreal", "Montréal", "mayor", "vote", "Coderre"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def district(part):
    """The one row whose district name contains `part` (case-insensitive)."""
    r = df[df["district"].str.lower().str.contains(part.lower(), regex=False)]
    assert len(r) == 1, (part, list(r["district"]))
    return r.iloc[0]


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


REQS = []


def add(kind, turns, expect, truth=None, min_rows=1):
    if expect.get("has_items"):
        assert truth is not None
        truth = pd.Series(truth, index=df.index).fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n)
        if "subset_of_ids" in expect:
            assert sorted(expect["subset_of_ids"], key=int) == ids(truth), turns
    if expect.get("no_items"):
        assert truth is not None and int(pd.Series(truth).fillna(False).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hey, what is this data about?"], {"reply_contains_any": WHAT})
add("greeting", ["hello! what can you help me look up"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["which districts did Joly win?"],
    {"has_items": True, "text_in": {"winner": ["Joly"]}}, WIN == "Joly", 5)
add("plain", ["districts where Bergeron won with an outright majorty"],
    {"has_items": True, "text_in": {"winner": ["Bergeron"], "result": ["majority"]}},
    (WIN == "Bergeron") & (BER * 2 > TOT), 5)
add("plain", ["show me the distrcits Coderre carried with just a plurality"],
    {"has_items": True, "text_in": {"winner": ["Coderre"], "result": ["plurality"]}},
    (WIN == "Coderre") & (COD * 2 <= TOT), 5)
add("plain", ["districts with over 10,000 votes in total"],
    {"has_items": True, "num_range": {"total": [10001, None]}}, TOT > 10000, 5)

# ---- units (thousands shorthand; share of the vote from the counts) ---------------------------
add("units", ["any districts with fewer than 2k votes in total?"],
    {"has_items": True, "num_range": {"total": [None, 1999]}}, TOT / 1000 < 2)
add("units", ["where did Coderre get more than 50% of the vote"],
    {"has_items": True, "text_in": {"winner": ["Coderre"], "result": ["majority"]}},
    COD / TOT * 100 > 50)

# ---- fact -----------------------------------------------------------------------------------
assert district("Mile-End")["Joly"] == "2514"
add("fact", ["how many votes did Joly get in Mile End?"], {"reply_number": 2514})
assert district("Snowdon")["winner"] == "Joly"
add("fact", ["who won in Snowdon"], {"reply_contains": "Joly"})
assert district("Saint-Léonard-Ouest")["total"] == "8479"
add("fact", ["total number of votes in st-leonard ouest?"], {"reply_number": 8479})

# ---- count ----------------------------------------------------------------------------------
assert (WIN == "Coderre").sum() == 29
add("count", ["how many districts did Coderre win"], {"reply_number": 29})
assert len(df) == 58 and df.district.is_unique
add("count", ["how many electoral districts are in the data?"], {"reply_number": 58})
assert (df.result == "majority").sum() == 17
add("count", ["in how many districts did the winner get over half the votes?"], {"reply_number": 17})

# ---- superlative ----------------------------------------------------------------------------
top = TOT.sort_values(ascending=False)
assert top.iloc[2] > top.iloc[3]
top3 = sorted(df.loc[top.index[:3], "id"], key=int)
assert top3 == ["12", "13", "14"], top3               # Saint-Édouard, Étienne-Desmarteau, Vieux-Rosemont
add("superlative", ["the 3 districts with the most votes overall"],
    {"has_items": True, "subset_of_ids": top3}, df.id.isin(top3), 3)
assert (BER == BER.max()).sum() == 1 and district("Saint-Édouard")["Bergeron"] == str(BER.max())
add("superlative", ["where did Bergeron pull in the most votes?"],
    {"has_items": True, "subset_of_ids": ["12"]}, BER == BER.max())

# ---- ordinal (compared with a named district) -------------------------------------------------
me = int(district("Mile-End")["total"])
assert me == 9030
add("ordinal", ["districts that had more total votes than Mile-End"],
    {"has_items": True, "num_range": {"total": [9031, None]}}, TOT > me)
sn = int(district("Snowdon")["Joly"])
assert sn == 1636
add("ordinal", ["where did Joly get more votes than she got in Snowdon?"],
    {"has_items": True, "num_range": {"Joly": [1637, None]}}, JOL > sn)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["districts that Coderre did not win"],
    {"has_items": True, "text_in": {"winner": ["Bergeron", "Joly"]}}, WIN != "Coderre")
add("negation", ["plurality wins, but not the ones Bergeron took"],
    {"has_items": True, "text_in": {"result": ["plurality"], "winner": ["Coderre", "Joly"]}},
    (TOP * 2 <= TOT) & (WIN != "Bergeron"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["districts won by either Bergeron or Joly with a clear majority"],
    {"has_items": True, "text_in": {"winner": ["Bergeron", "Joly"], "result": ["majority"]}},
    WIN.isin(["Bergeron", "Joly"]) & (TOP * 2 > TOT))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me where Bergeron won", "just the ones with under 8000 votes"],
    {"has_items": True, "text_in": {"winner": ["Bergeron"]}, "num_range": {"total": [None, 7999]}},
    (WIN == "Bergeron") & (TOT < 8000))
add("follow_up", ["which districts did Coderre take?", "only where he didn't get a majority",
                  "and more than 9000 votes overall"],
    {"has_items": True, "text_in": {"winner": ["Coderre"], "result": ["plurality"]},
     "num_range": {"total": [9001, None]}},
    (WIN == "Coderre") & (COD * 2 <= TOT) & (TOT > 9000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["is there a district where the three of them got more than 20 thousand votes combined?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, TOT > 20000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "37", "district"].item() == "33-Snowdon"
add("id_lookup", ["tell me about item 37"], {"has_items": True, "subset_of_ids": ["37"]}, df.id == "37")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25 and len({r["id"] for r in REQS}) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
