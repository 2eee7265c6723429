"""Questions whether the catalog has a kind of thing at all ("did any county get a helicopter?",
"do you have any titanium alloys?"): answered no when nothing in the catalog carries the words."""

from __future__ import annotations

from convrec.catalog.text import PUNCT, singular
from convrec.nlu.leftover import unmatched_runs
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary

_YES_NO_OPEN = {"is", "was", "are", "were", "does", "did", "do", "has", "had"}


def nothing_such(p: Parse, vocab: Vocabulary, kinds_said: bool = False) -> list[str]:
    """A question whether any item is a thing ("did any county get a helicopter or an airplane?",
    "are there any submarines?") whose words no item's text, value or column carries: those words
    (the answer is no, not a list ranked by them). Empty where any such word is in the catalog (then
    it ranks, as a preference) or the message asks no such question. ``kinds_said``: the question
    also names a kind the catalog has ("any titanium alloys?"): the words must stand right before it."""
    from convrec.tools.filters import stem_of

    w = [x for x in p.words if x not in PUNCT]
    if len(w) < 2 or not (w[0] in _YES_NO_OPEN or w[0] in ("any", "anything")) or "any" not in w[:5] and "there" not in w[:3]:
        return []
    colwords = {x for c in vocab.columns.values() for g in c.words for x in g}
    out = []
    valued = {sp.start for sp, _, _ in p.values}
    for sp, text in unmatched_runs(p, vocab):
        words = [x for x in p.words[sp.start:sp.end] if x.isalpha() and x not in vocab.lexicon.stop and x not in colwords
                 and singular(x) not in colwords]
        if not words:
            continue
        if kinds_said and sp.end not in valued:
            return []  # beside a kind the catalog has, only the word that names which of them ("titanium alloys")
        for x in words:
            st = stem_of(x)
            if vocab.lookup(x) or st in vocab.value_words or any(st in df for df in vocab.text_words.values()):
                return []  # a word the catalog holds: the list is ranked by it
        out.append(" ".join(words))
    return out
