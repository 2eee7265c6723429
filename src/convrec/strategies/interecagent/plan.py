"""The tool plan the planner LLM writes in one schema-constrained call.

Small models fail in known ways — a missing fetch step, steps out of order, "after 2015"
written as ``year >= 2015``, liked items left among the unwanted, a number of items asked for
but not passed on. The repairs in :mod:`convrec.strategies.interecagent.repairs` merge the plan with the
request intent and name every change, so their frequency can be measured.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from convrec.tools.base import Tool
from convrec.tools.recsys import TOOLS


TOOLBOX: tuple[type[Tool], ...] = tuple(TOOLS)
"""InteRecAgent's tools. Each one renders its own line of the planner's prompt
(:meth:`Tool.prompt_line`) and its own plan step (:meth:`Tool.step_model`, under the planner's
tighter limits the tool declares); adding a tool here adds it to both."""
ORDER = {"store_candidates": 0, "hard_filter": 1, "similar_to": 2, "rank": 3, "fetch": 4, "lookup": 5}
"""The order a plan runs its steps in (the prompt lists the tools in it; a tool not named here runs
after the recommendation steps)."""
_STEPS = {t.name: t.step_model() for t in TOOLBOX}
LookupStep = _STEPS["lookup"]
FilterStep = _STEPS["hard_filter"]
SimilarStep = _STEPS["similar_to"]
RankStep = _STEPS["rank"]
StoreStep = _STEPS["store_candidates"]
FetchStep = _STEPS["fetch"]


def tool_lines(**words: str) -> str:
    """The planner prompt's tool list, rendered from the tools in the order a plan runs them."""
    return "\n".join(t.prompt_line(**words) for t in sorted(TOOLBOX, key=lambda t: ORDER.get(t.name, len(ORDER))))


def filter_step(conditions) -> FilterStep:
    """A filter the executor builds from grounded conditions: the planner's limit of 6 (which
    keeps its constrained JSON short) does not bound what the user stated."""
    return FilterStep.model_construct(tool="hard_filter", conditions=list(conditions))


def similar_step(seed_items) -> "SimilarStep":
    """A similar-to step the repairs build from catalog titles, which the planner's
    120-character bound (it keeps the model's constrained JSON short) does not hold: Amazon
    Beauty titles reach 865 characters."""
    return SimilarStep.model_construct(tool="similar_to", seed_items=list(seed_items))


def store_step(items) -> "StoreStep":
    """A store step of catalog titles (see :func:`similar_step`)."""
    return StoreStep.model_construct(tool="store_candidates", items=list(items))


Step = Annotated[Union[tuple(_STEPS.values())], Field(discriminator="tool")]  # type: ignore[valid-type]


class Plan(BaseModel):
    """What the planner returns: use tools (in order), reply directly, or ask the user."""

    action: Literal["use_tools", "reply", "ask_user"]
    steps: list[Step] = Field(default_factory=list, max_length=6)


RECOMMEND_TOOLS = {t.name for t in TOOLBOX if t.name != "lookup"}
