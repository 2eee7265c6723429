"""What the HTTP API returns for a turn and a session (shared by both route groups)."""

from __future__ import annotations

from typing import Any


def turn_payload(turn, s: dict[str, Any], engine) -> dict[str, Any]:
    return {"session": turn.session or s["session_id"], "dataset": s["dataset"], "strategy": s["strategy"],
            "reply": turn.reply, "items": turn.items, "trace": turn.trace, "intent": turn.intent, "plan": turn.plan,
            "llm_calls": turn.llm_calls, "tokens": turn.tokens, "latency_ms": round(turn.latency_ms, 1),
            "llm": engine.llm_name(), "degraded": turn.degraded}


def session_view(s: dict[str, Any]) -> dict[str, Any]:
    return {"session": s["session_id"], "user": s["user_id"], "dataset": s["dataset"], "strategy": s["strategy"],
            "created": s["created"], "updated": s["updated"], "profile": s["profile"].__dict__}
