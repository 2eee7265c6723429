"""``convrec llm …``: check the configured LLM, list local models, serve the embedded one."""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Optional

import typer
from pydantic import BaseModel, Field
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from convrec.cli._common import BASE_URL_OPT, LLM_OPT, MODEL_OPT, THREADS_OPT, get_config, llm_app, llm_overrides
from convrec.errors import ConvrecError

err_console = Console(stderr=True, soft_wrap=True)


def _config(**flags):
    return get_config(**llm_overrides(**flags))


def _notify(msg: str) -> None:
    err_console.print(f"[dim]{escape(msg)}[/]", highlight=False)


class SmokePrefs(BaseModel):
    """The 3-field smoke schema of ``llm check``."""

    liked: list[str] = Field(description="titles the user liked")
    disliked: list[str] = Field(description="titles the user disliked")
    max_price: Optional[float] = Field(description="price limit in dollars, or null")


CHECK_SYSTEM = (
    "You are the planner of a conversational recommender. The user describes what they want; you decide "
    "which tools to call. Tools: search_catalog(query, filters) finds items by title, genre, year and price; "
    "similar_items(seeds) returns items similar to liked ones; popular(k) lists popular items; "
    "filter(column, op, value) keeps candidates that satisfy a condition on a column such as year, price or "
    "genres; rank(strategy) orders candidates by popularity, similarity or rating; lookup(item) answers "
    "questions about one item. Items move between tools as ids; never invent titles. Keep plans short: at "
    "most four steps. Answer in the user's language, briefly, and mention why each item fits."
)
SMOKE_SYSTEM = "Extract the user's preferences: titles they liked, titles they disliked, and their price limit."
SMOKE_USER = "I loved Portal 2 and Celeste, but I hated Dark Souls. My budget is 20 dollars."


def run_check(llm) -> dict[str, Any]:
    """Measure the backend: TTFT cold and with the cached prefix, prompt and generation speed, JSON smoke."""
    from convrec.llm.base import Message

    out: dict[str, Any] = dict(llm.describe())
    out.setdefault("sha256", None)
    out.setdefault("load_s", None)
    local = hasattr(llm, "clear_cache")
    llm.meter.start_turn()
    disk = getattr(llm, "disk", None)
    if local:
        llm.clear_cache()
        llm.disk = None  # measure a truly cold prefix, and leave the saved prompt states alone
    try:
        return _measure(llm, out, local)
    finally:
        if local:
            llm.disk = disk


def _measure(llm, out: dict[str, Any], local: bool) -> dict[str, Any]:
    from convrec.llm.base import Message

    ask = [Message.system(CHECK_SYSTEM), Message.user("Suggest a relaxing puzzle game.")]
    cold = llm.stream(ask, max_tokens=4, purpose="check-cold")
    cold.text()
    c = cold.completion
    n_prompt = c.usage.prompt_tokens
    if not n_prompt:  # a server that reports no usage in streams: count with one plain call
        n_prompt = llm.generate(ask, max_tokens=1, purpose="check-count").usage.prompt_tokens
    evaluated = max(1, n_prompt - c.usage.cached_tokens)
    out["ttft_s"] = round(c.ttft_s or c.latency_s, 3)
    out["prompt_tokens"] = n_prompt
    out["prompt_tok_s"] = round(evaluated / max(1e-6, c.ttft_s or c.latency_s), 1)
    # another system prompt in between, so the cached run must restore the saved prefix
    llm.generate([Message.system("You are a terse assistant."), Message.user("Say ok.")], max_tokens=2, purpose="check-other")
    warm = llm.stream([Message.system(CHECK_SYSTEM), Message.user("Any co-op games for two players?")],
                      max_tokens=4, purpose="check-cached")
    warm.text()
    w = warm.completion
    out["ttft_cached_s"] = round(w.ttft_s or w.latency_s, 3)
    out["cached_tokens"] = w.usage.cached_tokens
    gen = llm.stream([Message.user("Count from 1 to 60, separated by commas.")], max_tokens=64, purpose="check-gen")
    gen.text()
    g = gen.completion
    n = max(1, g.usage.completion_tokens - 1)
    out["gen_tokens"] = g.usage.completion_tokens
    out["gen_tok_s"] = round(n / max(1e-6, g.latency_s - (g.ttft_s or 0.0)), 1)
    t0 = time.perf_counter()
    try:
        p = llm.generate_json([Message.system(SMOKE_SYSTEM), Message.user(SMOKE_USER)], SmokePrefs, max_tokens=96,
                              purpose="check-json")
        out["json_valid"] = True
        out["json"] = p.model_dump()
    except ConvrecError as e:
        out["json_valid"] = False
        out["json_error"] = str(e)
    out["json_s"] = round(time.perf_counter() - t0, 3)
    s = llm.meter.turn_summary()
    out["calls"] = s.calls
    # an OpenAI backend learns the model name and the JSON mode from the server on the first calls
    out.update({k: v for k, v in llm.describe().items() if k in ("model", "json_mode")})
    if local:
        out["threads"] = llm.threads
    return out


@llm_app.command("check")
def check(
    as_json: bool = typer.Option(False, "--json", help="exactly one JSON line on stdout"),
    llm: Optional[str] = LLM_OPT, model: Optional[str] = MODEL_OPT, base_url: Optional[str] = BASE_URL_OPT,
    threads: Optional[int] = THREADS_OPT,
):
    """Load the configured LLM and measure it: load time, speeds, TTFT (cold / cached prefix), JSON validity."""
    from convrec.llm.factory import make_llm

    cfg = _config(llm=llm, model=model, base_url=base_url, threads=threads)
    t0 = time.perf_counter()
    backend = make_llm(cfg, notify=_notify)
    setup_s = time.perf_counter() - t0
    try:
        res = run_check(backend)
    finally:
        backend.close()
    if res.get("load_s") is None:
        res["load_s"] = round(setup_s, 3)
    keys = ["backend", "model", "sha256", "load_s", "prompt_tok_s", "gen_tok_s", "ttft_s", "ttft_cached_s", "json_valid"]
    res = {**{k: res.get(k) for k in keys}, **{k: v for k, v in res.items() if k not in keys}}
    if as_json:
        sys.stdout.write(json.dumps(res) + "\n")
        return
    t = Table("measure", "value", title=f"LLM check: {res['backend']} · {res['model']}")
    rows = [
        ("file sha256", res.get("sha256") or "—"),
        ("load", f"{res['load_s']} s"),
        ("threads", str(res.get("threads", "—"))),
        ("prompt evaluation", f"{res['prompt_tok_s']} tok/s ({res['prompt_tokens']} tokens)"),
        ("generation", f"{res['gen_tok_s']} tok/s"),
        ("time to first token", f"{res['ttft_s']} s"),
        ("… with the cached prefix", f"{res['ttft_cached_s']} s ({res.get('cached_tokens', 0)} tokens reused)"),
        ("JSON smoke (3 fields)", ("valid " + json.dumps(res.get("json"))) if res["json_valid"] else f"INVALID: {res.get('json_error')}"),
        ("LLM calls", str(res.get("calls"))),
    ]
    for k, v in rows:
        t.add_row(k, escape(v))
    Console().print(t)


@llm_app.command("models")
def models(as_json: bool = typer.Option(False, "--json", help="one JSON line")):
    """Local models: installed (part packages present) and assembled (verified file in CONVREC_HOME)."""
    from convrec.llm.models import DEFAULT_LOCAL_MODEL, installed_models

    cfg = _config()
    rows = installed_models(cfg.home)
    if as_json:
        sys.stdout.write(json.dumps(rows) + "\n")
        return
    t = Table("name", "model", "size", "installed", "assembled", "install with")
    for r in rows:
        name = r["name"] + (" (default)" if r["name"] == DEFAULT_LOCAL_MODEL else "")
        t.add_row(name, r["title"], f"{r['size'] / 1e6:,.0f} MB", "yes" if r["installed"] else "no",
                  "yes" if r["assembled"] else "no", "" if r["installed"] else escape(r["install"]))
    Console().print(t)


@llm_app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="listen address (keep it on loopback unless you mean it)"),
    port: int = typer.Option(8080, "--port", min=1, max=65535),
    model: Optional[str] = MODEL_OPT,
    threads: Optional[int] = THREADS_OPT,
    n_ctx: Optional[int] = typer.Option(None, "--n-ctx", min=256, help="context window (default: llm.n_ctx)"),
    api_key: Optional[str] = typer.Option(None, "--api-key", help="require this bearer key from clients"),
):
    """Serve the embedded model as an OpenAI-compatible endpoint (http://HOST:PORT/v1)."""
    from convrec.llm.local import auto_threads, import_llama_cpp, CpuLoad
    from convrec.llm.models import resolve_local_model

    cfg = _config(llm="local", model=model, threads=threads)
    import_llama_cpp()
    try:
        import uvicorn
        from llama_cpp.server.app import create_app
        from llama_cpp.server.settings import ModelSettings, ServerSettings
    except ImportError as e:
        raise ConvrecError(f"llm serve needs llama-cpp-python's server extra ({e.name}): run pip install -e \".[local]\"") from None
    resolved = resolve_local_model(cfg.llm.model, cfg.home, sha256=cfg.llm.sha256, notify=_notify)
    n_threads = cfg.llm.threads or auto_threads(CpuLoad().others_busy())
    # logits_all=False: llama-cpp-python's server default (True) computes logits for every prompt token
    from convrec.llm.local import without_amx_buffers

    with without_amx_buffers():  # the model loads here (see without_amx_buffers)
        app = create_app(
            server_settings=ServerSettings(host=host, port=port, api_key=api_key),
            model_settings=[ModelSettings(
                model=str(resolved.path), model_alias=resolved.name, n_ctx=n_ctx or cfg.llm.n_ctx, n_threads=n_threads,
                n_threads_batch=n_threads, logits_all=False, seed=cfg.llm.seed, verbose=False,
            )],
        )
    _notify(f"serving {resolved.name} ({resolved.path}) on http://{host}:{port}/v1 with {n_threads} thread(s); Ctrl-C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning")
