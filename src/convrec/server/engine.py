"""The service's core, free of HTTP: warm agents, a bounded turn queue, sessions and metrics.

One process keeps the catalogs, models and the LLM loaded. Turns run on ``[server] workers``
threads (1 for the local LLM, which serves one call at a time); at most ``queue_size`` more wait,
and past that :class:`Busy` is raised (the HTTP layer answers 429 with Retry-After). Turns of one
session never overlap, nor two turns on the same agent instance. A waiting turn whose client
went away is dropped before it starts.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import threading
import time
import uuid
from collections import defaultdict, deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from convrec.core.sessions import ANONYMOUS, Profile, open_store
from convrec.strategies import DEFAULT_STRATEGY
from convrec.errors import ConvrecError

SESSION_ID = re.compile(r"^[A-Za-z0-9_.:@-]{1,128}$")
DRAIN_WINDOW = 20
"""how many recent turn ends measure the drain rate"""
LATENCY_BUCKETS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300)


class Busy(ConvrecError):
    """The turn queue is full."""

    def __init__(self, retry_after: int):
        super().__init__(f"the agent is busy: {retry_after} s until a slot is likely free")
        self.retry_after = retry_after


class NotFound(ConvrecError):
    pass


class Forbidden(ConvrecError):
    """The request names one person and the session belongs to another."""


class BadRequest(ConvrecError):
    pass


@dataclass
class Metrics:
    """Counters for ``/metrics`` (Prometheus text format)."""

    turns: dict[tuple[str, str, str], int] = field(default_factory=lambda: defaultdict(int))
    latency_buckets: list[int] = field(default_factory=lambda: [0] * (len(LATENCY_BUCKETS) + 1))
    latency_sum: float = 0.0
    latency_count: int = 0
    llm_calls: int = 0
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rejected: int = 0
    feedback: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def observe(self, dataset: str, strategy: str, status: str, seconds: float, llm_calls: int = 0) -> None:
        with self.lock:
            self.turns[(dataset, strategy, status)] += 1
            self.llm_calls += llm_calls
            if status == "ok":
                self.latency_sum += seconds
                self.latency_count += 1
                for i, b in enumerate(LATENCY_BUCKETS):
                    if seconds <= b:
                        self.latency_buckets[i] += 1
                        break
                else:
                    self.latency_buckets[-1] += 1

    def error(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] += 1

    def render(self, queue_depth: int, running: int) -> str:
        def esc(v: str) -> str:
            return v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")

        with self.lock:
            out = ["# HELP convrec_turns_total Turns answered, by dataset, strategy and status.",
                   "# TYPE convrec_turns_total counter"]
            for (ds, st, status), n in sorted(self.turns.items()):
                out.append(f'convrec_turns_total{{dataset="{esc(ds)}",strategy="{esc(st)}",status="{esc(status)}"}} {n}')
            out += ["# HELP convrec_turn_latency_seconds Time of answered turns (queue wait excluded).",
                    "# TYPE convrec_turn_latency_seconds histogram"]
            cum = 0
            for b, n in zip(LATENCY_BUCKETS, self.latency_buckets):
                cum += n
                out.append(f'convrec_turn_latency_seconds_bucket{{le="{b}"}} {cum}')
            cum += self.latency_buckets[-1]
            out += [f'convrec_turn_latency_seconds_bucket{{le="+Inf"}} {cum}',
                    f"convrec_turn_latency_seconds_sum {self.latency_sum:.3f}",
                    f"convrec_turn_latency_seconds_count {self.latency_count}",
                    "# HELP convrec_llm_calls_total LLM calls made by turns.", "# TYPE convrec_llm_calls_total counter",
                    f"convrec_llm_calls_total {self.llm_calls}",
                    "# HELP convrec_queue_depth Turns waiting for a worker.", "# TYPE convrec_queue_depth gauge",
                    f"convrec_queue_depth {queue_depth}",
                    "# HELP convrec_turns_running Turns being answered.", "# TYPE convrec_turns_running gauge",
                    f"convrec_turns_running {running}",
                    "# HELP convrec_rejected_total Turns refused because the queue was full (429).",
                    "# TYPE convrec_rejected_total counter", f"convrec_rejected_total {self.rejected}",
                    "# HELP convrec_errors_total Failed requests, by kind.", "# TYPE convrec_errors_total counter"]
            for kind, n in sorted(self.errors.items()):
                out.append(f'convrec_errors_total{{kind="{esc(kind)}"}} {n}')
            out += ["# HELP convrec_feedback_total Thumbs given on recommended items.",
                    "# TYPE convrec_feedback_total counter"]
            for v, n in sorted(self.feedback.items()):
                out.append(f'convrec_feedback_total{{value="{esc(v)}"}} {n}')
        return "\n".join(out) + "\n"


class Job:
    """One queued turn: cancelled before it starts if its client leaves."""

    def __init__(self, fn: Callable[[], Any]):
        self.fn = fn
        self.cancelled = False
        self.started = threading.Event()


class TurnQueue:
    """``workers`` threads; at most ``size`` turns waiting beyond them."""

    def __init__(self, workers: int, size: int):
        self.workers = workers
        self.size = size
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="convrec-turn")
        self.lock = threading.Lock()
        self.pending = 0
        self.running = 0
        self.mean_s = 10.0
        """moving mean of a turn's time (Retry-After before any turn has finished)"""
        self.finished: deque[float] = deque(maxlen=DRAIN_WINDOW)
        """when the last turns ended (monotonic): the measured drain rate"""

    @property
    def waiting(self) -> int:
        return max(self.pending - self.running, 0)

    def drain_rate(self, now: float | None = None) -> float | None:
        """Turns finished per second over the recent ones (the queue's measured drain rate), or
        None until two have finished. The span runs to ``now`` when the queue has stalled since."""
        if len(self.finished) < 2:
            return None
        now = time.monotonic() if now is None else now
        span = max(self.finished[-1] - self.finished[0], 1e-3)
        n = len(self.finished) - 1
        if self.running and now - self.finished[-1] > span / n:  # nothing has finished for longer than usual
            span = now - self.finished[0]
        return n / span

    def retry_after(self) -> int:
        """Seconds until a slot is likely free: the turns ahead (waiting, plus this one) over the
        measured drain rate; before two turns have finished, the mean turn time per worker."""
        ahead = self.waiting + 1
        rate = self.drain_rate()
        est = ahead / rate if rate else self.mean_s * ahead / self.workers
        return max(1, min(int(math.ceil(est)), 3600))

    def submit(self, fn: Callable[[], Any]) -> tuple[Job, Future]:
        with self.lock:
            if self.pending >= self.workers + self.size:
                raise Busy(self.retry_after())
            self.pending += 1
        job = Job(fn)

        def run():
            if job.cancelled:
                raise CancelledTurn()
            with self.lock:
                self.running += 1
            job.started.set()
            t = time.perf_counter()
            try:
                return job.fn()
            finally:
                dt = time.perf_counter() - t
                with self.lock:
                    self.running -= 1
                    self.mean_s = 0.8 * self.mean_s + 0.2 * dt
                    self.finished.append(time.monotonic())

        def release(_):  # done, failed or cancelled before it started: the slot is free
            with self.lock:
                self.pending -= 1

        fut = self.pool.submit(run)
        fut.add_done_callback(release)
        return job, fut

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class CancelledTurn(Exception):
    """The client left before the turn started."""


class ShuttingDown(ConvrecError):
    """The server is stopping before this turn ended (a turn already running still completes and
    is stored)."""

    def __init__(self):
        super().__init__("the server is shutting down; a turn already running is still stored when it completes "
                         "(read it back from the session), a queued one did not run: send it again")


class Engine:
    """Agents for (dataset, strategy), built on first use around one shared LLM and one session
    store; every turn goes through :meth:`submit_turn`."""

    def __init__(self, config, datasets: Sequence[str], strategy: str = DEFAULT_STRATEGY, llm=None, store=None,
                 say: Callable[[str], None] | None = None):
        from convrec.strategies import check_strategy
        from convrec.catalog.registry import check_name

        self.config = config
        self.datasets = [check_name(config, d) for d in datasets]
        if not self.datasets:
            raise ConvrecError("the server needs at least one dataset")
        self.default_dataset = self.datasets[0]
        self.default_strategy = check_strategy(strategy)
        self.say = say or (lambda m: None)
        self.store = store if store is not None else open_store(config.server.db_url, config.home / "sessions.db")
        self._llm = llm
        self._llm_lock = threading.Lock()
        self.agents: dict[tuple[str, str], Any] = {}
        self.catalogs: dict[str, Any] = {}
        """catalogs opened without an agent (item look-ups on a dataset no turn has used yet)"""
        self.agent_locks: dict[tuple[str, str], threading.Lock] = defaultdict(threading.Lock)
        self._build_lock = threading.Lock()
        self.session_locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self.queue = TurnQueue(config.server.workers, config.server.queue_size)
        self.coord = None
        """Redis, when worker processes share session locks, admission and rate limits."""
        if config.server.redis_url:
            from convrec.server.coord import RedisCoordinator

            self.coord = RedisCoordinator(config.server.redis_url)
            self.coord.check()  # a worker that cannot reach Redis says so at start, not on a turn
        self.metrics = Metrics()
        self.started = time.time()
        self.last_error: str | None = None
        self.degraded: dict[str, Any] | None = None
        """Set while the LLM is unreachable: the last reason and since when."""
        self.cards: dict[str, Any] = {}
        self._rate_lock = threading.Lock()
        self._rate_window = -1
        self._rate_counts: dict[str, int] = defaultdict(int)
        self.stop_deadline: float | None = None
        """Set when the server begins to stop: the monotonic time by which every open response
        must have been answered (inside the server's shutdown grace)."""

    def begin_shutdown(self, grace_s: float) -> None:
        """The server is stopping (Ctrl-C, SIGTERM): responses still waiting for a turn answer a
        JSON 503 a second before the grace time ends, instead of being cut off."""
        if self.stop_deadline is None:
            self.stop_deadline = time.monotonic() + max(grace_s - 1.0, 0.0)

    def stop_at(self) -> float | None:
        return self.stop_deadline

    # ------------------------------------------------------------------ parts
    def strategies(self) -> list[str]:
        from convrec.strategies import strategy_names

        return strategy_names()

    def check(self, dataset: str | None, strategy: str | None) -> tuple[str, str]:
        from convrec.strategies import check_strategy
        from convrec.catalog.registry import canonical_name

        ds = canonical_name(dataset) if dataset else self.default_dataset
        if ds not in self.datasets:
            raise NotFound(f"dataset '{ds}' is not served here (served: {', '.join(self.datasets)})")
        try:
            st = check_strategy(strategy) if strategy else self.default_strategy
        except ConvrecError as e:
            raise NotFound(str(e)) from None
        return ds, st

    @property
    def llm(self):
        with self._llm_lock:
            if self._llm is None:
                from convrec.llm.factory import make_llm

                self._llm = make_llm(self.config, notify=self.say, load_now=False)
            return self._llm

    def llm_name(self) -> str:
        from pathlib import Path

        from convrec.llm.models import DEFAULT_LOCAL_MODEL

        c = self.config.llm
        if c.backend == "openai":
            return f"openai:{c.model or 'default'}"
        return f"local:{Path(c.model).name if c.model else DEFAULT_LOCAL_MODEL}"

    def agent(self, dataset: str, strategy: str):
        key = (dataset, strategy)
        if key not in self.agents:
            with self._build_lock:
                if key not in self.agents:
                    from convrec.api import Agent
                    from convrec.strategies import needs_llm

                    llm = self.llm if needs_llm(strategy) else None
                    self.say(f"building {strategy} on {dataset}")
                    self.agents[key] = Agent.from_config(self.config, dataset, llm=llm, say=self.say,
                                                         strategy=strategy, store=self.store, with_llm=llm is not None)
        return self.agents[key]

    def catalog(self, dataset: str):
        """The catalog of a served dataset (a built agent's, else opened once on its own)."""
        for (ds, _), agent in list(self.agents.items()):
            if ds == dataset:
                return agent.catalog
        if dataset not in self.catalogs:
            with self._build_lock:
                if dataset not in self.catalogs:
                    from convrec.catalog.store import open_dataset
                    from convrec.core.catalog import CatalogAccess

                    self.catalogs[dataset] = CatalogAccess(open_dataset(self.config, dataset), self.config, say=self.say)
        return self.catalogs[dataset]

    def card(self, dataset: str):
        """The capability card of a served dataset (what it holds, example requests), built once."""
        ds, _ = self.check(dataset, None)
        if ds not in self.cards:
            from convrec.nlu import build_card

            self.cards[ds] = build_card(self.catalog(ds).vocab)
        return self.cards[ds]

    def warm(self) -> None:
        """Build the default agent of every served dataset now (catalog, models) instead of on a
        user's first turn."""
        for ds in self.datasets:
            self.agent(ds, self.default_strategy)

    # ------------------------------------------------------------------ sessions
    def session(self, sid: str, user: str | None = None) -> dict[str, Any]:
        """The session ``sid``; ``user``: who the request says is asking — a session of another
        person is refused (it holds their words and their memory)."""
        s = self.store.get(sid)
        if s is None:
            raise NotFound(f"no session '{sid}'")
        owner_check(s, user)
        return s

    def new_session(self, dataset: str | None = None, strategy: str | None = None, user: str | None = None,
                    session_id: str | None = None) -> dict[str, Any]:
        ds, st = self.check(dataset, strategy)
        if session_id is not None and not SESSION_ID.match(session_id):
            raise BadRequest("a session id is 1-128 letters, digits or _ . : @ -")
        sid = self.store.create((user or "").strip() or ANONYMOUS, ds, st, session_id=session_id)  # no identity: no long-term memory
        return self.session(sid)

    def feedback(self, sid: str, item_id: str, value: str) -> Profile:
        """Thumbs up / down on an item: the session's (and the user's long-term) likes or
        dislikes, read by the next turn."""
        if value not in ("up", "down", "clear"):
            raise BadRequest("feedback value must be up, down or clear")
        s = self.session(sid)
        catalog = self.catalog(s["dataset"])
        if str(item_id) not in catalog.items.index:
            raise NotFound(f"no item '{item_id}' in {s['dataset']}")
        item_id = str(item_id)
        with self.session_locks[sid], self.store.turn_lock(sid):  # a turn in another worker waits too
            p = self.store.get(sid)["profile"]
            likes = [i for i in p.like_ids if i != item_id]
            dislikes = [i for i in p.dislike_ids if i != item_id]
            if value == "up":
                likes.append(item_id)
            elif value == "down":
                dislikes.append(item_id)
            p = Profile(likes, dislikes, p.like_attrs, p.dislike_attrs, p.expect)
            self.store.save_profile(sid, p)
        with self.metrics.lock:
            self.metrics.feedback[value] += 1
        return p

    def item(self, dataset: str, item_id: str) -> dict[str, Any]:
        ds, _ = self.check(dataset, None)
        catalog = self.catalog(ds)
        if str(item_id) not in catalog.items.index:
            raise NotFound(f"no item '{item_id}' in {ds}")
        return {"id": str(item_id), "dataset": ds, **catalog.describe(str(item_id))}

    # ------------------------------------------------------------------ turns
    def submit_turn(self, message: str, session: str | None = None, *, dataset: str | None = None,
                    strategy: str | None = None, user: str | None = None, context: Sequence[dict] | None = None,
                    k: int | None = None, client: str | None = None, key: str | None = None,
                    ) -> tuple[Job, Future, dict[str, Any]]:
        """Queue one turn. ``session``: an existing session id, or a new id the client chose;
        ``None``: a new session (``context``, earlier messages held by the client, is read with the
        message). Returns the job, its future (a :class:`convrec.core.turn.Turn`) and the session."""
        limit = self.config.server.max_message
        if not isinstance(message, str) or not message.strip():
            raise BadRequest("the message is empty")
        if len(message) > limit:
            raise TooLarge(f"message too long ({len(message):,} characters; at most {limit:,})")
        if k is not None and not 1 <= k <= 50:
            raise BadRequest("k must be between 1 and 50")
        if key is not None and (not key.strip() or len(key) > 200):
            raise BadRequest("Idempotency-Key must be 1 to 200 characters")
        cfg = self.config.server
        if cfg.rate_limit and client:
            wait = self._over_rate(client, cfg.rate_limit)
            if wait:
                raise RateLimited(wait, cfg.rate_limit)
        s = self.store.get(session) if session else None
        if s is None:
            s = self.new_session(dataset, strategy, user, session_id=session)
        else:
            owner_check(s, user)
            ds, st = self.check(dataset or s["dataset"], strategy or s["strategy"])
            if (ds, st) != (s["dataset"], s["strategy"]):
                raise BadRequest(f"session '{s['session_id']}' belongs to {s['strategy']} on {s['dataset']}; "
                                 "start a new session for another model")
        sid, ds, st = s["session_id"], s["dataset"], s["strategy"]  # the turn runs as the session's user (core.loop)

        def run():
            t0 = time.perf_counter()
            try:
                agent = self.agent(ds, st)
                held = self.coord.session_lock(sid, cfg.timeout_s) if self.coord is not None else contextlib.nullcontext()
                with self.session_locks[sid], held, self.agent_locks[(ds, st)]:
                    turn = agent.strategy.turn(message, sid, k=k, context=list(context or []) or None,
                                               **({"key": key} if key else {}))
            except Exception as e:
                self.metrics.observe(ds, st, "error", time.perf_counter() - t0)
                self.metrics.error(type(e).__name__)
                self.last_error = f"{type(e).__name__}: {e}"[:300]
                raise
            if turn.degraded:
                self.degraded = {"reason": turn.degraded, "since": self.degraded["since"] if self.degraded else time.time()}
                self.say(f"warning: degraded: the LLM could not be reached ({turn.degraded})")
                self.metrics.observe(ds, st, "degraded", time.perf_counter() - t0, turn.llm_calls)
                if not self.config.llm.fallback:
                    raise LLMUnavailable(f"the LLM could not be reached ({turn.degraded}); the message is saved in "
                                         f"session {sid}")
                return turn
            if turn.llm_calls:
                self.degraded = None  # the brain answered again
            self.metrics.observe(ds, st, "ok", time.perf_counter() - t0, turn.llm_calls)
            return turn

        admitted = None
        if self.coord is not None:  # the queue bound across every worker process
            admitted = uuid.uuid4().hex
            if not self.coord.admit(admitted, cfg.processes * (cfg.workers + cfg.queue_size), cfg.timeout_s + 60):
                with self.metrics.lock:
                    self.metrics.rejected += 1
                raise Busy(self.queue.retry_after())
        try:
            job, fut = self.queue.submit(run)
        except Busy:
            if admitted:
                self.coord.release(admitted)
            with self.metrics.lock:
                self.metrics.rejected += 1
            raise
        if admitted:
            fut.add_done_callback(lambda _f: self.coord.release(admitted))
        return job, fut, s

    def _over_rate(self, client: str, per_minute: int) -> int | None:
        """Seconds to wait when ``client`` has used its turns of this minute (in Redis when the
        workers share it, else in this process)."""
        if self.coord is not None:
            return self.coord.over_rate(client, per_minute)
        now = time.time()
        window = int(now // 60)
        with self._rate_lock:
            if self._rate_window != window:
                self._rate_window, self._rate_counts = window, defaultdict(int)
            self._rate_counts[client] += 1
            n = self._rate_counts[client]
        return None if n <= per_minute else max(1, int(60 - now % 60) + 1)

    def health(self) -> dict[str, Any]:
        store_ok = self.store.ping()
        coord_ok = self.coord.ping() if self.coord is not None else None
        status = "unavailable" if not store_ok or coord_ok is False else ("degraded" if self.degraded else "ok")
        return {"status": status, "store": "ok" if store_ok else "unreachable",
                "coordination": None if coord_ok is None else ("redis ok" if coord_ok else "redis unreachable"),
                "processes": self.config.server.processes, "pid": os.getpid(),
                "degraded": self.degraded["reason"] if self.degraded else None,
                "store_url": self.store.url, "datasets": self.datasets, "strategy": self.default_strategy,
                "llm": self.llm_name(), "queue_depth": self.queue.waiting, "running": self.queue.running,
                "uptime_s": round(time.time() - self.started, 1), "last_error": self.last_error}

    def close(self) -> None:
        self.queue.shutdown()


class TooLarge(ConvrecError):
    pass


def owner_check(s: dict[str, Any], user: str | None) -> None:
    """A request that names a person (an API ``user``, a browser's own id) may not use a session
    that belongs to another person."""
    from convrec.core.sessions import is_person

    if user and is_person(s["user_id"]) and str(user).strip() != s["user_id"]:
        raise Forbidden(f"session '{s['session_id']}' belongs to another user")


class RateLimited(Busy):
    """A client asked for more turns this minute than ``[server] rate_limit`` allows."""

    def __init__(self, retry_after: int, per_minute: int):
        ConvrecError.__init__(self, f"too many turns: at most {per_minute} a minute per client; try again in {retry_after} s")
        self.retry_after = retry_after


class LLMUnavailable(ConvrecError):
    """The LLM could not be reached and ``llm.fallback`` is off."""
