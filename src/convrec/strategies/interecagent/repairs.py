"""Merging the planner's plan with the request intent: a declared, ordered pipeline of small
named repair functions.

Each repair is ``fn(plan, intent, ctx) -> (plan, labels)``: it reads the LLM's plan and the
catalog-grounded intent and returns a plan that does what the request says, naming what it
changed. The model contributes what rules cannot (which ranking, extra similar-to seeds); the
intent decides conditions, items and counts, because small models drop or invent them.
Registered with :func:`repair` in the order they run; the labels each can emit are declared so
the agent benchmark can count them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from convrec.strategies.interecagent.plan import (ORDER, RECOMMEND_TOOLS, FetchStep, FilterStep, LookupStep, Plan, RankStep, SimilarStep,
                                StoreStep, filter_step, similar_step, store_step)
from convrec.nlu.intent import Condition as IntentCondition
from convrec.nlu.intent import RequestIntent
from convrec.tools.filters import Condition

Repair = Callable[[Plan, RequestIntent, "RepairContext"], tuple[Plan, list[str]]]


@dataclass
class RepairContext:
    """What repairs may read besides the plan and the intent."""

    title: Callable[[str], str]
    """item id → the title a person would write for it, with the year where titles are shared ("King Kong (1976)"): the tools link it back to that item"""
    link: Callable[[list[str]], list[str | None]]
    """names → item ids (None where a name links to nothing)"""
    k: int = 10
    disliked_attrs: list[tuple[str, str]] = field(default_factory=list)
    """(column, value) pairs the user rejected earlier in this session (list columns)."""
    list_columns: tuple[str, ...] = ()
    remembered_likes: bool = False
    """The user's profile (this session's earlier turns or earlier sessions) holds liked items:
    ranking reads them even when this message names none."""
    conversational: bool = False
    """The ranker reads this turn as talk (earlier messages, or words without any item): with
    no liked item it may still personalise on what was said, so ranking is not forced to
    plain popularity (the rank tool falls back to it when the ranker cannot read the talk)."""


REGISTRY: list[tuple[str, Repair, tuple[str, ...]]] = []


def repair(*labels: str):
    """Register a repair (in definition order) with the labels it can emit."""
    def deco(fn: Repair) -> Repair:
        REGISTRY.append((fn.__name__, fn, labels))
        return fn
    return deco


def run_repairs(plan: Plan, intent: RequestIntent, ctx: RepairContext) -> tuple[Plan, list[str]]:
    labels: list[str] = []
    for _name, fn, _ in REGISTRY:
        plan, got = fn(plan, intent, ctx)
        labels += got
    return plan, labels


TURN_REPAIRS: list[tuple[str, tuple[str, ...], str]] = [
    ("given", ("candidate_not_a_preference", "ranked_given_candidates"),
     "Candidates the caller gave replace a store step and are ranked; k sets the fetch count."),
    ("carry_over", ("carried_conditions",),
     "Conditions of the session's earlier turns are kept for a follow-up that refines them."),
    ("without_carried", ("dropped_carried_conditions",),
     "When the carried conditions leave nothing, the turn runs again without them."),
    ("verify", ("verified_dropped_items",),
     "Fetched items that break a condition or that the user already knows are replaced."),
    ("reflection", ("reflection_replan",), "The critic's advice replanned the turn."),
    ("planner", ("planner_skipped_grounded", "planner_off", "planner_failed"),
     "Whether the planner was called: every word grounded (skipped), switched off, or it failed."),
]
"""Repairs the executor applies around the plan-level pipeline (they need the turn: the caller's
candidates, the session's earlier conditions, the fetched items), declared with their labels so
every label a turn can report is listed in one place."""


def all_labels() -> list[str]:
    return [lab for _, _, labs in REGISTRY for lab in labs] + [lab for _, labs, _ in TURN_REPAIRS for lab in labs]


def _sorted(steps) -> list:
    return sorted(steps, key=lambda s: ORDER[s.tool])


def to_condition(c: IntentCondition) -> Condition:
    value = list(c.value) if isinstance(c.value, (tuple, list)) else c.value
    if isinstance(value, float) and value.is_integer() and c.role == "time":
        value = int(value)
    return Condition(column=c.column, op=c.op, value=value)


def _same(a: Condition, b: Condition) -> bool:
    va = [str(x).lower() for x in a.value] if isinstance(a.value, list) else str(a.value).lower()
    vb = [str(x).lower() for x in b.value] if isinstance(b.value, list) else str(b.value).lower()
    try:
        return a.column == b.column and a.op == b.op and float(a.value) == float(b.value)
    except (TypeError, ValueError):
        return a.column == b.column and a.op == b.op and va == vb


# ---------------------------------------------------------------------- the pipeline
@repair("action_with_steps", "empty_plan", "merged_filters", "duplicate_step")
def structure(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """One step per tool (filters merge), an action that matches the steps."""
    labels: list[str] = []
    steps = list(plan.steps)
    action = plan.action
    if action != "use_tools" and steps:
        action, labels = "use_tools", ["action_with_steps"]
    if action == "use_tools" and not steps:
        return Plan(action="reply", steps=[]), labels + ["empty_plan"]
    merged: list = []
    filt = None
    for s in steps:
        if isinstance(s, FilterStep):
            if filt is None:
                filt = filter_step(s.conditions)
                merged.append(filt)
            else:
                filt.conditions.extend(s.conditions)
                labels.append("merged_filters")
        elif any(type(m) is type(s) for m in merged):
            labels.append("duplicate_step")
            merged = [m for m in merged if type(m) is not type(s)] + [s]
        else:
            merged.append(s)
    return Plan(action=action, steps=merged), labels


@repair("intent_made_a_request", "dropped_lookup", "dropped_store")
def recommend_when_asked(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """A recommendation request gets a recommending plan, whatever the model chose; look-ups
    (facts) have no place in it."""
    labels: list[str] = []
    if plan.action != "use_tools" or not any(s.tool in RECOMMEND_TOOLS for s in plan.steps):
        plan = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=ctx.k)])
        labels.append("intent_made_a_request")
    if any(isinstance(s, LookupStep) for s in plan.steps):
        plan = Plan(action="use_tools", steps=[s for s in plan.steps if not isinstance(s, LookupStep)])
        labels.append("dropped_lookup")
    if intent.kind != "choice" and any(isinstance(s, StoreStep) for s in plan.steps):
        plan = Plan(action="use_tools", steps=[s for s in plan.steps if not isinstance(s, StoreStep)])
        labels.append("dropped_store")  # the user listed nothing to choose from
    return plan, labels


@repair("dropped_ungrounded_condition", "added_condition", "applied_negation", "applied_disliked_attribute")
def ground_conditions(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """The filter holds exactly the conditions the request states (linked to the catalog's
    values), plus attributes rejected earlier in the session; the model's other conditions
    (invented years, misspelt genres, reversed comparisons) are dropped."""
    labels: list[str] = []
    filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
    want = [to_condition(c) for c in intent.conditions]
    wanted_values = {(c.column, str(c.value).lower()) for c in intent.positive_values}
    for col, val in ctx.disliked_attrs:
        if (col, val.lower()) in wanted_values:
            continue
        c = Condition(column=col, op="not_contains", value=val)
        if not any(_same(c, w) for w in want):
            want.append(c)
            labels.append("applied_disliked_attribute")
    have = list(filt.conditions) if filt else []
    kept = [c for c in have if any(_same(c, w) for w in want)]
    labels += ["dropped_ungrounded_condition"] * (len(have) - len(kept))
    for w in want:
        if not any(_same(w, c) for c in kept):
            kept.append(w)
            if "applied_disliked_attribute" not in labels or w.op != "not_contains":
                labels.append("applied_negation" if w.op in ("not_contains", "not_in") else "added_condition")
    steps = [s for s in plan.steps if not isinstance(s, FilterStep)]
    if kept:
        steps.append(filter_step(kept))
    return Plan(action="use_tools", steps=_sorted(steps)), labels


@repair("dropped_unmentioned_item", "added_mentioned_item", "liked_item_in_unwanted")
def ground_items(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """Ranking prefers the items the user liked or has consumed and pushes down the ones they
    rejected — exactly those the intent linked; names the model made up are dropped."""
    labels: list[str] = []
    liked = [ctx.title(i) for i in intent.items("liked", "reference", "accepted", "seen")]
    disliked = [ctx.title(i) for i in intent.disliked]
    rank = next((s for s in plan.steps if isinstance(s, RankStep)), None)
    steps = list(plan.steps)
    if rank is None:
        rank = RankStep(tool="rank", schema="preference")
        steps.append(rank)
    known = set(intent.items())
    model_names = rank.prefer + rank.unwanted
    ids = ctx.link(model_names) if model_names else []
    unmentioned = [n for n, i in zip(model_names, ids) if i is None or i not in known]
    if unmentioned:
        labels += ["dropped_unmentioned_item"] * len(unmentioned)
    before = set(rank.prefer) | set(rank.unwanted)
    if any(d in rank.prefer for d in disliked) or any(l in rank.unwanted for l in liked):
        labels.append("liked_item_in_unwanted")
    rank.prefer, rank.unwanted = liked[:10], [d for d in disliked if d not in liked][:10]
    if (set(rank.prefer) | set(rank.unwanted)) - before:
        labels.append("added_mentioned_item")
    if not liked and not ctx.remembered_likes and not ctx.conversational and rank.schema_ != "popularity":
        rank.schema_ = "popularity"
    elif (liked or ctx.conversational) and rank.schema_ == "popularity":
        rank.schema_ = "preference"
    sim = next((s for s in steps if isinstance(s, SimilarStep)), None)
    if sim is not None:
        seeds = [ctx.title(i) for i in intent.items("liked", "reference", "accepted")]
        if seeds:
            sim.seed_items = seeds[:8]
        else:
            steps.remove(sim)
            labels.append("dropped_unmentioned_item")
    return Plan(action="use_tools", steps=_sorted(steps)), labels


@repair("added_similar_to")
def similar_for_reference(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """"More like X" / "games like X": candidates similar to X (ItemCF), as the paper's
    soft-condition retrieval; without stated conditions only, so it never narrows a filter."""
    refs = intent.items("reference")
    if not refs or any(isinstance(s, (SimilarStep, StoreStep)) for s in plan.steps) or intent.conditions:
        return plan, []
    steps = list(plan.steps) + [similar_step([ctx.title(i) for i in refs][:8])]
    return Plan(action="use_tools", steps=_sorted(steps)), ["added_similar_to"]


@repair("store_choice_candidates")
def choice_candidates(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """"Which should I watch: A, B or C?" — the listed items are the candidates."""
    listed = intent.listed
    if intent.kind != "choice" or len(listed) < 2:
        return plan, []
    steps = [s for s in plan.steps if not isinstance(s, (StoreStep, SimilarStep))]
    steps.append(store_step([ctx.title(i) for i in listed][:20]))
    for s in steps:
        if isinstance(s, FetchStep):
            s.k = min(max(1, intent.k or len(listed)), len(listed))
    return Plan(action="use_tools", steps=_sorted(steps)), ["store_choice_candidates"]


@repair("added_fetch", "fetch_k_from_request", "fetch_k_default")
def fetch_count(plan: Plan, intent: RequestIntent, ctx: RepairContext):
    """Every recommending plan ends in one fetch of as many items as the user asked for (the
    default count when they did not say)."""
    labels: list[str] = []
    steps = list(plan.steps)
    fetch = next((s for s in steps if isinstance(s, FetchStep)), None)
    if fetch is None:
        fetch = FetchStep(tool="fetch", k=ctx.k)
        steps.append(fetch)
        labels.append("added_fetch")
    if intent.kind == "choice":
        return Plan(action="use_tools", steps=_sorted(steps)), labels
    # the user's count, else the default: a number the planner wrote is not the user's (a small
    # model copies the number of titles named: "I loved A, B and C" gave 3 items)
    k = min(intent.k, 30) if intent.k is not None else ctx.k
    k += min(intent.offset, 30)  # "the 2nd highest paying": the first one fetched too, then skipped
    if fetch.k != k:
        fetch.k = k
        labels.append("fetch_k_from_request" if intent.k is not None else "fetch_k_default")
    return Plan(action="use_tools", steps=_sorted(steps)), labels


def describe_pipeline() -> list[dict[str, Any]]:
    """The repairs in order, with what they do (for docs and ``--help``)."""
    return ([{"name": n, "labels": list(labs), "doc": (fn.__doc__ or "").strip().split("\n")[0]} for n, fn, labs in REGISTRY]
            + [{"name": n, "labels": list(labs), "doc": doc, "stage": "turn"} for n, labs, doc in TURN_REPAIRS])
