"""``convrec llm`` commands without a model: clear one-line errors, model listing, flags."""

from __future__ import annotations

import json
import socket
import sys

import pytest

from convrec.cli import main


def run(monkeypatch, capsys, *args):
    monkeypatch.setattr(sys, "argv", ["convrec", *args])
    with pytest.raises(SystemExit) as e:
        main()
        raise SystemExit(0)
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_endpoint_is_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CONVREC_HOME", str(tmp_path / "home"))
    url = f"http://127.0.0.1:{closed_port()}/v1"
    code, out, err = run(monkeypatch, capsys, "llm", "check", "--json", "--base-url", url, "--model", "m")
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: cannot reach {url}"), err
    assert "Traceback" not in err


def test_bad_backend_flag(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(monkeypatch, capsys, "llm", "check", "--llm", "gpt")
    assert code == 2 and err.strip() == "error: --llm must be 'local' or 'openai', not 'gpt'"


def test_unknown_local_model(monkeypatch, capsys, tmp_path):
    pytest.importorskip("llama_cpp", reason='needs the local extra: pip install -e ".[dev,local]"')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CONVREC_HOME", str(tmp_path / "home"))
    code, _, err = run(monkeypatch, capsys, "llm", "check", "--model", "llama-70b")
    assert code == 2 and "error: unknown local model 'llama-70b'" in err and len(err.strip().splitlines()) == 1


def test_models_json(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CONVREC_HOME", str(tmp_path / "home"))
    code, out, _ = run(monkeypatch, capsys, "llm", "models", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["name"] for r in rows] == ["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]
    assert all(r["assembled"] is False for r in rows)  # a fresh home has nothing assembled
    assert '.[local-large]' in rows[1]["install"]


def test_run_check_reports_every_key_with_a_scripted_model():
    from convrec.cli.llm import run_check
    from convrec.llm.fake import ScriptedLLM

    llm = ScriptedLLM(["Try Baba Is You.", "ok", "It Takes Two.", "1, 2, 3, 4, 5, 6",
                       {"liked": ["Portal 2", "Celeste"], "disliked": ["Dark Souls"], "max_price": 20}])
    out = run_check(llm)
    for k in ("backend", "model", "sha256", "load_s", "prompt_tok_s", "gen_tok_s", "ttft_s", "ttft_cached_s", "json_valid"):
        assert k in out, k
    assert out["backend"] == "fake" and out["json_valid"] is True and out["calls"] == 5
    assert out["json"] == {"liked": ["Portal 2", "Celeste"], "disliked": ["Dark Souls"], "max_price": 20.0}
    json.dumps(out)  # serialisable as one line


def test_run_check_reports_invalid_json_instead_of_failing():
    from convrec.cli.llm import run_check
    from convrec.llm.fake import ScriptedLLM

    out = run_check(ScriptedLLM(["a", "b", "c", "1, 2", "nope", "still nope"]))
    assert out["json_valid"] is False and "did not return a valid SmokePrefs" in out["json_error"]
