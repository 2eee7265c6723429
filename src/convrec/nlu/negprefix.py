"""A yes/no column said with a negating prefix: "unmarried" of `marr`, "non-union" of `union`,
"unemployed" of `employed` — read as "not married", "not union", so the negation readers apply.

Only where the whole word is no value of the catalog's own ("uncontested" indexed for a
`contested` column is read there) and the rest names a yes/no column: its label or words, or the
column's name cut short (`marr` of "married")."""

from __future__ import annotations

import re

from convrec.catalog.text import norm
from convrec.nlu.vocab import Vocabulary

_PREFIXED = re.compile(r"(?i)\b(un|non-?)([a-z]{4,})\b")


def _flag_names(vocab: Vocabulary) -> list[tuple[str, set[str]]]:
    got = vocab.__dict__.get("_flag_names")
    if got is None:
        got = []
        for c in vocab.columns.values():
            if c.type == "boolean" and c.role in ("flag", "category", "other"):
                said = {norm(c.label)} | {norm(x) for g in c.words for x in g}
                got.append((re.sub(r"[^a-z]", "", c.name.lower()), {x for x in said if x}))
        vocab.__dict__["_flag_names"] = got
    return got


def negated_prefixes(text: str, vocab: Vocabulary) -> str:
    flags = _flag_names(vocab)
    if not flags:
        return text

    def one(m: re.Match) -> str:
        whole, rest = norm(m.group(0)), m.group(2).lower()
        if vocab.lookup(whole) or vocab.lookup(whole.replace("-", " ")):
            return m.group(0)
        for name, said in flags:
            if rest in said or (len(name) >= 4 and rest.startswith(name)):
                return f"not {m.group(2)}"
        return m.group(0)

    return _PREFIXED.sub(one, text)


_LACK = r"(?:lacks?|lacking|lacked|without|with no|have no|has no)"


def _negated_columns(vocab: Vocabulary) -> list[tuple[re.Pattern, str]]:
    """Number columns named with a negating prefix (`illiteracy`, `unemployment`, `uninsured`): a
    pattern for the rest said after "lack"/"without" ("lack basic literacy") → the column's word."""
    got = vocab.__dict__.get("_negated_columns")
    if got is None:
        from convrec.catalog.text import word_rank

        got = []
        for c in vocab.columns.values():
            if c.type not in ("integer", "real"):
                continue
            for x in {norm(x) for g in c.words for x in g} | set(norm(c.label).split()):
                m = re.fullmatch(r"(il|in|im|ir|un|non)([a-z]{6,})", x)  # (not "income": in + come)
                if m and word_rank(m.group(2)) is not None:
                    got.append((re.compile(rf"(?i)\b{_LACK}\s+(?:[a-z]+\s+)?{m.group(2)}\b"), x))
        vocab.__dict__["_negated_columns"] = got
    return got


def lacked_columns(text: str, vocab: Vocabulary) -> str:
    """"lack basic literacy" → "illiteracy", "without employment" → "unemployment": what a column
    named with a negating prefix measures, said with the negation as words."""
    for pattern, word in _negated_columns(vocab):
        text = pattern.sub(word, text)
    return text
