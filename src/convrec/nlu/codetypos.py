"""Names of a standard list written with a typo ("Massachusets", "Pensylvania", "Tennesee"): a word no
dictionary knows, one or two letters from exactly one name of the list a code column holds — that
name's code, as the name itself would be read."""

from __future__ import annotations

from convrec.catalog.text import word_rank
from convrec.nlu.reading import Parse, Span


def read_typoed_names(p: Parse, vocab, names: dict) -> None:
    """``names``: the standard list's names (word tuples) → their hits, as ``named_codes`` gives them."""
    from rapidfuzz.distance import DamerauLevenshtein

    w = p.words
    singles = {k[0]: hs for k, hs in names.items() if len(k) == 1 and len(k[0]) >= 6}
    pairs = {"".join(k): (k, hs) for k, hs in names.items() if len(k) == 2}
    for i in range(len(w) - 1):  # "new hampshre", "north carolna": a pair with a word no dictionary knows
        a, b = w[i], w[i + 1]
        if p.claimed[i] or p.claimed[i + 1] or not (a.isalpha() and b.isalpha()) \
                or not any(word_rank(x) is None and not vocab.lookup(x) and len(x) >= 4 for x in (a, b)):
            continue
        two = a + b
        near = [k for k in pairs if k[0] == two[0] and abs(len(k) - len(two)) <= 2 and DamerauLevenshtein.distance(two, k) <= 2
                and pairs[k][0][0][0] == a[0] and pairs[k][0][1][0] == b[0]]
        if len(near) == 1 and pairs[near[0]][1] and two != near[0]:
            p.values.append((Span(i, i + 2), [pairs[near[0]][1]], f"{p.toks[i].raw} {p.toks[i + 1].raw}"))
            p.claim(i, i + 2)
    for i, x in enumerate(w):
        if p.claimed[i] or not x.isalpha() or len(x) < 6 or word_rank(x) is not None or vocab.lookup(x):
            continue
        limit = 1 if len(x) < 9 else 2
        near = [k for k in singles if k[0] == x[0] and abs(len(k) - len(x)) <= limit
                and DamerauLevenshtein.distance(x, k) <= limit]
        if len(near) == 1 and singles[near[0]]:
            p.values.append((Span(i, i + 1), [singles[near[0]]], p.toks[i].raw))
            p.claim(i, i + 1)
