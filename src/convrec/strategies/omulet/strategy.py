"""OMuleT (Yoon et al. 2024, "OMuleT: Orchestrating Multiple Tools for Practicable Conversational
Recommendation"), over the shared toolbox.

One turn:

1. **Formatted intent** — one schema-constrained LLM call (five demonstrations in a static
   prompt) turns the request into like/dislike × {genres, items, properties, devices} plus
   age groups and genders. It is merged with the catalog-grounded :class:`RequestIntent`
   (:func:`merge_intent`): the rules' linked items and conditions always hold; what the LLM adds
   is kept only when it links to the catalog *and* its words are in what the user wrote (a small
   model's invented "liked items" never become seeds); free-form properties feed search only.
2. **Policy** — the paper's fixed policy P (Algorithm 1, :func:`fixed_policy`) runs the simple
   tools of :mod:`convrec.tools.omulet`; ``policy = "llm"`` (P_LLM) lets the LLM write the list
   of tool calls instead (JSON, executed by the same executor — a safe stand-in for the paper's
   generated Python). Every call is on the tracker. What the tools found is filtered, then
   ordered by the project's shared rank step (the learned preference ranker over the liked
   items and the user's words), so the LLM reads the most likely candidates first.
3. **Recommendation** — the LLM reads the request and the enumerated tool output and names up to
   20 items in order; each name is linked back to the catalog (names that link to nothing count
   against Factual and are dropped), duplicates go, and every item is checked against the stated
   conditions and the items the user already knows. The tools' order fills the list when the LLM
   names fewer than asked, and stands in for the LLM when it fails.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Sequence

from pydantic import BaseModel, Field

from convrec.prompts_data import load_prompts
from convrec.strategies.baselines import link_within, StoredStrategy
from convrec.tools.bus import CandidateBus, round_robin
from convrec.core.turn import Turn
from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.nlu.intent import RequestIntent
from convrec.catalog.text import noun_plural
from convrec.tools.base import ToolContext
from convrec.tools.omulet import AGE_GROUPS, GROUPS, TOOLS_BY_NAME, info_line, link_genre_values

Age = Literal["child", "teen", "young adult", "adult", "senior"]
Short = Field(default_factory=list, max_length=5)


class Preferences(BaseModel):
    genres: list[str] = Short
    items: list[str] = Short
    properties: list[str] = Short
    devices: list[str] = Field(default_factory=list, max_length=3)


class FormattedIntent(BaseModel):
    """What the LLM reads out of a request (the paper's formatted intent)."""

    like: Preferences = Field(default_factory=Preferences)
    dislike: Preferences = Field(default_factory=Preferences)
    ages: list[Age] = Field(default_factory=list, max_length=2)
    genders: list[Literal["female", "male"]] = Field(default_factory=list, max_length=2)


class Ranked(BaseModel):
    titles: list[str] = Field(default_factory=list, max_length=20)


def listed_schema(titles: Sequence[str], n: int) -> type[BaseModel]:
    """A :class:`Ranked` whose titles can only be the given strings (a JSON-schema enum, which
    constrained decoding — a llama.cpp grammar, or a server's ``json_schema`` mode — enforces)."""
    from pydantic import create_model

    options = tuple(dict.fromkeys(t for t in titles if t.strip()))
    return create_model("Ranked", titles=(list[Literal[options]], Field(default_factory=list, max_length=n)))


class ToolCall(BaseModel):
    tool: Literal["item_lookup", "genre_lookup", "search", "cf_similar", "content_similar", "age_group",
                  "default_items", "description_lookup"]
    input: str = Field(default="", max_length=120)
    """One string: item names (comma separated), a genre, a query or an age group."""


class PolicyPlan(BaseModel):
    calls: list[ToolCall] = Field(default_factory=list, max_length=8)


PROMPTS = load_prompts("convrec.strategies.omulet", "omulet.toml")
"""This strategy's prompts, as data (``prompts/omulet.toml``)."""
INTENT_SYSTEM = PROMPTS["intent_system"]

RANK_SYSTEM = PROMPTS["rank_system"]

POLICY_SYSTEM = PROMPTS["policy_system"]


@dataclass
class OmuletIntent:
    """The merged intent the policy runs on (ids and catalog values, never raw LLM text)."""

    liked: list[str] = field(default_factory=list)
    disliked: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    liked_genres: list[str] = field(default_factory=list)
    """Genre words that link to the catalog (the tools link them again to the catalog's values)."""
    disliked_genres: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    devices: list[str] = field(default_factory=list)
    ages: list[str] = field(default_factory=list)
    genders: list[str] = field(default_factory=list)
    conditions: tuple = ()
    """The rules' grounded conditions: every returned item meets them."""
    sources: dict[str, str] = field(default_factory=dict)
    """Where each kept LLM value came from (for the trace): ``"llm"``."""


def clean_name(name: str) -> str:
    """A name as the LLM copied it from our listing, without the listing's numbering and the
    bracketed information ("3. Up [2009; Animation]" → "Up")."""
    import re

    s = re.sub(r"^\s*\d{1,3}[.)]\s+", "", name)
    s = re.sub(r"\s*\[[^\]]*\]?\s*$", "", s)
    return s.strip() or name.strip()


def _said(phrase: str, text: str, cutoff: float = 85) -> bool:
    """Are these words (nearly) in what the user wrote?"""
    from rapidfuzz import fuzz

    from convrec.catalog.text import norm

    p, t = norm(phrase), norm(text)
    return bool(p) and (p in t or fuzz.partial_ratio(p, t) >= cutoff)


def merge_intent(fi: FormattedIntent | None, intent: RequestIntent, catalog, text: str,
                 fuzzy: bool = True) -> OmuletIntent:
    """The rules' intent, plus what the LLM read that the catalog and the user's words confirm.
    ``fuzzy=False`` (the linking tools ablated): the LLM's names and genres must match the
    catalog's spelling exactly."""
    from convrec.catalog.text import norm

    out = OmuletIntent(liked=list(intent.liked), disliked=list(intent.disliked), exclude=list(intent.excluded),
                       conditions=tuple(intent.conditions))
    cat_cols = set(catalog.vocab.role("category") + catalog.vocab.role("tag"))
    for c in intent.conditions:
        if c.column not in cat_cols:
            continue
        vals = [str(v) for v in (c.value if isinstance(c.value, (list, tuple)) else [c.value])]
        (out.liked_genres if c.op in ("contains", "in") else out.disliked_genres).extend(vals)
    if fi is not None:
        ruled = {norm(v) for v in out.liked_genres + out.disliked_genres}
        ruled |= {norm(v) for g in out.liked_genres + out.disliked_genres for _, v in link_genre_values(catalog, g, 1)}
        for side, names, genres in (("like", out.liked, out.liked_genres), ("dislike", out.disliked, out.disliked_genres)):
            prefs = getattr(fi, side)
            for name in prefs.items:
                if not _said(name, text):
                    continue
                ids, links = catalog.link([name])
                ok = links[0].score >= 88 if fuzzy else links[0].method == "exact"
                if ids and ok and ids[0] not in out.liked + out.disliked:
                    names.append(ids[0])
                    out.sources[ids[0]] = f"llm:{side}"
            for g in prefs.genres:
                values = link_genre_values(catalog, g, limit=1) if _said(g, text) else []
                if not fuzzy:
                    values = [(h.column, h.value) for h in catalog.vocab.lookup(norm(g))][:1]
                if not values or norm(g) in ruled or norm(values[0][1]) in ruled:
                    continue
                genres.append(g)
                ruled |= {norm(g), norm(values[0][1])}
                out.sources[g] = f"llm:{side}"
        out.properties = [p for p in fi.like.properties if _said(p, text, 80)][:5]
        out.devices = [d for d in fi.like.devices if _said(d, text)][:3]
        out.ages = [a for a in fi.ages if a in AGE_GROUPS][:1]
        out.genders = list(fi.genders)[:2]
    out.exclude = list(dict.fromkeys(out.exclude + out.liked + out.disliked))
    return out


RRF_K = 60
"""The reciprocal-rank-fusion constant (Cormack et al. 2009)."""


class _Run:
    """Executes tools against one turn's context, collecting candidate pools by source."""

    def __init__(self, catalog, ctx: ToolContext, drop: Sequence[str] = ()):
        self.catalog = catalog
        self.ctx = ctx
        self.drop = set(drop)
        self.pools: list[tuple[str, list[str]]] = []

    def call(self, tool: str, pool: bool = True, **args) -> list[str]:
        cls = TOOLS_BY_NAME[tool]
        if getattr(cls, "group", "") in self.drop:
            return []
        obs = cls()(args, self.ctx)
        ids = [str(i) for i in obs.data.get("ids", [])]
        if pool and ids and not obs.data.get("error"):
            self.pools.append((tool, ids))
        return ids

    def candidates(self) -> list[str]:
        """The pools interleaved round-robin (each source's best first), deduplicated."""
        return round_robin([p for _, p in self.pools])


def fixed_policy(run: _Run, oi: OmuletIntent, seed: int = 0) -> None:
    """Algorithm 1 of the paper: liked items → look-up + similar; liked genres → search by genre;
    still empty → search by liked properties; disliked items → look-up; age group; still empty
    → popular defaults."""
    if oi.liked:
        run.call("item_lookup", pool=False, names=[run.catalog.title(i) for i in oi.liked[:10]])
        run.call("cf_similar", ids=oi.liked[:20])
        run.call("content_similar", ids=oi.liked[:20])
    for g in oi.liked_genres[:3]:
        run.call("genre_lookup", genre=g)
    if not run.pools and oi.properties:
        run.call("search", query=" ".join(oi.properties)[:300])
    if oi.disliked:
        run.call("item_lookup", pool=False, names=[run.catalog.title(i) for i in oi.disliked[:10]])
    for a in oi.ages:
        run.call("age_group", group=a)
    if not run.pools:
        run.call("default_items", seed=seed)


def llm_policy(run: _Run, oi: OmuletIntent, llm: LLM, message: str, item: str, seed: int = 0) -> dict[str, Any]:
    """P_LLM: the LLM writes the tool calls; each string input is mapped onto the tool's typed
    input (titles are linked to ids first). An empty or failed plan falls back to P."""
    try:
        plan = llm.generate_json([{"role": "system", "content": POLICY_SYSTEM.format(item=item)},
                                  {"role": "user", "content": f"Request: {message[-800:]}"}], PolicyPlan,
                                 max_tokens=200, purpose="omulet-policy")
    except LLMError as e:
        fixed_policy(run, oi, seed)
        return {"policy": "fixed (the LLM's policy failed)", "error": str(e)[:200]}
    for c in plan.calls:
        s = c.input.strip()
        if c.tool in ("cf_similar", "content_similar"):
            ids, _ = run.catalog.link([x for x in s.split(",") if x.strip()] or [s]) if s else ([], [])
            ids = ids or oi.liked
            if ids:
                run.call(c.tool, ids=ids[:20])
        elif c.tool in ("item_lookup", "description_lookup"):
            if s:
                run.call(c.tool, pool=False, **({"names": [x for x in s.split(",") if x.strip()][:10]}
                                                 if c.tool == "item_lookup" else {"item": s[:300]}))
        elif c.tool == "genre_lookup" and s:
            run.call("genre_lookup", genre=s[:60])
        elif c.tool == "search" and s:
            run.call("search", query=s[:300])
        elif c.tool == "age_group" and s:
            run.call("age_group", group=s[:20])
        elif c.tool == "default_items":
            run.call("default_items", seed=seed)
    if not run.pools:
        fixed_policy(run, oi, seed)
    return {"policy": "llm", "calls": [c.model_dump() for c in plan.calls]}


class Omulet(StoredStrategy):
    """The OMuleT strategy (see the module docstring)."""

    name = "omulet"

    def __init__(self, catalog, llm: LLM | None, k: int = 10, seed: int = 0, policy: str = "fixed",
                 drop: Sequence[str] = (), n_list: int = 20, n_candidates: int = 40, names: str = "listed",
                 novelty: float = 0.5, order: str = "global", fuse: str = "llm", store=None):
        super().__init__(catalog, k, seed)
        self.llm = llm
        self.store = store
        self.checks_conditions = True  # it verifies its own items against the request's conditions
        """A :class:`convrec.core.sessions.SessionStore`: conversations persist across processes
        (the user's message is stored before the turn runs); None keeps them in memory."""
        self.policy = policy
        unknown = set(drop) - set(GROUPS) - {"llm-intent", "llm-rank"}
        if unknown:
            raise ValueError(f"unknown OMuleT ablation {sorted(unknown)} (choose {', '.join(GROUPS)}, llm-intent, llm-rank)")
        self.drop = tuple(drop)
        self.n_list = n_list
        self.n_candidates = n_candidates
        if names not in ("listed", "free"):
            raise ValueError(f"unknown OMuleT names mode {names!r} (choose listed or free)")
        self.names = names
        """listed: the LLM can only name titles of the candidates it was shown (a JSON-schema
        enum, so every name is a catalog item — small models otherwise copy the listing's
        format or misspell long store titles); free: the paper's open enumeration."""
        self.novelty = novelty
        if order not in ("global", "pools"):
            raise ValueError(f"unknown OMuleT order {order!r} (choose global or pools)")
        self.order = order
        """global: the rank step orders all the tools' candidates in one list; pools: each tool's
        candidates are ordered by the rank step within that tool's list and the lists are
        interleaved (every source keeps its share of the top)."""
        if fuse not in ("llm", "rrf"):
            raise ValueError(f"unknown OMuleT fuse {fuse!r} (choose llm or rrf)")
        self.fuse = fuse
        """llm: the LLM's names first, then the tools' order (the paper); rrf: reciprocal-rank
        fusion of the LLM's order and the tools' order."""
        if policy == "llm":
            self.name = "omulet-pllm"

    # ------------------------------------------------------------------ steps
    def formatted_intent(self, text: str) -> tuple[FormattedIntent | None, str | None]:
        if self.llm is None or "llm-intent" in self.drop:
            return None, None
        try:
            fi = self.llm.generate_json([{"role": "system", "content": INTENT_SYSTEM.format(item=self.catalog.domain)},
                                         {"role": "user", "content": f"Request: {text[-1200:]}"}], FormattedIntent,
                                        max_tokens=220, purpose="omulet-intent")
            return fi, None
        except LLMError as e:
            return None, str(e)[:200]

    def enumerate_items(self, message: str, listing: str, n: int,
                        titles: Sequence[str] = ()) -> tuple[list[str] | None, str | None]:
        """The LLM names up to ``n`` items for the request from the listing. With ``titles``
        (names = "listed") the names are constrained to those strings."""
        if self.llm is None or "llm-rank" in self.drop:
            return None, None
        schema: type[BaseModel] = Ranked
        if self.names == "listed" and titles:
            schema = listed_schema(titles, n)
        try:
            out = self.llm.generate_json([{"role": "system", "content": RANK_SYSTEM.format(item=self.catalog.domain, n=n)},
                                          {"role": "user", "content": f"Request: {message[-800:]}\nCandidates:\n{listing}"}],
                                         schema, max_tokens=30 + 22 * n, purpose="omulet-rank",
                                         include_schema=schema is Ranked)
            if schema is not Ranked:
                return [t for t in out.titles if t.strip()], None
            return [clean_name(t) for t in out.titles if t.strip()], None
        except LLMError as e:
            return None, str(e)[:200]

    # ------------------------------------------------------------------ the turn
    def _turn(self, hist, candidates, k, intent) -> Turn:
        from convrec.core.answers import item_view
        from convrec.tools.verify import verify

        cat = self.catalog
        message = hist[-1]["content"]
        earlier = hist[:-1]
        k = intent.k or k
        user_text = " ".join(m["content"] for m in hist if m["role"] == "user")
        trace: list[dict[str, Any]] = [{"step": "understand", "intent": intent.to_dict()}]
        fi, err = self.formatted_intent(user_text if earlier else message)
        oi = merge_intent(fi, intent, cat, user_text, fuzzy="linking" not in self.drop)
        trace.append({"step": "formatted_intent", "llm": fi.model_dump() if fi is not None else None, "error": err,
                      "merged": asdict(oi) | {"conditions": [c.describe() for c in oi.conditions]}})
        bus = CandidateBus(len(cat.items))
        ctx = ToolContext(bus, cat, k=k, text=user_text, conversational=bool(earlier), conditions=oi.conditions,
                          mentioned=tuple(intent.items()) if earlier else ())
        run = _Run(cat, ctx, self.drop)
        if fi is not None:  # the linking tools, on the tracker: what the LLM's words became
            names = [n for p in (fi.like, fi.dislike) for n in p.items][:25]
            if names:
                run.call("link_item", pool=False, names=names)
            for g in [g for p in (fi.like, fi.dislike) for g in p.genres][:5]:
                run.call("link_genre", pool=False, genre=g[:60])
        seed = int(self.rng.integers(0, 2**31 - 1))
        if candidates is not None:  # the user's own list: the policy orders it, nothing else comes in
            run.pools.append(("given", list(candidates)))
            if oi.liked:
                sim = run.call("cf_similar", pool=False, ids=oi.liked[:20], n=200)
                run.pools.insert(0, ("given-similar", [i for i in sim if i in set(candidates)]))
            policy_info: dict[str, Any] = {"policy": "given candidates"}
        elif self.policy == "llm" and self.llm is not None:
            policy_info = llm_policy(run, oi, self.llm, user_text if earlier else message, cat.domain, seed)
        else:
            fixed_policy(run, oi, seed)
            policy_info = {"policy": "fixed"}
        pool = run.candidates()
        if "filter" in self.drop:
            kept = [i for i in pool if i not in set(oi.exclude)]
        else:
            kept = run.call("filter_items", pool=False, ids=pool[:2000], disliked_genres=oi.disliked_genres[:10],
                            exclude=oi.exclude[:200])
        if len(kept) < k and oi.conditions and candidates is None:
            from convrec.tools.verify import matching

            kept += [i for i in matching(cat, oi.conditions, oi.exclude) if i not in set(kept)]
        if kept and "lookup" not in self.drop:  # the shared rank step orders what the tools found
            ranked = run.call("preference_rank", pool=False, ids=kept[:2000], liked=oi.liked[:50],
                              disliked=oi.disliked[:50], novelty=self.novelty)
            kept = ranked + [i for i in kept if i not in set(ranked)]
            if self.order == "pools" and run.pools:
                pos = {i: n for n, i in enumerate(kept)}
                kept = round_robin([sorted((i for i in p if i in pos), key=pos.__getitem__) for _, p in run.pools]
                                   + [kept])
        shown = kept[: self.n_candidates]
        listing = "\n".join(f"{n}. {info_line(cat, i)}" for n, i in enumerate(shown, 1))
        if "format" not in self.drop:
            run.call("enumerate", pool=False, ids=shown)
        names, err2 = self.enumerate_items(user_text if earlier else message, listing, min(self.n_list, max(k, 1) * 2),
                                           titles=[cat.title(i) for i in shown])
        ids: list[str] = []
        named = linked_k = None
        if names is not None:
            per_name = []  # each name → a catalog id (the shown candidates first) or None
            for n in names:
                hit = link_within(cat, [n], shown) if shown else []
                per_name.append(hit[0] if hit else (cat.link([n])[0] or [None])[0])
            linked = list(dict.fromkeys(i for i in per_name if i is not None))
            ids, dropped = verify(cat.vocab, linked, [] if candidates is not None else oi.conditions, oi.exclude)
            if candidates is not None:
                ids = [i for i in ids if i in set(candidates)]
            named, linked_k = len(names[:k]), sum(i is not None for i in per_name[:k])
            trace.append({"step": "enumerate", "named": len(names), "linked": sum(i is not None for i in per_name),
                          "dropped": len(dropped), "titles": names})
        elif err2:
            trace.append({"step": "enumerate", "error": err2})
        if self.fuse == "rrf" and ids:  # the LLM's order and the tools' order, fused
            named_rank = {i: n for n, i in enumerate(ids)}
            tool_rank = {i: n for n, i in enumerate(kept)}

            def fused(i: str) -> float:
                return sum(1.0 / (RRF_K + 1 + r[i]) for r in (named_rank, tool_rank) if i in r)

            llm_named = set(ids)
            ids = sorted(dict.fromkeys(ids + kept), key=fused, reverse=True)[:k]
            llm_count = sum(i in llm_named for i in ids)
        else:
            llm_count = len(ids)
            ids += [i for i in kept if i not in set(ids)]
        ids = ids[:k]
        trace.append({"step": "policy", **policy_info, "tools": [s.to_dict() for s in bus.tracker.steps]})
        items = [item_view({"item_id": i, **cat.describe(i)}, cat.vocab) for i in ids]
        reply = self._reply(intent, oi, items, llm_count)
        return Turn(reply, items, trace=trace, named_items=named, linked_items=linked_k, intent=intent.to_dict())

    def _reply(self, intent: RequestIntent, oi: OmuletIntent, items: list[dict], from_llm: int) -> str:
        item = self.catalog.domain
        if intent.kind not in ("recommend", "choice") and not items:
            return f"Tell me what kind of {item} you are looking for."
        if not items:
            what = ", ".join(c.describe() for c in oi.conditions) or "your request"
            return f"No {item} in the catalog fits {what}; try relaxing a condition."
        why = []
        if oi.liked:
            why.append("you liked " + ", ".join(self.catalog.title(i) for i in oi.liked[:3]))
        if oi.conditions:
            why.append(", ".join(c.describe() for c in oi.conditions))
        elif oi.liked_genres:
            why.append(", ".join(oi.liked_genres[:3]))
        head = (f"Here is 1 {item}" if len(items) == 1 else f"Here are {len(items)} {noun_plural(item)}") + (f" ({'; '.join(why)})" if why else "") + ":"
        lines = [f"{n}. {it['title']}" for n, it in enumerate(items, 1)]
        return "\n".join([head] + lines)


__all__ = ["Omulet", "FormattedIntent", "merge_intent", "fixed_policy", "OmuletIntent", "Ranked", "PolicyPlan"]
