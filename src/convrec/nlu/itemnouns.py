"""Other words for one item the data gives (singular): the nouns of the catalog's own name ("coffee" of
coffee-ratings) and the noun of a column of one id per row (`session_id`: sessions). Said by the user,
they name the items, not a condition on some text that happens to carry them."""

from __future__ import annotations

import re

from convrec.catalog.text import norm, singular, word_rank


def item_nouns(vocab) -> set[str]:
    from convrec.catalog.domains import GENERIC_ROW_NOUNS
    from convrec.catalog.headers import name_words

    nouns = {singular(x) for x in norm(vocab.domain or "").split()}
    col_words = {x for c in vocab.columns.values() for x in name_words(c.name) + norm(c.label).split()}
    for x in re.split(r"[^a-z]+", (vocab.name or "").lower()):
        # a word of the name, not one of a column's ("amazon" of `amazon_price`), nor a value said alone
        if len(x) >= 4 and x not in GENERIC_ROW_NOUNS and word_rank(singular(x)) is not None \
                and x not in col_words and singular(x) not in col_words and not vocab._exact_hits(x):
            nouns.add(singular(x))
    for c in vocab.columns.values():  # `session_id` with one value per row: the items are sessions
        ws = name_words(c.name)
        if len(ws) == 2 and ws[1] == "id" and ws[0].isalpha() and len(ws[0]) >= 4 \
                and c.distinct == vocab.n_items and vocab.n_items > 1 and word_rank(ws[0]) is not None:
            nouns.add(singular(ws[0]))
    return nouns - {"item"}
