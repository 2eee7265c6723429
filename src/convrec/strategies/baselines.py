"""Baseline strategies with the agent's turn interface, for evaluation side by side:

* ``random`` — k items drawn uniformly from the catalog (or a random order of given candidates);
* ``popularity`` — k items drawn with probability proportional to popularity (the papers'
  popularity baseline samples, it does not always show the same top-k);
* ``llm-only`` — the same LLM, no tools: it names items from its own knowledge, the names are
  linked to the catalog (names that link to nothing are counted, for Factual@k);
* ``chat-rec`` — Chat-Rec: embedding retrieval of candidates from the conversation text, then
  the LLM picks and explains.

Every strategy runs the shared turn loop (``turn(message, session=None, candidates=None, k=None)
-> Turn``, ``new_session()``, ``user_id``); baselines keep no profile.
"""

from __future__ import annotations

import zlib
from typing import Any, Sequence

import numpy as np
from pydantic import BaseModel, Field

from convrec.core.loop import TurnContext, TurnLoop, plain
from convrec.core.turn import Turn
from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.core.catalog import CatalogAccess

BASELINES = ("random", "popularity", "llm-only", "llm-div", "chat-rec")


class StoredStrategy(TurnLoop):
    """A strategy over the shared turn loop (:class:`convrec.core.loop.TurnLoop`) that reads the
    conversation as plain messages: ``_turn(hist, candidates, k, intent)`` gets the session's
    messages as ``{"role", "content"}`` (this one last, an answer's items written after its text).
    Its conversations persist in the store it was given (else in memory)."""

    name = "baseline"
    llm: LLM | None = None
    checks_conditions = False  # the papers' baselines, measured as published

    def __init__(self, catalog: CatalogAccess, k: int = 10, seed: int = 0):
        self.catalog = catalog
        self.k = k
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.user_id = "local"
        self.ids = catalog.ds.items["item_id"].astype(str).to_numpy()

    def reseed(self, key: str) -> None:
        """Per-case randomness, so a resumed evaluation draws what an uninterrupted one would."""
        self.rng = np.random.default_rng([self.seed, zlib.crc32(key.encode())])

    def load_prior(self, session: str, messages: list[dict[str, str]]) -> None:
        """Put an earlier conversation into the session (LONG-CONTEXT)."""
        store = self._store()
        for m in messages:
            store.add_message(session, "user" if m.get("role") == "user" else "assistant", str(m.get("content", "")))

    def respond(self, intent, conversation, ctx: TurnContext) -> Turn:
        return self._turn(plain(conversation), ctx.candidates, ctx.k or self.k, intent)

    def _turn(self, hist, candidates, k, intent) -> Turn:
        raise NotImplementedError

    def _items(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        from convrec.core.answers import item_view

        return [item_view({"item_id": i, **self.catalog.describe(i)}, self.catalog.vocab) for i in ids]


def _step(tool: str, k: int, pool: int, drawn: int) -> dict[str, Any]:
    return {"tool": tool, "input": {"k": k}, "output": f"drew {drawn} of {pool:,}", "candidates": drawn,
            "error": None, "ms": 0.0}


class RandomBaseline(StoredStrategy):
    name = "random"

    def _turn(self, hist, candidates, k, intent) -> Turn:
        pool = np.asarray(candidates, dtype=object) if candidates is not None else self.ids
        ids = self.rng.choice(pool, size=min(k, len(pool)), replace=False).tolist()
        return Turn("Here are some picks.", self._items(ids), trace=[_step("random_sample", k, len(pool), len(ids))])


class PopularityBaseline(StoredStrategy):
    name = "popularity"

    def __init__(self, catalog: CatalogAccess, k: int = 10, seed: int = 0):
        super().__init__(catalog, k, seed)
        pop = catalog.ds.items["popularity"].to_numpy(dtype=float)
        self.pop = dict(zip(self.ids, pop))

    def _turn(self, hist, candidates, k, intent) -> Turn:
        pool = list(candidates) if candidates is not None else self.ids.tolist()
        w = np.asarray([self.pop.get(i, 0.0) for i in pool]) + 1.0  # +1: unseen items can still come up
        ids = self.rng.choice(np.asarray(pool, dtype=object), size=min(k, len(pool)), replace=False, p=w / w.sum())
        return Turn("Here are some popular picks.", self._items(ids.tolist()),
                    trace=[_step("popularity_sample", k, len(pool), len(ids))])


class Titles(BaseModel):
    titles: list[str] = Field(max_length=25)
    reply: str = Field(default="", max_length=400)


class Picks(BaseModel):
    picks: list[int] = Field(max_length=25)
    reply: str = Field(default="", max_length=400)


def _conversation(hist, max_chars: int = 1500) -> str:
    lines = [f"{m['role']}: {m['content']}" for m in hist]
    text = "\n".join(lines)
    return text[-max_chars:]


class LLMOnlyBaseline(StoredStrategy):
    """The LLM alone: it names items; names are linked to the catalog afterwards."""

    name = "llm-only"

    def __init__(self, catalog: CatalogAccess, llm: LLM, k: int = 10, seed: int = 0, diverse: bool = False):
        super().__init__(catalog, k, seed)
        self.llm = llm
        self.diverse = diverse
        """OMuleT's "base LLM + Div": the prompt asks for varied, less obvious picks."""
        if diverse:
            self.name = "llm-div"

    def _turn(self, hist, candidates, k, intent) -> Turn:
        item = self.catalog.domain
        if candidates is not None:
            listing = "\n".join(f"- {self.catalog.title(i)}" for i in candidates)
            task = f"Order these {item}s from best to worst for the user (all of them, titles exactly as written):\n{listing}"
        else:
            task = f"Recommend {k} real {item}s for the user (titles only, no years)."
            if self.diverse:
                task += (f" Make the list diverse: varied {item}s, not only the most famous ones, and not the {item}s"
                         " the user already named.")
        msgs = [{"role": "system", "content": f"You are a {item} recommender. Answer with JSON "
                                              '{"titles": [...], "reply": "one short sentence"}.'},
                {"role": "user", "content": f"Conversation:\n{_conversation(hist)}\n{task}"}]
        try:
            out = self.llm.generate_json(msgs, Titles, max_tokens=60 + 18 * (len(candidates or []) or k), purpose="llm-only")
            names, reply = [t for t in out.titles if t.strip()], _guarded(out.reply, msgs)
        except LLMError:
            names, reply = [], ""
        if candidates is not None:
            ids = link_within(self.catalog, names, candidates)
            linked = sum(bool(link_within(self.catalog, [n], candidates)) for n in names[:k])
            ids += [c for c in candidates if c not in ids]
            return Turn(reply or "Here is my order.", self._items(ids[:k]), named_items=len(names[:k]), linked_items=linked)
        ids, links = self.catalog.link(names)
        return Turn(reply or "Here are my picks.", self._items(ids[:k]), named_items=len(names[:k]),
                    linked_items=sum(l.item_id is not None for l in links[:k]))


class ChatRecBaseline(StoredStrategy):
    """Chat-Rec: embedding retrieval from the conversation, the LLM picks from the candidates."""

    name = "chat-rec"

    def __init__(self, catalog: CatalogAccess, llm: LLM, k: int = 10, seed: int = 0, n_candidates: int = 20):
        super().__init__(catalog, k, seed)
        self.llm = llm
        self.n_candidates = n_candidates

    def _turn(self, hist, candidates, k, intent) -> Turn:
        item = self.catalog.domain
        if candidates is None:
            query = " ".join(m["content"] for m in hist if m["role"] == "user")[-1000:]
            named, _ = self.catalog.link(_title_like_chunks(query))
            emb = self.catalog.model("embeddings")
            ids, _ = emb.search(query, k=self.n_candidates + len(named))
            candidates = [i for i in ids.tolist() if i not in set(named)][: self.n_candidates]
            if named:  # the liked items' neighbours are better candidates than text matches alone
                sim = emb.similar_items(named[:5], k=self.n_candidates)[0].tolist()
                candidates = list(dict.fromkeys([c for pair in zip(candidates, sim) for c in pair]))[: self.n_candidates]
        listing = "\n".join(f"{n}. {self.catalog.title(i)}" + _short(self.catalog.describe(i))
                            for n, i in enumerate(candidates, 1))
        msgs = [{"role": "system", "content": f"You are a {item} recommender. Pick the best {item}s for the user from "
                                              'the numbered list. Answer with JSON {"picks": [numbers, best first], '
                                              '"reply": "one or two sentences explaining the picks"}.'},
                {"role": "user", "content": f"Conversation:\n{_conversation(hist, 1000)}\nCandidates:\n{listing}\n"
                                            f"Pick {min(k, len(candidates))}."}]
        try:
            out = self.llm.generate_json(msgs, Picks, max_tokens=160 + 4 * k, purpose="chat-rec")
            order = [p - 1 for p in dict.fromkeys(out.picks) if 1 <= p <= len(candidates)]
            reply = _guarded(out.reply, msgs)
        except LLMError:
            order, reply = [], ""
        ids = [candidates[i] for i in order]
        ids += [c for c in candidates if c not in ids]  # the retrieval order fills the rest
        return Turn(reply or "Here are my picks.", self._items(ids[:k]))


def _guarded(reply: str, msgs: list[dict]) -> str:
    """The model's reply, or "" when it repeats the system prompt (the caller's text stands)."""
    from convrec.core.guard import InstructionGuard

    return InstructionGuard(m["content"] for m in msgs if m["role"] == "system").clean(reply)


def _short(d: dict) -> str:
    bits = []
    if d.get("year"):
        bits.append(str(d["year"]))
    for key in ("genres", "tags"):
        if d.get(key):
            bits.append(", ".join(map(str, d[key][:3])))
            break
    return f" ({'; '.join(bits)})" if bits else ""


def _title_like_chunks(text: str) -> list[str]:
    """Pieces of a message that may be titles: split on commas and 'and'."""
    import re

    parts = re.split(r",|;|\band\b|\bor\b|\n|\.|!|\?", text)
    return [p.strip() for p in parts if 2 < len(p.strip()) < 80][:20]


def link_within(catalog: CatalogAccess, names: Sequence[str], candidates: Sequence[str]) -> list[str]:
    from rapidfuzz import fuzz, process

    from convrec.tools.linking import normalize_title

    norm = [normalize_title(catalog.title(c)) for c in candidates]
    out: list[str] = []
    for n in names:
        m = process.extractOne(normalize_title(n), norm, scorer=fuzz.ratio, score_cutoff=80)
        if m is not None and candidates[m[2]] not in out:
            out.append(candidates[m[2]])
    return out


def make_baseline(name: str, catalog: CatalogAccess, llm: LLM | None, k: int = 10, seed: int = 0,
                  store=None) -> StoredStrategy:
    """A baseline strategy; with ``store`` (a SessionStore) its conversations persist there."""
    if name == "random":
        b: StoredStrategy = RandomBaseline(catalog, k, seed)
    elif name == "popularity":
        b = PopularityBaseline(catalog, k, seed)
    elif llm is None:
        raise ValueError(f"baseline '{name}' needs an LLM")
    elif name == "llm-only":
        b = LLMOnlyBaseline(catalog, llm, k, seed)
    elif name == "llm-div":
        b = LLMOnlyBaseline(catalog, llm, k, seed, diverse=True)
    elif name == "chat-rec":
        b = ChatRecBaseline(catalog, llm, k, seed)
    else:
        raise ValueError(f"unknown baseline '{name}' (choose {', '.join(BASELINES)})")
    b.store = store
    return b
