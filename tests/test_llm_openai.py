"""The OpenAI-compatible backend against a scripted HTTP server on 127.0.0.1.

Faults: timeout, 500 then success, 429 with Retry-After, malformed body, wrong key,
unreachable endpoint: bounded retries, then one clear :class:`LLMError` line; nothing waits
longer than the configured timeout. Also: JSON-mode fallback, repair retry, streaming.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from pydantic import BaseModel

from convrec.llm import (
    LLMAuthError,
    LLMConnectionError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    Message,
)
from convrec.llm.openai_backend import OpenAILLM


@dataclass
class Step:
    status: int = 200
    body: str | bytes | dict | None = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    sse: list[str] | None = None
    """Server-sent events (each a JSON string) instead of a body."""
    cut: bool = False
    """End the event stream abruptly: no ``[DONE]``, the connection closed mid-stream."""
    gap_s: float = 0.0
    """Seconds between events (slow tokens)."""


def chat_body(text: str, model: str = "fake-model", prompt_tokens: int = 10, completion_tokens: int = 3) -> dict:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


def sse_chunks(parts: list[str], model: str = "fake-model") -> list[str]:
    out = []
    for p in parts:
        out.append(json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model,
                               "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}))
    out.append(json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model,
                           "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    out.append(json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": model, "choices": [],
                           "usage": {"prompt_tokens": 7, "completion_tokens": len(parts), "total_tokens": 7 + len(parts)}}))
    return out


class FakeOpenAIServer:
    def __init__(self, steps: list[Step] | None = None, api_key: str | None = None):
        self.steps = list(steps or [Step(body=chat_body("ok"))])
        self.api_key = api_key
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):  # quiet
                pass

            def _send(self, status: int, body: bytes, headers: dict[str, str], ctype="application/json"):
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self):
                outer._record(self, None)
                if self.path.rstrip("/").endswith("/models"):
                    body = {"object": "list", "data": [{"id": "fake-model", "object": "model", "created": 0, "owned_by": "me"}]}
                    self._send(200, json.dumps(body).encode(), {})
                else:
                    self._send(404, b'{"error": {"message": "not found"}}', {})

            def do_POST(self):
                n = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(n) if n else b""
                try:
                    payload = json.loads(raw or b"null")
                except ValueError:
                    payload = None
                outer._record(self, payload)
                if outer.api_key is not None and self.headers.get("Authorization") != f"Bearer {outer.api_key}":
                    body = {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                      "code": "invalid_api_key"}}
                    self._send(401, json.dumps(body).encode(), {})
                    return
                step = outer._next()
                if step.delay_s:
                    time.sleep(step.delay_s)
                if step.sse is not None:
                    self.send_response(step.status)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Cache-Control", "no-cache")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    try:
                        for ev in step.sse:
                            if step.gap_s:
                                time.sleep(step.gap_s)
                            self.wfile.write(f"data: {ev}\n\n".encode())
                            self.wfile.flush()
                        if step.cut:
                            self.wfile.write(b'data: {"id": "c", "choices": [{"delta": {"cont')
                            self.wfile.flush()
                            self.close_connection = True
                            return
                        self.wfile.write(b"data: [DONE]\n\n")
                        self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    self.close_connection = True
                    return
                body = step.body
                if isinstance(body, dict):
                    body = json.dumps(body)
                if isinstance(body, str):
                    body = body.encode()
                self._send(step.status, body or b"", step.headers)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def _record(self, h: BaseHTTPRequestHandler, payload) -> None:
        with self._lock:
            self.requests.append({"path": h.path, "auth": h.headers.get("Authorization"), "json": payload,
                                  "t": time.monotonic()})

    def _next(self) -> Step:
        with self._lock:
            return self.steps.pop(0) if len(self.steps) > 1 else self.steps[0]

    @property
    def chat_requests(self) -> list[dict]:
        return [r for r in self.requests if r["path"].endswith("/chat/completions")]

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


# ---------------------------------------------------------------------------- tests


class Prefs(BaseModel):
    liked: list[str]
    disliked: list[str]
    max_price: float | None = None


def make(server: FakeOpenAIServer, **kw) -> OpenAILLM:
    opts = dict(base_url=server.base_url, api_key="sk-test", model="fake-model", timeout_s=2.0, max_retries=2,
                backoff_s=0.01, max_backoff_s=0.5)
    opts.update(kw)
    return OpenAILLM(**opts)


def test_chat_reply_usage_and_key_sent():
    with FakeOpenAIServer([Step(body=chat_body("hello there", prompt_tokens=12, completion_tokens=2))]) as srv:
        llm = make(srv)
        llm.meter.start_turn()
        c = llm.generate([Message.system("be brief"), Message.user("hi")], max_tokens=20, purpose="reply")
    assert c.text == "hello there"
    assert (c.usage.prompt_tokens, c.usage.completion_tokens) == (12, 2)
    req = srv.chat_requests[0]
    assert req["auth"] == "Bearer sk-test"
    assert req["json"]["max_tokens"] == 20 and req["json"]["messages"][1] == {"role": "user", "content": "hi"}
    s = llm.meter.turn_summary()
    assert (s.calls, s.prompt_tokens, s.completion_tokens) == (1, 12, 2)
    assert llm.meter.turn_records()[0].purpose == "reply"


def test_model_defaults_to_first_listed():
    with FakeOpenAIServer() as srv:
        llm = make(srv, model=None)
        assert llm.generate("hi").text == "ok"
    assert llm.model == "fake-model"
    assert srv.chat_requests[0]["json"]["model"] == "fake-model"


def test_timeout_is_bounded():
    # every attempt hangs longer than the timeout: 1 retry -> 2 attempts of 0.5 s, then one clear error
    with FakeOpenAIServer([Step(body=chat_body("late"), delay_s=3.0)]) as srv:
        llm = make(srv, timeout_s=0.5, max_retries=1)
        t0 = time.monotonic()
        with pytest.raises(LLMTimeoutError, match="did not answer within 0.5 s"):
            llm.generate("hi")
        elapsed = time.monotonic() - t0
    assert elapsed < 2 * 0.5 + 0.5 + 1.0, elapsed
    assert len(srv.chat_requests) == 2
    assert llm.meter.records[-1].ok is False


def test_500_then_success():
    err = Step(status=500, body={"error": {"message": "boom"}})
    with FakeOpenAIServer([err, Step(body=chat_body("recovered"))]) as srv:
        llm = make(srv)
        assert llm.generate("hi").text == "recovered"
    assert len(srv.chat_requests) == 2


def test_persistent_500_gives_clear_error():
    with FakeOpenAIServer([Step(status=503, body={"error": {"message": "overloaded"}})]) as srv:
        llm = make(srv, max_retries=2)
        with pytest.raises(LLMResponseError, match="HTTP 503 after 3 attempts: overloaded"):
            llm.generate("hi")
    assert len(srv.chat_requests) == 3


def test_429_honours_retry_after():
    limited = Step(status=429, body={"error": {"message": "slow down"}}, headers={"Retry-After": "1"})
    with FakeOpenAIServer([limited, Step(body=chat_body("fine"))]) as srv:
        llm = make(srv, max_backoff_s=5.0)
        t0 = time.monotonic()
        assert llm.generate("hi").text == "fine"
        elapsed = time.monotonic() - t0
        gap = srv.chat_requests[1]["t"] - srv.chat_requests[0]["t"]
    assert 0.9 <= gap < 3.0, gap
    assert elapsed < 4.0


def test_429_retry_after_is_capped_and_bounded():
    limited = Step(status=429, body={"error": {"message": "quota"}}, headers={"Retry-After": "3600"})
    with FakeOpenAIServer([limited]) as srv:
        llm = make(srv, max_retries=2, max_backoff_s=0.2)
        t0 = time.monotonic()
        with pytest.raises(LLMRateLimitError, match="rate-limiting.*after 3 attempts"):
            llm.generate("hi")
        assert time.monotonic() - t0 < 3.0
    assert len(srv.chat_requests) == 3


@pytest.mark.parametrize("body", ["{not json", '{"id": "x", "object": "chat.completion"}', "<html>bad gateway</html>"])
def test_malformed_body(body):
    with FakeOpenAIServer([Step(body=body)]) as srv:
        llm = make(srv, max_retries=1)
        with pytest.raises(LLMResponseError, match="malformed response 2 times"):
            llm.generate("hi")
    assert len(srv.chat_requests) == 2


def test_malformed_then_success():
    with FakeOpenAIServer([Step(body="{oops"), Step(body=chat_body("good"))]) as srv:
        assert make(srv).generate("hi").text == "good"


def test_wrong_key_is_not_retried():
    with FakeOpenAIServer(api_key="sk-right") as srv:
        llm = make(srv, api_key="sk-wrong")
        with pytest.raises(LLMAuthError, match="rejected the API key"):
            llm.generate("hi")
    assert len(srv.chat_requests) == 1


def test_unreachable_endpoint():
    with FakeOpenAIServer() as srv:
        url = srv.base_url  # the port is closed once the server stops
    llm = OpenAILLM(base_url=url, api_key="k", model="m", timeout_s=1.0, max_retries=1, backoff_s=0.01)
    t0 = time.monotonic()
    with pytest.raises(LLMConnectionError, match="cannot reach http://127.0.0.1"):
        llm.generate("hi")
    assert time.monotonic() - t0 < 3.0


def test_json_mode_falls_back_and_sticks():
    # like llama.cpp's Python server: 500 on json_schema, constrained json_object+schema works
    good = Step(body=chat_body(json.dumps({"liked": ["Portal"], "disliked": [], "max_price": 20})))
    with FakeOpenAIServer([Step(status=500, body={"error": {"message": "unsupported"}}), good]) as srv:
        llm = make(srv)
        p = llm.generate_json([Message.system("extract"), Message.user("I liked Portal, under $20")], Prefs)
        assert p == Prefs(liked=["Portal"], disliked=[], max_price=20)
        p2 = llm.generate_json("again", Prefs)
    assert p2.liked == ["Portal"]
    fmts = [r["json"].get("response_format") for r in srv.chat_requests]
    assert fmts[0]["type"] == "json_schema"
    assert fmts[1]["type"] == "json_object" and fmts[1]["schema"]["properties"].keys() == {"liked", "disliked", "max_price"}
    assert fmts[2] == fmts[1]  # kept, no new probing
    assert llm.json_mode == "json_object_schema"
    # the schema is also in the system prompt
    assert "JSON schema" in srv.chat_requests[1]["json"]["messages"][0]["content"]


def test_json_mode_is_remembered_across_processes(tmp_path):
    """A new process (a new backend object) skips the probe the last one paid for; if the server
    changed and the remembered mode fails, it probes again."""
    cache = tmp_path / "json-modes.json"
    good = Step(body=chat_body(json.dumps({"liked": ["Portal"], "disliked": []})))
    reject = Step(status=422, body={"error": {"message": "response_format json_schema unsupported"}})
    with FakeOpenAIServer([reject, good, good]) as srv:
        make(srv, mode_cache=cache).generate_json("hi", Prefs)
        assert json.loads(cache.read_text()) == {f"{srv.base_url}|fake-model": "json_object_schema"}
        second = make(srv, mode_cache=cache)
        assert second.json_mode == "json_object_schema"
        second.generate_json("again", Prefs)
    fmts = [r["json"].get("response_format", {}).get("type") for r in srv.chat_requests]
    assert fmts == ["json_schema", "json_object", "json_object"]  # one probe in all
    # the server changed: the remembered mode now fails, the backend probes and remembers anew
    with FakeOpenAIServer([Step(status=400, body={"error": {"message": "schema not allowed"}}), reject,
                           Step(status=400, body={"error": {"message": "schema not allowed"}}), good]) as srv2:
        cache.write_text(json.dumps({f"{srv2.base_url}|fake-model": "json_object_schema"}))
        third = make(srv2, mode_cache=cache)
        assert third.generate_json("hi", Prefs).liked == ["Portal"]
        assert json.loads(cache.read_text())[f"{srv2.base_url}|fake-model"] == "json_object"


def test_json_repair_retry_shows_the_error():
    bad = Step(body=chat_body('```json\n{"liked": "Portal"}\n```'))
    good = Step(body=chat_body('{"liked": ["Portal"], "disliked": ["Doom"]}'))
    with FakeOpenAIServer([bad, good]) as srv:
        llm = make(srv, json_mode="json_object")
        llm.meter.start_turn()
        p = llm.generate_json("I liked Portal, not Doom", Prefs, purpose="intent")
    assert p == Prefs(liked=["Portal"], disliked=["Doom"])
    second = srv.chat_requests[1]["json"]["messages"]
    assert second[-2]["role"] == "assistant" and "Portal" in second[-2]["content"]
    assert "invalid" in second[-1]["content"] and "liked" in second[-1]["content"]
    kinds = [r.kind for r in llm.meter.turn_records()]
    assert kinds == ["json", "json-repair"] and llm.meter.turn_summary().calls == 2


def test_json_invalid_twice_is_one_clear_error():
    from convrec.llm import LLMOutputError

    with FakeOpenAIServer([Step(body=chat_body("I cannot do that"))]) as srv:
        llm = make(srv, json_mode="prompt")
        with pytest.raises(LLMOutputError, match="did not return a valid Prefs after a repair retry"):
            llm.generate_json("hi", Prefs)
    assert len(srv.chat_requests) == 2
    assert "response_format" not in srv.chat_requests[0]["json"]


def test_streaming():
    with FakeOpenAIServer([Step(sse=sse_chunks(["Hel", "lo", " world"]))]) as srv:
        llm = make(srv)
        llm.meter.start_turn()
        s = llm.stream([Message.user("hi")], purpose="reply")
        parts = list(s)
    assert parts == ["Hel", "lo", " world"]
    assert s.completion.text == "Hello world" and s.completion.ttft_s is not None
    assert s.completion.usage.completion_tokens == 3 and s.completion.finish_reason == "stop"
    assert srv.chat_requests[0]["json"]["stream"] is True
    rec = llm.meter.turn_records()[0]
    assert rec.kind == "stream" and rec.prompt_tokens == 7


def test_stream_without_stream_options_support():
    rejected = Step(status=400, body={"error": {"message": "unknown field stream_options"}})
    with FakeOpenAIServer([rejected, Step(sse=sse_chunks(["a", "b"]))]) as srv:
        assert make(srv).stream("hi").text() == "ab"
    assert "stream_options" not in srv.chat_requests[1]["json"]


def test_a_truncated_stream_is_a_clear_error_with_the_text_so_far_kept():
    with FakeOpenAIServer([Step(sse=sse_chunks(["Hel", "lo"])[:2], cut=True)]) as srv:
        llm = make(srv)
        llm.meter.start_turn()
        s = llm.stream("hi", purpose="reply")
        got = []
        t0 = time.monotonic()
        with pytest.raises(LLMResponseError, match="malformed stream"):
            for part in s:
                got.append(part)
    assert got == ["Hel", "lo"] and time.monotonic() - t0 < 5
    rec = llm.meter.turn_records()[-1]
    assert not rec.ok and rec.error_kind == "malformed"


def test_slow_tokens_within_the_timeout_arrive_and_a_stalled_stream_times_out():
    with FakeOpenAIServer([Step(sse=sse_chunks(["a", "b", "c"]), gap_s=0.3)]) as srv:
        assert make(srv, timeout_s=2.0).stream("hi").text() == "abc"  # each gap is under the timeout
    with FakeOpenAIServer([Step(sse=sse_chunks(["a", "b"]), gap_s=1.5)]) as srv:
        t0 = time.monotonic()
        with pytest.raises((LLMTimeoutError, LLMResponseError)):
            make(srv, timeout_s=0.5, max_retries=0).stream("hi").text()
        assert time.monotonic() - t0 < 4
