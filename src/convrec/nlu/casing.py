"""How a catalog writes its titles, so a user's lower-case word may still be one: a lower-case
catalog ("physicians", "gov.administrators"), or one of names people write in lower case."""

from __future__ import annotations

import re

from convrec.catalog.text import word_rank
from convrec.nlu.vocab import Vocabulary


def lower_case_titles(vocab: Vocabulary) -> bool:
    """The catalog writes its titles in lower case ("physicians", "gov.administrators"): a user's
    lower-case word is then written as the catalog writes it, and says no less than a capital."""
    got = vocab.__dict__.get("_lower_case_titles")
    if got is None:
        titles = [t for t in vocab.linker.titles if any(ch.isalpha() for ch in t)]
        got = len(titles) >= 10 and sum(t == t.lower() for t in titles) >= 0.8 * len(titles)
        vocab.__dict__["_lower_case_titles"] = got
    return got


def lower_case_or_names(vocab: Vocabulary) -> bool:
    """Titles a person writes in lower case without meaning anything else: a lower-case catalog's,
    or names of people and places (titles of one or two words, mostly unknown to a dictionary)."""
    got = vocab.__dict__.get("_name_titles")
    if got is None:
        titles = [str(t) for t in vocab.linker.titles[:2000] if str(t).strip()]
        short = [t for t in titles if 1 <= len(t.split()) <= 3]
        unknown = [t for t in short if word_rank(re.sub(r"[^a-z]", "", t.split()[0].lower())) is None]
        got = lower_case_titles(vocab) or (len(titles) >= 10 and len(short) >= 0.8 * len(titles)
                                           and len(unknown) >= 0.5 * len(titles))
        vocab.__dict__["_name_titles"] = got
    return got
