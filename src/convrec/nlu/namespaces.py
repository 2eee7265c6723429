"""A header's namespace: the leading word of a dotted or prefixed header that three or more columns
share (`stats.xp.value`, `stats.morale.value`; `preOp_age`, `preOp_bmi`) groups them — nobody says it
when asking for one of them ("top 5 by xp")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from convrec.nlu.vocab import Vocabulary


def namespace_words(vocab: Vocabulary) -> frozenset[str]:
    """The words of the first word group that 3+ columns of two or more groups share, once per catalog."""
    got = vocab.__dict__.get("_namespace_words")
    if got is None:
        firsts = Counter(c.words[0] for c in vocab.columns.values() if c.words and len(c.words) >= 2
                         and c.role not in ("id", "title"))
        got = frozenset(x for g, n in firsts.items() if n >= 3 for x in g)
        vocab.__dict__["_namespace_words"] = got
    return got


def unsaid_namespace(w: list[str], vocab: Vocabulary, named_with: Callable[[frozenset], tuple]) -> list[str]:
    """The columns ``w`` names with their namespace unsaid (``named_with(spaces)`` reads them so) — none
    where another column of the same kind has the word ("thrust" of `max_thrust` beside `cruise_thrust`);
    a printed text copy of a number is no rival."""
    spaces = namespace_words(vocab)
    if not spaces:
        return []
    loose = named_with(spaces)
    said = {x for x in w if x not in vocab.lexicon.stop}
    kinds = {t for c in loose for t in (("integer", "real") if vocab.columns[c].type in ("integer", "real")
                                        else (vocab.columns[c].type,))}
    rivals = [c.name for c in vocab.columns.values() if c.type in kinds and c.role not in ("id", "title")
              and c.name not in loose and any(said & set(g) for g in c.words)]
    return list(loose) if loose and not rivals else []
