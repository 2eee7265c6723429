"""Build ../requests/byo-r30b-cdmx-quakes.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 30); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions (local dates read day-first, depths in km against the user's miles and
feet, places found in the Spanish location text case-insensitively and without accents), and the script
asserts that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
`Profundidad` holds numbers and, 32 times, the text `menos de 1` ("less than 1" km): that text is not a
number, so it never passes a `num_range` (only lower bounds on depth are asked, where that is right).
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r30b-cdmx-quakes"
PREFIX = "r30b-cq"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 309 and list(df["id"]) == [str(i) for i in range(1, 310)]
assert list(df.columns) == ["id", "Fecha", "Hora", "Magnitud", "Latitud", "Longitud", "Profundidad",
                            "Referencia de localizacion", "Fecha UTC", "Hora UTC", "Estatus"]
assert df.notna().all().all()                              # no blank cell
MAG = pd.to_numeric(df.Magnitud)
DEPTH = pd.to_numeric(df.Profundidad, errors="coerce")     # km; NaN where the file says `menos de 1`
assert set(df.Profundidad[DEPTH.isna()]) == {"menos de 1"} and DEPTH.isna().sum() == 32
DATE = pd.to_datetime(df.Fecha, format="%d/%m/%Y")         # local date, day first
YEAR = DATE.dt.year
assert (df.Fecha.str[-4:] == df["Fecha UTC"].str[-4:]).all()   # local and UTC years never differ
REF = df["Referencia de localizacion"]
assert set(df.Estatus) == {"revisado", "verificado"}
WHAT = ["earthquake", "Earthquake", "quake", "Quake", "sismo", "Sismo", "temblor", "seism", "tremor"]


def near(*places):
    """Rows whose location text names one of the places (upper-case, unaccented in the file)."""
    m = pd.Series(False, index=df.index)
    for p in places:
        m |= REF.str.upper().str.contains(p, regex=False)
    return m


def on(date):
    r = df[df.Fecha == date]
    assert len(r) == 1, date
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "isn't", "not in"]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def accepted(expect):
    """Rows that the item-level facets of `expect` accept (a blank never passes a facet; nor does a
    non-numeric cell pass a num_range)."""
    m = pd.Series(True, index=df.index)
    for col, allowed in expect.get("text_in", {}).items():
        m &= df[col].notna() & df[col].astype(str).isin(allowed)
    for col, (lo, hi) in expect.get("num_range", {}).items():
        v = pd.to_numeric(df[col], errors="coerce")
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
    v = pd.to_numeric(df[col], errors="coerce")
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
add("greeting", ["hola"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what can I look up here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["quakes of magnitude 3 or higher"], {"has_items": True, "num_range": {"Magnitud": [3, None]}},
    MAG >= 3, 5)
coy = near("COYOACAN")
add("plain", ["earthquakes near Coyoacán"],
    {"has_items": True, "text_in": {"Referencia de localizacion": sorted(REF[coy].unique())}}, coy, 5)
add("plain", ["show me the verified events"], {"has_items": True, "text_in": {"Estatus": ["verificado"]}},
    df.Estatus == "verificado", 5)
y2019 = YEAR == 2019
add("plain", ["2019 quakes"], {"has_items": True, "text_in": {"Fecha": sorted(df.Fecha[y2019].unique())}},
    y2019, 5)

# ---- units (Profundidad is depth in km) --------------------------------------------------------
# deeper than 3 miles = deeper than 4.828 km; the next depth above 4.8 is 5
gap_empty("Profundidad", 3 * 1.609344, 5)
add("units", ["quakes deeper than 3 miles"], {"has_items": True, "num_range": {"Profundidad": [5, None]}},
    DEPTH / 1.609344 > 3)
# more than 30,000 feet = more than 9.144 km; the next depth above 8.5 is 9.3
gap_empty("Profundidad", 30000 * 0.3048 / 1000, 9.3)
add("units", ["anything more than 30,000 feet down?"],
    {"has_items": True, "num_range": {"Profundidad": [9.3, None]}}, DEPTH * 1000 / 0.3048 > 30000)

# ---- fact (asked by a date that has one quake; dates written the way people write them) -----------
assert on("05/07/2010")["Magnitud"] == "3.2"
add("fact", ["what magnitude was the quake on July 5, 2010?"], {"reply_number": 3.2})
assert on("21/10/2012")["Profundidad"] == "5"
add("fact", ["how deep was the october 21 2012 earthquake, in km?"], {"reply_number": 5})
assert on("18/01/2013")["Referencia de localizacion"] == "1 km al NOROESTE de COYOACAN, CDMX"
add("fact", ["where was the one on 18 Jan 2013?"],
    {"reply_contains_any": ["COYOACAN", "Coyoacan", "Coyoacán", "COYOACÁN", "coyoacan"]})

# ---- count ----------------------------------------------------------------------------------
assert (YEAR == 2023).sum() == 93
add("count", ["how many quakes were there in 2023?"], {"reply_number": 93})
assert (df.Profundidad == "menos de 1").sum() == 32
add("count", ["how many were shallower than 1 km?"], {"reply_number": 32})
assert near("ALVARO OBREGON").sum() == 78
add("count", ["how many happened around Álvaro Obregón?"], {"reply_number": 78})

# ---- superlative ----------------------------------------------------------------------------
strongest = top_ids(MAG, 1)                                 # 3.6; next 3.5
assert strongest == ["244"]
add("superlative", ["the strongest quake"], {"has_items": True, "subset_of_ids": strongest},
    df.id.isin(strongest), 1)
deep3 = top_ids(DEPTH, 3)                                   # 21.6, 16.2, 14.1 km; next 14
assert sorted(DEPTH[df.id.isin(deep3)]) == [14.1, 16.2, 21.6]
add("superlative", ["which 3 were the deepest"], {"has_items": True, "subset_of_ids": deep3},
    df.id.isin(deep3), 3)

# ---- ordinal (compared with another quake) -----------------------------------------------------
assert on("18/01/2013")["Magnitud"] == "2.9"
gap_empty("Magnitud", 2.9, 3.0)
add("ordinal", ["quakes stronger than the one on 18/01/2013"],
    {"has_items": True, "num_range": {"Magnitud": [3.0, None]}}, MAG > float(on("18/01/2013")["Magnitud"]))
assert "AJUSCO" in on("21/10/2012")["Referencia de localizacion"] and (YEAR == 2012).sum() == 1
gap_empty("Profundidad", 5, 5.1)
add("ordinal", ["which ones were deeper than the 2012 Ajusco quake"],
    {"has_items": True, "num_range": {"Profundidad": [5.1, None]}}, DEPTH > float(on("21/10/2012")["Profundidad"]))

# ---- negation -------------------------------------------------------------------------------
add("negation", ["quakes that are not verified yet"], {"has_items": True, "text_in": {"Estatus": ["revisado"]}},
    df.Estatus != "verificado")
add("negation", ["quakes that didn't happen in 2023"],
    {"has_items": True, "text_in": {"Fecha": sorted(df.Fecha[YEAR != 2023].unique())}}, YEAR != 2023)

# ---- disjunction ----------------------------------------------------------------------------
tx = near("TLALPAN", "XOCHIMILCO")
assert tx.sum() == 8
add("disjunction", ["quakes near Tlalpan or Xochimilco"],
    {"has_items": True, "text_in": {"Referencia de localizacion": sorted(REF[tx].unique())}}, tx)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["quakes from 2019", "only the magnitude 2.5+ ones"],
    {"has_items": True, "text_in": {"Fecha": sorted(df.Fecha[y2019].unique())}, "num_range": {"Magnitud": [2.5, None]}},
    y2019 & (MAG >= 2.5))
ao = near("ALVARO OBREGON")
gap_empty("Profundidad", 2, 2.1)
add("follow_up", ["quakes near alvaro obregon", "only ones deeper than 2 km", "and magnitude at least 2"],
    {"has_items": True, "text_in": {"Referencia de localizacion": sorted(REF[ao].unique())},
     "num_range": {"Profundidad": [2.1, None], "Magnitud": [2, None]}},
    ao & (DEPTH > 2) & (MAG >= 2))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["was there any quake over magnitude 5?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    MAG > 5)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "250", "Fecha"].item() == "18/07/2023"
add("id_lookup", ["details for record 250"], {"has_items": True, "subset_of_ids": ["250"]}, df.id == "250")

finish()
