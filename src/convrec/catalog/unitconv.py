"""Units as units.toml writes them: the unit a word names, conversions between units (factors read both
ways and chained; scales with their own zero), and what people call a unit written as symbols."""

from __future__ import annotations

import re
from functools import lru_cache

from convrec.catalog.wordlists import units_data

def unit_words(unit: str) -> list[str]:
    u = units_data()["units"].get(unit)
    return list(u["words"]) if u else []


def unit_for_word(word: str) -> str | None:
    """The unit a word after a number writes ("grams" → "g", "hrs" → "h"), or None."""
    for unit, u in units_data()["units"].items():
        if word in u["words"]:
            return unit
    return None


def unit_for_header_word(word: str) -> str | None:
    """The unit a column name's word writes: a unit word, or a short form only names use ("duration_ms")."""
    return unit_for_word(word) or next((unit for unit, u in units_data()["units"].items()
                                        if word in u.get("header_words", ())), None)


def convert(value: float, from_unit: str, to_unit: str) -> float | None:
    """``value`` in ``from_unit`` expressed in ``to_unit`` (None when they do not convert): the
    units' factors read both ways and chained ("pounds" → kg → tonnes)."""
    if from_unit == to_unit:
        return value
    units = units_data()["units"]
    for a, b, sign in ((from_unit, to_unit, 1), (to_unit, from_unit, -1)):  # a scale with its own zero (°C → °F)
        ab = ((units.get(a) or {}).get("affine") or {}).get(b)
        if ab:
            k, off = float(ab[0]), float(ab[1])
            return value * k + off if sign == 1 else (value - off) / k
    f = _factors().get(from_unit, {}).get(to_unit)
    return None if f is None else value * f


def affine(from_unit: str, to_unit: str) -> tuple[float, float] | None:
    """``(k, offset)`` with ``to = from · k + offset`` where the two units have their own zeros
    (°C, °F, K), else None."""
    if not from_unit or not to_unit or from_unit == to_unit:
        return None
    units = units_data()["units"]
    for a, b, sign in ((from_unit, to_unit, 1), (to_unit, from_unit, -1)):
        ab = ((units.get(a) or {}).get("affine") or {}).get(b)
        if ab:
            k, off = float(ab[0]), float(ab[1])
            return (k, off) if sign == 1 else (1.0 / k, -off / k)
    return None


@lru_cache(maxsize=1)
def _factors() -> dict[str, dict[str, float]]:
    """Every unit → every unit it converts to, with the factor (the closure of units.toml's ``to``)."""
    edges: dict[str, dict[str, float]] = {}
    for unit, u in units_data()["units"].items():
        for other, f in (u.get("to") or {}).items():
            edges.setdefault(unit, {})[other] = float(f)
            edges.setdefault(other, {}).setdefault(unit, 1.0 / float(f))
    out: dict[str, dict[str, float]] = {}
    for start in edges:
        seen, todo = {start: 1.0}, [start]
        while todo:
            a = todo.pop()
            for b, f in edges.get(a, {}).items():
                if b not in seen:
                    seen[b] = seen[a] * f
                    todo.append(b)
        out[start] = {b: f for b, f in seen.items() if b != start}
    return out


def _unit_named(words: list[str]) -> str | None:
    """The unit a column's whole label is ("miles per gallon" → mpg), else None."""
    label = " ".join(words)
    for unit, u in units_data()["units"].items():
        if label in u["words"] and " " in label:
            return unit
    return None


_POWER = re.compile(r"^([A-Za-z]+)(?:\^(-?\d+))?$")


def unit_symbol_names(value: str) -> set[str]:
    """What people call a unit a catalog writes as symbols ("J" → joule, joules; "J T^-1" → joules per
    tesla, J/T; "kg" → kilograms): empty for anything else. Exponents other than -1 (m^3) keep only the
    written form."""
    sym = units_data().get("symbols", {})
    parts = str(value).split()
    if not parts or len(parts) > 3:
        return set()
    top, bottom = [], []
    for x in parts:
        m = _POWER.match(x)
        if not m or m.group(1) not in sym:
            return set()
        if m.group(2) in (None, "1"):
            top.append(m.group(1))
        elif m.group(2) == "-1":
            bottom.append(m.group(1))
        else:
            return set()
    if len(top) != 1 or len(bottom) > 1:
        return set()
    out = set()
    for n in sym[top[0]]:
        plural = n if n.endswith(("s", "z")) else n + "s"
        out |= {f"{x} per {b}" for x in (n, plural) for b in sym[bottom[0]]} if bottom else {n, plural}
    if bottom:  # "J/T", read as one word where both are letters ("JT", as "P/E" is)
        out |= {f"{top[0]} {bottom[0]}".lower(), f"{top[0]}{bottom[0]}".lower()}
    return out
