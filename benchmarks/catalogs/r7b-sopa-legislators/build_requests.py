"""Build ../requests/byo-r7b-sopa-legislators.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 7); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. Counts and facts are asserted against the file.

Note: `party` is written with a leading space in the source (" D", " R", " I"); text_in lists both the raw
value and the stripped one, so an agent that trims whitespace is not penalised and nothing else is let in.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r7b-sopa-legislators"
PREFIX = "r7b-so"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 534 and list(df["id"]) == [str(i) for i in range(1, 535)]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PRO, CON, YRS = num("money_pro"), num("money_con"), num("years")
PARTY = df["party"].str.strip()                            # truth uses the stripped code
assert set(df["party"]) == {" D", " R", " I"}
CH, ST, STANCE = df["chamber"], df["state"], df["stance"]
assert set(STANCE) == {"yes", "no", "leaning no", "undecided", "unknown"}
# money is in whole dollars apart from one float artefact (32200.000000000004) and blanks
assert (PRO.dropna() % 1 != 0).sum() == 1 and (CON.dropna() % 1 == 0).all()

NO_REPLY = ["no ", "none", "couldn't", "could not", "nothing", "0 ", "don't have", "not find", "no match"]
WHAT = ["legislat", "Legislat", "Congress", "congress", "senator", "Senator", "representative",
        "Representative", "SOPA", "PIPA", "piracy", "Piracy", "politic", "lawmaker"]
R, D, I = [" R", "R"], [" D", "D"], [" I", "I"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def person(name):
    r = df[df["name"] == name]
    assert len(r) == 1, name
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
add("greeting", ["hello! what is this data about?"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what can you help me look up"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["senators who supported pipa"],
    {"has_items": True, "text_in": {"chamber": ["senate"], "stance": ["yes"]}},
    (CH == "senate") & (STANCE == "yes"), 5)
add("plain", ["republicans from tx"],
    {"has_items": True, "text_in": {"party": R, "state": ["TX"]}}, (PARTY == "R") & (ST == "TX"), 5)
add("plain", ["undecided senators"],
    {"has_items": True, "text_in": {"chamber": ["senate"], "stance": ["undecided"]}},
    (CH == "senate") & (STANCE == "undecided"), 5)
add("plain", ["everyone from new york"], {"has_items": True, "text_in": {"state": ["NY"]}}, ST == "NY", 5)

# ---- units (money_pro / money_con are plain dollars; people say 100k, a quarter million) ------------
add("units", ["who took 100k+ from hollywood and the record labels"],
    {"has_items": True, "num_range": {"money_pro": [100000, None]}}, PRO >= 100_000)
assert not ((CON > 250_000) & (CON < 250_001)).any()
add("units", ["anyone get over a quarter million from internet companies?"],
    {"has_items": True, "num_range": {"money_con": [250001, None]}}, CON > 250_000)

# ---- fact -----------------------------------------------------------------------------------
assert person("Schumer, Charles")["money_pro"] == "494325.0"
add("fact", ["how much did chuck schumer get from the pro-sopa groups"], {"reply_number": 494325})
assert person("Hatch, Orrin")["years"] == "35"
add("fact", ["how many yrs has orin hatch been in congress"], {"reply_number": 35})
assert person("Sanders, Bernard")["stance"] == "unknown"
add("fact", ["where did bernie sanders stand on pipa?"],
    {"reply_contains_any": ["unknown", "Unknown", "not known", "isn't known", "no known", "not clear"]})

# ---- count ----------------------------------------------------------------------------------
assert (CH == "senate").sum() == 100
add("count", ["how many senators are in here"], {"reply_number": 100})
assert (STANCE == "yes").sum() == 63
add("count", ["how many members said yes to it"], {"reply_number": 63})
assert df["money_pro"].isna().sum() == 14
add("count", ["for how many of them is the pro-sopa money amount missing?"], {"reply_number": 14})

# ---- superlative ----------------------------------------------------------------------------
assert CON.max() == 550_000 and (CON == CON.max()).sum() == 1
add("superlative", ["who got the most money from tech companies"],
    {"has_items": True, "subset_of_ids": ids(CON == CON.max())}, CON == CON.max())
hp = PRO[CH == "house"].nlargest(4)
assert hp.iloc[2] > hp.iloc[3]
TOP3 = ids(df.index.isin(hp.index[:3]))
assert TOP3 == ["25", "37", "416"]
add("superlative", ["top 3 house members by money from the movie/music side"],
    {"has_items": True, "subset_of_ids": TOP3}, df.index.isin(hp.index[:3]), 3)

# ---- ordinal (compared with a named legislator) -----------------------------------------------
assert person("McConnell, Mitch")["years"] == "27"
add("ordinal", ["senators who've served longer than mitch mcconnell"],
    {"has_items": True, "text_in": {"chamber": ["senate"]}, "num_range": {"years": [28, None]}},
    (CH == "senate") & (YRS > 27))
assert person("Pelosi, Nancy")["money_pro"] == "76950.0"
assert not ((PRO > 76950) & (PRO < 76951)).any()
add("ordinal", ["house members who got more pro-sopa money than nancy pelosi"],
    {"has_items": True, "text_in": {"chamber": ["house"]}, "num_range": {"money_pro": [76951, None]}},
    (CH == "house") & (PRO > 76950))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["california house members who aren't democrats"],
    {"has_items": True, "text_in": {"state": ["CA"], "chamber": ["house"], "party": R + I}},
    (ST == "CA") & (CH == "house") & (PARTY != "D"))
add("negation", ["florida reps, leave out the unknowns"],
    {"has_items": True, "text_in": {"state": ["FL"], "chamber": ["house"],
                                    "stance": sorted(set(STANCE) - {"unknown"})}},
    (ST == "FL") & (CH == "house") & (STANCE != "unknown"))

# ---- disjunction ----------------------------------------------------------------------------
disj = (PARTY == "I") | (ST == "VT")
assert ids(disj) == ["418", "491", "494", "517"]
add("disjunction", ["independents or anyone from vermont"], {"has_items": True, "subset_of_ids": ids(disj)}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
assert not ((PRO > 50_000) & (PRO < 50_001)).any()
add("follow_up", ["list the democrats in the senate", "which of those got over 50k from the pro-sopa groups"],
    {"has_items": True, "text_in": {"party": D, "chamber": ["senate"]}, "num_range": {"money_pro": [50001, None]}},
    (PARTY == "D") & (CH == "senate") & (PRO > 50_000))
assert not ((CON > 20_000) & (CON < 20_001)).any()
add("follow_up", ["republicans in the house", "only the ones who said no",
                  "and got more than 20k from tech companies"],
    {"has_items": True, "text_in": {"party": R, "chamber": ["house"], "stance": ["no"]},
     "num_range": {"money_con": [20001, None]}},
    (PARTY == "R") & (CH == "house") & (STANCE == "no") & (CON > 20_000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any democrats from wyoming?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (PARTY == "D") & (ST == "WY"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "491", "name"].item() == "Leahy, Patrick"
add("id_lookup", ["tell me about item 491"], {"has_items": True, "subset_of_ids": ["491"]}, df.id == "491")

kinds = pd.Series([r["kind"] for r in REQS]).value_counts().to_dict()
assert kinds == {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
                 "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}, kinds
assert len(REQS) == 25
assert sum(len(r["turns"]) == 3 for r in REQS if r["kind"] == "follow_up") == 1
OUT.parent.mkdir(parents=True, exist_ok=True)
with OUT.open("w", encoding="utf-8") as f:
    for r in REQS:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"wrote {len(REQS)} requests to {OUT}")
