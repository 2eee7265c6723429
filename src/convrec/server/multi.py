"""``convrec serve --workers N``: N worker processes behind one address.

uvicorn binds the socket once and forks N workers that accept from it (the kernel spreads the
connections); a worker that dies is started again by uvicorn's supervisor. Each worker builds
its own :class:`~convrec.server.engine.Engine` from the configuration the parent hands down
(``CONVREC_SERVE_SPEC``, JSON), so any worker can take any turn of any session: sessions live in
the shared store (PostgreSQL, or one SQLite file on one machine), and session locks, the queue
bound and rate limits in Redis (``[server] redis_url``; :mod:`convrec.server.coord`).
"""

from __future__ import annotations

import json
import os
import sys

SPEC_ENV = "CONVREC_SERVE_SPEC"


def worker_app():
    """uvicorn's app factory in each worker process."""
    from convrec.config import Config
    from convrec.server import GRACE_S, Engine, create_app

    spec = json.loads(os.environ[SPEC_ENV])
    cfg = Config.model_validate(spec["config"])

    def say(m: str) -> None:
        sys.stderr.write(f"[worker {os.getpid()}] {m}\n")

    engine = Engine(cfg, spec["datasets"], spec["strategy"], say=say)
    if spec.get("warm", True):
        engine.warm()
    app = create_app(engine)
    _tell_engine_on_exit(engine, GRACE_S)
    say("ready")
    return app


def _tell_engine_on_exit(engine, grace_s: float) -> None:
    """In this worker, a stop (SIGTERM from the supervisor, Ctrl-C) first tells the engine, so
    responses still waiting answer a JSON 503 ``shutting_down`` inside the grace time."""
    import uvicorn

    original = uvicorn.Server.handle_exit

    def handle_exit(self, sig, frame):
        engine.begin_shutdown(grace_s)
        original(self, sig, frame)

    uvicorn.Server.handle_exit = handle_exit


def run_workers(cfg, datasets: list[str], strategy: str, processes: int, warm: bool = True) -> None:
    """Serve with ``processes`` workers on ``cfg.server.host:port`` until stopped."""
    import uvicorn

    from convrec.server import GRACE_S

    os.environ[SPEC_ENV] = json.dumps({"config": json.loads(cfg.model_dump_json()), "datasets": datasets,
                                       "strategy": strategy, "warm": warm})
    uvicorn.run("convrec.server.multi:worker_app", factory=True, host=cfg.server.host, port=cfg.server.port,
                workers=processes, log_level="warning", timeout_graceful_shutdown=int(GRACE_S))
