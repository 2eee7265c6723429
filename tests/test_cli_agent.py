"""convrec ask through the real entry point: JSON contract, sessions across processes, bad input."""

from __future__ import annotations

import json

import pytest

from test_cli_data import assert_clean_error, run
from test_llm_local import need_local_model


def test_ask_bad_input_is_one_clear_line(tmp_path):
    assert_clean_error(run(["ask", "--dataset", "nosuch", "hi"], tmp_path), "unknown dataset 'nosuch'")
    assert_clean_error(run(["ask", "x" * 20_001], tmp_path), "message too long")
    assert_clean_error(run(["ask", "--llm", "gpt", "hi"], tmp_path), "--llm must be")


@pytest.mark.llm
def test_ask_json_and_session_continuation(tmp_path):
    need_local_model()
    env = {"OMP_NUM_THREADS": "1"}
    r = run(["ask", "--json", "   "], tmp_path, **env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["items"] == [] and out["reply"] and out["llm_calls"] == 0
    r = run(["ask", "--json", "recommend 3 comedy movies"], tmp_path, **env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert set(out) == {"reply", "items", "trace", "llm_calls", "latency_ms", "session", "intent"}
    assert len(out["items"]) == 3 and all(it["id"] and it["title"] for it in out["items"])
    r2 = run(["ask", "--json", "--session", out["session"], "thanks!"], tmp_path, **env)
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout)["session"] == out["session"]
    assert_clean_error(run(["ask", "--session", "nope", "hi"], tmp_path, **env), "no session 'nope'")
