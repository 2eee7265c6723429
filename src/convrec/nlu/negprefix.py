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
