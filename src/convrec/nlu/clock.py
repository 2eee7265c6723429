"""Times of day said as clock times ("after 6pm", "before 7:30 in the morning", "after noon") on a
catalog that keeps the time of day as a number of hours (0–24, fractions for minutes: 13.8 is 13:48).

The column is found from the data and its name, once per catalog: a number column whose values all
lie in 0–24 and whose name says hour or time of day. A clock time becomes the column's own number
with the column's word beside it ("after 18 hour"), so the usual readers bind and compare it.
"""

from __future__ import annotations

import re

from convrec.nlu.vocab import Vocabulary

_HOUR_WORDS = {"hour", "hours", "hr", "hrs", "time", "clock", "oclock"}
_AMPM = r"(a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"
_CLOCK = re.compile(
    rf"(?i)\b(?:(\d{{1,2}})(?::(\d{{2}}))?\s*{_AMPM}"            # 6pm, 7:30 a.m.
    r"|(\d{1,2}):(\d{2})(?:\s*(?:hrs|h)\b)?(?:\s+in\s+the\s+(morning|afternoon|evening)|\s+at\s+(night))?"  # 18:00, 7:30 in the morning
    r"|(\d{1,2})\s*(?:o'?clock\s*)?(?:in\s+the\s+(morning|afternoon|evening)|at\s+(night))"  # 7 in the morning
    r"|(noon|midday|midnight))\b")
_CUES = re.compile(r"(?i)\b(after|before|by|until|till|past|from|between|since|at|around|and|to|later than|earlier than)\s*$")


def clock_column(vocab: Vocabulary) -> tuple[str, str] | None:
    """(column, the word that names it) of the catalog's time-of-day column in hours, or None."""
    if "_clock_column" in vocab.__dict__:
        return vocab.__dict__["_clock_column"]
    got = None
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "title") or c.min is None or c.max is None:
            continue
        words = [w for g in c.words for w in g]
        said = sorted((w for w in words if w in _HOUR_WORDS), key=lambda w: w not in ("hours", "hour"))  # "hours" binds best
        if said and 0 <= float(c.min) and float(c.max) <= 24 and float(c.max) - float(c.min) >= 6:
            got = (c.name, said[0])
            break
        if said and c.type == "integer" and 0 <= float(c.min) and 600 <= float(c.max) <= 2359 \
                and float(c.max) - float(c.min) >= 600 and c.name in vocab.items:
            vals = vocab.items[c.name].dropna()
            if len(vals) and float(((vals % 100) < 60).mean()) == 1.0:  # 538, 1940: 5:38 and 19:40 written as digits
                got = (c.name, said[0], "hhmm")
                break
    vocab.__dict__["_clock_column"] = got
    return got


def _hours(m: re.Match) -> float | None:
    g = m.groups()
    if g[0] is not None:  # 6pm, 7:30 a.m.
        h, mins, pm = int(g[0]), int(g[1] or 0), g[2].lower().startswith("p")
        if not 1 <= h <= 12:
            return None
        return (h % 12 + (12 if pm else 0)) + mins / 60
    if g[3] is not None:  # 18:00, 7:30 in the morning
        h, mins, part = int(g[3]), int(g[4]), (g[5] or g[6] or "").lower()
        if h > 23 or mins > 59:
            return None
        return (h + 12 if part in ("afternoon", "evening", "night") and h < 12 else h) + mins / 60
    if g[7] is not None:  # 7 in the morning, 9 at night
        h, part = int(g[7]), (g[8] or g[9] or "").lower()
        if not 1 <= h <= 12:
            return None
        return h % 12 + (12 if part in ("afternoon", "evening", "night") else 0)
    word = g[10].lower()
    return 0.0 if word == "midnight" else 12.0


def clock_times(text: str, vocab: Vocabulary) -> str:
    """"after 6pm" → "after 18 hour" on a catalog with such a column; unchanged otherwise."""
    col = clock_column(vocab)
    if col is None:
        return text
    word = col[1]
    hhmm = len(col) > 2

    def fmt(h: float, end: bool = False) -> str:
        if hhmm:  # 18.5 → 1830; the end of a part of the day is its last minute (17 → 1759)
            return str(int(h) * 100 + (59 if end and h == int(h) else round((h - int(h)) * 60)))
        return f"{h:.4f}".rstrip("0").rstrip(".")

    def sub(m: re.Match) -> str:
        bare = m.group(4) is not None and not (m.group(6) or m.group(7))  # "18:00" alone: a clock only after a cue
        named = m.group(11) is not None
        if (bare or named) and not _CUES.search(text[:m.start()]):
            return m.group(0)
        h = _hours(m)
        if h is None:
            return m.group(0)
        n = fmt(h)
        nxt = text[m.end():m.end() + 30]
        if re.match(r"(?i)\s*(?:and|to|-|–)\s*(?:\d|noon|midday|midnight)", nxt):
            return n  # "between 9am and noon": the column word after the second time only
        return f"{n} {word}"

    def part(m: re.Match) -> str:
        lo, hi = _PARTS[m.group(1).lower()]
        return f"between {fmt(lo)} and {fmt(hi, end=True)} {word}"

    text = _CLOCK.sub(sub, text)
    text = _PART.sub(part, text)
    # "morning prices", "just the afternoon ones", "on the evening of …": the part of the day said alone
    return _PART_WORD.sub(part, text)


_PARTS = {"morning": (6, 11.99), "afternoon": (12, 17), "evening": (17, 21)}  # (noon is no morning)
_PART = re.compile(r"(?i)\b(?:in|during) the (morning|afternoon|evening)\b")
_PART_WORD = re.compile(r"(?i)(?<!good )(?<!this )(?<!tomorrow )\b(morning|afternoon|evening)s?\b(?!\s+(?:star|glory|sickness))")
