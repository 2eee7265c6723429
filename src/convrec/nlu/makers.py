"""An item's maker said beside its name ("than the samsung 860 evo", "the rolls-royce dawn"): the
maker's first word, initials ("wd" of Western Digital) or every word of its name."""

from __future__ import annotations

import re

from convrec.nlu.vocab import Vocabulary


def maker_forms(maker: str) -> set[str]:
    words = maker.lower().split()
    return {words[0], "".join(x[0] for x in words)} if words else set()  # "samsung"; "wd" for Western Digital


def makes(vocab: Vocabulary, item_id: str, word: str) -> bool:
    """Is ``word`` the maker of this item, by its first word or initials ("samsung", "wd")?"""
    return any(word in maker_forms(str(vocab.item_value(item_id, c) or "")) for c in vocab.role("creator"))


def maker_words(vocab: Vocabulary, item_id: str) -> set[str]:
    """Every word of the item's maker's name ("rolls", "royce" of Rolls-Royce)."""
    return {x for c in vocab.role("creator") for x in re.split(r"[^a-z0-9]+", str(vocab.item_value(item_id, c) or "").lower())
            if len(x) >= 2}


def is_maker(vocab: Vocabulary, word: str) -> bool:
    got = vocab.__dict__.get("_maker_words")
    if got is None:
        got = {f for c in vocab.role("creator") for h in vocab.values.values() for x in h
               if x.column == c and len(str(x.value).split()) >= 1 for f in maker_forms(str(x.value)) if len(f) >= 2}
        vocab.__dict__["_maker_words"] = got
    return word in got
