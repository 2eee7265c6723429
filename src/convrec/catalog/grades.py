"""The order of graded values (a known scale, letter grades, Roman numerals, numbered levels), decided
from the values alone at prepare time."""

from __future__ import annotations

import re
from typing import Mapping

from convrec.catalog.wordlists import fold_value, scales_data

_LETTER_GRADE = re.compile(r"^([a-z])([+-]?)$")
_NUMBERED = re.compile(r"^(\D*?)\s*(\d+(?:\.\d+)?)\s*(\D*)$")


ROMAN_GRADES = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def value_order(counts: Mapping[str, int]) -> list[str] | None:
    """The order of a graded text column's values, low (worse, smaller, milder) → high, or None
    when its values are not graded. ``counts``: value → number of items. Decided from the values
    alone: a known scale (``scales.toml``) that holds all but a few items' values; single letters,
    with or without +/- (A is best, as in grades and diamond colours); values that differ only by
    a number ("Level 2", "3 stars"). Values off the scale are left out of the order (they never
    satisfy "X or better")."""
    vals = {str(v): int(n) for v, n in counts.items() if str(v).strip()}
    if len(vals) < 2 or len(vals) > 40:
        return None
    total = sum(vals.values()) or 1
    folded = {v: fold_value(v) for v in vals}
    best: tuple[float, int, list[str]] | None = None
    for scale in scales_data().values():
        pos = {x: k for k, x in enumerate(scale)}
        on = [v for v in vals if folded[v] in pos]
        share = sum(vals[v] for v in on) / total
        if len(on) >= 2 and (share >= 0.8 or len(vals) - len(on) <= 1) and (best is None or (len(on), share) > best[:2]):
            best = (len(on), share, sorted(on, key=lambda v: pos[folded[v]]))
    if best is not None and best[0] == len(vals):
        return best[2]  # every value on one known scale ("S", "M", "L" are sizes, not grades)
    romans = {v: ROMAN_GRADES.get(str(v).strip().upper()) for v in vals}
    if all(romans.values()) and len(vals) >= 2 and all(str(v).strip().isupper() for v in vals):
        return sorted(vals, key=lambda v: romans[v])  # grades or stages written I, II, III (before letters: "I", "V")
    letters = {v: _LETTER_GRADE.match(folded[v]) for v in vals}
    if all(letters.values()) and len(vals) >= 3:
        key = lambda v: (-ord(letters[v].group(1)), {"-": 0, "": 1, "+": 2}[letters[v].group(2)])  # noqa: E731
        return sorted(vals, key=key)
    nums = {v: _NUMBERED.match(folded[v]) for v in vals}
    if all(nums.values()) and len({(m.group(1), m.group(3).rstrip("s")) for m in nums.values()}) == 1 \
            and any(m.group(1) or m.group(3) for m in nums.values()):
        return sorted(vals, key=lambda v: float(nums[v].group(2)))
    if best is not None and best[0] >= max(2, len(vals) // 2):
        return best[2]
    return None
