"""A message that is a pasted conversation ("User: … / Recommender: …"), split by speaker; one turn
pasted with its speaker's label, the label taken off."""

from __future__ import annotations

import re

from convrec.nlu.vocab import Vocabulary


def split_dialogue(message: str, vocab: Vocabulary) -> list[tuple[str, str]] | None:
    """``[(speaker, text)]`` when the message is a pasted conversation with labelled speakers
    (one line per turn, or "Speaker: ..." chunks on one line), else None."""
    lex = vocab.lexicon
    names = sorted(lex.user_speakers | lex.other_speakers, key=len, reverse=True)
    pat = re.compile(r"(?:^|\n|(?<=[.!?\"]) +|\s/\s)\s*(" + "|".join(re.escape(n) for n in names) + r")\s*:\s*", re.I)
    marks = list(pat.finditer(message))
    if len(marks) < 2:
        return None
    segs: list[tuple[str, str]] = []
    for m, nxt in zip(marks, marks[1:] + [None]):
        who = m.group(1).lower()
        text = message[m.end(): nxt.start() if nxt else len(message)].strip()
        if text:
            segs.append(("user" if who in lex.user_speakers else "other", text))
    speakers = {s for s, _ in segs}
    if speakers != {"user", "other"}:
        return None
    return segs


def _strip_user_label(message: str, vocab: Vocabulary) -> str:
    """"User: I liked Click and Get Out" — one turn pasted with its speaker label: the label is
    no word of the request."""
    lex = vocab.lexicon
    m = re.match(r"\s*(" + "|".join(re.escape(n) for n in sorted(lex.user_speakers, key=len, reverse=True)) + r")\s*:\s+(?=\S)",
                 message, re.I)
    return message[m.end():] if m else message
