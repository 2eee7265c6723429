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


_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20}


def glued_pattern(vocab: Vocabulary):
    """(pattern, glued word by its parts) of the column words that glue letters to a number ("under5",
    "pm25"), said apart ("under-5 mortality", "under five mortality"), once per vocabulary."""
    got = vocab.__dict__.get("_glued_pattern")
    if got is None:
        parts: dict[tuple[str, int], tuple[str, set[str]]] = {}
        for c in vocab.columns.values():
            own = {x for g in c.words for x in g}
            for g in c.words:
                m = re.fullmatch(r"([a-z]{2,})(\d{1,3})", g[0])
                if m:  # (the words of every column the glued word is in)
                    key = (m.group(1), int(m.group(2)))
                    parts[key] = (g[0], (parts[key][1] if key in parts else set()) | (own - set(g)))
        if parts:
            nums = {n: [str(n)] + [k for k, v in _SMALL.items() if v == n] for _, n in parts}
            alts = "|".join(f"{re.escape(a)}[\\s-]*(?:{'|'.join(nums[n])})" for a, n in parts)
            pat = re.compile(r"(?i)\b(" + alts + r")\b")
        else:
            pat = None
        got = vocab.__dict__["_glued_pattern"] = (pat, parts)
    return got


def read_glued_words(p, vocab: Vocabulary) -> None:
    """A glued column word said apart ("under-5 mortality", "under five mortality" of `under5_mortality`;
    the tokenizer splits "under5" too) is that word — its number is no bound ("under 5") — where another
    word of its columns follows within three words."""
    pat, parts = glued_pattern(vocab)
    if pat is None:
        return
    w = p.words
    for i in range(len(w) - 1):
        if p.claimed[i] or not w[i].isalpha():
            continue
        j = i + 1 + (w[i + 1] == "-" and i + 2 < len(w))
        rest = w[j]
        n = int(rest) if rest.isdigit() else _SMALL.get(rest)
        word, others = parts.get((w[i], n), ("", set()))
        if word and set(w[j + 1:j + 4]) & others and not any(p.claimed[k] for k in range(i, j + 1)):
            p.words[i] = word
            p.claim(i + 1, j + 1)
