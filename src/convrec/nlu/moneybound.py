"""Amounts no word binds: a bound said bare is the one price ("monitors under 200"); an amount of
money said with no comparison ("got $0", "received zero dollars") is the catalog's one money column,
where its values reach it — that amount itself (a bound needs a comparison word)."""

from __future__ import annotations

from convrec.nlu.columns import as_written, money_columns
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary

_SIGNS = ("$", "€", "£")


def bare_price(p: Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, str]:
    """"monitors under 200", "TVs over 1000" in a shop: a bare bound on an amount, compared and
    followed by nothing it counts, is the price where the catalog's one price column holds it (a
    count or a rating that also could is not what "under 200" asks of). Not where a word beside it
    names another number column ("500 reviews"), or a noun after it says what it counts ("300 pages")."""
    w = p.words
    prices = vocab.role("price")
    if len(prices) != 1:
        return None, ""
    c = vocab.columns[prices[0]]
    if c.type not in ("integer", "real") or c.min is None or c.max is None \
            or not float(c.min) <= v / (c.scale or 1.0) <= float(c.max):
        return None, ""
    j = i + 1
    if j < len(w) and w[j].isalpha() and w[j] not in vocab.lexicon.stop and w[j] not in ("or", "and", "please", "pls"):
        return None, ""
    near = set(w[max(0, i - 6):i + 4])
    if any(x in near for o in vocab.columns.values() if o.name != c.name and o.type in ("integer", "real")
           for g in o.words for x in g):
        return None, ""
    return c.name, "price"


def money_marked(p: Parse, vocab: Vocabulary, i: int, v: float) -> tuple[str | None, str]:
    """(the one money column, its role) for the number at ``i`` marked as money by a sign before it
    or a money word after it, else (None, "")."""
    w = p.words
    marked = (i > 0 and w[i - 1] in _SIGNS) or (i + 1 < len(w) and vocab.lexicon.money.match_at(w, i + 1))
    if not marked:
        return None, ""
    cols = as_written(vocab, money_columns(vocab))
    if len(cols) != 1:
        return None, ""
    c = vocab.columns[cols[0]]
    if c.min is None or c.max is None or not float(c.min) <= v / (c.scale or 1.0) <= float(c.max):
        return None, ""
    return c.name, c.role
