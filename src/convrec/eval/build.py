"""Wiring for evaluation: strategies by name, LLM names, one evaluation end to end."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from convrec.strategies import check_strategy, needs_llm, strategy_names
from convrec.config import Config
from convrec.errors import ConvrecError
from convrec.eval.harness import SESSION_PROTOCOLS, CaseRunner, RunSpec, RunStore, run_eval
from convrec.eval.simulator import UserSimulator
from convrec.eval.summary import summarize

__all__ = ["check_strategy", "evaluate", "llm_name", "make_strategy", "needs_agent_llm", "STRATEGIES"]
STRATEGIES = tuple(strategy_names())


def llm_name(config: Config) -> str:
    from convrec.llm.models import DEFAULT_LOCAL_MODEL

    if config.llm.backend == "openai":
        return f"openai:{config.llm.model or 'default'}"
    return f"local:{Path(config.llm.model).name if config.llm.model else DEFAULT_LOCAL_MODEL}"


def needs_agent_llm(strategy: str) -> bool:
    return needs_llm(strategy)


def make_strategy(name: str, catalog, llm, sessions_db: Path, k: int = 10, seed: int = 0, memory: bool = True,
                  reflection: int = 0, config=None):
    """The same registry, dependencies (:meth:`StrategyDeps.from_config`: the same encoder) and
    demonstrations as ``convrec chat`` / ``ask`` / ``serve`` use."""
    from convrec.strategies import StrategyDeps, build_strategy

    return build_strategy(name, StrategyDeps.from_config(config or catalog.config, catalog, name, llm,
                                                         sessions_db=sessions_db, k=k, seed=seed, memory=memory,
                                                         reflection=reflection))


def apply_ablations(strategy, catalog, ablate) -> None:
    """Switch signals off (see :data:`convrec.eval.harness.ABLATIONS`)."""
    from convrec.models.prefrank import GROUPS

    off = set(ablate or ())
    groups = tuple(g for g in GROUPS if g not in off)
    catalog.ranker_groups = None if len(groups) == len(GROUPS) else groups
    if "llm" in off:
        strategy.brain_acts = "off"  # follow-ups: the act lexicon alone
        if hasattr(strategy, "planner"):
            strategy.planner = "never"
            strategy.llm_intro = False
            strategy.phrase_mode = "off"


def needs_simulator(spec: RunSpec) -> bool:
    """Does the protocol need an LLM writing the user's side (simulator, LLM-written conversations)?"""
    return spec.protocol in SESSION_PROTOCOLS or (spec.conversation == "llm" and spec.protocol.startswith("one-turn"))


def build_runner(spec: RunSpec, config: Config, catalog, sessions_db: Path, llm=None, sim_llm=None) -> CaseRunner:
    """The case runner of one evaluation: the strategy as ``chat`` builds it, with the run's
    ablations, and the simulated user where the protocol has one. The serial run, its thread
    workers and every Ray actor build theirs here."""
    strat = make_strategy(spec.strategy, catalog, llm, sessions_db, k=spec.k, seed=spec.seed,
                          memory=spec.memory, reflection=spec.reflection, config=config)
    apply_ablations(strat, catalog, spec.ablate)
    sim = UserSimulator(sim_llm, catalog) if (sim_llm is not None and spec.protocol in SESSION_PROTOCOLS) else None
    if spec.protocol in SESSION_PROTOCOLS and sim is None:
        raise ConvrecError("the simulator protocols need an LLM for the simulated user")
    return CaseRunner(spec, strat, catalog, sim, conv_llm=sim_llm if needs_simulator(spec) else None)


def evaluate(spec: RunSpec, config: Config, ds, catalog, run_dir: Path, llm=None, sim_llm=None, workers: int = 1,
             fresh: bool = False, progress: Callable[[int, int], None] | None = None,
             llm_factory: Callable[[], Any] | None = None, samples=None, ray: str | None = None,
             sim_config: Config | None = None, say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run (or resume) one evaluation and return its summary. ``llm`` serves the strategy,
    ``sim_llm`` the simulator / conversation writer (default: ``llm``). With ``workers`` > 1,
    ``llm_factory`` makes one LLM per worker (remote endpoints). ``samples`` (topn) runs and
    reports only some user samples (an int: the first ones; a sequence: those, 0-based); a
    later call without it completes the run. ``ray`` (an address, or ``local`` for a cluster on
    this machine) runs the cases on Ray actors, ``workers`` of them (0/1: one per CPU); each
    builds its own LLMs from ``config`` / ``sim_config``."""
    store = RunStore(run_dir, spec, fresh=fresh)
    lock_sim = sim_llm or llm
    fanout = None
    if ray is not None:
        from convrec.eval.fanout import RunnerRecipe, run_cases

        recipe = RunnerRecipe(spec, config, sim_config)

        def on_ray(todo, append):
            return run_cases(recipe, todo, append, address=ray, workers=workers if workers > 1 else None,
                             progress=progress, say=say)
        fanout = on_ray

    def make_runner() -> CaseRunner:
        agent_llm = llm
        if workers > 1 and llm_factory is not None and needs_agent_llm(spec.strategy):
            agent_llm = llm_factory()
        s_llm = lock_sim if sim_llm is not None or workers <= 1 or llm_factory is None else llm_factory()
        return build_runner(spec, config, catalog, run_dir / "sessions.db", agent_llm,
                            s_llm if needs_simulator(spec) else None)

    recs = run_eval(spec, ds, make_runner, store, workers=workers, progress=progress, config=config, samples=samples,
                    fanout=fanout)
    return summarize(spec.identity(), recs, catalog)
