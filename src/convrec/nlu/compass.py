"""Places compared by the compass on a catalog that keeps coordinates: "north of 47°30'", "west of
6° 30′ E", "south of 46.5 degrees latitude", "further south than the Prison de Sion", "the
northernmost". North and south compare the latitude column, east and west the longitude column
(east is the higher longitude); a coordinate in degrees, minutes and seconds is its decimal degrees,
negative in the southern or western hemisphere.

The columns are found from the data and their names, once per catalog: a number column named as a
latitude (values within ±90) or a longitude (within ±180). A compass phrase becomes the column's own
word with a plain comparison ("latitude over 47.5", "lower latitude than the Prison de Sion"), so
the usual readers bind and compare it. A catalog without such a column reads the words as before.
"""

from __future__ import annotations

import re

from convrec.catalog.meaning import name_words
from convrec.nlu.vocab import Vocabulary

_AXIS_WORDS = {"lat": {"latitude", "lat", "declination", "dec"}, "lon": {"longitude", "lon", "lng", "long"}}
"""(a declination is the sky's latitude: north of the celestial equator is positive)"""
_RANGE = {"lat": 90.0, "lon": 180.0}
_DIRECTION = {"north": ("lat", True), "south": ("lat", False), "east": ("lon", True), "west": ("lon", False),
              "northern": ("lat", True), "southern": ("lat", False), "eastern": ("lon", True), "western": ("lon", False)}
_NUM = r"(\d+(?:\.\d+)?)"
_COORD = (rf"{_NUM}\s*(°|º|˚|(?:degrees?|degs?)\b)?"
          rf"(?:\s*{_NUM}\s*(?:'|′|’|\s?min\b|\s?minutes?\b))?"
          rf"(?:\s*{_NUM}\s*(?:\"|″|”|''|\s?sec\b|\s?seconds?\b))?"
          r"(?:\s*(N|S|E|W|north|south|east|west)\b)?"
          r"(?:\s+(?:of\s+)?(latitude|longitude|lat|lon|lng)\b)?")
_OF = re.compile(rf"(?i)\b(north|south|east|west)\s+of\s+{_COORD}")
_THAN = re.compile(r"(?i)\b(?:further|farther|more|lying\s+further|lying\s+farther)\s+(north|south|east|west)(?:\s+\w+)?\s+than\b"
                   r"|\b(north|south|east|west)\s+of\b(?!\s*\d)")
_MOST = re.compile(r"(?i)\b(?:(north|south|east|west)ernmost|most\s+(north|south|east|west)erly"
                   r"|(?:furthest|farthest)\s+(north|south|east|west))\b")
_HALF = re.compile(r"(?i)\b(?:in\s+the\s+|on\s+the\s+|from\s+the\s+)?(north|south|east|west)ern\s+(?:sky|skies|hemisphere|half)\b")
_DMS = re.compile(rf"(?i)(?<![\w.]){_NUM}\s*(?:°|º|˚)\s*{_NUM}\s*(?:'|′|’)(?:\s*{_NUM}\s*(?:\"|″|”|''))?"
                  r"(?:\s*(N|S|E|W)\b)?")


def compass_columns(vocab: Vocabulary) -> dict[str, tuple[str, str]]:
    """{"lat"/"lon": (column, the word that names it)} of the catalog's coordinate columns."""
    got = vocab.__dict__.get("_compass_columns")
    if got is not None:
        return got
    got = {}
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "title") or c.min is None or c.max is None:
            continue
        words = set(name_words(c.name)) | set(str(c.label or "").lower().split()) | {x for g in c.words for x in g}
        for axis, names in _AXIS_WORDS.items():
            if axis not in got and words & names and -_RANGE[axis] <= float(c.min) and float(c.max) <= _RANGE[axis]:
                said = [x for g in c.words for x in g if x in names] or [str(c.label or c.name).lower()]
                got[axis] = (c.name, said[0])
    vocab.__dict__["_compass_columns"] = got
    return got


def _degrees(d: str, m: str | None, s: str | None, hemi: str | None) -> float:
    v = float(d) + float(m or 0) / 60 + float(s or 0) / 3600
    return -v if (hemi or "").lower()[:1] in ("s", "w") else v


def _num(v: float) -> str:
    return f"{round(v, 6):g}"


def compass_bounds(text: str, vocab: Vocabulary) -> str:
    """The message with its compass comparisons written as comparisons of the coordinate columns."""
    if not any(w in text.lower() for w in ("north", "south", "east", "west", "°", "º", "′")):
        return text
    cols = compass_columns(vocab)
    if not cols:
        return text

    def of(m: re.Match) -> str:
        axis, up = _DIRECTION[m.group(1).lower()]
        if axis not in cols:
            return m.group(0)
        v = _degrees(m.group(2), m.group(4), m.group(5), m.group(6))
        return f"{cols[axis][1]} {'over' if up else 'under'} {_num(v)}"

    def than(m: re.Match) -> str:
        axis, up = _DIRECTION[(m.group(1) or m.group(2)).lower()]
        if axis not in cols:
            return m.group(0)
        return f"{'higher' if up else 'lower'} {cols[axis][1]} than"

    def most(m: re.Match) -> str:
        axis, up = _DIRECTION[(m.group(1) or m.group(2) or m.group(3)).lower()]
        if axis not in cols:
            return m.group(0)
        return f"{'highest' if up else 'lowest'} {cols[axis][1]}"

    def dms(m: re.Match) -> str:  # "47°30'" said beside its column: decimal degrees
        return _num(_degrees(m.group(1), m.group(2), m.group(3), m.group(4)))

    def half(m: re.Match) -> str:  # "in the southern sky", "the northern hemisphere": the sign of the coordinate
        axis, up = _DIRECTION[m.group(1).lower()]
        return f"{cols[axis][1]} {'over' if up else 'under'} 0" if axis in cols else m.group(0)

    text = _HALF.sub(half, text)
    text = _OF.sub(of, text)
    text = _THAN.sub(than, text)
    text = _MOST.sub(most, text)
    return _DMS.sub(dms, text)
