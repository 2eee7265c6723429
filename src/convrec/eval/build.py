"""Wiring for evaluation: strategies by name, LLM names, one evaluation end to end."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from convrec.config import Config
from convrec.errors import ConvrecError
from convrec.eval.harness import SESSION_PROTOCOLS, CaseRunner, RunSpec, RunStore, run_eval
from convrec.eval.simulator import UserSimulator
from convrec.eval.summary import summarize

STRATEGIES = ("interecagent", "baseline-random", "baseline-popularity", "baseline-llm-only", "baseline-chat-rec")
NO_LLM = ("baseline-random", "baseline-popularity")


def check_strategy(name: str) -> str:
    if name in ("random", "popularity", "llm-only", "chat-rec"):
        name = "baseline-" + name
    if name not in STRATEGIES:
        raise ConvrecError(f"unknown strategy '{name}' (choose {', '.join(STRATEGIES)})")
    return name


def llm_name(config: Config) -> str:
    from convrec.llm.models import DEFAULT_LOCAL_MODEL

    if config.llm.backend == "openai":
        return f"openai:{config.llm.model or 'default'}"
    return f"local:{Path(config.llm.model).name if config.llm.model else DEFAULT_LOCAL_MODEL}"


def needs_agent_llm(strategy: str) -> bool:
    return strategy not in NO_LLM


def make_strategy(name: str, catalog, llm, sessions_db: Path, k: int = 10, seed: int = 0, memory: bool = True,
                  reflection: int = 0, encoder=None):
    from convrec.agent.baselines import make_baseline

    if name == "interecagent":
        from convrec.agent.demos import DemoBank
        from convrec.agent.interecagent import InteRecAgent
        from convrec.agent.memory import SessionStore

        extra = catalog.config.agent.demos_file
        return InteRecAgent(catalog, llm, SessionStore(sessions_db), DemoBank(catalog.ds, encoder, extra=extra), k=k,
                            n_demos=catalog.config.agent.n_demos, reflection=reflection, memory=memory)
    return make_baseline(name.removeprefix("baseline-"), catalog, llm, k=k, seed=seed)


def evaluate(spec: RunSpec, config: Config, ds, catalog, run_dir: Path, llm=None, sim_llm=None, workers: int = 1,
             fresh: bool = False, progress: Callable[[int, int], None] | None = None,
             llm_factory: Callable[[], Any] | None = None) -> dict[str, Any]:
    """Run (or resume) one evaluation and return its summary. ``llm`` serves the strategy,
    ``sim_llm`` the simulator / conversation writer (default: ``llm``). With ``workers`` > 1,
    ``llm_factory`` makes one LLM per worker (remote endpoints)."""
    from convrec.models.embeddings import TextEncoder

    store = RunStore(run_dir, spec, fresh=fresh)
    encoder = TextEncoder(config.threads) if spec.strategy == "interecagent" else None
    needs_sim = spec.protocol in SESSION_PROTOCOLS or (spec.conversation == "llm" and spec.protocol.startswith("one-turn"))
    lock_sim = sim_llm or llm

    def make_runner() -> CaseRunner:
        agent_llm = llm
        if workers > 1 and llm_factory is not None and needs_agent_llm(spec.strategy):
            agent_llm = llm_factory()
        strat = make_strategy(spec.strategy, catalog, agent_llm, run_dir / "sessions.db", k=spec.k, seed=spec.seed,
                              memory=spec.memory, reflection=spec.reflection, encoder=encoder)
        s_llm = lock_sim if sim_llm is not None or workers <= 1 or llm_factory is None else llm_factory()
        sim = UserSimulator(s_llm, catalog) if (needs_sim and s_llm is not None and spec.protocol in SESSION_PROTOCOLS) else None
        if spec.protocol in SESSION_PROTOCOLS and sim is None:
            raise ConvrecError("the simulator protocols need an LLM for the simulated user")
        return CaseRunner(spec, strat, catalog, sim, conv_llm=s_llm if needs_sim else None)

    recs = run_eval(spec, ds, make_runner, store, workers=workers, progress=progress)
    return summarize(spec.identity(), recs, catalog)
