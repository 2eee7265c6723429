"""Growth said as people say it, where the catalog keeps a change in percent (`% change`, `growth_pct`):
"more than doubled" is a change of more than 100 %, "tripled" at least 200 %, "halved" at most -50 %;
and "compared to the previous year", "from the year before", "year on year" name the change's own
baseline, not a condition of their own.

A text rewrite before the readers run, only where one number column of the catalog is a change in
percent (its words say change or growth; its unit is %)."""

from __future__ import annotations

import re

from convrec.catalog.text import norm
from convrec.nlu.vocab import Vocabulary

_TIMES = {"doubled": 100, "tripled": 200, "trebled": 200, "quadrupled": 300, "halved": -50}
_BASELINE = re.compile(r"(?i)\s*,?\s*\b(?:compared (?:to|with)|relative to|versus|vs\.?|over|from|since|than|on)\s+"
                       r"(?:the\s+)?(?:previous|prior|preceding|last)\s+year\b|\s*,?\s*\b(?:from|than|over)\s+the\s+year\s+before\b"
                       r"|\s*,?\s*\byear[- ](?:on|over)[- ]year\b")
_COMPARED = re.compile(r"(?i)\b(more than|over|at least|less than|under|almost|nearly)\s+(doubled|tripled|trebled|quadrupled|halved)\b")
_ALONE = re.compile(r"(?i)\b(doubled|tripled|trebled|quadrupled|halved)\b")


def change_column(vocab: Vocabulary) -> str | None:
    got = vocab.__dict__.get("_change_column", "?")
    if got == "?":
        cols = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.unit == "%"
                and any(x in ("change", "growth", "increase") for g in c.words[:1] for x in g)]
        got = vocab.__dict__["_change_column"] = cols[0] if len(cols) == 1 else None
    return got


def growth_words(text: str, vocab: Vocabulary) -> str:
    col = change_column(vocab)
    if col is None:
        return text
    info = vocab.columns[col]
    said = " ".join(x for x in norm(info.label or col).split() if x.isalpha() and x not in ("pct", "percent", "percentage"))
    said = said or "change"
    text = _BASELINE.sub("", text)

    def compared(m: re.Match) -> str:
        n = _TIMES[m.group(2).lower()]
        op = m.group(1).lower()
        if op in ("almost", "nearly"):
            return f"{said} at least {round(n * 0.9)} %"
        return f"{said} {op} {n} %"

    text = _COMPARED.sub(compared, text)
    return _ALONE.sub(lambda m: (f"{said} at least {_TIMES[m.group(1).lower()]} %" if _TIMES[m.group(1).lower()] > 0
                                 else f"{said} at most {_TIMES[m.group(1).lower()]} %"), text)
