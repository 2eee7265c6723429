"""Build ../requests/byo-r12a-solar-inverters.jsonl from items.csv and assert every expectation.

Written by hand from the data alone (helper A, untouched round 12); no project code was read.
Run: python build_requests.py   (needs pandas)

There is no maker column: `Name` is "<maker>: <model> [<AC volts>V]" (the maker sometimes with a trailing
space before the colon, the `[..V]` part missing on some rows), so maker questions are facets on the raw
`Name` strings of that maker's rows, the maker taken as the text before the first colon. `Paco` (AC power
rating) is in watts with no unit anywhere in the file: kW and MW questions are converted here (x 1000,
x 1_000_000). `Vac` is a text facet: it holds whole volts, `0` where the name gives no voltage, and one
range `422-528`. `CEC_Date` is a US m/d/yyyy date or `n/a` (read as blank). For every request that must return items,
`truth` is computed with plain pandas and the script asserts that the facets accept exactly those rows.
"""
import json
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
NAME = "r12a-solar-inverters"
PREFIX = "r12a-in"
OUT = HERE.parent / "requests" / f"byo-{NAME}.jsonl"

df = pd.read_csv(HERE / "items.csv", dtype=str)          # raw strings, as written in the file
N = 3264
assert len(df) == N and list(df["id"]) == [str(i) for i in range(1, N + 1)]
assert list(df.columns) == ["id", "Name", "Vac", "Pso", "Paco", "Pdco", "Vdco", "C0", "C1", "C2", "C3", "Pnt",
                            "Vdcmax", "Idcmax", "Mppt_low", "Mppt_high", "CEC_Date", "CEC_Type"]
# `n/a` in CEC_Date is read as blank by pandas' default NA handling (as a date it is one): 2349 blank dates
assert df.isna().sum()[lambda s: s > 0].to_dict() == {"CEC_Date": 2349} and df["Name"].is_unique
num = lambda c: pd.to_numeric(df[c])                       # numeric view for the truth expressions
WATTS, VDCMAX = num("Paco"), num("Vdcmax")
MAKER = df["Name"].str.split(":").str[0].str.strip()
assert set(df.CEC_Type) == {"Utility Interactive", "Grid Support"}
assert df.CEC_Date.dropna().str.fullmatch(r"\d{1,2}/\d{1,2}/20\d\d").all()
YEAR = df.CEC_Date.str[-4:]            # blank where the file says n/a
assert (df.Vac.str.fullmatch(r"\d+") | (df.Vac == "422-528")).all()
VAC_VALUES = sorted(set(df.Vac), key=lambda v: (len(v), v))

NO_REPLY = ["no ", "No ", "none", "None", "couldn't", "could not", "nothing", "0 ", "don't have", "not find",
            "no match", "No match", "zero"]
WHAT = ["inverter", "Inverter", "solar", "Solar", "PV"]


def row(name):
    r = df[df["Name"] == name]
    assert len(r) == 1, name
    return r.iloc[0]


def ids(mask):
    return [str(i) for i in df.loc[mask.fillna(False).astype(bool), "id"]]


def names(mask):
    return sorted(df.loc[mask.fillna(False).astype(bool), "Name"])


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
add("greeting", ["hey"], {"reply_contains_any": WHAT})
add("greeting", ["what is this list exactly?"], {"reply_contains_any": WHAT})

# ---- plain (>= 5 correct rows each) ----------------------------------------------------------
sma = MAKER == "SMA America"
assert not MAKER[~sma].str.upper().str.startswith("SMA").any()
add("plain", ["SMA inverters for 240V"],
    {"has_items": True, "text_in": {"Name": names(sma), "Vac": ["240"]}}, sma & (df.Vac == "240"), 5)
add("plain", ["grid suport inverters"], {"has_items": True, "text_in": {"CEC_Type": ["Grid Support"]}},
    df.CEC_Type == "Grid Support", 5)
add("plain", ["inverters between 3000 and 4000 watts"],
    {"has_items": True, "num_range": {"Paco": [3000, 4000]}}, (WATTS >= 3000) & (WATTS <= 4000), 5)
enph = MAKER == "Enphase Energy Inc"
assert int(MAKER.str.contains("Enphase").sum()) == int(enph.sum()) == 75
add("plain", ["Enphase micro inverters"], {"has_items": True, "text_in": {"Name": names(enph)}}, enph, 5)

# ---- units (Paco is watts; asked in kW and MW) --------------------------------------------------
add("units", ["invertors between 4 and 6 kW"],
    {"has_items": True, "num_range": {"Paco": [4000, 6000]}}, (WATTS / 1000 >= 4) & (WATTS / 1000 <= 6), 5)
add("units", ["anything at least half a megawatt?"],
    {"has_items": True, "num_range": {"Paco": [500000, None]}}, WATTS / 1_000_000 >= 0.5, 5)

# ---- fact (each name asserted to match one row) -------------------------------------------------
assert df.Name.str.contains(r"SE3000 \[240V\]").sum() == 1
assert row("SolarEdge Technologies Ltd : SE3000 [240V]")["Paco"] == "3010"
add("fact", ["what's the AC output rating of the SolarEdge SE3000 at 240 volts?"], {"reply_number": 3010})
assert df.Name.str.contains(r"SB7000TL-US \[240V\]").sum() == 1
assert row("SMA America: SB7000TL-US [240V]")["Vdcmax"] == "480"
add("fact", ["max DC input voltage of the SMA SB7000TL-US, 240V version?"], {"reply_number": 480})
assert df.Name.str.contains("SUN2000-9KTL").sum() == 1
assert row("Huawei Technologies Co - Ltd : SUN2000-9KTL-USL0 [240V]")["CEC_Date"] == "10/15/2018"
add("fact", ["when was the Huawei SUN2000-9KTL-USL0 listed by the CEC?"],
    {"reply_contains_any": ["10/15/2018", "2018-10-15", "October 15, 2018", "15 October 2018", "Oct 15, 2018",
                            "Oct. 15, 2018", "15 Oct 2018"]})

# ---- count ----------------------------------------------------------------------------------
assert (MAKER == "ABB").sum() == 302
add("count", ["how many ABB inverters are listed?"], {"reply_number": 302})
assert df.CEC_Date.isna().sum() == 2349       # written `n/a` in the file
add("count", ["how many models don't have a CEC listing date"], {"reply_number": 2349})
assert (df.Vac == "277").sum() == 282
add("count", ["how many 277 volt inverters are there"], {"reply_number": 282})

# ---- superlative ----------------------------------------------------------------------------
big = top_ids(WATTS, 1)                                    # 3,201,170 W; next 3,127,430 W
assert big == ["2024"] and df.loc[df.id == "2024", "Name"].item() == "Power Electronics: FS3000CU15 [690V]"
add("superlative", ["what's the biggest inverter in the list"], {"has_items": True, "subset_of_ids": big},
    df.id.isin(big), 1)
hv = top_ids(VDCMAX, 1)                                    # 1600 V; next 1425 V
assert hv == ["474"]
add("superlative", ["which inverter handles the highest DC voltage?"], {"has_items": True, "subset_of_ids": hv},
    df.id.isin(hv), 1)

# ---- ordinal --------------------------------------------------------------------------------
se7600 = float(row("SolarEdge Technologies Ltd : SE7600A-US [240V]")["Paco"])
assert se7600 == 7625
gap_empty("Paco", 7625, 7626)
add("ordinal", ["240V inverters with more output than the SolarEdge SE7600A-US"],
    {"has_items": True, "text_in": {"Vac": ["240"]}, "num_range": {"Paco": [7626, None]}},
    (df.Vac == "240") & (WATTS > se7600), 5)
sg = MAKER == "Sungrow Power Supply Co - Ltd"
sg2 = top_ids(WATTS.where(sg), 2)                          # 2,500,000 W, 1,001,306 W; next 1,000,000 W
second_sg = [i for i in sg2 if WATTS[df.id == i].item() != WATTS[sg].max()]
assert second_sg == ["2993"]
add("ordinal", ["the second largest Sungrow inverter"], {"has_items": True, "subset_of_ids": second_sg},
    df.id.isin(second_sg), 1)

# ---- negation -------------------------------------------------------------------------------
gs = df.CEC_Type == "Grid Support"
assert not (gs & (df.Vac == "0")).any()                    # no grid-support row without a voltage
add("negation", ["grid support inverters that aren't 480 volt"],
    {"has_items": True, "text_in": {"CEC_Type": ["Grid Support"], "Vac": [v for v in VAC_VALUES if v != "480"]}},
    gs & (df.Vac != "480"), 5)
gap_empty("Paco", 1_000_000, 1_000_001)
add("negation", ["inverters over 1 MW that are not grid support"],
    {"has_items": True, "text_in": {"CEC_Type": ["Utility Interactive"]}, "num_range": {"Paco": [1000001, None]}},
    ~gs & (WATTS / 1_000_000 > 1), 5)

# ---- disjunction ----------------------------------------------------------------------------
hs = MAKER.isin(["Huawei Technologies Co - Ltd", "Sungrow Power Supply Co - Ltd"])
assert int(MAKER.str.contains("Huawei|Sungrow").sum()) == int(hs.sum()) == 33
add("disjunction", ["Huawei or Sungrow inverters"], {"has_items": True, "text_in": {"Name": names(hs)}}, hs, 5)

# ---- follow_up (expect applies to the last turn) ---------------------------------------------
fro = MAKER.str.startswith("Fronius")                      # "Fronius USA" and "Fronius International GmbH"
add("follow_up", ["show me Fronius inverters", "only the 208 volt ones"],
    {"has_items": True, "text_in": {"Name": names(fro), "Vac": ["208"]}}, fro & (df.Vac == "208"), 5)
gap_empty("Paco", 50000, 50001)
dates_2018 = sorted(set(df.CEC_Date[YEAR == "2018"]))
add("follow_up", ["inverters listed in 2018", "just the grid support ones", "over 50 kW"],
    {"has_items": True, "text_in": {"CEC_Date": dates_2018, "CEC_Type": ["Grid Support"]},
     "num_range": {"Paco": [50001, None]}},
    (YEAR == "2018") & gs & (WATTS / 1000 > 50))

# ---- impossible -----------------------------------------------------------------------------
add("impossible", ["do you have a 10 MW inverter?"], {"no_items": True, "reply_contains_any": NO_REPLY},
    WATTS >= 10_000_000)

# ---- id_lookup ------------------------------------------------------------------------------
assert df.loc[df.id == "2543", "Vac"].item() == "422-528"
add("id_lookup", ["tell me about item 2543"], {"has_items": True, "subset_of_ids": ["2543"]}, df.id == "2543")

finish()
