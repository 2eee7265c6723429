"""A wide table's pairs: a name column and the count column beside it that shares its number (`p1`
with `np1`, `team2` with `goals_team2`). A number said of a value of the name
column ("the republicans held more than 240 seats") bounds that value's count, not the table's total
(`seats`); "the most democrats" orders by it."""

from __future__ import annotations

import re
from dataclasses import replace

from convrec.nlu.intent import SortHint
from convrec.nlu.reading import Parse
from convrec.nlu.vocab import Vocabulary

_NUMBERED = re.compile(r"^(.*?)(\d+)$")


def counted_pairs(vocab: Vocabulary) -> dict[str, str]:
    """name column → its count column, once per catalog."""
    got = vocab.__dict__.get("_counted_pairs")
    if got is None:
        got = {}
        texts = [c for c in vocab.columns.values() if c.type == "text" and c.role not in ("id", "title")
                 and _NUMBERED.match(c.name)]
        for t in texts:
            counts = [c.name for c in vocab.columns.values() if c.type in ("integer", "real") and c.name != t.name
                      and (c.name.endswith(t.name) or c.name.startswith(t.name)) and 1 <= len(c.name) - len(t.name) <= 8]
            if len(counts) == 1:
                got[t.name] = counts[0]
        got = got if len(got) >= 2 else {}  # a pattern of the table (p1/np1, p2/np2), not one coincidence
        vocab.__dict__["_counted_pairs"] = got
    return got


def read_pairs(p: Parse, vocab: Vocabulary) -> None:
    pairs = counted_pairs(vocab)
    if not pairs:
        return
    w = p.words
    said = []  # (span, name column) of the values of a paired name column
    for span, groups, _ in p.values:
        cols = {h.column for g in groups for h in g if h.column in pairs}
        if len(cols) == 1:
            said.append((span, cols.pop()))
    for span, col in said:
        for n, (nspan, cond) in enumerate(p.numbers):
            if cond.column in pairs.values() or cond.op not in ("<", "<=", ">", ">=", "=") \
                    or not 0 < nspan.start - span.end <= 6 or any(x in (",", ";", "and", "or", "but") for x in w[span.end:nspan.start]):
                continue
            p.numbers[n] = (nspan, replace(cond, column=pairs[col], role=vocab.columns[pairs[col]].role))
        a = span.start - 1 - (span.start > 1 and w[span.start - 1] == "the")
        if a >= 0 and w[a] in ("most", "fewest", "least") and not p.claimed[a]:  # "which congress had the most democrats"
            p.sort.append(SortHint(pairs[col], w[a] == "most", " ".join(w[a:span.end])))
            p.claim(a, a + 1)
