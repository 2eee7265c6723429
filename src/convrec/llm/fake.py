"""A scripted LLM that replays canned replies: for unit tests only, never a product default."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Iterator

from pydantic import BaseModel

from convrec.llm.base import LLM, Completion, Usage

Reply = str | BaseModel | dict | Callable[[list[dict[str, str]]], str]


class ScriptedLLM(LLM):
    """Replays ``replies`` in order, one per call; records the messages it was sent.

    A reply may be text, a dict or pydantic object (sent as JSON), or a function of the
    messages. Token counts are whitespace word counts, so meters have something to sum.
    ``routed=True``: a JSON call takes the next dict or pydantic reply and a text call the next
    text reply, so one script serves code paths that may skip a call.
    """

    backend = "fake"
    supports_constrained_json = False

    def __init__(self, replies: Iterable[Reply] = (), *, model: str = "scripted", routed: bool = False, **kw: Any):
        super().__init__(model, **kw)
        self.replies = list(replies)
        self.routed = routed
        self.calls: list[dict[str, Any]] = []

    def add(self, *replies: Reply) -> "ScriptedLLM":
        self.replies.extend(replies)
        return self

    def _next(self, messages: list[dict[str, str]], json_call: bool = False) -> str:
        if not self.replies:
            raise AssertionError(f"ScriptedLLM ran out of replies after {len(self.calls)} calls")
        i = 0
        if self.routed:
            fits = [j for j, r in enumerate(self.replies) if isinstance(r, (dict, BaseModel)) == json_call]
            if not fits:
                raise AssertionError(f"ScriptedLLM has no {'JSON' if json_call else 'text'} reply left "
                                     f"after {len(self.calls)} calls")
            i = fits[0]
        r = self.replies.pop(i)
        if callable(r):
            r = r(messages)
        if isinstance(r, BaseModel):
            r = r.model_dump_json()
        elif isinstance(r, dict):
            r = json.dumps(r)
        return str(r)

    def _complete(self, messages, *, max_tokens, temperature, stop, json_schema, schema_name="Reply") -> Completion:
        self.calls.append({"messages": messages, "json_schema": json_schema, "max_tokens": max_tokens})
        text = self._next(messages, json_schema is not None) if self.routed else self._next(messages)
        usage = Usage(sum(len(m["content"].split()) for m in messages), len(text.split()))
        return Completion(text, usage, 0.0, 0.0, "stop", self.model)

    def _stream(self, messages, *, max_tokens, temperature, stop, state) -> Iterator[str]:
        self.calls.append({"messages": messages, "json_schema": None, "max_tokens": max_tokens, "stream": True})
        text = self._next(messages)
        words = text.split(" ")
        for i, w in enumerate(words):
            yield w if i == 0 else " " + w
        state["usage"] = Usage(sum(len(m["content"].split()) for m in messages), len(text.split()))
        state["finish"] = "stop"
