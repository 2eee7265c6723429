"""The Tool contract.

A tool has a ``name``, a ``description`` (what the LLM reads), an ``Input`` pydantic model
(its JSON schema is what constrained decoding enforces) and ``run(input, ctx)`` which reads
and writes the candidate bus and returns an :class:`Observation`: a short text for the LLM
and structured data for the tracker.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from convrec.tools.bus import CandidateBus


class ToolError(Exception):
    """A tool could not do what was asked; the message is shown to the LLM and the tracker."""


@dataclass
class Observation:
    text: str
    data: dict[str, Any] = field(default_factory=dict)


class Tool(ABC):
    name: ClassVar[str]
    description: ClassVar[str]
    Input: ClassVar[type[BaseModel]]

    @abstractmethod
    def run(self, args: BaseModel, ctx: "ToolContext") -> Observation:
        """Do the work against ``ctx.bus``."""

    def __call__(self, raw: dict[str, Any] | BaseModel, ctx: "ToolContext") -> Observation:
        """Validate ``raw`` input, run, and record the step on the tracker (errors included)."""
        started = time.perf_counter()
        payload = raw.model_dump() if isinstance(raw, BaseModel) else dict(raw or {})
        try:
            args = raw if isinstance(raw, self.Input) else self.Input.model_validate(payload)
            obs = self.run(args, ctx)
        except ValidationError as e:
            err = e.errors()[0]
            msg = f"invalid input for {self.name}: {'.'.join(map(str, err['loc']))}: {err['msg']}"
            ctx.bus.record(self.name, payload, msg, msg, started)
            return Observation(msg, {"error": msg})
        except ToolError as e:
            ctx.bus.record(self.name, payload, str(e), str(e), started)
            return Observation(str(e), {"error": str(e)})
        ctx.bus.record(self.name, payload, obs.text, None, started)
        return obs

    @classmethod
    def spec(cls) -> dict[str, Any]:
        """What the planner sees: name, description and the input schema."""
        return {"name": cls.name, "description": cls.description, "input": cls.Input.model_json_schema()}


@dataclass
class ToolContext:
    """What tools share during one turn."""

    bus: CandidateBus
    catalog: Any  # convrec.tools.catalog.CatalogAccess
    profile: Any = None  # user profile (likes / dislikes / expectations)
    k: int = 10
    text: str = ""  # what the user wrote in this conversation (rankers that read words use it)
    conversational: bool = False  # the turn follows earlier messages
    conditions: tuple = ()  # the grounded conditions of the request (nlu Conditions): filters keep them
    mentioned: tuple = ()  # every item the conversation named, either side (its topic, for the ranker)
    remembered: tuple = ()  # liked items known only from the user's earlier sessions (long-term memory)
