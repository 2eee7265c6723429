"""Measures a catalog keeps only transformed, restored once at prepare time so requests can say them
as people do: a column of logarithms (`log.radon`, `log_wage`, `lnGDP`, `log10_pop`) gets a sibling in
the quantity's own units (`radon` = e^log.radon), so "over 4 pCi/L", "wages above 20" and "the highest
radon" compare and sort the quantity itself (the logarithm keeps its order, so both columns agree).
Only where the header says the logarithm in a word of its own and no column already holds the quantity."""

from __future__ import annotations

import math

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
