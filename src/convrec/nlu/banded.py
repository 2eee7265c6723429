"""Values that are ranges of a number ("2_11-20", "3_21-50", "4_51+"; "1_98-98.9F", "4_100F+"; "18-24",
"65+"): a comparison said of such a column ("an ESR over 20", "a temperature below 37.2 °C",
"an ESR that wasn't above 50") picks the values whose whole range meets it. The column is named by
its words right before or after the comparison; a unit letter in the values (F, C) converts a
temperature said in the other scale."""

from __future__ import annotations

import math
import re

from convrec.catalog.meaning import convert, unit_for_word
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary

_PREFIX = re.compile(r"^\s*\d{1,2}\s*[:_.)]\s*")
_RANGE = re.compile(r"^(-?\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(-?\d+(?:\.\d+)?)\s*([A-Za-z°%]{0,3})$")
_PLUS = re.compile(r"^(-?\d+(?:\.\d+)?)\s*([A-Za-z°%]{0,3})\s*\+$")
_SCALES = {"f": "fahrenheit", "°f": "fahrenheit", "c": "celsius", "°c": "celsius"}


def _band(value: str) -> tuple[float, float, str] | None:
    v = _PREFIX.sub("", str(value)).strip()
    m = _RANGE.match(v)
    if m:
        return float(m.group(1)), float(m.group(2)), m.group(3).lower()
    m = _PLUS.match(v)
    if m:
        return float(m.group(1)), math.inf, m.group(2).lower()
    return None


def banded_columns(vocab: Vocabulary) -> dict[str, list[tuple[str, float, float, str]]]:
    """column → (value, low, high, unit letters) for category columns whose values are mostly ranges."""
    got = vocab.__dict__.get("_banded")
    if got is None:
        got = {}
        for c in vocab.columns.values():
            if c.role not in ("category", "other") or c.type != "text" or c.name not in vocab.items:
                continue
            vals = [str(x) for x in vocab.items[c.name].dropna().unique()][:60]
            bands = [(v, *b) for v in vals for b in [_band(v)] if b]
            if len(bands) >= 2 and len(bands) >= 0.8 * len(vals):
                got[c.name] = bands
        vocab.__dict__["_banded"] = got
    return got


_OVER = (("and", "over"), ("and", "older"), ("or", "older"), ("or", "over"), ("and", "up"), ("plus",), ("+",))
_AGE_TAIL = {"year", "years", "yr", "old", "olds", "year-olds", "aged"}


def _band_ranges(p: Parse, vocab: Vocabulary, cols: dict) -> None:
    """"females 25-29", "aged 30 to 34", "40-44 year olds", "65 and over": a range (or an open top) said
    of a column of bands is the bands inside it — the column its words name nearby, else the one column
    that has that very band."""
    w = p.words
    last = (-1, False)  # where the last band said ended, and whether it was ruled out
    for i in range(len(w)):
        a = num(w[i])
        if a is None or p.claimed[i] or (i > 0 and w[i - 1] in ("between", "from")):
            continue  # ("between 30 and 34": a comparison's reader)
        b, end = None, i + 1
        if i + 2 < len(w) and w[i + 1] == "to" and num(w[i + 2]) is not None:
            b, end = num(w[i + 2]), i + 3
        elif i + 1 < len(w) and num(w[i + 1]) is not None and p.toks[i + 1].start - p.toks[i].end == 1 \
                and any(lo == a and hi == num(w[i + 1]) for c in cols for _, lo, hi, _ in cols[c]):
            b, end = num(w[i + 1]), i + 2  # "25-29" as a column writes its band
        else:
            for tail in _OVER:
                if tuple(w[i + 1:i + 1 + len(tail)]) == tail:
                    b, end = math.inf, i + 1 + len(tail)
                    break
        if b is None or b <= a or any(p.claimed[k] for k in range(i, end)):
            continue
        near = set(w[max(0, i - 4):i]) | set(w[end:end + 3])
        named = [c for c in cols if any(set(g) & near for g in vocab.columns[c].words)]
        exact = [c for c in cols if any(lo == a and hi == b for _, lo, hi, _ in cols[c])]
        col = named[0] if len(named) == 1 else exact[0] if len(exact) == 1 else None
        keep = [v for v, lo, hi, _ in cols.get(col, []) if lo >= a and hi <= b]
        if not keep:
            continue
        while end < len(w) and w[end] in _AGE_TAIL:
            end += 1  # "40-44 year olds"
        text = " ".join(t.raw for t in p.toks[i:end])
        out = p.negated(i) or (last[1] and last[0] <= i - 1 and all(x in ("and", "or", "nor", ",") for x in w[last[0]:i]))
        p.numbers.append((Span(i, end), Condition(col, "not_in" if out else "in", tuple(keep), text, vocab.columns[col].role)))
        p.claim(i, end)  # ("except 15-19 and 20-24": both ruled out)
        last = (end, out)


def read_banded_values(p: Parse, vocab: Vocabulary) -> None:
    cols = banded_columns(vocab)
    if not cols:
        return
    _band_ranges(p, vocab, cols)
    lex, w = vocab.lexicon, p.words
    for i, x in enumerate(w):
        v = num(x)
        if v is None or p.claimed[i]:
            continue
        op, start = None, i
        for sym in (">", ">=", "<", "<="):
            n = lex.compare[sym].ends_at(w, i)
            if n:
                op, start = sym, i - n
                break
        if op is None:
            continue
        near = set(w[max(0, start - 4):start]) | set(w[i + 1:i + 4])
        named = [c for c in cols if any(set(g) & near for g in vocab.columns[c].words)]
        if len(named) != 1:
            continue
        col = named[0]
        end = i + 1
        said_unit = unit_for_word(w[end]) if end < len(w) else None
        if said_unit:
            end += 1
        if p.negated(start):
            op = {">": "<=", ">=": "<", "<": ">=", "<=": ">"}[op]
        keep = []
        for value, lo, hi, unit in cols[col]:
            scale = _SCALES.get(unit)
            x2 = convert(v, said_unit, scale) if said_unit and scale and said_unit != scale else v
            if x2 is None:
                x2 = v
            ok = {">": lo > x2, ">=": lo >= x2, "<": hi < x2, "<=": hi <= x2}[op]
            if ok:
                keep.append(value)
        if not keep:
            continue
        text = " ".join(t.raw for t in p.toks[start:end])
        p.numbers.append((Span(start, end), Condition(col, "in", tuple(keep), text, vocab.columns[col].role)))
        p.claim(start, end)
        own = {y for g in vocab.columns[col].words for y in g}
        for k in list(range(max(0, start - 4), start)) + list(range(end, min(len(w), end + 3))):
            if w[k] in own and not p.claimed[k]:
                p.claim(k, k + 1)  # "an ESR over 20": the column's word read with it
