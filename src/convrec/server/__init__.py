"""``convrec serve``: the agent as an HTTP service (OpenAI-compatible chat, REST, metrics, web chat)."""

from convrec.server.engine import Engine

__all__ = ["Engine", "create_app"]


def create_app(engine: Engine, api_key: str | None = None):
    from convrec.server.app import create_app as _create

    return _create(engine, api_key)
