"""``convrec serve``: the agent as an HTTP service (OpenAI-compatible chat, REST, metrics, web chat)."""

from contextlib import contextmanager
from typing import Iterator

from convrec.server.engine import Engine

__all__ = ["Engine", "create_app", "serving", "make_server", "GRACE_S"]

GRACE_S = 5.0
"""Seconds a stopping server gives open responses (uvicorn's graceful-shutdown timeout)."""


def create_app(engine: Engine, api_key: str | None = None):
    from convrec.server.app import create_app as _create

    return _create(engine, api_key)


def make_server(app, host: str, port: int, grace_s: float = GRACE_S, log_level: str = "warning"):
    """A uvicorn server for ``app`` that, when told to stop (Ctrl-C, SIGTERM), first tells the
    app's engine, so responses still waiting for a turn answer a JSON 503 (code
    ``shutting_down``) inside the grace time instead of being cut off with a plain-text 500."""
    import uvicorn

    class _Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # noqa: D401 - uvicorn's hook
            engine = getattr(app.state, "engine", None)
            if engine is not None:
                engine.begin_shutdown(grace_s)
            super().handle_exit(sig, frame)

    return _Server(uvicorn.Config(app, host=host, port=port, log_level=log_level,
                                  timeout_graceful_shutdown=int(grace_s)))


@contextmanager
def serving(app, host: str = "127.0.0.1", timeout_s: float = 20.0, port: int = 0) -> Iterator[str]:
    """Run an ASGI app with uvicorn in a background thread on a free port of ``host`` (tests,
    benchmarks, a notebook); yields its base URL once it accepts connections and stops it on
    exit. ``port`` 0: a free one."""
    import socket
    import threading
    import time

    if not port:
        with socket.socket() as s:
            s.bind((host, 0))
            port = s.getsockname()[1]
    server = make_server(app, host, port)
    t = threading.Thread(target=server.run, daemon=True)
    t.start()
    deadline = time.monotonic() + timeout_s
    while not server.started and time.monotonic() < deadline and t.is_alive():
        time.sleep(0.05)
    if not server.started:
        server.should_exit = True
        raise RuntimeError(f"the server did not start on {host}:{port} within {timeout_s:g} s")
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        t.join(10)
