"""The tool plan the planner LLM writes in one schema-constrained call.

Small models fail in known ways — a missing fetch step, steps out of order, "after 2015"
written as ``year >= 2015``, liked items left among the unwanted, a number of items asked for
but not passed on. The repairs in :mod:`convrec.strategies.interecagent.repairs` merge the plan with the
request intent and name every change, so their frequency can be measured.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from convrec.tools.filters import Condition


class LookupStep(BaseModel):
    tool: Literal["lookup"]
    sql: str = Field(max_length=600)


class FilterStep(BaseModel):
    tool: Literal["hard_filter"]
    conditions: list[Condition] = Field(max_length=6)


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


class SimilarStep(BaseModel):
    tool: Literal["similar_to"]
    seed_items: list[Annotated[str, Field(max_length=120)]] = Field(min_length=1, max_length=8)


class RankStep(BaseModel):
    tool: Literal["rank"]
    schema_: Literal["preference", "similarity", "popularity"] = Field(alias="schema")
    prefer: list[Annotated[str, Field(max_length=120)]] = Field(default_factory=list, max_length=10)
    unwanted: list[Annotated[str, Field(max_length=120)]] = Field(default_factory=list, max_length=10)

    model_config = {"populate_by_name": True}


class StoreStep(BaseModel):
    tool: Literal["store_candidates"]
    items: list[Annotated[str, Field(max_length=120)]] = Field(min_length=1, max_length=20)


class FetchStep(BaseModel):
    tool: Literal["fetch"]
    k: int = Field(default=10, ge=1, le=30)


Step = Annotated[Union[LookupStep, FilterStep, SimilarStep, RankStep, StoreStep, FetchStep], Field(discriminator="tool")]


class Plan(BaseModel):
    """What the planner returns: use tools (in order), reply directly, or ask the user."""

    action: Literal["use_tools", "reply", "ask_user"]
    steps: list[Step] = Field(default_factory=list, max_length=6)


ORDER = {"store_candidates": 0, "hard_filter": 1, "similar_to": 2, "rank": 3, "fetch": 4, "lookup": 5}
RECOMMEND_TOOLS = {"store_candidates", "hard_filter", "similar_to", "rank", "fetch"}
