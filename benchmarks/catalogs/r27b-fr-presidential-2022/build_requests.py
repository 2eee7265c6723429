"""Build ../requests/byo-r27b-fr-presidential-2022.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper B, untouched round 27); no project code was read.
Run: python build_requests.py   (needs pandas)

One row = one candidate's first-round result in one region (18 regions x 12 candidates); region-level
columns (registered voters, abstention, blank and null ballots) repeat on the region's 12 rows. For every
request that must return items, `truth` is the set of rows that really answer it, computed here with plain
pandas expressions in the user's terms (turnout = 100 - `abstention_pourc`, "1.5 million" = 1,500,000
votes, a share "of the vote" = `cand_rapport_exprim`, the share of valid votes cast), and the script asserts
that the `expect` facets accept exactly those rows. Counts and facts are asserted against the file.
Candidate surnames are upper case with accents (`MÉLENCHON`, `PÉCRESSE`); users type them without.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r27b-fr-presidential-2022"
PREFIX = "r27b-fr"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
assert len(df) == 216 and list(df["id"]) == [str(i) for i in range(1, 217)]
assert list(df.columns)[:5] == ["id", "url", "reg_code", "reg_code_3", "reg_name"] and len(df.columns) == 26
assert not df.isna().any().any()                           # no blanks in this table
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
PCT, VOTES, ABST = num("cand_rapport_exprim"), num("cand_nb_voix"), num("abstention_pourc")
TURNOUT = 100 - ABST
assert ((num("votants_nb") / num("inscrits_nb") * 100 - TURNOUT).abs() < 0.006).all()   # turnout = votants/inscrits
assert set(df.num_tour) == {"1"} and df.reg_name.nunique() == 18 and df.cand_nom.nunique() == 12
assert (df.groupby("reg_name").size() == 12).all()
OVERSEAS = ["Guadeloupe", "Martinique", "Guyane", "La Réunion", "Mayotte"]      # reg_code 01-06
assert set(df.loc[df.reg_name.isin(OVERSEAS), "reg_code"]) == {"01", "02", "03", "04", "06"}
assert set(df.cand_civil) == {"M.", "Mme"}


def result(region, cand):
    r = df[(df.reg_name == region) & (df.cand_nom == cand)]
    assert len(r) == 1, (region, cand)
    return r.iloc[0]


NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero", "didn't", "did not"]
WHAT = ["election", "Election", "élection", "vote", "Vote", "candidat", "Candidat", "presidential", "Presidential",
        "présidentielle", "Présidentielle"]


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


def others(col, *exclude):
    """Every raw value of `col` except `exclude` (blanks are not values, so they never pass)."""
    vals = sorted(set(df[col].dropna()) - set(exclude))
    assert set(exclude) <= set(df[col].dropna()), exclude
    return vals


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
add("greeting", ["bonjour!"], {"reply_contains_any": WHAT})
add("greeting", ["hi, what is this data about?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
add("plain", ["Marine Le Pen's results in every region"],
    {"has_items": True, "text_in": {"cand_nom": ["LE PEN"]}}, df.cand_nom == "LE PEN", 5)
gap_empty("cand_rapport_exprim", 27, 27.01)
add("plain", ["regoins where Macron got more than 27% of the vote"],
    {"has_items": True, "text_in": {"cand_nom": ["MACRON"]}, "num_range": {"cand_rapport_exprim": [27.01, None]}},
    (df.cand_nom == "MACRON") & (PCT > 27), 5)
add("plain", ["results for the women candidates"],
    {"has_items": True, "text_in": {"cand_civil": ["Mme"]}}, df.cand_civil == "Mme", 5)
add("plain", ["show me the overseas results (outre-mer)"],
    {"has_items": True, "text_in": {"reg_name": OVERSEAS}}, df.reg_name.isin(OVERSEAS), 5)

# ---- units (turnout is not a column: it is 100 - abstention_pourc; votes asked in millions) --------
gap_empty("abstention_pourc", 22.99, 23)
add("units", ["Macron's score in regions where turnout was above 77%"],
    {"has_items": True, "text_in": {"cand_nom": ["MACRON"]}, "num_range": {"abstention_pourc": [None, 22.99]}},
    (df.cand_nom == "MACRON") & (TURNOUT > 77))
add("units", ["which candidates got more than 1.5 million votes in a single region?"],
    {"has_items": True, "num_range": {"cand_nb_voix": [1500001, None]}}, VOTES / 1e6 > 1.5)

# ---- fact -----------------------------------------------------------------------------------
assert result("Corse", "ZEMMOUR")["cand_nb_voix"] == "18936"
add("fact", ["how many votes did Zemmour get in Corsica?"], {"reply_number": 18936})
assert result("Guadeloupe", "MÉLENCHON")["cand_rapport_exprim"] == "56.16"
add("fact", ["what percentage did Melenchon get in Guadeloupe"], {"reply_number": 56.16})
assert set(df.loc[df.reg_name == "Guyane", "abstention_pourc"]) == {"63.84"}
add("fact", ["what was the abstention rate in Guyane?"], {"reply_number": 63.84})

# ---- count ----------------------------------------------------------------------------------
add("count", ["how many regions are in the file?"], {"reply_number": 18})
add("count", ["how many candidates ran in the first round?"], {"reply_number": 12})
wide = df.pivot(index="reg_name", columns="cand_nom", values="cand_nb_voix").apply(pd.to_numeric)
assert (wide["LE PEN"] > wide["MACRON"]).sum() == 10
add("count", ["in how many regions did Le Pen get more votes than Macron?"], {"reply_number": 10})

# ---- superlative ----------------------------------------------------------------------------
lepen = PCT.where(df.cand_nom == "LE PEN")
best3 = top_ids(lepen, 3)                                  # Mayotte 42.68, Hauts-de-France 33.35, Grand Est 29.54; next 28.58
assert sorted(df.loc[df.id.isin(best3), "reg_name"]) == ["Grand Est", "Hauts-de-France", "Mayotte"]
add("superlative", ["Le Pen's 3 best regions"], {"has_items": True, "subset_of_ids": best3}, df.id.isin(best3), 3)
biggest = top_ids(VOTES, 1)                                # Mélenchon in Île-de-France, 1,659,152 (Macron there: 1,656,341)
assert biggest == ["67"] and df.loc[df.id == "67", "cand_nom"].item() == "MÉLENCHON"
add("superlative", ["which candidate got the most votes in any one region?"],
    {"has_items": True, "subset_of_ids": biggest}, df.id.isin(biggest), 1)

# ---- ordinal --------------------------------------------------------------------------------
idf_z = result("Île-de-France", "ZEMMOUR")
assert idf_z["cand_rapport_exprim"] == "7.47"
gap_empty("cand_rapport_exprim", 7.47, 7.48)
add("ordinal", ["where did Zemmour do better than he did in Ile-de-France?"],
    {"has_items": True, "text_in": {"cand_nom": ["ZEMMOUR"]}, "num_range": {"cand_rapport_exprim": [7.48, None]}},
    (df.cand_nom == "ZEMMOUR") & (PCT > float(idf_z["cand_rapport_exprim"])))
jadot = PCT.where(df.cand_nom == "JADOT")
top2 = top_ids(jadot, 2)                                   # Bretagne 6.19, Pays de la Loire 6.01; next 5.40
top1 = top_ids(jadot, 1)
second = sorted(set(top2) - set(top1))
assert second == ["141"] and df.loc[df.id == "141", "reg_name"].item() == "Pays de la Loire"
add("ordinal", ["what was Jadot's 2nd best region?"], {"has_items": True, "subset_of_ids": second},
    df.id.isin(second), 1)

# ---- negation -------------------------------------------------------------------------------
add("negation", ["Mélenchon's results, but not the overseas regions"],
    {"has_items": True, "text_in": {"cand_nom": ["MÉLENCHON"], "reg_name": others("reg_name", *OVERSEAS)}},
    (df.cand_nom == "MÉLENCHON") & ~df.reg_name.isin(OVERSEAS))
gap_empty("cand_rapport_exprim", 10, 10.01)
add("negation", ["anyone other than Macron, Le Pen and Melenchon who got over 10% somewhere?"],
    {"has_items": True, "text_in": {"cand_nom": others("cand_nom", "MACRON", "LE PEN", "MÉLENCHON")},
     "num_range": {"cand_rapport_exprim": [10.01, None]}},
    ~df.cand_nom.isin(["MACRON", "LE PEN", "MÉLENCHON"]) & (PCT > 10))

# ---- disjunction ----------------------------------------------------------------------------
add("disjunction", ["Hidalgo or Jadot results in Bretagne"],
    {"has_items": True, "text_in": {"cand_nom": ["HIDALGO", "JADOT"], "reg_name": ["Bretagne"]}},
    df.cand_nom.isin(["HIDALGO", "JADOT"]) & (df.reg_name == "Bretagne"))

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
gap_empty("cand_rapport_exprim", 7, 7.01)
add("follow_up", ["Zemmour's results", "only where he got above 7 percent"],
    {"has_items": True, "text_in": {"cand_nom": ["ZEMMOUR"]}, "num_range": {"cand_rapport_exprim": [7.01, None]}},
    (df.cand_nom == "ZEMMOUR") & (PCT > 7))
gap_empty("cand_rapport_exprim", 2, 2.01)
add("follow_up", ["show me the results in Occitanie", "just the female candidates", "which of them got more than 2%"],
    {"has_items": True, "text_in": {"reg_name": ["Occitanie"], "cand_civil": ["Mme"]},
     "num_range": {"cand_rapport_exprim": [2.01, None]}},
    (df.reg_name == "Occitanie") & (df.cand_civil == "Mme") & (PCT > 2))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["did any candidate win more than 60% anywhere?"],
    {"no_items": True, "reply_contains_any": NO_REPLY}, PCT > 60)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "100", ["reg_name", "cand_nom"]].values.tolist() == [["Normandie", "LASSALLE"]]
add("id_lookup", ["show me item 100"], {"has_items": True, "subset_of_ids": ["100"]}, df.id == "100")

finish()
