"""The REST routes (sessions, turns, feedback, items), operations (health, metrics) and the web
chat page."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse

from convrec.server.engine import Engine
from convrec.server.schemas import Feedback, NewSession, TurnRequest
from convrec.core.traceview import trace_in_words
from convrec.server.views import session_view, turn_payload, with_links
from convrec.server.waiting import answer

STATIC = Path(__file__).parent / "static"
router = APIRouter()


def client_of(request: Request) -> str:
    """Who is asking, for rate limits: the bearer key (hashed) when one is sent, else the address."""
    import hashlib

    auth = request.headers.get("authorization", "")
    if auth:
        return "key:" + hashlib.sha256(auth.encode()).hexdigest()[:16]
    return "ip:" + (request.client.host if request.client else "unknown")


def _engine(request: Request) -> Engine:
    return request.app.state.engine


VISITOR_COOKIE = "convrec_visitor"
_VISITOR = re.compile(r"^[0-9a-f]{32}$")


def visitor(request: Request) -> str | None:
    """The browser's own identity: the random id the web page's cookie carries (set when the page
    is loaded; http-only, so no script reads it), as the user id ``web:<id>``; None without one."""
    v = request.cookies.get(VISITOR_COOKIE, "")
    return f"web:{v}" if _VISITOR.match(v) else None


def identity(request: Request, user: str | None) -> str | None:
    """Who is asking: the ``user`` the request names, else the browser's own id, else nobody
    (session memory only)."""
    return (user or "").strip() or visitor(request)


@router.get("/api/options", tags=["rest"])
def options(request: Request):
    engine = _engine(request)
    return {"datasets": engine.datasets, "strategies": engine.strategies(),
            "default_dataset": engine.default_dataset, "default_strategy": engine.default_strategy,
            "llm": engine.llm_name()}


@router.post("/api/sessions", tags=["rest"], status_code=201)
def create_session(body: NewSession, request: Request):
    return session_view(_engine(request).new_session(body.dataset, body.strategy, identity(request, body.user)))


@router.get("/api/sessions/{sid}", tags=["rest"])
def read_session(sid: str, request: Request):
    return session_view(_engine(request).session(sid, visitor(request)))


@router.get("/api/sessions/{sid}/messages", tags=["rest"])
def read_messages(sid: str, request: Request):
    """The session's messages as the page shows them after a reload: items with their reasons and
    links, and for a reply its steps in words, LLM calls and time (the footer)."""
    engine = _engine(request)
    s = engine.session(sid, visitor(request))
    catalog = engine.catalog(s["dataset"])
    out = []
    for m in engine.store.messages(sid):
        items = m["items"] or []
        if items and any(isinstance(i, str) for i in items):  # sessions stored before the one turn loop kept ids
            from convrec.core.answers import item_view

            items = [item_view({"item_id": i, **catalog.describe(i)}, catalog.vocab) if isinstance(i, str) else i
                     for i in items if not isinstance(i, str) or i in catalog.items.index]
        meta = m.get("meta") or {}
        row = {"role": m["role"], "content": m["content"], "items": with_links(items, catalog.vocab),
               "trace": m["trace"], "created": m["created"]}
        if m["role"] == "assistant":
            row.update({"steps": trace_in_words(m["trace"] or [], meta.get("act")), "llm_calls": meta.get("llm_calls"),
                        "latency_ms": meta.get("latency_ms"), "act": meta.get("act")})
        out.append(row)
    return {"session": sid, "messages": out}


@router.get("/api/catalog/{dataset}", tags=["rest"])
def catalog_card(dataset: str, request: Request):
    """What the catalog holds, in a line, and example requests built from it (the page's first
    screen)."""
    card = _engine(request).card(dataset)
    return {"dataset": dataset, "domain": card.domain, "n_items": card.n_items, "about": card.about_text(),
            "examples": card.examples[:6]}


@router.post("/api/sessions/{sid}/turns", tags=["rest"])
async def post_turn(sid: str, body: TurnRequest, request: Request):
    engine = _engine(request)
    timeout_s = engine.config.server.timeout_s
    s = engine.session(sid, visitor(request))
    job, fut, s = engine.submit_turn(body.message, sid, k=body.k, dataset=s["dataset"], strategy=s["strategy"],
                                     user=visitor(request), client=client_of(request),
                                     key=request.headers.get("idempotency-key"))
    turn = await answer(request, job, fut, timeout_s, engine.metrics, engine.stop_at)
    if isinstance(turn, JSONResponse):
        return turn
    return turn_payload(turn, s, engine)


@router.post("/api/sessions/{sid}/feedback", tags=["rest"])
def post_feedback(sid: str, body: Feedback, request: Request):
    _engine(request).session(sid, visitor(request))
    p = _engine(request).feedback(sid, body.item_id, body.value)
    return {"session": sid, "item_id": body.item_id, "value": body.value, "profile": p.__dict__}


@router.get("/api/items/{dataset}/{item_id}", tags=["rest"])
def item(dataset: str, item_id: str, request: Request):
    return _engine(request).item(dataset, item_id)


@router.get("/healthz", tags=["ops"])
def healthz(request: Request):
    h = _engine(request).health()  # degraded (LLM unreachable, answering from the tools) is still 200: it serves
    return JSONResponse(h, status_code=503 if h["status"] == "unavailable" else 200)


@router.get("/metrics", tags=["ops"], response_class=PlainTextResponse)
def metrics(request: Request):
    engine = _engine(request)
    return PlainTextResponse(engine.metrics.render(engine.queue.waiting, engine.queue.running),
                             media_type="text/plain; version=0.0.4")


@router.get("/", include_in_schema=False)
def index(request: Request):
    """The web chat. A browser without an id gets a random one in an http-only cookie: its own
    long-term memory, which no other browser reads."""
    page = FileResponse(STATIC / "index.html", media_type="text/html")
    if visitor(request) is None:
        import secrets

        page.set_cookie(VISITOR_COOKIE, secrets.token_hex(16), max_age=400 * 24 * 3600, httponly=True,
                        samesite="strict", path="/")
    return page


@router.get("/favicon.svg", include_in_schema=False)
@router.get("/favicon.ico", include_in_schema=False)
def favicon():
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
