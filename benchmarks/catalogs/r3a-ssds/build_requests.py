"""Build ../requests/byo-r3a-ssds.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, round 3 of the untouched catalogs); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
with a plain pandas expression, and the script asserts that the `expect` facets accept exactly those
rows (so "faster than 2 GB/s" written as read >= 2001 is checked against read > 2048 too).
"""
NAME = "r3a-ssds"
PREFIX = "r3a-ssd"
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "Nothing", "0 ", "don't have",
            "not find", "no match", "No match", "doesn't", "does not", "isn't", "there are no", "There are no"]


def ids(mask):
    return [str(i) for i in df.loc[mask, "id"]]


def row(i):
    r = df[df["id"] == i]
    assert len(r) == 1
    return r.iloc[0]


def by(col, value):
    r = df[df[col] == value]
    assert len(r) == 1, (col, value, len(r))
    return r.iloc[0]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (NaN / blank never passes a facet)."""
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
        truth = truth.fillna(False).astype(bool)
        n = int(truth.sum())
        assert n >= min_rows, (turns, n)
        acc = accepted(expect)
        assert (acc == truth).all(), (turns, int(acc.sum()), n, ids(acc != truth))
    if expect.get("no_items"):
        assert truth is not None and int(truth.fillna(False).astype(bool).sum()) == 0, turns
    REQS.append({"id": f"{PREFIX}-{len(REQS) + 1:02d}", "dataset": NAME, "turns": turns,
                 "expect": expect, "kind": kind})


def finish():
    assert len(REQS) == 25, len(REQS)
    want = {"greeting": 2, "plain": 4, "units": 2, "fact": 3, "count": 3, "superlative": 2, "ordinal": 2,
            "negation": 2, "disjunction": 1, "follow_up": 2, "impossible": 1, "id_lookup": 1}
    got = {}
    for r in REQS:
        got[r["kind"]] = got.get(r["kind"], 0) + 1
    assert got == want, got
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for r in REQS:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(REQS)} requests to {OUT}")

df = pd.read_csv(HERE / "items.csv", dtype={"form_factor": str})
assert len(df) == 54 and list(df["id"]) == list(range(1, 55))
assert set(df.form_factor) == {"m.2", "2.5", "mSATA"} and set(df.nvme) == {0, 1}
BRANDS = sorted(df.brand.unique())

WHAT = ["SSD", "ssd", "drive", "Drive", "solid state", "Solid state", "storage", "Storage"]


def model(brand, name):
    r = df[(df.brand == brand) & (df.model == name)]
    assert len(r) == 1, (brand, name, len(r))
    return r.iloc[0]


# ---- greeting -------------------------------------------------------------------------------
add("greeting", ["hello, what do you have?"], {"reply_contains_any": WHAT})
add("greeting", ["hi can you help me choose one"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me nvme drives"], {"has_items": True, "num_range": {"nvme": [1, 1]}}, df.nvme == 1, 5)
add("plain", ["any samsung ssds?"], {"has_items": True, "text_in": {"brand": ["Samsung"]}},
    df.brand == "Samsung", 5)
add("plain", ["i need an m.2 stick for my motherboard"],
    {"has_items": True, "text_in": {"form_factor": ["m.2"]}}, df.form_factor == "m.2", 5)
add("plain", ["a 2.5 inch sata ssd to put in my old laptop"],
    {"has_items": True, "text_in": {"form_factor": ["2.5"]}, "num_range": {"nvme": [0, 0]}},
    (df.form_factor == "2.5") & (df.nvme == 0), 5)

# ---- units (read/write are MB/s; users say GB/s, "gigs a second") -------------------------------
# "2 GB/s" is 2000 or 2048 MB/s: no drive reads between 2000 and 2048, so both agree
assert not ((df.read > 2000) & (df.read <= 2048)).any()
add("units", ["something that reads faster than 2 GB/s"],
    {"has_items": True, "num_range": {"read": [2001, None]}}, df.read > 2048)
assert not ((df.write >= 1500) & (df.write < 1536)).any()
add("units", ["write speed at least 1.5 gigs a second"],
    {"has_items": True, "num_range": {"write": [1500, None]}}, df.write >= 1536)

# ---- fact -----------------------------------------------------------------------------------
assert model("Samsung", "970 Evo Plus").read == 2381
add("fact", ["what's the read speed of the samsung 970 evo plus?"], {"reply_number": 2381})
assert model("Crucial", "MX500").write == 424
add("fact", ["how fast does the crucial mx500 write"], {"reply_number": 424})
assert model("Intel", "660p").samples == 88237
add("fact", ["how many user benchmarks is the intel 660p based on"], {"reply_number": 88237})

# ---- count ----------------------------------------------------------------------------------
n = int((df.nvme == 1).sum())
assert n == 30, n
add("count", ["how many of these drives are nvme?"], {"reply_number": n})
n = int((df.brand == "Samsung").sum())
assert n == 15, n
add("count", ["how many samsung drives r there"], {"reply_number": n})
n = int((df.form_factor == "2.5").sum())
assert n == 21, n
add("count", ["How many 2.5\" drives do you list?"], {"reply_number": n})

# ---- superlative ----------------------------------------------------------------------------
top = df.nlargest(1, "read", keep="all")
assert len(top) == 1 and top.iloc[0].model == "970 Evo Plus"
add("superlative", ["which ssd has the fastest read speed"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(top.id))}, df.id.isin(top.id))
w3 = df.nlargest(3, "write", keep="all")
assert len(w3) == 3 and df.write.nlargest(4).iloc[3] < w3.write.min()
add("superlative", ["top 3 drives by write speed"],
    {"has_items": True, "subset_of_ids": ids(df.id.isin(w3.id))}, df.id.isin(w3.id), 3)

# ---- ordinal (better than a named drive) -------------------------------------------------------
evo860 = model("Samsung", "860 Evo")
assert evo860.read == 485
add("ordinal", ["anything 2.5 inch that reads quicker than the samsung 860 evo?"],
    {"has_items": True, "text_in": {"form_factor": ["2.5"]}, "num_range": {"read": [486, None]}},
    (df.form_factor == "2.5") & (df.read > evo860.read))
sn750 = model("Western Digital", "Black SN750")
assert sn750.write == 2069
add("ordinal", ["i want something that writes faster than my wd black sn750"],
    {"has_items": True, "num_range": {"write": [2070, None]}}, df.write > sn750.write)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["nvme but not samsung"],
    {"has_items": True, "num_range": {"nvme": [1, 1]}, "text_in": {"brand": [b for b in BRANDS if b != "Samsung"]}},
    (df.nvme == 1) & (df.brand != "Samsung"))
add("negation", ["no m.2 please, and nothing from western digital"],
    {"has_items": True, "text_in": {"form_factor": ["2.5", "mSATA"],
                                    "brand": [b for b in BRANDS if b != "Western Digital"]}},
    (df.form_factor != "m.2") & (df.brand != "Western Digital"))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["either crucial or sabrent, doesnt matter which"],
    {"has_items": True, "text_in": {"brand": ["Crucial", "Sabrent"]}}, df.brand.isin(["Crucial", "Sabrent"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me m.2 drives", "only the nvme ones", "from western digital"],
    {"has_items": True, "text_in": {"form_factor": ["m.2"], "brand": ["Western Digital"]}, "num_range": {"nvme": [1, 1]}},
    (df.form_factor == "m.2") & (df.nvme == 1) & (df.brand == "Western Digital"))
add("follow_up", ["what samsung ssds do you have", "which of those read faster than 2000"],
    {"has_items": True, "text_in": {"brand": ["Samsung"]}, "num_range": {"read": [2001, None]}},
    (df.brand == "Samsung") & (df.read > 2000))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["a 2.5 inch ssd that reads faster than 1 gb/s"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.form_factor == "2.5") & (df.read > 1000))

# ---- id_lookup ------------------------------------------------------------------------------
assert row(44).model == "Rocket 4"
add("id_lookup", ["tell me about drive #44"], {"has_items": True, "subset_of_ids": ["44"]}, df.id == 44)

finish()
