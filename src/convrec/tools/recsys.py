"""InteRecAgent's toolbox over the candidate bus.

info query (SQL look-up) · hard-condition filter · soft-condition retrieval (ItemCF) ·
ranking (popularity | similarity | preference) · candidate storing · candidate fetching.
Every item name goes through the linker first; names that link to nothing are reported.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from convrec.errors import ConvrecError
from convrec.models.base import Context, ItemIds
from convrec.tools.base import Observation, Tool, ToolContext, ToolError
from convrec.tools.filters import Filter, apply_filter
from convrec.tools.sql import run_readonly

REMEMBERED_WEIGHT = 0.1
"""How much a liked item remembered from an earlier session counts beside one the user states
in this conversation (1). Measured with the likes weights on 591 tune queries of movielens-small
(3 stated loved items, 5 remembered ones, Hit@10 over the catalog): remembering the same
person's other items added little (0.088 with none, 0.093 at 0.1, 0.088 at 1), remembering
another person's (a shared account, a changed taste) cost up to 0.024 (0.083 at 0.1, 0.064 at
1). When the user states nothing, the remembered items are all there is and count fully."""


def _unlinked(links) -> str:
    bad = [l.query for l in links if l.item_id is None]
    return f" (not in the catalog: {', '.join(bad)})" if bad else ""


class LookUp(Tool):
    name = "lookup"
    said = "looked up facts in the catalog"
    description = "one SELECT over table items for facts (year, count, genres); never for recommending."
    step_name = "LookupStep"
    plan_limits = {"sql": {"max_length": 600}}

    class Input(BaseModel):
        sql: str
        """one SELECT statement (and item_<list column> junction tables with columns item_id, value)"""

    def run(self, args, ctx: ToolContext) -> Observation:
        cols, rows = run_readonly(ctx.catalog.ds.db_path, args.sql, max_rows=20)
        if not rows:
            return Observation("no rows", {"columns": cols, "rows": []})
        lines = ["; ".join(f"{c}={v}" for c, v in zip(cols, r)) for r in rows[:10]]
        more = f" (+{len(rows) - 10} more)" if len(rows) > 10 else ""
        return Observation("\n".join(lines) + more, {"columns": cols, "rows": [list(r) for r in rows]})


class HardFilter(Tool):
    name = "hard_filter"
    said = "kept the items that meet your conditions"
    description = "column/op/value; lists use contains or not_contains."
    Input = Filter
    step_name = "FilterStep"
    plan_limits = {"conditions": {"max_length": 6, "required": True}}

    def run(self, args, ctx: ToolContext) -> Observation:
        bus = ctx.bus
        ids = apply_filter(ctx.catalog.ds, args, bus.candidates, items=ctx.catalog.item_index)
        conds = ", ".join(f"{c.column} {c.op} {c.value}" for c in args.conditions)
        if not ids:
            raise ToolError(f"no items satisfy [{conds}] among {bus.count} candidates: relax a condition")
        bus.set(ids, ranked=bus.ranked and bus.candidates is not None)
        return Observation(f"{len(ids)} candidates satisfy [{conds}]", {"count": len(ids)})


class SoftFilter(Tool):
    name = "similar_to"
    said = "found items close to the ones you named (liked by the same people)"
    description = "{items} similar to named {items}."
    step_name = "SimilarStep"
    hidden = frozenset({"ratio"})
    plan_limits = {"seed_items": {"max_length": 8, "item_max_length": 120}}

    class Input(BaseModel):
        seed_items: list[str] = Field(min_length=1, max_length=10)
        """item names (ItemCF keeps the top 5 % of candidates by mean similarity and remembers the scores)"""
        ratio: float = Field(default=0.05, gt=0, le=1)

    def run(self, args, ctx: ToolContext) -> Observation:
        seeds, links = ctx.catalog.link(args.seed_items)
        if not seeds:
            raise ToolError(f"none of the seed items are in the catalog: {', '.join(args.seed_items)}")
        cf = ctx.catalog.model("itemcf")
        if ctx.bus.user_given:  # the user's own candidates are ordered by similarity, never dropped
            cand = [c for c in ctx.bus.candidates if c not in set(seeds)] or list(ctx.bus.candidates)
            ids, scores = cf.score(Context(seeds, ordered=False), cand)
            order = np.argsort(-np.asarray(scores, dtype=float), kind="stable")
            ctx.bus.set(np.asarray(ids)[order].tolist(), np.asarray(scores)[order], ranked=True)
            return Observation(f"{len(ids)} given candidates ordered by similarity to "
                               f"{', '.join(ctx.catalog.title(s) for s in seeds)}" + _unlinked(links),
                               {"count": len(ids), "seeds": seeds})
        ids, scores = cf.soft_filter(seeds, ctx.bus.candidates, ratio=args.ratio)
        if len(ids) == 0:
            emb = ctx.catalog.model("embeddings")  # no co-occurrence evidence: fall back to content
            ids, scores = emb.similar_items(seeds, ctx.bus.candidates, k=max(10, int(args.ratio * ctx.bus.count)))
        if len(ids) == 0:
            raise ToolError("no candidates are similar to the seeds: try without this step")
        ctx.bus.set(ids.tolist(), scores, ranked=True)
        return Observation(f"{len(ids)} candidates similar to {', '.join(ctx.catalog.title(s) for s in seeds)}"
                           + _unlinked(links), {"count": len(ids), "seeds": seeds})


class Rank(Tool):
    name = "rank"
    said = "ranked the candidates"
    description = ("schema preference (user named liked {items}), similarity, or popularity (no liked {items}).")
    step_name = "RankStep"
    plan_limits = {"schema_": {"required": True}, "prefer": {"max_length": 10, "item_max_length": 120},
                   "unwanted": {"max_length": 10, "item_max_length": 120}}

    class Input(BaseModel):
        schema_: Literal["preference", "similarity", "popularity"] = Field(default="preference", alias="schema")
        """preference: the learned ranker over the items the user likes (CF, SASRec, content,
        priors); similarity: to the prefer items; popularity"""
        prefer: list[str] = Field(default_factory=list)
        """items the user likes or has consumed"""
        unwanted: list[str] = Field(default_factory=list)
        """items the user rejected: never returned"""

        model_config = {"populate_by_name": True}

    def run(self, args, ctx: ToolContext) -> Observation:
        cat = ctx.catalog
        prefer, l1 = cat.link(args.prefer)
        unwanted, l2 = cat.link(args.unwanted)
        prof = ctx.profile
        if prof is not None:
            prefer = list(dict.fromkeys(prefer + list(getattr(prof, "like_ids", []))))
            unwanted = list(dict.fromkeys(unwanted + list(getattr(prof, "dislike_ids", []))))
        # what the user says now leads; liked items remembered from earlier sessions only tint it
        remembered = set(ctx.remembered) - set(unwanted)
        weights = [REMEMBERED_WEIGHT if i in remembered else 1.0 for i in prefer] \
            if remembered and any(i not in remembered for i in prefer) else []
        schema = args.schema_
        ranker = None
        if schema != "popularity" and getattr(cat, "has_interactions", True):
            try:
                ranker = cat.ranker()
            except ConvrecError:  # no validation users to fit it on: the order-free SASRec alone
                ranker = None
        reads_text = (ranker is not None and bool(ctx.text.strip())
                      and abs(ranker.weights(ctx.conversational, stated=True).get("text", 0.0)) > 0.05)
        reads_chat = ranker is not None and ctx.conversational and ranker.reads_conversation()
        if schema != "popularity" and not prefer and not reads_text and not reads_chat:
            schema = "popularity"  # nothing to personalise on
        cand = ctx.bus.candidates
        exclude = set(prefer) | set(unwanted)
        if isinstance(cand, ItemIds):
            cand = cand.without(exclude)
        elif cand is not None:
            cand = [c for c in cand if c not in exclude]
        if cand is not None and not cand:
            raise ToolError("no candidates left to rank")
        if schema != "popularity" and not getattr(cat, "has_interactions", True):
            schema = "content"  # a catalog without interactions: similarity of the item texts
        # in index space: over the whole catalog only the best 500 are kept (found without sorting
        # the rest); the candidates a condition left stay integers (ItemIds) to the next tool
        top = 500 + len(exclude) if cand is None else None
        if schema == "popularity":
            model = cat.model("popularity")
            ids, scores = model.score_ids(Context([], unwanted), cand, k=top)
        elif schema == "content":
            ids, scores = cat.model("embeddings").score_ids(Context(prefer, unwanted), cand, k=top)
        else:  # similarity / preference: the learned combination of CF, sequence, content and priors
            model = ranker if ranker is not None else cat.model("sasrec-set")
            ids, scores = model.score_ids(Context(prefer, unwanted, ordered=False, text=ctx.text,
                                                  conversational=ctx.conversational, mentioned=ctx.mentioned,
                                                  weights=weights), cand, k=top)
        keep = np.isfinite(scores)
        if exclude:
            keep &= ~np.isin(ids.idx, ids.index.encode([i for i in exclude if i in ids.index]))
        ids, scores = ids[keep], scores[keep]
        if cand is None:
            ids, scores = ids[:500], scores[:500]
        ctx.bus.set(ids, scores, ranked=True)
        return Observation(f"ranked {len(ids)} candidates by {schema}" + _unlinked(l1 + l2), {"schema": schema})


class StoreCandidates(Tool):
    name = "store_candidates"
    said = "took the items you gave"
    description = "only when the user lists {items} to choose from."
    step_name = "StoreStep"
    plan_limits = {"items": {"max_length": 20, "item_max_length": 120}}

    class Input(BaseModel):
        items: list[str] = Field(min_length=1, max_length=50)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, links = ctx.catalog.link(args.items)
        if not ids:
            raise ToolError(f"none of these are in the catalog: {', '.join(args.items)}")
        ctx.bus.set(ids)
        ctx.bus.user_given = True
        return Observation(f"stored {len(ids)} candidates" + _unlinked(links), {"ids": ids})


class FetchCandidates(Tool):
    name = "fetch"
    said = "picked the top ones"
    description = "how many {items} to show."
    step_name = "FetchStep"
    plan_limits = {"k": {"le": 30}}

    class Input(BaseModel):
        k: int = Field(default=10, ge=1, le=50)

    def run(self, args, ctx: ToolContext) -> Observation:
        bus, cat = ctx.bus, ctx.catalog
        if bus.candidates is None:
            ids = cat.model("popularity").rank(Context([]), k=args.k)[0].tolist()
        else:
            ids = bus.top(args.k)
        items = [{"item_id": i, **cat.describe(i)} for i in ids]
        text = "\n".join(f"{n}. {it['title']}" + (f" ({it['year']})" if "year" in it else "") for n, it in enumerate(items, 1))
        return Observation(text or "no items", {"items": items})


TOOLS: list[type[Tool]] = [LookUp, HardFilter, SoftFilter, Rank, StoreCandidates, FetchCandidates]
