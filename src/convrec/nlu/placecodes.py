"""Places said where a catalog keeps them as one-letter codes: "billionaires from europe", "the middle
east", "americans", "not from the US or Europe" of a `region` column holding U, E, A, M, O.

A place the lexicon knows (a country, a world region, a people's adjective: the ``[values]`` of the
lexicon) that no value of the catalog spells is the one code of a place column its name starts with
(Europe → E, Middle East → M, the United States / USA / US → U). Only columns headed by a word of place
(region, continent, country, origin…), of a few one-letter codes; only where every name the lexicon
gives the place starts with the same letter and one column holds that letter. The letter is a
reading of the code, not a fact the catalog states: the reply shows the code read, and a negation
around the place excludes it as it would any value."""

from __future__ import annotations

from convrec.catalog.text import norm
from convrec.nlu.codes import _letter_columns, _letter_hit
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

PLACE_HEADS = {"region", "regions", "continent", "continents", "area", "areas", "zone", "zones", "location", "country",
               "countries", "nation", "nations", "origin", "place", "home", "territory", "world", "geography", "geo"}
"""Header words that say a column holds places."""


def place_code_columns(vocab: Vocabulary) -> dict[str, list[str]]:
    """Columns of one-letter codes headed by a word of place → their letters, once per catalog."""
    got = vocab.__dict__.get("_place_code_columns")
    if got is None:
        got = {}
        for col, letters in _letter_columns(vocab).items():
            info = vocab.columns.get(col)
            words = set(norm(info.label or col).split()) | {x for g in info.words for x in g[:1]} if info else set()
            if words & PLACE_HEADS:
                got[col] = letters
        vocab.__dict__["_place_code_columns"] = got
    return got


def read_place_initials(p: Parse, vocab: Vocabulary) -> None:
    cols = place_code_columns(vocab)
    if not cols:
        return
    lex, w = vocab.lexicon, p.words
    for n in (3, 2, 1):
        for i in range(len(w) - n + 1):
            if any(p.claimed[k] for k in range(i, i + n)):
                continue
            names = lex.values.get(" ".join(w[i:i + n]))
            if not names or any(vocab.lookup(x) for x in names):
                continue  # a place the catalog spells is read as its value
            initials = {x.strip()[0].upper() for x in names if x.strip()[:1].isalpha() and "|" not in x}
            if len(initials) != 1:
                continue
            letter = initials.pop()
            hits = [col for col, letters in cols.items() if letter in letters]
            if len(hits) != 1:
                continue
            p.values.append((Span(i, i + n), [[_letter_hit(vocab, hits[0], letter)]], " ".join(t.raw for t in p.toks[i:i + n])))
            p.claim(i, i + n)
