"""One Strategy protocol and a registry: every way of answering a turn (InteRecAgent, the
baselines, and the strategies to come) is built by name from the same dependencies, so chat,
ask, the Python API and the evaluation harness run the same agent."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from convrec.core.turn import Turn
from convrec.errors import ConvrecError


@runtime_checkable
class Strategy(Protocol):
    """What interfaces and the evaluation need of a strategy. Every registered strategy is a
    :class:`convrec.core.loop.TurnLoop`: ``turn`` is the one shared loop (session, storage,
    understanding, refusal, verification, metering) and the strategy writes only ``respond``."""

    name: str
    user_id: str
    catalog: Any

    def turn(self, message: str, session: str | None = None, candidates: Sequence[str] | None = None,
             k: int | None = None, context: Sequence[dict] | None = None, key: str | None = None) -> Turn:
        """Answer one user message (``candidates``: item ids to choose from; ``k``: how many;
        ``context``: earlier messages of a conversation held elsewhere, ``{"role", "content"}``;
        ``key``: the client's idempotency key, so a retried message is stored once)."""

    def respond(self, intent: Any, conversation: list[dict], ctx: Any) -> Turn:
        """The strategy's answer to an understood message (``intent``: a
        :class:`convrec.nlu.RequestIntent`; ``conversation``: the session's stored messages, this
        one last; ``ctx``: a :class:`convrec.core.loop.TurnContext`)."""

    def new_session(self) -> str:
        """A new conversation id."""


@dataclass
class StrategyDeps:
    """Everything a strategy may be built from."""

    catalog: Any
    """convrec.core.catalog.CatalogAccess"""
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
    """a shared :class:`convrec.core.sessions.SessionStore` (the server's); else one opened on ``sessions_db``"""

    @classmethod
    def from_config(cls, config: Any, catalog: Any, strategy: str, llm: Any = None, *, sessions_db: Path | None = None,
                    store: Any = None, user_id: str = "local", k: int | None = None, seed: int = 0,
                    memory: bool = True, reflection: int | None = None) -> "StrategyDeps":
        """The one way every interface (CLI, server, Python API, evaluation, benchmarks) gathers a
        strategy's dependencies: the same text encoder (with its on-disk cache) for every
        strategy that declares one, the configured count and reflection unless overridden."""
        encoder = None
        if capabilities(strategy).encoder:
            from convrec.models.embeddings import TextEncoder

            encoder = TextEncoder(config.threads, cache_dir=config.home / "cache" / "text")
        a = config.agent
        return cls(catalog, llm, sessions_db or config.home / "sessions.db", k=a.k if k is None else k, seed=seed,
                   memory=memory, reflection=a.reflection if reflection is None else reflection, encoder=encoder,
                   user_id=user_id, store=store)


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
    """it reads the chat models (``convrec.setup.chat_artifacts``: text encodings,
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


REGISTRY: dict[str, tuple[Callable[[StrategyDeps], Strategy], Capabilities]] = {}
"""name → (factory, what it declares)"""
ALIASES: dict[str, str] = {}
"""short name → registered name (filled where the strategies register)"""


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


def check_strategy(name: str) -> str:
    name = ALIASES.get(name, name)
    if not REGISTRY:
        raise ConvrecError("no strategy is registered: import convrec.strategies first")
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
