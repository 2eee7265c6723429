"""One-letter codes spelled out by their column's name: `hard_paper` holding H and P says H is "hard"
and P is "paper", so "the hardcovers", "paperbacks", "not hardback" name its values. The data decides:
every code of the column is the initial of a different word of the column's name."""

from __future__ import annotations

from convrec.catalog.headers import name_words
from convrec.catalog.text import singular, word_rank
from convrec.nlu.codes import code_columns
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import ValueHit, Vocabulary


def name_word_codes(vocab: Vocabulary) -> dict[str, ValueHit]:
    """A word of a code column's name → the code it spells out, where each of the column's
    one-letter codes is the initial of exactly one of its name's words (computed once)."""
    got = vocab.__dict__.get("_name_word_codes")
    if got is None:
        got = {}
        for col, hits in code_columns(vocab).items():
            letters = {str(h.value).strip().lower(): h for h in hits if len(str(h.value).strip()) == 1}
            words = [x for x in name_words(col) if x.isalpha() and len(x) >= 3]
            if len(letters) < 2 or len(letters) != len(hits):
                continue
            spelled = {}
            for letter, h in letters.items():
                starts = [x for x in words if x[0] == letter]
                if len(starts) != 1:
                    break
                spelled[starts[0]] = h
            else:
                if len(spelled) == len(letters):
                    for x, h in spelled.items():
                        got.setdefault(x, h)
        vocab.__dict__["_name_word_codes"] = got
    return got


def _spells(said: str, word: str) -> bool:
    """"hardcovers" of "hard", "paperback" of "paper": the word, or a compound it starts (the rest a word)."""
    if said == word or singular(said) == word:
        return True
    rest = said[len(word):]
    return len(word) >= 4 and said.startswith(word) and len(rest) >= 3 \
        and (word_rank(rest) is not None or word_rank(singular(rest)) is not None)


def read_name_word_codes(p: Parse, vocab: Vocabulary) -> None:
    index = name_word_codes(vocab)
    if not index:
        return
    for i, x in enumerate(p.words):
        if p.claimed[i] or not x.isalpha() or len(x) < 3 or vocab.lookup(x):
            continue
        hits = [h for word, h in index.items() if _spells(x, word)]
        if len(hits) == 1:
            p.values.append((Span(i, i + 1), [hits], p.toks[i].raw))
            p.claim(i, i + 1)
