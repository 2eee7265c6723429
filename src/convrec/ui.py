"""Console helpers shared by the CLI: progress bars and error output on stderr."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

err_console = Console(stderr=True, soft_wrap=True)


@contextmanager
def step_progress(title: str, total: int, enabled: bool = True) -> Iterator:
    """A progress bar advanced by calling the yielded function with a step message."""
    if not enabled:
        yield lambda _msg: None
        return
    with Progress(
        SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(), TextColumn("{task.fields[step]}"),
        TimeElapsedColumn(), console=err_console, transient=False,
    ) as p:
        task = p.add_task(title, total=total, step="")

        def advance(msg: str) -> None:
            p.update(task, advance=1, step=msg)

        def detail(msg: str) -> None:  # within a step: "interactions.csv: 2,750,000 rows, 48 %"
            p.update(task, step=msg)

        advance.detail = detail  # type: ignore[attr-defined]
        yield advance
        p.update(task, completed=total)
