"""``convrec ask`` (one turn) and ``convrec chat`` (interactive)."""

from __future__ import annotations

import json
import os
import sys
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

from convrec.cli._common import (BASE_URL_OPT, DATASET_OPT, LLM_OPT, MODEL_OPT, REFLECTION_OPT, ROUNDS_OPT,
                                 STRATEGY_OPT, app, console, demos_app, err, get_config, llm_overrides)
from convrec.strategies import DEFAULT_STRATEGY
from convrec.errors import ConvrecError

MAX_INPUT = 20_000
CHAT_COMMANDS = (("/trace", "the last turn's steps in words, then its raw trace"),
                 ("/profile", "what the agent remembers about you"),
                 ("/new", "start a fresh conversation"), ("/help", "this list"), ("/quit", "leave (also Ctrl-D)"))


USER_OPT = typer.Option(None, "--user", "-u", help="whose long-term memory this is (default: the one local user, "
                        "[agent] user or CONVREC_USER); '' for none; see `convrec profile`")
FORGET_HINT = "`convrec profile forget` clears it"


def _agent(get_config, dataset, llm, model, base_url, quiet=False, reflection: int | None = None,
           strategy: str = DEFAULT_STRATEGY, user: str | None = None):
    from convrec.api import Agent

    overrides = llm_overrides(llm=llm, model=model, base_url=base_url)
    if reflection is not None:
        overrides["agent"] = {"reflection": reflection}
    if user is not None:
        overrides.setdefault("agent", {})["user"] = user.strip()
    cfg = get_config(**overrides)
    from convrec.strategies import capabilities

    if capabilities(strategy).prepared_models:
        from convrec.setup import is_ready
        from convrec.catalog.registry import check_name

        check_name(cfg, dataset)
        if not is_ready(cfg, dataset):  # first use: build it all now, with progress, never inside the turn
            from convrec.cli._setup import run_setup

            run_setup(cfg, dataset, llm=False, first_use=True)
    agent = Agent.from_config(cfg, dataset, say=None if quiet else (lambda m: err.print(m, highlight=False)),
                              strategy=strategy, user_id=cfg.agent.user)
    agent.strategy.forget_hint = FORGET_HINT
    return agent


def _check_owner(agent, session: str | None, user: str | None) -> None:
    """``--session`` names an existing conversation of the person asking (``--user``, when given)."""
    if not session or agent.store is None:
        return
    s = agent.store.get(session)
    if s is None:
        raise ConvrecError(f"no session '{session}' (start a new one without --session)")
    from convrec.core.sessions import is_person

    if user is not None and is_person(s["user_id"]) and s["user_id"] != user.strip():
        raise ConvrecError(f"session '{session}' belongs to another user")


@app.command("ask")
def ask(
    message: str = typer.Argument(..., help="what you want"),
    dataset: str = DATASET_OPT,
    session: Optional[str] = typer.Option(None, "--session", help="continue this conversation"),
    as_json: bool = typer.Option(False, "--json", help="one JSON line"),
    llm: Optional[str] = LLM_OPT,
    model: Optional[str] = MODEL_OPT,
    base_url: Optional[str] = BASE_URL_OPT,
    reflection: bool = REFLECTION_OPT,
    rounds: int = ROUNDS_OPT,
    strategy: str = STRATEGY_OPT,
    profile: bool = typer.Option(False, "--profile", help="print where the time went (import, catalog, models, "
                                 "LLM load, each call) to stderr; also CONVREC_PROFILE=1"),
    strict: bool = typer.Option(False, "--strict", help="fail (exit 3) instead of answering from the tools alone "
                                "when the LLM cannot be reached (also llm.fallback = false)"),
    user: Optional[str] = USER_OPT,
):
    """One turn, non-interactive."""
    from convrec import timing as prof

    if profile or prof.wanted(os.environ):
        prof.enable()
        prof.record("start-up (Python, imports, command line)", prof.since_start())
    if len(message) > MAX_INPUT:
        raise ConvrecError(f"message too long ({len(message):,} characters; at most {MAX_INPUT:,})")
    agent = _agent(get_config, dataset, llm, model, base_url, quiet=as_json,
                   reflection=rounds if reflection else None, strategy=strategy, user=user)
    _check_owner(agent, session, user)
    turn = agent.chat(message, session)
    if turn.degraded:
        if strict or not get_config().llm.fallback:
            err.print(f"[red]error:[/] the LLM could not be reached ({escape(turn.degraded)}); your message is saved "
                      f"in session {turn.session}", highlight=False)
            sys.exit(3)
        err.print(f"[yellow]warning:[/] degraded: the LLM could not be reached ({escape(turn.degraded)}); "
                  "this answer comes from the tools alone", highlight=False)
    if as_json:
        line = turn.to_json_line()
        if prof.enabled():
            line["profile"] = prof.stages()
        sys.stdout.write(json.dumps(line, default=str) + "\n")
    else:
        console.print(turn.reply, highlight=False)  # the reply lists the items, verbatim, with reasons
        err.print(f"session {turn.session} · {turn.llm_calls} LLM call{'' if turn.llm_calls == 1 else 's'} · {turn.latency_ms / 1000:.1f} s", highlight=False)
    if prof.enabled():
        prof.report(err, prof.since_start())

@app.command("chat")
def chat(
    dataset: str = DATASET_OPT,
    session: Optional[str] = typer.Option(None, "--session", help="resume this conversation"),
    llm: Optional[str] = LLM_OPT,
    model: Optional[str] = MODEL_OPT,
    base_url: Optional[str] = BASE_URL_OPT,
    reflection: bool = REFLECTION_OPT,
    rounds: int = ROUNDS_OPT,
    strategy: str = STRATEGY_OPT,
    user: Optional[str] = USER_OPT,
):
    """Interactive chat. /trace shows the last tool trace, /profile the profile, /new a fresh session,
    /help the commands, /quit."""
    agent = _agent(get_config, dataset, llm, model, base_url, reflection=rounds if reflection else None,
                   strategy=strategy, user=user)
    _check_owner(agent, session, user)
    sid = session or agent.new_session()
    last = None
    console.print(f"[bold]convrec[/] · {dataset} · session {sid} · /help for commands, /quit to leave")
    while True:
        try:
            msg = console.input("[bold cyan]you>[/] ")
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        cmd = msg.strip().lower()
        if cmd in ("/quit", "/exit"):
            break
        if cmd in ("/help", "help", "?", "/?"):  # a bare "help" in a chat prompt asks for usage, not the film
            for c, what in CHAT_COMMANDS:
                console.print(f"  [bold]{c:<9}[/] {what}", highlight=False)
            console.print("  anything else is a message: say what you like, what to avoid, or ask about an item",
                          highlight=False)
            continue
        if cmd == "/new":
            sid = agent.new_session()
            console.print(f"new session {sid}")
            continue
        if cmd == "/trace":
            from convrec.core.traceview import trace_in_words

            for n, w in enumerate(trace_in_words(last.trace if last else [], last.act if last else None), 1):
                console.print(f"  {n}. {w}", highlight=False)
            console.print_json(json.dumps(last.trace if last else [], default=str))
            continue
        if cmd == "/profile":
            from convrec.core.acts import profile_text

            console.print(profile_text(agent.strategy, sid) if agent.store is not None else "no profile yet",
                          highlight=False)
            continue
        if cmd.startswith("/") and " " not in cmd and len(cmd) > 1:
            console.print(f"[red]unknown command[/] {escape(cmd)} (/help lists them)", highlight=False)
            continue
        if len(msg) > MAX_INPUT:
            console.print(f"[red]message too long[/] ({len(msg):,} characters; at most {MAX_INPUT:,})")
            continue
        with console.status("thinking..."):
            last = agent.chat(msg, sid)
        if last.degraded:
            err.print(f"[yellow]warning:[/] degraded: the LLM could not be reached ({escape(last.degraded)}); "
                      "this answer comes from the tools alone", highlight=False)
        console.print(f"[bold green]convrec>[/] {last.reply}", highlight=False)



@demos_app.command("generate")
def generate(
    dataset: str = DATASET_OPT,
    n: int = typer.Option(40, "--n", min=1, max=5000, help="generation attempts"),
    strategy: str = typer.Option("both", "--strategy", help="input-first | output-first | both"),
    out: Optional[str] = typer.Option(None, "--out", help="JSONL file (default $CONVREC_HOME/demos/<dataset>.jsonl)"),
    append: bool = typer.Option(False, "--append", help="add to the file instead of replacing it"),
    seed: int = typer.Option(0, "--seed"),
    llm: Optional[str] = typer.Option(None, "--llm", help="local | openai (a strong endpoint is recommended)"),
    model: Optional[str] = typer.Option(None, "--model"),
    base_url: Optional[str] = typer.Option(None, "--base-url"),
):
    """Expand the hand-written seeds with an LLM (input-first and output-first, as in the
    InteRecAgent paper); the agent then picks its demonstrations from seeds + these."""
    from pathlib import Path

    from rich.progress import Progress

    from convrec.api import default_demos_path
    from convrec.strategies.interecagent.demogen import STRATEGIES, DemoGenerator, write_demos

    if strategy not in (*STRATEGIES, "both"):
        raise ConvrecError(f"unknown strategy '{strategy}' (choose input-first, output-first or both)")
    agent = _agent(get_config, dataset, llm, model, base_url)
    cfg = get_config()
    path = Path(out) if out else default_demos_path(cfg, dataset)
    gen = DemoGenerator(agent.strategy, seed=seed)
    with Progress(console=err, transient=True) as prog:
        task = prog.add_task(f"generating ({strategy})", total=n)
        demos = gen.run(n, strategy, on_step=lambda: prog.advance(task))
    total = write_demos(path, demos, append=append)
    t = Table("strategy", "attempted", "kept", title=f"demonstrations for {dataset}")
    for s_ in STRATEGIES:
        if gen.stats.attempted[s_]:
            t.add_row(s_, str(gen.stats.attempted[s_]), str(gen.stats.kept[s_]))
    console.print(t)
    for reason, c in gen.stats.rejected.most_common():
        console.print(f"  rejected: {reason} × {c}", highlight=False)
    console.print(f"wrote {len(demos)} demonstrations to {path} ({total} in the file); "
                  f"the agent uses them from the next turn", highlight=False)
