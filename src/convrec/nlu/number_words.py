"""Numbers said in words where a quantity is meant: "three bedroom house", "two or more
bathrooms", "at least two baths", "a one-storey place" — the word is read as its digits (the raw
text stays) when a measure of this catalog follows it, or a comparison stands before or after it.
Elsewhere a number word keeps its other readings ("two comedies" is a count of items, "the
cheapest one" is one item, "one of the best" no number at all).
"""

from __future__ import annotations

from convrec.nlu.reading import Parse, measure_words
from convrec.nlu.vocab import Vocabulary


def read_number_words(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    if not any(x in lex.number_words or x in ("a", "an") for x in w):
        return
    measures = measure_words(vocab)
    from convrec.catalog.meaning import unit_for_word

    for i, x in enumerate(w):
        if x in ("a", "an") and not p.claimed[i] and i + 1 < len(w) and unit_for_word(w[i + 1]) is not None \
                and any(lex.compare[o].ends_at(w, i) for o in lex.compare):
            w[i] = "1"  # "more than an ounce", "thicker than an inch": one of the unit
            continue
        n = lex.number_words.get(x)
        if n is None or p.claimed[i] or x == "a":
            continue
        k = i + 1
        while k < len(w) and w[k] in ("-", "full", "whole"):
            k += 1
        measured = k < len(w) and w[k] in measures
        before = any(lex.compare[o].ends_at(w, i) for o in lex.compare)
        after = any(lex.compare[o].match_at(w, i + 1) for o in lex.compare)
        if measured or (x != "one" and (before or after)):
            w[i] = str(n)
