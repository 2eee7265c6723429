"""Schemathesis against the server's own OpenAPI schema: every operation, with generated valid
and invalid input, never answers 5xx (the scripted-free popularity baseline on the fixture
catalog, so the service is what is tested). Each operation's calls are counted."""

from __future__ import annotations

import pytest

from conftest import prepare_tiny_games
from convrec.core.sessions import SessionStore
from convrec.config import Config, DataConfig

schemathesis = pytest.importorskip("schemathesis", reason="pip install -e '.[dev]' (schemathesis)")
pytest.importorskip("fastapi", reason="the server needs FastAPI: pip install -e '.[local]'")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402


def _app():
    import tempfile
    from pathlib import Path

    from convrec.server import Engine, create_app

    home = Path(tempfile.mkdtemp(prefix="convrec-schemathesis-"))
    cfg = Config(home=home, data=DataConfig())
    prepare_tiny_games(cfg)
    engine = Engine(cfg, ["tiny"], "baseline-popularity", store=SessionStore(home / "s.db"))
    engine.new_session(session_id="known")
    return create_app(engine)


schema = schemathesis.openapi.from_asgi("/openapi.json", _app())


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_operation_answers_5xx(case):
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
