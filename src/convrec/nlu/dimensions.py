"""Superlatives of a dimension: "the biggest", "the 5 heaviest", "the tallest ones", "shortest
first" sort by the one number column whose label, words or unit carry that dimension (size, weight,
length, height, speed, age, population — lexicon data). Where no column or several equally do,
the word is left unread and named, never guessed."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from convrec.catalog.meaning import _factors, convert, name_words, unit_for_word, unit_words, units_data
from convrec.catalog.text import norm, noun_plural, singular, word_rank
from convrec.nlu.columns import as_written, column_vocabulary, columns_named, glued_words, money_columns, nearest_column
from convrec.nlu.intent import SortHint
from convrec.nlu.reading import DOMAIN_NOUNS, Parse, num
from convrec.nlu.vocab import Vocabulary


def _column_words(c) -> set[str]:
    out = {norm(x) for g in c.words for x in g} | set(norm(c.label or "").split()) | set(norm(c.name).split())
    return out | ({norm(c.unit)} if c.unit else set())


def unit_dimensions(vocab: Vocabulary, unit: str, *said: str) -> set[str]:
    """The dimensions a unit measures ("h": duration and time; "mi": length), by its words and the
    words it was ``said`` as."""
    words = {unit, *said} | set(unit_words(unit))
    got = {d for d, (_, _, ws) in vocab.lexicon.superlatives.items() if words & ws}
    if "length" in got and "width" in vocab.lexicon.superlatives:
        got.add("width")  # a width is a length across: "2 miles" of a floodway's width
    return got


def numeric_values(vocab: Vocabulary, col: str) -> np.ndarray:
    """A column's numeric values (one per item that has one), read once per vocabulary."""
    cache = vocab.__dict__.setdefault("_numeric_values", {})
    if col not in cache:
        s = pd.to_numeric(vocab.items[col], errors="coerce") if col in vocab.items.columns else pd.Series([], dtype=float)
        cache[col] = s.dropna().to_numpy(dtype=float)
    return cache[col]


def column_dimensions(vocab: Vocabulary, c) -> set[str]:
    """The dimensions a column's words carry (a `length` may be a duration or a distance)."""
    words = _column_words(c)
    return {d for d, (_, _, ws) in vocab.lexicon.superlatives.items() if words & ws}


_HIGH_WORDS = {"high", "max", "maximum", "top", "upper", "peak", "hi"}
_LOW_WORDS = {"low", "min", "minimum", "bottom", "lower", "lo"}
_MIDDLE_WORDS = {"average", "avg", "mean", "median", "typical", "usual"}


def size_instead(vocab: Vocabulary) -> str | None:
    """Where no column is a size, what "bigger" and "the biggest" mean: the catalog's one population or
    weight column ("metros bigger than Boston"), or its one amount of money as written ("the biggest budget
    line" beside an inflation-adjusted copy), else None — a last resort, after the words said."""
    alts = [c for c in (_dimension_column(vocab, d) for d in ("population", "weight") if d in vocab.lexicon.superlatives) if c]
    money = as_written(vocab, money_columns(vocab))
    alts += money if len(money) == 1 else []
    return alts[0] if len(alts) == 1 and _dimension_column(vocab, "size") is None else None


def dimension_column(vocab: Vocabulary, dim: str, more: bool | None = None) -> str | None:
    """The one number column of a dimension, or None (none, or a tie). ``more``: the way a superlative
    or comparative goes — of a high/low pair (`high_temp`, `low_temp`) "the hottest" is the highest of
    the highs, "the coldest" the lowest of the lows."""
    if more is not None:
        words = vocab.lexicon.superlatives[dim][2]
        scored = [(len(_column_words(c) & words), c) for c in vocab.columns.values()
                  if c.type in ("integer", "real") and c.role not in ("id", "link") and _column_words(c) & words
                  and not (c.role == "time" and dim not in ("age", "time"))]  # a year is a date, no duration
        top = max((n for n, _ in scored), default=0)
        tied = [c for n, c in scored if n == top]
        side = [c.name for c in tied if _column_words(c) & (_HIGH_WORDS if more else _LOW_WORDS)]
        if len(tied) > 1 and len(side) == 1:
            return side[0]
    got = _dimension_column(vocab, dim)
    if got is not None or more is None:
        return got
    if dim == "age":  # "the oldest planes" where only a year says it: the earliest year
        years = [c.name for c in vocab.columns.values() if c.role == "time" and c.type in ("integer", "real")
                 and c.min is not None and 1000 <= float(c.min) and c.max is not None and float(c.max) <= 2200]
        if len(years) == 1:
            return years[0]
    return None


def _dimension_column(vocab: Vocabulary, dim: str) -> str | None:
    words = vocab.lexicon.superlatives[dim][2]
    scored = []
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "link") or c.name == "popularity" \
                or (c.years and not c.latest) or (c.role == "time" and dim not in ("age", "time")):
            continue  # a year is a date, no duration ("the longest" is no latest year)
        n = len(_column_words(c) & words)
        if n:
            scored.append((n, c.name))
    scored.sort(reverse=True)
    if len(scored) > 1 and scored[0][0] == scored[1][0]:
        # a tie of a whole and its part (`bodywt` up to 6654, `brainwt` up to 5.7, both kg): the whole,
        # when its values are ten times larger; otherwise no guess
        tied = [vocab.columns[n] for s, n in scored if s == scored[0][0]]
        same = lambda c, unit: float(c.max or 0) if c.unit == unit or not c.unit or not unit \
            else (convert(float(c.max or 0), c.unit, unit) or float(c.max or 0))  # noqa: E731 (a brain in g beside a body in kg)
        ref = next((c.unit for c in tied if c.unit), None)
        tied.sort(key=lambda c: -same(c, ref))
        a, b = tied[0], tied[1]
        if (a.unit == b.unit or convert(1.0, b.unit or "", a.unit or "") is not None) and a.max is not None \
                and b.max is not None and float(a.max) >= 10 * max(same(b, a.unit), 1e-9):
            return a.name
        ends = {"start", "end", "begin", "initial", "final", "finish", "starting", "ending"}
        bases = {frozenset(x for g in c.words if not set(g) & ends for x in g) for c in tied}
        starts = [c.name for c in tied if any(set(g) & {"start", "begin", "initial", "starting"} for g in c.words)]
        if len(bases) == 1 and len(starts) == 1:
            return starts[0]  # `StartSpeed` beside `EndSpeed`: "the fastest pitch" is as it left the hand
        size = sorted((len(c.words), c.name) for c in tied)  # `hp` before `hp_rpm`: the measure, not its qualifier
        if size[0][0] < size[1][0]:
            return size[0][1]
        return None
    if not scored:
        return _headcount(vocab) if dim == "population" else None
    return scored[0][1]


def _headcount(vocab: Vocabulary) -> str | None:
    """Where no column names a population, the one whole-number column that counts people by its
    name (`riders`, `voters`, `customers`): "the busiest days" are those with the most riders."""
    nouns = {x for x in vocab.lexicon.person_nouns if x.endswith("s") and x not in ("ones", "folks", "guys")}
    got = [c.name for c in vocab.columns.values() if c.type == "integer" and c.role not in ("id", "link", "time")
           and c.min is not None and float(c.min) >= 0 and _column_words(c) & nouns]
    return got[0] if len(got) == 1 else None


def read_dimension_superlatives(p: Parse, vocab: Vocabulary) -> None:
    w = p.words
    for dim, (more, less, _) in vocab.lexicon.superlatives.items():
        for phrases, descending in ((more, True), (less, False)):
            for a, b in phrases.find(w):
                if any(p.claimed[k] for k in range(a, b)):
                    continue
                named, e = _named_after(p, vocab, b, dim)  # "the shortest total care time": that column, not a length
                if not named and _qualifies_next(p, vocab, a, b):
                    continue  # "highest grossing", "highest paid": the superlative of the word after it, not a height
                chosen = _said_of(p, vocab, dim)
                own = chosen or dimension_column(vocab, dim, descending)
                if named and own and named != own and not _column_words(vocab.columns[named]) & vocab.lexicon.superlatives[dim][2] \
                        and not _measure_of(vocab, named, dim):
                    named, e = None, b  # "the hottest day" of daily weather: the temperature, not the `day` column
                col = named or own or (size_instead(vocab) if dim == "size" else None)
                if col is None:
                    col, e0 = named_before(p, vocab, a, b)  # "when was world sugar at its cheapest": of `sugar_world`
                    a = e0 if col else a
                if col is None:
                    continue
                if dim == "age" and vocab.columns[col].role == "time":
                    descending = not descending  # the oldest: the earliest year
                p.sort.append(SortHint(col, descending, " ".join(t.raw for t in p.toks[a:b])))
                p.claim(a, max(b, e))
                if col == chosen:  # the words that chose it ("at the company") are used up
                    own_words = _column_words(vocab.columns[col]) - _COUNTERS
                    for k, x in enumerate(w):
                        if not p.claimed[k] and (x in own_words or singular(x) in own_words) and x not in vocab.lexicon.stop:
                            p.claim(k, k + 1)


def _said_of(p: Parse, vocab: Vocabulary, dim: str) -> str | None:
    """Of several columns of a dimension, the one whose other words the message says anywhere ("who's
    been at the company the longest": `YearsAtCompany` of the columns counted in years)."""
    words = vocab.lexicon.superlatives[dim][2]
    said = {x for k, x in enumerate(p.words) if not p.claimed[k] and x.isalpha() and x not in vocab.lexicon.stop}
    said |= {singular(x) for x in said}
    cols = [c for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "link", "time")
            and c.name != "popularity" and _column_words(c) & words and not (c.years and not c.latest)]
    if len(cols) < 2:
        return None
    score = sorted(((len((_column_words(c) - words - _COUNTERS) & said), c.name) for c in cols), reverse=True)
    return score[0][1] if score[0][0] and score[0][0] > score[1][0] else None


_COUNTERS = {"day", "days", "month", "months", "week", "weeks", "year", "years", "number", "no", "num", "id", "rank",
             "hour", "hours", "date", "time", "season", "episode", "round", "game", "order", "index"}


def _measure_of(vocab: Vocabulary, col: str, dim: str) -> bool:
    """Can a superlative of ``dim`` be said of the column named after it ("the shortest waits" of
    `waiting`): a measure no dimension rules out, no calendar or counter (the `day` of "the hottest day")."""
    c = vocab.columns[col]
    dims = column_dimensions(vocab, c)
    return not (_column_words(c) & _COUNTERS) and (not dims or dim in dims) and c.role not in ("time", "id")


def _qualifies_next(p: Parse, vocab: Vocabulary, a: int, b: int) -> bool:
    """Is a general superlative ("highest", "lowest") said of the unread word after it ("highest
    grossing", "lowest paid") — a word that is no item noun, value or column word of this catalog?"""
    w = p.words
    if b - a != 1 or w[a] not in ("highest", "lowest", "greatest", "biggest", "largest") or b >= len(w):
        return False
    x = w[b]
    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    return not p.claimed[b] and x.isalpha() and x not in vocab.lexicon.stop and x not in nouns \
        and not vocab.lookup(x) and x not in column_vocabulary(vocab) and x.endswith(("ing", "ed"))


_AT_ITS = {"at", "its", "their", "his", "her", "the", "was", "were", "is", "are", "been", "being"}


def named_before(p: Parse, vocab: Vocabulary, a: int, b: int) -> tuple[str | None, int]:
    """The one number column named just before a superlative [a, b) that ends its clause ("world sugar at
    its cheapest?", "when was brent the highest") where no column is named after it and none has its
    dimension: (the column, where its words start)."""
    w = p.words
    if b < len(w) and not p.toks[b].punct and w[b] not in ("and", "or", "but", "in", "since", "during", "ever"):
        return None, a  # ("the biggest share of their body weight": said of what follows)
    end = a
    while end > 0 and (w[end - 1] in _AT_ITS or w[end - 1] in ("price", "prices", "cost", "value", "level")):
        end -= 1  # ("when was the dubai oil price highest")
    if end == a or end == 0:
        return None, a
    for s in range(max(0, end - 3), end):
        if any(p.claimed[k] or p.toks[k].punct for k in range(s, end)):
            continue
        cols = [c for c in columns_named(w[s:end], vocab, by_name_only=True)
                if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role not in ("id", "time", "date")]
        if len(cols) == 1:
            return cols[0], s
    return None, a


def _named_after(p: Parse, vocab: Vocabulary, b: int, dim: str | None = None) -> tuple[str | None, int]:
    """The one number column the 1–3 words after a superlative name, and where they end (of several
    named, the one of the superlative's dimension: "the widest river channel" is the channel's width)."""
    w = p.words
    starts = [(b, 3)] + ([(b + 2, 5)] if b + 2 < len(w) and w[b + 1] in ("in", "of", "for") and not p.claimed[b] else [])
    for s, n in starts:  # "the biggest capacity in seat km per week": the column the words after "in" name
        for e in range(min(len(w), s + n), s, -1):
            if any(p.claimed[k] or p.toks[k].punct for k in range(s, e)):
                continue
            cols = [c for c in columns_named(w[s:e], vocab, by_name_only=True)
                    if vocab.columns[c].type in ("integer", "real") and vocab.columns[c].role != "id"]
            if len(cols) > 1 and dim:
                cols = [c for c in cols if dim in column_dimensions(vocab, vocab.columns[c])] or cols
            if not cols and s > b and e - s >= 2:  # most of a long name said ("seat km per week" of `avail_seat_km_per_week`)
                said = set(w[s:e])
                cover = {c.name: sum(1 for g in c.words if said & set(g)) / len(c.words) for c in vocab.columns.values()
                         if c.type in ("integer", "real") and c.role != "id" and len(c.words) >= 3}
                top = max(cover.values(), default=0)
                cols = [c for c, x in cover.items() if x == top] if top >= 0.6 else []
            if len(cols) == 1:
                if s > b:
                    p.claim(b, s)
                return cols[0], e
    if dim:  # "the widest river channel": of the dimension's columns, the one a word after it names in part
        after = [k for k in range(b, min(len(w), b + 3)) if not p.claimed[k] and not p.toks[k].punct]
        hits = {}
        for c in vocab.columns.values():
            if c.type in ("integer", "real") and c.role != "id" and dim in column_dimensions(vocab, c):
                ks = [k for k in after if any(w[k] in g or any(len(x) >= 3 and w[k].startswith(x) for x in g)
                                              for g in c.words) or any(w[k].startswith(g) for g, _, _ in glued_words(c))]
                if ks:
                    hits[c.name] = max(ks) + 1
        if len(hits) == 1:
            return next(iter(hits.items()))
    # "who got the biggest raise?" (`percent_incr`): the one word after it names a column by meaning
    nouns = DOMAIN_NOUNS | {vocab.domain, noun_plural(vocab.domain)}
    named = {singular(x) for x in name_words(getattr(vocab, "name", "") or "")}  # "bird-nests": birds are the items
    if b < len(w) and not p.claimed[b] and not p.toks[b].punct and w[b].isalpha() and w[b] not in nouns \
            and singular(w[b]) not in named \
            and w[b] not in vocab.lexicon.stop and not vocab.lookup(w[b]):
        cols = nearest_column([w[b]], vocab, numeric=True)
        if cols:
            return cols[0], b + 1
    return None, b


_DIMENSION_NOUNS = {"weight": "weight", "mass": "weight", "size": "size", "area": "size", "length": "length",
                    "distance": "length", "duration": "duration", "height": "height", "speed": "speed", "age": "age",
                    "population": "population"}


def bind_by_dimension(p: Parse, vocab: Vocabulary, i: int, lo: int, hi: int) -> tuple[str | None, str, float]:
    """"weight at least 1" on a `carats` column: a dimension's noun beside the number names the one
    column of that dimension whose range holds the number."""
    v, w = num(p.words[i]), p.words
    for k in sorted(range(lo, hi), key=lambda k: abs(k - i)):
        dim = _DIMENSION_NOUNS.get(w[k])
        if dim is None or p.claimed[k] or dim not in vocab.lexicon.superlatives:
            continue
        col = dimension_column(vocab, dim)
        c = vocab.columns.get(col) if col else None
        if c is None or v is None or c.min is None or not float(c.min) <= v / (c.scale or 1.0) <= float(c.max):
            continue
        p.claim(k, k + 1)
        return c.name, c.role, 1.0 / (c.scale or 1.0)
    return None, "", 1.0


def just_beyond(v: float, c) -> bool:
    """A value just above a column's range ("higher than 10,000 feet" on altitudes up to 9,078):
    asked beyond the values, in the unit it was said in — not the same value in another unit."""
    return c.max is not None and float(c.max) < v <= 1.25 * float(c.max)


def unitless_factor(vocab: Vocabulary, c, unit: str, v: float | None) -> float | None:
    """A column with no unit, of the dimension the user's unit measures (a `length` column of films
    and "minutes"): the factor from the user's unit to the unit of that dimension whose values the
    column's range holds (100 minutes → 100 of a column of 60–200; 2 hours → 120), or None."""
    if c.unit or v is None or c.min is None or c.max is None:
        return None
    dims = unit_dimensions(vocab, unit)
    if not dims or not dims & column_dimensions(vocab, c):
        return None
    lo, hi = float(c.min), float(c.max)
    if just_beyond(v, c):
        return 1.0
    edge = 0.01 * (hi - lo)  # a conversion that lands at the very edge of the range is no fit (10,000 ft as 1.9 mi)
    fits, specialist = [], []
    units = units_data().get("units", {})
    metric = units.get(unit, {}).get("imperial") and metric_catalog(vocab)
    for other in units:
        if units[other].get("reference"):
            continue  # "longer than a marathon": no column is kept in marathons (nor in ksi)
        if metric and (other == unit or units[other].get("imperial")):
            continue  # "deeper than 3 miles" of a catalog written in Spanish: its depths are in km, not miles
        to = None if other == unit or not v else convert(v, unit, other)  # a scale with its own zero (°C → °F):
        f = 1.0 if other == unit else (None if to is None else to / v)  # the factor for this value
        if f is not None and f != 0 and (lo <= v * f <= hi if f == 1.0 else lo + edge <= v * f <= hi - edge):
            if f != 1.0 and units[other].get("specialist"):
                specialist.append((True, f))
                continue
            fits.append((f != 1.0, f))
            if other in (units[unit].get("to") or {}) and units[unit].get("reference"):
                return f  # a marathon is 42.195 km: where km fit, the unit it is defined in
    spec = {f for _, f in specialist}
    # a unit of one trade (knots, m/s) is read only where no everyday one fits; beside the value as said,
    # it still counts as another reading ("faster than 100 km/h" on speeds up to 110: as said)
    fits = fits + specialist if any(f == 1.0 for _, f in fits) else fits or specialist
    if not fits and (lo > 0 and lo / 10 < v < hi * 10 or lo <= 0 and v < hi * 10):
        return 1.0  # "higher than 10,000 feet" on altitudes up to 9,078: beyond the range as said
    if not fits and lo > 0 and v > 0:
        # "heavier than 4 ounces" on masses of 58–82 (grams): no reading falls among them; the one that
        # lands nearest (113 g, not 0.11 kg), within three times the range — nothing is that heavy
        near = []
        for other in units:
            to = convert(v, unit, other) if other != unit and not units[other].get("reference") else None
            if to and to > 0:
                gap = lo / to if to < lo else to / hi if to > hi else 1.0
                near.append((gap, to / v))
        if near and min(near)[0] <= 3.0:
            return min(near)[1]
    if len(fits) > 1 and min(fits)[1] == 1.0 and not _in_bulk(vocab, c.name, v):
        # "more than an ounce" on a `Mass` whose values are 0.9–54 (grams): 1 as said would keep every
        # item; the value converted falls among them
        inside = [f for conv, f in fits if conv and _in_bulk(vocab, c.name, v * f)]
        if len(inside) > 1 and _far_outside(vocab, c.name, v):
            # "300 kN" on thrusts of 27,000–410,000 among readings in newtons, pounds-force, …: the unit kN is
            # defined in (not "faster than 100 km/h" just past speeds of up to 90: as said)
            own = [convert(v, unit, t) / v for t in (units[unit].get("to") or {}) if v and convert(v, unit, t) is not None]
            inside = [f for f in inside if any(abs(f - o) < 1e-9 * max(1.0, abs(o)) for o in own)] or inside
        if len(inside) == 1 and inside[0] not in spec:
            return inside[0]
    fits = [x for x in fits if x[1] not in spec] or fits  # (a trade's unit only counted as another reading)
    if len(fits) > 1 and not _in_bulk(vocab, c.name, v, 0.1):  # as said, among the column's middle values: kept
        # "more than 5 km of vegetation buffer" on a `VegWidth` of 0–6177 beside a `FloodwayWidth` of
        # 1440–9436: columns of one dimension share their unit; the reading their ranges hold
        dims = column_dimensions(vocab, c)
        sib = [o for o in vocab.columns.values() if o.name != c.name and not o.unit and o.type in ("integer", "real")
               and o.min is not None and o.max is not None and float(o.min) > 0 and column_dimensions(vocab, o) & dims]
        if sib:
            held = {f: sum(float(o.min) <= v * f <= float(o.max) for o in sib) for _, f in fits}
            top = max(held.values())
            if top and list(held.values()).count(top) == 1:
                return next(f for f, n in held.items() if n == top)
    if len(fits) > 1 and all(conv for conv, _ in fits):
        same = [f for _, f in fits if _power_of_ten(abs(f))]
        if len(same) == 1:
            return same[0]  # "10,000 m" on a unitless distance: km (metres' own system), not miles
    if len(fits) > 1 and all(conv for conv, _ in fits) and c.median and c.median > 0 and v > 0:
        # "recurrence-free longer than 6 years" on a `time` of 8–2,659 (median 1,084): days, not months
        return min((abs(math.log(v * f / c.median)), f) for _, f in fits)[1]
    return min(fits)[1] if fits else None


def metric_catalog(vocab: Vocabulary) -> bool:
    """Is the catalog written in a language of metric countries (its headers' words are another
    language's: `Profundidad`, `Magnitud`)? Then a number no unit was written for is in metric units."""
    got = vocab.__dict__.get("_metric_catalog")
    if got is None:
        foreign = units_data().get("foreign", {})
        got = vocab.__dict__["_metric_catalog"] = sum(
            1 for c in vocab.columns.values() for x in name_words(c.name) if x in foreign
            and (word_rank(x) or 10 ** 9) > 20000) >= 2
    return got


def guessed_unit_factor(c, unit: str, v: float | None) -> float | None:
    """A column whose unit only its noun implies (`Weight` taken for kg, `area` for km²), where the
    value said does not come near its values in that unit: the factor from the said unit to the unit
    it does come near — a power-of-ten sibling of the guess first ("over 1.5 kg" of hawks weighing
    56–2030: grams; "over 3 kilos": 3000 g, beyond them all), else the one unit that lands inside
    ("300 square meters" of houses of 1094–6178: square feet). None keeps the guess."""
    if not c.unit or v is None or c.min is None or c.max is None or v <= 0:
        return None
    if unit_in_header(c):
        return None  # the header writes its unit: no guess
    conv = convert(1.0, unit, c.unit)
    lo, hi = float(c.min), float(c.max)
    if conv is None or lo <= 0 or lo / 2 <= v * conv <= hi * 2:
        return None
    factors = _factors().get(unit, {}) | {unit: 1.0}
    tens = [f for u, f in factors.items() if u != c.unit and _power_of_ten(f / conv) and lo / 2 <= v * f <= hi * 2]
    if len(tens) == 1:
        return tens[0]
    inside = [f for u, f in factors.items() if u != c.unit and lo <= v * f <= hi]
    return inside[0] if len(inside) == 1 else None


def unit_in_header(c) -> bool:
    """Does the column's header write its unit (`size_mb`, `weight_kg`), so no value said can show another?"""
    return any(unit_for_word(x) for x in name_words(c.name))


def _power_of_ten(x: float) -> bool:
    e = np.log10(x) if x > 0 else 0.5
    return abs(e - round(e)) < 1e-6 and round(e) != 0


def _far_outside(vocab: Vocabulary, col: str, x: float) -> bool:
    """Is x an order of magnitude beyond the column's 2nd–98th percentiles?"""
    vals = numeric_values(vocab, col)
    if len(vals) < 10:
        return False
    lo, hi = np.quantile(vals, [0.02, 0.98])
    return x < float(lo) / 10 or x > float(hi) * 10


def _in_bulk(vocab: Vocabulary, col: str, x: float, tail: float = 0.02) -> bool:
    """Does x fall among the column's values (between its 2nd and 98th percentiles, or the ``tail`` given)?"""
    vals = numeric_values(vocab, col)
    if len(vals) < 10:
        return True
    lo, hi = np.quantile(vals, [tail, 1 - tail])
    return float(lo) <= x <= float(hi)


def unit_thousands(c, v0: float | None, conv: float) -> float:
    """"over 3000 sq ft" on a `SquareFeet` of 0.7–3.4: a column of small values kept in thousands (or
    millions) of its unit, where a number said in the thousands falls among them so; else 1."""
    if v0 is None or c.min is None or c.max is None or v0 < 1000 or float(c.max) >= 100 \
            or float(c.min) <= v0 * conv <= 1.5 * float(c.max):
        return 1.0
    return next((div for div in (1e3, 1e6) if float(c.min) <= v0 * conv / div <= 1.5 * float(c.max)), 1.0)
