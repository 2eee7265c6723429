"""``convrec demos generate``: expand the hand-written demonstrations with an LLM, with the
two strategies of the InteRecAgent paper (§3.5):

* **input-first** — the LLM writes a new user request in the style of a few seeds; the
  agent's own planner plans it; the (request, plan) pair is kept when the plan is valid.
* **output-first** — the LLM writes a new *plan* (varying a seed plan with real catalog
  values), then a request that this plan answers; the planner re-plans the request, and the
  pair is kept only when the re-planned plan matches the written one.

Meant for a strong endpoint (``--llm openai``): a small local model writes few usable pairs,
which the consistency check then rejects. The result is a JSONL file the agent reads as extra
demonstrations (``agent.demos_file``, or ``$CONVREC_HOME/demos/<dataset>.jsonl``).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, Field, ValidationError

from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.strategies.interecagent.plan import FetchStep, FilterStep, LookupStep, Plan, RankStep, SimilarStep, StoreStep
from convrec.llm.errors import LLMError

STRATEGIES = ("input-first", "output-first")
_CODE = re.compile(r"\bselect\b.+\bfrom\b|[{}]|\b(?:hard_filter|similar_to|store_candidates)\b", re.I | re.S)


class NewRequest(BaseModel):
    request: str = Field(min_length=3, max_length=300)


@dataclass
class GenStats:
    attempted: Counter = field(default_factory=Counter)
    kept: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)  # reason -> count


def plan_signature(plan: Plan) -> tuple:
    """What two plans must share to count as the same: the tools in order and their
    arguments, normalised (case, order of conditions and names). SQL text and the fetch
    count are compared loosely: a lookup matches a lookup."""
    sig: list[tuple] = [("action", plan.action)]
    for s in plan.steps:
        if isinstance(s, FilterStep):
            sig.append(("hard_filter", tuple(sorted((c.column, c.op, str(c.value).strip().lower()) for c in s.conditions))))
        elif isinstance(s, SimilarStep):
            sig.append(("similar_to", tuple(sorted(x.strip().lower() for x in s.seed_items))))
        elif isinstance(s, RankStep):
            sig.append(("rank", s.schema_, tuple(sorted(x.strip().lower() for x in s.prefer)),
                        tuple(sorted(x.strip().lower() for x in s.unwanted))))
        elif isinstance(s, StoreStep):
            sig.append(("store_candidates", tuple(sorted(x.strip().lower() for x in s.items))))
        elif isinstance(s, LookupStep):
            sig.append(("lookup",))
        elif isinstance(s, FetchStep):
            sig.append(("fetch",))
    return tuple(sig)


class DemoGenerator:
    def __init__(self, agent: InteRecAgent, seed: int = 0, temperature: float = 0.8):
        self.agent = agent
        self.llm = agent.llm
        self.rng = random.Random(seed)
        self.temperature = temperature
        self.seeds = list(agent.demos.demos)
        self.item = agent.catalog.domain
        self.known = {d["request"].strip().lower() for d in self.seeds}
        self.stats = GenStats()
        self.hints = self._catalog_hints()

    def _catalog_hints(self) -> str:
        ds = self.agent.catalog.ds
        items = ds.items.sort_values("popularity", ascending=False)
        titles = [t for t in items["title"].head(200).tolist() if len(t) < 50]
        picks = self.rng.sample(titles, min(8, len(titles)))
        lines = [f"Real {self.item} titles: " + "; ".join(picks)]
        for col in ds.list_columns:
            vals = Counter(v for lst in items[col].head(2000) for v in lst).most_common(25)
            lines.append(f"Values of {col}: " + ", ".join(v for v, _ in vals))
        return "\n".join(lines)

    def _examples(self, n: int = 3) -> list[dict[str, Any]]:
        return self.rng.sample(self.seeds, min(n, len(self.seeds)))

    # ------------------------------------------------------------------ strategies
    def input_first(self) -> dict[str, Any] | None:
        self.stats.attempted["input-first"] += 1
        ex = "\n".join(f"- {d['request']}" for d in self._examples(4))
        msgs = [{"role": "system", "content": f"You write realistic messages that users send to a {self.item} "
                                              "recommender assistant. Answer with JSON {\"request\": \"...\"}."},
                {"role": "user", "content": f"{self.hints}\nExample messages:\n{ex}\n"
                                            f"Write one new message, different from the examples, that a real user "
                                            f"might send. Use only real titles and values from the lists above."}]
        req = self._ask(msgs, NewRequest, "input-first")
        if req is None:
            return None
        plan, _ = self.agent.plan_for(req)
        return self._keep(req, plan, "input-first")

    def output_first(self) -> dict[str, Any] | None:
        self.stats.attempted["output-first"] += 1
        tool_seeds = [d for d in self.seeds if d["plan"].get("steps")]
        base = self.rng.choice(tool_seeds or self.seeds)
        msgs = [{"role": "system", "content": f"You write tool plans for a {self.item} recommender, as JSON in the "
                                              "same format as the example."},
                {"role": "user", "content": f"{self.hints}\nExample request: {base['request']}\n"
                                            f"Example plan: {json.dumps(base['plan'])}\n"
                                            "Write a different plan of the same kind: change the titles, values, "
                                            "years or counts, using only real titles and values from the lists above."}]
        plan = self._ask(msgs, Plan, "output-first")
        if plan is None:
            return None
        msgs = [{"role": "system", "content": f"You write the message a user sent to a {self.item} recommender "
                                              "assistant, given the tool plan the assistant ran for it. "
                                              "Answer with JSON {\"request\": \"...\"}."},
                {"role": "user", "content": f"Example plan: {json.dumps(base['plan'])}\nIts message: {base['request']}\n"
                                            f"Plan: {plan.model_dump_json(by_alias=True)}\nIts message:"}]
        req = self._ask(msgs, NewRequest, "output-first")
        if req is None:
            return None
        replanned, _ = self.agent.plan_for(req)
        if plan_signature(replanned) != plan_signature(plan):
            self.stats.rejected["output-first: re-planned plan differs"] += 1
            return None
        return self._keep(req, replanned, "output-first")

    # ------------------------------------------------------------------ helpers
    def _ask(self, msgs, schema, strategy: str):
        try:
            out = self.llm.generate_json(msgs, schema, max_tokens=300, temperature=self.temperature,
                                         purpose=f"demos:{strategy}")
        except (LLMError, ValidationError):
            self.stats.rejected[f"{strategy}: no valid JSON"] += 1
            return None
        if isinstance(out, NewRequest):
            text = " ".join(out.request.split())
            if _CODE.search(text):
                self.stats.rejected[f"{strategy}: request is code, not a user message"] += 1
                return None
            if text.lower() in self.known:
                self.stats.rejected[f"{strategy}: duplicate request"] += 1
                return None
            return text
        return out

    def _keep(self, request: str, plan: Plan, strategy: str) -> dict[str, Any] | None:
        if plan.action == "use_tools" and not plan.steps:
            self.stats.rejected[f"{strategy}: empty plan"] += 1
            return None
        try:  # repairs may have grown it past the schema's limits: a demo must re-validate
            Plan.model_validate(plan.model_dump(by_alias=True))
        except ValidationError:
            self.stats.rejected[f"{strategy}: plan outside the schema"] += 1
            return None
        key = request.strip().lower()
        if key in self.known:
            self.stats.rejected[f"{strategy}: duplicate request"] += 1
            return None
        self.known.add(key)
        self.stats.kept[strategy] += 1
        return {"request": request, "plan": plan.model_dump(by_alias=True), "strategy": strategy}

    def run(self, n: int, strategy: str = "both", on_step: Callable[[], None] | None = None) -> list[dict[str, Any]]:
        kinds = list(STRATEGIES) if strategy == "both" else [strategy]
        out = []
        for i in range(n):
            fn = self.input_first if kinds[i % len(kinds)] == "input-first" else self.output_first
            d = fn()
            if d is not None:
                out.append(d)
            if on_step:
                on_step()
        return out


def write_demos(path: Path, demos: list[dict[str, Any]], append: bool = False) -> int:
    """Write (or append) demonstrations as JSONL; returns how many lines the file now has."""
    path.parent.mkdir(parents=True, exist_ok=True)
    existing: list[str] = []
    if append and path.is_file():
        existing = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = existing + [json.dumps(d, ensure_ascii=False) for d in demos]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
    tmp.replace(path)
    return len(lines)
