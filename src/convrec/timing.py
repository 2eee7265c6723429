"""Where the time of a command goes: import, catalog, models, LLM load, each LLM call.

Off unless the command line turns it on (``CONVREC_PROFILE=1`` or ``convrec ask --profile``);
then every layer records named stages with :func:`stage` (a context manager) or
:func:`record`, and the command prints them in order with :func:`report`. The clock starts
when ``convrec`` is first imported, so "import" is part of the picture.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Iterator

_T0 = time.perf_counter()
_enabled = False
_stages: list[tuple[str, float, float]] = []
"""(name, seconds, at: seconds since the process started importing convrec)"""


def enable(on: bool = True) -> None:
    global _enabled
    _enabled = on


def wanted(env: dict) -> bool:
    """Whether an environment asks for profiling (``CONVREC_PROFILE=1``)."""
    return str(env.get("CONVREC_PROFILE", "")).strip().lower() in ("1", "true", "yes", "on")


def enabled() -> bool:
    return _enabled


def record(name: str, seconds: float) -> None:
    if _enabled:
        _stages.append((name, float(seconds), time.perf_counter() - _T0))


@contextmanager
def stage(name: str) -> Iterator[None]:
    if not _enabled:
        yield
        return
    t = time.perf_counter()
    try:
        yield
    finally:
        record(name, time.perf_counter() - t)


def stages() -> list[dict]:
    return [{"stage": n, "s": round(s, 3), "at_s": round(at, 3)} for n, s, at in _stages]


def since_start() -> float:
    return time.perf_counter() - _T0


def reset() -> None:
    _stages.clear()


def report(console, total_s: float | None = None) -> None:
    """Print the recorded stages as a table (to ``console``, a rich Console)."""
    from rich.table import Table

    t = Table("stage", "seconds", "ended at", title="where the time went (CONVREC_PROFILE)")
    for n, s, at in _stages:
        t.add_row(n, f"{s:.2f}", f"{at:.2f}")
    if total_s is not None:
        t.add_row("[bold]total (process)[/]", f"{total_s:.2f}", "")
    console.print(t)
