"""InteRecAgent, plan-first: one schema-constrained LLM call writes the whole tool plan, the
executor validates and repairs it and runs the tools over the candidate bus, a second call
writes the reply from the fetched items. Profile and messages persist in SQLite."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Sequence


from convrec.strategies.interecagent.demos import DemoBank
from convrec.core.sessions import Profile, SessionStore
from convrec.strategies.interecagent.plan import tool_lines, FilterStep, Plan
from convrec.core.loop import TurnContext, TurnLoop
from convrec.core.turn import Turn
from convrec.llm.base import LLM
from convrec.core.catalog import CatalogAccess
from convrec.nlu import ItemMention, RequestIntent, Vocabulary, build_card
from convrec.catalog.text import norm, noun_plural
from convrec.nlu.understand import split_dialogue
from convrec.timing import stage
from convrec.core.answers import describe_conditions
from convrec.strategies.interecagent.common import (MAX_WORDS, STATED_SET, _without, _worse, columns_text, load_prompts)

from convrec.strategies.interecagent.executor import Executor
from convrec.strategies.interecagent.planner import Planner
from convrec.strategies.interecagent.reflection import Critic
from convrec.strategies.interecagent.reply import Replier


class InteRecAgent(TurnLoop, Planner, Executor, Replier, Critic):
    name = "interecagent"
    remembers_turns = True  # earlier turns reach it through the session's profile

    def __init__(self, catalog: CatalogAccess, llm: LLM, store: SessionStore, demos: DemoBank | None = None,
                 k: int = 10, n_demos: int = 3, user_id: str = "local", reflection: int = 0,
                 memory: bool = True, llm_intro: str = "auto", planner: str = "auto", soft_brain: bool = False,
                 phrase_reasons: str = "off"):
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
        self.planner_system = self.prompts["planner_system"].format(
            item=item, items=noun_plural(item), columns=columns_text(catalog.ds),
            tools=tool_lines(item=item, items=noun_plural(item)))
        self.reply_system = self.prompts["reply_system"].format(item=item, items=noun_plural(item))
        self.critic_system = self.prompts["critic_system"].format(item=item, items=noun_plural(item))
        self.columns = {c["name"] for c in catalog.ds.columns}
        self.list_columns = catalog.ds.list_columns
        self.vocab: Vocabulary = catalog.vocab
        if self.vocab.encoder is None and getattr(self.demos, "encoder", None) is not None:
            self.vocab.encoder = self.demos.encoder  # the MiniLM the demonstrations use also grounds paraphrases
        from convrec.core.loop import is_small_brain

        small = is_small_brain(llm)
        self.llm_intro = llm_intro == "on" or (llm_intro == "auto" and not small)
        self.phrase_mode = phrase_reasons
        self.card = build_card(self.vocab)
        from convrec.core.guard import InstructionGuard

        self.guard = InstructionGuard(v for v in self.prompts.values() if isinstance(v, str))
        """LLM-written text that repeats an instruction is withheld (the template text stands)."""

    @property
    def phrase_reasons(self) -> bool:
        """Whether the LLM says the listed items' reasons in its own words (each sentence checked)."""
        return self.llm is not None and self.phrase_mode == "on"

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
    def _ranking_profile(self, profile: Profile, intent: RequestIntent | None = None) -> Profile:
        """What ranking reads: this conversation's likes and dislikes, and what is remembered from
        the person's earlier sessions — their dislikes always (kept out), their likes only while
        this conversation states none. The request leads: a stated set of liked items is ranked
        as stated, whatever the history (remembered likes only fill in when nothing is said).
        Attribute dislikes stay per session: they become hard filters."""
        if not self.memory:
            return Profile(like_ids=list(profile.like_ids), dislike_ids=list(profile.dislike_ids))
        said_like = intent.items("liked", "reference", "accepted", "seen") if intent is not None else []
        said_dislike = list(intent.disliked) if intent is not None else []
        long = self.store.long_term(self.turn_user, self.catalog.ds.name)
        likes = list(profile.like_ids)
        if not likes and not said_like:
            likes = [i for i in long.like_ids if i not in profile.dislike_ids and i not in said_dislike]
        dislikes = [i for i in dict.fromkeys(long.dislike_ids + profile.dislike_ids)
                    if i not in profile.like_ids and i not in said_like]
        return Profile(like_ids=likes, dislike_ids=dislikes)

    def _remembered(self, profile: Profile, intent: RequestIntent, likes: Sequence[str]) -> dict[str, Any] | None:
        """What long-term memory added to this turn's ranking (None: nothing): ``likes``, the
        remembered liked items the executor ranked with, and the remembered dislikes kept out."""
        ranking = self._ranking_profile(profile, intent)
        likes = list(likes)
        dislikes = [i for i in ranking.dislike_ids if i not in profile.dislike_ids and i not in intent.disliked]
        if not likes and not dislikes:
            return None
        return {"user": self.turn_user, "liked_before": likes, "disliked_before": dislikes}

    # ------------------------------------------------------------------ the turn
    def respond(self, intent: RequestIntent, conversation: list[dict[str, Any]], ctx: TurnContext) -> Turn:
        """One turn after the loop read the message (:mod:`convrec.core.loop`). ``ctx.candidates``
        (catalog ids) start the candidate bus instead of the whole catalog, as when the user lists
        items to choose from; ``ctx.k`` fixes how many are shown."""
        sid, candidates, k = ctx.session, ctx.candidates, ctx.k
        s = self.store.get(sid)
        profile = s["profile"] if (s is not None and self.memory) else Profile()
        message = intent.message
        if intent.anaphora and ctx.named_session:
            intent = self._resolve_anaphora(intent, sid)
        if ctx.named_session and intent.kind == "recommend" and intent.more:
            intent = self._not_again(intent, sid)
        direct = self._answer_directly(intent, sid)
        if direct is not None:
            asked = [i for i in intent.items("asked") if i in self.catalog.items.index]
            if asked and self.memory and s is not None:
                profile.asked_ids = list(dict.fromkeys(profile.asked_ids + asked))
                self.store.save_profile(sid, profile)
            return direct
        said = conversation
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
                          or not (intent.items() or self._ranking_profile(profile, intent).like_ids))
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
            if "dropped_carried_conditions" in repairs:  # said, never silent: what was let go, and why
                said = describe_conditions(carried, self.vocab)
                reply = f"Nothing matches that together with what you asked before ({said}); without it:\n" + reply
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
        memory = self._remembered(profile, intent, out.remembered) if out.items else None
        if memory is not None:
            reply = reply.rstrip() + "\n" + self._memory_line(memory)
        self._update_profile(profile, intent, plan)
        self.store.save_profile(sid, profile)
        trace = out.bus.tracker.to_list() + [{"tool": "critic", "input": {}, "output": ("yes" if r["ok"] else "no: " + r["advice"]),
                                              "candidates": None, "error": None, "ms": r["ms"]} for r in reflections]
        return Turn(reply, out.items if out.failure is None else [], trace, session=sid,
                    plan=plan.model_dump(by_alias=True), repairs=repairs + out.repairs, reflections=reflections,
                    intent=intent.to_dict(), memory=memory)

    def _memory_line(self, memory: dict[str, Any]) -> str:
        """One line saying what long-term memory added to the list, and how to clear it."""
        plural = noun_plural(self.catalog.domain)
        parts = []
        if memory["liked_before"]:
            n = len(memory["liked_before"])
            parts.append(f"also using {n} {plural if n > 1 else self.catalog.domain} you liked before")
        if memory["disliked_before"]:
            n = len(memory["disliked_before"])
            parts.append(f"{'also ' if not parts else ''}leaving out {n} you didn't like")
        text = " and ".join(parts)
        return f"({text[:1].upper() + text[1:]} — {self.forget_hint}.)"

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

    # ------------------------------------------------------------------ planning
    # ------------------------------------------------------------------ memory
    def _update_profile(self, profile: Profile, intent: RequestIntent, plan: Plan) -> None:
        """The one place a turn writes the profile: items the user liked or rejected, the
        attribute values they asked for or rejected, and what they are looking for now."""
        # relations kept apart: only liked and disliked items are taste; "I've seen X" is not "I liked X"
        profile.like_ids = list(dict.fromkeys(profile.like_ids + intent.items("liked", "reference", "accepted")))
        profile.seen_ids = list(dict.fromkeys(profile.seen_ids + intent.items("seen")))
        profile.asked_ids = list(dict.fromkeys(profile.asked_ids + intent.items("asked")))
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
            # a list column's negation is kept as a dislike (above); any other ("not from Vic") carries as said
            profile.expect = [c.model_dump_json() for c in filt.conditions
                              if not (c.op in ("not_contains", "not_in") and c.column in self.list_columns)][:8]
        elif intent.reset:
            profile.expect = []

    # ------------------------------------------------------------------ reply
