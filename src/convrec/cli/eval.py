"""``convrec eval <protocol>`` and ``convrec eval report``."""

from __future__ import annotations

import json
import time
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from convrec.strategies import DEFAULT_STRATEGY, strategies_help
from convrec.cli._common import DATASET_OPT, console, err, eval_app, get_config, llm_overrides
from convrec.errors import ConvrecError


PROTOCOL_HELP = {
    "simulator": "Session-wise LLM user simulator (InteRecAgent): Hit@k / AT@k over k turns (default 5).",
    "long-chat": "LONG-CHAT: up to 50 turns alternating hints and casual chat every 5 turns: Hit@50 / AT@50.",
    "long-context": "LONG-CONTEXT: a multi-day earlier conversation is loaded first, then a simulator session.",
    "one-turn-retrieval": "One turn (ReDial style): a short conversation ending in a request for 5 items: Recall@5.",
    "one-turn-ranking": "One turn: rank the target + 19 sampled negatives given as candidates: NDCG@20.",
    "topn": "Sequential top-N (ToolRec): leave-one-out top-10, Recall@10 / NDCG@10, mean ± std over 3 user samples.",
    "requests": "Free-form requests with ground-truth items: OMuleT metrics (Factual, Hit, Precision, Sim, Pop50, ...).",
    "dialogues": "Real recommendation dialogues (ReDial, redial-dev): Recall@1/5/10/20 of the human recommender's "
                 "next suggestion, raw and with mentioned movies removed, next to GPT-4's on the same cases.",
}


def _table(s: dict) -> Table:
    t = Table("metric", "value", title=f"{s['protocol']} · {s['strategy']} · {s['dataset']} · n={s['n']} · {s['llm'] or 'no LLM'}")
    for k, v in s["metrics"].items():
        if k == "per_sample":
            for row in v:
                t.add_row(f"sample {row['sample']} ({row['users']} users)",
                          " / ".join(f"{x:.4f}" for key, x in row.items() if key not in ("sample", "users")))
            continue
        if isinstance(v, list):
            v = " ".join(f"{x:.2f}" for x in v)
        elif isinstance(v, float):
            v = f"{v:.4f}"
        t.add_row(k, str(v))
    t.add_row("LLM calls / turn", f"{s['llm_calls_per_turn']:.2f}")
    if "rounds_per_turn" in s:
        t.add_row("loop rounds / turn", f"{s['rounds_per_turn']:.2f}")
    t.add_row("turn latency p50 / p95 (s)", f"{s['turn_latency_p50_s']:.2f} / {s['turn_latency_p95_s']:.2f}")
    if s.get("total_time_s") is not None:
        t.add_row("time, all turns (min)", f"{s['total_time_s'] / 60:.1f}")
    return t


def make_command(protocol: str):
    def command(
        dataset: str = DATASET_OPT,
        strategy: str = typer.Option(DEFAULT_STRATEGY, "--strategy", "-s", help=strategies_help()),
        n: Optional[int] = typer.Option(None, "--n", min=1, help="users / requests (default 30; 3 with --quick)"),
        seed: int = typer.Option(0, "--seed"),
        samples: Optional[int] = typer.Option(None, "--samples", min=1, max=3,
                                              help="topn: run only the first user samples now (resume later without it)"),
        sample: Optional[List[int]] = typer.Option(None, "--sample", min=1, max=3,
                                                   help="topn: run only this user sample (1-3, repeatable), e.g. "
                                                   "sample 2 in a later sitting"),
        turns: Optional[int] = typer.Option(None, "--turns", min=1, max=100, help="turn limit of session protocols"),
        quick: bool = typer.Option(False, "--quick", help="a handful of users, short sessions: a smoke run in minutes"),
        workers: int = typer.Option(1, "--workers", min=1, max=32,
                                    help="parallel cases (remote LLM endpoints only; with --ray: Ray actors, default one per CPU)"),
        ray: Optional[str] = typer.Option(None, "--ray", metavar="[ADDRESS]",
                                          help="fan the cases out over a Ray cluster: --ray alone starts one on this "
                                          "machine; --ray ADDRESS (ray://host:10001, auto) joins one whose nodes have "
                                          "convrec and the dataset prepared. Records stream to the run dir; rerun to resume."),
        out: Optional[str] = typer.Option(None, "--out", help="run directory (default under $CONVREC_HOME/eval)"),
        fresh: bool = typer.Option(False, "--fresh", help="start over instead of resuming"),
        no_memory: bool = typer.Option(False, "--no-memory", help="interecagent without its user-profile memory"),
        reflection: int = typer.Option(0, "--reflection", min=0, max=5, help="interecagent critic rounds"),
        conversation: str = typer.Option("template", "--conversation", help="one-turn conversations: template | llm"),
        requests: Optional[str] = typer.Option(None, "--requests", help="requests protocol: JSONL request set"),
        cases: Optional[str] = typer.Option(None, "--cases", help="dialogues: JSONL of dialogue cases "
                                            "(default $CONVREC_DATA/redial-dev/cases.jsonl)"),
        fold: str = typer.Option("all", "--fold", help="dialogues: all | tune (even lines) | holdout (odd lines)"),
        form: str = typer.Option("messages", "--form", help="dialogues: messages (earlier turns as messages, as the API "
                                 "gives them) | pasted (the conversation as 'User: …' lines in one message, as in convrec ask)"),
        ablate: Optional[List[str]] = typer.Option(None, "--ablate", help="interecagent without a signal (repeatable): "
                                                   "context | cf | seq | content | priors | chat | ctx | llm"),
        llm: Optional[str] = typer.Option(None, "--llm", help="agent LLM backend: local | openai"),
        model: Optional[str] = typer.Option(None, "--model"),
        base_url: Optional[str] = typer.Option(None, "--base-url"),
        sim_llm: Optional[str] = typer.Option(None, "--sim-llm", help="simulator LLM backend (default: the agent's)"),
        sim_model: Optional[str] = typer.Option(None, "--sim-model"),
        sim_base_url: Optional[str] = typer.Option(None, "--sim-base-url"),
        as_json: bool = typer.Option(False, "--json", help="end with exactly one JSON line of results"),
    ):
        run_protocol(get_config, protocol, dataset, strategy, n, seed, turns, quick, workers, out, fresh, no_memory,
                     reflection, conversation, requests, llm, model, base_url, sim_llm, sim_model, sim_base_url, as_json,
                     cases=cases, fold=fold, ablate=ablate, samples=samples, sample=sample, form=form, ray=ray)

    command.__doc__ = PROTOCOL_HELP[protocol]
    eval_app.command(protocol)(command)

for p in PROTOCOL_HELP:
    make_command(p)

@eval_app.command("report")
def report(
    run_dirs: List[str] = typer.Argument(..., help="run directories (or a directory holding several)"),
    out: str = typer.Option("eval-report", "--out", help="where report.md / report.html / PNGs go"),
):
    """Markdown + HTML report with tables side by side and plots, from saved runs."""
    from convrec.catalog.store import open_dataset
    from convrec.eval.report import build_report
    from convrec.core.catalog import CatalogAccess

    dirs: list[Path] = []
    for d in map(Path, run_dirs):
        if (d / "run.json").is_file():
            dirs.append(d)
        elif d.is_dir():
            dirs += sorted(p.parent for p in d.rglob("run.json"))
        else:
            raise ConvrecError(f"{d} does not exist")
    if not dirs:
        raise ConvrecError("no evaluation runs found (a run directory holds run.json)")
    cfg = get_config()
    cats: dict = {}

    def catalog_for(name):
        if name not in cats:
            try:
                cats[name] = CatalogAccess(open_dataset(cfg, name), cfg)
            except ConvrecError:
                cats[name] = None
        return cats[name]

    res = build_report(dirs, Path(out), catalog_for)
    console.print(f"wrote {res['report']}, {res['html']} and {len(res['plots'])} plots from {len(dirs)} runs")


def run_protocol(get_config, protocol, dataset, strategy, n, seed, turns, quick, workers, out, fresh, no_memory,
                 reflection, conversation, requests, llm, model, base_url, sim_llm, sim_model, sim_base_url, as_json,
                 cases=None, fold="all", ablate=None, samples=None, sample=None, form="messages", ray=None):
    from convrec.catalog.registry import check_name
    from convrec.catalog.store import open_dataset
    from convrec.eval.build import check_strategy, evaluate, llm_name, needs_agent_llm
    from convrec.eval.harness import SESSION_PROTOCOLS, RunSpec, default_run_dir
    from convrec.llm.factory import make_llm
    from convrec.core.catalog import CatalogAccess

    strategy = check_strategy(strategy)
    if conversation not in ("template", "llm"):
        raise ConvrecError("--conversation must be template or llm")
    from convrec.strategies import capabilities, supporting

    caps = capabilities(strategy)
    if no_memory and not caps.memory:
        raise ConvrecError(f"--no-memory applies to strategies with a user profile ({', '.join(supporting('memory'))})")
    if reflection and not caps.reflection:
        raise ConvrecError(f"--reflection applies to strategies that reflect ({', '.join(supporting('reflection'))})")
    from convrec.eval.harness import ABLATIONS, FOLDS

    ablate = tuple(dict.fromkeys(ablate or ()))
    bad = [a for a in ablate if a not in ABLATIONS]
    if bad:
        raise ConvrecError(f"unknown --ablate {', '.join(bad)} (choose {', '.join(ABLATIONS)})")
    unsupported = [a for a in ablate if a not in caps.ablations]
    if unsupported:
        raise ConvrecError(f"strategy '{strategy}' cannot switch off {', '.join(unsupported)} (it can: "
                           f"{', '.join(sorted(caps.ablations))}; --ablate {unsupported[0]} works with "
                           f"{', '.join(supporting(unsupported[0]))})")
    if fold not in FOLDS:
        raise ConvrecError(f"--fold must be one of {', '.join(FOLDS)}")
    if (samples is not None or sample) and protocol != "topn":
        raise ConvrecError("--samples and --sample apply to the topn protocol only")
    if samples is not None and sample:
        raise ConvrecError("give --samples (the first n samples) or --sample (these samples), not both")
    if sample:
        samples = sorted({s - 1 for s in sample})
    if (cases or fold != "all" or form != "messages") and protocol != "dialogues":
        raise ConvrecError("--cases, --fold and --form apply to the dialogues protocol only")
    if form not in ("messages", "pasted"):
        raise ConvrecError("--form must be messages or pasted")
    cfg = get_config(**llm_overrides(llm=llm, model=model, base_url=base_url))
    check_name(cfg, dataset)
    sim_cfg = get_config(**llm_overrides(llm=sim_llm, model=sim_model, base_url=sim_base_url)) \
        if (sim_llm or sim_model or sim_base_url) else cfg
    uses_agent_llm = needs_agent_llm(strategy)
    uses_sim = protocol in SESSION_PROTOCOLS or (conversation == "llm" and protocol.startswith("one-turn"))
    if ray is None and workers > 1 and "local" in {cfg.llm.backend if uses_agent_llm else None, sim_cfg.llm.backend if uses_sim else None}:
        err.print("note: --workers > 1 needs a remote LLM endpoint; the local model runs one case at a time")
        workers = 1
    spec = RunSpec.for_protocol(protocol, dataset, strategy, quick=quick, n=n, seed=seed, turns=turns,
                                memory=not no_memory, reflection=reflection, conversation=conversation,
                                requests_file=str(Path(requests).resolve()) if requests else None,
                                cases_file=str(Path(cases).resolve()) if cases else None, fold=fold,
                                ablate=tuple(a for a in ABLATIONS if a in ablate), form=form,
                                llm=llm_name(cfg) if uses_agent_llm else "",
                                sim_llm=llm_name(sim_cfg) if uses_sim else "")
    run_dir = Path(out) if out else default_run_dir(cfg.home, spec)
    say = (lambda m: err.print(m, highlight=False))
    ds = open_dataset(cfg, dataset, progress=say)
    catalog = CatalogAccess(ds, cfg, say=say)
    agent_llm = make_llm(cfg, notify=say) if uses_agent_llm and ray is None else None
    s_llm = None
    if uses_sim and ray is None:
        s_llm = agent_llm if (sim_cfg is cfg and agent_llm is not None) else make_llm(sim_cfg, notify=say)
    factory = (lambda: make_llm(cfg)) if workers > 1 and ray is None else None
    where = f" · Ray {ray}" if ray is not None else ""
    err.print(f"{protocol} · {strategy} · {dataset} · n={spec.n} · seed {spec.seed}{where} · run dir {run_dir}",
              highlight=False)
    with Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=as_json) as prog:
        task = prog.add_task("cases", total=None)

        def progress(advance: int, total: int):
            if total:
                prog.update(task, total=total, completed=advance,
                            description=f"cases ({advance} resumed)" if advance else "cases")
            else:
                prog.advance(task, advance)

        try:
            summary = evaluate(spec, cfg, ds, catalog, run_dir, llm=agent_llm, sim_llm=s_llm, workers=workers,
                               fresh=fresh, progress=progress, llm_factory=factory, samples=samples, ray=ray,
                               sim_config=sim_cfg if sim_cfg is not cfg else None, say=say)
        except KeyboardInterrupt:
            prog.stop()
            err.print(f"stopped: the finished cases are saved in {run_dir / 'conversations.jsonl'}; "
                      "the same command resumes the run", highlight=False)
            raise
    summary["run_dir"] = str(run_dir)
    if as_json:
        sys.stdout.write(json.dumps(summary, default=str) + "\n")
        return
    console.print(_table(summary))
    err.print(f"conversations: {run_dir / 'conversations.jsonl'} · report: convrec eval report {run_dir}", highlight=False)


@eval_app.command("likes")
def likes(
    dataset: str = DATASET_OPT,
    n: int = typer.Option(250, "--n", min=1, help="held-out users (removed from every model's training data)"),
    k: int = typer.Option(3, "--k", min=1, max=10, help="loved items stated per request"),
    phrasing: Optional[List[str]] = typer.Option(None, "--phrasing", "-p",
                                                 help="listed | like | fan | pasted | messages (repeatable; default all)"),
    strategy: str = typer.Option(DEFAULT_STRATEGY, "--strategy", "-s", help="the strategy answering the requests: " + strategies_help()),
    agent_users: Optional[int] = typer.Option(None, "--agent-users", min=0,
                                              help="run the agent on the first N users only (the tools score all)"),
    seed: int = typer.Option(0, "--seed"),
    history: int = typer.Option(0, "--history", min=0, max=500, help="also run each request after N unrelated earlier "
                                "asks by the same user (rows <phrasing>+hN: how far long-term memory moves a stated set)"),
    out: Optional[str] = typer.Option(None, "--out", help="run directory (default under $CONVREC_HOME/eval/likes)"),
    llm: Optional[str] = typer.Option(None, "--llm", help="agent LLM backend: local | openai"),
    model: Optional[str] = typer.Option(None, "--model"),
    base_url: Optional[str] = typer.Option(None, "--base-url"),
    as_json: bool = typer.Option(False, "--json", help="end with exactly one JSON line of results"),
):
    """'I loved A, B and C, what else?': real users' loved items stated in a request, their other
    liked items as targets, over the whole catalog; the agent beside each of its tools alone."""
    from convrec.strategies import check_strategy
    from convrec.catalog.registry import check_name
    from convrec.eval.likes import DEFAULT_PHRASINGS, LikesSpec, run_likes, table_markdown

    cfg = get_config(**llm_overrides(llm=llm, model=model, base_url=base_url))
    check_name(cfg, dataset)
    strategy = check_strategy(strategy)
    spec = LikesSpec(dataset, n=n, k=k, phrasings=tuple(dict.fromkeys(phrasing or DEFAULT_PHRASINGS)), strategy=strategy,
                     seed=seed, agent_users=agent_users, history=history)
    run_dir = Path(out) if out else cfg.home / "eval" / "likes" / f"{dataset}-{strategy}-{time.strftime('%Y%m%d-%H%M%S')}"
    say = (lambda m: err.print(m, highlight=False))
    err.print(f"likes · {strategy} · {dataset} · {n} held-out users · {k} stated · run dir {run_dir}", highlight=False)
    with Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err, transient=as_json) as prog:
        task = prog.add_task("requests", total=None)
        summary = run_likes(cfg, spec, run_dir, say=say,
                            progress=lambda done, total: prog.update(task, total=total, completed=done))
    summary["run_dir"] = str(run_dir)
    (run_dir / "table.md").write_text(table_markdown(summary) + "\n")
    if as_json:
        sys.stdout.write(json.dumps(summary, default=str) + "\n")
        return
    console.print(table_markdown(summary), markup=False, highlight=False)
    err.print(f"rows: {run_dir / 'rows.jsonl'} · table: {run_dir / 'table.md'}", highlight=False)
