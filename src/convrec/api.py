"""The Python API: ``Agent.from_config(config).chat(message, session=...) -> Turn``."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from convrec.core.sessions import SessionStore
from convrec.strategies import (DEFAULT_STRATEGY, Strategy, StrategyDeps, build_strategy,  # noqa: F401
                                    capabilities, check_strategy, default_demos_path, needs_llm)
from convrec.core.turn import Turn
from convrec.catalog.registry import DEFAULT_DATASET, check_name
from convrec.catalog.store import open_dataset
from convrec.config import Config
from convrec.llm.base import LLM
from convrec.timing import stage
from convrec.core.catalog import CatalogAccess


class Agent:
    """A conversational recommender over one dataset with one strategy (any
    :class:`convrec.core.registry.Strategy`)."""

    def __init__(self, strategy: Strategy, deps: StrategyDeps | None = None):
        self.strategy = strategy
        self.deps = deps
        """what it was built from (catalog, LLM, store, encoder): interfaces read these, not the strategy"""

    @property
    def catalog(self):
        """The catalog the agent answers from."""
        return self.deps.catalog if self.deps is not None else self.strategy.catalog

    @classmethod
    def from_config(cls, config: Config, dataset: str = DEFAULT_DATASET, llm: LLM | None = None,
                    say: Callable[[str], None] | None = None, user_id: str = "local",
                    sessions_db: Path | None = None, reflection: int | None = None,
                    strategy: str = DEFAULT_STRATEGY, with_llm: bool = True, store=None) -> "Agent":
        """Build the agent for ``dataset`` with the strategy registered as ``strategy``.
        ``reflection`` overrides ``config.agent.reflection`` (0 = off, N = at most N critic
        rounds per turn). ``with_llm=False`` builds it without an LLM (to prepare its caches).
        ``store``: a session store to share (the server's); default: SQLite at ``sessions_db``."""
        from convrec.llm.factory import make_llm
        check_name(config, dataset)
        name = check_strategy(strategy)
        with stage("open dataset"):
            ds = open_dataset(config, dataset, progress=say)
        catalog = CatalogAccess(ds, config, say=say)
        if llm is None and needs_llm(name) and with_llm:
            with stage("LLM resolved (loads on first call)"):
                llm = make_llm(config, notify=say, load_now=False)
        deps = StrategyDeps.from_config(config, catalog, name, llm, sessions_db=sessions_db, store=store,
                                        user_id=user_id, reflection=reflection)
        with stage(f"strategy built ({name})"):
            s = build_strategy(name, deps)
        demos = getattr(s, "demos", None)
        if demos is not None and demos.extra_source is not None and say:
            say(f"using {len(demos.demos) - demos.n_seeds} extra demonstrations from {demos.extra_source}"
                + (f" ({demos.skipped} invalid lines skipped)" if demos.skipped else ""))
        return cls(s, deps)

    def chat(self, message: str, session: str | None = None, candidates: list[str] | None = None,
             k: int | None = None) -> Turn:
        """One turn. ``candidates``: catalog ids to choose from (instead of the whole catalog);
        ``k``: how many items to show."""
        return self.strategy.turn(message, session, candidates=candidates, k=k)

    def new_session(self) -> str:
        return self.strategy.new_session()

    @property
    def store(self) -> SessionStore | None:
        """Persisted sessions and profiles (strategies without them: None)."""
        return getattr(self.strategy, "store", None)
