"""One Strategy protocol and a registry: every way of answering a turn (InteRecAgent, the
baselines, and the strategies to come) is built by name from the same dependencies, so chat,
ask, the Python API and the evaluation harness run the same agent."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from convrec.agent.turn import Turn
from convrec.errors import ConvrecError


@runtime_checkable
class Strategy(Protocol):
    """What interfaces and the evaluation need of a strategy."""

    name: str
    user_id: str
    catalog: Any

    def turn(self, message: str, session: str | None = None, candidates: Sequence[str] | None = None,
             k: int | None = None, context: Sequence[dict] | None = None) -> Turn:
        """Answer one user message (``candidates``: item ids to choose from; ``k``: how many;
        ``context``: earlier messages of a conversation held elsewhere, ``{"role", "content"}``)."""

    def new_session(self) -> str:
        """A new conversation id."""


@dataclass
class StrategyDeps:
    """Everything a strategy may be built from."""

    catalog: Any
    """convrec.tools.catalog.CatalogAccess"""
    llm: Any = None
    sessions_db: Path | None = None
    k: int = 10
    seed: int = 0
    memory: bool = True
    reflection: int = 0
    encoder: Any = None
    """a text encoder for demonstration selection (MiniLM), or None"""
    user_id: str = "local"
    store: Any = None
    """a shared :class:`convrec.agent.memory.SessionStore` (the server's); else one opened on ``sessions_db``"""


ABLATIONS = ("context", "cf", "seq", "content", "priors", "chat", "ctx", "llm")
"""Signals an evaluation can switch off: ``context`` the conversation before the last message;
``cf`` / ``seq`` / ``content`` / ``priors`` / ``chat`` (dialogue counts) / ``ctx`` (closeness to
every item the conversation named) views of the preference ranker (refitted without them);
``llm`` the agent's LLM (no planner call, template replies). A strategy declares which it
supports (:attr:`Capabilities.ablations`)."""


@dataclass(frozen=True)
class Capabilities:
    """What a strategy declares about itself, so interfaces and the evaluation ask the registry
    instead of testing strategy names."""

    needs_llm: bool = True
    """it cannot answer without a brain"""
    prepared_models: bool = False
    """it reads the chat models (``convrec.agent.setup.chat_artifacts``: text encodings,
    ItemCF, SASRec, the preference ranker): build them once, with progress, before the first
    turn (the CLI) or before serving (the server's warm-up)"""
    encoder: bool = False
    """it selects demonstrations with the MiniLM text encoder"""
    memory: bool = False
    """it keeps a short- and long-term user profile (``--no-memory`` switches it off)"""
    reflection: bool = False
    """it can critique and redo its own answer (``--reflection N``)"""
    ablations: frozenset[str] = frozenset({"context"})
    """which of :data:`ABLATIONS` it can switch off"""


DEFAULT_STRATEGY = "interecagent"
"""The strategy chat, ask, serve and eval use unless told otherwise."""
REGISTRY: dict[str, tuple[Callable[[StrategyDeps], Strategy], Capabilities]] = {}
"""name → (factory, what it declares)"""
ALIASES = {"random": "baseline-random", "popularity": "baseline-popularity", "llm-only": "baseline-llm-only", "llm-div": "baseline-llm-div",
           "chat-rec": "baseline-chat-rec", "llm-rank": "baseline-llm-rank"}


def register(name: str, needs_llm: bool = True, **declared):
    """Register a strategy factory under ``name`` with its :class:`Capabilities`."""
    caps = Capabilities(needs_llm=needs_llm, **declared)

    def deco(factory: Callable[[StrategyDeps], Strategy]):
        REGISTRY[name] = (factory, caps)
        return factory
    return deco


def capabilities(name: str) -> Capabilities:
    return REGISTRY[check_strategy(name)][1]


def supporting(feature: str) -> list[str]:
    """The registered strategies that declare ``feature`` (a :class:`Capabilities` field that
    is true, or an ablation name)."""
    return [n for n, (_, c) in REGISTRY.items() if (feature in c.ablations if feature in ABLATIONS else getattr(c, feature))]


def strategy_names() -> list[str]:
    return list(REGISTRY)


def strategies_help() -> str:
    """The registered names, for an option's help (the default first)."""
    names = [DEFAULT_STRATEGY] + [n for n in REGISTRY if n != DEFAULT_STRATEGY]
    return f"{names[0]} (default) | " + " | ".join(names[1:])


def check_strategy(name: str) -> str:
    name = ALIASES.get(name, name)
    if name not in REGISTRY:
        raise ConvrecError(f"unknown strategy '{name}' (choose {', '.join(REGISTRY)})")
    return name


def needs_llm(name: str) -> bool:
    return capabilities(name).needs_llm


def build_strategy(name: str, deps: StrategyDeps) -> Strategy:
    factory, _ = REGISTRY[check_strategy(name)]
    s = factory(deps)
    s.user_id = deps.user_id
    return s


def default_demos_path(config, dataset: str) -> Path:
    """Where ``convrec demos generate`` writes a dataset's demonstrations by default."""
    return config.home / "demos" / f"{dataset}.jsonl"


def demo_bank(catalog, encoder=None):
    """The demonstrations every interface uses: the seeds, plus ``[agent] demos_file`` or the
    file ``convrec demos generate`` wrote for this dataset."""
    from convrec.agent.demos import DemoBank

    config = catalog.config
    extra = config.agent.demos_file
    default = default_demos_path(config, catalog.ds.name)
    if extra is None and default.is_file():
        extra = default
    return DemoBank(catalog.ds, encoder, extra=extra)


@register("interecagent", prepared_models=True, encoder=True, memory=True, reflection=True,
          ablations=frozenset(ABLATIONS))
def _interecagent(d: StrategyDeps) -> Strategy:
    from convrec.agent.interecagent import InteRecAgent
    from convrec.agent.memory import SessionStore

    cfg = d.catalog.config
    d.catalog.vocab  # items, linker and vocabulary: from the cache a previous process wrote, before anything reads items
    store = d.store or SessionStore(d.sessions_db or cfg.home / "sessions.db")
    return InteRecAgent(d.catalog, d.llm, store, demo_bank(d.catalog, d.encoder), k=d.k, n_demos=cfg.agent.n_demos,
                        reflection=d.reflection, memory=d.memory, llm_intro=cfg.agent.llm_intro,
                        planner=cfg.agent.planner, soft_brain=cfg.agent.soft_brain)


def _omulet(policy: str | None):
    @register("omulet" if policy is None else f"omulet-p{policy}")
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.agent.memory import SessionStore
        from convrec.agent.omulet import Omulet

        cfg = d.catalog.config
        o = cfg.omulet
        d.catalog.vocab  # items, linker and vocabulary from the runtime cache, before anything reads items
        store = d.store or (SessionStore(d.sessions_db) if d.sessions_db is not None else None)
        return Omulet(d.catalog, d.llm, k=d.k, seed=d.seed, policy=policy or o.policy, drop=o.drop, n_list=o.n_list,
                      n_candidates=o.n_candidates, names=o.names, novelty=o.novelty, order=o.order,
                      fuse=o.fuse, store=store)
    return factory


_omulet(None)
_omulet("llm")


def _toolrec(variant: str):
    from convrec.agent.toolrec import NO_LLM

    name = {"loop": "toolrec", "llmrank": "baseline-llm-rank"}.get(variant, f"toolrec-{variant}")

    @register(name, needs_llm=variant not in NO_LLM)
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.agent.memory import SessionStore
        from convrec.agent.toolrec import ToolRec

        t = d.catalog.config.toolrec
        d.catalog.vocab
        store = d.store or (SessionStore(d.sessions_db) if d.sessions_db is not None else None)
        return ToolRec(d.catalog, d.llm, k=d.k, seed=d.seed, variant=variant, max_rounds=t.max_rounds,
                       n_retrieve=t.n_retrieve, n_rank=t.n_rank, store=store)
    return factory


for _variant in ("loop", "single", "multi", "plan", "sasrec", "attr", "llmrank"):
    _toolrec(_variant)


def _baseline(kind: str, needs: bool):
    @register(f"baseline-{kind}", needs_llm=needs)
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.agent.baselines import make_baseline
        from convrec.agent.memory import SessionStore

        store = d.store or (SessionStore(d.sessions_db) if d.sessions_db is not None else None)
        return make_baseline(kind, d.catalog, d.llm if needs else None, k=d.k, seed=d.seed, store=store)
    return factory


for _kind, _needs in (("random", False), ("popularity", False), ("llm-only", True), ("llm-div", True), ("chat-rec", True)):
    _baseline(_kind, _needs)
