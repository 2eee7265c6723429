"""Output guard: text an LLM wrote never repeats the agent's instructions.

Prompt-extraction attempts come in every language and phrasing; the understanding layer
declines the common English ones before any LLM call, and this guard covers the rest on the
way out: LLM-written text (small talk, an introduction sentence, a baseline's reply) that
repeats a run of ``n`` words of any instruction template is withheld, and the caller uses its
template text instead. Public text (the capability card, which the greeting shows anyway) is not
an instruction and is not guarded.
"""

from __future__ import annotations

import re
from typing import Iterable

_WORD = re.compile(r"\w+", re.UNICODE)
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


class InstructionGuard:
    """Knows the instruction templates; :meth:`leaks` tells whether a text repeats one."""

    def __init__(self, instructions: Iterable[str], n: int = 7):
        self.n = n
        self.shingles: set[tuple[str, ...]] = set()
        for text in instructions:
            for part in _PLACEHOLDER.split(str(text)):  # a template's fixed text, between its placeholders
                w = _words(part)
                self.shingles.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))

    def leaks(self, text: str) -> bool:
        w = _words(text or "")
        return any(tuple(w[i:i + self.n]) in self.shingles for i in range(len(w) - self.n + 1))

    def clean(self, text: str) -> str:
        """``text``, or ``""`` when it repeats an instruction (the caller's fallback stands)."""
        return "" if self.leaks(text) else text
