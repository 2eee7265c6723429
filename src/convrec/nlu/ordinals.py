"""Graded values compared: "VS1 or better", "better than a B", "PG-13 or lower", "at least Good".

A column whose values are graded has its order from prepare time (``ColumnInfo.order``, low →
high; :func:`convrec.catalog.meaning.value_order` or the schema file). A value of such a column
said with a comparison before or after it becomes every value on that side of it (the "in"
condition of the values), so the tools filter and verify it like any other value list; a grade
past the end of the scale ("better than the best") keeps no value and the reply says nothing fits.
"""

from __future__ import annotations

from convrec.catalog.meaning import fold_value
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary

_ARTICLES = ("a", "an", "the", "grade", "level")


def _side(order: tuple[str, ...], k: int, op: str) -> tuple[str, ...]:
    return {">": order[k + 1:], ">=": order[k:], "<": order[:k], "<=": order[:k + 1]}[op]


def _comparison(p: Parse, vocab: Vocabulary, span: Span) -> tuple[str, int, int] | None:
    """(op, start, end) of the comparison said with the value at ``span``, or None."""
    lex, w = vocab.lexicon, p.words
    best: tuple[int, str, int, int] | None = None
    for op, ph in lex.ordinal_after.items():
        n = ph.match_at(w, span.end)
        if n and not any(p.claimed[x] for x in range(span.end, span.end + n)) and (best is None or n > best[0]):
            best = (n, op, span.end, span.end + n)
    if best is None and span.end < len(w) and p.toks[span.end].raw == "+":
        best = (1, ">=", span.end, span.end + 1)  # "VS2+"
    if best is not None:
        return best[1], best[2], best[3]
    j = span.start
    while j > 0 and w[j - 1] in _ARTICLES:
        j -= 1
    for op, ph in lex.ordinal_before.items():
        n = ph.ends_at(w, j)
        if n and not any(p.claimed[x] for x in range(j - n, j)) and (best is None or n > best[0]):
            best = (n, op, j - n, j)
    return (best[1], best[2], best[3]) if best else None


def read_ordinals(p: Parse, vocab: Vocabulary) -> None:
    """Turn a graded value said with a comparison into the values on that side of it."""
    ordered = {c.name: c.order for c in vocab.columns.values() if c.order}
    if not ordered:
        return
    _unread_grades(p, vocab, ordered)
    for idx, (span, groups, raw) in enumerate(list(p.values)):
        cols = {h.column for g in groups for h in g}
        if len(groups) != 1 or len(cols) != 1 or next(iter(cols)) not in ordered:
            continue
        col = next(iter(cols))
        order = ordered[col]
        pos = {fold_value(v): k for k, v in enumerate(order)}
        ks = [pos[fold_value(h.value)] for h in groups[0] if fold_value(h.value) in pos]
        if not ks:
            continue
        toks = p.toks
        sign = span.end < len(toks) and toks[span.end].raw in ("+", "-") and toks[span.end].start == toks[span.end - 1].end \
            and not p.claimed[span.end]
        written = fold_value(raw + toks[span.end].raw) if sign else fold_value(raw)
        if sign and written in pos:  # "B+ or better": the grade with its sign, not the letter's family
            ks, span = [pos[written]], Span(span.start, span.end + 1)
        elif written in pos and len(ks) > 1:
            ks = [pos[written]]  # "B or higher": B itself, not B-
        said = _comparison(p, vocab, span)
        if said is None:
            continue
        op, a, b = said
        k = min(ks) if op in (">", ">=") else max(ks)
        keep = _side(order, k, op)
        role = groups[0][0].role
        hits = [ValueHit(col, v, 0, role) for v in keep] or [ValueHit(col, "\u2205", 0, "presence")]
        start, end = min(a, span.start), max(b, span.end)
        info = vocab.columns[col]
        words = {x for g in info.words for x in g}
        if start > 0 and p.words[start - 1] in words and not p.claimed[start - 1]:
            start -= 1  # "cut no better than good": the column's word goes with its grade
        elif start > 1 and p.words[start - 1] == "of" and p.words[start - 2] in words and not p.claimed[start - 2]:
            start -= 2  # "a grade of C or worse"
        if end < len(p.words) and p.words[end] in words and not p.claimed[end]:
            end += 1
        p.values[idx] = (Span(start, end), [hits], " ".join(t.raw for t in p.toks[start:end]))
        p.claim(start, end)
        # "no better than", "not above": the comparison's own negative is no negation of the value
        p.negated_spans = [s for s in p.negated_spans if not a <= s.start < b]


def _unread_grades(p: Parse, vocab: Vocabulary, ordered: dict[str, tuple[str, ...]]) -> None:
    """Graded values no other reader took because they are everyday words ("good", "fair",
    "new"), read where a comparison stands beside them ("no better than good")."""
    lex, w = vocab.lexicon, p.words
    grades: dict[str, list[tuple[str, str]]] = {}
    for col, order in ordered.items():
        for v in order:
            grades.setdefault(fold_value(v), []).append((col, v))
    said: list[tuple[int, int]] = []
    toks = p.toks
    for j in range(len(w) - 1):  # "A- rated pollsters": a grade written with its sign is that grade
        if len(toks[j].raw) == 1 and toks[j].raw.isalpha() and toks[j + 1].raw in ("+", "-") \
                and toks[j + 1].start == toks[j].end and (j + 2 >= len(w) or not w[j + 2].isalnum()
                                                          or toks[j + 2].start > toks[j + 1].end):
            found = grades.get(fold_value(toks[j].raw + toks[j + 1].raw), [])
            if len({c for c, _ in found}) == 1 and not p.claimed[j] and not p.claimed[j + 1]:
                p.values.append((Span(j, j + 2), [[ValueHit(found[0][0], found[0][1], 0, "category")]],
                                 toks[j].raw + toks[j + 1].raw))
                p.claim(j, j + 2)
    for j in range(len(w) + 1):
        if any(ph.ends_at(w, j) for ph in lex.ordinal_before.values()):
            k = j
            while k < len(w) and w[k] in _ARTICLES:
                k += 1
            said += [(k, k + n) for n in (3, 2, 1)]
        if j < len(w) and any(ph.match_at(w, j) for ph in lex.ordinal_after.values()):
            said += [(j - n, j) for n in (3, 2, 1)]
    for a, b in said:
        if a < 0 or b > len(w) or any(p.claimed[x] or p.toks[x].punct for x in range(a, b)):
            continue
        found = grades.get(fold_value(" ".join(t.raw for t in p.toks[a:b])), [])
        if len({c for c, _ in found}) == 1:
            p.values.append((Span(a, b), [[ValueHit(found[0][0], found[0][1], 0, "category")]],
                             " ".join(t.raw for t in p.toks[a:b])))
            p.claim(a, b)
