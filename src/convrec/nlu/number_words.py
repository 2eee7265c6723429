"""Numbers said in words where a quantity is meant: "three bedroom house", "two or more
bathrooms", "at least two baths", "a one-storey place" — the word is read as its digits (the raw
text stays) when a measure of this catalog follows it, or a comparison stands before or after it.
Elsewhere a number word keeps its other readings ("two comedies" is a count of items, "the
cheapest one" is one item, "one of the best" no number at all).
"""

from __future__ import annotations

import re

from convrec.nlu.columns import columns_by_stem, columns_named
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span, measure_words
from convrec.nlu.vocab import Vocabulary


def read_number_words(p: Parse, vocab: Vocabulary) -> None:
    lex, w = vocab.lexicon, p.words
    if not any(x in lex.number_words or x in _MULTIPLES or x in ("a", "an", "the") or x in _ORDINALS or _NTH.fullmatch(x) for x in w):
        return
    measures = measure_words(vocab)
    from convrec.catalog.meaning import unit_for_word

    for i, x in enumerate(w):
        if x in ("a", "an", "the") and not p.claimed[i] and i + 1 < len(w) and not (i > 0 and w[i - 1] in _PERIOD_BEFORE) and (
                unit_for_word(w[i + 1]) is not None or unit_for_word(" ".join(w[i + 1:i + 3])) is not None) \
                and ((x != "the" and any(lex.compare[o].ends_at(w, i) for o in lex.compare)) or (i > 0 and w[i - 1] == "than")):
            w[i] = "1"  # "more than an ounce", "thicker than an inch": one of the unit
            continue
        nth = _ORDINALS.get(x) or (int(x[:-2]) if _NTH.fullmatch(x) else None)
        if nth is not None and not p.claimed[i] and i + 1 < len(w) and _counted_column(vocab, w[i + 1], nth):
            w[i] = str(nth)  # "eliminated in the third round", "the 2nd season": that number of the column
            continue
        col = _counted_in_context(vocab, w[i + 1], nth, w) if nth is not None and not p.claimed[i] and i + 1 < len(w) else None
        if col:  # "started in the 3rd quarter" of `peakq` beside `troughq`: that quarter of the peak
            p.numbers.append((Span(i, i + 2), Condition(col, "=", float(nth), " ".join(t.raw for t in p.toks[i:i + 2]),
                                                        vocab.columns[col].role)))
            p.claim(i, i + 2)
            own = {x for g in vocab.columns[col].words for x in g}
            for k, x in enumerate(w):  # "started": the peak's word, used up
                if x in own and not p.claimed[k]:
                    p.claim(k, k + 1)
            continue
        n = lex.number_words.get(x, _MULTIPLES.get(x))
        if n is None or p.claimed[i] or x == "a":
            continue
        k = i + 1
        while k < len(w) and w[k] in ("-", "full", "whole"):
            k += 1
        if k < len(w) and w[k] not in measures and w[k].endswith("ed") and (w[k][:-1] in measures or w[k][:-2] in measures) \
                and x != "one" and not (k + 1 < len(w) and (w[k + 1] == "#" or w[k + 1][:1].isdigit())):  # (not "the one ranked #2")
            w[k] = w[k][:-1] if w[k][:-1] in measures else w[k][:-2]  # "four engined", "three-wheeled": what it counts
        measured = k < len(w) and (w[k] in measures or bool(lex.money.match_at(w, k)))  # ("zero dollars")
        if x in _MULTIPLES and not measured:
            continue  # "twin" of "twin engine", not "the twin towers"
        before = any(lex.compare[o].ends_at(w, i) for o in lex.compare)
        after = any(lex.compare[o].match_at(w, i + 1) for o in lex.compare)
        verb = i > 0 and x != "one" and w[i - 1].endswith("ed") and w[i - 1].isalpha() and any(
            vocab.columns[c].type in ("integer", "real") for c in columns_by_stem([w[i - 1]], vocab, stop_ok=True))
        if measured or verb or (x != "one" and (before or after)):  # ("scored zero": the verb's column says what)
            w[i] = str(n)


_PERIOD_BEFORE = {"in", "per", "each", "every", "within"}
"""("1500 divorces in a year", "30 km in an hour"): a period the amount is counted over, not one of a unit."""
_MULTIPLES = {"twin": 2, "single": 1, "dual": 2, "triple": 3, "quad": 4}
"""Words that count what follows as a number does ("twin engine", "single engine", "dual motor")."""
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}
_NTH = re.compile(r"[0-9]{1,2}(?:st|nd|rd|th)")


def _counted_in_context(vocab: Vocabulary, word: str, n: int, said: list[str]) -> str | None:
    """The one whole-number column holding ``n`` that ``word`` names in part and the message's other
    words name whole (of `peakq` and `troughq`, "started in the 3rd quarter": the peak's)."""
    cols = [c for c in columns_named(list(said), vocab, by_name_only=True) if vocab.columns[c].type == "integer"
            and vocab.columns[c].role not in ("id", "title", "time") and len(vocab.columns[c].words) > 1
            and any(word in g for g in vocab.columns[c].words)]
    if len(cols) != 1:
        return None
    c = vocab.columns[cols[0]]
    return c.name if c.min is not None and c.max is not None and float(c.min) <= n <= float(c.max) else None


def _counted_column(vocab: Vocabulary, word: str, n: int) -> bool:
    """Is ``word`` the name of a whole-number column that counts in steps (a round, a season, a
    grade) holding ``n``?"""
    cols = [c for c in columns_named([word], vocab, by_name_only=True) if vocab.columns[c].type == "integer"
            and vocab.columns[c].role not in ("id", "title", "time")]
    if len(cols) != 1:
        return False
    c = vocab.columns[cols[0]]
    return c.min is not None and c.max is not None and 0 <= float(c.min) <= n <= float(c.max) <= 100
