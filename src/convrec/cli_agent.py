"""``convrec ask`` (one turn) and ``convrec chat`` (interactive)."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from convrec.errors import ConvrecError

console = Console()
err = Console(stderr=True, soft_wrap=True)
MAX_INPUT = 20_000


def _agent(get_config, dataset, llm, model, base_url, quiet=False):
    from convrec.agent.api import Agent
    from convrec.llm.cli import llm_overrides

    cfg = get_config(**llm_overrides(llm=llm, model=model, base_url=base_url))
    return Agent.from_config(cfg, dataset, say=None if quiet else (lambda m: err.print(m, highlight=False)))


def items_table(items) -> Table:
    t = Table("#", "title", "year", "genres / tags", "price", show_header=True)
    for n, it in enumerate(items, 1):
        extra = it.get("genres") or it.get("tags") or []
        t.add_row(str(n), it["title"], str(it.get("year", "")), ", ".join(map(str, extra[:4])),
                  "" if it.get("price") is None else f"${it['price']:.2f}")
    return t


def register(app: typer.Typer, get_config) -> None:
    @app.command("ask")
    def ask(
        message: str = typer.Argument(..., help="what you want"),
        dataset: str = typer.Option("movielens-small", "--dataset", "-d"),
        session: Optional[str] = typer.Option(None, "--session", help="continue this conversation"),
        as_json: bool = typer.Option(False, "--json", help="one JSON line"),
        llm: Optional[str] = typer.Option(None, "--llm", help="local | openai"),
        model: Optional[str] = typer.Option(None, "--model"),
        base_url: Optional[str] = typer.Option(None, "--base-url"),
    ):
        """One turn, non-interactive."""
        if len(message) > MAX_INPUT:
            raise ConvrecError(f"message too long ({len(message):,} characters; at most {MAX_INPUT:,})")
        agent = _agent(get_config, dataset, llm, model, base_url, quiet=as_json)
        if session and agent.store.get(session) is None:
            raise ConvrecError(f"no session '{session}' (start a new one without --session)")
        turn = agent.chat(message, session)
        if as_json:
            sys.stdout.write(json.dumps(turn.to_json_line(), default=str) + "\n")
            return
        console.print(turn.reply)
        if turn.items:
            console.print(items_table(turn.items))
        err.print(f"session {turn.session} · {turn.llm_calls} LLM calls · {turn.latency_ms / 1000:.1f} s", highlight=False)

    @app.command("chat")
    def chat(
        dataset: str = typer.Option("movielens-small", "--dataset", "-d"),
        session: Optional[str] = typer.Option(None, "--session", help="resume this conversation"),
        llm: Optional[str] = typer.Option(None, "--llm", help="local | openai"),
        model: Optional[str] = typer.Option(None, "--model"),
        base_url: Optional[str] = typer.Option(None, "--base-url"),
    ):
        """Interactive chat. /trace shows the last tool trace, /profile the profile, /new a fresh session, /quit."""
        agent = _agent(get_config, dataset, llm, model, base_url)
        if session and agent.store.get(session) is None:
            raise ConvrecError(f"no session '{session}'")
        sid = session or agent.new_session()
        last = None
        console.print(f"[bold]convrec[/] · {dataset} · session {sid} · type /quit to leave")
        while True:
            try:
                msg = console.input("[bold cyan]you>[/] ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                break
            cmd = msg.strip().lower()
            if cmd in ("/quit", "/exit"):
                break
            if cmd == "/new":
                sid = agent.new_session()
                console.print(f"new session {sid}")
                continue
            if cmd == "/trace":
                console.print_json(json.dumps(last.trace if last else [], default=str))
                continue
            if cmd == "/profile":
                s = agent.store.get(sid)
                console.print(s["profile"] if s else "no profile yet")
                continue
            if len(msg) > MAX_INPUT:
                console.print(f"[red]message too long[/] ({len(msg):,} characters; at most {MAX_INPUT:,})")
                continue
            with console.status("thinking..."):
                last = agent.chat(msg, sid)
            console.print(f"[bold green]convrec>[/] {last.reply}", highlight=False)
            if last.items:
                console.print(items_table(last.items))
