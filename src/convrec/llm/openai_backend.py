"""Any OpenAI-compatible endpoint through the official ``openai`` SDK.

OpenAI, Azure OpenAI (its ``/openai/v1`` endpoint), vLLM, Ollama, llama.cpp's servers and
``convrec llm serve`` all speak this protocol. Every request has a timeout; connection errors,
timeouts, HTTP 429 and 5xx, and malformed bodies are retried a bounded number of times with
exponential backoff (honouring ``Retry-After``); then one clear :class:`LLMError` line.

JSON replies: the best ``response_format`` the server accepts is found once and kept —
``json_schema`` (OpenAI, vLLM, Ollama), else ``json_object`` with a ``schema`` (llama.cpp's
Python server, constrained), else plain ``json_object``, else the schema in the prompt only —
and every reply is validated, with one repair retry (see :meth:`LLM.generate_json`).
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from convrec.llm.base import LLM, Completion, Usage
from convrec.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
)

JSON_MODES = ("json_schema", "json_object_schema", "json_object", "prompt")


class _Malformed(Exception):
    """The server answered 2xx with a body that is not a chat completion."""


def _retry_after(exc: Any) -> float | None:
    resp = getattr(exc, "response", None)
    headers = getattr(resp, "headers", None)
    if not headers:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return float(ms) / 1000.0
        except ValueError:
            pass
    v = headers.get("retry-after")
    if not v:
        return None
    try:
        return float(v)
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(v).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _server_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
    msg = getattr(exc, "message", None) or str(exc)
    return " ".join(str(msg).split())[:300]


class OpenAILLM(LLM):
    """A model behind an OpenAI-compatible HTTP endpoint.

    Parameters
    ----------
    base_url
        The endpoint, e.g. ``http://127.0.0.1:8080/v1``; ``None`` = api.openai.com.
    api_key
        The key; local servers accept any value.
    model
        Model name; ``None`` = the first model the server lists (single-model local servers).
    timeout_s
        Seconds one HTTP request may take (connect + read); a stream's gap between chunks.
    max_retries
        Extra attempts after a retryable failure (connection, timeout, 429, 5xx, malformed body).
    backoff_s, max_backoff_s
        First backoff delay (doubles each attempt, with jitter) and the cap on any wait,
        including a server's ``Retry-After``.
    json_mode
        ``auto`` (probe once, keep what works) or one of ``json_schema``, ``json_object_schema``,
        ``json_object``, ``prompt``.
    """

    backend = "openai"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        model: str | None = None,
        timeout_s: float = 60.0,
        max_retries: int = 2,
        backoff_s: float = 0.5,
        max_backoff_s: float = 8.0,
        json_mode: str = "auto",
        mode_cache: "str | os.PathLike | None" = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
        seed: int | None = 0,
        meter=None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        super().__init__(model or "", max_tokens=max_tokens, temperature=temperature, meter=meter)
        try:
            import openai
        except ImportError:
            raise LLMError("the openai backend needs the openai package: pip install openai") from None
        self._openai = openai
        self.base_url = (base_url or "https://api.openai.com/v1").rstrip("/")
        self.timeout_s = timeout_s
        self.max_retries = max(0, max_retries)
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.seed = seed
        self._sleep = sleep
        if json_mode != "auto" and json_mode not in JSON_MODES:
            raise LLMError(f"unknown llm.json_mode '{json_mode}' (use auto or one of {', '.join(JSON_MODES)})")
        self.json_mode = None if json_mode == "auto" else json_mode
        self._configured_model = model or ""
        self._mode_cache = Path(mode_cache) if mode_cache else None
        self._mode_cached = False
        if self.json_mode is None and self._mode_cache is not None:
            self.json_mode = _read_modes(self._mode_cache).get(self._mode_key())
            self._mode_cached = self.json_mode is not None
        self._stream_usage = True
        self._client = openai.OpenAI(
            base_url=self.base_url, api_key=api_key or "no-key", timeout=timeout_s, max_retries=0,
        )

    # ------------------------------------------------------------------ plumbing
    def _where(self) -> str:
        return self.base_url

    def _call(self, fn: Callable[[], Any], *, retry_status: bool = True) -> Any:
        """Run ``fn`` with bounded retries; translate SDK errors into one-line :class:`LLMError`."""
        o = self._openai
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            last = attempt == attempts - 1
            wait = None
            try:
                return fn()
            except o.AuthenticationError as e:
                raise LLMAuthError(f"{self._where()} rejected the API key (HTTP {e.status_code}): "
                                   "set CONVREC_LLM_API_KEY or llm.api_key") from None
            except o.PermissionDeniedError as e:
                raise LLMAuthError(f"{self._where()} refused access (HTTP 403): {_server_message(e)}") from None
            except o.RateLimitError as e:
                if last:
                    raise LLMRateLimitError(f"{self._where()} is rate-limiting (HTTP 429) after {attempts} attempts: "
                                            f"{_server_message(e)}") from None
                wait = _retry_after(e)
            except o.APITimeoutError:
                if last:
                    raise LLMTimeoutError(f"{self._where()} did not answer within {self.timeout_s:g} s "
                                          f"({attempts} attempts); raise llm.timeout_s or check the server") from None
            except o.APIConnectionError as e:
                if last:
                    cause = e.__cause__ or e
                    raise LLMConnectionError(f"cannot reach {self._where()} ({type(cause).__name__}: "
                                             f"{' '.join(str(cause).split())[:160]}); is the server running?") from None
            except o.APIStatusError as e:
                code = e.status_code
                if code == 404:
                    raise LLMResponseError(f"{self._where()} answered 404 for model '{self.model}': "
                                           f"{_server_message(e)}") from None
                if code < 500 or not retry_status:
                    raise LLMResponseError(f"{self._where()} answered HTTP {code}: {_server_message(e)}") from None
                if last:
                    raise LLMResponseError(f"{self._where()} kept failing with HTTP {code} after {attempts} attempts: "
                                           f"{_server_message(e)}") from None
                wait = _retry_after(e)
            except (_Malformed, o.APIResponseValidationError, json.JSONDecodeError, UnicodeDecodeError) as e:
                if last:
                    raise LLMResponseError(f"{self._where()} returned a malformed response {attempts} times: "
                                           f"{' '.join(str(e).split())[:160]}") from None
            delay = self.backoff_s * (2 ** attempt) * (0.75 + 0.5 * random.random())
            if wait is not None:
                delay = max(delay, wait)
            self._sleep(min(delay, self.max_backoff_s))
        raise AssertionError("unreachable")

    def _resolve_model(self) -> str:
        if not self.model:
            models = self._call(lambda: self._client.models.list())
            ids = [m.id for m in getattr(models, "data", None) or []]
            if not ids:
                raise LLMError(f"{self._where()} lists no models: set --model or CONVREC_LLM_MODEL")
            self.model = ids[0]
        return self.model

    def _params(self, messages, max_tokens, temperature, stop) -> dict[str, Any]:
        p: dict[str, Any] = {"model": self._resolve_model(), "messages": messages, "max_tokens": max_tokens,
                             "temperature": temperature}
        if stop:
            p["stop"] = stop
        if self.seed is not None:
            p["seed"] = self.seed
        return p

    @staticmethod
    def _response_format(mode: str, schema: dict[str, Any], name: str) -> dict[str, Any] | None:
        if mode == "json_schema":
            return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": False}}
        if mode == "json_object_schema":
            return {"type": "json_object", "schema": schema}
        if mode == "json_object":
            return {"type": "json_object"}
        return None

    @staticmethod
    def _usage(u: Any) -> Usage:
        if u is None:
            return Usage()
        details = getattr(u, "prompt_tokens_details", None)
        cached = getattr(details, "cached_tokens", None) or 0
        return Usage(prompt_tokens=getattr(u, "prompt_tokens", 0) or 0,
                     completion_tokens=getattr(u, "completion_tokens", 0) or 0, cached_tokens=cached)

    # ------------------------------------------------------------------ hooks
    def _create(self, params: dict[str, Any], retry_status: bool = True) -> tuple[Any, float]:
        def once():
            t0 = time.perf_counter()
            r = self._client.chat.completions.create(**params)
            choices = getattr(r, "choices", None)
            if not choices or getattr(choices[0], "message", None) is None:
                raise _Malformed(f"no choices in the response body: {str(r)[:120]}")
            return r, time.perf_counter() - t0

        return self._call(once, retry_status=retry_status)

    def _complete(self, messages, *, max_tokens, temperature, stop, json_schema, schema_name="Reply") -> Completion:
        params = self._params(messages, max_tokens, temperature, stop)
        if json_schema is None:
            r, dt = self._create(params)
        else:
            r, dt = self._create_json(params, json_schema, schema_name)
        ch = r.choices[0]
        text = ch.message.content or ""
        return Completion(text, self._usage(getattr(r, "usage", None)), dt, None, ch.finish_reason,
                          getattr(r, "model", None) or self.model)

    def _mode_key(self) -> str:
        return f"{self.base_url}|{self._configured_model}"

    def _create_json(self, params, schema, name):
        if self._mode_cached:  # remembered from an earlier process: re-probe if the server changed
            fmt = self._response_format(self.json_mode, schema, name)
            try:
                return self._create(dict(params, response_format=fmt) if fmt else params)
            except LLMResponseError:
                self.json_mode, self._mode_cached = None, False
        modes = [self.json_mode] if self.json_mode else list(JSON_MODES)
        for i, mode in enumerate(modes):
            fmt = self._response_format(mode, schema, name)
            p = dict(params, response_format=fmt) if fmt else params
            probing = self.json_mode is None and i < len(modes) - 1
            try:
                out = self._create(p, retry_status=not probing)
            except LLMResponseError:
                if not probing:
                    raise
                continue  # the server does not take this response_format: try the next one
            if self.json_mode is None and self._mode_cache is not None:
                _write_mode(self._mode_cache, self._mode_key(), mode)
            self.json_mode = mode
            return out
        raise AssertionError("unreachable")

    def _stream(self, messages, *, max_tokens, temperature, stop, state) -> Iterator[str]:
        params = self._params(messages, max_tokens, temperature, stop)
        params["stream"] = True
        if self._stream_usage:
            params["stream_options"] = {"include_usage": True}
        try:
            stream = self._call(lambda: self._client.chat.completions.create(**params))
        except LLMResponseError:
            if not self._stream_usage:
                raise
            self._stream_usage = False  # servers that reject stream_options
            params.pop("stream_options")
            stream = self._call(lambda: self._client.chat.completions.create(**params))
        n = 0
        o = self._openai
        try:
            for chunk in stream:
                if getattr(chunk, "usage", None):
                    state["usage"] = self._usage(chunk.usage)
                for ch in getattr(chunk, "choices", None) or []:
                    delta = getattr(ch, "delta", None)
                    text = getattr(delta, "content", None) if delta is not None else None
                    if ch.finish_reason:
                        state["finish"] = ch.finish_reason
                    if text:
                        n += 1
                        yield text
        except o.APITimeoutError:
            state["error"] = "timeout"
            raise LLMTimeoutError(f"{self._where()} stopped sending within {self.timeout_s:g} s mid-stream") from None
        except o.APIConnectionError as e:
            state["error"] = "connection"
            raise LLMConnectionError(f"lost the connection to {self._where()} mid-stream: {e}") from None
        except (o.APIError, json.JSONDecodeError) as e:
            state["error"] = "malformed"
            raise LLMResponseError(f"{self._where()} sent a malformed stream: {' '.join(str(e).split())[:160]}") from None
        finally:
            if state.get("usage") is None:
                state["usage"] = Usage(completion_tokens=n)
        if not state.get("finish"):  # every OpenAI-compatible server ends a reply with a finish_reason
            state["error"] = "malformed"
            raise LLMResponseError(f"{self._where()} sent a malformed stream: it ended before the reply was "
                                   f"finished ({n} pieces received, no finish_reason)")

    def describe(self) -> dict[str, Any]:
        return {"backend": self.backend, "model": self.model, "base_url": self.base_url,
                "json_mode": self.json_mode or "auto", "timeout_s": self.timeout_s, "max_retries": self.max_retries}

    def close(self) -> None:
        try:
            self._client.close()
        except Exception:
            pass


def _read_modes(path: Path) -> dict[str, str]:
    """The JSON modes earlier processes found per endpoint (``{"<base_url>|<model>": mode}``)."""
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in d.items() if v in JSON_MODES} if isinstance(d, dict) else {}


def _write_mode(path: Path, key: str, mode: str) -> None:
    """Remember what an endpoint supports, so the next process skips the probe (best effort)."""
    try:
        d = _read_modes(path)
        d[key] = mode
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(d, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass
