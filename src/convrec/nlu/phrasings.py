"""Phrasings rewritten before a message is read: a point of reference said for a number ("below sea
level" → below 0 m), a share said as a rate of people ("more than 1 in 5
people" → 20 % of them), a pronoun and its verb between "than" and the item compared with ("better
than he did in Charleston" → than Charleston)."""

from __future__ import annotations

import re

_SMALL = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "twenty": 20, "fifty": 50, "hundred": 100}

_SHARE_IN = re.compile(r"(?i)\b(more than|over|under|less than|fewer than|at least|at most|above|below|nearly|almost)\s+"
                     r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine)\s+(?:in|out of)\s+(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|a hundred|hundred)"
                     r"(?=\s+[a-z]{3,})")  # (a bare "1 in 1,000" is a rate: understand._rates_per)
"""A share said as a rate of people ("more than 1 in 5 people", "under one in ten adults"): a percent."""


def _n(x: str) -> float:
    return float(_SMALL.get(x.lower().removeprefix("a "), x) if not x.isdigit() else x)


def shares_of_people(text: str) -> str:
    return _SHARE_IN.sub(lambda m: f"{m.group(1)} {100 * _n(m.group(2)) / _n(m.group(3)):.4g}% of"
                         if 0 < _n(m.group(2)) < _n(m.group(3)) else m.group(0), text)


_THAN_DID = re.compile(r"(?i)\bthan\s+(?:he|she|they|it|we|you|i)\s+(?:did|does|do|was|were|is|got|had|has|scored)\s+"
                       r"(?:(?:in|at|for|with|on)\s+)?(?=[A-Z0-9])")


def than_did(text: str) -> str:
    return _THAN_DID.sub("than ", text)


def reference_points(text: str) -> str:
    """"below sea level" → "below 0 m", "above freezing" → "above 0 celsius": a point of reference
    (units.toml ``reference_points``) after a comparison is the number it stands for."""
    from convrec.catalog.meaning import units_data

    points = units_data().get("reference_points") or {}
    if not points:
        return text
    alt = "|".join(re.escape(k) for k in sorted(points, key=len, reverse=True))
    # not after a measure ("how many feet above sea level is SLC", "1,200 m above sea level"): its description
    return re.sub(rf"(?i)(?<!feet )(?<!foot )(?<!ft )(?<!metres )(?<!meters )(?<!m )(?<!miles )(?<!degrees )"
                  rf"\b(above|below|under|over|than|beneath)\s+({alt})\b"
                  r"(?:\s*\(\s*[-−]?\d[\d.,]*\s*°?\s*[A-Za-z]{0,10}\s*\))?",  # "below freezing (0 C)": said twice, read once
                  lambda m: f"{m.group(1)} {points[m.group(2).lower()]}", text)


_N_AND_A_PART = re.compile(r"(?i)\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\s+and\s+(?:a|one)\s+"
                           r"(half|quarter)\b(?!\s+(?:of|times)\b)")


def and_a_part(text: str) -> str:
    """A whole and a part said together ("six and a half minutes", "3 and a quarter hours"): one number."""
    return _N_AND_A_PART.sub(lambda m: f"{_n(m.group(1)) + (0.5 if m.group(2).lower() == 'half' else 0.25):g}", text)
