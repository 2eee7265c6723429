"""The HTTP layer: an OpenAI-compatible chat API, a small REST API, metrics and the web chat.

``create_app(engine)`` returns a FastAPI app; ``convrec serve`` runs it with uvicorn. The routes
live in ``routes_openai.py`` and ``routes_rest.py``, the middleware in ``middleware.py``, the
exception → status table in ``errors.py`` and the one wait loop for a queued turn in
``waiting.py``. Errors always come back as ``{"error": {"message", "type", "code"}}`` (the OpenAI
shape).
"""

from __future__ import annotations

from fastapi import FastAPI

from convrec.server import errors
from convrec.server.engine import Engine
from convrec.server.middleware import BearerAuth, BodyLimit
from convrec.server.routes_openai import router as openai_router
from convrec.server.routes_rest import router as rest_router


def create_app(engine: Engine, api_key: str | None = None) -> FastAPI:
    cfg = engine.config.server
    key = api_key if api_key is not None else cfg.api_key
    app = FastAPI(title="convrec", version="0.1.0",
                  description="A conversational recommender agent: OpenAI-compatible chat, sessions, feedback.")
    app.state.engine = engine
    if key:
        app.add_middleware(BearerAuth, key=key, on_reject=lambda: engine.metrics.error("unauthorized"))
    app.add_middleware(BodyLimit, limit=cfg.max_body, on_reject=lambda: engine.metrics.error("too_large"))
    errors.install(app, engine)
    app.include_router(openai_router)
    app.include_router(rest_router)
    return app
