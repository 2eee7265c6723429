"""Years said: the one year column the words before a year name ("born in the 1800s" → `birth_y`),
and a decade written as a token ("80s", "1990s", "the sixties")."""

from __future__ import annotations

from convrec.nlu.reading import DECADE_TOKEN, Parse
from convrec.nlu.vocab import Vocabulary


def time_said(p: Parse, vocab: Vocabulary, i: int) -> str | None:
    """The one year column the words just before a year name ("born in the 1800s" → `birth_y`), else None."""
    w = p.words
    near = [w[k] for k in range(max(0, i - 6), i) if w[k].isalpha() and w[k] not in vocab.lexicon.stop]
    if not near:
        return None
    cols = [c for c in vocab.columns.values() if c.role == "time" and c.type in ("integer", "real")
            and c.min is not None and 1000 <= float(c.min) and float(c.max or 0) <= 2200
            and any(x in g for g in c.words for x in near)]
    if len(cols) > 1:  # `birth_date_year` and `birth_y`: the one people write as a year
        plain = [c for c in cols if not c.name.endswith("_year") or not any(o.name == c.name[:-5] for o in vocab.columns.values())]
        cols = plain if plain else cols
    if len(cols) != 1:
        return None
    for k in range(max(0, i - 6), i):
        if not p.claimed[k] and any(w[k] in g for g in cols[0].words):
            p.claim(k, k + 1)
    return cols[0].name


def decade(x: str, lex) -> int | None:
    m = DECADE_TOKEN.match(x)
    if m:
        if m.group(1):
            return int(m.group(1) + m.group(2) + "0")
        d = int(m.group(3))
        return (1900 if d >= 2 else 2000) + d * 10
    return lex.decade_words.get(x)
