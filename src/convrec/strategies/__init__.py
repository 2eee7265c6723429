"""The strategies, each in its own room (``interecagent/``, ``omulet/``, ``toolrec/``,
``baselines.py``), registered here by name with what they declare (:class:`Capabilities`).
Interfaces and the evaluation import names and lookups from this package; nothing outside it
and the registry spells a strategy's name."""

from __future__ import annotations

from convrec.core.registry import (ABLATIONS, ALIASES, REGISTRY, Capabilities,  # noqa: F401
                                   Strategy, StrategyDeps, build_strategy, capabilities, check_strategy, needs_llm,
                                   register, strategy_names, supporting)

DEFAULT_STRATEGY = "interecagent"
"""The strategy chat, ask, serve and eval use unless told otherwise."""
ALIASES.update({"random": "baseline-random", "popularity": "baseline-popularity", "llm-only": "baseline-llm-only",
                "llm-div": "baseline-llm-div", "chat-rec": "baseline-chat-rec", "llm-rank": "baseline-llm-rank"})


def strategies_help() -> str:
    """The registered names, for an option's help (the default first)."""
    names = [DEFAULT_STRATEGY] + [n for n in REGISTRY if n != DEFAULT_STRATEGY]
    return f"{names[0]} (default) | " + " | ".join(names[1:])


def default_demos_path(config, dataset: str):
    """Where ``convrec demos generate`` writes a dataset's demonstrations by default."""
    from convrec.strategies.interecagent.demos import default_demos_path as where

    return where(config, dataset)


def demo_bank(catalog, encoder=None):
    from convrec.strategies.interecagent.demos import demo_bank as bank

    return bank(catalog, encoder)


@register("interecagent", prepared_models=True, encoder=True, memory=True, reflection=True,
          ablations=frozenset(ABLATIONS))
def _interecagent(d: StrategyDeps) -> Strategy:
    from convrec.strategies.interecagent.strategy import InteRecAgent
    from convrec.core.sessions import SessionStore

    cfg = d.catalog.config
    d.catalog.vocab  # items, linker and vocabulary: from the cache a previous process wrote, before anything reads items
    store = d.store or SessionStore(d.sessions_db or cfg.home / "sessions.db")
    return InteRecAgent(d.catalog, d.llm, store, demo_bank(d.catalog, d.encoder), k=d.k, n_demos=cfg.agent.n_demos,
                        reflection=d.reflection, memory=d.memory, llm_intro=cfg.agent.llm_intro, phrase_reasons=cfg.agent.phrase_reasons,
                        planner=cfg.agent.planner, soft_brain=cfg.agent.soft_brain)


def _omulet(policy: str | None):
    @register("omulet" if policy is None else f"omulet-p{policy}")
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.core.sessions import SessionStore
        from convrec.strategies.omulet.strategy import Omulet

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
    from convrec.strategies.toolrec.strategy import VARIANT_TABLE

    v = VARIANT_TABLE[variant]

    @register(v.registered, needs_llm=v.llm)
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.core.sessions import SessionStore
        from convrec.strategies.toolrec.strategy import ToolRec

        t = d.catalog.config.toolrec
        d.catalog.vocab
        store = d.store or (SessionStore(d.sessions_db) if d.sessions_db is not None else None)
        return ToolRec(d.catalog, d.llm, k=d.k, seed=d.seed, variant=variant, max_rounds=t.max_rounds,
                       n_retrieve=t.n_retrieve, n_rank=t.n_rank, store=store)
    return factory


def _toolrec_variants():
    from convrec.strategies.toolrec.strategy import VARIANTS

    return VARIANTS


for _variant in _toolrec_variants():
    _toolrec(_variant)


def _baseline(kind: str, needs: bool):
    @register(f"baseline-{kind}", needs_llm=needs)
    def factory(d: StrategyDeps) -> Strategy:
        from convrec.strategies.baselines import make_baseline
        from convrec.core.sessions import SessionStore

        store = d.store or (SessionStore(d.sessions_db) if d.sessions_db is not None else None)
        return make_baseline(kind, d.catalog, d.llm if needs else None, k=d.k, seed=d.seed, store=store)
    return factory


for _kind, _needs in (("random", False), ("popularity", False), ("llm-only", True), ("llm-div", True), ("chat-rec", True)):
    _baseline(_kind, _needs)
