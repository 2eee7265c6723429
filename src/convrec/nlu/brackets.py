"""A title written as the catalog writes it, with its alternate title or year in brackets after it
("Good, the Bad and the Ugly, The (Buono, il brutto, il cattivo, Il) (1966)"): the brackets are part
of the one mention — their words are no wish and their year no condition — when the linked item's
own title holds those words, or its year is that year."""

from __future__ import annotations

from convrec.catalog.linking import normalize_title
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary


def claim_bracketed(p: Parse, vocab: Vocabulary) -> None:
    w, toks = p.words, p.toks
    linker = vocab.linker
    for span, m in list(p.mentions):
        try:
            k = linker.index_of(m.item_id)
        except KeyError:
            continue
        own = set(normalize_title(linker.titles[k]).split())
        year = linker.years[k] if k < len(linker.years) else None
        i = span.end
        while i < len(w) and toks[i].w == "(":
            j = i + 1
            while j < len(w) and toks[j].w != ")" and j - i <= 12:
                j += 1
            if j >= len(w) or toks[j].w != ")" or j == i + 1:
                break
            inner = [w[x] for x in range(i + 1, j) if not toks[x].punct]
            said_year = len(inner) == 1 and inner[0].isdigit() and year is not None and str(year)[:4] == inner[0]
            if not said_year and not (inner and all(x in own for x in inner)):
                break
            p.claim(i, j + 1)
            i = j + 1
