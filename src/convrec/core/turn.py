"""What one turn returns, to every interface (CLI, server, evaluation)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Turn:
    reply: str
    items: list[dict[str, Any]] = field(default_factory=list)
    """Recommended items: ``id`` (the dataset's native id), ``title`` and a few attributes."""
    trace: list[dict[str, Any]] = field(default_factory=list)
    llm_calls: int = 0
    tokens: int = 0
    """Prompt + completion tokens of this turn's LLM calls."""
    latency_ms: float = 0.0
    session: str = ""
    plan: dict[str, Any] | None = None
    repairs: list[str] = field(default_factory=list)
    named_items: int | None = None
    """How many item names the LLM produced before linking (``None``: every item came from the
    catalog by construction); counted over the LLM's first k names (the paper's Factual@k)."""
    linked_items: int | None = None
    """How many of those names link to a catalog item; Factual@k = linked / named."""
    reflections: list[dict[str, Any]] = field(default_factory=list)
    """Critic verdicts when reflection is on: ``ok``, ``advice``, ``ms``."""
    intent: dict[str, Any] | None = None
    """How the message was understood (kind, k, linked items, grounded conditions...)."""
    act: dict[str, Any] | None = None
    """A conversation act this turn answered ("why", "more", "older", "start over"…; see
    :mod:`convrec.nlu.acts`) and what it pointed at."""
    degraded: str | None = None
    """Set when the LLM could not be reached for some call of this turn (the reason): the answer
    then comes from the tools alone, or is a template."""
    memory: dict[str, Any] | None = None
    """Set when long-term memory (the person's earlier conversations) shaped this list:
    ``liked_before`` (remembered liked items the ranking read), ``disliked_before`` (remembered
    disliked items kept out), ``user``; the reply says so in one line."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json_line(self) -> dict[str, Any]:
        return {"reply": self.reply, "items": self.items, "trace": self.trace, "llm_calls": self.llm_calls,
                "latency_ms": round(self.latency_ms, 1), "session": self.session, "intent": self.intent,
                "degraded": self.degraded, "act": self.act, "memory": self.memory}
