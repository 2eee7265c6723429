"""Building what a chat needs, with progress on stderr: used by ``data prepare`` and by the
first ``ask``/``chat`` on a dataset that is not ready."""

from __future__ import annotations

import time

from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from convrec.cli._common import err


def _minutes(s: float) -> str:
    return f"{s:.0f} s" if s < 90 else f"{s / 60:.0f} minutes"


def run_setup(cfg, dataset: str, *, llm: bool = True, force: bool = False, first_use: bool = False) -> dict:
    """Run :func:`convrec.setup.make_ready` with a progress display; returns the summary."""
    from convrec.setup import estimate_s, make_ready, summary
    from convrec.cli.models import TrainReporter

    est = estimate_s(cfg, dataset)
    if first_use:
        err.print(f"first use of '{dataset}': preparing its catalog and models, about {_minutes(est)} "
                  f"(once; `convrec data prepare {dataset}` does this ahead of time)", highlight=False)
    elif est > 60:
        err.print(f"preparing '{dataset}': about {_minutes(est)}", highlight=False)
    t0 = time.perf_counter()
    with Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=err, transient=False) as p:
        overall = p.add_task(f"prepare {dataset}", total=None, info="")
        rep = TrainReporter(p)

        def step(stage: str) -> None:
            rep.finish()
            rep.task = None
            p.update(overall, info=stage)

        def model_progress(artifact: str):
            rep.start(artifact, None)
            return rep

        stages = make_ready(cfg, dataset, llm=llm, force=force, step=step, model_progress=model_progress)
        rep.finish()
        p.update(overall, total=1, completed=1, info="done")
    return summary(dataset, stages, time.perf_counter() - t0)
