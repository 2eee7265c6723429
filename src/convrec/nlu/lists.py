"""A list of one column's values read as one list: "no H, I or J colours" — the negation before
the first value holds for the whole list (a comma ends a negation's scope elsewhere: "no horror,
comedy please"), and a word inside the list that is a value of that column as written is one
("I", which is otherwise a pronoun). Only a list that a conjunction closes ("… or J", "… and J")."""

from __future__ import annotations

from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_SEPARATORS = {",", "or", "and", "nor", "/", "&"}
_CLOSERS = {"or", "and", "nor"}


def read_value_lists(p: Parse, vocab: Vocabulary) -> None:
    vals = sorted((v for v in p.values if len(v[1]) == 1 and v[1][0]), key=lambda v: v[0].start)
    for (a, ga, _), (b, gb, _) in zip(vals, vals[1:]):
        col = ga[0][0].column
        if gb[0][0].column != col or ga[0][0].role not in ("category", "tag", "creator"):
            continue
        gap = range(a.end, b.start)
        inner = []
        ok = any(p.words[k] in _CLOSERS for k in gap)
        for k in gap:
            if p.words[k] in _SEPARATORS:
                continue
            hits = [h for h in vocab.lookup(p.words[k]) if h.column == col and h.value == p.toks[k].raw] \
                if not p.claimed[k] else []
            if not hits:
                ok = False
                break
            inner.append((k, hits))
        if not ok:
            continue
        for k, hits in inner:
            p.values.append((Span(k, k + 1), [hits], p.toks[k].raw))
            p.claim(k, k + 1)
        if p.negated(a.start) and not p.negated(b.start):
            p.negated_spans.append(Span(a.end, b.end))
