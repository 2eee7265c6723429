"""One wait loop for a queued turn, shared by the blocking and the streaming responses."""

from __future__ import annotations

import asyncio
import time
from typing import AsyncIterator, Awaitable, Callable

from convrec.server.engine import CancelledTurn

WAITING = object()
"""What :func:`until_done` yields while the turn is still running (a streaming response sends a
keep-alive then)."""


async def until_done(job, fut, timeout_s: float, metrics, tick: float = 0.5,
                     client_gone: Callable[[], Awaitable[bool]] | None = None) -> AsyncIterator[object]:
    """Yield :data:`WAITING` every ``tick`` seconds until the turn ends, then its result (a
    :class:`convrec.core.turn.Turn`, or the turn's exception raised). Past ``timeout_s``: the
    job is dropped and :class:`TimeoutError` raised; when ``client_gone()`` says the client
    left: dropped and :class:`CancelledTurn` raised. A turn already running still completes and
    is stored."""
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
            yield WAITING
    except (asyncio.CancelledError, GeneratorExit):  # the response was cancelled or closed (the client left)
        drop()
        raise


async def result(job, fut, timeout_s: float, metrics, client_gone=None):
    """The turn's result (the blocking responses)."""
    async for event in until_done(job, fut, timeout_s, metrics, 0.5, client_gone):
        if event is not WAITING:
            return event
    raise AssertionError("until_done ends with the result")  # pragma: no cover
