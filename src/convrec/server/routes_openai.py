"""The OpenAI-compatible routes: ``/v1/models`` and ``/v1/chat/completions`` (blocking and SSE)."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import AsyncIterator

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, StreamingResponse

from convrec.errors import StoreError
from convrec.server.engine import BadRequest, Engine, LLMUnavailable, NotFound, ShuttingDown
from convrec.server.routes_rest import identity
from convrec.server.routes_rest import client_of
from convrec.server.schemas import MODEL_PREFIX, ChatRequest
from convrec.server.views import turn_payload
from convrec.server.waiting import WAITING, answer, until_done

router = APIRouter(tags=["openai"])


def parse_model(engine: Engine, model: str | None) -> tuple[str, str]:
    """``convrec`` | ``convrec-<strategy>`` | ``convrec-<strategy>:<dataset>`` → (dataset, strategy)."""
    m = (model or MODEL_PREFIX).strip()
    if m == MODEL_PREFIX:
        return engine.check(None, None)
    if not m.startswith(MODEL_PREFIX + "-"):
        raise NotFound(f"unknown model '{m}' (GET /v1/models lists them)")
    rest = m[len(MODEL_PREFIX) + 1:]
    strategy, _, dataset = rest.partition(":")
    return engine.check(dataset or None, strategy)


def model_ids(engine: Engine) -> list[str]:
    out = [MODEL_PREFIX]
    for st in engine.strategies():
        out.append(f"{MODEL_PREFIX}-{st}")
        out += [f"{MODEL_PREFIX}-{st}:{ds}" for ds in engine.datasets]
    return out


def reply_content(turn) -> str:
    """The reply, with a short list of the items when the reply does not name them all."""
    text = turn.reply or ""
    missing = [it for it in turn.items if str(it.get("title", "")) not in text]
    if missing:
        text = (text + "\n\n" if text else "") + "\n".join(f"{i}. {it['title']}" for i, it in enumerate(turn.items, 1))
    return text


def _chunks(text: str, size: int = 24) -> list[str]:
    words = text.split(" ")
    out, cur = [], ""
    for w in words:
        cur = w if not cur else cur + " " + w
        if len(cur) >= size:
            out.append(cur + " ")
            cur = ""
    if cur:
        out.append(cur)
    if out and out[-1].endswith(" ") and not text.endswith(" "):
        out[-1] = out[-1][:-1]
    return out


def _truncate(text: str, max_tokens: int | None) -> tuple[str, str]:
    if max_tokens is None or len(text) <= max_tokens * 4:
        return text, "stop"
    return text[:max_tokens * 4], "length"


def _sse(payload: dict) -> str:
    return f"data: {json.dumps(payload, default=str)}\n\n"


@router.get("/v1/models")
def list_models(request: Request):
    engine: Engine = request.app.state.engine
    now = int(engine.started)
    return {"object": "list", "data": [{"id": m, "object": "model", "created": now, "owned_by": "convrec"}
                                       for m in model_ids(engine)]}


@router.get("/v1/models/{model_id}")
def get_model(model_id: str, request: Request):
    engine: Engine = request.app.state.engine
    parse_model(engine, model_id)
    return {"id": model_id, "object": "model", "created": int(engine.started), "owned_by": "convrec"}


@router.post("/v1/chat/completions")
async def chat_completions(body: ChatRequest, request: Request, x_convrec_session: str | None = Header(default=None)):
    engine: Engine = request.app.state.engine
    timeout_s = engine.config.server.timeout_s
    dataset, strategy = parse_model(engine, body.model)
    users = [i for i, m in enumerate(body.messages) if m.role == "user"]
    if not users:
        raise BadRequest("messages hold no user message")
    last = users[-1]
    message = body.messages[last].text()
    context = [{"role": "user" if m.role == "user" else "assistant", "content": m.text()}
               for m in body.messages[:last] if m.role in ("user", "assistant") and m.text().strip()]
    session, user = x_convrec_session, body.user
    if session is None and user:
        # the user's ongoing conversation with this model; a request holding one user message starts a new one
        session = engine.store.latest(user, dataset, strategy) if len(users) > 1 else None
    # earlier messages are read only by a session that has none yet (a stateless client's conversation)
    job, fut, s = engine.submit_turn(message, session, dataset=dataset, strategy=strategy,
                                     user=identity(request, user), context=context,
                                     client=client_of(request), key=request.headers.get("idempotency-key"))
    cid = "chatcmpl-" + uuid.uuid4().hex[:24]
    created = int(time.time())
    max_tokens = body.max_completion_tokens or body.max_tokens
    if not body.stream:
        turn = await answer(request, job, fut, timeout_s, engine.metrics, engine.stop_at)
        if isinstance(turn, JSONResponse):
            return turn
        text, finish = _truncate(reply_content(turn), max_tokens)
        completion = max(1, len(text) // 4)
        prompt = max(1, sum(len(m.text()) for m in body.messages) // 4)
        return JSONResponse({
            "id": cid, "object": "chat.completion", "created": created, "model": body.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
            "convrec": turn_payload(turn, s, engine)}, headers={"X-Convrec-Session": s["session_id"]})

    def chunk(delta: dict, finish: str | None = None, extra: dict | None = None) -> str:
        d = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": body.model,
             "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if extra:
            d.update(extra)
        return _sse(d)

    async def events() -> AsyncIterator[str]:
        yield chunk({"role": "assistant", "content": ""})
        try:
            async for event in until_done(job, fut, timeout_s, engine.metrics, tick=1.0, stop_at=engine.stop_at):
                if event is WAITING:
                    yield ": waiting\n\n"  # an SSE comment: keeps proxies open, and finds a client that left
                    continue
                turn = event
        except TimeoutError:
            yield _sse({"error": {"message": f"the turn took longer than {timeout_s:g} s", "type": "timeout_error",
                                  "code": "timeout"}})
            return
        except (LLMUnavailable, StoreError, ShuttingDown) as e:
            code = ("llm_unavailable" if isinstance(e, LLMUnavailable) else
                    "shutting_down" if isinstance(e, ShuttingDown) else "store_unavailable")
            yield _sse({"error": {"message": str(e), "type": "server_error", "code": code}})
            return
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - reported in the stream
            yield _sse({"error": {"message": f"internal error: {type(e).__name__}", "type": "server_error",
                                  "code": "internal_error"}})
            return
        text, finish = _truncate(reply_content(turn), max_tokens)
        for piece in _chunks(text):
            yield chunk({"content": piece})
            await asyncio.sleep(0.01)
        yield chunk({}, finish, {"convrec": turn_payload(turn, s, engine)})
        yield "data: [DONE]\n\n"

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Convrec-Session": s["session_id"]})
