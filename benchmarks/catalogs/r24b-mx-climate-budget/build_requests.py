"""Build ../requests/byo-r24b-mx-climate-budget.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 24); no project code was read.
Run: python build_requests.py   (needs pandas)

For every request that must return items, `truth` is the set of rows that really answer it, computed
here with plain pandas expressions, and the script asserts that the `expect` facets accept exactly those
rows. The amounts ` MONTO ` are text (`$2,500,000,000.00 `: dollar sign, thousands commas, trailing space),
so no numeric facet can hold them: requests about amounts are checked with `subset_of_ids` (plus any
year/ministry facet), the amounts parsed here only for the truth expressions, in the user's unit
("billion" = 10^9, Spanish "mil millones" = 10^9, "k" = 10^3). A ministry (`RAMO`) appears under two names
when it was renamed (agriculture, science council); both raw names are listed where a user means either.
Counts and facts are asserted against the file; facts by program name are asserted unique within the year.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r24b-mx-climate-budget"
PREFIX = "r24b-mx"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 666 and list(df["id"]) == [str(i) for i in range(1, 667)]
assert list(df.columns) == ["id", "AÑO", "RAMO_ID", "RAMO", "DENOMINACION", " MONTO ", "FACTOR", " VALOR_REAL "]
assert not df.isna().any().any()
YEAR = pd.to_numeric(df["AÑO"])
assert df[" MONTO "].str.fullmatch(r"\$\d{1,3}(,\d{3})*\.\d\d ").all()
PESOS = pd.to_numeric(df[" MONTO "].str.replace(r"[$, ]", "", regex=True))   # truth only, never a facet
RAMOS = sorted(df.RAMO.unique())
assert len(RAMOS) == 23 and set(YEAR) == set(range(2013, 2025))

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["budget", "Budget", "presupuesto", "Presupuesto", "program", "Program", "programa", "Programa",
        "Mexic", "climat", "Climat", "peso"]
AGRI = ["Agricultura y Desarrollo Rural", "Agricultura, Ganaderia, Desarrollo Rural, Pesca y Alimentacion"]
MA = "Medio Ambiente y Recursos Naturales"
CFE = "Comision Federal de Electricidad"
FONDEN = "Fondo de Desastres Naturales (FONDEN)"


def line(name, year):
    r = df[(df.DENOMINACION.str.strip().str.lower() == name.lower()) & (YEAR == year)]
    assert len(r) == 1, (name, year)
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
add("greeting", ["hola"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what can I look up in here?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["tourisim budget lines"], {"has_items": True, "text_in": {"RAMO": ["Turismo"]}},
    df.RAMO == "Turismo", 5)
add("plain", ["energy ministry programs in 2020"],
    {"has_items": True, "text_in": {"RAMO": ["Energia"]}, "num_range": {"AÑO": [2020, 2020]}},
    (df.RAMO == "Energia") & (YEAR == 2020), 5)
add("plain", ["Pemex items from 2019 onwards"],
    {"has_items": True, "text_in": {"RAMO": ["Petroleos Mexicanos"]}, "num_range": {"AÑO": [2019, None]}},
    (df.RAMO == "Petroleos Mexicanos") & (YEAR >= 2019), 5)
# the agriculture ministry was renamed in 2019: both raw names are "agriculture"
assert [r for r in RAMOS if "agricultura" in r.lower()] == AGRI
add("plain", ["agriculture ministry programs"], {"has_items": True, "text_in": {"RAMO": AGRI}},
    df.RAMO.str.lower().str.contains("agricultura"), 5)

# ---- units (amounts are pesos written as text; users speak in billions, mil millones, k) ----------
big24 = (YEAR == 2024) & (PESOS > 5 * 10**9)
assert ids(big24) == ["604", "605", "651", "654", "664"]
add("units", ["in 2024 which programs had more than 5 mil millones de pesos?"],
    {"has_items": True, "num_range": {"AÑO": [2024, 2024]}, "subset_of_ids": ids(big24)}, big24)
tiny = PESOS / 1000 < 100
assert ids(tiny) == ["93", "100", "101", "103", "104", "106", "107", "108", "249"]
add("units", ["budget lines below 100k pesos"], {"has_items": True, "subset_of_ids": ids(tiny)}, tiny)

# ---- fact ------------------------------------------------------------------------------------
assert line("Sembrando Vida", 2023)[" MONTO "] == "$34,264,979,602.00 "
add("fact", ["how much did Sembrando Vida get in 2023?"], {"reply_number": 34264979602})
assert set(df.loc[df.DENOMINACION.str.strip() == "Sembrando Vida", "RAMO"]) == {"Bienestar"}
add("fact", ["which ministry is Sembrando Vida under?"], {"reply_contains": "Bienestar"})
assert set(df.loc[df.RAMO == CFE, "RAMO_ID"]) == {"53"}
add("fact", ["what's the ramo number for CFE"], {"reply_number": 53})

# ---- count ----------------------------------------------------------------------------------
assert (YEAR == 2014).sum() == 75
add("count", ["how many budget lines are there for 2014?"], {"reply_number": 75})
assert (df.RAMO == CFE).sum() == 40
add("count", ["how many CFE lines are in the file"], {"reply_number": 40})
assert (PESOS > 10**10).sum() == 13
add("count", ["how many programs got over 10 billion pesos?"], {"reply_number": 13})

# ---- superlative ----------------------------------------------------------------------------
biggest = top_ids(PESOS, 1)
assert biggest == ["605"] and PESOS.max() == 1.2e11
add("superlative", ["what's the single biggest budget line?"], {"has_items": True, "subset_of_ids": biggest},
    df.id.isin(biggest), 1)
top3 = top_ids(PESOS.where(df.RAMO == MA), 3)              # 5.18, 3.99, 3.35 billion; next 3.25 billion
assert top3 == ["190", "193", "304"]
add("superlative", ["top 3 environment ministry programs by amount"],
    {"has_items": True, "text_in": {"RAMO": [MA]}, "subset_of_ids": top3}, df.id.isin(top3), 3)

# ---- ordinal (compared with another line) ----------------------------------------------------
ref = PESOS[df.id == line(FONDEN, 2022)["id"]].item()
more22 = (YEAR == 2022) & (PESOS > ref)
assert ids(more22) == ["537"]
add("ordinal", ["which 2022 programs got more money than FONDEN did that year?"],
    {"has_items": True, "num_range": {"AÑO": [2022, 2022]}, "subset_of_ids": ids(more22)}, more22)
ref = PESOS[df.id == line(FONDEN, 2016)["id"]].item()
fonden = df.DENOMINACION == FONDEN
assert fonden.sum() == 12 and (YEAR[fonden].value_counts() == 1).all()
more16 = fonden & (PESOS > ref)
assert ids(more16) == ["324", "476", "527", "590", "654"]
add("ordinal", ["in which years was FONDEN bigger than in 2016?"],
    {"has_items": True, "text_in": {"DENOMINACION": [FONDEN]}, "subset_of_ids": ids(more16)}, more16)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["2024 programs that aren't from Medio Ambiente"],
    {"has_items": True, "text_in": {"RAMO": [r for r in RAMOS if r != MA]}, "num_range": {"AÑO": [2024, 2024]}},
    (YEAR == 2024) & (df.RAMO != MA), 5)
add("negation", ["CFE lines not from 2024"],
    {"has_items": True, "text_in": {"RAMO": [CFE]}, "num_range": {"AÑO": [None, 2023]}},
    (df.RAMO == CFE) & (YEAR != 2024), 5)

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Marina or Defensa Nacional programs"],
    {"has_items": True, "text_in": {"RAMO": ["Marina", "Defensa Nacional"]}},
    (df.RAMO == "Marina") | (df.RAMO == "Defensa Nacional"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
add("follow_up", ["show me the Salud lines", "only from 2020 on"],
    {"has_items": True, "text_in": {"RAMO": ["Salud"]}, "num_range": {"AÑO": [2020, None]}},
    (df.RAMO == "Salud") & (YEAR >= 2020))
fu = (df.RAMO == "Energia") & (YEAR == 2018) & (PESOS > 100 * 10**6)
assert ids(fu) == ["318", "322"]
add("follow_up", ["energy ministry programs", "just 2018", "which of those are over 100 million pesos?"],
    {"has_items": True, "text_in": {"RAMO": ["Energia"]}, "num_range": {"AÑO": [2018, 2018]},
     "subset_of_ids": ids(fu)}, fu)

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["anything from the 2010 budget?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    YEAR == 2010)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "333", "RAMO"].item() == CFE
add("id_lookup", ["what's item 333?"], {"has_items": True, "subset_of_ids": ["333"]}, df.id == "333")

finish()
