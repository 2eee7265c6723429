"""Values a catalog writes in another language, said in English: "verified" for `verificado`,
"revised" for `revisado`, "active" for `activo`. A value of one word that is no English word and
ends as Spanish, Portuguese, Italian or French words do is read by its stem: the English word, its
own ending off ("verifi" of "verified"), begins the value's stem ("verific" of "verificado"), five
letters or more, at most two letters apart. Only unread words that are English and no value of their own."""

from __future__ import annotations

from convrec.catalog.text import norm, word_rank
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary

_FOREIGN_ENDS = ("ados", "adas", "idos", "idas", "ado", "ada", "ido", "ida", "ée", "ées", "és", "é", "os", "as", "o", "a", "e")
_ENGLISH_ENDS = ("ied", "ed", "d", "ing", "es", "s", "ive", "e")


def _stem(word: str, ends: tuple[str, ...]) -> str:
    for e in ends:
        if word.endswith(e) and len(word) - len(e) >= 4:
            return word[:-len(e)]
    return word


def _foreign_values(vocab: Vocabulary) -> dict[str, list]:
    got = vocab.__dict__.get("_foreign_values")
    if got is None:
        got = {}
        for f, hits in vocab.values.items():
            if " " in f or not f.isalpha() or len(f) < 6 or word_rank(f) is not None:
                continue
            cat = [h for h in hits if h.role in ("category", "tag") and norm(str(h.value)) == f]
            if cat and f.endswith(_FOREIGN_ENDS[:-3] + ("o", "a")):
                got[_stem(f, _FOREIGN_ENDS)] = cat
        vocab.__dict__["_foreign_values"] = got
    return got


def read_cognate_values(p: Parse, vocab: Vocabulary) -> None:
    index = _foreign_values(vocab)
    if not index:
        return
    for i, x in enumerate(p.words):
        if p.claimed[i] or not x.isalpha() or len(x) < 5 or x in vocab.lexicon.stop or word_rank(x) is None or vocab.lookup(x):
            continue
        st = _stem(x, _ENGLISH_ENDS)
        if st.endswith("i"):
            st = st[:-1]  # "verifi" of "verified": "verif"
        found = [hs for s, hs in index.items() if len(st) >= 5 and s.startswith(st) and len(s) - len(st) <= 2]
        if len(found) == 1:
            p.values.append((Span(i, i + 1), [found[0]], p.toks[i].raw))
            p.claim(i, i + 1)
