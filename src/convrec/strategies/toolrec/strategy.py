"""ToolRec (Zhao et al. 2024, "Let Me Do It For You: Towards LLM Empowered Recommendation via
Tool Learning"), over the shared toolbox.

The LLM stands in for the user (**user decision simulation**): it reads the user's history
(items with their attributes, oldest first) and what they wrote, and explores in a ReAct loop
— Thought → Action → Observation, at most ``max_rounds`` (8) rounds — with

* ``Retrieval[attribute, n]``: the frozen SASRec (``none``) or one of its attribute heads
  (:mod:`convrec.tools.toolrec`), the user's top ``n`` by that attribute;
* ``Rank[n]``: the LLM, as the user, orders the retrieved items (their titles are the only
  strings it can answer with);
* ``Finish``: the ranked list (or, without a rank, the retrieved lists merged) is the answer.

**Constrained actions** for a small local model: each step is one schema-constrained JSON
object ``{thought, action, attribute, n}`` whose ``attribute`` can only be a trained head; a
repeated retrieval is answered with an observation asking for another step, a second repeat or
an invalid reply ends the loop with the best list so far. **Memory**: every item the LLM names is
checked against the retrieved lists (and so the catalog); an unknown name re-runs the rank step
once, then is dropped — the final list is 100 % catalog items, and every item meets the
conditions the user stated.

Variants (the paper's ablation): ``single`` (the LLM ranks SASRec's 30), ``multi`` (SASRec and
every attribute head, then one rank), ``plan`` (one LLM call writes every action at once), and
without an LLM: ``sasrec`` (the frozen SASRec tool alone) and ``attr`` (the attribute tools
alone, merged). ``llmrank`` is the paper's LLMRank baseline (Hou et al. 2024, registered as
``baseline-llm-rank``): SASRec's top 20 ranked by the LLM with the recency-focused prompt
(titles only, no surrogate-user profile, no loop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Callable, Literal, Sequence

from pydantic import BaseModel, BeforeValidator, Field, create_model

from convrec.prompts_data import load_prompts
from convrec.strategies.baselines import StoredStrategy
from convrec.tools.bus import CandidateBus, round_robin
from convrec.core.turn import Turn
from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.catalog.text import noun_plural
from convrec.tools.base import ToolContext
from convrec.tools.toolrec import AttributeRetrieval, describe_attribute, retrieval_attributes



@dataclass(frozen=True)
class Variant:
    """One way of running ToolRec's tools: a small policy over the run's retrieve/rank calls."""

    name: str
    registered: str
    """the strategy name it registers under"""
    policy: Callable[["ToolRec", "_Run", list[str], str, int], None]
    """(strategy, run, attribute heads, the user's message, k) → fills the run's memory"""
    heads: bool = True
    """it reads the attribute heads (trained on first use)"""
    llm: bool = True
    """it needs the LLM"""


def _sasrec(t, run, attrs, message, k): run.retrieve("none", max(k, t.n_retrieve))  # noqa: E704


def _attr(t, run, attrs, message, k):
    for a in attrs or ["none"]:
        run.retrieve(a, max(k, t.n_retrieve))


def _single(t, run, attrs, message, k):
    run.retrieve("none", 30)
    run.rank(30)


def _llmrank(t, run, attrs, message, k):
    run.retrieve("none", 20)
    run.rank(20, prompt="llmrank")


def _multi(t, run, attrs, message, k):
    for a in ["none", *attrs]:
        run.retrieve(a, t.n_retrieve)
    run.rank(30)


VARIANT_TABLE: dict[str, Variant] = {v.name: v for v in (
    Variant("loop", "toolrec", lambda t, run, attrs, message, k: t._loop(run, attrs, message)),
    Variant("single", "toolrec-single", _single, heads=False),
    Variant("multi", "toolrec-multi", _multi),
    Variant("plan", "toolrec-plan", lambda t, run, attrs, message, k: t._plan(run, attrs, message)),
    Variant("sasrec", "toolrec-sasrec", _sasrec, heads=False, llm=False),
    Variant("attr", "toolrec-attr", _attr, llm=False),
    Variant("llmrank", "baseline-llm-rank", _llmrank, heads=False),
)}
"""ToolRec's seven variants: the paper's loop, its single- and multi-round ablations, a one-shot
plan, the tools alone, and Hou et al.'s LLM ranker as a baseline."""
VARIANTS = tuple(VARIANT_TABLE)
NO_LLM = tuple(n for n, v in VARIANT_TABLE.items() if not v.llm)

PROMPTS = load_prompts("convrec.strategies.toolrec", "toolrec.toml")
"""This strategy's prompts, as data (``prompts/toolrec.toml``)."""
STEP_SYSTEM = PROMPTS["step_system"]

PLAN_SYSTEM = PROMPTS["plan_system"]

LLMRANK_SYSTEM = PROMPTS["llmrank_system"]

LLMRANK_USER = PROMPTS["llmrank_user"]
"""Hou et al. 2024 ("Large Language Models are Zero-Shot Rankers"): the recency-focused prompt."""

MAX_NAME = 60
"""Longest item name the rank step lists and answers with (longer titles are cut)."""

VERBS = {"movie": ("watched", "watch", "watching"), "game": ("played", "play", "playing"),
         "book": ("read", "read", "reading"), "beauty product": ("bought", "buy", "buying")}

RANK_SYSTEM = PROMPTS["rank_system"]


def names_schema(titles: Sequence[str], n: int) -> type[BaseModel]:
    """``{"titles": [...]}`` whose JSON schema only admits ``titles`` (constrained decoding
    enforces it), while validation accepts any string: a backend that ignores the enum still
    gets its names checked by the memory step (unknown → re-run, then dropped)."""
    options = list(dict.fromkeys(t for t in titles if t.strip()))
    return create_model("Ranked", titles=(list[str], Field(default_factory=list, max_length=n, json_schema_extra={
        "items": {"type": "string", "enum": options}})))


def _clamp_n(v: Any) -> Any:
    """A size outside 5..50 (grammars do not enforce integer bounds) is brought into range:
    a repairable slip, not a reason to end the loop."""
    try:
        return min(50, max(5, int(v)))
    except (TypeError, ValueError):
        return v


N_FIELD = Annotated[int, BeforeValidator(_clamp_n), Field(ge=5, le=50)]


def step_schema(attributes: Sequence[str], actions: Sequence[str] = ("retrieval", "rank", "finish")) -> type[BaseModel]:
    """One step of the loop; ``attributes`` and ``actions`` are what is valid at this point."""
    attr = Literal[tuple(dict.fromkeys(attributes))]
    return create_model("Step", thought=(str, Field(min_length=3, max_length=200)),
                        action=(Literal[tuple(actions)], ...),
                        attribute=(attr, attributes[0]), n=(N_FIELD, 20))


def plan_schema(attributes: Sequence[str]) -> type[BaseModel]:
    attr = Literal[tuple(["none", *attributes])]
    action = create_model("PlanStep", action=(Literal["retrieval", "rank"], ...), attribute=(attr, "none"),
                          n=(N_FIELD, 20))
    return create_model("Plan", thought=(str, Field(default="", max_length=200)),
                        steps=(list[action], Field(default_factory=list, max_length=8)))


class ToolRec(StoredStrategy):
    """The ToolRec strategy (see the module docstring)."""

    name = "toolrec"

    def __init__(self, catalog, llm: LLM | None, k: int = 10, seed: int = 0, variant: str = "loop",
                 max_rounds: int = 8, n_retrieve: int = 20, n_rank: int = 20, store=None):
        super().__init__(catalog, k, seed)
        if variant not in VARIANTS:
            raise ValueError(f"unknown ToolRec variant {variant!r} (choose {', '.join(VARIANTS)})")
        if variant not in NO_LLM and llm is None:
            raise ValueError(f"ToolRec '{variant}' needs an LLM")
        self.llm = llm if variant not in NO_LLM else None
        self.variant = variant
        self.max_rounds = max_rounds
        self.n_retrieve = n_retrieve
        self.n_rank = n_rank
        self.store = store
        self.checks_conditions = True  # it verifies its own items against the request's conditions
        self.name = VARIANT_TABLE[variant].registered

    # ------------------------------------------------------------------ the turn
    def _turn(self, hist, candidates, k, intent) -> Turn:
        from convrec.tools.verify import matching, verify

        cat = self.catalog
        message = hist[-1]["content"]
        k = intent.k or k
        trace: list[dict[str, Any]] = [{"step": "understand", "intent": intent.to_dict()}]
        # the user's history: what they liked, referred to or consumed ("I watched …"), in the
        # order they said it; rejected items are not history
        history = intent.items("liked", "reference", "accepted", "seen")
        exclude = list(dict.fromkeys(list(intent.excluded) + list(intent.disliked)))
        run = _Run(self, history, exclude, intent.conditions, " ".join(m["content"] for m in hist if m["role"] == "user"))
        v = VARIANT_TABLE[self.variant]
        needs_heads = v.heads and candidates is None and bool(history)
        attrs = retrieval_attributes(cat) if needs_heads and cat.has_interactions else []  # trains them on first use
        if (not history or not cat.has_interactions) and candidates is not None:
            pop = cat.items["popularity"]
            ids = sorted(candidates, key=lambda i: -float(pop.get(i, 0.0)))
            trace.append({"step": "toolrec", "skipped": "no liked items: candidates by popularity"})
            return self._answer(intent, ids[:k], trace)
        if not history or not cat.has_interactions:
            ids = matching(cat, intent.conditions, exclude + history, limit=k)
            why = ("this catalog has no interaction data for ToolRec's tools" if not cat.has_interactions else
                   f"tell me a few {noun_plural(cat.domain)} you liked and I can follow your taste")
            trace.append({"step": "toolrec", "skipped": why})
            return self._answer(intent, ids, trace, why=why)
        if candidates is not None:  # the user's own list: ToolRec orders it
            run.memory.append(("given", [c for c in candidates if c not in set(exclude)]))
            if self.llm is not None:
                run.rank(len(candidates))
        else:
            v.policy(self, run, attrs, message, k)
        ids = run.final()
        if candidates is not None:
            ids = [i for i in ids if i in set(candidates)]
        ids, dropped = verify(cat.vocab, ids, [] if candidates is not None else intent.conditions, exclude + history)
        if len(ids) < k and candidates is None:  # too few: the plain SASRec tool fills the list
            more = run.retrieve("none", 3 * k, record=False)
            ids += [i for i in more if i not in set(ids)]
        trace.extend(run.trace)
        trace.append({"step": "tools", "tools": [s.to_dict() for s in run.bus.tracker.steps]})
        return self._answer(intent, ids[:k], trace, rounds=run.rounds, named=run.named, linked=run.linked)

    # ------------------------------------------------------------------ the loop
    def _profile(self, run: "_Run", message: str) -> str:
        lines = [f"{n}. {self._short(i)}" for n, i in enumerate(run.history[-20:], 1)]
        return f"User's {noun_plural(self.catalog.domain)} (oldest first):\n" + "\n".join(lines) + f"\nUser's words: {message[-600:]}"

    def _attr_text(self, attrs: Sequence[str]) -> str:
        return "; ".join(f'"{a}" weighs their taste in {describe_attribute(a)}' for a in attrs) or "no other attribute"

    def _loop(self, run: "_Run", attrs: list[str], message: str) -> None:
        item = self.catalog.domain
        first = attrs[0] if attrs else "none"
        system = STEP_SYSTEM.format(item=item, attrs=self._attr_text(attrs), first=describe_attribute(first),
                                    first_key=first)
        msgs = [{"role": "system", "content": system}, {"role": "user", "content": self._profile(run, message)}]
        used: list[str] = []
        repeats = 0
        for r in range(1, self.max_rounds + 1):
            # the actions valid now: never a repeated retrieval, rank only over something new,
            # finish only with something fetched; the schema admits nothing else
            left = [a for a in ["none", *attrs] if a not in used]
            actions = (["retrieval"] if left else []) + (["rank"] if run.memory and not run.ranked_after_last_retrieval
                                                         else []) + (["finish"] if run.memory else [])
            if actions == ["finish"]:
                run.trace.append({"step": "round", "round": r, "ended": "nothing left to do"})
                break
            msgs[-1] = dict(msgs[-1], content=msgs[-1]["content"] + "\n" + self._allowed(actions, left))
            try:
                # "none" stays admissible (rank and finish carry it); a repeated "none" retrieval is
                # answered below
                step = self.llm.generate_json(msgs, step_schema(list(dict.fromkeys(left + ["none"])), actions), max_tokens=120,
                                              purpose="toolrec-step", include_schema=False)
            except LLMError as e:
                run.trace.append({"step": "round", "round": r, "error": str(e)[:200], "ended": "invalid step"})
                break
            run.rounds = r
            rec = {"step": "round", "round": r, "thought": step.thought, "action": step.action,
                   "attribute": step.attribute, "n": step.n}
            msgs.append({"role": "assistant", "content": step.model_dump_json()})
            if step.action == "finish":
                rec["observation"] = "finished"
                run.trace.append(rec)
                break
            if step.action == "retrieval" and step.attribute in used:
                repeats += 1
                rec["repaired"] = "repeated retrieval"
                if repeats > 1:
                    rec["ended"] = "repeated retrieval twice"
                    run.trace.append(rec)
                    break
                obs = f"Already fetched by {step.attribute}; choose another step."
            elif step.action == "retrieval":
                used.append(step.attribute)
                before = set(run.pool())
                ids = run.retrieve(step.attribute, step.n)
                new = [i for i in ids if i not in before]
                obs = (f"{len(ids)} {item}s ({len(new)} new): " + "; ".join(self._short(i) for i in ids[:8])
                       if ids else f"no {item}s found")
            else:
                ranked = run.rank(step.n)
                obs = ("ranked: " + "; ".join(self.name_of(i) for i in ranked[:8])) if ranked else "ranking failed"
            rec["observation"] = obs[:600]
            run.trace.append(rec)
            msgs.append({"role": "user", "content": f"Observation: {obs[:900]}"})
        else:
            last = [t for t in run.trace if t.get("step") == "round"]
            if last:
                last[-1]["ended"] = f"{self.max_rounds}-round cap"
        if run.memory and not run.ranked_after_last_retrieval:
            run.rank(self.n_rank)  # the answer is a ranked list (the paper's final ranking step)

    @staticmethod
    def _allowed(actions: Sequence[str], left: Sequence[str]) -> str:
        bits = []
        if "retrieval" in actions:
            bits.append("retrieval (attribute: " + ", ".join(left) + ")")
        bits += [a for a in actions if a != "retrieval"]
        return "Next step, one of: " + "; ".join(bits) + "."

    def _plan(self, run: "_Run", attrs: list[str], message: str) -> None:
        system = PLAN_SYSTEM.format(item=self.catalog.domain, attrs=self._attr_text(attrs))
        msgs = [{"role": "system", "content": system}, {"role": "user", "content": self._profile(run, message)}]
        try:
            plan = self.llm.generate_json(msgs, plan_schema(attrs), max_tokens=220, purpose="toolrec-plan",
                                          include_schema=False)
            steps = plan.steps
            run.trace.append({"step": "plan", "thought": plan.thought, "steps": [s.model_dump() for s in steps]})
        except LLMError as e:
            steps = []
            run.trace.append({"step": "plan", "error": str(e)[:200]})
        seen: set[str] = set()
        for s in steps:
            if s.action == "retrieval" and s.attribute not in seen:
                seen.add(s.attribute)
                run.retrieve(s.attribute, s.n)
            elif s.action == "rank" and run.memory and not run.ranked_after_last_retrieval:
                run.rank(s.n)
            elif s.action == "rank" and run.memory:
                # as in the loop: no second rank over the same list (a 0.5B plan repeated "rank"
                # up to 7 times, each an LLM call over the same 10 items)
                run.trace.append({"step": "plan-skip", "action": "rank", "why": "nothing fetched since the last rank"})
        if not run.memory:
            run.retrieve("none", self.n_retrieve)
        if not run.ranked_after_last_retrieval:
            run.rank(self.n_rank)

    def name_of(self, i: str) -> str:
        """How the rank step names an item: its title, a long one (product names run to 200
        characters) cut at a word before 60 characters and marked with '…'."""
        title = self.catalog.title(i)
        if len(title) <= MAX_NAME:
            return title
        cut = title[:MAX_NAME].rsplit(" ", 1)[0].rstrip(" ,;:-|(")
        return (cut or title[:MAX_NAME]) + "…"

    def _short(self, i: str) -> str:
        from convrec.tools.omulet import info_line

        line = info_line(self.catalog, i)
        title = self.catalog.title(i)
        if len(title) > MAX_NAME and line.startswith(title):
            line = self.name_of(i) + line[len(title):]
        return line[:110]

    # ------------------------------------------------------------------ the answer
    def _answer(self, intent, ids: list[str], trace, why: str = "", rounds: int = 0, named=None, linked=None) -> Turn:
        from convrec.core.answers import item_view

        cat = self.catalog
        items = [item_view({"item_id": i, **cat.describe(i)}, cat.vocab) for i in ids]
        if not items:
            what = ", ".join(c.describe() for c in intent.conditions) or "your request"
            reply = f"No {cat.domain} in the catalog fits {what}; try relaxing a condition."
        else:
            head = f"Here is 1 {cat.domain}" if len(items) == 1 else f"Here are {len(items)} {noun_plural(cat.domain)}"
            if intent.liked:
                head += " following what you liked (" + ", ".join(cat.title(i) for i in list(intent.liked)[-3:]) + ")"
            elif why:
                head += f" ({why})"
            if intent.conditions:
                head += "; " + ", ".join(c.describe() for c in intent.conditions)
            reply = "\n".join([head + ":"] + [f"{n}. {it['title']}" for n, it in enumerate(items, 1)])
        return Turn(reply, items, trace=trace, intent=intent.to_dict(), named_items=named, linked_items=linked)


class _Run:
    """One turn's tools and memory: the retrieved lists (by tool call), the last ranking, and
    what the LLM named."""

    def __init__(self, strategy: ToolRec, history: list[str], exclude: list[str], conditions, text: str):
        self.s = strategy
        self.history = history
        self.exclude = exclude
        self.bus = CandidateBus(len(strategy.catalog.items))
        self.ctx = ToolContext(self.bus, strategy.catalog, k=strategy.k, text=text, conditions=tuple(conditions))
        self.memory: list[tuple[str, list[str]]] = []
        self.ranked: list[str] = []
        self.ranked_after_last_retrieval = False
        self.trace: list[dict[str, Any]] = []
        self.rounds = 0
        self.named: int | None = None
        self.linked: int | None = None

    def retrieve(self, attribute: str, n: int, record: bool = True) -> list[str]:
        obs = AttributeRetrieval()({"attribute": attribute, "n": n, "history": self.history[-200:],
                                    "exclude": self.exclude[:500]}, self.ctx)
        ids = [str(i) for i in obs.data.get("ids", [])]
        if record and ids:
            self.memory.append((f"retrieval[{attribute}]", ids))
            self.ranked_after_last_retrieval = False
        return ids

    def pool(self) -> list[str]:
        """The retrieved lists merged round-robin (each list's best first), deduplicated."""
        return round_robin([p for _, p in self.memory])

    def rank(self, n: int, prompt: str = "user") -> list[str]:
        """``Rank[n]``: the LLM, as the user, orders the pool's first ``n`` items; names outside
        the list re-run the step once, then are dropped. ``prompt="llmrank"``: LLMRank's
        recency-focused prompt over titles instead of the surrogate user's profile."""
        s, cat = self.s, self.s.catalog
        shown = self.pool()[: min(30, max(n, s.n_rank))] if prompt == "user" else self.pool()[:n]
        if not shown or s.llm is None:
            return []
        want = min(len(shown), max(s.k, min(n, 20)))
        if prompt == "llmrank":
            msgs = self._llmrank_messages(shown)
        else:
            listing = "\n".join(f"{j}. {s._short(i)}" for j, i in enumerate(shown, 1))
            msgs = [{"role": "system", "content": RANK_SYSTEM.format(item=cat.domain, n=want)},
                    {"role": "user", "content": s._profile(self, self.ctx.text) + f"\nCandidates:\n{listing}"}]
        by_title: dict[str, list[str]] = {}
        for i in shown:
            by_title.setdefault(s.name_of(i), []).append(i)
        # room for the `want` longest names (≈ 3 characters a token, quotes and commas), so a
        # list of long product names is not cut off mid-answer
        longest = sorted((len(t) for t in by_title), reverse=True)[:want]
        budget = min(1200, 30 + sum(t // 3 + 4 for t in longest))
        titles, unknown, tries = [], [], 0
        for tries in (1, 2):
            try:
                out = s.llm.generate_json(msgs, names_schema(list(by_title), want), max_tokens=budget,
                                          purpose="toolrec-rank", include_schema=False)
            except LLMError as e:
                # a failed ranking is not offered again before something new is fetched: the
                # retrieval order stands (a small model otherwise asks to rank until the cap)
                self.ranked_after_last_retrieval = True
                self.trace.append({"step": "rank", "error": str(e)[:200], "shown": len(shown)})
                return []
            titles = [t for t in out.titles if t.strip()]
            unknown = [t for t in titles if t not in by_title]
            if not unknown:
                break
            msgs = msgs + [{"role": "assistant", "content": out.model_dump_json()},
                           {"role": "user", "content": "Not in the list: " + "; ".join(unknown[:5]) +
                                                       ". Answer again with titles from the list only."}]
        left = {t: list(v) for t, v in by_title.items()}
        ranked = []
        for t in titles:
            if left.get(t):
                ranked.append(left[t].pop(0))
        ranked = list(dict.fromkeys(ranked))
        self.ranked = ranked
        self.ranked_after_last_retrieval = True
        self.named = len(titles[: s.k])  # the last ranking is the answer's order
        self.linked = sum(t in by_title for t in titles[: s.k])
        self.trace.append({"step": "rank", "shown": len(shown), "named": len(titles), "unknown": unknown[:10],
                           "tries": tries, "titles": titles})
        return ranked

    def _llmrank_messages(self, shown: list[str]) -> list[dict[str, str]]:
        cat = self.s.catalog
        item = cat.domain
        verb, verb_now, verb_ing = VERBS.get(item, ("liked", "like", "liking"))
        hist = self.history[-20:]
        return [{"role": "system", "content": LLMRANK_SYSTEM.format(item=item)},
                {"role": "user", "content": LLMRANK_USER.format(
                    verb=verb, verb_now=verb_now, verb_ing=verb_ing, item=item, m=len(shown),
                    history="\n".join(f"{j}. {self.s.name_of(i)}" for j, i in enumerate(hist, 1)),
                    last=self.s.name_of(hist[-1]) if hist else "unknown",
                    candidates="\n".join(f"[{j}] {self.s.name_of(i)}" for j, i in enumerate(shown, 1)))}]

    def final(self) -> list[str]:
        pool = self.pool()
        return list(dict.fromkeys([i for i in self.ranked if i in set(pool)] + pool))


__all__ = ["ToolRec", "VARIANTS", "step_schema", "plan_schema"]
