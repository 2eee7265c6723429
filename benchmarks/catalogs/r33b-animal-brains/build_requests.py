"""Build ../requests/byo-r33b-animal-brains.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 33); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (body weight converted from kg to pounds or tonnes, brain weight from
grams to ounces where the user used those units), and the script asserts that the `expect` facets accept
exactly those rows. Counts and facts are asserted against the file. The animal's name is in the column
`rownames` (the source's own row labels); some names are misspelled in the source (`Artic fox`,
`Dipliodocus`, `Verbet`), and the requests spell them the usual way.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r33b-animal-brains"
PREFIX = "r33b-an"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 65 and list(df["id"]) == [str(i) for i in range(1, 66)]
assert list(df.columns) == ["id", "rownames", "body", "brain"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
KG, G = num("body"), num("brain")                          # body in kg, brain in g (per the R docs)
assert df.notna().all().all() and df.rownames.is_unique
LB = 0.45359237                                            # kg per pound
OZ = 28.349523125                                          # g per ounce

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["animal", "Animal", "species", "Species", "mammal", "Mammal", "brain", "Brain"]


def animal(name):
    r = df[df["rownames"].str.lower() == name.lower()]
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
add("greeting", ["hello!"], {"reply_contains_any": WHAT})
add("greeting", ["what's this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
# body weights have at most 3 decimals, so "more than 100 kg" starts at 100.001 (Jaguar is exactly 100.0)
gap_empty("body", 100, 100.001)
add("plain", ["animals weighing more than 100 kg"],
    {"has_items": True, "num_range": {"body": [100.001, None]}}, KG > 100, 5)
gap_empty("body", 0.999, 1)
add("plain", ["small animals under 1 kg"], {"has_items": True, "num_range": {"body": [None, 0.999]}}, KG < 1, 5)
add("plain", ["which ones have a brian between 100 and 500 grams"],
    {"has_items": True, "num_range": {"brain": [100, 500]}}, (G >= 100) & (G <= 500), 5)
add("plain", ["animals from 1 to 10 kg"], {"has_items": True, "num_range": {"body": [1, 10]}},
    (KG >= 1) & (KG <= 10), 5)

# ---- units (body in kg asked in pounds; brain in g asked in ounces) -------------------------------
# heavier than 1000 lb = heavier than 453.59 kg; the nearest body weights are 250 and 465
gap_empty("body", 1000 * LB, 453.6)
add("units", ["show me animals heavier than 1000 lbs"],
    {"has_items": True, "num_range": {"body": [453.6, None]}}, KG / LB > 1000)
# brain lighter than an ounce = lighter than 28.35 g; brains near it are 25.6 and 39.2
gap_empty("brain", 28.3, OZ)
add("units", ["animals whose brain weighs less than an ounce"],
    {"has_items": True, "num_range": {"brain": [None, 28.3]}}, G / OZ < 1)

# ---- fact (by name; the Arctic fox is spelled `Artic fox` in the source) ---------------------------
assert animal("Giraffe")["body"] == "529.0"
add("fact", ["how heavy is a giraffe?"], {"reply_number": 529})
assert animal("Chimpanzee")["brain"] == "440.0"
add("fact", ["what's the brain weight of the chimpanzee"], {"reply_number": 440})
assert animal("Artic fox")["body"] == "3.385" and not (df.rownames.str.lower() == "arctic fox").any()
add("fact", ["body weight of the arctic fox?"], {"reply_number": 3.385})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many animals are in the list"], {"reply_number": 65})
assert (KG > float(animal("Human")["body"])).sum() == 15
add("count", ["how many animals weigh more then a human?"], {"reply_number": 15})
assert (G < 1).sum() == 5
add("count", ["how many have a brain under 1 gram?"], {"reply_number": 5})

# ---- superlative ----------------------------------------------------------------------------
heavy3 = top_ids(KG, 3)                                    # 87000, 11700, 9400; next is 6654
assert sorted(KG[df.id.isin(heavy3)]) == [9400, 11700, 87000]
add("superlative", ["top 3 heaviest animals"], {"has_items": True, "subset_of_ids": heavy3}, df.id.isin(heavy3), 3)
tiny = top_ids(G, 1, largest=False)
assert df.loc[df.id.isin(tiny), "rownames"].item() == "Lesser short-tailed shrew" and G.min() == 0.14
add("superlative", ["which animal has the smallest brain?"],
    {"has_items": True, "subset_of_ids": tiny}, df.id.isin(tiny), 1)

# ---- ordinal (compared with another animal) --------------------------------------------------
assert animal("Horse")["brain"] == "655.0"
gap_empty("brain", 655, 655.01)                            # brains have at most 2 decimals
add("ordinal", ["animals with a bigger brain than the horse"],
    {"has_items": True, "num_range": {"brain": [655.01, None]}}, G > float(animal("Horse")["brain"]))
assert animal("Cat")["body"] == "3.3"
gap_empty("body", 3.299, 3.3)
add("ordinal", ["anything lighter than a cat?"],
    {"has_items": True, "num_range": {"body": [None, 3.299]}}, KG < float(animal("Cat")["body"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["animals that don't weigh more than 5 kg"],
    {"has_items": True, "num_range": {"body": [None, 5]}}, KG.notna() & ~(KG > 5))
not_eleph = sorted(n for n in df.rownames if "elephant" not in n.lower())
assert len(not_eleph) == 63
add("negation", ["apart from the elephants, which animals have a brain of at least 400 g"],
    {"has_items": True, "text_in": {"rownames": not_eleph}, "num_range": {"brain": [400, None]}},
    ~df.rownames.str.contains("elephant", case=False) & (G >= 400))

# ---- disjunction ----------------------------------------------------------------------------
disj = (KG * 1000 < 20) | (KG / 1000 > 5)                 # under 20 grams or over 5 tonnes
assert ids(disj) == ["6", "15", "16", "26", "37", "50"]
add("disjunction", ["animals under 20 grams or over 5 tonnes"],
    {"has_items": True, "subset_of_ids": ["6", "15", "16", "26", "37", "50"]}, disj)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("body", 50, 50.001)
gap_empty("brain", 199.99, 200)
add("follow_up", ["animals heavier than 50 kg", "only the ones with a brain under 200 grams"],
    {"has_items": True, "num_range": {"body": [50.001, None], "brain": [None, 199.99]}},
    (KG > 50) & (G < 200))
gap_empty("brain", 50, 50.01)
gap_empty("body", 9.999, 10)
add("follow_up", ["show me animals between 1 and 50 kg", "which of those have a brain over 50g",
                  "and lighter than 10 kilos?"],
    {"has_items": True, "num_range": {"body": [1, 9.999], "brain": [50.01, None]}},
    (KG >= 1) & (KG <= 50) & (G > 50) & (KG < 10))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any animal heavier than 100 tonnes?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    KG / 1000 > 100)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "14", "rownames"].item() == "Human"
add("id_lookup", ["tell me about item 14"], {"has_items": True, "subset_of_ids": ["14"]}, df.id == "14")

finish()
