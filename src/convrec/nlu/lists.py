"""A list of one column's values read as one list: "no H, I or J colours" — the negation before
the first value holds for the whole list (a comma ends a negation's scope elsewhere: "no horror,
comedy please"), and a word inside the list that is a value of that column as written is one
("I", otherwise a pronoun; "M", otherwise a unit). Only a list that a conjunction closes
("… or J", "… and J")."""

from __future__ import annotations

from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_SEPARATORS = {",", "or", "and", "nor", "/", "&"}
_CLOSERS = {"or", "and", "nor"}


def read_value_lists(p: Parse, vocab: Vocabulary) -> None:
    starts = {v[0].start: v for v in p.values if len(v[1]) == 1 and v[1][0]}
    for a, groups, _ in sorted(starts.values(), key=lambda v: v[0].start):
        col = groups[0][0].column
        if groups[0][0].role not in ("category", "tag", "creator"):
            continue
        k, items, closed, end = a.end, [], False, a.end
        while k < len(p.words):
            x = p.words[k]
            if x in _SEPARATORS:
                closed = closed or x in _CLOSERS
                k += 1
                continue
            said = starts.get(k)
            if said is not None and said[1][0][0].column == col:
                items.append((k, said[0].end, None))
                k = said[0].end
            elif not p.claimed[k] and (hits := [h for h in vocab.lookup(x) if h.column == col and h.value == p.toks[k].raw]):
                items.append((k, k + 1, hits))
                k += 1
            else:
                break
            end = k
            if closed:
                break
        if not closed or not items:
            continue
        for s, e, hits in items:
            if hits:
                p.values.append((Span(s, e), [hits], p.toks[s].raw))
                p.claim(s, e)
        if p.negated(a.start):
            p.negated_spans.append(Span(a.end, end))
