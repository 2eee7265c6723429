"""A score said on another scale ("more than 7 out of 10" of scores out of 100, "4.5 out of 5" of
ratings out of 10): where no word names the column, the catalog's one rating column (of a measure by
year, the year's member), and the factor from the scale said to the column's own."""

from __future__ import annotations

from convrec.catalog.text import norm
from convrec.nlu.columns import family_member
from convrec.nlu.members import year_member
from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary


def scale_top(c) -> float | None:
    """The top of the scale a column of scores is on, where its values say one: 5, 10 or 100."""
    if c.min is None or c.max is None or float(c.min) < 0:
        return None
    hi = float(c.max)
    return 5.0 if 1.5 < hi <= 5 else 10.0 if 5 < hi <= 10 else 100.0 if 10 < hi <= 100 else None


def out_of_scale(p: Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, str]:
    """(the rating column, "rating") for "N out of M" at ``i`` — the factor M→the column's scale set on
    ``p.factors[i]`` and "out of M" claimed — else (None, "")."""
    w = p.words
    if not (i + 3 < len(w) and w[i + 1:i + 3] == ["out", "of"] and num(w[i + 3]) is not None) or p.claimed[i + 1]:
        return None, ""
    said = float(num(w[i + 3]))
    if not 0 < v <= said:
        return None, ""
    rated = [c for c in vocab.role("rating") if vocab.columns[c].type in ("integer", "real")
             and not (vocab.columns[c].years and not vocab.columns[c].latest)]
    if not rated:  # no rating column: the one number column a rating word names (`points` of wines)
        words = {x for it in vocab.lexicon.units["rating"].items for x in it if x.isalpha()}
        rated = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "time", "price")
                 and any(set(g) & words for g in c.words) and scale_top(c) is not None]
    if len(rated) != 1:
        return None, ""
    col = family_member(vocab, rated[0], w)
    if not rescale(p, vocab, i, col, scored=True):
        return None, ""
    year_member(p, vocab, col, list(range(max(0, i - 8), min(len(w), i + 10))))  # the year that chose it, used up
    return col, "rating"


def rescale(p: Parse, vocab: Vocabulary, i: int, col: str, scored: bool = False) -> bool:
    """"a score over 6 out of 10" of a score out of 100: the number at ``i`` on the column's own scale
    (the factor on ``p.factors[i]``, "out of M" claimed); False where no "out of M" follows it unread.
    ``scored``: the column is known to hold scores (else only a rating or a column of tenths is)."""
    w = p.words
    if not (i + 3 < len(w) and w[i + 1:i + 3] == ["out", "of"] and num(w[i + 3]) is not None) \
            or any(p.claimed[i + 1:i + 4]) or col not in vocab.columns:
        return False
    c = vocab.columns[col]
    top = scale_top(c) if scored or c.type == "real" or c.role == "rating" else None
    if top is None:
        return False
    p.factors[i] = p.factors.get(i, 1.0) * top / float(num(w[i + 3]))
    p.claim(i + 1, i + 4)
    return True


def the_rating(vocab: Vocabulary) -> str | None:
    """The catalog's one score: its number column of the rating role (of several, the one named
    "score" or "rating"), else None."""
    rated = [c for c in vocab.role("rating") if vocab.columns[c].type in ("integer", "real")
             and not (vocab.columns[c].years and not vocab.columns[c].latest)]  # (a score by year: its latest)
    if len(rated) > 1:
        named = [c for c in rated if norm(vocab.columns[c].label or c) in ("score", "rating", "overall score", "total score")]
        rated = named or [c for c in rated if {"total", "overall"} & set(norm(vocab.columns[c].label or c).split())] \
            or [c for c in rated if all(o == c or o.startswith(c + "_") for o in rated)]  # `imdb_rating` of its `_shrunk` copy
    return rated[0] if len(rated) == 1 else None
