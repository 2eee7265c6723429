"""InteRecAgent: runs a plan's steps over the candidate bus, softens and sorts, and verifies what it fetched."""

from __future__ import annotations

import time
from typing import Sequence

import numpy as np
import pandas as pd

from convrec.catalog.dates import parse_dates
from convrec.models.base import ItemIds
from convrec.tools.bus import CandidateBus
from convrec.core.sessions import Profile
from convrec.core.answers import item_view
from convrec.strategies.interecagent.plan import (ORDER, FetchStep, FilterStep, LookupStep, Plan, RankStep, StoreStep)
from convrec.tools.verify import verify
from convrec.llm.errors import LLMError
from convrec.tools.base import ToolContext
from convrec.nlu import RequestIntent
from convrec.catalog.text import content_words, noun_plural
from convrec.strategies.interecagent.common import (BRAIN_VALUE_SIM, SOFT_POOL, SOFT_SORT_POOL, SOFT_VALUES, SOFT_WEIGHT, TOOLS, VERIFY_POOL, _Outcome, _items_with, _tool_input)


class Executor:
    """Runs a plan's steps over the candidate bus, softens and sorts, and verifies what it fetched (mixed into :class:`convrec.strategies.interecagent.strategy.InteRecAgent`)."""

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
        ranking = self._ranking_profile(profile, intent)
        remembered = tuple(i for i in ranking.like_ids if i not in profile.like_ids and i not in intent.items())
        ctx = ToolContext(bus, self.catalog, ranking, self.k, text=said[0], conversational=said[1],
                          mentioned=tuple(intent.items()) if said[1] else (), remembered=remembered)
        out = _Outcome(bus, remembered=remembered)
        filt = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
        conditions = list(filt.conditions) if filt else []
        exclude = set(intent.excluded) | set(ranking.dislike_ids) | set(profile.seen_ids)  # seen earlier in the conversation
        if intent.kind == "choice":
            exclude -= set(intent.listed)
        for step in plan.steps:
            args = _tool_input(step)
            if step.tool == "rank" and intent.sort:  # what a sort will range over (copied only when one is asked)
                out.pool, out.cut = (list(bus.candidates) if bus.candidates is not None else None), True
            if step.tool == "fetch":
                if "surprise" in intent.notes and not intent.sort:
                    self._diversify(bus)
                if self._soft_text(intent):
                    out.soft = self._soften(bus, self._soft_text(intent), filtered=filt is not None,
                                            intent_runs=intent.unmatched, message=intent.message,
                                            soft_values=[(c, v.lower()) for c, v in intent.soft_values])
                    if intent.sort and out.soft and bus.candidates and self._topical(out.soft):
                        # "top rated space movies": the closest, then sorted — not for words no item's own
                        # text carries ("the longest-ruling leaders": the sort ranges over all of them)
                        bus.set(list(bus.candidates[:max(SOFT_SORT_POOL, step.k * VERIFY_POOL)]), ranked=True)
                    elif intent.sort and out.soft:
                        out.soft = ""  # words no item carries order nothing here: the reply says they were not used
                if intent.sort:
                    self._sort(bus, intent, out)
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
                keep = self._once_each(keep)
                skip = min(intent.offset, 30) if intent.sort else 0  # "the 2nd highest paying": past the first
                out.items = [item_view(by_id[i], self.vocab, conditions) for i in keep[skip:step.k]]
                out.asked = step.k - skip
            elif step.tool == "lookup":
                out.rows = obs.text
        out.conditions = conditions
        return out

    def _once_each(self, ids: list[str]) -> list[str]:
        """One row per item where a catalog lists an item more than once (an app scraped twice: the
        same name, category and kind, its counts a little apart): the first of the ranked rows, so a
        list does not repeat a name and "the 2nd most reviewed" is another item. Items that share only
        a name (a song by two artists, a remake) differ in a value and stay."""
        items = self.vocab.items
        if "title" not in items or not ids:
            return ids
        if getattr(self, "_repeats", None) is None:
            self._repeats = bool(items["title"].duplicated().any())
        if not self._repeats:
            return ids
        cols = [c.name for c in self.vocab.columns.values() if c.name in items and c.name not in ("item_id", "title")
                and c.role in ("category", "people", "text", "flag") and c.type in ("text", "list", "boolean")]
        seen, out = set(), []
        for i in ids:
            key = (str(self.vocab.item_value(i, "title")),) + tuple(str(self.vocab.item_value(i, c)) for c in cols)
            if key not in seen:
                seen.add(key)
                out.append(i)
        return out

    def _diversify(self, bus: CandidateBus) -> None:
        """"Surprise me": well-liked items of different kinds — the tools' top 300, one item of
        each first category value in turn (a new genre every line), not the same kind ten times."""
        t = time.perf_counter()
        cur = list((bus.candidates or [])[:300])
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

    def _topical(self, text: str) -> bool:
        """Does an item's own text (its values, tags, titles) carry a content word of ``text``?"""
        from convrec.catalog.text import singular

        words = self.vocab.own_words()
        stop = self.vocab.lexicon.stop
        return any(singular(x) in words for x in text.lower().split() if x.isalpha() and len(x) >= 3 and x not in stop)

    def _soft_text(self, intent: RequestIntent) -> str:
        """What is left of a recommendation request after every reader: moods, themes,
        occasions ("cozy", "mind-bending", "for a rainy evening") — a preference that ranks."""
        if intent.kind != "recommend" or intent.missing or intent.dialogue:
            return ""
        words = [u for u in intent.unmatched if not any(ch.isdigit() for ch in u)]  # an amount no column took ranks nothing
        return " ".join(words + [v for _, v in intent.soft_values]).strip()

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
        # in index space (the models' item indices): a condition over a large catalog leaves
        # hundreds of thousands of candidates, each read here once as an integer, never as a row
        items = self.catalog.item_index
        cur = bus.candidates
        if cur is None:
            cur_rows = np.zeros(0, dtype=np.int64)
        elif isinstance(cur, ItemIds) and items.same_as(cur.index):
            cur_rows = np.asarray(cur.idx, dtype=np.int64)
        else:
            cur_rows = items.encode([i for i in cur if i in items])
        if filtered:
            pool = cur_rows
        else:
            near = [i for i in emb.search(text, None, k=SOFT_POOL)[0] if i in items]
            pool = _first_places(np.concatenate([items.encode(near), cur_rows]))
        if not len(pool):
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
                more = self.catalog.most_popular_with(col, val, SOFT_POOL)
                if more is None:
                    more = items.encode([i for i in _items_with(self.vocab, col, val, SOFT_POOL) if i in items])
                pool = _first_places(np.concatenate([pool, more]))
        # every pool item's closeness to the words, exactly, best first (ties in pool order)
        vec = emb.vectors
        sims_all = (vec[emb.items.encode(items.decode(pool))] if not emb.items.same_as(items) else vec[pool]) \
            @ np.asarray(emb.embed_query(text), dtype=vec.dtype)
        by_sim = np.lexsort((np.arange(len(pool)), -sims_all))
        rows, sims = pool[by_sim], sims_all[by_sim].astype(np.float64)
        at = np.full(len(items), -1, dtype=np.int64)  # each item's place in the tools' order
        at[cur_rows] = np.arange(len(cur_rows))
        place = at[rows]
        base = np.where(place >= 0, 1.0 - place / max(len(cur_rows), 1), 0.0)
        sim_pct = (np.argsort(np.argsort(-sims)) / max(len(rows) - 1, 1))
        vals = np.zeros(len(rows))
        for (col, v), sim in related.items():
            vals += sim * self.catalog.carrying(col, v, rows)
        val_pct = (np.argsort(np.argsort(-vals, kind="stable")) / max(len(rows) - 1, 1)) if vals.any() else np.ones(len(rows))
        score = SOFT_VALUES * (1.0 - val_pct) * (vals > 0) + SOFT_WEIGHT * (1.0 - sim_pct) + (1.0 - SOFT_WEIGHT) * base
        order = np.argsort(-score, kind="stable")
        bus.set(items.view(rows[order]), score[order], ranked=True)
        near = [[c, v, round(float(sim), 3)] for (c, v), sim in sorted(related.items(), key=lambda x: -x[1])[:8]]
        bus.record("soft_rank", {"text": text, "weight": SOFT_WEIGHT, "related": near},
                   f"ordered {len(rows)} candidates by “{text}”", None, t)
        return text

    def _sort(self, bus: CandidateBus, intent: RequestIntent, out: "_Outcome | None" = None) -> None:
        """Stable re-order of the candidates by the columns the user asked to sort by. Without a
        soft wish the sort ranges over every candidate that qualified before the ranker cut its
        list (``out.pool``, None = the whole catalog) — "the 5 cheapest" are the catalog's cheapest —
        with the ranker's order breaking ties."""
        t = time.perf_counter()
        items = self.catalog.items
        ids = list(bus.candidates) if bus.candidates is not None else items.index.tolist()
        if out is not None and out.cut and not out.soft:
            seen = set(ids)
            ids += [i for i in (out.pool if out.pool is not None else items.index.tolist()) if i not in seen]
        for hint in reversed(intent.sort):
            if hint.column not in items.columns:
                continue
            col = pd.to_numeric(items[hint.column], errors="coerce")
            if col.notna().mean() < 0.5 and items[hint.column].notna().any() \
                    and not pd.api.types.is_numeric_dtype(items[hint.column]):  # dates kept as text: by their time
                when = parse_dates(items[hint.column])
                col = pd.Series(np.where(when.notna(), when.to_numpy(dtype="datetime64[ns]").astype("int64") / 1e9, np.nan),
                                index=items.index)
            vals = col.reindex(ids).to_numpy(dtype=float)
            key = np.where(np.isnan(vals), -np.inf if hint.descending else np.inf, vals)
            order = np.argsort(-key if hint.descending else key, kind="stable")
            ids = [ids[i] for i in order]
        bus.set(ids[:2000], ranked=True)
        bus.record("sort", {"by": [(h.column, "desc" if h.descending else "asc") for h in intent.sort]},
                   f"ordered {len(ids)} candidates", None, t)


def _first_places(rows: np.ndarray) -> np.ndarray:
    """``rows`` with each index kept at its first place only."""
    _, first = np.unique(rows, return_index=True)
    return rows[np.sort(first)]
