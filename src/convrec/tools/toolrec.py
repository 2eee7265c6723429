"""ToolRec's attribute-oriented retrieval tools (Zhao et al. 2024, "Let Me Do It For You:
Towards LLM Empowered Recommendation via Tool Learning").

``retrieval`` — ``Retrieval[attribute, n]``: the user's history (oldest first) through the
frozen SASRec (``attribute = "none"``) or through one of its attribute heads
(:class:`convrec.models.attr_sasrec.AttrSASRec`: an attribute encoder and a dense layer over
[attribute ⊕ user], trained with BPR), top ``n`` items. Seen items never come back; every item
meets the request's stated conditions (``ToolContext.conditions``).

The LLM rank tool (``Rank[n]``) needs the LLM and lives with the strategy
(:mod:`convrec.strategies.toolrec.strategy`).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from convrec.tools.base import Observation, Tool, ToolContext, ToolError

ATTRIBUTE_WORDS = {"genres": "genre", "tags": "tags", "decade": "release decade", "price_range": "price range",
                   "categories": "category", "category": "category", "brand": "brand", "specs": "features",
                   "developer": "developer", "publisher": "publisher"}
"""How an attribute head is named to the LLM (the column name otherwise)."""


def retrieval_attributes(catalog) -> list[str]:
    """The attribute heads trained for this catalog (empty when it has no interactions or no
    usable attributes)."""
    from convrec.errors import ConvrecError

    if not catalog.has_interactions:
        return []
    try:
        return list(catalog.model("attr-sasrec").attributes)
    except ConvrecError:
        return []


def describe_attribute(a: str) -> str:
    return ATTRIBUTE_WORDS.get(a, a.replace("_", " "))


class AttributeRetrieval(Tool):
    name = "retrieval"
    said = "retrieved candidates by an attribute"
    description = ("Retrieval[attribute, n]: the n items this user most likely wants next, by the sequential "
                   "recommender (attribute 'none') or by its head for one attribute (genre, decade, tags, price "
                   "range ...), which weighs the user's taste in that attribute.")

    class Input(BaseModel):
        attribute: str = Field(default="none", max_length=40)
        n: int = Field(default=20, ge=1, le=200)
        history: list[str] = Field(min_length=1, max_length=200)
        """The user's items, oldest first."""
        exclude: list[str] = Field(default_factory=list, max_length=500)

    def run(self, args, ctx: ToolContext) -> Observation:
        from convrec.tools.verify import verify
        from convrec.models.base import Context

        cat = ctx.catalog
        if not cat.has_interactions:
            raise ToolError("this catalog has no interactions: no sequential recommender to retrieve with")
        history = [i for i in args.history if i in cat.items.index]
        if not history:
            raise ToolError("none of the history's items is in the catalog")
        context = Context(history, ordered=True)
        want = args.n + len(args.exclude) + (10 * args.n if ctx.conditions else 0)
        if args.attribute in ("none", ""):
            ids, _ = cat.model("sasrec").rank(context, k=want)
        else:
            model = cat.model("attr-sasrec")
            if args.attribute not in model.attributes:
                raise ToolError(f"no attribute '{args.attribute}' (choose none or {', '.join(model.attributes)})")
            ids, _ = model.rank_by(args.attribute, context, k=want)
        ids, _ = verify(cat.vocab, [str(i) for i in ids], ctx.conditions, set(args.exclude) | set(history))
        ids = ids[: args.n]
        head = ", ".join(cat.title(i) for i in ids[:5])
        return Observation(f"Retrieval[{args.attribute}, {args.n}]: {len(ids)} items" + (f": {head}" if ids else ""),
                           {"ids": ids, "attribute": args.attribute})


TOOLS = [AttributeRetrieval]

__all__ = ["AttributeRetrieval", "retrieval_attributes", "describe_attribute", "TOOLS"]
