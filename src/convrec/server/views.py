"""What the HTTP API returns for a turn and a session (shared by both route groups)."""

from __future__ import annotations

from typing import Any

from convrec.core.answers import item_links
from convrec.core.traceview import trace_in_words


def with_links(items: list[dict[str, Any]] | None, vocab) -> list[dict[str, Any]]:
    """The items with ``link`` / ``image`` from the catalog's own link columns, where it has them."""
    return [{**it, **item_links(str(it["id"]), vocab)} if isinstance(it, dict) and "id" in it else it
            for it in (items or [])]


def turn_payload(turn, s: dict[str, Any], engine) -> dict[str, Any]:
    vocab = engine.catalog(s["dataset"]).vocab
    return {"session": turn.session or s["session_id"], "dataset": s["dataset"], "strategy": s["strategy"],
            "reply": turn.reply, "items": with_links(turn.items, vocab), "trace": turn.trace,
            "steps": trace_in_words(turn.trace, turn.act), "intent": turn.intent, "plan": turn.plan,
            "llm_calls": turn.llm_calls, "tokens": turn.tokens, "latency_ms": round(turn.latency_ms, 1),
            "llm": engine.llm_name(), "degraded": turn.degraded, "act": turn.act,
            "memory": turn.memory}


def session_view(s: dict[str, Any]) -> dict[str, Any]:
    return {"session": s["session_id"], "user": s["user_id"], "dataset": s["dataset"], "strategy": s["strategy"],
            "created": s["created"], "updated": s["updated"], "profile": s["profile"].__dict__}
