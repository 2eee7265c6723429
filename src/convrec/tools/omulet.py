"""OMuleT's toolbox (Yoon et al. 2024): many small tools, each doing one simple thing.

Groups (an ablation drops a whole group):

==========  ===================================================================
lookup      ``item_lookup`` (name → the item's info), ``genre_lookup`` (genre → its most
            popular items), ``description_lookup`` (an item's text), ``popularity_rank``
            (order items by popularity), ``preference_rank`` (the shared learned ranker), ``platform_check`` (keep items for a device)
linking     ``link_item`` (fuzzy name → catalog id), ``link_genre`` (a genre word → the
            catalog's own genre/tag values)
retrieval   ``search`` (MiniLM over item texts), ``cf_similar`` (ItemCF), ``content_similar``
            (MiniLM), ``age_group`` (most popular among users of an age group, where the
            catalog has user ages), ``default_items`` (30 drawn from the 100 most popular)
filter      ``filter_items`` (drop items with a disliked genre or an excluded id, keep the
            stated conditions)
format      ``item_info`` (one line per item), ``enumerate`` (a numbered list)
==========  ===================================================================

Every tool returns item ids in ``Observation.data["ids"]`` (never titles the next tool must
re-read) and a short text; the tracker of the bus records each call.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from convrec.tools.base import Observation, Tool, ToolContext, ToolError
from convrec.tools.filters import Condition, Filter, apply_filter

AGE_GROUPS = ("child", "teen", "young adult", "adult", "senior")
"""The fixed age groups of the formatted intent; ``age_group`` maps them onto a catalog's ages."""
AGE_RANGES = {"child": (0, 12), "teen": (13, 17), "young adult": (18, 24), "adult": (25, 54), "senior": (55, 200)}
GROUPS = ("lookup", "linking", "retrieval", "filter", "format")


def _category_columns(catalog) -> list[str]:
    vocab = catalog.vocab
    return [c for c in vocab.role("category") + vocab.role("tag") if c in catalog.items.columns]


def link_genre_values(catalog, word: str, limit: int = 3) -> list[tuple[str, str]]:
    """A genre word → up to ``limit`` (column, value) pairs of the catalog: exact or plural
    forms, the synonym lexicon ("sci-fi" → Sci-Fi), a fuzzy spelling match, then MiniLM's
    nearest value above its measured threshold. Unknown words give nothing."""
    from rapidfuzz import fuzz, process

    from convrec.catalog.text import norm

    vocab = catalog.vocab
    cols = set(_category_columns(catalog))
    w = norm(word)
    if not w:
        return []
    hits = [(h.column, h.value) for h in vocab.lookup(w) if h.column in cols]
    if not hits:
        groups = vocab.resolve_synonym(w) or []
        hits = [(h.column, h.value) for g in groups for h in g if h.column in cols]
    if not hits:
        keys = [k for k, hs in vocab.values.items() if any(h.column in cols for h in hs)]
        m = process.extractOne(w, keys, scorer=fuzz.ratio, score_cutoff=85)
        if m is not None:
            hits = [(h.column, h.value) for h in vocab.values[m[0]] if h.column in cols]
    if not hits:
        near = vocab.nearest_value(word)
        if near is not None and near[0].column in cols:
            hits = [(near[0].column, near[0].value)]
    return list(dict.fromkeys(hits))[:limit]


def _popularity(catalog, ids: list[str]) -> np.ndarray:
    return catalog.items["popularity"].reindex(ids).fillna(0).to_numpy(dtype=float)


def _obs(catalog, what: str, ids: list[str], extra: dict[str, Any] | None = None) -> Observation:
    head = ", ".join(catalog.title(i) for i in ids[:5])
    more = f" (+{len(ids) - 5} more)" if len(ids) > 5 else ""
    return Observation(f"{what}: {len(ids)} items" + (f": {head}{more}" if ids else ""), {"ids": ids, **(extra or {})})


# ---------------------------------------------------------------- look-up
class ItemLookup(Tool):
    name = "item_lookup"
    said = "looked up the titles you named"
    group = "lookup"
    description = "Find items by name and show their information."

    class Input(BaseModel):
        names: list[str] = Field(min_length=1, max_length=10)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, links = ctx.catalog.link(args.names)
        if not ids:
            raise ToolError(f"not in the catalog: {', '.join(args.names)}")
        lines = [info_line(ctx.catalog, i) for i in ids]
        missing = [l.query for l in links if l.item_id is None]
        return Observation("\n".join(lines) + (f"\n(not found: {', '.join(missing)})" if missing else ""), {"ids": ids})


class GenreLookup(Tool):
    name = "genre_lookup"
    said = "matched your genre words"
    group = "lookup"
    description = "The most popular items of a genre (or tag) of the catalog."

    class Input(BaseModel):
        genre: str = Field(min_length=1, max_length=60)
        n: int = Field(default=30, ge=1, le=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        cat = ctx.catalog
        values = link_genre_values(cat, args.genre, limit=1)
        if not values:
            raise ToolError(f"'{args.genre}' is not a genre of this catalog")
        col, val = values[0]
        op = "contains" if cat.vocab.columns[col].type == "list" else "="
        ids = apply_filter(cat.ds, Filter(conditions=[Condition(column=col, op=op, value=val)]), None)
        return _obs(cat, f"{val} ({col})", ids[: args.n], {"column": col, "value": val})


class DescriptionLookup(Tool):
    name = "description_lookup"
    said = "searched the descriptions"
    group = "lookup"
    description = "The text (description, tags) of one item."

    class Input(BaseModel):
        item: str = Field(min_length=1, max_length=300)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, _ = ctx.catalog.link([args.item])
        if not ids:
            raise ToolError(f"not in the catalog: {args.item}")
        cat = ctx.catalog
        texts = [str(cat.items.at[ids[0], c]) for c in cat.vocab.role("text") if c in cat.items.columns
                 and cat.items.at[ids[0], c] is not None and str(cat.items.at[ids[0], c]).strip()]
        return Observation(f"{cat.title(ids[0])}: " + (" ".join(texts)[:400] or info_line(cat, ids[0])), {"ids": ids[:1]})


class PopularityRank(Tool):
    name = "popularity_rank"
    said = "ranked by popularity"
    group = "lookup"
    description = "Order items by how many people interacted with them."

    class Input(BaseModel):
        ids: list[str] = Field(min_length=1, max_length=500)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids = [i for i in dict.fromkeys(args.ids) if i in ctx.catalog.items.index]
        order = np.argsort(-_popularity(ctx.catalog, ids), kind="stable")
        return _obs(ctx.catalog, "by popularity", [ids[j] for j in order])


class PreferenceRank(Tool):
    name = "preference_rank"
    said = "ranked by what you like"
    group = "lookup"
    description = ("Order items for the user: the learned preference ranker over the liked items and what the user "
                   "wrote (ItemCF, SASRec, content, popularity and recency, weights fitted on held-out users).")

    class Input(BaseModel):
        ids: list[str] = Field(min_length=1, max_length=2000)
        liked: list[str] = Field(default_factory=list, max_length=50)
        disliked: list[str] = Field(default_factory=list, max_length=50)
        novelty: float = Field(default=0.0, ge=0.0, le=5.0)
        """Popularity penalty: the order is by z(score) − novelty · z(log popularity), both
        standardised over these items (0 = the ranker's own order)."""

    def run(self, args, ctx: ToolContext) -> Observation:
        from convrec.errors import ConvrecError
        from convrec.models.base import Context

        cat = ctx.catalog
        ids = [i for i in dict.fromkeys(args.ids) if i in cat.items.index]
        if not cat.has_interactions:
            return Observation("no interactions in this catalog: order kept", {"ids": ids, "skipped": True})
        try:
            ranker = cat.ranker()
        except ConvrecError as e:
            return Observation(f"no preference ranker ({e}): order kept", {"ids": ids, "skipped": True})
        liked = [i for i in args.liked if i in cat.items.index]
        dis = [i for i in args.disliked if i in cat.items.index]
        out, s = ranker.score(Context(liked, dis, ordered=False, text=ctx.text, conversational=ctx.conversational,
                                      mentioned=ctx.mentioned), ids)
        out, s = [str(i) for i in out], np.asarray(s, dtype=float)
        ok = np.isfinite(s)
        if args.novelty > 0 and ok.sum() > 1:
            out = [i for i, k in zip(out, ok) if k]
            pop = np.log1p(_popularity(cat, out))
            z = lambda x: (x - x.mean()) / (x.std() or 1.0)  # noqa: E731
            s = z(s[ok]) - args.novelty * z(pop)
            ok = np.ones(len(out), dtype=bool)
            rank = np.argsort(-s, kind="stable")
            out, s = [out[j] for j in rank], s[rank]
        order = [i for i, k in zip(out, ok) if k]
        return _obs(cat, "by preference", order + [i for i in ids if i not in set(order)])


class PlatformCheck(Tool):
    name = "platform_check"
    said = "checked the platforms"
    group = "lookup"
    description = "Keep the items available on a device or platform (where the catalog records platforms)."

    class Input(BaseModel):
        ids: list[str] = Field(max_length=500)
        platforms: list[str] = Field(min_length=1, max_length=5)

    def run(self, args, ctx: ToolContext) -> Observation:
        cat = ctx.catalog
        col = next((c for c in cat.items.columns if c.lower() in ("platform", "platforms", "device", "devices")), None)
        if col is None:
            return Observation(f"this catalog records no platforms: {len(args.ids)} items kept", {"ids": list(args.ids),
                                                                                                   "skipped": True})
        from convrec.tools.verify import verify

        kept, _ = verify(cat.vocab, list(args.ids), [Condition(column=col, op="in", value=list(args.platforms))])
        return _obs(cat, f"on {', '.join(args.platforms)}", kept)


# ---------------------------------------------------------------- linking
class LinkItem(Tool):
    name = "link_item"
    said = "linked names to catalog items"
    group = "linking"
    description = "Fuzzy-match item names to catalog items (typos, missing years, articles)."

    class Input(BaseModel):
        names: list[str] = Field(min_length=1, max_length=25)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, links = ctx.catalog.link(args.names)
        missing = [l.query for l in links if l.item_id is None]
        return _obs(ctx.catalog, "linked", ids, {"missing": missing})


class LinkGenre(Tool):
    name = "link_genre"
    said = "linked genre words to the catalog"
    group = "linking"
    description = "Map a genre word to the catalog's own genres and tags (e.g. 'sci fi' → Sci-Fi)."

    class Input(BaseModel):
        genre: str = Field(min_length=1, max_length=60)

    def run(self, args, ctx: ToolContext) -> Observation:
        values = link_genre_values(ctx.catalog, args.genre)
        if not values:
            raise ToolError(f"'{args.genre}' matches no genre of this catalog")
        return Observation(f"{args.genre} → " + ", ".join(f"{v} ({c})" for c, v in values),
                           {"ids": [], "values": [list(x) for x in values]})


# ---------------------------------------------------------------- retrieval
class Search(Tool):
    name = "search"
    said = "searched the catalog"
    group = "retrieval"
    description = "Items whose text best matches a short query (MiniLM over titles, genres, tags, descriptions)."

    class Input(BaseModel):
        query: str = Field(min_length=1, max_length=300)
        n: int = Field(default=30, ge=1, le=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, _ = ctx.catalog.model("embeddings").search(args.query, k=args.n)
        return _obs(ctx.catalog, f"search '{args.query}'", [str(i) for i in ids])


class CFSimilar(Tool):
    name = "cf_similar"
    said = "found items liked by the same people"
    group = "retrieval"
    description = "Items people who liked the given items also liked (ItemCF)."

    class Input(BaseModel):
        ids: list[str] = Field(min_length=1, max_length=20)
        n: int = Field(default=30, ge=1, le=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        cat = ctx.catalog
        if not cat.has_interactions:
            raise ToolError("this catalog has no interactions: no collaborative similarity")
        ids, s = cat.model("itemcf").similar_items(list(args.ids), k=args.n)
        ids = [str(i) for i, v in zip(ids, s) if v > 0]
        return _obs(cat, "similar by co-interaction", ids)


class ContentSimilar(Tool):
    name = "content_similar"
    said = "found items with similar content"
    group = "retrieval"
    description = "Items whose text is most like the given items' (MiniLM)."

    class Input(BaseModel):
        ids: list[str] = Field(min_length=1, max_length=20)
        n: int = Field(default=30, ge=1, le=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids, _ = ctx.catalog.model("embeddings").similar_items(list(args.ids), k=args.n)
        return _obs(ctx.catalog, "similar by content", [str(i) for i in ids])


class AgeGroup(Tool):
    name = "age_group"
    said = "checked the age group"
    group = "retrieval"
    description = "The items most popular among users of an age group (child, teen, young adult, adult, senior)."

    class Input(BaseModel):
        group: str = Field(min_length=1, max_length=20)
        n: int = Field(default=30, ge=1, le=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        import sqlite3

        g = args.group.lower().strip()
        if g not in AGE_RANGES:
            raise ToolError(f"unknown age group '{args.group}' (choose {', '.join(AGE_GROUPS)})")
        ds = ctx.catalog.ds
        try:
            with sqlite3.connect(f"file:{ds.db_path}?mode=ro", uri=True) as con:
                users = con.execute("SELECT user_id, age FROM users").fetchall()
        except sqlite3.Error:
            users = []
        if not users:
            return Observation("not available: this catalog records no user ages", {"ids": [], "skipped": True})
        lo, hi = AGE_RANGES[g]
        # MovieLens-1M codes ages as the lower bound of a band (1, 18, 25, 35, 45, 50, 56)
        who = {str(u) for u, a in users if a is not None and lo <= float(a) <= hi}
        if not who:
            return Observation(f"no users in the age group {g}", {"ids": [], "skipped": True})
        inter = ds.interactions
        part = inter[inter["user_id"].astype(str).isin(who)]
        counts = part["item_id"].astype(str).value_counts()
        ids = [i for i in counts.index[: args.n * 2] if i in ctx.catalog.items.index][: args.n]
        return _obs(ctx.catalog, f"popular with {g} users ({len(who)} users)", ids)


class DefaultItems(Tool):
    name = "default_items"
    said = "took popular picks"
    group = "retrieval"
    description = "30 items drawn from the 100 most popular (when nothing else is known)."

    class Input(BaseModel):
        n: int = Field(default=30, ge=1, le=100)
        seed: int = 0

    def run(self, args, ctx: ToolContext) -> Observation:
        cat = ctx.catalog
        ids = cat.items.index.astype(str).to_numpy()
        top = ids[np.argsort(-_popularity(cat, ids.tolist()), kind="stable")[:100]]
        rng = np.random.default_rng(args.seed)
        pick = rng.choice(top, size=min(args.n, len(top)), replace=False)
        return _obs(cat, "popular defaults", [str(i) for i in pick])


# ---------------------------------------------------------------- filters
class FilterItems(Tool):
    name = "filter_items"
    said = "kept the items that meet your conditions"
    group = "filter"
    description = "Drop items with a disliked genre or already known, keep only items meeting the stated conditions."

    class Input(BaseModel):
        ids: list[str] = Field(max_length=2000)
        disliked_genres: list[str] = Field(default_factory=list, max_length=10)
        exclude: list[str] = Field(default_factory=list, max_length=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        from convrec.tools.verify import verify

        cat = ctx.catalog
        ids = [i for i in dict.fromkeys(args.ids) if i in cat.items.index and i not in set(args.exclude)]
        disliked = [Condition(column=col, op="not_contains", value=val) for g in args.disliked_genres
                    for col, val in link_genre_values(cat, g, limit=1)]
        ids, dropped = verify(cat.vocab, ids, list(ctx.conditions) + disliked)
        return _obs(cat, "after filters", ids, {"dropped": len(dropped)})


# ---------------------------------------------------------------- formatting
def info_line(catalog, item_id: str) -> str:
    d = catalog.describe(item_id)
    bits = []
    for role in ("time", "date"):
        for c in catalog.vocab.role(role)[:1]:
            if d.get(c) not in (None, ""):
                bits.append(str(d[c]))
    for c in _category_columns(catalog)[:1]:
        if d.get(c):
            bits.append(", ".join(map(str, list(d[c])[:3])) if isinstance(d[c], (list, tuple)) else str(d[c]))
    for c in catalog.vocab.role("price")[:1]:
        if d.get(c) not in (None, ""):
            bits.append(f"${d[c]}")
    title = catalog.title(item_id)
    return f"{title}" + (f" [{'; '.join(b for b in bits if b and b not in title)}]" if bits else "")


class ItemInfo(Tool):
    name = "item_info"
    said = "read item details"
    group = "format"
    description = "One information line per item (title, year, genres, price)."

    class Input(BaseModel):
        ids: list[str] = Field(max_length=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids = [i for i in args.ids if i in ctx.catalog.items.index]
        return Observation("\n".join(info_line(ctx.catalog, i) for i in ids), {"ids": ids})


class Enumerate(Tool):
    name = "enumerate"
    said = "the LLM named items, linked back to the catalog"
    group = "format"
    description = "A numbered list of items with their information."

    class Input(BaseModel):
        ids: list[str] = Field(max_length=200)

    def run(self, args, ctx: ToolContext) -> Observation:
        ids = [i for i in args.ids if i in ctx.catalog.items.index]
        return Observation("\n".join(f"{n}. {info_line(ctx.catalog, i)}" for n, i in enumerate(ids, 1)), {"ids": ids})


TOOLS: list[type[Tool]] = [ItemLookup, GenreLookup, DescriptionLookup, PopularityRank, PreferenceRank, PlatformCheck, LinkItem,
                           LinkGenre, Search, CFSimilar, ContentSimilar, AgeGroup, DefaultItems, FilterItems, ItemInfo,
                           Enumerate]
TOOLS_BY_NAME = {t.name: t for t in TOOLS}


__all__ = ["TOOLS", "TOOLS_BY_NAME", "GROUPS", "AGE_GROUPS", "link_genre_values", "info_line"]
