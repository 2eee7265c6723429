"""``convrec mcp``: the agent and its catalog tools as an MCP server (stdio or streamable HTTP)."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from convrec.cli._common import BASE_URL_OPT, LLM_OPT, MODEL_OPT, STRATEGY_OPT, app, get_config, llm_overrides
from convrec.errors import ConvrecError


@app.command("mcp")
def mcp_command(
    dataset: str = typer.Option("movielens-small", "--dataset", "-d", help="the catalog the tools answer from"),
    strategy: str = STRATEGY_OPT,
    transport: str = typer.Option("stdio", "--transport", "-t", help="stdio (an MCP client starts this command) | http "
                                  "(streamable HTTP at http://HOST:PORT/mcp)"),
    host: str = typer.Option("127.0.0.1", "--host", help="http: bind address (loopback by default)"),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="http: port"),
    llm: Optional[str] = LLM_OPT,
    model: Optional[str] = MODEL_OPT,
    base_url: Optional[str] = BASE_URL_OPT,
):
    """Serve convrec to MCP clients (assistants, agent frameworks): tools recommend, search_items,
    item_details, similar_items, explain, catalog_info; resources convrec://catalog/card and
    convrec://catalog/schema. Read-only."""
    try:
        from convrec.mcp.server import Service, build_server
    except ImportError as e:  # pragma: no cover - the mcp package is a dependency
        raise ConvrecError(f"convrec mcp needs the MCP SDK ({e.name}): pip install 'mcp>=2.3'") from None
    from convrec.catalog.registry import check_name
    from convrec.catalog.store import is_prepared
    from convrec.cli.serve import is_loopback
    from convrec.strategies import check_strategy

    if transport not in ("stdio", "http"):
        raise ConvrecError("--transport must be stdio or http")
    cfg = get_config(**llm_overrides(llm=llm, model=model, base_url=base_url))
    name = check_name(cfg, dataset)
    strategy = check_strategy(strategy)
    if not is_prepared(cfg, name):
        raise ConvrecError(f"dataset '{name}' is not prepared: run 'convrec data prepare {name}' first "
                           "(an MCP client would time out waiting for it)")
    srv = build_server(Service(cfg, name, strategy))
    if transport == "stdio":
        srv.run("stdio")
        return
    if not is_loopback(host):
        sys.stderr.write(f"warning: serving MCP on {host}, beyond this machine, without authentication\n")
    sys.stderr.write(f"convrec MCP server (streamable HTTP) at http://{host}:{port}/mcp · {name} · {strategy}\n")
    srv.run("streamable-http", host=host, port=port)
