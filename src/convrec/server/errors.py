"""Every error the HTTP API returns is JSON in the OpenAI shape, ``{"error": {"message", "type",
"code"}}``, with a status from one table."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from convrec.errors import ConvrecError, StoreError
from convrec.server.coord import CoordinationUnavailable
from convrec.server.engine import BadRequest, Busy, Forbidden, LLMUnavailable, NotFound, RateLimited, ShuttingDown, TooLarge

ERRORS: list[tuple[type[Exception], int, str, str | None, str | None, dict | None]] = [
    # exception, status, type, code, the metric it counts under, headers
    (RateLimited, 429, "rate_limit_error", "rate_limited", "rate_limited", None),  # Retry-After from the exception
    (Busy, 429, "rate_limit_error", "busy", "busy", None),  # Retry-After from the exception
    (Forbidden, 403, "invalid_request_error", "forbidden", "forbidden", None),
    (NotFound, 404, "invalid_request_error", "not_found", "not_found", None),
    (TooLarge, 413, "invalid_request_error", "message_too_long", "too_large", None),
    (BadRequest, 400, "invalid_request_error", "bad_request", "bad_request", None),
    (LLMUnavailable, 503, "server_error", "llm_unavailable", None, {"Retry-After": "30"}),
    (ShuttingDown, 503, "server_error", "shutting_down", "shutting_down", {"Retry-After": "5"}),
    (StoreError, 503, "server_error", "store_unavailable", "store", {"Retry-After": "5"}),
    (CoordinationUnavailable, 503, "server_error", "coordination_unavailable", "coordination", {"Retry-After": "5"}),
    (ConvrecError, 500, "server_error", "convrec_error", "convrec", None),
]
"""The exception → status table (first match wins; subclasses before their bases)."""


def error_response(status: int, message: str, kind: str, code: str | None = None,
                   headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": kind, "code": code}}, status_code=status, headers=headers)


def install(app: FastAPI, engine) -> None:
    """The app's exception handlers: validation errors, HTTP errors, the table, anything else."""

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        errs = exc.errors()
        first = errs[0] if errs else {"msg": "invalid request", "loc": ()}
        engine.metrics.error("invalid_request")
        if first.get("type") == "json_invalid":  # OpenAI-compatible clients expect 400 for a body that is not JSON
            return error_response(400, "the request body is not valid JSON", "invalid_request_error", "json_invalid")
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        msg = str(first.get("msg", "")).removeprefix("Value error, ")
        return error_response(422, f"invalid request: {where + ': ' if where else ''}{msg}",
                              "invalid_request_error", "invalid_request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, f"http_{exc.status_code}")
        engine.metrics.error(code)
        return error_response(exc.status_code, str(exc.detail), "invalid_request_error", code)

    @app.exception_handler(ConvrecError)
    async def convrec_error(request: Request, exc: ConvrecError):
        for cls, status, kind, code, metric, headers in ERRORS:
            if isinstance(exc, cls):
                if metric:
                    engine.metrics.error(metric)
                if issubclass(cls, Busy):
                    headers = {"Retry-After": str(exc.retry_after)}  # type: ignore[attr-defined]
                return error_response(status, str(exc), kind, code, headers)
        raise AssertionError("ConvrecError is the table's last row")  # pragma: no cover

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):
        engine.metrics.error("internal")
        return error_response(500, f"internal error: {type(exc).__name__}", "server_error", "internal_error")
