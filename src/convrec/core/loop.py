"""The one turn loop every strategy runs.

clean the message → hold the session (across processes) → store what the user said →
``understand`` it once → refuse what must be refused → ``strategy.respond(intent,
conversation, ctx)`` → verify the returned items against the catalog and the request's
grounded conditions → meter (LLM calls, tokens, latency) → store the reply and its items in one
shape. A strategy only writes :meth:`TurnLoop.respond`; sessions, refusal, verification and
metering are the same for all of them.
"""

from __future__ import annotations

import contextvars
import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Sequence

from convrec.core.turn import Turn
from convrec.timing import stage as stage_of

MAX_MESSAGE = 2000
"""Characters of one message that are read (the whole message is stored)."""
MAX_CONTEXT = 40
"""Earlier messages read with a turn's ``context`` (the most recent ones)."""
EMPTY_REPLY = "Please tell me what you are looking for."
_TURN_USER: contextvars.ContextVar[str | None] = contextvars.ContextVar("convrec_turn_user", default=None)


_REFINE_OPENERS = {"and", "only", "just", "but", "also", "with", "without", "now", "plus", "among", "from", "which"}


def is_small_brain(llm) -> bool:
    """The embedded 0.5B model: its sentences and readings were measured to be wrong too often
    for the optional LLM steps (list intros, follow-up reading)."""
    return getattr(llm, "backend", "") == "local" and "0.5b" in str(getattr(llm, "model", "")).lower()


@lru_cache(maxsize=1)
def _act_prompts() -> dict[str, str]:
    import tomllib
    from importlib import resources

    return tomllib.loads(resources.files("convrec").joinpath("prompts/acts.toml").read_text(encoding="utf-8"))


@dataclass
class TurnContext:
    """What a strategy's ``respond`` gets besides the intent and the conversation."""

    session: str
    named_session: bool = False
    """the caller named a session (a continued conversation), even one that did not exist yet"""
    candidates: list[str] | None = None
    """catalog ids to choose from (instead of the whole catalog)"""
    k: int | None = None
    """how many items the caller asked for (else the strategy's default or the request's)"""
    context: list[dict[str, str]] = field(default_factory=list)
    """the conversation held elsewhere, given with this message (``{"role", "content"}``)"""
    history: list[dict[str, str]] = field(default_factory=list)
    """what ``understand`` read as the earlier conversation"""
    steps: list[dict[str, Any]] = field(default_factory=list)
    """trace steps the loop took before the strategy (the brain's reading of a follow-up)"""


def plain(messages: Sequence[dict[str, Any]]) -> list[dict[str, str]]:
    """Stored messages as ``{"role", "content"}``; an answer's items are written after its text
    ("Recommended: A, B"), as a person reading the conversation sees them."""
    out = []
    for m in messages:
        content = str(m.get("content", ""))
        if m.get("role") == "assistant" and m.get("items"):
            content += "\nRecommended: " + ", ".join(str(it.get("title", it.get("id", ""))) if isinstance(it, dict) else str(it)
                                                   for it in m["items"])
        out.append({"role": "user" if m.get("role") == "user" else "assistant", "content": content})
    return out


class TurnLoop:
    """Base of every strategy: :meth:`turn` is the loop, :meth:`respond` the strategy.

    Subclasses set ``name``, ``catalog`` (a :class:`convrec.core.catalog.CatalogAccess`),
    ``store`` (a :class:`convrec.core.sessions.SessionStore`; an in-memory one if none), and
    ``llm`` when they have a brain."""

    name = "strategy"
    catalog: Any = None
    llm: Any = None
    store: Any = None
    user_id: str = "local"
    k: int = 10
    remembers_turns = False
    """True for a strategy that keeps earlier turns of a session in its own profile: understanding
    then reads only the conversation given with the message; otherwise it reads the session's
    earlier messages too (declared as :attr:`Capabilities.memory`)."""
    brain_acts: str | None = None
    """``on`` / ``off`` here overrides ``[agent] brain_acts`` for this strategy (``off``: an
    ablation of the LLM)."""
    checks_conditions = True
    """False for a published baseline measured as published: its items are checked to be catalog
    items shown once, not filtered by the request's conditions."""
    refusal = "I can't share or change my instructions, but I'm happy to recommend {plural}."
    forget_hint = "say “forget what you know about me” to clear it"
    """How the person clears their long-term memory from where they are talking (the CLI names its
    command); ends the line that says remembered likes shaped a list."""

    # ------------------------------------------------------------------ sessions
    def _store(self):
        if self.store is None:
            from convrec.core.sessions import SessionStore

            self.store = SessionStore.in_memory()
        return self.store

    def new_session(self) -> str:
        return self._store().create(self.user_id, self.catalog.ds.name, self.name)

    @property
    def turn_user(self) -> str:
        """Whose turn this is: the session's user during a turn (so one strategy object serves
        many users' sessions, as the server's does), else ``user_id``."""
        return _TURN_USER.get() or self.user_id

    # ------------------------------------------------------------------ the loop
    def turn(self, message: str, session: str | None = None, candidates: Sequence[str] | None = None,
             k: int | None = None, context: Sequence[dict] | None = None, key: str | None = None) -> Turn:
        """One turn. ``candidates`` (catalog ids) to choose from instead of the whole catalog;
        ``k`` how many items to show; ``context`` the conversation before this message, held
        elsewhere (``{"role", "content"}``), read with the message and stored in a session that
        has no messages yet. ``key``: the client's idempotency key for this message — a message
        sent again with the key of one already stored (a retry after a lost answer) is stored once:
        answered from the stored reply, or, when the turn died before replying, answered now."""
        from convrec.textclean import clean_message

        t0 = time.perf_counter()
        turn_no = self.llm.meter.start_turn() if self.llm is not None else None
        store = self._store()
        message = clean_message(message).strip()
        context = [{"role": "user" if m.get("role") == "user" else "assistant", "content": str(m["content"])[:MAX_MESSAGE]}
                   for m in (context or []) if str(m.get("content", "")).strip()][-MAX_CONTEXT:]
        named = bool(session)
        row = store.get(session) if session else None
        sid = session if row is not None else store.create(self.user_id, self.catalog.ds.name, self.name)
        user = row["user_id"] if row is not None else self.user_id
        token = _TURN_USER.set(user)
        try:
            return self._held_turn(store, sid, named, message, candidates, k, context, t0, turn_no, key)
        finally:
            _TURN_USER.reset(token)

    def _held_turn(self, store, sid, named, message, candidates, k, context, t0, turn_no, key=None) -> Turn:
        with store.turn_lock(sid):
            earlier = store.messages(sid)
            sent = _keyed(earlier, key) if key else None
            if sent is not None and sent + 1 < len(earlier) and earlier[sent + 1]["role"] == "assistant":
                done = earlier[sent + 1]  # answered before: the same answer, nothing stored twice
                meta = done.get("meta") or {}
                return Turn(done["content"], items=list(done.get("items") or []), trace=list(done.get("trace") or []),
                            session=sid, intent=meta.get("intent"), act={"kind": "repeat", "key": key})
            if context and not earlier:
                for m in context:
                    store.add_message(sid, m["role"], m["content"])
            if sent is None:  # (a retry of a turn that died before its reply is already stored)
                store.add_message(sid, "user", message, meta={"key": key} if key else None)  # stored whole, first
            if not message:
                return self._finish(Turn(EMPTY_REPLY, session=sid), t0, turn_no)
            from convrec.core.acts import since_reset

            conversation = since_reset(store.messages(sid))
            history = context if self.remembers_turns else plain(conversation[:-1])
            ctx = TurnContext(sid, named, list(candidates) if candidates is not None else None, k, context, history)
            if candidates is None:
                answered = self._act(message, conversation, ctx)
                if answered is not None:
                    turn, intent = answered
                    turn.session = sid
                    if intent is not None:
                        self._verify(turn, intent, ctx)
                        if turn.items:
                            self.explain(turn.items, intent, turn.trace)
                    return self._finish(turn, t0, turn_no)
            intent = self.understand(message, history)
            intent = self._brain_read(message, intent, ctx)
            intent = self._unread_refinement(message, intent, conversation)
            intent = self._bound_as_before(message, intent, conversation)
            if candidates is not None and intent.kind != "refuse":
                intent = replace(intent, kind="recommend")  # the caller gave items to rank
            if intent.kind == "refuse":
                from convrec.catalog.text import noun_plural

                reply = self.refusal.format(plural=noun_plural(self.catalog.domain))
                return self._finish(Turn(reply, session=sid, repairs=["declined_injection"], intent=intent.to_dict()),
                                    t0, turn_no)
            if len(message) > MAX_MESSAGE:
                intent = replace(intent, notes=intent.notes + (f"message truncated to {MAX_MESSAGE} characters",))
            turn = self.respond(intent, conversation, ctx)
            turn.session = sid
            if ctx.steps:
                turn.trace = list(ctx.steps) + list(turn.trace)
            if turn.intent is None:
                turn.intent = intent.to_dict()
            self._verify(turn, intent, ctx)
            if turn.items:  # items the person liked before, when memory ranked the list, are reasons too
                self.explain(turn.items, intent, turn.trace, also=(turn.memory or {}).get("liked_before", ()))
            return self._finish(turn, t0, turn_no)

    def _act(self, message: str, conversation: list[dict[str, Any]], ctx: TurnContext):
        """A conversation act ("why the first one?", "more", "older", "what did I ask?", "start
        over"…) answered from the session's stored turns: (turn, intent of its list or None), or
        None when the message is not one (or the session has nothing to answer it from)."""
        from convrec.core.acts import answer_act
        from convrec.nlu.acts import read_act

        act = read_act(message, plural_words=self._item_words())
        if act is not None and act.kind == "reset" and self._names_an_item(message):
            act = None  # "what year did Nevermind come out?": an album, no "never mind"
        step = None
        if act is None:
            from convrec.core.acts import act_of
            from convrec.nlu.acts import ellipsis_act

            last = next((m for m in reversed(conversation[:-1]) if m.get("role") == "assistant"), None)
            act = ellipsis_act(message, act_of(last) if last else None,
                               plural_words=self._item_words())
        if act is None:
            act, step = self._follow_up(message, conversation)
            if act is None:
                if step is not None:
                    ctx.steps.append(step)  # read as no act: the request's trace shows how it was read
                return None
        with stage_of("conversation act"):
            got = answer_act(self, act, conversation, ctx)
        if got is not None and step is not None:
            got[0].trace = [step] + list(got[0].trace)
        return got

    def _unread_refinement(self, message: str, intent, conversation: list[dict[str, Any]]):
        """"and lighter than 15 g/cm3", "which of them have a bmi over 30" after a list: a refinement
        whose words nothing read is no greeting — the request stands (its conditions carried) and the
        unread words are named."""
        from convrec.nlu.leftover import only_social

        words = message.lower().split()
        asked = any(m.get("role") == "assistant" and ((m.get("meta") or {}).get("intent") or {}).get("kind") == "recommend"
                    for m in conversation[:-1])
        lex = self.catalog.vocab.lexicon
        if intent.kind != "chitchat" or len(words) < 3 or not asked or only_social([w.strip("?!.,") for w in words], lex):
            return intent
        opens = words[0] in _REFINE_OPENERS or " ".join(words[:3]) in ("which of them", "which of those",
                                                                       "which of these", "any of them", "any of those")
        if not opens:
            return intent
        unread = tuple(w.strip("?!.,") for w in words[1:] if w.strip("?!.,").isalnum()
                       and w.strip("?!.,") not in lex.stop)
        return replace(intent, kind="recommend", refine=True, unmatched=tuple(intent.unmatched) or (" ".join(unread),))

    def _bound_as_before(self, message: str, intent, conversation: list[dict[str, Any]]):
        """"and under 8" after "only those over 2 pCi/L": a bare bound nothing read is of the column the
        user's previous message bound (read with it); the request is a refinement of the list."""
        from convrec.nlu.understand import bounds_as_before

        if not any(any(ch.isdigit() for ch in u) for u in intent.unmatched) or intent.kind not in ("recommend", "chitchat"):
            return intent
        before = next((str(m.get("content", "")) for m in reversed(conversation[:-1]) if m.get("role") == "user"), "")
        got = bounds_as_before(message, before, self.catalog.vocab) if before else []
        if not got:
            return intent
        said = {str(c.text).lower() for c in got}
        unread = tuple(u for u in intent.unmatched if not any(ch.isdigit() for ch in u) or not any(u.lower() in x for x in said))
        return replace(intent, kind="recommend", refine=True, conditions=tuple(intent.conditions) + tuple(got), unmatched=unread)

    def _follow_up(self, message: str, conversation: list[dict[str, Any]]):
        """A short follow-up the act lexicon could not read ("got anything from further back?"),
        only after a list was shown and when understanding found nothing in the message to ground
        (no title, no condition): read by meaning (MiniLM against ``[act_examples]``), else by
        the brain in one schema-constrained call whose options come from this catalog (a relative
        move only on columns it has). Returns (act or None, trace step or None)."""
        from convrec.core.acts import answers_with_items
        from convrec.nlu.acts import meaning_act, read_act

        if len(message.split()) > 14 or not answers_with_items(conversation):
            return None, None
        intent = self.understand(message, [])
        if intent.kind in ("fact", "count", "refuse") or intent.mentions or intent.conditions:
            return None, None
        if intent.kind == "chitchat" and len(message.split()) <= 3:
            return None, None  # "thanks", "bye": small talk, answered as such
        loose = read_act(message, plural_words=self._item_words(),
                         loose=True)
        if loose is not None:  # "seen all of these lol, what else": the move stands, the rest is chatter
            return loose, {"tool": "read_follow_up", "input": {"message": message[:200], "by": "phrase"},
                           "output": loose.kind + (f" {loose.role} {loose.direction}" if loose.role else ""),
                           "candidates": None, "error": None, "ms": 0.0}
        vocab = self.catalog.vocab
        roles = {c.role for c in vocab.columns.values()} | ({"popularity"} if vocab.has_interactions else set())
        encoder = getattr(vocab, "encoder", None)
        if encoder is not None:
            t = time.perf_counter()
            act, label, sim = meaning_act(message, encoder, roles)
            if act is not None:
                return act, {"tool": "read_follow_up", "input": {"message": message[:200], "by": "meaning"},
                             "output": f"{label} (cosine {sim:.2f})", "candidates": None, "error": None,
                             "ms": round((time.perf_counter() - t) * 1000, 1)}
        return self._brain_act(message, conversation, roles)

    def _brain_act(self, message: str, conversation: list[dict[str, Any]], roles: set[str]):
        """The brain's reading of an unread follow-up: (act or None, trace step or None)."""
        from convrec.core.acts import answers_with_items
        from convrec.nlu.acts import brain_act_of, brain_options, brain_schema

        mode = self.brain_acts or getattr(getattr(self.catalog.config, "agent", None), "brain_acts", "auto")
        small = is_small_brain(self.llm)
        if self.llm is None or mode == "off" or (mode == "auto" and small):
            return None, None
        answers = answers_with_items(conversation)
        options = brain_options(roles, self.catalog_plural())
        items = list(answers[-1]["items"])[:10]
        titles = "\n".join(f"{n}. {it.get('title', it.get('id'))}" for n, it in enumerate(items, 1))
        prompts = _act_prompts()
        user = prompts["user"].format(titles=titles, message=message[:300],
                                      options="\n".join(f"- {k}: {d}" for k, (d, _) in options.items()))
        t = time.perf_counter()
        from convrec.llm.errors import LLMError

        try:
            got = self.llm.generate_json([{"role": "system", "content": prompts["system"].format(
                item=self.catalog.domain, items=self.catalog_plural())}, {"role": "user", "content": user}],
                brain_schema(options, len(items)), max_tokens=40, purpose="read follow-up")
        except LLMError:
            return None, None
        act = brain_act_of(options, got.option, got.position)
        step = {"tool": "read_follow_up", "input": {"message": message[:200], "by": "brain"},
                "output": got.option + (f" #{got.position}" if got.position else ""), "candidates": None,
                "error": None, "ms": round((time.perf_counter() - t) * 1000, 1)}
        return act, step

    def _empties(self, ruled: list, added: list) -> bool:
        """Do the ``added`` conditions leave no item where the ``ruled`` ones alone leave some?"""
        from convrec.nlu.picking import rows_matching

        vocab = self.catalog.vocab
        try:
            after = rows_matching(vocab, ruled + added)
            before = rows_matching(vocab, ruled) if ruled else None
        except Exception:  # noqa: BLE001 — a check only; the tools verify the list anyway
            return False
        return after is not None and len(after) == 0 and (before is None or len(before) > 0)

    def _brain_read(self, message: str, intent, ctx: TurnContext):
        """Words of a recommendation or count request no rule read go to the brain, once
        (:mod:`convrec.core.brain_read`); the conditions the catalog confirms join the intent."""
        mode = getattr(getattr(self.catalog.config, "agent", None), "brain_read", "auto")
        auto_ok = getattr(self.llm, "backend", "") in ("local", "openai") and not is_small_brain(self.llm)
        if self.llm is None or mode == "off" or (mode == "auto" and not auto_ok) \
                or intent.kind not in ("recommend", "count") or not intent.unmatched or intent.dialogue:
            return intent
        from convrec.core.brain_read import brain_conditions

        kept, step, sort = brain_conditions(self.llm, self.catalog.vocab, message, list(intent.unmatched),
                                            self.catalog_plural())
        if step:
            ctx.steps.append(step)
        ruled = {c.column for c in intent.conditions}  # a column the rules read keeps their reading: the brain
        kept = [c for c in kept if c.column not in ruled]  # reads only the words left ("Australia or New Zealand")
        bound = {float(c.value) for c in intent.conditions if isinstance(c.value, (int, float)) and not isinstance(c.value, bool)}
        kept = [c for c in kept if not (isinstance(c.value, float) and c.value in bound)]  # "a 55 mph limit": 55 is read
        sort = sort if sort is not None and not intent.sort else None
        if kept and self._empties(list(intent.conditions), kept):
            # "THC positives" read by the brain as "positive sample = 1, concentration = 0.1": conditions
            # that leave nothing where the rules' reading leaves items are a misreading, not a wish —
            # the words stay unread (and are named in the reply)
            ctx.steps.append({"tool": "brain_read", "input": {"dropped": [f"{c.column} {c.op} {c.value}" for c in kept]},
                              "output": "dropped: no item meets them", "candidates": None, "error": None, "ms": 0.0})
            kept = []
        if not kept and sort is None:
            return intent
        return replace(intent, conditions=tuple(intent.conditions) + tuple(kept), unmatched=(),
                       sort=tuple(intent.sort) + ((sort,) if sort else ()),
                       notes=tuple(intent.notes) + (f"read by the brain: {', '.join(intent.unmatched)}",))

    def _names_an_item(self, message: str) -> bool:
        """Does a phrase that would start over ("nevermind", "restart") name an item here, in a message
        that says more than that phrase (a question about the album *Nevermind*)?"""
        from convrec.catalog.text import norm
        from convrec.nlu.acts import start_over_phrases

        text, vocab = norm(message), getattr(self.catalog, "vocab", None)
        if vocab is None:
            return False
        said = [x for x in start_over_phrases() if f" {x} " in f" {text} " and text != x]
        return any(vocab.is_title(x) for x in said)

    def _item_words(self) -> frozenset[str]:
        """The catalog's item nouns ("movie", "movies"): filler words in a follow-up."""
        return frozenset({str(self.catalog.domain).lower(), self.catalog_plural().lower()})

    def catalog_plural(self) -> str:
        from convrec.catalog.text import noun_plural

        return noun_plural(self.catalog.domain)

    def understand(self, message: str, history: Sequence[dict]):
        from convrec.nlu import understand
        from convrec.timing import stage

        with stage("understand"):
            return understand(message, self.catalog.vocab, history=list(history) or None)

    def respond(self, intent, conversation: list[dict[str, Any]], ctx: TurnContext) -> Turn:
        """The strategy: answer the understood message. ``conversation``: the session's stored
        messages, this one last (``role``, ``content``, ``items``, ``meta``)."""
        raise NotImplementedError

    def seeds(self, intent) -> list[str]:
        """The items reasons relate the answer to: the ones the user liked or pointed at."""
        return intent.items("liked", "reference", "accepted")

    def explain(self, items: list[dict[str, Any]], intent, trace: Sequence[dict] = (),
                also: Sequence[str] = ()) -> list[dict[str, Any]]:
        """Set ``reasons`` on every item that has none (:mod:`convrec.tools.reasons`): evidence
        from the interaction data and the catalog about the user's items, conditions and
        preference words; the soft ranking's related values come from the trace."""
        from convrec.tools.reasons import explain_items

        related = next((s.get("input", {}).get("related", []) for s in trace if s.get("tool") == "soft_rank"), [])
        prefs = list(intent.unmatched) + [v for _, v in intent.soft_values]
        conditions = intent.conditions if intent.kind == "recommend" else ()
        seeds = list(dict.fromkeys(list(self.seeds(intent)) + list(also)))
        return explain_items(self.catalog, items, seeds, conditions, prefs, related)

    # ------------------------------------------------------------------ verification and metering
    def _verify(self, turn: Turn, intent, ctx: TurnContext) -> None:
        """Every returned item is a catalog item, shown once, and (unless the caller gave the
        candidates) meets every grounded condition of the request; anything else is dropped
        and the drop is in the trace."""
        from convrec.tools.verify import violations

        known = self.catalog.items.index
        conditions = (list(intent.conditions) if self.checks_conditions and ctx.candidates is None and intent.kind == "recommend"
                      else [])
        refused = set()  # what the person marked "not for me" in this session is never shown again
        if ctx.candidates is None and turn.items:
            row = self.store.get(ctx.session)
            refused = set(row["profile"].dislike_ids) if row is not None else set()
        kept, dropped, seen = [], [], set()
        for it in turn.items:
            i = str(it.get("id"))
            if i in seen or i not in known or i in refused or (conditions and violations(self.catalog.vocab, i, conditions)):
                dropped.append(i)
                continue
            seen.add(i)
            kept.append(it)
        if dropped:
            turn.items = kept
            turn.repairs = list(turn.repairs) + ["loop_dropped_items"]
            turn.trace = list(turn.trace) + [{"tool": "verify", "input": {"conditions": len(conditions)},
                                              "output": f"dropped {len(dropped)} item(s): {', '.join(dropped[:5])}",
                                              "candidates": None, "error": None, "ms": 0.0}]

    def _finish(self, turn: Turn, t0: float, turn_no: int | None) -> Turn:  # noqa: D401
        if self.llm is not None and turn_no is not None:
            usage = self.llm.meter.turn_summary(turn_no)
            turn.llm_calls, turn.tokens = usage.calls, usage.prompt_tokens + usage.completion_tokens
            turn.degraded = usage.degraded
        turn.latency_ms = (time.perf_counter() - t0) * 1000
        self.store.add_message(turn.session, "assistant", turn.reply, items=turn.items, trace=turn.trace,
                               meta={"llm_calls": turn.llm_calls, "latency_ms": turn.latency_ms, "repairs": turn.repairs,
                                     "degraded": turn.degraded, "plan": turn.plan, "intent": turn.intent,
                                     "strategy": self.name, **({"act": turn.act} if turn.act else {}),
                                     **({"request": turn.act["request"]} if turn.act and turn.act.get("request") else {})})
        return turn


def _keyed(messages: list[dict], key: str) -> int | None:
    """The position of the user message stored with idempotency ``key``, if any."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m["role"] == "user" and (m.get("meta") or {}).get("key") == key:
            return i
    return None
