"""The HTTP layer: an OpenAI-compatible chat API, a small REST API, metrics and the web chat.

``create_app(engine)`` returns a FastAPI app; ``convrec serve`` runs it with uvicorn. Errors
always come back as ``{"error": {"message", "type", "code"}}`` (the OpenAI shape).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
import uuid
from pathlib import Path
from typing import Any, AsyncIterator, Literal

from fastapi import FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from convrec.errors import ConvrecError
from convrec.errors import StoreError
from convrec.server.engine import BadRequest, Busy, CancelledTurn, Engine, LLMUnavailable, NotFound, TooLarge

STATIC = Path(__file__).parent / "static"
MODEL_PREFIX = "convrec"


# ---------------------------------------------------------------------------- request bodies
class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str = "text"
    text: str | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[ContentPart] | None = None

    def text(self) -> str:
        if isinstance(self.content, list):
            return "\n".join(p.text or "" for p in self.content if p.type == "text")
        return self.content or ""


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="allow")
    model: str = MODEL_PREFIX
    messages: list[ChatMessage] = Field(min_length=1, max_length=500)
    stream: bool = False
    user: str | None = Field(default=None, max_length=256)
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dataset: str | None = None
    strategy: str | None = None
    user: str | None = Field(default=None, max_length=256)


class TurnRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str
    k: int | None = Field(default=None, ge=1, le=50)


class Feedback(BaseModel):
    model_config = ConfigDict(extra="forbid")
    item_id: str = Field(max_length=256)
    value: Literal["up", "down", "clear"]


# ---------------------------------------------------------------------------- helpers
def _error(status: int, message: str, kind: str, code: str | None = None, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": kind, "code": code}}, status_code=status, headers=headers)


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


def turn_payload(turn, s: dict[str, Any], engine: Engine) -> dict[str, Any]:
    return {"session": turn.session or s["session_id"], "dataset": s["dataset"], "strategy": s["strategy"],
            "reply": turn.reply, "items": turn.items, "trace": turn.trace, "intent": turn.intent, "plan": turn.plan,
            "llm_calls": turn.llm_calls, "tokens": turn.tokens, "latency_ms": round(turn.latency_ms, 1),
            "llm": engine.llm_name(), "degraded": turn.degraded}


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


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 before any handler reads it
    (declared by Content-Length or counted while a chunked body arrives)."""

    def __init__(self, app, limit: int, on_reject=None):
        self.app, self.limit, self.on_reject = app, limit, on_reject

    async def _reject(self, send) -> None:
        if self.on_reject:
            self.on_reject()
        body = json.dumps({"error": {"message": f"request body too large (at most {self.limit:,} bytes)",
                                     "type": "invalid_request_error", "code": "body_too_large"}}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                n = self.limit + 1
            if n > self.limit:
                return await self._reject(send)
            return await self.app(scope, receive, send)
        messages, size = [], 0
        while True:  # chunked: read it all (up to the limit), then replay it to the app
            msg = await receive()
            messages.append(msg)
            if msg["type"] != "http.request":
                break
            size += len(msg.get("body", b""))
            if size > self.limit:
                return await self._reject(send)
            if not msg.get("more_body", False):
                break

        async def replay():
            return messages.pop(0) if messages else await receive()

        return await self.app(scope, replay, send)


class BearerAuth:
    """ASGI middleware: /v1, /api and /metrics need ``Authorization: Bearer <key>``."""

    def __init__(self, app, key: str, on_reject=None):
        self.app, self.key, self.on_reject = app, key.encode(), on_reject

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            path = scope.get("path", "")
            if path.startswith(("/v1/", "/api/")) or path == "/metrics":
                got = dict(scope.get("headers") or []).get(b"authorization", b"")
                token = got[7:].strip() if got[:7].lower() == b"bearer " else b""
                if not hmac.compare_digest(token, self.key):
                    if self.on_reject:
                        self.on_reject()
                    body = json.dumps({"error": {"message": "missing or wrong API key (send Authorization: Bearer <key>)",
                                                 "type": "invalid_request_error", "code": "invalid_api_key"}}).encode()
                    await send({"type": "http.response.start", "status": 401,
                                "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer"),
                                            (b"content-length", str(len(body)).encode())]})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


# ---------------------------------------------------------------------------- the app
def create_app(engine: Engine, api_key: str | None = None) -> FastAPI:
    cfg = engine.config.server
    key = api_key if api_key is not None else cfg.api_key
    app = FastAPI(title="convrec", version="0.1.0",
                  description="A conversational recommender agent: OpenAI-compatible chat, sessions, feedback.")
    app.state.engine = engine

    # ------------------------------------------------------------ middleware (pure ASGI: a client's disconnect stays visible)
    if key:
        app.add_middleware(BearerAuth, key=key, on_reject=lambda: engine.metrics.error("unauthorized"))
    app.add_middleware(BodyLimit, limit=cfg.max_body, on_reject=lambda: engine.metrics.error("too_large"))

    # ------------------------------------------------------------ errors
    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        errs = exc.errors()
        first = errs[0] if errs else {"msg": "invalid request", "loc": ()}
        engine.metrics.error("invalid_request")
        if first.get("type") == "json_invalid":
            return _error(422, "the request body is not valid JSON", "invalid_request_error", "json_invalid")
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return _error(422, f"invalid request: {where + ': ' if where else ''}{first.get('msg')}", "invalid_request_error")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        return _error(exc.status_code, str(exc.detail), "invalid_request_error")

    @app.exception_handler(ConvrecError)
    async def convrec_error(request: Request, exc: ConvrecError):
        if isinstance(exc, Busy):
            engine.metrics.error("busy")
            return _error(429, str(exc), "rate_limit_error", "busy", {"Retry-After": str(exc.retry_after)})
        if isinstance(exc, NotFound):
            return _error(404, str(exc), "invalid_request_error", "not_found")
        if isinstance(exc, TooLarge):
            engine.metrics.error("too_large")
            return _error(413, str(exc), "invalid_request_error", "message_too_long")
        if isinstance(exc, BadRequest):
            return _error(400, str(exc), "invalid_request_error")
        if isinstance(exc, LLMUnavailable):
            return _error(503, str(exc), "server_error", "llm_unavailable", {"Retry-After": "30"})
        if isinstance(exc, StoreError):
            engine.metrics.error("store")
            return _error(503, str(exc), "server_error", "store_unavailable", {"Retry-After": "5"})
        engine.metrics.error("convrec")
        return _error(500, str(exc), "server_error")

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        engine.metrics.error("internal")
        return _error(500, f"internal error: {type(exc).__name__}", "server_error")

    # ------------------------------------------------------------ waiting for a turn
    async def wait(request: Request, job, fut):
        """The turn's result; 504 past the time limit; the job is dropped if the client left."""
        afut = asyncio.wrap_future(fut)
        deadline = time.monotonic() + cfg.timeout_s
        while True:
            done, _ = await asyncio.wait({afut}, timeout=min(0.5, max(deadline - time.monotonic(), 0.01)))
            if done:
                return afut.result()
            if await request.is_disconnected():
                job.cancelled = True
                fut.cancel()
                raise CancelledTurn()
            if time.monotonic() >= deadline:
                job.cancelled = True
                fut.cancel()
                engine.metrics.error("timeout")
                raise TimeoutError()

    async def answer(request: Request, job, fut) -> Any:
        try:
            return await wait(request, job, fut)
        except TimeoutError:
            return _error(504, f"the turn took longer than {cfg.timeout_s:g} s (it is still stored when it completes)",
                          "timeout_error", "timeout")
        except CancelledTurn:
            return _error(499, "client closed the request", "invalid_request_error", "client_closed")

    # ------------------------------------------------------------ OpenAI-compatible
    @app.get("/v1/models", tags=["openai"])
    def list_models():
        now = int(engine.started)
        return {"object": "list", "data": [{"id": m, "object": "model", "created": now, "owned_by": "convrec"}
                                           for m in model_ids(engine)]}

    @app.get("/v1/models/{model_id}", tags=["openai"])
    def get_model(model_id: str):
        parse_model(engine, model_id)
        return {"id": model_id, "object": "model", "created": int(engine.started), "owned_by": "convrec"}

    @app.post("/v1/chat/completions", tags=["openai"])
    async def chat_completions(body: ChatRequest, request: Request,
                               x_convrec_session: str | None = Header(default=None)):
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
        job, fut, s = engine.submit_turn(message, session, dataset=dataset, strategy=strategy, user=user,
                                         context=context)
        cid = "chatcmpl-" + uuid.uuid4().hex[:24]
        created = int(time.time())
        max_tokens = body.max_completion_tokens or body.max_tokens
        if not body.stream:
            turn = await answer(request, job, fut)
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
            return f"data: {json.dumps(d, default=str)}\n\n"

        async def events() -> AsyncIterator[str]:
            yield chunk({"role": "assistant", "content": ""})
            afut = asyncio.wrap_future(fut)
            deadline = time.monotonic() + cfg.timeout_s
            try:
                while True:
                    done, _ = await asyncio.wait({afut}, timeout=1.0)
                    if done:
                        break
                    if time.monotonic() >= deadline:
                        job.cancelled = True
                        fut.cancel()
                        engine.metrics.error("timeout")
                        err = {"message": f"the turn took longer than {cfg.timeout_s:g} s", "type": "timeout_error",
                               "code": "timeout"}
                        yield f"data: {json.dumps({'error': err})}\n\n"
                        return
                    yield ": waiting\n\n"  # an SSE comment: keeps proxies open, and finds a client that left
                try:
                    turn = afut.result()
                except (LLMUnavailable, StoreError) as e:
                    code = "llm_unavailable" if isinstance(e, LLMUnavailable) else "store_unavailable"
                    err = {"message": str(e), "type": "server_error", "code": code}
                    yield f"data: {json.dumps({'error': err})}\n\n"
                    return
                except Exception as e:  # noqa: BLE001 - reported in the stream
                    err = {"message": f"internal error: {type(e).__name__}", "type": "server_error", "code": None}
                    yield f"data: {json.dumps({'error': err})}\n\n"
                    return
                text, finish = _truncate(reply_content(turn), max_tokens)
                for piece in _chunks(text):
                    yield chunk({"content": piece})
                    await asyncio.sleep(0.01)
                yield chunk({}, finish, {"convrec": turn_payload(turn, s, engine)})
                yield "data: [DONE]\n\n"
            except asyncio.CancelledError:  # the client left: a turn not yet started is dropped
                job.cancelled = True
                fut.cancel()
                raise

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Convrec-Session": s["session_id"]})

    # ------------------------------------------------------------ REST
    @app.get("/api/options", tags=["rest"])
    def options():
        return {"datasets": engine.datasets, "strategies": engine.strategies(),
                "default_dataset": engine.default_dataset, "default_strategy": engine.default_strategy,
                "llm": engine.llm_name()}

    def session_view(s: dict[str, Any]) -> dict[str, Any]:
        return {"session": s["session_id"], "user": s["user_id"], "dataset": s["dataset"], "strategy": s["strategy"],
                "created": s["created"], "updated": s["updated"], "profile": s["profile"].__dict__}

    @app.post("/api/sessions", tags=["rest"], status_code=201)
    def create_session(body: NewSession):
        return session_view(engine.new_session(body.dataset, body.strategy, body.user))

    @app.get("/api/sessions/{sid}", tags=["rest"])
    def read_session(sid: str):
        return session_view(engine.session(sid))

    @app.get("/api/sessions/{sid}/messages", tags=["rest"])
    def read_messages(sid: str):
        s = engine.session(sid)
        msgs = engine.store.messages(sid)
        out = []
        catalog = None
        for m in msgs:
            items = m["items"] or []
            if items and any(isinstance(i, str) for i in items):  # stored as ids: show them as cards too
                if catalog is None:
                    catalog = engine.catalog(s["dataset"])
                from convrec.core.answers import item_view

                items = [item_view({"item_id": i, **catalog.describe(i)}, catalog.vocab) if isinstance(i, str) else i
                         for i in items if not isinstance(i, str) or i in catalog.items.index]
            out.append({"role": m["role"], "content": m["content"], "items": items, "trace": m["trace"],
                        "created": m["created"]})
        return {"session": sid, "messages": out}

    @app.post("/api/sessions/{sid}/turns", tags=["rest"])
    async def post_turn(sid: str, body: TurnRequest, request: Request):
        s = engine.session(sid)
        job, fut, s = engine.submit_turn(body.message, sid, k=body.k, dataset=s["dataset"], strategy=s["strategy"])
        turn = await answer(request, job, fut)
        if isinstance(turn, JSONResponse):
            return turn
        return turn_payload(turn, s, engine)

    @app.post("/api/sessions/{sid}/feedback", tags=["rest"])
    def post_feedback(sid: str, body: Feedback):
        p = engine.feedback(sid, body.item_id, body.value)
        return {"session": sid, "item_id": body.item_id, "value": body.value, "profile": p.__dict__}

    @app.get("/api/items/{dataset}/{item_id}", tags=["rest"])
    def item(dataset: str, item_id: str):
        return engine.item(dataset, item_id)

    @app.get("/healthz", tags=["ops"])
    def healthz():
        h = engine.health()  # degraded (LLM unreachable, answering from the tools) is still 200: it serves
        return JSONResponse(h, status_code=503 if h["status"] == "unavailable" else 200)

    @app.get("/metrics", tags=["ops"], response_class=PlainTextResponse)
    def metrics():
        return PlainTextResponse(engine.metrics.render(engine.queue.waiting, engine.queue.running),
                                 media_type="text/plain; version=0.0.4")

    # ------------------------------------------------------------ the web chat
    @app.get("/", include_in_schema=False)
    def index():
        return FileResponse(STATIC / "index.html", media_type="text/html")

    return app
