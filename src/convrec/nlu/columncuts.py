"""What a column's cut header stands for, read from the catalog itself: its number columns' cut words
("uni", "veg", "trans"), its values' words, and a word its own texts write in full ("Transmission of less
than 50%" beside a `trans` column: "transmission" is that column). Once per catalog."""

from __future__ import annotations

from convrec.catalog.text import word_rank
from convrec.nlu.vocab import Vocabulary

RARE_WORD_RANK = 15000
"""A word ranked below this is rare enough to be a column name's cut ("por" of porosity is 18,499th)."""


def _in_texts(vocab: Vocabulary, x: str) -> bool:
    from convrec.tools.filters import stem_of

    return any(x in df or stem_of(x) in df for df in vocab.text_words.values())


def _numeric_heads(vocab: Vocabulary) -> list[tuple[str, ...]]:
    return [g[:1] for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
            for g in c.words[:1]]


def _cuts(vocab: Vocabulary) -> list[str]:
    """The words of number columns' names that are cuts no dictionary knows, of three letters or more
    ("uni", "veg"): not units, not abbreviations the schema data expands."""
    got = vocab.__dict__.get("_cuts")
    if got is None:
        from convrec.catalog.meaning import unit_for_word

        got = sorted({x for c in vocab.columns.values() if c.type in ("integer", "real") and c.role not in ("id", "title")
                      for g in c.words for x in g[:1] if len(x) >= 3 and x.isalpha()
                      and (word_rank(x) is None or word_rank(x) > RARE_WORD_RANK)  # ("por": porosity, a rare word)
                      and unit_for_word(x) is None})
        vocab.__dict__["_cuts"] = got
    return got


def _value_words(vocab: Vocabulary) -> set[str]:
    """Every word of the catalog's values ("near" of "near threatened"), once per vocabulary."""
    got = vocab.__dict__.get("_value_words")
    if got is None:
        got = vocab.__dict__["_value_words"] = {x for k in vocab.values for x in str(k).split()}
    return got


def said_in_full(vocab: Vocabulary, x: str) -> str | None:
    """The one number column's cut word that ``x`` writes in full, where the catalog's own texts carry ``x``."""
    if len(x) < 7 or not x.isalpha() or not (x in vocab.own_words() or _in_texts(vocab, x)):
        return None
    full = {y for g in _numeric_heads(vocab) for y in g if len(y) >= 4 and x.startswith(y) and len(x) >= len(y) + 3}
    return next(iter(full)) if len(full) == 1 else None
