"""The Tool contract.

A tool has a ``name``, a ``description`` (what the LLM reads), an ``Input`` pydantic model
(its JSON schema is what constrained decoding enforces) and ``run(input, ctx)`` which reads
and writes the candidate bus and returns an :class:`Observation`: a short text for the LLM
and structured data for the tracker.

A tool renders itself for a planner: :meth:`Tool.prompt_line` is its line in a planner's tool
list (``- name(arguments): description``) and :meth:`Tool.step_model` the plan step a planner
writes for it — the ``Input`` fields the planner fills, under the tighter limits a planner's
constrained JSON needs (``plan_limits``), so the plan schema cannot drift from the tool.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

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
    """What a planner reads about the tool (``{item}`` / ``{items}``: the catalog's item word)."""
    Input: ClassVar[type[BaseModel]]
    hidden: ClassVar[frozenset[str]] = frozenset()
    """``Input`` fields the executor sets, never the planner (not in the prompt line or the step)."""
    plan_limits: ClassVar[dict[str, dict[str, Any]]] = {}
    """A planner's tighter bounds per field: ``max_length`` / ``min_length`` / ``ge`` / ``le``,
    ``item_max_length`` (each string of a list) and ``required`` (no default: the planner must
    write it)."""
    step_name: ClassVar[str] = ""
    """The class name of the plan step (default ``<Name>Step``)."""
    said: ClassVar[str] = ""
    """What a person reads about the step in a reply's trace (a few words, past tense: "ranked
    the candidates"); default: the name in words."""

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
    def arguments(cls) -> list[str]:
        """The argument names a planner writes (aliases where a field has one)."""
        return [f.alias or n for n, f in cls.Input.model_fields.items() if n not in cls.hidden]

    @classmethod
    def prompt_line(cls, **words: str) -> str:
        """The tool's line in a planner's tool list."""
        return f"- {cls.name}({', '.join(cls.arguments())}): {cls.description.format(**words)}"

    @classmethod
    def step_model(cls) -> type[BaseModel]:
        """The plan step for this tool: ``{"tool": name, <arguments>}`` with the planner's limits."""
        fields: dict[str, Any] = {"tool": (Literal[cls.name], ...)}  # type: ignore[valid-type]
        aliased = False
        for n, f in cls.Input.model_fields.items():
            if n in cls.hidden:
                continue
            lim = dict(cls.plan_limits.get(n, {}))
            bounds: dict[str, Any] = {}
            for m in f.metadata:
                for key in ("min_length", "max_length", "ge", "le", "gt", "lt"):
                    if getattr(m, key, None) is not None:
                        bounds[key] = getattr(m, key)
            bounds.update({k: v for k, v in lim.items() if k in ("min_length", "max_length", "ge", "le", "gt", "lt")})
            ann = f.annotation
            if "item_max_length" in lim:
                ann = list[Annotated[str, Field(max_length=lim["item_max_length"])]]
            kw: dict[str, Any] = dict(bounds)
            if f.alias:
                kw["alias"], aliased = f.alias, True
            if not lim.get("required", f.is_required()):
                if f.default_factory is not None:
                    kw["default_factory"] = f.default_factory
                else:
                    kw["default"] = f.default
            fields[n] = (ann, Field(**kw))
        config = ConfigDict(populate_by_name=True) if aliased else None
        return create_model(cls.step_name or f"{cls.__name__}Step", __config__=config, **fields)

    @classmethod
    def spec(cls) -> dict[str, Any]:
        """What the planner sees: name, description and the input schema."""
        return {"name": cls.name, "description": cls.description, "input": cls.Input.model_json_schema()}


@dataclass
class ToolContext:
    """What tools share during one turn."""

    bus: CandidateBus
    catalog: Any  # convrec.core.catalog.CatalogAccess
    profile: Any = None  # user profile (likes / dislikes / expectations)
    k: int = 10
    text: str = ""  # what the user wrote in this conversation (rankers that read words use it)
    conversational: bool = False  # the turn follows earlier messages
    conditions: tuple = ()  # the grounded conditions of the request (nlu Conditions): filters keep them
    mentioned: tuple = ()  # every item the conversation named, either side (its topic, for the ranker)
    remembered: tuple = ()  # liked items known only from the user's earlier sessions (long-term memory)
