"""The real protocol: ``convrec llm serve`` (llama.cpp's OpenAI-compatible server) on 127.0.0.1,
driven through the OpenAI backend (chat, streaming, JSON), then stopped by pid."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from pydantic import BaseModel, Field

from convrec.llm import LLMConnectionError, Message
from convrec.llm.openai_backend import OpenAILLM

from test_llm_local import SYSTEM, need_local_model

pytestmark = pytest.mark.llm


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    need_local_model()
    port = free_port()
    log_path = tmp_path_factory.mktemp("serve") / "serve.log"
    log = open(log_path, "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "convrec.cli", "llm", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--threads", "1", "--n-ctx", "2048"],
        stdout=log, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llm serve exited with {proc.returncode}: {log_path.read_text()[-800:]}")
            try:
                with urllib.request.urlopen(base + "/models", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("llm serve did not become ready within 90 s")
            time.sleep(0.25)
        yield base, proc
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)
        log.close()


class Prefs(BaseModel):
    liked: list[str] = Field(description="titles the user liked")
    disliked: list[str] = Field(description="titles the user disliked")
    max_price: float | None = Field(description="price limit in dollars, or null")


def client(base: str) -> OpenAILLM:
    return OpenAILLM(base_url=base, api_key="unused", model=None, timeout_s=120, max_retries=1, max_tokens=64)


def test_chat_stream_and_json_over_http(server):
    base, _ = server
    llm = client(base)
    llm.meter.start_turn()
    c = llm.generate([Message.system("Answer in one short sentence."), Message.user("What is chess?")], max_tokens=32)
    assert c.text.strip() and c.usage.prompt_tokens > 5 and c.usage.completion_tokens > 0
    assert llm.model == "qwen2.5-coder-0.5b"  # discovered from /v1/models (the server's alias)

    s = llm.stream([Message.user("Count from 1 to 5.")], max_tokens=24)
    deltas = list(s)
    assert len(deltas) > 2 and "1" in s.completion.text and s.completion.ttft_s is not None

    p = llm.generate_json(
        [Message.system(SYSTEM),
         Message.user("I loved Portal 2 and Celeste, but I hated Dark Souls. My budget is 20 dollars.")],
        Prefs, max_tokens=96,
    )
    assert {x.lower() for x in p.liked} == {"portal 2", "celeste"} and [x.lower() for x in p.disliked] == ["dark souls"]
    assert p.max_price == 20
    # llama-cpp-python's server answers 500 to json_schema; the backend settles on constrained json_object
    assert llm.json_mode in ("json_schema", "json_object_schema")
    assert llm.meter.turn_summary().calls >= 3


def test_stopped_server_is_a_clear_error(server):
    base, proc = server
    os.kill(proc.pid, signal.SIGTERM)  # stop by pid
    proc.wait(timeout=15)
    llm = OpenAILLM(base_url=base, api_key="k", model="m", timeout_s=2, max_retries=1, backoff_s=0.01)
    with pytest.raises(LLMConnectionError, match="cannot reach"):
        llm.generate("hi")
