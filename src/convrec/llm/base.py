"""The one LLM interface the agent talks to.

Chat messages in, text out (:meth:`LLM.generate`), a validated pydantic object out
(:meth:`LLM.generate_json`), or text deltas out (:meth:`LLM.stream`). Every call is recorded in
a :class:`UsageMeter` (prompt tokens, cached prompt tokens, completion tokens, latency, time to
first token), which counts calls per agent turn.

A backend implements two hooks, :meth:`LLM._complete` and :meth:`LLM._stream`; validation,
the repair retry and the bookkeeping live here, once.
"""

from __future__ import annotations

import json
import re
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from typing import Any, Iterator, Mapping, Sequence, TypeVar

from pydantic import BaseModel, ValidationError

from convrec.llm.errors import LLMError, LLMOutputError

T = TypeVar("T", bound=BaseModel)

ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Message:
    """One chat message."""

    role: str
    """``system``, ``user`` or ``assistant``."""
    content: str

    def to_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}

    @classmethod
    def system(cls, content: str) -> "Message":
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> "Message":
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str) -> "Message":
        return cls("assistant", content)


MessageLike = Message | Mapping[str, Any]


def as_dicts(messages: Sequence[MessageLike] | str) -> list[dict[str, str]]:
    """Normalise messages (``Message``, dicts, or one user string) to ``[{"role", "content"}]``."""
    if isinstance(messages, str):
        return [{"role": "user", "content": messages}]
    out = []
    for m in messages:
        d = m.to_dict() if isinstance(m, Message) else {"role": m["role"], "content": m["content"]}
        if d["role"] not in ROLES:
            raise LLMError(f"unknown message role '{d['role']}' (use one of {', '.join(ROLES)})")
        if not isinstance(d["content"], str):
            raise LLMError(f"message content must be text, got {type(d['content']).__name__}")
        out.append(d)
    if not out:
        raise LLMError("no messages to send to the LLM")
    return out


@dataclass
class Usage:
    """Token counts of one call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    """Prompt tokens served from a cached prefix (not evaluated again)."""


@dataclass
class Completion:
    """One model reply with its usage and timing."""

    text: str
    usage: Usage = field(default_factory=Usage)
    latency_s: float = 0.0
    ttft_s: float | None = None
    """Time to first token (seconds), when the backend can tell."""
    finish_reason: str | None = None
    """``stop`` (natural end) or ``length`` (hit ``max_tokens``)."""
    model: str = ""


@dataclass
class CallRecord:
    """The bookkeeping of one LLM call, as the agent reports it."""

    turn: int
    kind: str
    """``generate``, ``stream``, ``json`` or ``json-repair``."""
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    latency_s: float = 0.0
    ttft_s: float | None = None
    ok: bool = True
    error: str | None = None
    purpose: str | None = None
    """What the caller used the call for (``intent``, ``plan``, ``reply`` …)."""
    error_kind: str | None = None
    """The failure's class (``LLMConnectionError``, ``LLMTimeoutError`` …) when ``ok`` is False."""


UNREACHABLE = {"LLMConnectionError", "LLMTimeoutError", "LLMAuthError", "LLMRateLimitError", "LLMResponseError",
               "ModelNotAvailableError", "connection", "timeout"}
"""Failures that mean the brain is not there (as opposed to a reply that did not validate)."""


@dataclass
class UsageSummary:
    """Totals over a set of calls (one turn, or the whole session)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float = 0.0
    failed: int = 0
    degraded: str | None = None
    """Why the LLM could not serve some call (unreachable, timed out, rejected the key …): the
    first such failure's message; ``None`` when every call reached the model."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class UsageMeter:
    """Records every call; ``start_turn()`` begins a new agent turn, ``turn_summary()`` sums it.

    Parameters
    ----------
    price_prompt_per_mtok, price_completion_per_mtok
        US dollars per million prompt / completion tokens, for the cost column (0 for local).
    """

    def __init__(self, price_prompt_per_mtok: float = 0.0, price_completion_per_mtok: float = 0.0):
        self.price_prompt_per_mtok = price_prompt_per_mtok
        self.price_completion_per_mtok = price_completion_per_mtok
        self.records: list[CallRecord] = []
        self.turn = 0
        self._lock = threading.Lock()

    def start_turn(self) -> int:
        """Begin a new turn; returns its number (1-based)."""
        with self._lock:
            self.turn += 1
            return self.turn

    def record(self, rec: CallRecord) -> None:
        with self._lock:
            self.records.append(rec)

    def turn_records(self, turn: int | None = None) -> list[CallRecord]:
        t = self.turn if turn is None else turn
        with self._lock:
            return [r for r in self.records if r.turn == t]

    def _sum(self, recs: list[CallRecord]) -> UsageSummary:
        s = UsageSummary()
        for r in recs:
            s.calls += 1
            s.prompt_tokens += r.prompt_tokens
            s.completion_tokens += r.completion_tokens
            s.cached_tokens += r.cached_tokens
            s.latency_s += r.latency_s
            s.failed += 0 if r.ok else 1
            if not r.ok and s.degraded is None and r.error_kind in UNREACHABLE:
                s.degraded = (r.error or r.error_kind or "LLM unavailable").strip().splitlines()[0][:300]
        s.cost_usd = (s.prompt_tokens - s.cached_tokens) * self.price_prompt_per_mtok / 1e6 + (
            s.completion_tokens * self.price_completion_per_mtok / 1e6
        )
        return s

    def turn_summary(self, turn: int | None = None) -> UsageSummary:
        """Calls, tokens, latency and cost of one turn (default: the current one)."""
        return self._sum(self.turn_records(turn))

    def total(self) -> UsageSummary:
        with self._lock:
            recs = list(self.records)
        return self._sum(recs)


class TextStream:
    """Iterate to receive text deltas; after the loop, :attr:`completion` holds text and usage."""

    def __init__(self, deltas: Iterator[str], finish):
        self._deltas = deltas
        self._finish = finish
        self.completion: Completion | None = None

    def __iter__(self) -> Iterator[str]:
        parts: list[str] = []
        error: str | None = None
        try:
            for d in self._deltas:
                parts.append(d)
                yield d
        except Exception as e:
            error = str(e) or type(e).__name__
            raise
        finally:
            self.completion = self._finish("".join(parts), error)

    def text(self) -> str:
        """Consume the whole stream and return the text."""
        for _ in self:
            pass
        assert self.completion is not None
        return self.completion.text


def schema_of(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a pydantic model, without ``title`` noise (fewer prompt tokens)."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if not (k == "title" and isinstance(v, str))}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    return strip(schema.model_json_schema())


def schema_instruction(schema: type[BaseModel]) -> str:
    return (
        "Answer with one JSON object that matches this JSON schema, and nothing else:\n"
        + json.dumps(schema_of(schema), separators=(",", ":"))
    )


def with_instruction(messages: list[dict[str, str]], instruction: str) -> list[dict[str, str]]:
    """Append ``instruction`` to the first system message (keeps the static prefix static)."""
    msgs = [dict(m) for m in messages]
    if msgs[0]["role"] == "system":
        msgs[0]["content"] = msgs[0]["content"].rstrip() + "\n\n" + instruction
    else:
        msgs.insert(0, {"role": "system", "content": instruction})
    return msgs


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def extract_json(text: str) -> str:
    """The JSON object inside a reply (strips code fences and chatter around one object)."""
    t = text.strip()
    m = _FENCE.search(t)
    if m:
        t = m.group(1).strip()
    if not t.startswith("{"):
        i, j = t.find("{"), t.rfind("}")
        if i != -1 and j > i:
            t = t[i : j + 1]
    return t


def explain_invalid(err: Exception) -> str:
    """A short, model-readable description of why a reply did not validate."""
    if isinstance(err, ValidationError):
        parts = []
        for e in err.errors()[:4]:
            if e["type"] == "json_invalid":
                parts.append(f"not valid JSON ({e.get('ctx', {}).get('error', e['msg'])})")
                continue
            loc = ".".join(str(x) for x in e["loc"]) or "(root)"
            parts.append(f"{loc}: {e['msg']}")
        return "; ".join(parts)
    if isinstance(err, json.JSONDecodeError):
        return f"not valid JSON ({err.msg} at position {err.pos})"
    return str(err)


class LLM(ABC):
    """A chat model behind one interface.

    Parameters
    ----------
    model
        The model's name (for records and reports).
    max_tokens
        Default completion-token limit of a call (always set: a small model can loop).
    temperature
        Default sampling temperature (0 = greedy, reproducible).
    meter
        Where calls are recorded; one is created if omitted.
    """

    backend: str = "base"
    supports_constrained_json: bool = False
    """True when the backend enforces the schema while decoding (no invalid JSON possible)."""

    def __init__(self, model: str, *, max_tokens: int = 512, temperature: float = 0.0, meter: UsageMeter | None = None):
        self.model = model
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.meter = meter if meter is not None else UsageMeter()

    # ---------------------------------------------------------------- public API
    def generate(
        self,
        messages: Sequence[MessageLike] | str,
        *,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] | None = None,
        purpose: str | None = None,
    ) -> Completion:
        """Reply to ``messages`` with text."""
        msgs = as_dicts(messages)
        return self._recorded("generate", purpose, lambda: self._complete(
            msgs, max_tokens=max_tokens or self.max_tokens, temperature=self._temp(temperature),
            stop=list(stop or []), json_schema=None,
        ))

    def stream(
        self,
        messages: Sequence[MessageLike] | str,
        *,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] | None = None,
        purpose: str | None = None,
    ) -> TextStream:
        """Reply with text, delivered as it is generated; recorded when the stream ends."""
        msgs = as_dicts(messages)
        t0 = time.perf_counter()
        state: dict[str, Any] = {"ttft": None, "usage": None, "finish": None}
        inner = self._stream(
            msgs, max_tokens=max_tokens or self.max_tokens, temperature=self._temp(temperature),
            stop=list(stop or []), state=state,
        )

        def deltas() -> Iterator[str]:
            for d in inner:
                if state["ttft"] is None and d:
                    state["ttft"] = time.perf_counter() - t0
                yield d

        def finish(text: str, error: str | None) -> Completion:
            usage = state["usage"] or Usage()
            c = Completion(text, usage, time.perf_counter() - t0, state["ttft"], state["finish"], self.model)
            err = error or state.get("error")
            self.meter.record(CallRecord(
                self.meter.turn, "stream", self.model, usage.prompt_tokens, usage.completion_tokens,
                usage.cached_tokens, c.latency_s, c.ttft_s, ok=err is None, error=err, purpose=purpose,
                error_kind=state.get("error") if err else None,
            ))
            return c

        return TextStream(deltas(), finish)

    def generate_json(
        self,
        messages: Sequence[MessageLike] | str,
        schema: type[T],
        *,
        max_tokens: int | None = None,
        temperature: float | None = None,
        purpose: str | None = None,
        include_schema: bool = True,
        repair: bool = True,
    ) -> T:
        """Reply with an object of ``schema`` (a pydantic model), validated.

        Constrained decoding where the backend supports it; otherwise JSON mode. A reply that
        does not validate is shown back to the model with the error for one repair retry
        (``repair=True``); a second failure raises :class:`LLMOutputError`.

        Parameters
        ----------
        include_schema
            Append the JSON schema to the system message, so the model sees field meanings.
        """
        msgs = self._json_messages(messages, schema, include_schema)
        js = schema_of(schema)
        limit = max_tokens or self.max_tokens
        temp = self._temp(temperature)
        c = self._recorded("json", purpose, lambda: self._complete(
            msgs, max_tokens=limit, temperature=temp, stop=[], json_schema=js, schema_name=schema.__name__))
        try:
            return self._validate(c, schema)
        except (ValidationError, json.JSONDecodeError, ValueError) as e:
            first = e
        if not repair:
            raise self._output_error(schema, first, c, retried=False)
        fix = msgs + [
            {"role": "assistant", "content": c.text[:2000]},
            {"role": "user", "content": f"That reply is invalid: {explain_invalid(first)}. "
                                        "Reply again with only the corrected JSON object."},
        ]
        c2 = self._recorded("json-repair", purpose, lambda: self._complete(
            fix, max_tokens=limit, temperature=temp, stop=[], json_schema=js, schema_name=schema.__name__))
        try:
            return self._validate(c2, schema)
        except (ValidationError, json.JSONDecodeError, ValueError) as e:
            raise self._output_error(schema, e, c2) from None

    def warm(self, messages: Sequence[MessageLike], schema: type[BaseModel] | None = None) -> None:
        """Precompute the static prefix (the leading system messages) of a later call; with
        ``schema``, of a :meth:`generate_json` call for it (whose system message carries the
        schema). No-op by default."""

    def _json_messages(self, messages: Sequence[MessageLike] | str, schema: type[BaseModel],
                       include_schema: bool = True) -> list[dict[str, str]]:
        msgs = as_dicts(messages)
        return with_instruction(msgs, schema_instruction(schema)) if include_schema else msgs

    def close(self) -> None:
        """Release the model or connection."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def describe(self) -> dict[str, Any]:
        """Backend facts for reports (``llm check``)."""
        return {"backend": self.backend, "model": self.model}

    # ---------------------------------------------------------------- backend hooks
    @abstractmethod
    def _complete(
        self, messages: list[dict[str, str]], *, max_tokens: int, temperature: float, stop: list[str],
        json_schema: dict[str, Any] | None, schema_name: str = "Reply",
    ) -> Completion:
        """One model call; ``json_schema`` set means: reply with JSON, constrained if possible."""

    @abstractmethod
    def _stream(
        self, messages: list[dict[str, str]], *, max_tokens: int, temperature: float, stop: list[str],
        state: dict[str, Any],
    ) -> Iterator[str]:
        """Yield text deltas; set ``state["usage"]`` (a :class:`Usage`) and ``state["finish"]``."""

    # ---------------------------------------------------------------- helpers
    def _temp(self, t: float | None) -> float:
        return self.temperature if t is None else t

    def _recorded(self, kind: str, purpose: str | None, call) -> Completion:
        t0 = time.perf_counter()
        try:
            c = call()
        except LLMError as e:
            self.meter.record(CallRecord(self.meter.turn, kind, self.model, latency_s=time.perf_counter() - t0,
                                         ok=False, error=str(e), purpose=purpose, error_kind=type(e).__name__))
            raise
        if not c.latency_s:
            c.latency_s = time.perf_counter() - t0
        self.meter.record(CallRecord(
            self.meter.turn, kind, c.model or self.model, c.usage.prompt_tokens, c.usage.completion_tokens,
            c.usage.cached_tokens, c.latency_s, c.ttft_s, purpose=purpose,
        ))
        from convrec import timing as profile

        profile.record(f"LLM call: {purpose or kind} ({c.usage.prompt_tokens} prompt tokens, {c.usage.cached_tokens} "
                       f"reused; {c.usage.completion_tokens} out)", c.latency_s)
        return c

    @staticmethod
    def _validate(c: Completion, schema: type[T]) -> T:
        return schema.model_validate_json(extract_json(c.text))

    def _output_error(self, schema: type[BaseModel], err: Exception, c: Completion, retried: bool = True) -> LLMOutputError:
        why = explain_invalid(err)
        if c.finish_reason == "length":
            why += f" (the reply was cut at max_tokens={c.usage.completion_tokens})"
        after = " after a repair retry" if retried else ""
        return LLMOutputError(f"{self.backend} model '{self.model}' did not return a valid {schema.__name__}{after}: {why}")
