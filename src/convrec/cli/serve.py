"""``convrec serve``: the agent as an HTTP service."""

from __future__ import annotations

import ipaddress
import socket
from typing import List, Optional

import typer

from convrec.cli._common import BASE_URL_OPT, LLM_OPT, MODEL_OPT, STRATEGY_OPT, app, err, get_config, llm_overrides
from convrec.errors import ConvrecError


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        try:
            return all(ipaddress.ip_address(a[4][0]).is_loopback for a in socket.getaddrinfo(host, None))
        except OSError:
            return False


@app.command("serve")
def serve(
    host: Optional[str] = typer.Option(None, "--host", help="bind address (default 127.0.0.1; \\[server] host)"),
    port: Optional[int] = typer.Option(None, "--port", min=0, max=65535, help="port (default 8000; \\[server] port)"),
    dataset: List[str] = typer.Option(["movielens-small"], "--dataset", "-d",
                                      help="dataset(s) to serve (repeatable; the first is the default)"),
    strategy: str = STRATEGY_OPT,
    llm: Optional[str] = LLM_OPT,
    model: Optional[str] = MODEL_OPT,
    base_url: Optional[str] = BASE_URL_OPT,
    api_key: Optional[str] = typer.Option(None, "--api-key", help="bearer token clients must send "
                                          "(CONVREC_API_KEY; required when binding beyond loopback)"),
    db_url: Optional[str] = typer.Option(None, "--db-url", help="session store: a SQLite path or postgresql://... "
                                         "(CONVREC_DB_URL; default $CONVREC_HOME/sessions.db)"),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, max=64,
                                          help="worker processes behind the one address (\\[server] processes); "
                                               "more than one share sessions and locks through --db-url and --redis-url"),
    threads: Optional[int] = typer.Option(None, "--threads", min=1, max=16,
                                          help="turns answered at once in each process (1 with the local LLM)"),
    redis_url: Optional[str] = typer.Option(None, "--redis-url", help="Redis the workers share session locks, the "
                                            "queue bound and rate limits through (CONVREC_REDIS_URL)"),
    rate_limit: Optional[int] = typer.Option(None, "--rate-limit", min=0, help="turns per minute per client (0: none)"),
    queue: Optional[int] = typer.Option(None, "--queue", min=1, max=1000, help="turns waiting at most; then 429"),
    timeout: Optional[float] = typer.Option(None, "--timeout", min=1, help="per-turn time limit in seconds"),
    no_warm: bool = typer.Option(False, "--no-warm", help="build agents on their first turn instead of at start"),
):
    """Serve the agent over HTTP: an OpenAI-compatible chat API (/v1), REST (/api), /healthz,
    /metrics and a web chat at /."""
    try:
        import uvicorn  # noqa: F401 - checked here, used by make_server

        from convrec.server import Engine, create_app, make_server
    except ImportError as e:
        raise ConvrecError(f"convrec serve needs FastAPI and uvicorn ({e.name}): pip install -e \".[local]\"") from None
    server = {k: v for k, v in dict(host=host, port=port, api_key=api_key, db_url=db_url, workers=threads,
                                    processes=workers, redis_url=redis_url, rate_limit=rate_limit,
                                    queue_size=queue, timeout_s=timeout).items() if v is not None}
    cfg = get_config(**llm_overrides(llm=llm, model=model, base_url=base_url), server=server)
    s = cfg.server
    if not is_loopback(s.host) and not s.api_key:
        raise ConvrecError(f"binding to {s.host} exposes the agent beyond this machine: set an API key "
                           "(--api-key or CONVREC_API_KEY) or bind to 127.0.0.1")
    if cfg.llm.backend == "local" and s.workers > 1:
        err.print("note: the local LLM answers one call at a time; using 1 thread", highlight=False)
        cfg = cfg.model_copy(update={"server": s.model_copy(update={"workers": 1})})
        s = cfg.server
    if s.processes > 1:
        if cfg.llm.backend == "local":
            err.print(f"note: each of the {s.processes} workers loads its own copy of the local LLM; for many users run one "
                      "LLM server (convrec llm serve, llama.cpp server, vLLM) and point --llm openai --base-url at it",
                      highlight=False)
        if not s.redis_url:
            err.print(f"note: without --redis-url each of the {s.processes} workers keeps its own queue bound and rate "
                      "limits; sessions are still shared through the store", highlight=False)
        if not (s.db_url or "").startswith(("postgresql://", "postgres://")):
            err.print("note: the workers share one SQLite file (this machine only); for workers on several machines "
                      "use --db-url postgresql://...", highlight=False)
    say = (lambda m: err.print(m, highlight=False))
    from convrec.setup import is_ready
    from convrec.strategies import capabilities, check_strategy
    from convrec.catalog.registry import check_name

    names = [check_name(cfg, d) for d in dict.fromkeys(dataset)]
    strategy = check_strategy(strategy)
    if not no_warm and capabilities(strategy).prepared_models:
        from convrec.cli._setup import run_setup

        for d in names:
            if not is_ready(cfg, d):
                run_setup(cfg, d, llm=False, first_use=True)
    if s.processes > 1:
        from convrec.core.sessions import open_store
        from convrec.server.multi import run_workers

        store = open_store(s.db_url, cfg.home / "sessions.db")  # the store and Redis answer before workers start
        store.close()
        if s.redis_url:
            from convrec.server.coord import RedisCoordinator

            RedisCoordinator(s.redis_url).check()
        err.print(f"convrec serving {', '.join(names)} with {strategy} · {s.processes} workers · sessions in "
                  f"{store.url} · {'locks in Redis · ' if s.redis_url else ''}http://{s.host}:{s.port}/", highlight=False)
        run_workers(cfg, names, strategy, s.processes, warm=not no_warm)
        return
    engine = Engine(cfg, names, strategy, say=say)
    if not no_warm:
        engine.warm()
    err.print(f"convrec serving {', '.join(names)} with {strategy} · LLM {engine.llm_name()} · sessions in "
              f"{engine.store.url} · http://{s.host}:{s.port}/", highlight=False)
    try:
        make_server(create_app(engine), s.host, s.port).run()
    finally:
        engine.close()
