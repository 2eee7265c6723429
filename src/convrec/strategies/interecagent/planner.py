"""InteRecAgent: the plan — one schema-constrained LLM call (or none, when understanding grounded every word), merged with the intent by the repairs — and the conditions carried over from earlier turns."""

from __future__ import annotations


from convrec.core.sessions import Profile
from convrec.strategies.interecagent.plan import ORDER, FetchStep, FilterStep, Plan, RankStep, filter_step
from convrec.strategies.interecagent.repairs import RepairContext, run_repairs
from convrec.core.loop import MAX_MESSAGE
from convrec.llm.errors import LLMError
from convrec.nlu import RequestIntent, understand
from convrec.strategies.interecagent.common import (_attr_pairs, compact)
from convrec.tools.filters import Condition


_LOWER, _UPPER = (">", ">="), ("<", "<=")


def _narrows(earlier: Condition, now: list[Condition]) -> bool:
    """Is an earlier bound on a column kept by this turn's bounds on it, each the other side and
    leaving room ("at least 250,000" then "under 400k": 250,000–400,000)? A bound on the same side
    ("cheaper ones": under 20 after under 30) or past it replaces it."""
    def bound(c: Condition) -> float | None:
        try:
            return float(c.value)
        except (TypeError, ValueError):
            return None

    lo = earlier.op in _LOWER
    if earlier.op not in _LOWER + _UPPER or bound(earlier) is None or not now:
        return False
    for c in now:
        if bound(c) is None or c.op not in (_UPPER if lo else _LOWER):
            return False
        if (bound(earlier) >= bound(c)) if lo else (bound(earlier) <= bound(c)):
            return False
    return True


class Planner:
    """The plan — one schema-constrained LLM call (or none, when understanding grounded every word), merged with the intent by the repairs — and the conditions carried over from earlier turns (mixed into :class:`convrec.strategies.interecagent.strategy.InteRecAgent`)."""

    def _history(self, sid: str, n: int = 2) -> list[dict[str, str]]:
        msgs = self.store.messages(sid)[:-1][-2 * n:]
        out = []
        for m in msgs:
            content = m["content"]
            if m["role"] == "assistant" and m.get("items"):
                content = "Recommended: " + ", ".join(i["title"] for i in m["items"][:5])
            out.append({"role": m["role"], "content": content[:300]})
        return out

    def _plan(self, intent: RequestIntent, sid: str | None, profile: Profile, advice: str | None = None,
              previous: Plan | None = None, conversational: bool = False) -> tuple[Plan, list[str]]:
        """The LLM writes the plan (with the closest demonstrations); the repair pipeline
        merges it with the intent."""
        ctx = RepairContext(title=getattr(self.catalog, "distinct_title", self.catalog.title), link=lambda names: [l.item_id for l in self.catalog.linker.link_many(names)],
                            k=self.k, disliked_attrs=_attr_pairs(profile.dislike_attrs) if self.memory else [],
                            list_columns=tuple(self.list_columns),
                            remembered_likes=bool(self._ranking_profile(profile, intent).like_ids),
                            conversational=conversational)
        soft_only = intent.kind == "recommend" and bool(self._soft_text(intent)) and self._has_text_model()
        # a conversation (pasted or given as messages) is read by the conversation ranker: a whole
        # plan from the embedded model changed 4 of 200 ReDial holdout lists (+1 hit, R@10 0.150 →
        # 0.155) at 0.48 calls and ~5 s a turn, so "auto" does not ask for one (docs/results/latency.md)
        talk = intent.dialogue and intent.kind == "recommend"
        if advice is None and (self.planner == "never" or (self.planner == "auto" and (intent.grounded or soft_only or talk))):
            # every word was linked to the catalog: the repairs would replace whatever the
            # model wrote by what the intent says, so the call is skipped
            start = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=self.k)])
            plan, repairs = run_repairs(start, intent, ctx)
            return plan, ["planner_skipped_grounded" if self.planner == "auto" else "planner_off"] + repairs
        message = intent.message
        msgs = [{"role": "system", "content": self.planner_system}]
        for d in self.demos.select(message, self.n_demos):
            msgs.append({"role": "user", "content": d["request"]})
            msgs.append({"role": "assistant", "content": compact(Plan.model_validate(d["plan"]))})
        context = ""
        hist = self._history(sid) if sid else []
        if hist:
            context = "Earlier: " + " | ".join(f"{h['role']}: {h['content']}" for h in hist) + "\n"
        request = context + message[:MAX_MESSAGE]
        if advice and previous is not None:
            request += "\n" + self.prompts["replan_advice"].format(
                plan=compact(previous), advice=advice[:300])
        msgs.append({"role": "user", "content": request})
        extra: list[str] = []
        try:
            plan = self.llm.generate_json(msgs, Plan, max_tokens=300, purpose="plan")
        except LLMError:
            plan = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=self.k)])
            extra.append("planner_failed")
        plan, repairs = run_repairs(plan, intent, ctx)
        return plan, extra + repairs

    def _swap(self, intent: RequestIntent) -> bool:
        """"what about Lanark instead": the new value replaces the one of its column, the rest of
        the request stands (not "something different instead", which starts over)."""
        from convrec.catalog.text import tokenize

        w = [t.w for t in tokenize(intent.message) if not t.punct]
        said = {" ".join(w[a:b]) for a, b in self.vocab.lexicon.reset.find(w)}
        return bool(said) and said <= {"instead", "rather"} and any(c.op in ("contains", "in", "=") or c.op in ("<", "<=", ">", ">=")
                                                                   for c in intent.conditions)

    def _carry_over(self, plan: Plan, intent: RequestIntent, profile: Profile, repairs: list[str]) -> tuple[Plan, list[Condition]]:
        """A refinement ("one from the 1990s" after "a drama please") keeps what the user was
        looking for: earlier conditions on columns this turn does not constrain are added,
        unless the user starts over ("instead", "something different", ...)."""
        if not self.memory or not profile.expect or plan.action != "use_tools" or (intent.reset and not self._swap(intent)):
            return plan, []
        tools = {s.tool for s in plan.steps}
        if "fetch" not in tools or tools & {"lookup", "store_candidates"}:
            return plan, []
        try:
            earlier = [Condition.model_validate_json(e) for e in profile.expect]
        except ValueError:
            return plan, []
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        conds = filt.conditions if filt else []
        now = {c.column for c in conds if c.op not in ("not_contains", "not_in")}
        have = {(c.column, c.op, str(c.value).lower()) for c in conds}
        banned = {(c.column, str(c.value).lower()) for c in conds if c.op in ("not_contains", "not_in")}
        list_cols = set(self.list_columns)

        def keep(c: Condition) -> bool:
            if (c.column, str(c.value).lower()) in banned or (c.column, c.op, str(c.value).lower()) in have:
                return False
            if c.column not in now:
                return True
            if _narrows(c, [x for x in conds if x.column == c.column]):
                return True  # "at least 250,000 residents" … "and under 400k": a range, both bounds hold
            # a value of a list column the user keeps narrowing ("a puzzle game" → "and single
            # player"): carried when the turn reads as a refinement
            if c.op == "matches" and intent.refine:  # "photos" → "only black and white ones": both words hold
                return True
            return c.column in list_cols and c.op in ("contains", "in") and intent.refine

        carried = [c for c in earlier if keep(c)]
        if not carried:
            return plan, []
        if filt is None:
            filt = filter_step([])
            plan = Plan(action="use_tools", steps=sorted([*plan.steps, filt], key=lambda s: ORDER[s.tool]))
        filt.conditions.extend(carried)
        repairs.append("carried_conditions")
        return plan, carried

    def plan_for(self, message: str) -> tuple[Plan, list[str]]:
        """The validated, repaired plan for a request on its own (no history, empty profile)."""
        return self._plan(understand(message, self.vocab), None, Profile())
