"""Build ../requests/byo-r13a-volcanoes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 13); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (elevation converted from metres to feet or miles where the user used
them, the text dates `1944 CE` / `8300 BCE` / `Unknown` parsed to signed years, cross-border countries
such as `Mexico-Guatemala` or `Chile-Argentina` counted as "in Mexico" / "in Chile"), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r13a-volcanoes"
PREFIX = "r13a-vo"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 1250 and list(df["id"]) == [str(i) for i in range(1, 1251)]
assert list(df.columns) == ["id", "volcano_number", "volcano_name", "country", "volcanic_region_group",
                            "volcanic_region", "volcano_landform", "primary_volcano_type", "activity_evidence",
                            "last_known_eruption", "latitude", "longitude", "elevation_m", "tectonic_setting",
                            "dominant_rock_type"]
ELEV = pd.to_numeric(df["elevation_m"])                   # metres, whole numbers, negative below sea level
assert (ELEV % 1 == 0).all() and ELEV.notna().all()
assert df.volcano_number.is_unique
assert df.tectonic_setting.isna().sum() == 6 and df.dominant_rock_type.isna().sum() == 26
assert df.last_known_eruption.notna().all()


def year(s):
    """`1944 CE` -> 1944, `8300 BCE` -> -8300, `Unknown` -> NaN."""
    if s == "Unknown":
        return float("nan")
    n, era = s.split(" ")
    assert era in ("CE", "BCE"), s
    return int(n) if era == "CE" else -int(n)


YEAR = df["last_known_eruption"].map(year)
assert YEAR.isna().sum() == (df.last_known_eruption == "Unknown").sum() == 395
STRATO = ["Stratovolcano", "Stratovolcano(es)", "Stratovolcano?"]   # the three spellings of the type
assert set(STRATO) <= set(df.primary_volcano_type)
assert not (df.primary_volcano_type.str.contains("strato", case=False) & ~df.primary_volcano_type.isin(STRATO)).any()
M_PER_FT = 0.3048                                          # metres per foot (exact)
MILE = 1609.344                                            # metres per mile

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "aren't any", "isn't any"]
WHAT = ["volcano", "Volcano", "volcanoes", "Volcanoes", "eruption", "Eruption"]


def volcano(word):
    r = df[df["volcano_name"].str.contains(word, case=False, regex=False)]
    assert len(r) == 1, word
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
add("greeting", ["hello"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what's in this list and what can I ask you?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
assert (df.country == "Iceland").sum() == 35 and not df.country.str.contains("Iceland").loc[df.country != "Iceland"].any()
add("plain", ["volcanos in Iceland"], {"has_items": True, "text_in": {"country": ["Iceland"]}},
    df.country == "Iceland", 5)
assert (df.last_known_eruption == "2025 CE").sum() == 54
add("plain", ["which volcanoes erupted in 2025?"], {"has_items": True, "text_in": {"last_known_eruption": ["2025 CE"]}},
    YEAR == 2025, 5)
assert not df.country.str.contains("Indonesia").loc[df.country != "Indonesia"].any()
add("plain", ["stratovolcanoes in indonesia"],
    {"has_items": True, "text_in": {"country": ["Indonesia"], "primary_volcano_type": STRATO}},
    (df.country == "Indonesia") & df.primary_volcano_type.str.contains("strato", case=False), 5)
# "in Mexico" includes the border volcano Tacana (`Mexico-Guatemala`, 4064 m)
MEX = sorted(df.country[df.country.str.contains("Mexico")].unique())
assert MEX == ["Mexico", "Mexico-Guatemala"]
add("plain", ["mexican volcanoes above 3000 m"],
    {"has_items": True, "text_in": {"country": MEX}, "num_range": {"elevation_m": [3001, None]}},
    df.country.str.contains("Mexico") & (ELEV > 3000), 5)

# ---- units (elevation_m is in metres; the header says so, users ask in feet and miles) ------------
# over 15,000 ft = over 4572 m exactly (1 ft = 0.3048 m); elevations are whole metres, none is 4572
assert (ELEV == 4572).sum() == 0
add("units", ["volcanoes over 15,000 feet"], {"has_items": True, "num_range": {"elevation_m": [4573, None]}},
    ELEV * 10000 > 15000 * 3048)
# under a mile high = below 1609.344 m
add("units", ["indonesian volcanoes less than a mile high"],
    {"has_items": True, "text_in": {"country": ["Indonesia"]}, "num_range": {"elevation_m": [None, 1609]}},
    (df.country == "Indonesia") & (ELEV < MILE))

# ---- fact (names as people say them: `Fujisan`, inverted `Orizaba, Pico de`) ----------------------
assert volcano("fuji")["volcano_name"] == "Fujisan" and volcano("fuji")["elevation_m"] == "3776"
add("fact", ["how high is mount fuji"], {"reply_number": 3776})
assert volcano("Vesuvius")["last_known_eruption"] == "1944 CE"
add("fact", ["when did Vesuvius last erupt?"], {"reply_contains": "1944"})
assert volcano("Orizaba")["volcano_name"] == "Orizaba, Pico de" and volcano("Orizaba")["elevation_m"] == "5564"
add("fact", ["what's the elevation of Pico de Orizaba?"], {"reply_number": 5564})

# ---- count ----------------------------------------------------------------------------------
assert (df.country == "Indonesia").sum() == 107
add("count", ["how many volcanoes does Indonesia have?"], {"reply_number": 107})
assert (df.last_known_eruption == "Unknown").sum() == 395
add("count", ["how many have no known date for the last eruption"], {"reply_number": 395})
assert (ELEV < 0).sum() == 111
add("count", ["how many of them are below sea level?"], {"reply_number": 111})

# ---- superlative ----------------------------------------------------------------------------
tall3 = top_ids(ELEV, 3)                                  # 6879, 6739, 6658; next is 6638
assert sorted(ELEV[df.id.isin(tall3)], reverse=True) == [6879, 6739, 6658]
add("superlative", ["top 3 tallest volcanoes"], {"has_items": True, "subset_of_ids": tall3}, df.id.isin(tall3), 3)
deepest = top_ids(ELEV, 1, largest=False)                 # Udintsev Transform, -5700 m; next is -4200
assert df.loc[df.id == deepest[0], "volcano_name"].item() == "Udintsev Transform"
add("superlative", ["what's the deepest underwater one?"],
    {"has_items": True, "subset_of_ids": deepest}, df.id.isin(deepest), 1)

# ---- ordinal --------------------------------------------------------------------------------
merapi = volcano("Merapi")
assert merapi["country"] == "Indonesia" and merapi["elevation_m"] == "2910"
add("ordinal", ["volcanoes in Indonesia taller then Merapi"],
    {"has_items": True, "text_in": {"country": ["Indonesia"]}, "num_range": {"elevation_m": [2911, None]}},
    (df.country == "Indonesia") & (ELEV > int(merapi["elevation_m"])))
ITA = ELEV[df.country == "Italy"].sort_values(ascending=False)
assert ITA.iloc[0] > ITA.iloc[1] > ITA.iloc[2]
second_it = [str(df.loc[ITA.index[1], "id"])]
assert df.loc[ITA.index[1], "volcano_name"] == "Vesuvius"
add("ordinal", ["2nd highest volcano in Italy?"], {"has_items": True, "subset_of_ids": second_it},
    df.id.isin(second_it), 1)

# ---- negation -------------------------------------------------------------------------------
NOT_STRATO = sorted(set(df.primary_volcano_type) - set(STRATO))
add("negation", ["italian volcanoes that aren't stratovolcanoes"],
    {"has_items": True, "text_in": {"country": ["Italy"], "primary_volcano_type": NOT_STRATO}},
    (df.country == "Italy") & ~df.primary_volcano_type.str.contains("strato", case=False))
# tectonic_setting: 6 blanks (never pass) and one `Unknown`; every non-subduction raw value is listed
NOT_SUB = sorted(v for v in df.tectonic_setting.dropna().unique() if not v.startswith("Subduction"))
assert "Unknown" in NOT_SUB
add("negation", ["US volcanoes not in a subduction zone"],
    {"has_items": True, "text_in": {"country": ["United States"], "tectonic_setting": NOT_SUB}},
    (df.country == "United States") & df.tectonic_setting.notna()
    & ~df.tectonic_setting.fillna("").str.startswith("Subduction"))

# ---- disjunction (Turkey is spelled `Turkiye` in the file) ------------------------------------
assert not df.country.str.contains("Turk|Greece").loc[~df.country.isin(["Greece", "Turkiye"])].any()
add("disjunction", ["volcanoes in Greece or Turkey"],
    {"has_items": True, "text_in": {"country": ["Greece", "Turkiye"]}}, df.country.isin(["Greece", "Turkiye"]))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
CHILE = sorted(df.country[df.country.str.contains("Chile")].unique())
assert CHILE == ["Chile", "Chile-Argentina", "Chile-Bolivia"]
add("follow_up", ["show me volcanoes in Chile", "only the ones higher than 6000 m"],
    {"has_items": True, "text_in": {"country": CHILE}, "num_range": {"elevation_m": [6001, None]}},
    df.country.str.contains("Chile") & (ELEV > 6000))
AFTER_1900 = sorted(v for v in df.last_known_eruption.unique() if year(v) == year(v) and year(v) > 1900)
add("follow_up", ["volcanoes in the US", "just the stratovolcanoes", "which of those erupted after 1900?"],
    {"has_items": True, "text_in": {"country": ["United States"], "primary_volcano_type": STRATO,
                                    "last_known_eruption": AFTER_1900}},
    (df.country == "United States") & df.primary_volcano_type.isin(STRATO) & (YEAR > 1900))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["are there any volcanoes in Switzerland?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    df.country.str.contains("Switzerland"))

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "250", "volcano_name"].item() == "Long Island"
add("id_lookup", ["tell me about item 250"], {"has_items": True, "subset_of_ids": ["250"]}, df.id == "250")

finish()
