"""The MCP server: one dataset, one strategy, read-only tools with JSON schemas.

Tools
    recommend       one agent turn (a session id continues a conversation): reply, items, reasons
    search_items    catalog items by words and/or conditions ({column, op, value}, checked like the agent's)
    item_details    an item's stored facts
    similar_items   items like given ones (co-liking, then text), with the evidence
    explain         why an item fits given liked items and/or conditions: the evidence the data holds
    catalog_info    what the catalog holds (the capability card) and its columns
Resources
    convrec://catalog/card      the capability card (JSON)
    convrec://catalog/schema    the columns: name, type, role, meaning, examples

Every tool validates its arguments (names, sizes, known ids and columns) and answers a bad one
with an MCP tool error naming what was wrong — an argument the tool does not take is an error that
names the ones it does; nothing here writes to the catalog. ``recommend`` keeps long-term memory
only for a ``user`` the client names (one person); without one, a conversation has session memory
only.
"""

from __future__ import annotations

import json
import threading
from typing import Annotated, Any

from pydantic import BaseModel, Field

from convrec.errors import ConvrecError

MAX_MESSAGE = 8000
MAX_K = 50
MAX_IDS = 20

INSTRUCTIONS = ("A conversational recommender over one catalog. Use `recommend` for a person's request in their own "
                "words (pass the returned session_id to continue the conversation); `search_items`, `item_details`, "
                "`similar_items` and `explain` read the catalog directly. Every item has an `id`; reasons are "
                "evidence computed from the data.")


class ConditionArg(BaseModel):
    """One hard condition on a catalog column."""

    column: str = Field(max_length=128, description="a column of the catalog (see catalog_info), e.g. genres, year, price")
    op: str = Field(description="=, !=, <, <=, >, >=, contains / not_contains (list columns), in / not_in (a list value)")
    value: float | int | bool | str | list[str | float] = Field(description="the value (a list for in / not_in)")


Message = Annotated[str, Field(min_length=1, max_length=MAX_MESSAGE, description="what the person asks, in their words")]
K = Annotated[int, Field(ge=1, le=MAX_K, description="how many items")]
Id = Annotated[str, Field(min_length=1, max_length=256, description="a catalog item id")]
Ids = Annotated[list[Annotated[str, Field(min_length=1, max_length=256)]],
                Field(min_length=1, max_length=MAX_IDS, description="catalog item ids")]
Conds = Annotated[list[ConditionArg], Field(max_length=16, description="hard conditions every item must meet")]


class Service:
    """The agent and its catalog, built on first use (an MCP client's handshake never waits for it)."""

    def __init__(self, config, dataset: str, strategy: str):
        self.config = config
        self.dataset = dataset
        self.strategy = strategy
        self._agent = None
        self._lock = threading.Lock()

    @property
    def agent(self):
        with self._lock:
            if self._agent is None:
                from convrec.api import Agent

                from convrec.core.sessions import ANONYMOUS

                # no shared identity: a client that names no user gets session memory only
                self._agent = Agent.from_config(self.config, self.dataset, strategy=self.strategy, user_id=ANONYMOUS)
            return self._agent

    @property
    def catalog(self):
        return self.agent.catalog

    # ------------------------------------------------------------ helpers
    def check_ids(self, ids: list[str]) -> list[str]:
        known = self.catalog.items.index
        out = [str(i).strip() for i in ids]
        bad = [i for i in out if i not in known]
        if bad:
            raise ValueError(f"unknown item id{'s' if len(bad) > 1 else ''} {', '.join(map(repr, bad[:5]))} "
                             f"in '{self.dataset}' (ids come from search_items or recommend)")
        return out

    def item(self, item_id: str, reasons: list[dict] | None = None, score: float | None = None) -> dict[str, Any]:
        cat = self.catalog
        out: dict[str, Any] = {"id": item_id, "title": cat.distinct_title(item_id), "facets": _plain(cat.describe(item_id))}
        out["facets"].pop("title", None)
        out["facets"].pop("item_id", None)
        if score is not None:
            out["score"] = round(float(score), 4)
        if reasons is not None:
            out["reasons"] = [{"kind": r.get("kind"), "text": r.get("text"), "evidence": _plain(r.get("evidence", {}))}
                              for r in reasons]
        return out

    def conditions(self, conds: list[ConditionArg]):
        from convrec.tools.base import ToolError
        from convrec.tools.filters import Condition, Filter, build_sql

        try:
            flt = Filter(conditions=[Condition(column=c.column, op=c.op, value=c.value) for c in conds])
            build_sql(self.catalog.ds, flt)  # unknown columns and values are named here
        except (ConvrecError, ToolError) as e:
            raise ValueError(str(e)) from None
        except Exception as e:  # noqa: BLE001 - pydantic errors: the caller's input
            raise ValueError(f"bad condition: {_short(e)}") from None
        return flt

    # ------------------------------------------------------------ tools
    def recommend(self, message: str, session_id: str | None, k: int, user: str | None = None) -> dict[str, Any]:
        from convrec.core.sessions import is_person

        agent = self.agent
        store = agent.store
        user = (user or "").strip() or None
        if user is not None and not is_person(user):
            raise ValueError(f"user {user!r} is reserved: name one person, or leave it out for session memory only")
        if session_id:
            s = store.get(session_id) if store is not None else None
            if store is not None and s is None:
                raise ValueError(f"unknown session_id {session_id!r} (leave it out to start a conversation)")
            if s is not None and user is not None and is_person(s["user_id"]) and s["user_id"] != user:
                raise ValueError(f"session_id {session_id!r} belongs to another user")
        elif user is not None and store is not None:  # a new conversation of this person: their memory
            session_id = store.create(user, self.catalog.ds.name, agent.strategy.name)
        turn = agent.chat(message, session=session_id or None, k=k)
        return {"session_id": turn.session, "reply": turn.reply, **({"memory": turn.memory} if turn.memory else {}),
                "items": [self.item(str(it["id"]), it.get("reasons") or []) for it in turn.items[:k]],
                **({"degraded": turn.degraded} if turn.degraded else {})}

    def search(self, text: str, conditions: list[ConditionArg], k: int) -> dict[str, Any]:
        from convrec.tools.filters import apply_filter
        from convrec.tools.reasons import explain_items

        if not text.strip() and not conditions:
            raise ValueError("give words to search for, conditions, or both")
        flt = self.conditions(conditions) if conditions else None
        allowed = apply_filter(self.catalog.ds, flt, None) if flt is not None else None
        scores: dict[str, float] = {}
        if text.strip():
            emb = self.catalog.model("embeddings")
            if allowed is not None and not allowed:
                ids = []
            else:
                found, s = emb.search(text, candidates=allowed, k=k)
                ids = [str(i) for i in found]
                scores = dict(zip(ids, map(float, s)))
        else:
            ids = list(allowed or [])[:k]  # by popularity
        items = explain_items(self.catalog, [{"id": i} for i in ids],
                              conditions=flt.conditions if flt is not None else (),
                              preferences=[text] if text.strip() else ())
        out = {"items": [self.item(it["id"], it.get("reasons") or [], scores.get(it["id"])) for it in items]}
        if allowed is not None:
            out["matching"] = len(allowed)
        return out

    def details(self, item_id: str) -> dict[str, Any]:
        (item_id,) = self.check_ids([item_id])
        return self.item(item_id)

    def similar(self, item_ids: list[str], k: int) -> dict[str, Any]:
        from convrec.tools.reasons import explain_items

        seeds = self.check_ids(item_ids)
        cat = self.catalog
        ids: list[str] = []
        scores: dict[str, float] = {}
        sources = ["itemcf", "embeddings"] if cat.has_interactions else ["embeddings"]
        for art in sources:
            try:
                model = cat.model(art)
            except Exception:  # noqa: BLE001 - a catalog without that model: the next one
                continue
            found, s = model.similar_items(seeds, k=k)
            for i, sc in zip(found, s):
                i = str(i)
                if i not in scores and i not in seeds and len(ids) < k and sc > 0:
                    ids.append(i)
                    scores[i] = float(sc)
            if len(ids) >= k:
                break
        items = explain_items(cat, [{"id": i} for i in ids], seeds=seeds)
        return {"seeds": [self.item(s) for s in seeds],
                "items": [self.item(it["id"], it.get("reasons") or [], scores.get(it["id"])) for it in items]}

    def explain(self, item_id: str, liked: list[str], conditions: list[ConditionArg], request: str) -> dict[str, Any]:
        from convrec.tools.reasons import explain, likes_of
        from convrec.tools.verify import violations

        (item_id,) = self.check_ids([item_id])
        seeds = self.check_ids(liked) if liked else []
        flt = self.conditions(conditions) if conditions else None
        conds = flt.conditions if flt is not None else []
        reasons = explain(self.catalog, item_id, seeds, conds, [request] if request.strip() else (), likes_of(self.catalog))
        broken = [f"{c.column} {c.op} {c.value}" for c in violations(self.catalog.vocab, item_id, conds)] if conds else []
        out = self.item(item_id, reasons)
        out["fits_conditions"] = not broken
        if broken:
            out["violated"] = broken
        return out

    def card(self) -> dict[str, Any]:
        from convrec.nlu.card import build_card

        c = build_card(self.catalog.vocab)
        return {"dataset": self.dataset, "domain": c.domain, "items": c.n_items, "about": c.about_text(),
                "examples": list(c.examples[:6]), "strategy": self.strategy}

    def schema(self) -> list[dict[str, Any]]:
        keep = ("name", "type", "role", "meaning", "examples", "min", "max", "unit", "label")
        return [{k: _plain(c[k]) for k in keep if k in c} for c in self.catalog.ds.columns if c["name"] != "popularity"]


def build_server(service: Service):
    """The MCPServer with convrec's tools and resources."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    class StrictServer(MCPServer):
        """Arguments a tool does not take are an error naming the ones it does (a misspelt
        condition must never be answered as if it had been applied)."""

        async def call_tool(self, name, arguments, context=None):
            tool = self._tool_manager.get_tool(name)
            if tool is not None:
                allowed = list((tool.parameters or {}).get("properties", {}))
                unknown = [a for a in (arguments or {}) if a not in allowed]
                if unknown:
                    raise ToolError(f"{name}: unknown argument{'s' if len(unknown) > 1 else ''} "
                                    f"{', '.join(map(repr, unknown))}; it takes "
                                    + (", ".join(allowed) if allowed else "no arguments"))
            return await super().call_tool(name, arguments, context)

    srv = StrictServer(name="convrec", title=f"convrec · {service.dataset}", instructions=INSTRUCTIONS,
                       log_level="WARNING")
    ro = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)

    def guarded(fn, *a):
        try:
            return fn(*a)
        except (ValueError, ConvrecError) as e:
            raise ToolError(str(e)) from None
        except KeyError as e:
            raise ToolError(f"not found: {e}") from None

    @srv.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=False,
                                          openWorldHint=False))
    def recommend(message: Message, session_id: Annotated[str | None, Field(max_length=128)] = None,
                  k: K = 5,
                  user: Annotated[str | None, Field(max_length=256, description=(
                      "the person asking (a stable id of one person): their long-term memory is kept and used; "
                      "leave it out for session memory only"))] = None) -> dict[str, Any]:
        """One turn of the recommender agent: a request in the person's words ("2D strategy games after
        2015 under $30", "something like Alien but funnier", "why that one?"). Returns the reply, the
        items (id, title, facets) with the evidence for each, and a session_id to continue."""
        return guarded(service.recommend, message, session_id, k, user)

    @srv.tool(annotations=ro)
    def search_items(text: Annotated[str, Field(max_length=1000, description="words describing the items")] = "",
                     conditions: Conds = [], k: K = 10) -> dict[str, Any]:  # noqa: B006 - pydantic copies it
        """Catalog items matching words (semantic text search) and/or hard conditions such as
        {"column": "year", "op": ">=", "value": 2015}; conditions are checked against the catalog's
        columns and values (see catalog_info). Without words, the most popular matching items."""
        return guarded(service.search, text, conditions, k)

    @srv.tool(annotations=ro)
    def item_details(item_id: Id) -> dict[str, Any]:
        """The stored facts of one item (every column of the catalog that has a value)."""
        return guarded(service.details, item_id)

    @srv.tool(annotations=ro)
    def similar_items(item_ids: Ids, k: K = 10) -> dict[str, Any]:
        """Items like the given ones: liked by the same people where the catalog has interactions,
        else closest in text; each with the evidence (co-liking counts, shared values)."""
        return guarded(service.similar, item_ids, k)

    @srv.tool(annotations=ro)
    def explain(item_id: Id, liked_item_ids: Annotated[list[str], Field(max_length=MAX_IDS)] = [],  # noqa: B006
                conditions: Conds = [],  # noqa: B006
                request: Annotated[str, Field(max_length=1000, description="the request, for matched words")] = "",
                ) -> dict[str, Any]:
        """Why an item fits: the evidence the data holds — co-liking with the liked items, shared
        values, the conditions it meets (and any it breaks), words of the request it matches."""
        return guarded(service.explain, item_id, liked_item_ids, conditions, request)

    @srv.tool(annotations=ro)
    def catalog_info() -> dict[str, Any]:
        """What the catalog holds: its kind of item, size, what can be asked, example requests,
        and its columns (names, types, roles, example values) for conditions."""
        return guarded(lambda: {**service.card(), "columns": service.schema()})

    @srv.resource("convrec://catalog/card", name="catalog card", mime_type="application/json",
                  description="What the catalog holds and example requests")
    def card_resource() -> str:
        return json.dumps(service.card())

    @srv.resource("convrec://catalog/schema", name="catalog columns", mime_type="application/json",
                  description="The catalog's columns: name, type, role, meaning, examples")
    def schema_resource() -> str:
        return json.dumps(service.schema())

    for t in srv._tool_manager.list_tools():  # the schemas say so too
        if isinstance(t.parameters, dict):
            t.parameters["additionalProperties"] = False
    return srv


def _plain(v):
    """JSON-safe: numpy scalars and arrays as Python values."""
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "tolist"):
        return v.tolist()
    if hasattr(v, "item"):
        return v.item()
    return v


def _short(e: Exception) -> str:
    return " ".join(str(e).split())[:300]
