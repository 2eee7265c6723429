"""Build ../requests/byo-r16b-jet-engines.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 16); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (thrust converted from newtons to kN and pounds-force, take-off fuel
flow from kg/s to kg per hour), and the script asserts that the `expect` facets accept exactly those rows.
Counts and facts are asserted against the file. `uid` is the ICAO emissions-databank id, not the row `id`.
Two Honeywell rows carry `max_thrust` 32.86 / 33.83 (kN written where every other row has newtons); no
request asks for "less than N thrust" or "least thrust", where those two rows would make the answer moot.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r16b-jet-engines"
PREFIX = "r16b-je"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 426 and list(df["id"]) == [str(i) for i in range(1, 427)]
assert list(df.columns) == ["id", "uid", "name", "manufacturer", "type", "bpr", "pr", "max_thrust",
                            "ei_hc_to", "ei_hc_co", "ei_hc_app", "ei_hc_idl", "ei_co_to", "ei_co_co",
                            "ei_co_app", "ei_co_idl", "ei_nox_to", "ei_nox_co", "ei_nox_app", "ei_nox_idl",
                            "ff_to", "ff_co", "ff_app", "ff_idl", "fuel_lto", "cruise_thrust", "cruise_sfc",
                            "cruise_mach", "cruise_alt"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
THRUST, BPR, PR, FF_TO, LTO = num("max_thrust"), num("bpr"), num("pr"), num("ff_to"), num("fuel_lto")
assert set(df.type) == {"TF", "MTF", "TP", "PS"}
assert THRUST.isna().sum() == 6 and BPR.isna().sum() == 6 and PR.isna().sum() == 5
assert df.name.is_unique and df.uid.dropna().is_unique
MAKERS = sorted(set(df.manufacturer))
assert len(MAKERS) == 17 and df.manufacturer.notna().all()
RR = ["Rolls-Royce Corporation", "Rolls-Royce Deutschland", "Rolls-Royce plc"]
PW = ["Pratt & Whitney", "Pratt & Whitney Canada"]
GE, CFM = "GE Aircraft Engines", "CFM International"
assert sorted(m for m in MAKERS if "Rolls" in m) == RR and sorted(m for m in MAKERS if "Pratt" in m) == PW
KN, LBF = 1000.0, 4.4482216                                # newtons per kN, newtons per pound-force

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["engine", "Engine", "turbofan", "Turbofan", "thrust", "aircraft", "Aircraft", "jet", "Jet"]


def engine(name):
    r = df[df["name"].str.lower() == name.lower()]
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
add("greeting", ["hi"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can you tell me about in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me CFM International engines"],
    {"has_items": True, "text_in": {"manufacturer": [CFM]}}, df.manufacturer == CFM, 5)
add("plain", ["rolls royce enignes"],
    {"has_items": True, "text_in": {"manufacturer": RR}}, df.manufacturer.str.contains("Rolls-Royce"), 5)
add("plain", ["engines with a bypass ratio of 10 or more"],
    {"has_items": True, "num_range": {"bpr": [10, None]}}, BPR >= 10, 5)
gap_empty("pr", 35, 35.01)                                 # pressure ratios have at most 2 decimals near 35
add("plain", ["Pratt & Whitney engines with an overall pressure ratio above 35"],
    {"has_items": True, "text_in": {"manufacturer": PW}, "num_range": {"pr": [35.01, None]}},
    df.manufacturer.str.startswith("Pratt & Whitney") & (PR > 35), 5)

# ---- units (max_thrust is in newtons; ff_to in kg per second) ---------------------------------
# more than 100,000 lbf = more than 444,822 N; thrusts near there are whole newtons
gap_empty("max_thrust", 100000 * LBF, 444823)
add("units", ["engines with more than 100,000 lbf of thrust"],
    {"has_items": True, "num_range": {"max_thrust": [444823, None]}}, THRUST / LBF > 100000)
# under 2,000 kg of fuel an hour at take-off = under 0.5556 kg/s; fuel flows have at most 4 decimals
gap_empty("ff_to", 0.5555, 2000 / 3600)
add("units", ["which engines burn less than 2,000 kg of fuel an hour at take-off?"],
    {"has_items": True, "num_range": {"ff_to": [None, 0.5555]}}, FF_TO * 3600 < 2000)

# ---- fact (asked by engine model; names are unique, case-insensitively, for these) --------------
assert engine("GE90-115B")["bpr"] == "7.1"
add("fact", ["what's the bypass ratio on the GE90-115B?"], {"reply_number": 7.1})
assert engine("CFM56-5B4")["fuel_lto"] == "421.0"
add("fact", ["how much fuel does a CFM56-5B4 burn over a landing and take-off cycle?"], {"reply_number": 421})
assert engine("PS-90A")["manufacturer"] == "Aviadvigatel"
add("fact", ["who makes the PS-90A"], {"reply_contains": "Aviadvigatel"})

# ---- count ----------------------------------------------------------------------------------
assert (df.manufacturer == GE).sum() == 108
add("count", ["how many GE engines are in here?"], {"reply_number": 108})
assert df.bpr.isna().sum() == 6
add("count", ["how many engines don't have a bypass ratio listed?"], {"reply_number": 6})
assert (PR >= 40).sum() == 60
add("count", ["how many engines have a pressure ratio of 40 or more"], {"reply_number": 60})

# ---- superlative ----------------------------------------------------------------------------
big3 = top_ids(THRUST, 3)                                  # 513900, 504900, 492600; next is 436748
assert sorted(THRUST[df.id.isin(big3)]) == [492600, 504900, 513900]
add("superlative", ["top 3 most powerful engines"], {"has_items": True, "subset_of_ids": big3}, df.id.isin(big3), 3)
prmax = top_ids(PR, 1)
assert df.loc[df.id.isin(prmax), "name"].tolist() == ["Trent 1000-R3"] and PR.max() == 49.4
add("superlative", ["which engine has the highest overall pressure ratio?"],
    {"has_items": True, "subset_of_ids": prmax}, df.id.isin(prmax), 1)

# ---- ordinal (compared with another engine) --------------------------------------------------
assert engine("Trent 1000-G3")["max_thrust"] == "323700"
gap_empty("max_thrust", 323700, 323701)
add("ordinal", ["engines with more thrust than the Trent 1000-G3"],
    {"has_items": True, "num_range": {"max_thrust": [323701, None]}},
    THRUST > float(engine("Trent 1000-G3")["max_thrust"]))
assert engine("CFM56-5B4")["bpr"] == "5.9"
gap_empty("bpr", 5.9, 5.91)
add("ordinal", ["CFM engines with a higher bypass ratio than the CFM56-5B4"],
    {"has_items": True, "text_in": {"manufacturer": [CFM]}, "num_range": {"bpr": [5.91, None]}},
    (df.manufacturer == CFM) & (BPR > float(engine("CFM56-5B4")["bpr"])))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["engines that aren't turbofans"],
    {"has_items": True, "text_in": {"type": ["TP", "PS"]}}, ~df.type.isin(["TF", "MTF"]))
OTHERS = [m for m in MAKERS if m not in (GE, CFM)]
gap_empty("bpr", 8, 8.001)                                 # bypass ratios have at most 3 decimals near 8
add("negation", ["engines not made by GE or CFM with a bypass ratio over 8"],
    {"has_items": True, "text_in": {"manufacturer": OTHERS}, "num_range": {"bpr": [8.001, None]}},
    ~df.manufacturer.isin([GE, CFM]) & (BPR > 8))

# ---- disjunction ----------------------------------------------------------------------------
disj = df.manufacturer.isin(["Honeywell", "Aviadvigatel"])
assert disj.sum() == 15
add("disjunction", ["anything from Honeywell or Aviadvigatel?"],
    {"has_items": True, "text_in": {"manufacturer": ["Aviadvigatel", "Honeywell"]}}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("max_thrust", 300000, 300001)
add("follow_up", ["GE engines", "only ones with more than 300 kN of thrust"],
    {"has_items": True, "text_in": {"manufacturer": [GE]}, "num_range": {"max_thrust": [300001, None]}},
    (df.manufacturer == GE) & (THRUST / KN > 300))
gap_empty("max_thrust", 250000, 250001)
add("follow_up", ["pratt and whitney engines pls", "only the big ones, over 250 kN",
                  "which of those have a bypass ratio of at least 5?"],
    {"has_items": True, "text_in": {"manufacturer": PW},
     "num_range": {"max_thrust": [250001, None], "bpr": [5, None]}},
    df.manufacturer.str.startswith("Pratt & Whitney") & (THRUST / KN > 250) & (BPR >= 5))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any engine with a bypass ratio above 20?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, BPR > 20)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "123", "name"].item() == "GP7270"
add("id_lookup", ["tell me about item 123"], {"has_items": True, "subset_of_ids": ["123"]}, df.id == "123")

finish()
