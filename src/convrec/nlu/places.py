"""Words of a short free-text column said after "from", "in", "at" ("bakers from london" on a
`hometown` of "North London", "Essex", "Milton Keynes"): a condition on that column's words.

Such a column is too varied to be a category and too short to be a description, so neither reader
takes it; a word said after a preposition of place that the column's values use (and no other
column's) names it. Only columns of short values (at most four words), only unclaimed words."""

from __future__ import annotations

from collections import Counter

from convrec.catalog.text import norm
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary
from convrec.tools.filters import stem_of

_PLACE_BEFORE = {"from", "in", "at", "near", "around", "outside", "of"}


def place_words(vocab: Vocabulary) -> dict[str, Counter]:
    """column → stems of its values' words and how many items carry each."""
    got = vocab.__dict__.get("_place_words")
    if got is None:
        got = {}
        stop = vocab.lexicon.stop
        for c in vocab.columns.values():
            if c.type != "text" or c.role != "text" or c.name in vocab.text_words or c.name not in vocab.items:
                continue
            vals = [str(v) for v in vocab.items[c.name].dropna() if str(v).strip()]
            if len(vals) < 10 or sorted(len(v.split()) for v in vals)[len(vals) // 2] > 3 or max(len(v.split()) for v in vals) > 6:
                continue
            got[c.name] = Counter(st for v in vals for st in {stem_of(x) for x in norm(v).split()
                                                               if x.isalpha() and len(x) > 2 and x not in stop})
        vocab.__dict__["_place_words"] = got
    return got


def read_place_words(p: Parse, vocab: Vocabulary) -> None:
    index = place_words(vocab)
    if not index:
        return
    w, stop = p.words, vocab.lexicon.stop
    for i in range(1, len(w)):
        x = w[i]
        if p.claimed[i] or w[i - 1] not in _PLACE_BEFORE or not x.isalpha() or len(x) < 4 or x in stop:
            continue
        st = stem_of(x)
        cols = [(c, df[st]) for c, df in index.items() if st in df]
        if len(cols) != 1:
            continue
        col, n = cols[0]
        p.values.append((Span(i, i + 1), [[ValueHit(col, x, n, "text")]], p.toks[i].raw))
        p.claim(i, i + 1)


_PLACING = {"set", "located", "based", "situated", "filmed", "shot", "held", "headquartered", "built", "located", "sited"}


def claim_placing_verbs(p: Parse, vocab: Vocabulary) -> None:
    """"episodes set in the British Isles", "firms based in Ohio": the verb that places the items where
    a value read says is the relation, no word of their text to match."""
    w = p.words
    for k in range(len(w) - 2):
        if p.claimed[k] or w[k] not in _PLACING or w[k + 1] not in _PLACE_BEFORE:
            continue
        after = k + 2 + (k + 2 < len(w) and w[k + 2] in ("the", "a", "an"))
        if after < len(w) and p.claimed[after] and any(s.start <= after < s.end for s, _, _ in p.values):
            p.claim(k, k + 2)
