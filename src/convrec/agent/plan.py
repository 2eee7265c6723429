"""The tool plan the planner LLM writes in one schema-constrained call, and the executor's
validation and deterministic repairs.

Small models fail in known ways — a missing fetch step, steps out of order, "after 2015"
written as ``year >= 2015``, liked items left among the unwanted, a number of items asked for
but not passed on. :func:`repair` fixes what the request makes unambiguous and names every
repair it applied, so their frequency can be measured.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from convrec.tools.filters import Condition


class LookupStep(BaseModel):
    tool: Literal["lookup"]
    sql: str = Field(max_length=600)


class FilterStep(BaseModel):
    tool: Literal["hard_filter"]
    conditions: list[Condition] = Field(max_length=6)


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

_COUNT = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+"
                    r"(?:[\w'-]+\s+){0,3}?(?:movies|films|games|books|items|products|titles|recommendations|suggestions|"
                    r"options|picks|ones|shows)\b", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "a few": 3, "a couple of": 2}
_AFTER = re.compile(r"\b(?:after|since|newer than|later than|post)\s+(\d{4})\b", re.I)
_BEFORE = re.compile(r"\b(?:before|older than|earlier than|pre)\s+(\d{4})\b", re.I)
_DECADE = re.compile(r"\b(?:from the |in the |the )?(?:(19|20)(\d)0s|'?(\d)0s)\b", re.I)
_UNDER = re.compile(r"\b(?:under|below|less than|cheaper than|at most|max(?:imum)?|up to)\s*\$?\s*(\d+(?:\.\d+)?)\s*(?:\$|dollars|usd)?", re.I)


_QUESTION = re.compile(r"^\s*(?:what|which|when|who|how many|how much|is|was|were|did|does)\b", re.I)


def requested_count(message: str) -> int | None:
    m = _COUNT.search(message)
    if not m:
        return None
    w = m.group(1).lower()
    n = _WORDS.get(w) if w in _WORDS else int(w)
    return n if 1 <= n <= 30 else None


def time_and_price_conditions(message: str, columns: set[str]) -> list[Condition]:
    """Conditions the message states unambiguously, parsed without the LLM."""
    out: list[Condition] = []
    if "year" in columns:
        for m in _AFTER.finditer(message):
            out.append(Condition(column="year", op=">", value=int(m.group(1))))
        for m in _BEFORE.finditer(message):
            out.append(Condition(column="year", op="<", value=int(m.group(1))))
        m = _DECADE.search(message)
        if m:
            if m.group(1):
                start = int(m.group(1) + m.group(2) + "0")
            else:
                d = int(m.group(3))
                start = (1900 if d >= 2 else 2000) + d * 10
            out += [Condition(column="year", op=">=", value=start), Condition(column="year", op="<=", value=start + 9)]
    if "price" in columns:
        m = _UNDER.search(message)
        if m and ("$" in message or "price" in message.lower() or "dollar" in message.lower() or "cheap" in message.lower()
                  or re.search(r"under\s*\$?\d", message, re.I)):
            out.append(Condition(column="price", op="<=", value=float(m.group(1))))
    return out


def repair(plan: Plan, message: str, columns: set[str]) -> tuple[Plan, list[str]]:
    """Validate a plan against the request and fix what is unambiguous; returns the repaired
    plan and the names of the repairs applied."""
    repairs: list[str] = []
    steps = list(plan.steps)
    action = plan.action
    if action != "use_tools" and steps:
        action = "use_tools"
        repairs.append("action_with_steps")
    if action != "use_tools":
        stated = time_and_price_conditions(message, columns)
        if stated and not _QUESTION.search(message):  # "one from the 1990s": a request, not chit-chat
            return Plan(action="use_tools", steps=[FilterStep(tool="hard_filter", conditions=stated),
                                                    RankStep(tool="rank", schema="preference"),
                                                    FetchStep(tool="fetch", k=requested_count(message) or 10)]), \
                repairs + ["condition_made_a_request"]
        return Plan(action=action, steps=[]), repairs
    if not steps:
        return Plan(action="reply", steps=[]), repairs + ["empty_plan"]
    # one step per tool kind, except filters which merge
    merged: list = []
    filt = None
    for s in steps:
        if isinstance(s, FilterStep):
            if filt is None:
                filt = FilterStep(tool="hard_filter", conditions=list(s.conditions))
                merged.append(filt)
            else:
                filt.conditions.extend(s.conditions)
                repairs.append("merged_filters")
        elif any(type(m) is type(s) for m in merged):
            repairs.append(f"duplicate_{s.tool}")
            merged = [m for m in merged if type(m) is not type(s)] + [s]
        else:
            merged.append(s)
    steps = merged
    # dates and prices the message states: enforce them exactly
    stated = time_and_price_conditions(message, columns)
    if stated:
        if filt is None:
            filt = FilterStep(tool="hard_filter", conditions=[])
            steps.append(filt)
        for c in stated:
            same = [x for x in filt.conditions if x.column == c.column and _direction(x.op) == _direction(c.op)]
            if not same:
                filt.conditions.append(c)
                repairs.append(f"added_{c.column}_condition")
            elif any((x.op, _num(x.value)) != (c.op, _num(c.value)) for x in same):
                filt.conditions = [x for x in filt.conditions if x not in same] + [c]
                repairs.append(f"fixed_{c.column}_condition")
    kinds = {s.tool for s in steps}
    if kinds & RECOMMEND_TOOLS and "fetch" not in kinds:
        steps.append(FetchStep(tool="fetch", k=10))
        repairs.append("added_fetch")
    n = requested_count(message)
    for s in steps:
        if isinstance(s, FetchStep) and n is not None and s.k != n:
            s.k = n
            repairs.append("fetch_k_from_message")
        if isinstance(s, RankStep):
            keep = [u for u in s.unwanted if u.lower() not in {p.lower() for p in s.prefer}]
            if len(keep) != len(s.unwanted):
                s.unwanted = keep
                repairs.append("liked_item_in_unwanted")
    ordered = sorted(steps, key=lambda s: ORDER[s.tool])
    if [s.tool for s in ordered] != [s.tool for s in steps]:
        repairs.append("reordered_steps")
    return Plan(action="use_tools", steps=ordered), repairs


def _direction(op: str) -> str:
    return {"<": "lt", "<=": "lt", ">": "gt", ">=": "gt"}.get(op, op)


def _num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return v
