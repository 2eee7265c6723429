"""One wait loop for a queued turn, shared by the blocking and the streaming responses."""

from __future__ import annotations

import asyncio
import time
from typing import AsyncIterator, Awaitable, Callable

from convrec.server.engine import CancelledTurn, ShuttingDown

WAITING = object()
"""What :func:`until_done` yields while the turn is still running (a streaming response sends a
keep-alive then)."""


async def until_done(job, fut, timeout_s: float, metrics, tick: float = 0.5,
                     client_gone: Callable[[], Awaitable[bool]] | None = None,
                     stop_at: Callable[[], float | None] | None = None) -> AsyncIterator[object]:
    """Yield :data:`WAITING` every ``tick`` seconds until the turn ends, then its result (a
    :class:`convrec.core.turn.Turn`, or the turn's exception raised). Past ``timeout_s``: the
    job is dropped and :class:`TimeoutError` raised; when ``client_gone()`` says the client
    left: dropped and :class:`CancelledTurn` raised; when the server is stopping and ``stop_at()``
    (a monotonic time inside the shutdown grace) has passed: :class:`ShuttingDown` raised, so the
    client gets an answer before the server closes its connection. A turn already running still
    completes and is stored."""
    afut = asyncio.wrap_future(fut)
    deadline = time.monotonic() + timeout_s

    def drop() -> None:
        if not fut.done():
            job.cancelled = True
            fut.cancel()

    try:
        while True:
            done, _ = await asyncio.wait({afut}, timeout=min(tick, max(deadline - time.monotonic(), 0.01)))
            if done:
                yield afut.result()
                return
            if client_gone is not None and await client_gone():
                drop()
                raise CancelledTurn()
            if time.monotonic() >= deadline:
                drop()
                metrics.error("timeout")
                raise TimeoutError()
            stop = stop_at() if stop_at is not None else None
            if stop is not None and time.monotonic() >= stop:
                drop()
                metrics.error("shutting_down")
                raise ShuttingDown()
            yield WAITING
    except (asyncio.CancelledError, GeneratorExit):  # the response was cancelled or closed (the client left)
        drop()
        raise


async def answer(request, job, fut, timeout_s: float, metrics, stop_at=None):
    """The turn's result for a blocking response, or the JSON error to send instead: 504 past the
    time limit (the turn is still stored when it completes), 499 when the client left, 503 when
    the server is shutting down before the turn ended."""
    from convrec.server.errors import error_response

    try:
        async for event in until_done(job, fut, timeout_s, metrics, 0.5, request.is_disconnected, stop_at):
            if event is not WAITING:
                return event
    except TimeoutError:
        return error_response(504, f"the turn took longer than {timeout_s:g} s (it is still stored when it completes)",
                              "timeout_error", "timeout")
    except CancelledTurn:
        return error_response(499, "client closed the request", "invalid_request_error", "client_closed")
    except ShuttingDown as e:
        return error_response(503, str(e), "server_error", "shutting_down", {"Retry-After": "5"})
    raise AssertionError("until_done ends with the result")  # pragma: no cover
