"""``convrec train`` and ``convrec eval models``."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from convrec.cli._common import DATASET_ARG, app, console, err, eval_app, get_config


def _progress():
    return Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=err)


class TrainReporter:
    """Turns model progress dicts into rich progress-bar updates."""

    def __init__(self, progress: Progress):
        self.p = progress
        self.task = None

    def start(self, artifact: str, total: int | None) -> None:
        self.finish()
        self.task = self.p.add_task(f"train {artifact}", total=total, info="")

    def __call__(self, rec: dict) -> None:
        if self.task is None:
            return
        if "epoch" in rec and "attribute" not in rec:
            info = f"loss {rec['loss']:.4f}" + (f"  valid NDCG@10 {rec['valid_ndcg@10']:.4f}" if "valid_ndcg@10" in rec else "")
            self.p.update(self.task, completed=rec["epoch"], info=info)
        elif "attribute" in rec:
            self.p.update(self.task, advance=1, info=f"{rec['attribute']} epoch {rec['epoch']} loss {rec['loss']:.4f}")
        elif "encoded" in rec:
            self.p.update(self.task, total=rec["total"], completed=rec["encoded"], info="items embedded")

    def finish(self) -> None:
        if self.task is not None:
            t = self.p.tasks[self.task]
            self.p.update(self.task, total=t.completed or 1, completed=t.completed or 1)


@app.command("train")
def train(
    dataset: str = DATASET_ARG,
    model: str = typer.Option("all", "--model", "-m", help="all|popularity|itemcf|sasrec|embeddings|attr-sasrec"),
    epochs: Optional[int] = typer.Option(None, "--epochs", min=1, help="SASRec max epochs"),
    max_seconds: Optional[float] = typer.Option(None, "--max-seconds", help="SASRec time budget (default: none, "
                                                "train to early stopping)"),
    loss: Optional[str] = typer.Option(None, "--loss", help="SASRec loss: bce|bpr|ce (default: chosen from the data)"),
    style: Optional[str] = typer.Option(None, "--style", help="SASRec blocks: post|paper (default: post)"),
    negatives: Optional[int] = typer.Option(None, "--negatives", min=0,
                                            help="SASRec sampled-softmax negatives, 0 = full softmax "
                                                 "(default: sampled only on large catalogs, see README)"),
    precision: Optional[str] = typer.Option(None, "--precision",
                                            help="SASRec training precision: fp32|bf16|auto (default: fp32)"),
    threads: Optional[int] = typer.Option(None, "--threads", min=1, help="torch threads (default 1)"),
):
    """Train models on a prepared dataset (prepares it first if needed) and save them."""
    from convrec.catalog.registry import check_name
    from convrec.catalog.store import open_dataset
    from convrec.errors import ConfigError
    from convrec.models.registry import artifacts_for, train_artifact
    from convrec.models.sasrec import LOSSES, PRECISIONS, STYLES

    for flag, value, allowed in (("--loss", loss, LOSSES), ("--style", style, STYLES),
                                 ("--precision", precision, PRECISIONS)):
        if value is not None and value not in allowed:
            raise ConfigError(f"{flag} must be {', '.join(allowed[:-1])} or {allowed[-1]}, not '{value}'")
    cfg = get_config(threads=threads)
    check_name(cfg, dataset)
    arts = artifacts_for(model)
    ds = open_dataset(cfg, dataset, progress=lambda m: err.print(m))
    with _progress() as p:
        rep = TrainReporter(p)
        for a in arts:
            total = {"sasrec": epochs or 200, "sasrec-set": epochs or 200, "attr-sasrec": None}.get(a, 1)
            rep.start(a, total)
            # `convrec train` trains to early stopping unless given a budget (prepare's budget is
            # [models] sasrec_max_s)
            extra = {"epochs": epochs, "max_seconds": max_seconds if max_seconds is not None else float("inf"),
                     "loss": loss, "style": style,
                     "negatives": negatives, "precision": precision} if a in ("sasrec", "sasrec-set") else {}
            m = train_artifact(ds, cfg, a, progress=rep, **extra)
            rep.finish()
            p.update(rep.task, info=f"done in {m.fit_s:.1f} s" + (f", best valid NDCG@10 {m.best_valid:.4f}" if getattr(m, "best_valid", None) is not None else ""))
    console.print(f"saved to {ds.dir / 'models'}")

@eval_app.command("models")
def eval_models(
    dataset: str = DATASET_ARG,
    as_json: bool = typer.Option(False, "--json", help="one JSON line"),
    models: str = typer.Option("all", "--models", help="comma-separated artifacts, or all"),
    users: Optional[int] = typer.Option(None, "--users", min=1, help="evaluate a random sample of test users"),
    seed: int = typer.Option(0, "--seed"),
):
    """Leave-one-out test users: full-ranking Recall/NDCG@10 and 100-negative HR/NDCG@10 per model."""
    from convrec.catalog.registry import check_name
    from convrec.catalog.store import open_dataset
    from convrec.eval.models_eval import evaluate_models
    from convrec.models.registry import ARTIFACTS, artifacts_for

    cfg = get_config()
    check_name(cfg, dataset)
    names = list(ARTIFACTS) if models == "all" else [a for m in models.split(",") for a in artifacts_for(m.strip())]
    ds = open_dataset(cfg, dataset, progress=lambda m: err.print(m))
    with _progress() as p:
        rep = TrainReporter(p)

        def say(msg):
            err.print(msg)
            rep.start(msg.split("'")[1], None)

        res = evaluate_models(ds, cfg, names, max_users=users, seed=seed, say=say, train_progress=rep)
    if as_json:
        sys.stdout.write(json.dumps(res) + "\n")
        return
    t = Table("model", "Recall@10 (full)", "NDCG@10 (full)", "HR@10 (100 neg)", "NDCG@10 (100 neg)", "fit s",
              title=f"{res['dataset']}: {res['users']:,} test users, leave-one-out")
    for name, r in res["models"].items():
        t.add_row(name, f"{r['full']['recall@10']:.4f}", f"{r['full']['ndcg@10']:.4f}", f"{r['sampled']['hr@10']:.4f}",
                  f"{r['sampled']['ndcg@10']:.4f}", "" if r["fit_s"] is None else f"{r['fit_s']:.1f}")
    console.print(t)
