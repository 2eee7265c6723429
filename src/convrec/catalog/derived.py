"""Measures a catalog keeps only transformed, restored once at prepare time so requests can say them
as people do: a column of logarithms (`log.radon`, `log_wage`, `lnGDP`, `log10_pop`) gets a sibling in
the quantity's own units (`radon` = e^log.radon), so "over 4 pCi/L", "wages above 20" and "the highest
radon" compare and sort the quantity itself (the logarithm keeps its order, so both columns agree).
Only where the header says the logarithm in a word of its own and no column already holds the quantity."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd

_BASES = {"log": math.e, "ln": math.e, "log10": 10.0, "lg": 10.0, "log2": 2.0}


def restored_name(header: str, names: set[str]) -> tuple[str, float] | None:
    from convrec.catalog.headers import name_words

    words = name_words(header)
    if len(words) < 2 or words[0] not in _BASES or not all(w.isalnum() for w in words[1:]):
        return None
    name = "_".join(words[1:])
    if name in names or any(n.lower() == name for n in names):
        return None  # (`lsalary` beside `salary`: the quantity is there)
    return name, _BASES[words[0]]


def _six_figures(x: float) -> float:
    if not math.isfinite(x) or x == 0:
        return x
    return float(f"{x:.6g}")


def with_unlogged(items: pd.DataFrame, columns: list) -> list:
    """Adds to ``items`` in place the quantity of each column of logarithms; returns the column specs with
    each restored quantity right after its logarithm."""
    from convrec.catalog.schema import ColumnSpec

    names = {c.name for c in columns}
    out = []
    for c in columns:
        out.append(c)
        if c.type not in ("real", "integer") or c.name in ("item_id", "title", "popularity") or c.name not in items:
            continue
        got = restored_name(c.name, names)
        if got is None:
            continue
        name, base = got
        logs = pd.to_numeric(items[c.name], errors="coerce")
        if logs.notna().sum() < 2 or logs.abs().max() > 50:
            continue  # (no logarithm of a quantity reaches e^50)
        items[name] = [None if pd.isna(x) else _six_figures(float(np.power(base, x))) for x in logs]
        names.add(name)
        out.append(ColumnSpec(name, "real", f"{name.replace('_', ' ')} in its own units ({base if base != math.e else 'e'} "
                                            f"to the power of {c.name}, computed when the catalog was prepared)"))
    return out


_MEASURED = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*([A-Za-z%°]+\.?)\s*$")
_PREFIXED = {"k": "kb", "K": "kb", "M": "mb", "G": "gb"}
"""A size written with a prefix's letter alone ("19M", "201k"): in a column of data sizes, the bytes
it counts (a capital M is mega, never a metre)."""
_DATA_WORDS = {"size", "memory", "storage", "ram", "file", "download", "disk", "cache", "space", "install"}


def with_measured_text(items: pd.DataFrame, columns: list) -> list:
    """A text column of amounts written with their units ("60 kg", "100 lbs", "1 kg"): adds to ``items``
    in place the amount in the unit most rows use (`bag_weight_kg`), the others converted, a value with
    no unit left blank; returns the column specs with each such column right after its text."""
    from convrec.catalog.meaning import convert, unit_for_word
    from convrec.catalog.schema import ColumnSpec

    names = {c.name for c in columns}
    out = []
    for c in columns:
        out.append(c)
        if c.type != "text" or c.name in ("item_id", "title") or c.name not in items:
            continue
        vals = items[c.name].dropna().astype(str).str.strip()
        vals = vals[vals != ""]
        if len(vals) < 10:
            continue
        parts = vals.str.extract(_MEASURED)
        said = parts[1].dropna().str.lower().str.rstrip(".")
        if len(said) < 0.6 * len(vals):
            continue
        units = said.map(lambda u: unit_for_word(u))
        letters = parts[1].dropna().str.rstrip(".")
        if set(letters.unique()) <= set(_PREFIXED) and letters.isin(["M", "G"]).any() \
                and set(re.split(r"[^a-z]+", c.name.lower())) & _DATA_WORDS:  # an app's size "19M", "201k": megabytes
            units = letters.map(_PREFIXED)
        if units.isna().mean() > 0.1:
            continue
        main = units.value_counts().index[0]
        if main in ("%", "$") or units.nunique() > 4:
            continue
        factors = {u: (1.0 if u == main else convert(1.0, u, main)) for u in units.dropna().unique()}
        if any(f is None for f in factors.values()):
            continue
        name = f"{c.name}_{re.sub(r'[^a-z0-9]', '', str(main).lower())}"
        if name in names:
            continue
        amounts = pd.to_numeric(parts[0].str.replace(",", ".", regex=False), errors="coerce")
        conv = [None] * len(items)
        where = {k: i for i, k in enumerate(items.index)}
        for k, a, u in zip(parts.index, amounts, units.reindex(parts.index)):
            if pd.notna(a) and isinstance(u, str) and u in factors:
                conv[where[k]] = _six_figures(float(a) * factors[u])
        items[name] = conv
        names.add(name)
        out.append(ColumnSpec(name, "real", f"{c.name.replace('_', ' ')} in {main} (the amounts written in "
                                            f"'{c.name}' with their units, converted when the catalog was prepared)"))
    return out
