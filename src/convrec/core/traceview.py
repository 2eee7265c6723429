"""A reply's trace in words: which tools ran and what came of them, for the person who asked
(the raw trace stays one click further). Each tool says what it did (``Tool.said``); steps that
are not tools (the loop's checks, the strategies' own passes) are named here."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

STEPS_SAID = {
    "verify": "checked every item against the catalog and your conditions",
    "diversify": "mixed different kinds of items",
    "soft_rank": "ranked by closeness to your words",
    "sort": "sorted as you asked",
    "critic": "the LLM checked the answer",
    "read_follow_up": "the LLM read your follow-up as",
    "random_sample": "drew items at random (a baseline)",
    "popularity_sample": "drew items, the more people liked one the likelier (a baseline)",
    "phrase_reasons": "the LLM said the reasons in its own words, each sentence checked against the evidence",
}
"""Trace steps that are not tools, in words."""


@lru_cache(maxsize=1)
def _tools_said() -> dict[str, str]:
    import convrec.tools.omulet  # noqa: F401 - every toolbox, so each tool class is known
    import convrec.tools.recsys  # noqa: F401
    import convrec.tools.toolrec  # noqa: F401
    from convrec.tools.base import Tool

    out: dict[str, str] = {}
    todo = list(Tool.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        name = getattr(cls, "name", None)
        if isinstance(name, str) and getattr(cls, "said", ""):
            out.setdefault(name, cls.said)
    return out


def step_in_words(step: dict[str, Any]) -> str:
    tool = str(step.get("tool", "step"))
    said = _tools_said().get(tool) or STEPS_SAID.get(tool) or tool.replace("_", " ")
    inp = step.get("input") if isinstance(step.get("input"), dict) else {}
    if tool == "soft_rank" and inp.get("text"):
        said += f" “{str(inp['text'])[:60]}”"
    if step.get("error"):
        said += f" — failed: {str(step['error'])[:120]}"
        return said[0].upper() + said[1:]
    n = step.get("candidates")
    if tool == "fetch":
        pass  # what stays behind is not what is shown (the reply shows its own count)
    elif isinstance(n, int) and not isinstance(n, bool):
        said += f" → {n:,} left"
    if tool == "verify" and str(step.get("output", "")).startswith("dropped"):
        said += f" ({str(step['output']).split(':')[0]})"
    if tool in ("critic", "phrase_reasons", "read_follow_up") and step.get("output"):
        said += f": {str(step['output'])[:120]}"
    return said[0].upper() + said[1:]


def trace_in_words(trace: Sequence[dict[str, Any]] | None, act: dict | None = None) -> list[str]:
    """One sentence per step of ``trace`` (a turn's ``trace`` list); an answer about the
    conversation itself (``act``) that ran no tool says where it came from."""
    words = [step_in_words(s) for s in (trace or []) if isinstance(s, dict)]
    if act and not words:
        words = ["Answered from what this conversation already holds (its lists, their reasons, your requests)"]
    return words
