"""InteRecAgent, plan-first: one schema-constrained LLM call writes the whole tool plan, the
executor validates and repairs it and runs the tools over the candidate bus, a second call
writes the reply from the fetched items. Profile and messages persist in SQLite."""

from __future__ import annotations

import re
import time
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Sequence

from pydantic import BaseModel, Field

from convrec.agent.bus import CandidateBus
from convrec.agent.demos import DemoBank
from convrec.agent.memory import Profile, SessionStore
from convrec.agent.plan import (FetchStep, FilterStep, LookupStep, Plan, RankStep, SimilarStep, StoreStep, repair,
                                 time_and_price_conditions, ORDER)
from convrec.agent.turn import Turn
from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.tools.base import ToolContext, ToolError
from convrec.tools.catalog import CatalogAccess
from convrec.tools.filters import Condition, exact_value, resolve_value
from convrec.tools.linking import normalize_title
from convrec.tools.recsys import FetchCandidates, HardFilter, LookUp, Rank, SoftFilter, StoreCandidates

MAX_MESSAGE = 2000
_LIKE_X = re.compile(r"\b(?:more like|similar to|like|such as|in the style of)\s+"
                     r"(?!(?:this|that|these|those|it|them|most|best|more|better|to|a lot|very much)\b)(.{2,80})", re.I)
_VAGUE_TIME = re.compile(r"\b(recent|new|newest|latest|modern|old|oldest|classic|vintage|cheap|cheapest|free|expensive)\b", re.I)
_RECOMMEND = re.compile(r"\b(recommend|suggest|similar|like it|more like|give me|show me|find me|looking for|want)\b", re.I)
_CHOICE = re.compile(r"\b(?:which|what)\b(?: one)?(?: of these| of them)?(?: should| would| do| could)?"
                     r"[^:?]{0,40}?(?::|\bbetween\b|\bamong\b|\bfrom\b)\s*([^?]{3,400})", re.I)
_QUESTION_WORDS = {"what", "which", "when", "who", "how", "is", "was", "does", "did", "the", "a", "in", "of", "from"}
_INFO_COLUMNS = [
    (re.compile(r"^\s*(?:what|which|in what)\s+(?:year|decade)\b|^\s*when\s+(?:was|did|is|were)\b|\b(?:release|came out|come out)\b.*\?", re.I), "year"),
    (re.compile(r"^\s*(?:what|which)\s+(?:genres?|kind|type)\b|\bgenres?\s+(?:is|does|of)\b", re.I), "genres"),
    (re.compile(r"^\s*(?:what|which)\s+tags?\b|\btags?\s+(?:does|of)\b", re.I), "tags"),
    (re.compile(r"^\s*how much\b|\bprice of\b|\bwhat does .{2,60} cost\b", re.I), "price"),
    (re.compile(r"^\s*who\s+(?:made|developed|created)\b|\bdeveloper of\b", re.I), "developer"),
    (re.compile(r"^\s*who\s+wrote\b|\bauthor of\b", re.I), "authors"),
]
_HOW_MANY = re.compile(r"\bhow many\b|\bnumber of\b|\bcount of\b", re.I)
_STOP = {"a", "an", "the", "i", "me", "my", "some", "good", "great", "best", "movie", "movies", "film", "films", "game",
         "games", "book", "books", "please", "like", "love", "loved", "want", "recommend", "classic", "classics", "new",
         "old", "popular", "most", "more", "few", "one", "ones", "something", "anything", "show", "shows", "war movies"}
TOOLS = {"lookup": LookUp(), "hard_filter": HardFilter(), "similar_to": SoftFilter(), "rank": Rank(),
         "store_candidates": StoreCandidates(), "fetch": FetchCandidates()}
_INJECTION = re.compile(r"(ignore|disregard|forget)\b.{0,40}\b(instruction|prompt|rules)|(print|show|reveal|repeat)\b.{0,30}"
                        r"\b(system prompt|your prompt|instructions)|\bjailbreak\b", re.I)
_NEGATION = re.compile(r"\b(?:don'?t|do not|never|no more|not into|hate|dislike|without|except|avoid|no)\s+"
                       r"(?:like\s+|want\s+|enjoy\s+|care for\s+|any\s+)?([A-Za-z][\w\- ]{1,30}?)(?=[,.;!?]|\s+(?:movies|films|games|books|ones|stuff|please|remove|anymore)\b|$)",
                       re.I)


def load_prompts() -> dict[str, str]:
    text = resources.files("convrec.agent").joinpath("prompts/interecagent.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def columns_text(ds) -> str:
    lines = []
    for c in ds.columns:
        if c["name"] in ("item_id", "url", "imdb_id", "tmdb_id", "imdb_url"):
            continue
        ex = ", ".join(str(x) for x in c.get("examples", [])[:5])
        rng = f" range {c['min']}-{c['max']}" if c.get("min") is not None else ""
        lines.append(f"- {c['name']} ({c['type']}): {c['meaning']}; e.g. {ex}{rng}")
    return "\n".join(lines)


class InteRecAgent:
    name = "interecagent"

    def __init__(self, catalog: CatalogAccess, llm: LLM, store: SessionStore, demos: DemoBank | None = None,
                 k: int = 10, n_demos: int = 3, user_id: str = "local", reflection: int = 0,
                 memory: bool = True):
        self.catalog = catalog
        self.llm = llm
        self.store = store
        self.demos = demos or DemoBank(catalog.ds)
        self.k = k
        self.n_demos = n_demos
        self.user_id = user_id
        self.reflection = reflection
        self.memory = memory
        """False: no user profile (short- or long-term); each turn sees only itself and the last
        exchanges, as the paper's ablation without memory."""
        self.prompts = load_prompts()
        item = catalog.domain
        self.planner_system = self.prompts["planner_system"].format(item=item, columns=columns_text(catalog.ds))
        self.reply_system = self.prompts["reply_system"].format(item=item)
        self.critic_system = self.prompts["critic_system"].format(item=item)
        self.columns = {c["name"] for c in catalog.ds.columns}
        self.list_columns = catalog.ds.list_columns

    # ------------------------------------------------------------------ sessions
    def new_session(self) -> str:
        return self.store.create(self.user_id, self.catalog.ds.name, self.name)

    def _session(self, session: str | None) -> tuple[str, Profile]:
        """The session and its short-term profile (a new session starts empty)."""
        if session:
            s = self.store.get(session)
            if s is not None:
                return session, (s["profile"] if self.memory else Profile())
        return self.store.create(self.user_id, self.catalog.ds.name, self.name), Profile()

    def _ranking_profile(self, profile: Profile) -> Profile:
        """What ranking reads: this session's likes and dislikes plus the long-term ones
        (earlier sessions). Attribute dislikes stay per session: they become hard filters."""
        if not self.memory:
            return Profile(like_ids=list(profile.like_ids), dislike_ids=list(profile.dislike_ids))
        long = self.store.long_term(self.user_id, self.catalog.ds.name)
        likes = [i for i in dict.fromkeys(long.like_ids + profile.like_ids) if i not in profile.dislike_ids]
        dislikes = [i for i in dict.fromkeys(long.dislike_ids + profile.dislike_ids) if i not in profile.like_ids]
        return Profile(like_ids=likes, dislike_ids=dislikes)

    # ------------------------------------------------------------------ the turn
    def turn(self, message: str, session: str | None = None, candidates: Sequence[str] | None = None,
             k: int | None = None) -> Turn:
        """One turn. ``candidates`` (catalog ids) start the candidate bus instead of the whole
        catalog, as when the user lists items to choose from; ``k`` fixes how many are shown."""
        t0 = time.perf_counter()
        turn_no = self.llm.meter.start_turn()
        sid, profile = self._session(session)
        message = (message or "").strip()
        truncated = len(message) > MAX_MESSAGE
        self.store.add_message(sid, "user", message)  # stored whole, before anything can fail
        if not message:
            return self._finish(Turn("Please tell me what you are looking for.", session=sid), t0, turn_no)
        if truncated:
            message = message[:MAX_MESSAGE]
        if _INJECTION.search(message):
            reply = f"I can't share or change my instructions, but I'm happy to recommend {self.catalog.domain}s."
            return self._finish(Turn(reply, session=sid, repairs=["declined_injection"]), t0, turn_no)
        plan, repairs = self._plan(message, sid, profile)
        if candidates is not None or k is not None:
            plan = self._given(plan, candidates, k, repairs)
        plan, carried = self._carry_over(plan, message, profile, repairs)
        out = self._execute(plan, profile, candidates)
        if out.failure and carried:  # the earlier conditions made it over-strict: this turn's alone
            plan = _without(plan, carried)
            out = self._execute(plan, profile, candidates)
            repairs.append("dropped_carried_conditions")
        reply = self._reply(message, plan, out.items, out.rows, out.failure)
        reflections: list[dict[str, Any]] = []
        for _ in range(self.reflection):
            verdict = self._critique(message, plan, out, reply)
            reflections.append(verdict)
            if verdict["ok"]:
                break
            plan2, repairs2 = self._plan(message, sid, profile, advice=verdict["advice"], previous=plan)
            if candidates is not None or k is not None:
                plan2 = self._given(plan2, candidates, k, repairs2)
            out2 = self._execute(plan2, profile, candidates)
            if _worse(out2, out, plan):
                verdict["kept"] = "first plan (the revised one found less)"
                break
            plan, out, repairs = plan2, out2, repairs2 + ["reflection_replan"]
            reply = self._reply(message, plan, out.items, out.rows, out.failure)
        self._update_profile(profile, plan)
        self.store.save_profile(sid, profile)
        trace = out.bus.tracker.to_list() + [{"tool": "critic", "input": {}, "output": ("yes" if r["ok"] else "no: " + r["advice"]),
                                              "candidates": None, "error": None, "ms": r["ms"]} for r in reflections]
        turn = Turn(reply, out.items if out.failure is None else [], trace, session=sid,
                    plan=plan.model_dump(by_alias=True), repairs=repairs, reflections=reflections)
        return self._finish(turn, t0, turn_no)

    def _given(self, plan: Plan, candidates: Sequence[str] | None, k: int | None, repairs: list[str]) -> Plan:
        """Candidates given by the caller replace a store step; a plan that would not rank
        them gets rank + fetch; ``k`` sets the fetch count."""
        steps = [s for s in plan.steps if not (candidates is not None and isinstance(s, StoreStep))]
        if candidates is not None:  # the items to choose from are not "liked" items to leave out
            given = set(candidates)
            for s in steps:
                if isinstance(s, RankStep) and s.prefer:
                    links = self.catalog.linker.link_many(s.prefer)
                    keep = [n for n, l in zip(s.prefer, links) if l.item_id not in given]
                    if len(keep) != len(s.prefer):
                        s.prefer = keep
                        repairs.append("candidate_not_a_preference")
        if candidates is not None and not any(isinstance(s, (RankStep, FetchStep)) for s in steps):
            steps = [s for s in steps if not isinstance(s, LookupStep)]
            steps += [RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=k or self.k)]
            repairs.append("ranked_given_candidates")
        if k is not None:
            if not any(isinstance(s, FetchStep) for s in steps) and any(s.tool in ("hard_filter", "similar_to", "rank")
                                                                          for s in steps):
                steps.append(FetchStep(tool="fetch", k=k))
            for s in steps:
                if isinstance(s, FetchStep):
                    s.k = k
        return Plan(action="use_tools" if steps else plan.action, steps=sorted(steps, key=lambda s: ORDER[s.tool]))

    def _execute(self, plan: Plan, profile: Profile, candidates: Sequence[str] | None = None) -> "_Outcome":
        """Run the plan's steps against a fresh candidate bus."""
        bus = CandidateBus(self.catalog.ds.n_items, candidates)
        ctx = ToolContext(bus, self.catalog, self._ranking_profile(profile), self.k)
        out = _Outcome(bus)
        for step in plan.steps:
            obs = TOOLS[step.tool](_tool_input(step), ctx)
            if "error" in obs.data:
                if step.tool in ("hard_filter", "lookup", "store_candidates"):
                    out.failure = obs.text
                    break
                continue  # similar_to / rank failures: the remaining steps still work
            if step.tool == "fetch":
                out.items = [_item_view(it) for it in obs.data["items"]]
            elif step.tool == "lookup":
                out.rows = obs.text
        return out

    def _critique(self, message: str, plan: Plan, out: "_Outcome", reply: str) -> dict[str, Any]:
        """The critic: does the plan, its result and the reply serve the request?"""
        t = time.perf_counter()
        shown = "\n".join(f"- {it['title']}" + "".join(f"; {k}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
                                                       for k, v in it.items() if k not in ("id", "title"))
                          for it in out.items[:10]) or "(none)"
        user = self.prompts["critic_user"].format(
            message=message, plan=plan.model_dump_json(by_alias=True, exclude_defaults=False),
            trace=out.bus.tracker.summary(), items=shown, reply=reply[:600], item=self.catalog.domain)
        try:
            c = self.llm.generate_json([{"role": "system", "content": self.critic_system},
                                        {"role": "user", "content": user}], Critique, max_tokens=120, purpose="critic")
            ok, advice = bool(c.ok), (c.advice or "").strip()
        except LLMError:
            ok, advice = True, ""  # a critic that cannot answer never blocks the turn
        if not ok and not advice:
            ok = True  # "no" without advice gives the actor nothing to act on
        return {"ok": ok, "advice": advice, "ms": round((time.perf_counter() - t) * 1000, 1)}

    def _finish(self, turn: Turn, t0: float, turn_no: int) -> Turn:
        usage = self.llm.meter.turn_summary(turn_no)
        turn.llm_calls, turn.tokens = usage.calls, usage.prompt_tokens + usage.completion_tokens
        turn.latency_ms = (time.perf_counter() - t0) * 1000
        self.store.add_message(turn.session, "assistant", turn.reply, items=turn.items, trace=turn.trace,
                               meta={"llm_calls": turn.llm_calls, "latency_ms": turn.latency_ms, "repairs": turn.repairs,
                                     "plan": turn.plan})
        return turn

    # ------------------------------------------------------------------ planning
    def _history(self, sid: str, n: int = 2) -> list[dict[str, str]]:
        msgs = self.store.messages(sid)[:-1][-2 * n:]
        out = []
        for m in msgs:
            content = m["content"]
            if m["role"] == "assistant" and m.get("items"):
                content = "Recommended: " + ", ".join(i["title"] for i in m["items"][:5])
            out.append({"role": m["role"], "content": content[:300]})
        return out

    def _plan(self, message: str, sid: str, profile: Profile, advice: str | None = None,
              previous: Plan | None = None) -> tuple[Plan, list[str]]:
        msgs = [{"role": "system", "content": self.planner_system}]
        for d in self.demos.select(message, self.n_demos):
            msgs.append({"role": "user", "content": d["request"]})
            msgs.append({"role": "assistant", "content": Plan.model_validate(d["plan"]).model_dump_json(by_alias=True)})
        context = ""
        hist = self._history(sid) if sid else []
        if hist:
            context = "Earlier: " + " | ".join(f"{h['role']}: {h['content']}" for h in hist) + "\n"
        request = context + message
        if advice and previous is not None:
            request += "\n" + self.prompts["replan_advice"].format(
                plan=previous.model_dump_json(by_alias=True), advice=advice[:300])
        msgs.append({"role": "user", "content": request})
        extra: list[str] = []
        try:
            plan = self.llm.generate_json(msgs, Plan, max_tokens=300, purpose="plan")
        except LLMError:
            plan = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="popularity"), FetchStep(tool="fetch", k=self.k)])
            extra.append("planner_failed")
        plan, repairs = repair(plan, message, self.columns)
        plan, checked = self._ground_conditions(plan, message)
        repairs += checked
        plan, more = self._negations(plan, message, profile)
        plan, mention = self._mentions(plan, message)
        plan, similar = self._similar_request(plan, message)
        plan, choice = self._choice_question(plan, message)
        return plan, extra + repairs + more + mention + similar + choice

    def _carry_over(self, plan: Plan, message: str, profile: Profile, repairs: list[str]) -> tuple[Plan, list[Condition]]:
        """A refinement ("one from the 1990s" after "a drama please") keeps what the user was
        looking for: earlier conditions on columns this turn does not constrain are added,
        unless the user starts over ("instead", "something different", ...)."""
        if not self.memory or not profile.expect or plan.action != "use_tools" or _RESET.search(message):
            return plan, []
        tools = {s.tool for s in plan.steps}
        if "fetch" not in tools or tools & {"lookup", "store_candidates"}:
            return plan, []
        try:
            earlier = [Condition.model_validate_json(e) for e in profile.expect]
        except ValueError:
            return plan, []
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        now = {c.column for c in filt.conditions if c.op != "not_contains"} if filt else set()
        banned = {(c.column, str(c.value).lower()) for c in (filt.conditions if filt else []) if c.op == "not_contains"}
        carried = [c for c in earlier if c.column not in now and (c.column, str(c.value).lower()) not in banned]
        if not carried:
            return plan, []
        if filt is None:
            filt = FilterStep(tool="hard_filter", conditions=[])
            plan = Plan(action="use_tools", steps=sorted([*plan.steps, filt], key=lambda s: ORDER[s.tool]))
        filt.conditions.extend(carried)
        repairs.append("carried_conditions")
        return plan, carried

    def plan_for(self, message: str) -> tuple[Plan, list[str]]:
        """The validated, repaired plan for a request on its own (no history, empty profile)."""
        return self._plan(message, None, Profile())

    def _negations(self, plan: Plan, message: str, profile: Profile) -> tuple[Plan, list[str]]:
        """Attribute values the user rejects ("I don't like horror") become not_contains
        conditions, also remembered in the profile; small models often drop negations."""
        repairs: list[str] = []
        found: list[tuple[str, str]] = []
        for m in _NEGATION.finditer(message):
            phrase = m.group(1).strip()
            for col in ("genres", "tags") if "genres" in self.list_columns else self.list_columns[:2]:
                if col not in self.list_columns:
                    continue
                try:
                    found.append((col, resolve_value(self.catalog.ds, col, phrase)))
                    break
                except ToolError:
                    continue
        for col, val in found:
            key = f"{col}={val}"
            if key not in profile.dislike_attrs:
                profile.dislike_attrs.append(key)
            if key in profile.like_attrs:
                profile.like_attrs.remove(key)
        if plan.action != "use_tools" and found:
            plan = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=self.k)])
            repairs.append("negation_made_a_request")
        if plan.action == "use_tools" and any(s.tool == "fetch" for s in plan.steps):
            wanted = [a.split("=", 1) for a in profile.dislike_attrs if "=" in a]
            filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
            if wanted and filt is None:
                filt = FilterStep(tool="hard_filter", conditions=[])
                plan.steps.insert(0 if not isinstance(plan.steps[0], StoreStep) else 1, filt)
            for col, val in wanted:
                if col not in self.list_columns:
                    continue
                have = any(c.column == col and str(c.value).lower() == val.lower() for c in filt.conditions)
                if not have:
                    filt.conditions = [c for c in filt.conditions
                                       if not (c.column == col and str(c.value).lower() == val.lower())]
                    filt.conditions.append(Condition(column=col, op="not_contains", value=val))
                    repairs.append("applied_disliked_attribute")
                else:
                    for c in filt.conditions:
                        if c.column == col and str(c.value).lower() == val.lower() and c.op == "contains":
                            c.op = "not_contains"
                            repairs.append("fixed_negated_condition")
        return plan, repairs

    def _similar_request(self, plan: Plan, message: str) -> tuple[Plan, list[str]]:
        """"more like X" / "similar to X" with X in the catalog: make sure the plan asks for
        items similar to X (small models often leave the step out)."""
        if plan.action != "use_tools" or any(isinstance(s, (SimilarStep, StoreStep, LookupStep)) for s in plan.steps):
            return plan, []
        m = _LIKE_X.search(message)
        if not m:
            return plan, []
        name = re.split(r"\s+(?:but|and|from|after|before|under|with|without|or)\s+|[,.;!?]", m.group(1))[0].strip()
        ids, links = self.catalog.link([name])
        if not ids:
            return plan, []
        title = self.catalog.title(ids[0])
        plan.steps.append(SimilarStep(tool="similar_to", seed_items=[title]))
        for st in plan.steps:
            if isinstance(st, RankStep):
                st.unwanted = [u for u in st.unwanted if self.catalog.link([u])[0] != ids]
                if title not in st.prefer:
                    st.prefer.append(title)
        plan.steps.sort(key=lambda st: ORDER[st.tool])
        return plan, ["added_similar_to"]

    def _ground_conditions(self, plan: Plan, message: str) -> tuple[Plan, list[str]]:
        """Drop conditions the request does not support: numbers the message never states
        (a small model adds "year >= 2017" to "movies like Finding Nemo") and list values
        that are not in the catalog (a title written as a genre becomes a liked item)."""
        repairs: list[str] = []
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        if filt is None:
            return plan, repairs
        stated = {(c.column, c.op, float(c.value)) for c in time_and_price_conditions(message, self.columns)}
        keep = []
        for c in filt.conditions:
            col = next((x for x in self.catalog.ds.columns if x["name"] == c.column), None)
            if col is None:
                repairs.append("dropped_unknown_column")
                continue
            if col["type"] in ("integer", "real") and c.column != "popularity":
                try:
                    v = float(c.value)
                except (TypeError, ValueError):
                    repairs.append("dropped_ungrounded_condition")
                    continue
                grounded = (c.column, c.op, v) in stated or f"{v:g}" in message or _VAGUE_TIME.search(message)
                if c.column in {x[0] for x in stated} and (c.column, c.op, v) not in stated:
                    grounded = False  # the message states this column: only its own conditions count
                if not grounded:
                    repairs.append("dropped_ungrounded_condition")
                    continue
            if col["type"] == "list":
                try:
                    c.value = resolve_value(self.catalog.ds, c.column, str(c.value))
                except ToolError:
                    repairs.append("dropped_unknown_value")
                    ids, _ = self.catalog.link([str(c.value)])
                    rank = next((x for x in plan.steps if isinstance(x, RankStep)), None)
                    if ids and rank is not None and str(c.value) not in rank.prefer:
                        rank.prefer.append(str(c.value))
                    continue
            keep.append(c)
        filt.conditions = keep
        if not keep:
            plan.steps.remove(filt)
        return plan, repairs

    def _mentioned_values(self, message: str, plan: Plan) -> list[tuple[str, str]]:
        """List values the message names outright ("3 comedy movies", "documentaries"), outside
        negations and outside the item titles the plan names."""
        text = message.lower()
        for m in _NEGATION.finditer(message):
            text = text.replace(m.group(0).lower(), " ")
        for s in plan.steps:
            for name in getattr(s, "prefer", []) + getattr(s, "unwanted", []) + getattr(s, "seed_items", []) + getattr(s, "items", []):
                if self.catalog.link([name])[0]:  # a real title ("Romancing the Stone"), not "romantic comedies"
                    text = text.replace(name.lower(), " ")
        words = re.findall(r"[a-z][a-z'\-]*", text)
        cols = [c for c in ("genres",) if c in self.list_columns] or self.list_columns[:1]
        found: list[tuple[str, str]] = []
        i = 0
        while i < len(words):
            hit = None
            for n in (2, 1):
                phrase = " ".join(words[i:i + n])
                if len(words[i:i + n]) < n or phrase in _STOP:
                    continue
                for col in cols:
                    v = exact_value(self.catalog.ds, col, phrase)
                    if v:
                        hit = (col, v, n)
                        break
                if hit:
                    break
            if hit:
                if (hit[0], hit[1]) not in found:
                    found.append((hit[0], hit[1]))
                i += hit[2]
            else:
                i += 1
        return found

    def _titles_in(self, message: str) -> list[str]:
        """Catalog titles written in the message (exact normalised match of a capitalised
        phrase, longest first): "which year is Shrek from?" → Shrek."""
        linker = self.catalog.linker
        words = re.findall(r"[\w'&:.\-]+", message)
        found: list[tuple[int, int, str]] = []
        for n in range(min(8, len(words)), 0, -1):
            for i in range(len(words) - n + 1):
                chunk = words[i:i + n]
                if not chunk[0][:1].isupper() and not chunk[0][:1].isdigit():
                    continue
                phrase = " ".join(chunk).strip(".:")
                if n == 1 and (len(phrase) < 3 or phrase.lower() in _STOP | _QUESTION_WORDS):
                    continue
                item = linker.exact(phrase)
                if item and not any(a <= i < b or a < i + n <= b for a, b, _ in found):
                    found.append((i, i + n, item))
        return [x for *_, x in sorted(found)]

    def _choice_question(self, plan: Plan, message: str) -> tuple[Plan, list[str]]:
        """"Which should I watch: A, B or C?" — the listed titles are the candidates (stored,
        then ranked), even when the model planned a catalog-wide recommendation."""
        m = _CHOICE.search(message)
        if not m:
            return plan, []
        listed = self._titles_in(m.group(1))
        if len(listed) < 2:
            return plan, []
        titles = [self.catalog.title(i) for i in listed]
        steps = [s for s in plan.steps if not isinstance(s, (StoreStep, LookupStep, SimilarStep))]
        store = next((s for s in plan.steps if isinstance(s, StoreStep)), None)
        if store is not None and set(self.catalog.link(store.items)[0]) == set(listed):
            return plan, []
        liked = [self.catalog.title(i) for i in self._titles_in(message.replace(m.group(1), " ")) if i not in listed]
        rank = next((s for s in steps if isinstance(s, RankStep)), None)
        if rank is None:
            rank = RankStep(tool="rank", schema="preference")
            steps.append(rank)
        rank.prefer = [p for p in dict.fromkeys(rank.prefer + liked) if p not in titles][:10]
        rank.unwanted = [u for u in rank.unwanted if u not in titles]
        if not any(isinstance(s, FetchStep) for s in steps):
            steps.append(FetchStep(tool="fetch", k=len(listed)))
        steps.append(StoreStep(tool="store_candidates", items=titles[:20]))
        return Plan(action="use_tools", steps=sorted(steps, key=lambda s: ORDER[s.tool])), ["added_store_candidates"]

    def _info_question(self, plan: Plan, message: str) -> Plan | None:
        """A factual question about one named item ("what year was X released", "what genres
        does X have") becomes a look-up of that item's column, written here, not by the model."""
        if _RECOMMEND.search(message):
            return None
        col = None
        for pattern, column in _INFO_COLUMNS:
            if column in self.columns and pattern.search(message):
                col = column
                break
        if col is None:
            return None
        ids = self._titles_in(message)
        if not ids:  # the model's own look-up may name the item (lower-case titles)
            for s in plan.steps:
                if isinstance(s, LookupStep):
                    for lit in re.findall(r"title\s*(?:=|like)\s*'((?:[^']|'')+)'", s.sql, re.I):
                        lit = lit.replace("''", "'").strip("%")
                        if normalize_title(lit) and normalize_title(lit) in normalize_title(message):
                            ids = self.catalog.link([lit])[0]
        if len(ids) != 1:
            return None
        item = ids[0].replace("'", "''")
        if col in self.list_columns:
            sql = (f"SELECT i.title, g.value AS {col} FROM items i JOIN \"item_{col}\" g ON g.item_id = i.item_id "
                   f"WHERE i.item_id = '{item}'")
        else:
            sql = f"SELECT title, {col} FROM items WHERE item_id = '{item}'"
        return Plan(action="use_tools", steps=[LookupStep(tool="lookup", sql=sql)])

    def _mentions(self, plan: Plan, message: str) -> tuple[Plan, list[str]]:
        repairs: list[str] = []
        if _HOW_MANY.search(message) and not _RECOMMEND.search(message):
            vals = self._mentioned_values(message, Plan(action="reply"))
            if len(vals) == 1:  # "how many film noir titles": count exactly the value the catalog has
                col, val = vals[0]
                sql = f"SELECT COUNT(*) AS n FROM \"item_{col}\" WHERE value = '" + val.replace("'", "''") + "'"
                old = next((s.sql for s in plan.steps if isinstance(s, LookupStep)), None)
                if old is None or val.lower() not in old.lower():
                    return Plan(action="use_tools", steps=[LookupStep(tool="lookup", sql=sql)]), ["count_question_to_lookup"]
        info = self._info_question(plan, message)
        if info is not None:
            return info, ["info_question_lookup"]
        if plan.action != "use_tools" and _RECOMMEND.search(message) and not _INJECTION.search(message) \
                and self._mentioned_values(message, plan):  # "I want a comedy movie" planned as chit-chat
            plan = Plan(action="use_tools", steps=[RankStep(tool="rank", schema="preference"), FetchStep(tool="fetch", k=self.k)])
            repairs.append("value_made_a_request")
        if plan.action != "use_tools" or not any(isinstance(s, FetchStep) for s in plan.steps):
            return plan, repairs
        vals = self._mentioned_values(message, plan)
        if not vals:
            return plan, repairs
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        if filt is None:
            filt = FilterStep(tool="hard_filter", conditions=[])
            plan.steps.insert(1 if isinstance(plan.steps[0], StoreStep) else 0, filt)
        for col, val in vals:
            if not any(c.column == col and str(c.value).lower() == val.lower() for c in filt.conditions):
                filt.conditions.append(Condition(column=col, op="contains", value=val))
                repairs.append("added_mentioned_value")
        if not filt.conditions:
            plan.steps.remove(filt)
        return plan, repairs

    # ------------------------------------------------------------------ memory
    def _update_profile(self, profile: Profile, plan: Plan) -> None:
        for s in plan.steps:
            if isinstance(s, RankStep):
                likes, _ = self.catalog.link(s.prefer)
                dislikes, _ = self.catalog.link(s.unwanted)
                profile.like_ids = list(dict.fromkeys(profile.like_ids + likes))
                profile.dislike_ids = list(dict.fromkeys(profile.dislike_ids + dislikes))
                profile.like_ids = [i for i in profile.like_ids if i not in dislikes]
            elif isinstance(s, SimilarStep):
                likes, _ = self.catalog.link(s.seed_items)
                profile.like_ids = list(dict.fromkeys(profile.like_ids + likes))
            elif isinstance(s, FilterStep):
                # what the user is looking for now, carried into refinements of this request
                profile.expect = [c.model_dump_json() for c in s.conditions if c.op != "not_contains"][:6]
                for c in s.conditions:
                    if c.column in self.list_columns and c.op == "contains":
                        key = f"{c.column}={c.value}"
                        if key not in profile.like_attrs and key not in profile.dislike_attrs:
                            profile.like_attrs.append(key)

    # ------------------------------------------------------------------ reply
    def _reply(self, message: str, plan: Plan, items, rows, failure) -> str:
        p, item = self.prompts, self.catalog.domain
        if failure:
            user = p["reply_none"].format(message=message, why=failure, item=item)
        elif items:
            lines = "\n".join(f"{n}. {it['title']}" + "".join(f"; {k}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
                                                              for k, v in it.items() if k not in ("id", "title"))
                              for n, it in enumerate(items, 1))
            user = p["reply_items"].format(message=message, items=lines, item_word_plural=f"{item.capitalize()}s")
        elif rows is not None:
            user = p["reply_lookup"].format(message=message, rows=rows)
        elif plan.action == "ask_user":
            user = p["reply_ask"].format(message=message, item=item)
        else:
            user = p["reply_chat"].format(message=message, item=item)
        try:
            c = self.llm.generate([{"role": "system", "content": self.reply_system}, {"role": "user", "content": user}],
                                  max_tokens=160, purpose="reply")
            text = c.text.strip()
        except LLMError:
            text = ""
        text = _tidy(text)
        if not text:
            if items:
                text = "Here is what I found: " + ", ".join(it["title"] for it in items) + "."
            elif rows:
                text = rows
            else:
                text = failure or f"What kind of {item}s do you like?"
        return text


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


_RESET = re.compile(r"\b(instead|something (?:else|different)|different|actually|forget|start over|new search|"
                    r"change of plans?|never ?mind|anything)\b", re.I)


def _without(plan: Plan, carried: list[Condition]) -> Plan:
    steps = []
    for s in plan.steps:
        if isinstance(s, FilterStep):
            conds = [c for c in s.conditions if c not in carried]
            if not conds:
                continue
            s = FilterStep(tool="hard_filter", conditions=conds)
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


SHOW = ("year", "genres", "price", "tags", "developer", "authors")


def _item_view(it: dict[str, Any]) -> dict[str, Any]:
    out = {"id": it["item_id"], "title": it["title"]}
    for k in SHOW:
        v = it.get(k)
        if isinstance(v, list):
            if v:
                out[k] = v[:4]
        elif v is not None and v != "":
            out[k] = v
    return out
