"""Fuzzy title linking on a large catalog scores only the titles sharing (near) words with the
name; on the shipped catalog that gives the links a scan of every title gives."""

from __future__ import annotations

import random

import pandas as pd

import convrec.catalog.linking as linking
from convrec.config import PACKAGE_DIR


def _typo(rng: random.Random, title: str) -> str:
    t = linking.YEAR_SUFFIX.sub("", title)
    if len(t) > 6 and rng.random() < 0.7:  # a letter dropped
        k = rng.randrange(1, len(t) - 1)
        t = t[:k] + t[k + 1:]
    if rng.random() < 0.3:  # the last word left out
        w = t.split()
        t = " ".join(w[:max(1, len(w) - 1)])
    return t.lower()


def test_word_index_links_as_the_full_scan(monkeypatch):
    movies = pd.read_csv(PACKAGE_DIR / "catalog" / "bundled" / "ml-latest-small" / "movies.csv")
    linker = linking.ItemLinker(movies["movieId"].astype(str), movies["title"])
    rng = random.Random(0)
    names = [_typo(rng, t) for t in movies["title"].sample(300, random_state=1)]
    names += ["godfater", "lord of the rings fellowship", "terminator 2", "star wars empire strikes back"]
    full = [linker.link(n).item_id for n in names]
    assert sum(x is not None for x in full) > 250  # the scan links most of them
    monkeypatch.setattr(linking, "INDEX_ABOVE", 0)  # now the word index, as on a catalog of a million titles
    indexed = [linker.link(n).item_id for n in names]
    assert linker._words is not None
    agree = sum(a == b for a, b in zip(full, indexed))
    assert agree >= 0.97 * len(names), agree
    assert indexed[-4:] == full[-4:] and None not in indexed[-4:]


def test_a_brands_first_word_names_it_but_a_common_words_contraction_does_not():
    """"exxon" names Exxon Mobil (a first word no dictionary knows), "whats" does not name "What's Under
    Your Blanket !?" (it is "what's" typed without its apostrophe): found by "whats terraria cost"."""
    linker = linking.ItemLinker(["1", "2", "3"], ["Exxon Mobil Corp", "What's Under Your Blanket !?", "Terraria"])
    assert [linker.ids[i] for i in linker.exact_indices("exxon")] == ["1"]
    assert linker.exact_indices("whats") == []
    assert [linker.ids[i] for i in linker.exact_indices("terraria")] == ["3"]
