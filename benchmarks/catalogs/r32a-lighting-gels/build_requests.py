"""Build ../requests/byo-r32a-lighting-gels.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 32); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (transmission `trans` is a 0-1 fraction, compared with the user's
percent as trans * 100; a word "in the name" is matched in any case; a hex colour is split into its
8-bit r, g, b), and the script asserts that the `expect` facets accept exactly those rows. Counts and
facts are asserted against the file. `filter_id` is the maker's catalogue code (`L201` = Lee 201,
`R80` = Roscolux 80, `G245` = GAM 245, `E128` = e-colour+ 128, `AP4500` = Apollo 4500), not the row `id`.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r32a-lighting-gels"
PREFIX = "r32a-lg"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1269 and list(df["id"]) == [str(i) for i in range(1, 1270)]
assert list(df.columns) == ["id", "filter_id", "brand", "name", "desc", "rgb.r", "rgb.g", "rgb.b", "trans",
                            "src_a.x", "src_a.y", "src_a.Y", "src_c.x", "src_c.y", "src_c.Y",
                            "src_d65.x", "src_d65.y", "src_d65.Y"]
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
T, R, G, B = num("trans"), num("rgb.r"), num("rgb.g"), num("rgb.b")
PCT = T * 100                                              # transmission in percent, as users say it
BRANDS = {"Apollo", "Cinegel", "GamColor", "Lee", "OPTI-FLECS", "Permacolor", "Roscolene", "Roscolux", "e-colour+"}
assert set(df.brand) == BRANDS and df.filter_id.is_unique and T.isna().sum() == 51
assert df.trans.dropna().str.fullmatch(r"[01]\.\d{4}").all()   # four decimals: 0.0001 is the resolution
name_has = lambda word: df["name"].str.contains(word, case=False, na=False)

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["filter", "Filter", "gel", "Gel", "colour", "Colour", "color", "Color", "lighting", "Lighting"]


def gel(code):
    r = df[df["filter_id"] == code]
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
add("greeting", ["hi there"], {"reply_contains_any": WHAT})
add("greeting", ["what kind of stuff can I search in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["show me the Lee filters"], {"has_items": True, "text_in": {"brand": ["Lee"]}}, df.brand == "Lee", 5)
gap_empty("trans", 0.5, 0.5001)
add("plain", ["GamColor gels that let more than half the light through"],
    {"has_items": True, "text_in": {"brand": ["GamColor"]}, "num_range": {"trans": [0.5001, None]}},
    (df.brand == "GamColor") & (T > 0.5), 5)
ros_blue = (df.brand == "Roscolux") & name_has("blue")
assert ros_blue.sum() == 57
add("plain", ["roscolux gels with blue in the name"],
    {"has_items": True, "text_in": {"brand": ["Roscolux"], "name": names_where(ros_blue)}}, ros_blue, 5)
ap_diff = (df.brand == "Apollo") & name_has("diffusion")
assert ap_diff.sum() == 12
add("plain", ["apollo filters with diffusion in the name"],
    {"has_items": True, "text_in": {"brand": ["Apollo"], "name": names_where(ap_diff)}}, ap_diff, 5)

# ---- units (trans is a 0-1 fraction; users talk percent; swatch colour as hex) ---------------------
add("units", ["filters passing at least 80 percent of the light"],
    {"has_items": True, "num_range": {"trans": [0.8, None]}}, PCT >= 80)
# #FFFFFF = r 255, g 255, b 255
hexcol = "#FFFFFF"
rr, gg, bb = (int(hexcol[i:i + 2], 16) for i in (1, 3, 5))
add("units", ["which apollo gels have a swatch colour of #FFFFFF"],
    {"has_items": True, "text_in": {"brand": ["Apollo"]},
     "num_range": {"rgb.r": [255, 255], "rgb.g": [255, 255], "rgb.b": [255, 255]}},
    (df.brand == "Apollo") & (R == rr) & (G == gg) & (B == bb))

# ---- fact (asked by catalogue code or by a name that is unique in the file) ----------------------
assert gel("L201")["trans"] == "0.3400" and gel("L201")["name"] == "Full C.T. Blue"
add("fact", ["what's the transmision of Lee 201?"],
    {"reply_contains_any": ["0.34", "34%", "34 %", "34 percent", "34.0"]})
assert gel("R80")["name"] == "Primary Blue" and gel("R80")["brand"] == "Roscolux"
add("fact", ["what is Roscolux 80 called"], {"reply_contains": "Primary Blue"})
hot = df[df.name.str.lower() == "hot lava orange"]
assert len(hot) == 1 and hot.brand.item() == "Apollo"
add("fact", ["who makes Hot Lava Orange?"], {"reply_contains": "Apollo"})

# ---- count ----------------------------------------------------------------------------------
assert (df.brand == "Apollo").sum() == 150
add("count", ["how many Apollo gels are listed?"], {"reply_number": 150})
assert df.trans.isna().sum() == 51
add("count", ["how many filters don't have a transmission value?"], {"reply_number": 51})
assert ((df.brand == "Permacolor") & (PCT > 90)).sum() == 40
add("count", ["how many Permacolor filters pass over 90% of the light?"], {"reply_number": 40})

# ---- superlative ----------------------------------------------------------------------------
darkest = top_ids(T.where(df.brand == "Roscolux"), 1, largest=False)
assert T[df.id.isin(darkest)].tolist() == [0.01]
add("superlative", ["which Roscolux gel lets through the least light?"],
    {"has_items": True, "subset_of_ids": darkest}, df.id.isin(darkest), 1)
ap3 = top_ids(T.where(df.brand == "Apollo"), 3)                    # 0.864, 0.823, 0.799; next 0.795
assert sorted(T[df.id.isin(ap3)], reverse=True) == [0.864, 0.823, 0.799]
add("superlative", ["top 3 Apollo gels with the highest transmission"],
    {"has_items": True, "subset_of_ids": ap3}, df.id.isin(ap3), 3)

# ---- ordinal (compared with another filter) --------------------------------------------------
ref = float(gel("L201")["trans"])                                   # 0.34
gap_empty("trans", ref, ref + 0.0001)
add("ordinal", ["lee filters that pass more light than lee 201"],
    {"has_items": True, "text_in": {"brand": ["Lee"]}, "num_range": {"trans": [round(ref + 0.0001, 4), None]}},
    (df.brand == "Lee") & (T > ref))
ref27 = float(gel("R27")["trans"])                                  # 0.04 (Roscolux 27 Medium Red)
gap_empty("trans", ref27 - 0.0001, ref27)
add("ordinal", ["e-colour+ filters darker than Roscolux 27"],
    {"has_items": True, "text_in": {"brand": ["e-colour+"]}, "num_range": {"trans": [None, round(ref27 - 0.0001, 4)]}},
    (df.brand == "e-colour+") & (T < ref27))

# ---- negation -------------------------------------------------------------------------------
gap_empty("trans", 0.9, 0.9001)
add("negation", ["filters over 90% transmission that aren't Permacolor"],
    {"has_items": True, "text_in": {"brand": sorted(BRANDS - {"Permacolor"})}, "num_range": {"trans": [0.9001, None]}},
    (df.brand != "Permacolor") & (PCT > 90))
add("negation", ["apollo gels that are not below 50% transmission"],
    {"has_items": True, "text_in": {"brand": ["Apollo"]}, "num_range": {"trans": [0.5, None]}},
    (df.brand == "Apollo") & T.notna() & ~(PCT < 50))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Cinegel or OPTI-FLECS filters"],
    {"has_items": True, "text_in": {"brand": ["Cinegel", "OPTI-FLECS"]}}, df.brand.isin(["Cinegel", "OPTI-FLECS"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("trans", 0.6, 0.6001)
add("follow_up", ["show me e-colour+ filters", "only ones that let through more than 60%"],
    {"has_items": True, "text_in": {"brand": ["e-colour+"]}, "num_range": {"trans": [0.6001, None]}},
    (df.brand == "e-colour+") & (PCT > 60))
lee_mid_blue = (df.brand == "Lee") & (PCT >= 20) & (PCT <= 40) & name_has("blue")
assert lee_mid_blue.sum() == 16
add("follow_up", ["Lee gels please", "just those between 20 and 40 percent transmission", "which of those have blue in their name?"],
    {"has_items": True, "text_in": {"brand": ["Lee"], "name": names_where(lee_mid_blue)},
     "num_range": {"trans": [0.2, 0.4]}}, lee_mid_blue)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["any GamColor filter that lets more than 95% of the light through?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, (df.brand == "GamColor") & (PCT > 95))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "500", "filter_id"].item() != "500"
add("id_lookup", ["tell me about item 500"], {"has_items": True, "subset_of_ids": ["500"]}, df.id == "500")

finish()
