"""The Python API: ``Agent.from_config(config).chat(message, session=...) -> Turn``."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from convrec.agent.demos import DemoBank
from convrec.agent.interecagent import InteRecAgent
from convrec.agent.memory import SessionStore
from convrec.agent.turn import Turn
from convrec.catalog.registry import DEFAULT_DATASET, check_name
from convrec.catalog.store import open_dataset
from convrec.config import Config
from convrec.llm.base import LLM
from convrec.tools.catalog import CatalogAccess


def default_demos_path(config: Config, dataset: str) -> Path:
    """Where ``convrec demos generate`` writes a dataset's demonstrations by default."""
    return config.home / "demos" / f"{dataset}.jsonl"


class Agent:
    """A conversational recommender over one dataset with one strategy."""

    def __init__(self, strategy: InteRecAgent):
        self.strategy = strategy

    @classmethod
    def from_config(cls, config: Config, dataset: str = DEFAULT_DATASET, llm: LLM | None = None,
                    say: Callable[[str], None] | None = None, user_id: str = "local",
                    sessions_db: Path | None = None, reflection: int | None = None) -> "Agent":
        """Build the agent for ``dataset``. ``reflection`` overrides ``config.agent.reflection``
        (0 = off, N = at most N critic rounds per turn)."""
        from convrec.llm.factory import make_llm
        from convrec.models.embeddings import TextEncoder

        check_name(config, dataset)
        ds = open_dataset(config, dataset, progress=say)
        catalog = CatalogAccess(ds, config, say=say)
        llm = llm or make_llm(config, notify=say)
        store = SessionStore(sessions_db or config.home / "sessions.db")
        extra = config.agent.demos_file
        if extra is None and default_demos_path(config, dataset).is_file():
            extra = default_demos_path(config, dataset)  # written by `convrec demos generate`
        demos = DemoBank(ds, TextEncoder(config.threads), extra=extra)
        if extra is not None and say:
            say(f"using {len(demos.demos) - demos.n_seeds} extra demonstrations from {extra}"
                + (f" ({demos.skipped} invalid lines skipped)" if demos.skipped else ""))
        a = config.agent
        return cls(InteRecAgent(catalog, llm, store, demos, k=a.k, n_demos=a.n_demos, user_id=user_id,
                                reflection=a.reflection if reflection is None else reflection))

    def chat(self, message: str, session: str | None = None, candidates: list[str] | None = None,
             k: int | None = None) -> Turn:
        """One turn. ``candidates``: catalog ids to choose from (instead of the whole catalog);
        ``k``: how many items to show."""
        return self.strategy.turn(message, session, candidates=candidates, k=k)

    def new_session(self) -> str:
        return self.strategy.new_session()

    @property
    def store(self) -> SessionStore:
        return self.strategy.store
