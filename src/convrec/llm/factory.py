"""``make_llm(config)``: the configured backend, ready to call."""

from __future__ import annotations

from typing import Callable

from convrec.config import Config, LLMConfig
from convrec.llm.base import LLM, UsageMeter


def make_meter(cfg: LLMConfig) -> UsageMeter:
    return UsageMeter(cfg.price_prompt_per_mtok, cfg.price_completion_per_mtok)


def make_llm(config: Config, *, meter: UsageMeter | None = None, notify: Callable[[str], None] | None = None,
             load_now: bool = True) -> LLM:
    """Build the backend ``config.llm`` names.

    ``local`` resolves the model (assembling and verifying a registry model under
    ``config.home/llm`` on first use) and loads it (``load_now=False``: on its first call, so a
    turn answered without the LLM never pays for loading it); ``openai`` creates a client (no request
    is sent until the first call). ``notify`` receives one-line progress messages.
    """
    cfg = config.llm
    meter = meter or make_meter(cfg)
    if cfg.backend == "openai":
        from convrec.llm.openai_backend import OpenAILLM

        return OpenAILLM(
            base_url=cfg.base_url, api_key=cfg.api_key.get_secret_value() if cfg.api_key else None,
            model=cfg.model, timeout_s=cfg.timeout_s, max_retries=cfg.max_retries, backoff_s=cfg.backoff_s,
            max_backoff_s=cfg.max_backoff_s, json_mode=cfg.json_mode,
            mode_cache=config.home / "llm" / "json-modes.json", max_tokens=cfg.max_tokens,
            temperature=cfg.temperature, seed=cfg.seed, meter=meter,
        )
    from convrec.llm.local import LocalLLM, check_llama_cpp
    from convrec.llm.models import resolve_local_model

    check_llama_cpp()  # fail with the install hint before spending time on the model file
    resolved = resolve_local_model(cfg.model, config.home, sha256=cfg.sha256, notify=notify)
    return LocalLLM(
        resolved.path, name=resolved.name, sha256=resolved.sha256, threads=cfg.threads, n_ctx=cfg.n_ctx,
        seed=cfg.seed, prefix_cache=cfg.prefix_cache, prefix_cache_mb=cfg.prefix_cache_mb,
        disk_cache_dir=config.home / "llm" / "kv", disk_cache_mb=cfg.prefix_cache_disk_mb, load_now=load_now,
        max_tokens=cfg.max_tokens, temperature=cfg.temperature, meter=meter,
    )
