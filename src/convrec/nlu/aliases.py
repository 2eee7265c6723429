"""Columns said by their aliases: other ways people name a column ("purchases" for `Freq12`, "how
thick" for `dbh`), written in the schema file or proposed once per catalog by the prepare brain
(:func:`convrec.setup.column_aliases`). An alias said is read as the column's own words, so every
reader (bounds, orders, facts) sees the column named; an alias that is also a title's word or a
value of the catalog is left alone (it may name that instead)."""

from __future__ import annotations

import re

from convrec.catalog.text import noun_plural, norm
from convrec.nlu.vocab import Vocabulary


def _said_as(c) -> str:
    """The column's label as a request says it (a mark's number left out: "frequency", not "frequency 12")."""
    words = [w for w in norm(c.label or c.name).split() if not any(ch.isdigit() for ch in w)]
    if c.mark and len(c.mark) > 1 and c.mark[1]:
        words = [w for w in words if w not in (c.mark[1], "yr", "yrs")]
    return " ".join(words) or c.name.replace("_", " ")


def alias_pattern(vocab: Vocabulary):
    """(compiled pattern of every usable alias, alias → the column's words), once per vocabulary."""
    got = vocab.__dict__.get("_alias_pattern")
    if got is None:
        table: dict[str, str] = {}
        for c in vocab.columns.values():
            for a in c.aliases:
                a = norm(a)
                if not a or a in table or vocab.lookup(a) or a == norm(c.label or ""):
                    continue
                table[a] = _said_as(c)
        for c in vocab.columns.values():  # "spacewalks" of `space_walks`: two words of a label written as one
            words = norm(c.label or "").split()
            for x, y in zip(words, words[1:]):
                glued = x + y
                if x.isalpha() and y.isalpha() and len(glued) >= 7 and glued not in table and not vocab.lookup(glued) \
                        and not any(glued in g for o in vocab.columns.values() for g in o.words):
                    table[glued] = f"{x} {y}"
                    table.setdefault(glued.removesuffix("s"), f"{x} {y.removesuffix('s')}")
                    table.setdefault(glued.removesuffix("s") + "ing", f"{x} {y.removesuffix('s')}")  # "spacewalking"
        if table:
            alts = sorted({x for a in table for x in (a, noun_plural(a))}, key=len, reverse=True)
            pat = re.compile(r"(?i)(?<![\w-])(" + "|".join(re.escape(x) for x in alts) + r")(?![\w-])")
        else:
            pat = None
        got = vocab.__dict__["_alias_pattern"] = (pat, table)
    return got


def said_aliases(text: str, vocab: Vocabulary) -> str:
    """``text`` with each alias replaced by its column's words."""
    pat, table = alias_pattern(vocab)
    if pat is None:
        return text

    def sub(m: re.Match) -> str:
        a = norm(m.group(1))
        return table.get(a) or next((v for k, v in table.items() if noun_plural(k) == a), m.group(1))

    return pat.sub(sub, text)


def glued_words(vocab: Vocabulary) -> dict[tuple[str, int], tuple[str, set[str]]]:
    """The column words that glue letters to a number ("under5", "pm25") by their parts ("under", 5):
    the word and the other words of every column it is in, once per vocabulary."""
    got = vocab.__dict__.get("_glued_words")
    if got is None:
        got = {}
        for c in vocab.columns.values():
            own = {x for g in c.words for x in g}
            for g in c.words:
                m = re.fullmatch(r"([a-z]{2,})(\d{1,3})", g[0])
                if m:
                    key = (m.group(1), int(m.group(2)))
                    got[key] = (g[0], (got[key][1] if key in got else set()) | (own - set(g)))
        vocab.__dict__["_glued_words"] = got
    return got


def read_glued_words(p, vocab: Vocabulary) -> None:
    """A glued column word said apart ("under-5 mortality", "under five mortality" of `under5_mortality`;
    the tokenizer splits "under5" too) is that word — its number is no bound ("under 5") — where another
    word of its columns follows within three words."""
    parts = glued_words(vocab)
    if not parts:
        return
    w, spelled = p.words, vocab.lexicon.number_words
    for i in range(len(w) - 1):
        if p.claimed[i] or not w[i].isalpha():
            continue
        j = i + 1 + (w[i + 1] == "-" and i + 2 < len(w))
        n = int(w[j]) if w[j].isdigit() else spelled.get(w[j])
        word, others = parts.get((w[i], n), ("", set()))
        if word and set(w[j + 1:j + 4]) & others and not any(p.claimed[k] for k in range(i, j + 1)):
            p.words[i] = word
            p.claim(i + 1, j + 1)
            p.mark_at.update(range(i + 1, j + 1))  # part of the column's name, as a horizon is: no gap in it
