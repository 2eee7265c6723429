"""Where a negation reaches: from its trigger ("not", "no", "weren't") to the next clause boundary,
or past a place or time when what is negated is a verb ("not caught in october")."""

from __future__ import annotations

from convrec.catalog.text import PUNCT, noun_plural
from convrec.nlu.columns import column_vocabulary
from convrec.nlu.reading import NEGATED_AUX, Parse, Span, num
from convrec.nlu.vocab import Vocabulary


_JUST_ITEMS = {"the", "ones", "one", "those", "them", "any", "anything", "everything", "all", "items", "stuff",
               "anyone", "anybody", "everyone", "everybody", "someone", "people", "whoever", "whatever"}


def negation_scopes(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    i = 0
    while i < len(w):
        n = lex.negation.match_at(w, i)
        if n and any(lex.compare[o].match_at(w, i) for o in lex.compare):
            n = 0  # "less than 500 mg", "no more than $10": a comparison, not a negation
        if not n or (w[i] == "no" and i + 1 < len(w) and w[i + 1] in PUNCT) or (
                w[i] == "non" and any(vocab.lookup(" ".join(w[i:i + k])) for k in (2, 3, 4))):
            i += 1  # ("non-emergency PCI" where the catalog has "Non-Emergency PCI": a value, not a negation)
            continue
        j = i + n
        end = j
        words = 0
        while end < len(w) and words < 8:
            initial = w[end] == "." and end > 0 and len(w[end - 1]) == 1  # "J.K. Rowling"
            if (w[end] in PUNCT and not initial) or (end > j and lex.boundaries.match_at(w, end)
                                                     and not _negated_verb_then(vocab, w, j, end)):
                break
            if end > j and lex.negation.match_at(w, end) and not any(lex.compare[o].match_at(w, end) for o in lex.compare):
                break  # "not married people who don't live in the south": the next negation has its own scope
            if end > j and w[end] in ("with", "that", "which", "where", "having", "and", "who", "whose") and (any(
                    num(x) is not None for x in w[end + 1:end + (6 if w[end] in ("and", "who", "whose") else 4)])
                    or w[end] in ("with", "having") and any(x in column_vocabulary(vocab) for x in w[end + 1:end + 4])) \
                    and not (w[end] != "and" and set(w[j:end]) <= _JUST_ITEMS | set(vocab.domain.split())
                             | {noun_plural(vocab.domain)}):
                break  # "outside the east division with 100+ rbi": the number is a wish of its own
                # (not "drop the ones with more than 10 billion of debt": the items said with it are negated)
            words += 0 if w[end] in PUNCT else 1
            end += 1
        if end > j and end < len(w) and set(w[j:end]) & {"with", "having"} and (
                w[j] in _JUST_ITEMS or w[j] in ("with", "having")
                or w[j] in (vocab.domain.lower(), noun_plural(vocab.domain.lower()))):
            n_cmp = max((lex.compare[o].match_at(w, end) for o in lex.compare), default=0)
            if n_cmp and end + n_cmp < len(w) and num(w[end + n_cmp]) is not None:
                end += n_cmp + 1  # "exclude the ones with sulfur above 2": the comparison is what is dropped
        if end == j + 1 and end < len(w) and w[j].isalpha() and not vocab.lookup(w[j]):
            n_cmp = max((lex.compare[o].match_at(w, end) for o in lex.compare), default=0)
            if n_cmp and end + n_cmp < len(w) and num(w[end + n_cmp]) is not None:
                end += n_cmp + 1  # "didn't pay over 25 shillings": the verb's bound is what is negated
        if end > j:
            p.negated_spans.append(Span(j, end))
        i = max(end, i + 1)


def _negated_verb_then(vocab: Vocabulary, w: list[str], j: int, end: int) -> bool:
    """"not caught in october", "weren't knocked out in round 1": a negated verb that reads nothing
    of the catalog negates the place or time said after it ("in", "on", "at", "during"; "not controlled
    from the US": "from", "by")."""
    if w[end] not in ("in", "on", "at", "during", "from", "by") or end - j > 3:
        return False
    said = [x for x in w[j:end] if x.isalpha()]
    own = vocab.__dict__.get("_column_word_set")
    if own is None:
        own = {y for c in vocab.columns.values() for g in c.words for y in g}
        vocab.__dict__["_column_word_set"] = own
    verbs = vocab.lexicon.verb_forms
    aux = j > 0 and w[j - 1] in NEGATED_AUX  # "didn't end in": after an auxiliary, the verb's bare form
    return bool(said) and (said[0].endswith(("ed", "ing")) or said[0] in verbs or (aux and len(said) == 1)) \
        and all(x in verbs or x.endswith(("ed", "ing")) or x in _PARTICLES or (aux and x == said[0]) for x in said) \
        and not any(vocab.lookup(x) or (x in own and x not in verbs) for x in said)  # "not born in the USA": a verb


_PARTICLES = {"out", "up", "off", "away", "down", "back", "over"}
