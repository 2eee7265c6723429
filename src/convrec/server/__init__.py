"""``convrec serve``: the agent as an HTTP service (OpenAI-compatible chat, REST, metrics, web chat)."""

from contextlib import contextmanager
from typing import Iterator

from convrec.server.engine import Engine

__all__ = ["Engine", "create_app", "serving"]


def create_app(engine: Engine, api_key: str | None = None):
    from convrec.server.app import create_app as _create

    return _create(engine, api_key)


@contextmanager
def serving(app, host: str = "127.0.0.1", timeout_s: float = 20.0) -> Iterator[str]:
    """Run an ASGI app with uvicorn in a background thread on a free port of ``host`` (tests,
    benchmarks, a notebook); yields its base URL once it accepts connections and stops it on
    exit."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as s:
        s.bind((host, 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
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
