"""A header's namespace: the leading word of a dotted or prefixed header that three or more columns
share (`stats.xp.value`, `stats.morale.value`; `preOp_age`, `preOp_bmi`) groups them — nobody says it
when asking for one of them ("top 5 by xp")."""

from __future__ import annotations

from collections import Counter

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
