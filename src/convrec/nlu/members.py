"""A measure by year compared or bound where the clause says the year ("scored higher than France
in 2021" of `score 2012` … `score 2022`): that year's member, the year's words used up with it."""

from __future__ import annotations

from convrec.nlu.columns import family_member
from convrec.nlu.reading import Parse, num
from convrec.nlu.vocab import Vocabulary


def year_member(p: Parse, vocab: Vocabulary, col: str, positions: list[int]) -> str:
    """Of the family ``col`` belongs to, the member of the year said at one of ``positions`` (claimed
    with an "in"/"for" before it), else ``col``."""
    c = vocab.columns.get(col)
    if c is None or not c.years:
        return col
    w = p.words
    said = [x for x in positions if num(w[x]) is not None and float(num(w[x])).is_integer()]
    got = family_member(vocab, col, [w[x] for x in said])
    for x in said:
        if num(w[x]) in vocab.columns[got].years and not p.claimed[x]:
            p.claim(x - (x > 0 and w[x - 1] in ("in", "for", "of") and not p.claimed[x - 1]), x + 1)
    return got
