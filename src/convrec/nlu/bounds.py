"""Bounds said after a number: "about an hour and a half, nothing longer", "3 bedrooms, no more" —
the number before the phrase is an upper (or lower) bound on its column, not a band or an exact
value (phrases: lexicon ``[compare] cap_after / floor_after``)."""

from __future__ import annotations

from dataclasses import replace

from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary


def read_caps(p: Parse, vocab: Vocabulary) -> None:
    """"about an hour and a half, nothing longer", "3 bedrooms, no more": the number said before
    it is an upper (or lower) bound on its column, not a band or an exact value."""
    lex, w = vocab.lexicon, p.words
    for phrases, op in ((lex.cap_after, "<="), (lex.floor_after, ">=")):
        for a, b in phrases.find(w):
            before = [(k, sp, c) for k, (sp, c) in enumerate(p.numbers) if sp.end <= a and c.op in ("=", ">=", "<=")]
            if not before or any(p.claimed[x] for x in range(a, b)):
                continue
            col = before[-1][2].column
            same = [(k, sp, c) for k, sp, c in before if c.column == col and sp == before[-1][1]]
            vals = [c.value for _, _, c in same]
            mid = (min(vals) + max(vals)) / 2 if len(vals) == 2 else vals[0]  # a band's middle is the number said
            keep = [x for x in range(len(p.numbers)) if x not in {k for k, _, _ in same}]
            sp0 = same[0][1]
            p.numbers = [p.numbers[x] for x in keep] + [(sp0, replace(same[0][2], op=op, value=float(mid)))]
            p.claim(a, b)
            p.negated_spans = [s for s in p.negated_spans if not a <= s.start < b]
