"""An unreachable LLM is visible: the turn still answers from the tools, but it is marked
``degraded`` (JSON, stderr, the server's /healthz), and ``--strict`` / ``llm.fallback = false``
turn it into an error."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import prepare_tiny_games
from convrec.core.sessions import SessionStore
from convrec.config import Config, DataConfig
from convrec.llm.errors import LLMConnectionError
from convrec.llm.fake import ScriptedLLM


def _down(messages):
    raise LLMConnectionError("cannot reach http://127.0.0.1:9/v1 (ConnectionRefusedError)")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("degraded_home"), data=DataConfig())
    prepare_tiny_games(cfg)
    return cfg


def _engine(cfg, tmp_path, replies, **llm):
    from convrec.server import Engine

    cfg = cfg.model_copy(update={"llm": cfg.llm.model_copy(update=llm),
                                 "agent": cfg.agent.model_copy(update={"planner": "always", "llm_intro": "on"})})
    return Engine(cfg, ["tiny"], "interecagent", llm=ScriptedLLM(replies), store=SessionStore(tmp_path / "s.db"))


def test_an_unreachable_llm_marks_the_turn_and_health(home, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from convrec.server import create_app

    e = _engine(home, tmp_path, [_down] * 20)
    c = TestClient(create_app(e))
    r = c.post("/api/sessions", json={}).json()
    t = c.post(f"/api/sessions/{r['session']}/turns", json={"message": "strategy games after 2010"}).json()
    assert t["degraded"] and "cannot reach" in t["degraded"]
    assert t["items"] and all(it["year"] > 2010 and "Strategy" in it["genres"] for it in t["items"])  # still answered
    h = c.get("/healthz")
    assert h.status_code == 200 and h.json()["status"] == "degraded" and "cannot reach" in h.json()["degraded"]
    assert 'status="degraded"' in c.get("/metrics").text
    e.close()


def test_a_working_llm_is_not_degraded_and_clears_it(home, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from convrec.server import create_app

    ok = {"action": "use_tools", "steps": [{"tool": "fetch", "k": 5}]}
    e = _engine(home, tmp_path, [_down] * 4)
    c = TestClient(create_app(e))
    sid = c.post("/api/sessions", json={}).json()["session"]
    assert c.post(f"/api/sessions/{sid}/turns", json={"message": "strategy games"}).json()["degraded"]
    e._llm.replies[:] = [ok] * 3 + ["Here you go."] * 6  # the endpoint is back
    e._llm.routed = True
    t = c.post(f"/api/sessions/{sid}/turns", json={"message": "puzzle games"}).json()
    assert t["degraded"] is None and t["llm_calls"] >= 1
    assert c.get("/healthz").json()["status"] == "ok"
    e.close()


def test_no_fallback_makes_it_an_error_and_keeps_the_message(home, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from convrec.server import create_app

    e = _engine(home, tmp_path, [_down] * 20, fallback=False)
    c = TestClient(create_app(e))
    sid = c.post("/api/sessions", json={}).json()["session"]
    r = c.post(f"/api/sessions/{sid}/turns", json={"message": "strategy games"})
    assert r.status_code == 503 and r.json()["error"]["code"] == "llm_unavailable"
    assert e.store.messages(sid)[0]["content"] == "strategy games"  # nothing the user said is lost
    e.close()


def test_cli_ask_warns_and_strict_fails(home, tmp_path):
    """`convrec ask` against a dead endpoint: a warning line and "degraded" in the JSON; --strict exits 3."""
    cfg_file = tmp_path / "convrec.toml"
    cfg_file.write_text('[llm]\nmax_retries = 0\ntimeout_s = 3\n[agent]\nllm_intro = "on"\nplanner = "always"\n')
    env = {**os.environ, "CONVREC_HOME": str(home.home), "CONVREC_CONFIG": str(cfg_file)}
    args = [sys.executable, "-m", "convrec.cli", "ask", "-d", "tiny", "--base-url", "http://127.0.0.1:9/v1",
            "--model", "any"]
    p = subprocess.run(args + ["--json", "strategy games"], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["degraded"] and out["items"]
    assert "warning: degraded" in p.stderr and "Traceback" not in p.stderr
    p = subprocess.run(args + ["--strict", "strategy games"], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 3 and "could not be reached" in p.stderr and "saved in session" in p.stderr


def test_an_unusable_home_says_which_setting_to_fix(tmp_path):
    """CONVREC_HOME pointing at a file: one clear line naming the setting, exit 2, no traceback."""
    home = tmp_path / "notadir"
    home.write_text("x")
    env = dict(os.environ, CONVREC_HOME=str(home))
    p = subprocess.run([sys.executable, "-m", "convrec", "ask", "strategy games"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2, p.stderr
    assert "CONVREC_HOME" in p.stderr and "a file, not a directory" in p.stderr and str(home) in p.stderr
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr
