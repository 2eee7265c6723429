"""Words whose idiom is not their column: "how many times did …" counts occasions (not a `time`
column that is the year); "did the debt top 20 trillion" is a bound ("top" before an amount no list
is that long), not the top of a list; "worth more than 10k xp" is a bound's verb, not a value with
"worth" in it."""

from __future__ import annotations

from convrec.nlu.columns import columns_named
from convrec.nlu.reading import Parse, Span, num
from convrec.nlu.vocab import Vocabulary
from convrec.tools.filters import stem_of


def read_idioms(p: Parse, vocab: Vocabulary) -> None:
    w = p.words
    for i in range(len(w)):
        if p.claimed[i]:
            continue
        if w[i] == "times" and i >= 2 and w[i - 2:i] == ["how", "many"] and all(
                vocab.columns[c].role in ("time", "date") for c in columns_named(["times"], vocab, by_name_only=True)):
            w[i] = "occasions"  # (the raw text stays; no reader takes the word for the column)
            p.claim(i, i + 1)
        elif w[i] == "top" and i > 0 and w[i - 1] not in ("the", "my", "your", "a", "at", "on", "of") and i + 1 < len(w) \
                and num(w[i + 1]) is not None and float(num(w[i + 1])) > 100:
            w[i] = "tops"  # "did the national debt top 20 trillion dollars": went over it
        elif w[i] in _MEASURE_VERBS and i + 2 < len(w) and (vocab.lookup(w[i]) or stem_of(w[i]) in vocab.value_words) and any(
                (n := ph.match_at(w, i + 1)) and i + 1 + n < len(w) and (w[i + 1 + n][:1].isdigit() or w[i + 1 + n] in ("$", "€", "£"))
                for ph in vocab.lexicon.compare.values()):
            p.claim(i, i + 1)  # "worth more than 10k xp" where values say "300 gp worth of crystals": the bound's verb
    _negated_flags(p, vocab)


def _negated_flags(p: Parse, vocab: Vocabulary) -> None:
    """"states trump didn't win" of a yes/no column `TrumpWin`: the negation said inside the column's
    two words is moved before them (the raw text stays), and the two words are negated."""
    w = p.words
    flags = [c.words for c in vocab.columns.values() if c.type == "boolean" and len(c.words) == 2]
    for i in range(len(w) - 2):
        for j in (i + 1, i + 2):  # "trump didn't win", "the home side didn't win": one word may come between
            n = vocab.lexicon.negation.match_at(w, j) if j < len(w) else 0
            if not n or j + n >= len(w) or any(p.claimed[i:j + n + 1]) or not any(w[i] in a and w[j + n] in b for a, b in flags):
                continue
            w[i:j + n + 1] = [*w[j:j + n], *w[i:j], w[j + n]]  # the negation first, then the column's words
            p.negated_spans.append(Span(i + n, j + n + 1))
            break


_MEASURE_VERBS = {"worth", "valued", "costing", "priced", "weighing", "measuring", "lasting", "scoring"}
