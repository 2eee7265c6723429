"""InteRecAgent: what its parts share — limits, the toolbox instances, prompts, plan text, the outcome of running a plan, small text helpers."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from convrec.tools.bus import CandidateBus
from convrec.strategies.interecagent.plan import TOOLBOX, FilterStep, Plan, filter_step
from convrec.nlu import RequestIntent
from convrec.tools.filters import Condition


MAX_WORDS = 2000  # characters of the user's words (latest) the ranker reads
TOOLS = {t.name: t() for t in TOOLBOX}
"""The executor's tool instances, by name (the toolbox is :data:`plan.TOOLBOX`)."""
VERIFY_POOL = 4
"""Fetch this many times the asked count, so items dropped by verification can be replaced."""
STATED_SET = 3
"""A user message that says it liked this many items or more ("I loved A, B and C — what
else?") states a taste, and is ranked by the weights learned on stated likes even inside a
conversation. The conversation weights, taught on ReDial chats where a message names one item
or two, follow what people bring up in chats (recent, widely seen films); on movielens-small
they found a person's other loved films two thirds as often as the likes weights did for the
same three stated films (Recall@10 0.237 vs 0.359, docs/results/likes.md). Items asked
*about* ("scary movies like A or B") keep a chat turn a chat turn: of the 400 ReDial turns,
15 name three or more items positively, 7 in the tune fold (no hit with either weights); on
the holdout, the turns that hit with the conversation weights were of that kind or misread a
hedged dislike (see docs/results/likes.md for how this was found)."""


def load_prompts() -> dict[str, str]:
    text = resources.files("convrec.strategies.interecagent").joinpath("prompts/interecagent.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


HIDDEN_ROLES = ("link", "id")
"""Columns the planner never needs to see (urls, external ids)."""


def columns_text(ds, n_examples: int = 3) -> str:
    """The columns as the planner sees them: name, type, role, meaning, a few example values
    and the range. The catalog's full vocabulary is not listed: the request's words are linked
    to it by understanding, so the prompt stays short (and its KV state small)."""
    lines = []
    for c in ds.columns:
        name = c["name"]
        if name in ("item_id", "popularity") or c.get("role") in HIDDEN_ROLES or name.endswith(("_id", "_url")):
            continue
        ex = ", ".join(str(x)[:40] for x in c.get("examples", [])[:n_examples])
        rng = f"; {c['min']}-{c['max']}" if c.get("min") is not None else ""
        role = f", {c['role']}" if c.get("role") and c.get("role") not in (c["type"], "other") else ""
        lines.append(f"- {name} ({c['type']}{role}): {c['meaning']}; e.g. {ex}{rng}")
    return "\n".join(lines)


def compact(plan: "Plan") -> str:
    """A plan as the model reads and writes it: no default values (empty lists, k=10), no spaces."""
    return plan.model_dump_json(by_alias=True, exclude_defaults=True)


SOFT_POOL = 300
"""Items closest in text to a soft request that join the ranked candidates when no condition
narrowed them (the ranker's own top 500 rarely holds "something cozy")."""
SOFT_VALUES = 1.0
"""Weight of carrying one of the catalog values closest to the soft words (tags, genres)."""
SOFT_SORT_POOL = 30
"""A soft request with a sort ("top rated space movies"): the sort orders this many closest candidates."""
SOFT_WEIGHT = 0.6
"""Share of the final order that closeness to the soft words decides (the rest: the tools' order)."""
BRAIN_VALUE_SIM = 0.6
"""The weight a value the brain picked for the soft words gets (as if that close in meaning)."""


def _said_as(conditions, intent: RequestIntent) -> list:
    """The plan's conditions, each as the intent's own condition (with the user's words) where
    one matches, so the reply can say "suvs" instead of every SUV class."""
    def key(c):
        v = c.value if isinstance(c.value, (list, tuple)) else [c.value]
        return (c.column, c.op, tuple(sorted(str(x).lower() for x in v)))
    mine = {key(c): c for c in intent.conditions}
    return [mine.get(key(c), c) for c in conditions]


def _items_with(vocab, column: str, value_low: str, limit: int) -> list[str]:
    """Up to ``limit`` items carrying a value, most popular first."""
    s = vocab.items[column]
    mask = s.map(lambda v: any(str(x).lower() == value_low for x in v) if isinstance(v, (list, tuple, np.ndarray))
                 else (v is not None and str(v).lower() == value_low))
    hit = vocab.items.loc[mask.astype(bool)]
    if "popularity" in hit.columns:
        hit = hit.sort_values("popularity", ascending=False, kind="stable")
    return [str(x) for x in hit["item_id"].head(limit)]


class Critique(BaseModel):
    """The critic's verdict: ok, or not ok with one piece of advice for the planner."""

    ok: bool
    advice: str = Field(default="", max_length=300)


@dataclass
class _Outcome:
    bus: CandidateBus
    items: list[dict[str, Any]] = field(default_factory=list)
    rows: str | None = None
    failure: str | None = None
    conditions: list[Condition] = field(default_factory=list)
    """The plan's verified conditions (what every item meets)."""
    asked: int = 10
    repairs: list[str] = field(default_factory=list)
    soft: str = ""
    """Words of the request used only to order the items (a soft preference)."""
    remembered: tuple[str, ...] = ()
    """Liked items from the person's earlier conversations the ranking read (long-term memory)."""
    cut: bool = False
    """The ranker ran and kept its best few of ``pool``."""
    pool: list[str] | None = None
    """Every candidate before the ranker kept its best few (None: the whole catalog): what a sort
    ("the 5 cheapest") orders, so that it ranges over all that qualify, not the ranker's top 500."""


_REFUSAL = re.compile(r"\b(sorry|apolog|can'?t|cannot|unable|not able|as an ai|language model|i don'?t have|"
                      r"no access|unfortunately)\b", re.I)


def _attr_pairs(attrs: list[str]) -> list[tuple[str, str]]:
    return [tuple(a.split("=", 1)) for a in attrs if "=" in a]  # type: ignore[misc]


def _without(plan: Plan, carried: list[Condition]) -> Plan:
    steps = []
    for s in plan.steps:
        if isinstance(s, FilterStep):
            conds = [c for c in s.conditions if c not in carried]
            if not conds:
                continue
            s = filter_step(conds)
        steps.append(s)
    return Plan(action=plan.action, steps=steps)


def _worse(new: _Outcome, old: _Outcome, old_plan: Plan) -> bool:
    """A revised plan is kept only when it does not lose what the first one had: a result
    where the first had one, items where the first recommended some."""
    if new.failure and not old.failure:
        return True
    if old_plan.action == "use_tools" and old.items and not new.items:
        return True
    if old.rows is not None and new.rows is None and not new.items:
        return True
    return False


def _whole_sentences(text: str) -> str:
    """A reply cut by its token limit ends mid-sentence: keep the whole sentences before it."""
    if not text or text[-1] in ".!?\"')":
        return text
    cut = max(text.rfind(". "), text.rfind("! "), text.rfind("? "))
    return text[:cut + 1] if cut > 0 else text


def _tidy(text: str, max_sentences: int = 6) -> str:
    """Small models sometimes repeat themselves: drop repeated sentences and phrases."""
    text = re.sub(r"(\b.{6,80}?)(?:\s*\1){2,}", r"\1", text)
    parts = re.split(r"(?<=[.!?])\s+", text)
    out: list[str] = []
    for p in parts:
        if p and p not in out:
            out.append(p)
    return " ".join(out[:max_sentences]).strip()


def _tool_input(step) -> dict[str, Any]:
    d = step.model_dump(by_alias=True)
    d.pop("tool")
    if isinstance(step, FilterStep):
        return {"conditions": d["conditions"]}
    return d
