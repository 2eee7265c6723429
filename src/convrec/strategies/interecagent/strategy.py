"""InteRecAgent, plan-first: one schema-constrained LLM call writes the whole tool plan, the
executor validates and repairs it and runs the tools over the candidate bus, a second call
writes the reply from the fetched items. Profile and messages persist in SQLite."""

from __future__ import annotations

import re
import time
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Sequence

import numpy as np
import pandas as pd
from pydantic import BaseModel, Field

from convrec.tools.bus import CandidateBus
from convrec.strategies.interecagent.demos import DemoBank
from convrec.core.sessions import Profile, SessionStore
from convrec.textclean import clean_message
from convrec.core.answers import (answer_catalog, answer_chitchat, answer_count, answer_fact, fact_sql,
                                   item_view, list_reply, no_items_reply, template_intro, unused_note, absent_note)
from convrec.strategies.interecagent.plan import ORDER, FetchStep, FilterStep, LookupStep, Plan, RankStep, StoreStep, filter_step
from convrec.strategies.interecagent.repairs import RepairContext, run_repairs, to_condition
from convrec.tools.verify import count_sql, relax_hint, verify
from convrec.core.turn import Turn
from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.tools.base import ToolContext, ToolError
from convrec.tools.catalog import CatalogAccess
from convrec.nlu import ItemMention, RequestIntent, Vocabulary, build_card, understand
from convrec.nlu.text import content_words, norm, noun_plural
from convrec.nlu.understand import split_dialogue
from convrec.timing import stage
from convrec.tools.filters import Condition
from convrec.tools.recsys import FetchCandidates, HardFilter, LookUp, Rank, SoftFilter, StoreCandidates

MAX_MESSAGE = 2000
MAX_CONTEXT = 40
MAX_WORDS = 2000  # characters of the user's words (latest) the ranker reads
"""Earlier messages read with a turn's ``context`` (the most recent ones)."""
TOOLS = {"lookup": LookUp(), "hard_filter": HardFilter(), "similar_to": SoftFilter(), "rank": Rank(),
         "store_candidates": StoreCandidates(), "fetch": FetchCandidates()}
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


def _has_value(vocab, item_id: str, column: str, value_low: str) -> bool:
    v = vocab.item_value(item_id, column)
    if isinstance(v, list):
        return any(str(x).lower() == value_low for x in v)
    return v is not None and str(v).lower() == value_low


def _items_with(vocab, column: str, value_low: str, limit: int) -> list[str]:
    """Up to ``limit`` items carrying a value, most popular first."""
    s = vocab.items[column]
    mask = s.map(lambda v: any(str(x).lower() == value_low for x in v) if isinstance(v, (list, tuple, np.ndarray))
                 else (v is not None and str(v).lower() == value_low))
    hit = vocab.items.loc[mask.astype(bool)]
    if "popularity" in hit.columns:
        hit = hit.sort_values("popularity", ascending=False, kind="stable")
    return [str(x) for x in hit["item_id"].head(limit)]


class InteRecAgent:
    name = "interecagent"

    def __init__(self, catalog: CatalogAccess, llm: LLM, store: SessionStore, demos: DemoBank | None = None,
                 k: int = 10, n_demos: int = 3, user_id: str = "local", reflection: int = 0,
                 memory: bool = True, llm_intro: str = "auto", planner: str = "auto", soft_brain: bool = False):
        self.catalog = catalog
        self.soft_brain = soft_brain
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
        self.planner = planner
        """auto: the planner LLM is called only when understanding left words ungrounded;
        always: on every recommendation request."""
        self.prompts = load_prompts()
        item = catalog.domain
        self.planner_system = self.prompts["planner_system"].format(item=item, items=noun_plural(item), columns=columns_text(catalog.ds))
        self.reply_system = self.prompts["reply_system"].format(item=item, items=noun_plural(item))
        self.critic_system = self.prompts["critic_system"].format(item=item, items=noun_plural(item))
        self.columns = {c["name"] for c in catalog.ds.columns}
        self.list_columns = catalog.ds.list_columns
        self.vocab: Vocabulary = catalog.vocab
        if self.vocab.encoder is None and getattr(self.demos, "encoder", None) is not None:
            self.vocab.encoder = self.demos.encoder  # the MiniLM the demonstrations use also grounds paraphrases
        small = getattr(llm, "backend", "") == "local" and "0.5b" in str(getattr(llm, "model", "")).lower()
        self.llm_intro = llm_intro == "on" or (llm_intro == "auto" and not small)
        self.card = build_card(self.vocab)
        from convrec.core.guard import InstructionGuard

        self.guard = InstructionGuard(v for v in self.prompts.values() if isinstance(v, str))
        """LLM-written text that repeats an instruction is withheld (the template text stands)."""

    def chat_system(self) -> str:
        """The system prompt of small talk (static per dataset: its KV state is reused)."""
        return self.reply_system + " " + self.card.to_prompt()

    def warm(self, llm: bool = True) -> list[tuple[str, float, str]]:
        """Build and save what turns would otherwise compute on first use: the encodings of the
        catalog's values and of the demonstrations (on disk), and the KV states of the static
        prompts (on disk). Returns (stage, seconds, note) per step."""
        out = []
        t = time.perf_counter()
        if self.vocab.encoder is not None:
            self.vocab.nearest_value("warm up")
        self.demos.select("warm up", self.n_demos)
        out.append(("encodings (values, demonstrations)", time.perf_counter() - t, ""))
        if llm and self.llm is not None and hasattr(self.llm, "warm") and getattr(self.llm, "backend", "") == "local":
            for name, system, schema in (("planner prompt state", self.planner_system, Plan),
                                         ("chat prompt state", self.chat_system(), None)):
                t = time.perf_counter()
                self.llm.warm([{"role": "system", "content": system}], schema)
                out.append((name, time.perf_counter() - t, "saved on disk"))
        return out

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
             k: int | None = None, context: Sequence[dict] | None = None) -> Turn:
        """One turn. ``candidates`` (catalog ids) start the candidate bus instead of the whole
        catalog, as when the user lists items to choose from; ``k`` fixes how many are shown;
        ``context``: the conversation before this message (``{"role", "content"}``, e.g. a chat
        held elsewhere), read with the message and stored in a session that has no messages yet."""
        t0 = time.perf_counter()
        turn_no = self.llm.meter.start_turn()
        sid, profile = self._session(session)
        message = clean_message(message).strip()
        truncated = len(message) > MAX_MESSAGE
        context = [m for m in (context or []) if str(m.get("content", "")).strip()][-MAX_CONTEXT:]
        if context and not self.store.messages(sid):
            for m in context:
                self.store.add_message(sid, "user" if m.get("role") == "user" else "assistant", str(m["content"])[:MAX_MESSAGE])
        self.store.add_message(sid, "user", message)  # stored whole, before anything can fail
        if not message:
            return self._finish(Turn("Please tell me what you are looking for.", session=sid), t0, turn_no)
        with stage("understand"):
            intent = understand(message, self.vocab, history=context or None)  # the message is read once, here
        if candidates is not None and intent.kind != "refuse":
            intent = replace(intent, kind="recommend")  # the caller gave items to rank
        if intent.kind == "refuse":
            reply = f"I can't share or change my instructions, but I'm happy to recommend {self.card.plural}."
            return self._finish(Turn(reply, session=sid, repairs=["declined_injection"], intent=intent.to_dict()), t0, turn_no)
        if truncated:
            intent = replace(intent, notes=intent.notes + (f"message truncated to {MAX_MESSAGE} characters",))
        if intent.anaphora and session:
            intent = self._resolve_anaphora(intent, sid)
        if session and intent.kind == "recommend" and intent.more:
            intent = self._not_again(intent, sid)
        direct = self._answer_directly(intent, sid)
        if direct is not None:
            return self._finish(direct, t0, turn_no)
        said = self.store.messages(sid)
        user_said = [m["content"] for m in said if m["role"] == "user"]
        if intent.dialogue and len(said) == 1:
            # a conversation pasted into one message is read as the same conversation given as
            # messages or held in a session: the user's own turns are what they wrote
            user_said = [t for who, t in (split_dialogue(message, self.vocab) or []) if who == "user"] or user_said
        words = " ".join(user_said)[-MAX_WORDS:]
        # the ranker reads the turn as talk — what a person says to a recommender, as in the
        # catalog's dialogues — when earlier messages exist (given, held in the session or
        # pasted), or when neither the message nor the user's remembered likes name an item
        # (the likes weights, learned from stated items, have nothing to go on then)
        # … unless the user's own last message states a set of loved items (STATED_SET)
        last = norm(user_said[-1] if user_said else message)
        liked_words = [(m.item_id, norm(m.text)) for m in intent.mentions if m.speaker == "user" and m.relation == "liked"]
        stated_now = len({i for i, w in liked_words if w and f" {w} " in f" {last} "})
        conversational = ((len(said) > 1 or intent.dialogue) and stated_now < STATED_SET
                          or not (intent.items() or self._ranking_profile(profile).like_ids))
        liked_now = [m.item_id for m in intent.mentions if m.speaker == "user" and m.relation in ("liked", "reference")]
        if not conversational and liked_now and not intent.unmatched:
            # a stated set and nothing else: the ranker reads it in the form its likes weights were
            # fitted on ("I liked A, B, C"), whatever the phrasing ("movies like …", "big fan of …")
            words = "I liked " + ", ".join(self.catalog.title(i) for i in dict.fromkeys(liked_now))
        with stage("plan"):
            plan, repairs = self._plan(intent, sid, profile, conversational=conversational)
        if candidates is not None or k is not None:
            plan = self._given(plan, candidates, k, repairs)
        plan, carried = self._carry_over(plan, intent, profile, repairs)
        with stage("tools (execute + verify)"):
            out = self._execute(plan, intent, profile, candidates, (words, conversational))
        if (out.failure or not out.items) and carried:  # the earlier conditions made it over-strict
            plan = _without(plan, carried)
            out = self._execute(plan, intent, profile, candidates, (words, conversational))
            repairs.append("dropped_carried_conditions")
        with stage("reply"):
            reply = self._reply(intent, plan, out)
        reflections: list[dict[str, Any]] = []
        for _ in range(self.reflection):
            verdict = self._critique(message, plan, out, reply)
            reflections.append(verdict)
            if verdict["ok"]:
                break
            plan2, repairs2 = self._plan(intent, sid, profile, advice=verdict["advice"], previous=plan,
                                         conversational=conversational)
            if candidates is not None or k is not None:
                plan2 = self._given(plan2, candidates, k, repairs2)
            out2 = self._execute(plan2, intent, profile, candidates, (words, conversational))
            if _worse(out2, out, plan):
                verdict["kept"] = "first plan (the revised one found less)"
                break
            plan, out, repairs = plan2, out2, repairs2 + ["reflection_replan"]
            reply = self._reply(intent, plan, out)
        self._update_profile(profile, intent, plan)
        self.store.save_profile(sid, profile)
        trace = out.bus.tracker.to_list() + [{"tool": "critic", "input": {}, "output": ("yes" if r["ok"] else "no: " + r["advice"]),
                                              "candidates": None, "error": None, "ms": r["ms"]} for r in reflections]
        turn = Turn(reply, out.items if out.failure is None else [], trace, session=sid,
                    plan=plan.model_dump(by_alias=True), repairs=repairs + out.repairs, reflections=reflections,
                    intent=intent.to_dict())
        return self._finish(turn, t0, turn_no)

    def _resolve_anaphora(self, intent: RequestIntent, sid: str) -> RequestIntent:
        """"More like that": the items the previous turn was about (the one asked about, liked
        or chosen), else the first items it recommended, become the reference."""
        prev = next((m for m in reversed(self.store.messages(sid)[:-1]) if m["role"] == "assistant"), None)
        if prev is None:
            return intent
        meta = prev.get("meta") or {}
        ids = [m["item_id"] for m in ((meta.get("intent") or {}).get("mentions") or [])
               if m.get("relation") in ("asked", "liked", "reference", "listed", "accepted")]
        if not ids:
            ids = [it["id"] for it in (prev.get("items") or [])[:1]]
        ids = [i for i in ids if i in self.catalog.items.index][:3]
        if not ids:
            return intent
        refs = tuple(ItemMention(i, self.catalog.title(i), "that", "reference") for i in ids)
        return replace(intent, mentions=intent.mentions + refs, notes=intent.notes + ("'that' = the earlier turn's item",))

    def _not_again(self, intent: RequestIntent, sid: str) -> RequestIntent:
        """"What else?", "seen those": the items the last recommendations showed are not shown
        again (unless the user names them in this message)."""
        named = set(intent.items())
        shown: list[str] = []
        for m in reversed(self.store.messages(sid)[:-1]):
            if m["role"] == "assistant" and m.get("items"):
                shown = [it["id"] for it in m["items"] if it.get("id") in self.catalog.items.index and it["id"] not in named]
                break
        if not shown:
            return intent
        seen = tuple(ItemMention(i, self.catalog.title(i), "those", "offered", "other") for i in shown)
        return replace(intent, mentions=intent.mentions + seen,
                       notes=intent.notes + (f"not shown again: the {len(shown)} items of the last answer",))

    def _answer_directly(self, intent: RequestIntent, sid: str) -> Turn | None:
        """Chit-chat, catalog questions, facts and counts: answered from the catalog (at most
        one LLM call, for small talk), never by inventing."""
        kind = intent.kind
        if intent.language != "en":  # "me recomiendas 2 libros…": said in that language, no LLM call
            from convrec.nlu.language import NOT_UNDERSTOOD

            example = (self.card.examples or [f"5 popular {self.card.plural}"])[0]
            return Turn(NOT_UNDERSTOOD.get(intent.language, NOT_UNDERSTOOD["es"]).format(example=example),
                        session=sid, intent=intent.to_dict())
        if kind == "chitchat":
            def gen(msg: str) -> str:
                try:
                    c = self.llm.generate([{"role": "system", "content": self.chat_system()},
                                           {"role": "user", "content": self.prompts["reply_chat"].format(message=msg[:600], item=self.catalog.domain, items=noun_plural(self.catalog.domain))}],
                                          max_tokens=48, purpose="reply")
                    text = self.guard.clean(_tidy(_whole_sentences(c.text.strip()), 2))
                    if text and (understand(text, self.vocab).mentions or re.search(r'["“«][^"”»]{2,60}["”»]', text)):
                        return ""  # small talk that names items is recommending without the tools (and
                        # often wrongly: "The Matrix by Christopher Nolan"): the card's greeting stands
                    return text
                except LLMError:
                    return ""
            reply, _ = answer_chitchat(intent, self.card, self.vocab, gen)
            return Turn(reply, session=sid, intent=intent.to_dict())
        if kind == "catalog":
            return Turn(answer_catalog(intent, self.card, self.vocab), session=sid, intent=intent.to_dict())
        if kind == "fact" and intent.asked:
            bus = CandidateBus(self.catalog.ds.n_items)
            sql = fact_sql(intent, self.vocab)
            ctx = ToolContext(bus, self.catalog, None, self.k)
            for part in (sql or "").split(" ; "):
                if part:
                    TOOLS["lookup"]({"sql": part}, ctx)
            gone = absent_note(intent.absent, self.card.plural)
            # an open look-up ("tell me about X", "info on X", a bare name) shows the item's card (its
            # id, for a link); a question about one column ("what year is X") answers the value alone
            from convrec.nlu.understand import profile_columns

            lookup = tuple(intent.fact_columns) == profile_columns(self.vocab)
            asked = [m.item_id for m in intent.mentions if lookup and m.relation == "asked" and m.item_id in self.catalog.items.index]
            items = [item_view({"item_id": i, **self.catalog.describe(i)}, self.vocab) for i in dict.fromkeys(asked)][:5]
            return Turn((gone + "\n" if gone else "") + answer_fact(intent, self.vocab), items=items, trace=bus.tracker.to_list(),
                        session=sid, intent=intent.to_dict())
        if kind == "recommend" and intent.missing:  # "what's good at Wendy's": nothing here is from there
            names = ", ".join(f"“{m}”" for m in intent.missing)
            how = "from" if all(m[:1].isupper() or "'" in m for m in intent.missing) else "with"  # "from “Iceland”", "with “line 15”"
            return Turn(f"I have no {self.card.plural} {how} {names}: nothing in this catalog matches "
                        + ("it" if len(intent.missing) == 1 else "them") + ". " + self.card.scope_text(),
                        session=sid, intent=intent.to_dict())
        if kind == "fact" and intent.conditions:  # "double whopper with cheese - how many calories"
            from convrec.tools.verify import matching

            ids = matching(self.catalog, [to_condition(c) for c in intent.conditions], limit=50)
            ids = sorted(ids, key=lambda i: len(str(self.vocab.item_value(i, "title") or "")))[:4]  # "Kant" before "… Kant to Hilbert"
            if not ids:
                return Turn(no_items_reply(intent, intent.conditions, self.vocab, "", None), session=sid,
                            intent=intent.to_dict())
            head = "" if len(ids) == 1 else f"{len(ids) if len(ids) < 4 else 'Several'} {self.card.plural} match; the first {min(3, len(ids))}:\n"
            return Turn(head + "\n".join(answer_fact(intent, self.vocab, i) for i in ids[:3]), session=sid,
                        intent=intent.to_dict())
        if kind == "count":
            bus = CandidateBus(self.catalog.ds.n_items)
            try:
                sql, params = count_sql(self.catalog.ds, [to_condition(c) for c in intent.conditions])
                from convrec.tools.sql import run_readonly

                t = time.perf_counter()
                _, rows = run_readonly(self.catalog.ds.db_path, sql, params, max_rows=1, timeout_s=5.0)
                n = int(rows[0][0])
                bus.record("lookup", {"sql": sql, "params": params}, f"n={n}", None, t)
            except ToolError as e:
                return Turn(f"I couldn't count that: {e}", session=sid, intent=intent.to_dict())
            return Turn(answer_count(n, intent.conditions, self.vocab), trace=bus.tracker.to_list(), session=sid,
                        intent=intent.to_dict())
        return None

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

    def _execute(self, plan: Plan, intent: RequestIntent, profile: Profile,
                 candidates: Sequence[str] | None = None, said: tuple[str, bool] = ("", False)) -> "_Outcome":
        """Run the plan's steps against a fresh candidate bus; order by what the user asked
        ("most popular", "newest") before fetching; verify every fetched item against the
        plan's conditions and the items the user already knows, replacing the ones dropped."""
        bus = CandidateBus(self.catalog.ds.n_items, candidates)
        ranking = self._ranking_profile(profile)
        remembered = tuple(i for i in ranking.like_ids if i not in profile.like_ids and i not in intent.items())
        ctx = ToolContext(bus, self.catalog, ranking, self.k, text=said[0], conversational=said[1],
                          mentioned=tuple(intent.items()) if said[1] else (), remembered=remembered)
        out = _Outcome(bus)
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        conditions = list(filt.conditions) if filt else []
        exclude = set(intent.excluded) | set(ranking.dislike_ids)
        if intent.kind == "choice":
            exclude -= set(intent.listed)
        for step in plan.steps:
            args = _tool_input(step)
            if step.tool == "fetch":
                if "surprise" in intent.notes and not intent.sort:
                    self._diversify(bus)
                if self._soft_text(intent):
                    out.soft = self._soften(bus, self._soft_text(intent), filtered=filt is not None,
                                            intent_runs=intent.unmatched, message=intent.message,
                                            soft_values=[(c, v.lower()) for c, v in intent.soft_values])
                    if intent.sort and out.soft and bus.candidates:  # "top rated space movies": the closest, then sorted
                        bus.set(list(bus.candidates)[:max(SOFT_SORT_POOL, step.k * VERIFY_POOL)], ranked=True)
                if intent.sort:
                    self._sort(bus, intent)
                args["k"] = min(50, step.k * VERIFY_POOL)
            obs = TOOLS[step.tool](args, ctx)
            if "error" in obs.data:
                if step.tool in ("hard_filter", "lookup", "store_candidates"):
                    out.failure = obs.text
                    break
                continue  # similar_to / rank failures: the remaining steps still work
            if step.tool == "fetch":
                raw = obs.data["items"]
                keep, dropped = verify(self.vocab, [it["item_id"] for it in raw], conditions, exclude)
                if dropped:
                    out.repairs.append("verified_dropped_items")
                    bus.record("verify", {"conditions": len(conditions), "excluded": len(exclude)},
                               f"dropped {len(dropped)} of {len(raw)} fetched items", None, time.perf_counter())
                by_id = {it["item_id"]: it for it in raw}
                out.items = [item_view(by_id[i], self.vocab, conditions) for i in keep[:step.k]]
                out.asked = step.k
            elif step.tool == "lookup":
                out.rows = obs.text
        out.conditions = conditions
        return out

    def _diversify(self, bus: CandidateBus) -> None:
        """"Surprise me": well-liked items of different kinds — the tools' top 300, one item of
        each first category value in turn (a new genre every line), not the same kind ten times."""
        t = time.perf_counter()
        cur = list(bus.candidates or [])[:300]
        cats = [c for c in self.vocab.role("category") if self.vocab.columns[c].type in ("list", "text")]
        if not cur or not cats:
            return
        groups: dict[str, list[str]] = {}
        for i in cur:
            v = self.vocab.item_value(i, cats[0])
            key = (v[0] if isinstance(v, list) and v else v) or ""
            groups.setdefault(str(key), []).append(i)
        from convrec.tools.bus import round_robin

        ids = round_robin(list(groups.values()))
        bus.set(ids, ranked=True)
        bus.record("diversify", {"by": cats[0]}, f"{len(groups)} kinds among {len(cur)} candidates", None, t)

    def _has_text_model(self) -> bool:
        try:
            return self.catalog.model("embeddings") is not None
        except Exception:  # noqa: BLE001
            return False

    def _soft_text(self, intent: RequestIntent) -> str:
        """What is left of a recommendation request after every reader: moods, themes,
        occasions ("cozy", "mind-bending", "for a rainy evening") — a preference that ranks."""
        if intent.kind != "recommend" or intent.missing or intent.dialogue:
            return ""
        return " ".join(list(intent.unmatched) + [v for _, v in intent.soft_values]).strip()

    def _brain_values(self, message: str, text: str, runs: list[str]) -> dict[tuple[str, str], float]:
        """One short schema-constrained call: which of this catalog's values (the ones closest in
        meaning to the unclaimed words, as the schema's enum) a fitting item would carry."""
        from typing import Literal

        from pydantic import BaseModel, Field, create_model

        cands: dict[str, tuple[str, str]] = {}
        for phrase in dict.fromkeys(runs + [text]):
            for h, _ in self.vocab.related_values(phrase, k=12, min_sim=0.25):
                cands.setdefault(h.value, (h.column, h.value.lower()))
        if len(cands) < 2:
            return {}
        names = list(cands)[:30]
        Pick = create_model("SoftValues", values=(list[Literal[tuple(names)]], Field(default_factory=list, max_length=4)),
                            __base__=BaseModel)
        user = self.prompts["soft_user"].format(message=message[:300], words=", ".join(runs)[:200], values="; ".join(names))
        system = self.prompts["soft_system"].format(item=self.catalog.domain, items=noun_plural(self.catalog.domain))
        try:
            got = self.llm.generate_json([{"role": "system", "content": system}, {"role": "user", "content": user}],
                                         Pick, max_tokens=60, purpose="soft")
        except LLMError:
            return {}
        return {cands[v]: BRAIN_VALUE_SIM for v in dict.fromkeys(got.values) if v in cands}

    def _soften(self, bus: CandidateBus, text: str, filtered: bool, intent_runs: Sequence[str] = (),
                message: str = "", soft_values: Sequence[tuple[str, str]] = ()) -> str:
        """Order the candidates by closeness of the items' own text (title, facets, tags) to
        the soft words, blended with the order the tools gave them; never drops a candidate
        the conditions allowed. Returns the words used ("" when the catalog has no text model)."""
        t = time.perf_counter()
        try:
            emb = self.catalog.model("embeddings")
        except Exception:  # noqa: BLE001 — no text model for this catalog: the tools' order stands
            return ""
        current = list(bus.candidates or [])
        pool = current if filtered else list(dict.fromkeys(list(emb.search(text, None, k=SOFT_POOL)[0]) + current))
        if not pool:
            return ""
        # the catalog's own values closest to each soft phrase: items carrying them come first
        related: dict[tuple[str, str], float] = {k: 1.0 for k in soft_values}  # tags the request named
        # each unread phrase, all of them, and the message's content words ("goes back in time" → time travel:
        # "time" is no unread word on its own)
        whole = content_words(message) if message else ""
        unclaimed: list[str] = []  # unread runs the catalog's values did not answer by meaning
        for phrase in dict.fromkeys(list(intent_runs) + [text] + ([whole] if whole else [])):
            hits = self.vocab.related_values(phrase)
            if not hits and phrase in intent_runs:
                unclaimed.append(phrase)
            for h, sim in hits:
                key = (h.column, h.value.lower())
                related[key] = max(related.get(key, 0.0), sim)
        # the brain, in order after the embedding: only when nothing the message says found catalog
        # values by meaning (its picks beside found ones were measured to push those down — "goes back
        # in time and messes everything up": time travel, then the brain's "twist ending" — see
        # docs/results/open-world.md, session 4)
        if self.soft_brain and self.llm is not None and unclaimed and not any(k not in soft_values for k in related):
            for key, sim in self._brain_values(message or text, " ".join(unclaimed), unclaimed).items():
                related[key] = max(related.get(key, 0.0), sim)
        if related and not filtered:
            for (col, val), _ in sorted(related.items(), key=lambda x: -x[1])[:3]:
                pool = list(dict.fromkeys(pool + _items_with(self.vocab, col, val, SOFT_POOL)))
        ids, sims = emb.search(text, pool, k=None)
        pos = {i: n for n, i in enumerate(current)}
        base = np.asarray([1.0 - pos[i] / max(len(current), 1) if i in pos else 0.0 for i in ids])
        sim_pct = (np.argsort(np.argsort(-np.asarray(sims))) / max(len(ids) - 1, 1))
        vals = np.asarray([sum(sim for (col, v), sim in related.items() if _has_value(self.vocab, i, col, v)) for i in ids])
        val_pct = (np.argsort(np.argsort(-vals, kind="stable")) / max(len(ids) - 1, 1)) if vals.any() else np.ones(len(ids))
        score = SOFT_VALUES * (1.0 - val_pct) * (vals > 0) + SOFT_WEIGHT * (1.0 - sim_pct) + (1.0 - SOFT_WEIGHT) * base
        order = np.argsort(-score, kind="stable")
        bus.set([ids[i] for i in order], score[order], ranked=True)
        bus.record("soft_rank", {"text": text, "weight": SOFT_WEIGHT}, f"ordered {len(ids)} candidates by “{text}”", None, t)
        return text

    def _sort(self, bus: CandidateBus, intent: RequestIntent) -> None:
        """Stable re-order of the candidates by the columns the user asked to sort by."""
        t = time.perf_counter()
        items = self.catalog.items
        ids = bus.candidates if bus.candidates is not None else items.index.tolist()
        for hint in reversed(intent.sort):
            if hint.column not in items.columns:
                continue
            col = pd.to_numeric(items[hint.column], errors="coerce")
            vals = col.reindex(ids).to_numpy(dtype=float)
            key = np.where(np.isnan(vals), -np.inf if hint.descending else np.inf, vals)
            order = np.argsort(-key if hint.descending else key, kind="stable")
            ids = [ids[i] for i in order]
        bus.set(ids[:2000], ranked=True)
        bus.record("sort", {"by": [(h.column, "desc" if h.descending else "asc") for h in intent.sort]},
                   f"ordered {len(ids)} candidates", None, t)

    def _critique(self, message: str, plan: Plan, out: "_Outcome", reply: str) -> dict[str, Any]:
        """The critic: does the plan, its result and the reply serve the request?"""
        t = time.perf_counter()
        shown = "\n".join(f"- {it['title']}" + "".join(f"; {k}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
                                                       for k, v in it.items() if k not in ("id", "title"))
                          for it in out.items[:10]) or "(none)"
        user = self.prompts["critic_user"].format(
            message=message, plan=compact(plan),
            trace=out.bus.tracker.summary(), shown=shown, reply=reply[:600], item=self.catalog.domain, items_word=noun_plural(self.catalog.domain))
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
        turn.degraded = usage.degraded
        turn.latency_ms = (time.perf_counter() - t0) * 1000
        self.store.add_message(turn.session, "assistant", turn.reply, items=turn.items, trace=turn.trace,
                               meta={"llm_calls": turn.llm_calls, "latency_ms": turn.latency_ms, "repairs": turn.repairs,
                                     "degraded": turn.degraded,
                                     "plan": turn.plan, "intent": turn.intent})
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

    def _plan(self, intent: RequestIntent, sid: str | None, profile: Profile, advice: str | None = None,
              previous: Plan | None = None, conversational: bool = False) -> tuple[Plan, list[str]]:
        """The LLM writes the plan (with the closest demonstrations); the repair pipeline
        merges it with the intent."""
        ctx = RepairContext(title=getattr(self.catalog, "distinct_title", self.catalog.title), link=lambda names: [l.item_id for l in self.catalog.linker.link_many(names)],
                            k=self.k, disliked_attrs=_attr_pairs(profile.dislike_attrs) if self.memory else [],
                            list_columns=tuple(self.list_columns),
                            remembered_likes=bool(self._ranking_profile(profile).like_ids),
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
        from convrec.nlu.text import tokenize

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

    # ------------------------------------------------------------------ memory
    def _update_profile(self, profile: Profile, intent: RequestIntent, plan: Plan) -> None:
        """The one place a turn writes the profile: items the user liked or rejected, the
        attribute values they asked for or rejected, and what they are looking for now."""
        profile.like_ids = list(dict.fromkeys(profile.like_ids + intent.items("liked", "reference", "accepted", "seen")))
        profile.dislike_ids = list(dict.fromkeys(profile.dislike_ids + intent.disliked))
        profile.like_ids = [i for i in profile.like_ids if i not in intent.disliked]
        profile.dislike_ids = [i for i in profile.dislike_ids if i not in intent.liked]
        for c in intent.conditions:
            if c.column not in self.list_columns or c.op not in ("contains", "not_contains"):
                continue
            key = f"{c.column}={c.value}"
            if c.op == "not_contains":
                profile.dislike_attrs = list(dict.fromkeys(profile.dislike_attrs + [key]))
                profile.like_attrs = [a for a in profile.like_attrs if a != key]
            else:
                profile.like_attrs = list(dict.fromkeys(profile.like_attrs + [key]))
                profile.dislike_attrs = [a for a in profile.dislike_attrs if a != key]
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        if filt is not None:  # what the user is looking for now, carried into refinements
            profile.expect = [c.model_dump_json() for c in filt.conditions if c.op not in ("not_contains", "not_in")][:8]
        elif intent.reset:
            profile.expect = []

    # ------------------------------------------------------------------ reply
    def _reply(self, intent: RequestIntent, plan: Plan, out: "_Outcome") -> str:
        """The reply to a recommendation: the titles, conditions and counts are written from the
        verified result; the LLM adds one sentence of introduction, checked before use (it must
        not name other titles or a value the user rejected)."""
        conditions = _said_as(out.conditions, intent)
        note = unused_note(intent.unmatched, out.soft) if out.items else unused_note(intent.unmatched)
        gone = absent_note(intent.absent, self.card.plural)
        note = (gone + (" " + note if note else "")) if gone else note
        if out.failure or not out.items:
            hint = relax_hint(self.catalog.ds, conditions) if conditions else ""
            return (no_items_reply(intent, conditions, self.vocab, hint, out.failure) + ("\n" + note if note else "")).strip()
        seeds = [self.catalog.title(i) for i in intent.items("liked", "reference", "accepted")]
        intro = template_intro(intent, len(out.items), out.asked, conditions, seeds, self.vocab)
        if self.llm_intro and len(out.items) >= out.asked and intent.kind != "choice":
            llm_intro = self._llm_intro(intent, out.items)
            if llm_intro:
                intro = llm_intro
        return list_reply(intro, out.items, conditions, seeds, self.vocab) + ("\n" + note if note else "")

    def _llm_intro(self, intent: RequestIntent, items: list[dict[str, Any]]) -> str:
        titles = "; ".join(it["title"] for it in items[:5])
        user = self.prompts["reply_items"].format(message=intent.message[:600], items=titles,
                                                  item_word_plural=self.card.plural)
        try:
            c = self.llm.generate([{"role": "system", "content": self.reply_system}, {"role": "user", "content": user}],
                                  max_tokens=60, purpose="reply")
        except LLMError:
            return ""
        text = self.guard.clean(_tidy(c.text.strip().strip('"'), 2))
        if not text or len(text) > 300 or _REFUSAL.search(text):
            return ""  # small models sometimes refuse or ramble: the template intro stands
        # the grounded reader checks the model's sentence: no title we did not return, no value
        # the user rejected, no count other than the one shown
        check = understand(text, self.vocab)
        if check.mentions or "\n" in text:
            return ""  # the list below names the titles, verbatim
        stated = {c.key() for c in intent.conditions}
        if any(c.key() not in stated and c.op not in ("contains", "in") for c in check.conditions):
            return ""  # a year, price or rejection the user did not state ("from the 90s")
        from convrec.tools.verify import satisfies

        if any(not all(satisfies(self.vocab, it["id"], c) for it in items) for c in check.positive_values):
            return ""  # a value not every item has
        if check.k is not None and check.k != len(items):
            return ""
        return text if text.endswith((":", ".", "!")) else text + ":"


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
