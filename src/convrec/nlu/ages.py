"""Stages of life said of people ("teenagers when they got convicted", "minors", "seniors"): on a
catalog whose items carry a person's age, the ages that stage spans (lexicon data, ``[people.ages]``)."""

from __future__ import annotations

from convrec.nlu.dimensions import dimension_column
from convrec.nlu.intent import Condition
from convrec.nlu.reading import Parse, Span
from convrec.nlu.vocab import Vocabulary


def read_life_stages(p: Parse, vocab: Vocabulary) -> None:
    stages = vocab.lexicon.life_ages
    if not stages:
        return
    col = dimension_column(vocab, "age")
    c = vocab.columns.get(col) if col else None
    if c is None or c.role == "time" or c.type not in ("integer", "real") or c.min is None or float(c.max or 0) > 130:
        return  # only a column of ages in years
    w = p.words
    for i, x in enumerate(w):
        if p.claimed[i] or x not in stages:
            continue
        lo, hi = stages[x]
        neg = p.negated(i)
        text = p.toks[i].raw
        if neg:
            p.numbers.append((Span(i, i + 1), Condition(col, "outside", (lo, hi), text, c.role)))
        else:
            p.numbers.append((Span(i, i + 1), Condition(col, ">=", lo, text, c.role)))
            p.numbers.append((Span(i, i + 1), Condition(col, "<=", hi, text, c.role)))
        p.claim(i, i + 1)
