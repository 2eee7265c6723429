"""What the server's worker processes share through Redis: who holds a session, how many turns
are admitted, how many turns a client has asked for this minute.

One process needs none of it (threads and locks do). With ``convrec serve --workers N`` any
worker may take any turn of any session, so:

- a session is held for one turn by a Redis key (``SET NX PX`` with a token; released only by
  its holder, by a compare-and-delete script); the holder renews it every few seconds while the
  turn runs, so a worker killed mid-turn lets the session go within ``HOLD_S`` seconds;
- admission is one sorted set of the turns admitted, each with the time it expires: a turn is
  admitted while fewer than ``capacity`` are in it, so the queue bound holds across workers, and
  a killed worker's turns fall out when they expire;
- a client's turns per minute (``[server] rate_limit``) are a counter per client and minute.

A Redis that cannot be reached is said once, clearly; turns then answer 503 ``coordination``
(never a hang: every call has a short socket timeout).
"""

from __future__ import annotations

import contextlib
import time
import uuid
from typing import Iterator

from convrec.core.sessions import _redact
from convrec.errors import ConvrecError

_ADMIT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
return 1
"""
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


HOLD_S = 15.0
"""A session lock lapses this long after its holder stops renewing it (a killed worker)."""


class CoordinationUnavailable(ConvrecError):
    """Redis, which the workers share their locks and limits through, cannot be reached."""


class RedisCoordinator:
    """Session locks, admission and rate limits in Redis at ``url`` (keys under ``prefix``)."""

    def __init__(self, url: str, prefix: str = "convrec", socket_timeout: float = 2.0):
        try:
            import redis
        except ImportError:
            raise ConvrecError("sharing locks and limits between workers needs the redis client: pip install redis") from None
        self.url = url
        self.prefix = prefix
        self._errors = (redis.ConnectionError, redis.TimeoutError)
        self.r = redis.Redis.from_url(url, socket_timeout=socket_timeout, socket_connect_timeout=socket_timeout,
                                      decode_responses=True)
        self._admit = self.r.register_script(_ADMIT)
        self._release = self.r.register_script(_RELEASE)
        self._renew = self.r.register_script(_RENEW)

    def _call(self, fn, *a, **kw):
        try:
            return fn(*a, **kw)
        except self._errors as e:
            raise CoordinationUnavailable(f"Redis at {_redact(self.url)} cannot be reached ({str(e).strip()[:120]}); "
                                          "turns cannot be coordinated between workers") from None

    def ping(self) -> bool:
        try:
            return bool(self.r.ping())
        except self._errors:
            return False

    def check(self) -> None:
        """Raise :class:`CoordinationUnavailable` unless Redis answers."""
        self._call(self.r.ping)

    # ------------------------------------------------------------------ admission
    def admit(self, job_id: str, capacity: int, ttl_s: float) -> bool:
        now = time.time()
        return bool(self._call(self._admit, keys=[f"{self.prefix}:admitted"], args=[now, now + ttl_s, capacity, job_id]))

    def release(self, job_id: str) -> None:
        try:
            self.r.zrem(f"{self.prefix}:admitted", job_id)
        except self._errors:
            pass  # it expires with its time limit

    def admitted(self) -> int:
        try:
            self.r.zremrangebyscore(f"{self.prefix}:admitted", "-inf", time.time())
            return int(self.r.zcard(f"{self.prefix}:admitted"))
        except self._errors:
            return -1

    # ------------------------------------------------------------------ sessions
    @contextlib.contextmanager
    def session_lock(self, session_id: str, timeout_s: float, hold_s: float = HOLD_S) -> Iterator[None]:
        """Hold ``session_id`` for one turn (wait up to ``timeout_s``). The hold is renewed every
        ``hold_s / 3`` while the turn runs and lapses ``hold_s`` after this process dies."""
        import threading

        from convrec.core.sessions import SessionBusy

        key, token = f"{self.prefix}:session:{session_id}", uuid.uuid4().hex
        ms = int(hold_s * 1000)
        deadline = time.monotonic() + timeout_s
        while not self._call(self.r.set, key, token, nx=True, px=ms):
            if time.monotonic() > deadline:
                raise SessionBusy(f"session {session_id} is busy with another turn (waited {timeout_s:.0f} s)")
            time.sleep(0.02)
        done = threading.Event()

        def renew():
            while not done.wait(hold_s / 3):
                try:
                    self._renew(keys=[key], args=[token, ms])
                except self._errors:
                    pass  # Redis away for a moment: the hold may lapse, the turn goes on

        t = threading.Thread(target=renew, daemon=True, name="convrec-session-hold")
        t.start()
        try:
            yield
        finally:
            done.set()
            try:
                self._release(keys=[key], args=[token])
            except self._errors:
                pass  # it lapses after hold_s

    # ------------------------------------------------------------------ rate limits
    def over_rate(self, client: str, per_minute: int) -> int | None:
        """Seconds until ``client`` may send again when it has had ``per_minute`` turns this
        minute; None while under the limit."""
        now = time.time()
        window = int(now // 60)
        key = f"{self.prefix}:rate:{client}:{window}"
        pipe = self.r.pipeline()
        pipe.incr(key)
        pipe.expire(key, 120)
        n = self._call(pipe.execute)[0]
        return None if n <= per_minute else max(1, int(60 - now % 60) + 1)

