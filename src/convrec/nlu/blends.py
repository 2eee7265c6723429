"""A name made of the first letters of a value's words, run together ("Pemex" of Petróleos Mexicanos,
"Nabisco" of National Biscuit Company, "Amtrak"-style blends): the short form people say for an
institution a catalog writes out in full.

A word the user wrote with a capital, that no value, title or common English word is, is read as the
one multi-word value whose words it splits into the beginnings of — two or more pieces of two letters
or more, the first piece the first word's, the pieces in the words' order (words may be skipped, as
"National" is in many such names). Only a single value of the catalog may fit.
"""

from __future__ import annotations

from convrec.catalog.text import COMMON_WORD_RANK, norm, word_rank
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary


def _named_values(vocab: Vocabulary) -> list[tuple[list[str], ValueHit]]:
    """(the capitalised words of the value, lower case; the value) for category values of two such words or more."""
    got = vocab.__dict__.get("_blend_values")
    if got is None:
        got, seen = [], set()
        for hits in vocab.values.values():
            for h in hits:
                key = (h.column, str(h.value))
                if h.role != "category" or key in seen:
                    continue
                seen.add(key)
                caps = [norm(x) for x in str(h.value).split() if x[:1].isupper() and x.isalpha()]
                if len(caps) >= 2:
                    got.append((caps, h))
        vocab.__dict__["_blend_values"] = got
    return got


def _splits(token: str, words: list[str], wi: int = 0, first: bool = True) -> bool:
    """Can ``token`` be cut into beginnings (two letters or more) of ``words[wi:]``, in order, starting
    with ``words[wi]`` when ``first``, at least two pieces?"""
    if not token:
        return not first
    for k in range(wi, len(words) if not first else wi + 1):
        w = words[k]
        for n in range(min(len(w), len(token)), 1, -1):
            if w[:n] == token[:n] and (n < len(token) and _splits(token[n:], words, k + 1, False)
                                       or (n == len(token) and not first)):
                return True
    return False


def read_blended_names(p: Parse, vocab: Vocabulary) -> None:
    values = _named_values(vocab)
    if not values:
        return
    for i, t in enumerate(p.toks):
        raw = t.raw
        x = p.words[i]
        if p.claimed[i] or t.punct or not raw[:1].isupper() or not x.isalpha() or not 5 <= len(x) <= 10 \
                or (word_rank(x) or 10 ** 9) < COMMON_WORD_RANK or vocab.lookup(x):
            continue
        fits = [h for words, h in values if _splits(x, words)]
        if len({(h.column, str(h.value)) for h in fits}) == 1:
            p.values.append((Span(i, i + 1), [fits[:1]], raw))
            p.claim(i, i + 1)
