"""What no reader claimed: runs of content words left over (named to the user, or handed to the
brain), and the user's own noun for the catalog's items.
"""

from __future__ import annotations

import numpy as np

from convrec.catalog.text import COMMON_WORD_RANK, plural, singular, word_rank
from convrec.nlu.binding import unit_after
from convrec.nlu.reading import DOMAIN_NOUNS, GENERIC_NOUNS, Parse, QUESTION_WORDS, Span, num
from convrec.nlu.vocab import Vocabulary
from convrec.tools.filters import stem_of


def only_social(w: list[str], lex) -> bool:
    return bool(lex.greeting.contains(w) or lex.thanks.contains(w) or lex.bye.contains(w) or lex.identity.contains(w))


def unread_words(p: Parse, vocab: Vocabulary) -> list[str]:
    """Content words nothing grounded (not stop words, not claimed), as short phrases."""
    return [t for _, t in unmatched_runs(p, vocab, final=True)][:6]


def unmatched_runs(p: Parse, vocab: Vocabulary, final: bool = False) -> list[tuple[Span, str]]:
    """Runs of content words no reader claimed; ``final``: what is left to name to the user
    (the user's own word for the items of a catalog that never said it is no wish left unread)."""
    lex, w = vocab.lexicon, p.words
    compared = {k for ph in lex.compare.values() for a, b in ph.find(w) for k in range(a, b)}  # "at least": not "least"
    out: list[tuple[Span, str]] = []
    cur: list[int] = []
    item_noun = item_noun_span(p, vocab) if final else set()
    measures = _unread_measures(p, vocab) if final else set()
    own = {vocab.domain.lower(), plural(vocab.domain.lower())}  # the catalog's own noun ("the biggest diamond")
    own |= {x for x in w if stem_of(x) in vocab.subject_words}  # "nobel" of a catalog of Nobel prizes
    own |= {x for x in w if singular(x) in vocab.item_nouns}  # "coffees" of coffee-ratings, "sessions" of `session_id`
    for i, x in enumerate(w + [""]):
        skip = i == len(w) or p.claimed[i] or p.toks[i].punct or x in lex.stop or x in DOMAIN_NOUNS or len(x) < 3 \
            or i in compared \
            or x in QUESTION_WORDS or x in GENERIC_NOUNS \
            or num(x) is not None
        skip = skip or i in item_noun or x in own or (final and _means_the_items(p, vocab, i)) or (
            len(x) >= 5 and vocab.domain.lower().endswith(singular(x)))  # "quakes" of earthquakes
        skip = skip or (i < len(w) and lex.reset.match_at(w, i) > 0)  # "instead", "rather": how to read the turn
        skip = skip or (i < len(w) and (any(ph.match_at(w, i) for ph in lex.relations.values())
                                        or lex.negation.match_at(w, i) > 0 or lex.recommend.match_at(w, i) > 0
                                        or any(ph.match_at(w, i) for ph in lex.compare.values())))  # "above": no theme
        if i in measures:
            skip = False  # "between 30 and 35 mm" no column took: said back, never dropped
        if skip:
            if cur:
                out.append((Span(cur[0], cur[-1] + 1), " ".join(p.toks[k].raw for k in cur)))
            cur = []
        else:
            cur.append(i)
    return out


def _unread_measures(p: Parse, vocab: Vocabulary) -> set[int]:
    """Positions of amounts no reader took — a number with its unit after it or its comparison before it
    ("between 30 and 35 mm", "over 40 zorps") — with those words: a condition the catalog could not
    place, to be named in the reply."""
    lex, w = vocab.lexicon, p.words
    out: set[int] = set()
    mentioned = {k for sp, _ in p.mentions for k in range(sp.start, sp.end)}
    for i, x in enumerate(w):
        if p.claimed[i] or num(x) is None or i in mentioned:
            continue
        unit = unit_after(w, i + 1)[1]
        unit = unit if not any(p.claimed[k] for k in range(i + 1, i + 1 + unit)) else 0
        before = max((ph.ends_at(w, i) for ph in lex.compare.values()), default=0)
        if i >= 2 and w[i - 1] in ("and", "to") and num(w[i - 2]) is not None and not p.claimed[i - 2]:
            before = 2 + (i >= 3 and w[i - 3] in ("between", "from") and not p.claimed[i - 3])  # "between 30 and 35"
        if not unit and not before:
            continue
        out |= {k for k in range(i - before, i + 1 + unit) if not p.claimed[k]}
    return out


ITEM_NOUN_SIM = 0.72
"""How close in meaning (MiniLM cosine) a word must be to the catalog's noun to be another name for
the items ("school" of colleges 0.73, "shop" of retailers 0.72, "town" of cities 0.77; not "comedy" of
movies 0.61 or "sedan" of cars 0.69, which are kinds)."""


def _means_the_items(p: Parse, vocab: Vocabulary, i: int) -> bool:
    """"which school got the most applications" in a catalog of colleges: a noun after a determiner
    that means the catalog's own noun names the items — no wish to rank by."""
    w = p.words
    if i == 0 or w[i - 1] not in _DETERMINERS | _ONE_BEFORE or not w[i].isalpha() or len(w[i]) < 3 \
            or vocab.domain.lower() in ("item", "items"):
        return False
    enc = getattr(vocab, "encoder", None)
    if enc is None:
        return False
    cache = vocab.__dict__.setdefault("_item_synonyms", {})
    x = singular(w[i])
    if x not in cache:
        v = np.asarray(enc.encode([x, vocab.domain.lower()]), dtype=np.float32)
        v /= np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-9)
        cache[x] = float(v[0] @ v[1]) >= ITEM_NOUN_SIM
    return cache[x]


_DETERMINERS = {"any", "some", "all", "the", "which", "what", "many", "more", "other", "top", "biggest", "largest",
                "best", "few", "several", "list", "show", "me", "give", "find", "of", "those", "these"}
_ONE_BEFORE = {"a", "an", "the", "each", "every", "one", "single", "which", "what", "oldest", "youngest"}
_COMPARED_NEXT = {"older", "younger", "over", "under", "above", "below", "aged", "born", "between"}
_HEAD_NEXT = {"from", "in", "with", "that", "which", "who", "based", "on", "of", "by", "here", "there", "do", "are",
              "is", "was", "were", "has", "had",
              "have", "you", "to", "for", "and", "or", "sorted", "ordered", "ranked", "where", "whose", "like", "please",
              "pls", "first", "than", "not", "but", "without", "except", "outside", "you've", "youve", "we've", "i've",
              "you're", "that", "i"}


def item_noun_span(p: Parse, vocab: Vocabulary) -> set[int]:
    """A catalog that never said what its rows are ("forbes2000" → items): a common plural noun
    heading the request's noun phrase ("oil and gas companies", "any companies from japan") is
    the user's word for them, not a wish left unread. The positions of that noun (and of the word
    before it in "what metro stops")."""
    if vocab.domain in DOMAIN_NOUNS and vocab.domain not in ("item", "items"):
        return set()  # films, games, books: people say the catalog's own noun ("songs" in a film catalog is a wish)
    head = _first_item_noun(p, vocab)
    if head is None:
        return set()
    one = singular(p.words[head]) == p.words[head]  # "state school": one noun keeps its modifier as a wish
    return {head} | ({head - 1} if head > 0 and not one and not p.claimed[head - 1] and _modifier(p, head - 1)
                     and _english(p.words[head - 1]) else set())  # ("Semarnat lines": a name no reader knew, said back)


def _modifier(p: Parse, i: int) -> bool:
    w = p.words
    return not p.toks[i].punct and w[i].isalpha() and w[i] not in _DETERMINERS and (
        i == 0 or w[i - 1] in _DETERMINERS or p.claimed[i - 1])  # "first class passengers": after a value read


def _first_item_noun(p: Parse, vocab: Vocabulary) -> int | None:
    stop = vocab.lexicon.stop
    return next((i for i in range(len(p.words)) if not p.claimed[i] and p.words[i] not in stop and (
        _noun_head(p, i) or (i > 0 and not p.claimed[i - 1] and _modifier(p, i - 1) and _noun_head(p, i, modified=True)))), None)


def _english(x: str) -> bool:
    """A common English word, or a noun of the ones who do a common verb ("finishers", "runners",
    "riders": finish, run, ride)."""
    def common(y: str) -> bool:
        r = word_rank(y)
        return r is not None and r < 4 * COMMON_WORD_RANK
    if common(x):
        return True
    stem = singular(x)
    if stem.endswith("er") and len(stem) >= 6:
        base = stem[:-2]
        return any(common(b) for b in (base, base + "e", base[:-1] if len(base) > 3 and base[-1] == base[-2] else ""))
    return False


def _noun_head(p: Parse, i: int, modified: bool = False) -> bool:
    w = p.words
    x = w[i]
    one = singular(x) == x
    if not x.isalpha() or len(x) < 3 or (one and plural(x) == x):
        return False
    if not _english(x):  # an English noun ("stops", "stations"), not a name or a typo
        return False
    if one:  # "who was the oldest passenger", "a 3rd class passenger older than 75": one, after its article
        before = i > 0 and (w[i - 1] in _ONE_BEFORE or p.claimed[i - 1]
                            or (modified and i > 1 and (w[i - 2] in _ONE_BEFORE or p.claimed[i - 2])))
    else:
        before = modified or i == 0 or p.claimed[i - 1] or w[i - 1] in _DETERMINERS or p.toks[i - 1].punct
    after = i == 0 or i + 1 == len(w) or p.toks[i + 1].punct or w[i + 1] in _HEAD_NEXT \
        or (p.claimed[i + 1] and not one) or w[i + 1] in _COMPARED_NEXT  # one noun before another is no head
    return before and after and not (one and x.endswith("ing"))  # "the highest grossing airports"
