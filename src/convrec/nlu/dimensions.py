"""Superlatives of a dimension: "the biggest", "the 5 heaviest", "the tallest ones", "shortest
first" sort by the one number column whose label, words or unit carry that dimension (size, weight,
length, height, speed, age, population — lexicon data). Where no column or several equally do,
the word is left unread and named, never guessed."""

from __future__ import annotations

from convrec.catalog.text import norm
from convrec.nlu.intent import SortHint
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary


def _column_words(c) -> set[str]:
    out = {norm(x) for g in c.words for x in g} | set(norm(c.label or "").split()) | set(norm(c.name).split())
    return out | ({norm(c.unit)} if c.unit else set())


def column_dimensions(vocab: Vocabulary, c) -> set[str]:
    """The dimensions a column's words carry (a `length` may be a duration or a distance)."""
    words = _column_words(c)
    return {d for d, (_, _, ws) in vocab.lexicon.superlatives.items() if words & ws}


def dimension_column(vocab: Vocabulary, dim: str) -> str | None:
    """The one number column of a dimension, or None (none, or a tie)."""
    words = vocab.lexicon.superlatives[dim][2]
    scored = []
    for c in vocab.columns.values():
        if c.type not in ("integer", "real") or c.role in ("id", "link") or c.name == "popularity" \
                or (c.years and not c.latest):
            continue
        n = len(_column_words(c) & words)
        if n:
            scored.append((n, c.name))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def read_dimension_superlatives(p: Parse, vocab: Vocabulary) -> None:
    w = p.words
    for dim, (more, less, _) in vocab.lexicon.superlatives.items():
        for phrases, descending in ((more, True), (less, False)):
            for a, b in phrases.find(w):
                if any(p.claimed[k] for k in range(a, b)):
                    continue
                col = dimension_column(vocab, dim)
                if col is None:
                    continue
                if dim == "age" and vocab.columns[col].role == "time":
                    descending = not descending  # the oldest: the earliest year
                p.sort.append(SortHint(col, descending, " ".join(t.raw for t in p.toks[a:b])))
                p.claim(a, b)
