"""Evaluation cases fanned out over a Ray cluster (``convrec eval <protocol> --ray [address]``).

The driver keeps the run: it reads which cases ``conversations.jsonl`` already holds, sends the
rest to a pool of Ray actors, and appends each record the moment its case finishes, so a run
stopped half-way (Ctrl-C, a lost driver, a lost node) resumes from the file like a serial run.
Each actor builds the same runner the serial run builds (:func:`convrec.eval.build.build_runner`)
from the picklable :class:`RunnerRecipe`: it opens the prepared dataset under its own
``CONVREC_HOME``, so every node of a remote cluster needs convrec installed and the dataset
prepared (``convrec data prepare NAME``); a local cluster (no address) shares this machine's.
Cases are independent and seeded per case, so the metrics equal the serial run's on the same cases.

Ray is an optional dependency (``pip install 'convrec[ray]'``); asking for ``--ray`` without it
is a clear error, not an ImportError.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from convrec.errors import ConvrecError

LOCAL = "local"
"""``--ray local`` (or ``--ray`` alone): start a Ray cluster on this machine for the run."""


@dataclass
class RunnerRecipe:
    """Everything an actor needs to build a case runner in its own process."""

    spec: Any  # RunSpec
    config: Any  # Config of the agent
    sim_config: Any | None  # Config of the simulated user / conversation writer (None: the agent's)
    threads: int = 1
    """llama.cpp threads per actor: one per core the actor holds."""

    def build(self, sessions_db: Path):
        from convrec.catalog.store import open_dataset
        from convrec.eval.build import build_runner, needs_agent_llm, needs_simulator
        from convrec.llm.factory import make_llm
        from convrec.core.catalog import CatalogAccess

        spec = self.spec
        cfg = _with_threads(self.config, self.threads)
        ds = open_dataset(cfg, spec.dataset)
        catalog = CatalogAccess(ds, cfg)
        llm = make_llm(cfg, load_now=False) if needs_agent_llm(spec.strategy) else None
        sim = None
        if needs_simulator(spec):
            sim = llm if (self.sim_config is None and llm is not None) else \
                make_llm(_with_threads(self.sim_config or self.config, self.threads), load_now=False)
        return build_runner(spec, cfg, catalog, sessions_db, llm, sim)


def _with_threads(config, threads: int):
    if config.llm.backend != "local" or config.llm.threads:
        return config
    return config.model_copy(update={"llm": config.llm.model_copy(update={"threads": threads})})


def _import_ray():
    try:
        import ray  # noqa: F401
    except ImportError as e:  # pragma: no cover - the dev extra installs it
        raise ConvrecError("--ray needs Ray: pip install 'convrec[ray]'") from e
    return ray


class _CaseWorker:
    """One Ray actor: a case runner built once, then fed cases."""

    def __init__(self, recipe: RunnerRecipe):
        os.environ.setdefault("OMP_NUM_THREADS", str(recipe.threads))
        self._dir = tempfile.mkdtemp(prefix="convrec-ray-")
        # sessions of a case live only for that case: a private store per actor (no writer shares it)
        self.runner = recipe.build(Path(self._dir) / "sessions.db")

    def run(self, case) -> dict[str, Any]:
        return self.runner.run(case)

    def where(self) -> str:
        import socket

        return f"{socket.gethostname()}:{os.getpid()}"


PROBE_S = 5.0
"""How long joining a cluster may take to answer a TCP connection (Ray itself retries for minutes)."""


def _probe(address: str) -> None:
    """Fail fast, with the address, when nothing listens there (``auto`` is Ray's own lookup)."""
    import socket
    from urllib.parse import urlsplit

    if address == "auto":
        return
    parts = urlsplit(address if "://" in address else f"ray://{address}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        host, port = None, None
    if not host or not port:
        raise ConvrecError(f"--ray {address}: give host:port of the cluster's head (ray://host:10001 or host:6379), "
                           "'auto', or nothing for a cluster on this machine")
    try:
        socket.create_connection((host, port), timeout=PROBE_S).close()
    except OSError as e:
        raise ConvrecError(f"no Ray cluster answers at {address} ({e.strerror or e}); start one with "
                           "'ray start --head' or leave the address out to run on this machine") from None


def _token_auth_if_available() -> None:
    """A cluster started by ``ray start`` asks for the token ``ray`` keeps in ~/.ray/auth_token
    (or RAY_AUTH_TOKEN / RAY_AUTH_TOKEN_PATH); a driver joining it sends it only in token mode."""
    if os.environ.get("RAY_AUTH_MODE") is not None:
        return
    has = bool(os.environ.get("RAY_AUTH_TOKEN")) or Path(os.environ.get("RAY_AUTH_TOKEN_PATH") or
                                                           Path.home() / ".ray" / "auth_token").is_file()
    if has:
        os.environ["RAY_AUTH_MODE"] = "token"
        try:  # refresh the configuration Ray read at import
            from ray._raylet import Config

            Config.initialize("")
        except Exception:  # noqa: BLE001 - older Ray: no token authentication at all
            pass


def connect(address: str | None, workers: int | None, say: Callable[[str], None] | None = None) -> int:
    """Join (``address``) or start (``local``/None) a cluster; returns the number of actors to run
    (``workers``, else one per CPU the cluster has)."""
    ray = _import_ray()
    if not ray.is_initialized():
        kw: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False, configure_logging=False,
                                  runtime_env={"env_vars": {"OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false",
                                                            "RAY_DEDUP_LOGS": "0"}})
        try:
            if address in (None, "", LOCAL):
                ray.init(num_cpus=workers or os.cpu_count() or 1, object_store_memory=256 * 1024 ** 2, **kw)
            else:
                _probe(address)
                _token_auth_if_available()
                ray.init(address=address, **kw)
        except ConvrecError:
            raise
        except Exception as e:  # noqa: BLE001 - Ray raises many kinds; all mean "no cluster"
            where = "a local Ray cluster" if address in (None, "", LOCAL) else f"the Ray cluster at {address}"
            raise ConvrecError(f"could not start or reach {where}: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from e
    cpus = int(ray.cluster_resources().get("CPU", 1))
    n = workers or max(cpus, 1)
    if say:
        say(f"Ray: {n} actor{'s' if n != 1 else ''} on a cluster of {cpus} CPU{'s' if cpus != 1 else ''}")
    return n


def _first_line(e: BaseException) -> str:
    cause = getattr(e, "cause", None) or e
    text = str(cause).strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    # Ray wraps the worker's traceback; its last line is the error itself
    return lines[-1].strip() if lines else type(cause).__name__


def run_cases(recipe: RunnerRecipe, todo: list, append: Callable[[dict[str, Any]], None], address: str | None = None,
              workers: int | None = None, progress: Callable[[int, int], None] | None = None,
              say: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """Run ``todo`` on Ray actors; every record is handed to ``append`` as soon as its case ends
    (in finishing order). Returns the records by case id. An actor that dies takes its case with
    it: the case is reported and left to a later resume, the others go on."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    n = connect(address, workers, say)
    n = max(1, min(n, len(todo)))
    Worker = ray.remote(num_cpus=1, max_restarts=1)(_CaseWorker)
    actors = [Worker.remote(recipe) for _ in range(n)]
    try:  # an actor that cannot build its runner (no prepared dataset on its node, say) says so now
        ray.get([a.where.remote() for a in actors])
    except Exception as e:  # noqa: BLE001
        for a in actors:
            ray.kill(a)
        if started_here:
            ray.shutdown()
        raise ConvrecError(f"a Ray worker could not set up the run: {_first_line(e)}") from e
    out: dict[str, dict[str, Any]] = {}
    failed: list[str] = []
    queue = list(todo)
    running: dict[Any, tuple[Any, Any]] = {}

    def submit(actor) -> None:
        if queue:
            case = queue.pop(0)
            running[actor.run.remote(case)] = (actor, case)

    try:
        for a in actors:  # two cases in flight per actor: the next one is there when one ends
            submit(a)
            submit(a)
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            ref = ready[0]
            actor, case = running.pop(ref)
            try:
                rec = ray.get(ref)
            except Exception as e:  # noqa: BLE001 - a case or an actor failed
                cause = getattr(e, "cause", None) or e
                if isinstance(cause, ConvrecError):
                    raise cause
                failed.append(case.case_id)
                if say:
                    say(f"case {case.case_id} failed on a Ray worker ({type(cause).__name__}: "
                        f"{str(cause).splitlines()[0] if str(cause) else ''}); it runs again when the run is resumed")
                submit(actor)
                continue
            append(rec)
            out[case.case_id] = rec
            if progress:
                progress(1, 0)
            submit(actor)
    finally:  # killing the actors ends their running cases (cancel cannot force actor tasks)
        for a in actors:
            try:
                ray.kill(a)
            except Exception:  # noqa: BLE001 - already gone
                pass
        if started_here:
            ray.shutdown()
    if failed:
        raise ConvrecError(f"{len(failed)} of {len(todo)} cases failed on Ray workers ({', '.join(failed[:5])}"
                           f"{'…' if len(failed) > 5 else ''}); the {len(out)} that finished are saved: run the "
                           "same command again to retry the rest")
    return out
