"""User profile and sessions, persisted in SQLite under ``$CONVREC_HOME/sessions.db``.

The profile holds what the user likes, dislikes and expects — item ids and attribute values —
short-term (this session) and long-term (merged from earlier sessions of the same user).
Every message is written before the reply is returned, so a crash loses nothing acknowledged.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import threading
import time
import uuid
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator

from convrec.errors import ConvrecError


@dataclass
class Profile:
    like_ids: list[str] = field(default_factory=list)
    dislike_ids: list[str] = field(default_factory=list)
    like_attrs: list[str] = field(default_factory=list)
    dislike_attrs: list[str] = field(default_factory=list)
    expect: list[str] = field(default_factory=list)

    def merge(self, other: "Profile") -> "Profile":
        """Union, where a newer like overrides an older dislike of the same item and vice versa."""
        def union(a, b):
            return list(dict.fromkeys(list(a) + list(b)))

        likes = union(self.like_ids, other.like_ids)
        dislikes = union(self.dislike_ids, other.dislike_ids)
        likes = [i for i in likes if i not in other.dislike_ids]
        dislikes = [i for i in dislikes if i not in other.like_ids]
        return Profile(likes, dislikes, union(self.like_attrs, other.like_attrs),
                       union(self.dislike_attrs, other.dislike_attrs), union(self.expect, other.expect)[-10:])

    def is_empty(self) -> bool:
        return not (self.like_ids or self.dislike_ids or self.like_attrs or self.dislike_attrs or self.expect)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> "Profile":
        return cls(**json.loads(text)) if text else cls()


SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    session_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, dataset TEXT NOT NULL, strategy TEXT NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL, profile TEXT
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(session_id),
    role TEXT NOT NULL, content TEXT NOT NULL, items TEXT, trace TEXT, meta TEXT, created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_messages_session ON messages(session_id, id);
CREATE TABLE IF NOT EXISTS user_profiles (user_id TEXT NOT NULL, dataset TEXT NOT NULL, profile TEXT NOT NULL,
    updated REAL NOT NULL, PRIMARY KEY (user_id, dataset));
"""

PG_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS sessions (session_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, dataset TEXT NOT NULL, "
    "strategy TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL, profile TEXT)",
    "CREATE TABLE IF NOT EXISTS messages (id BIGSERIAL PRIMARY KEY, session_id TEXT NOT NULL REFERENCES "
    "sessions(session_id), role TEXT NOT NULL, content TEXT NOT NULL, items TEXT, trace TEXT, meta TEXT, "
    "created DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS idx_messages_session ON messages(session_id, id)",
    "CREATE TABLE IF NOT EXISTS user_profiles (user_id TEXT NOT NULL, dataset TEXT NOT NULL, profile TEXT NOT NULL, "
    "updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (user_id, dataset))",
]


LOCK_TIMEOUT_S = 600.0
"""How long a turn waits for another turn of the same session (another process or thread)
before giving up with a clear error."""
LOCK_STRIPES = 4096
"""Session locks are spread over this many lock files (two sessions sharing one only wait for
each other; the number of files stays bounded however many sessions there are)."""


class SessionBusy(ConvrecError):
    """Another turn of the session held it for longer than the wait allows."""


class SessionStore:
    """Sessions, messages and long-term profiles in one SQLite file (WAL, durable writes).
    Safe to share between threads (one lock around each operation); :class:`PgSessionStore`
    is the same store in PostgreSQL. :meth:`turn_lock` serialises the turns of one session
    across threads and processes."""

    _param = "?"

    def __init__(self, path: Path):
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.lock = threading.RLock()
        try:
            self.con = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
            self.con.execute("PRAGMA journal_mode=WAL")
            self.con.execute("PRAGMA synchronous=FULL")
            self.con.executescript(SCHEMA)
        except sqlite3.Error as e:
            raise _store_error(self.url, e) from None

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    _DB_ERRORS: tuple = (sqlite3.OperationalError, sqlite3.DatabaseError)

    def _exec(self, sql: str, args: tuple = ()) -> Any:
        with self.lock:
            try:
                return self.con.execute(sql.replace("?", self._param), args)
            except self._DB_ERRORS as e:
                raise _store_error(self.url, e) from None

    def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self.lock:
            cur = self._exec(sql, args)
            try:
                return list(cur.fetchall())
            except self._DB_ERRORS as e:
                raise _store_error(self.url, e) from None

    def _one(self, sql: str, args: tuple = ()) -> tuple | None:
        with self.lock:
            cur = self._exec(sql, args)
            try:
                return cur.fetchone()  # a RETURNING statement runs here
            except self._DB_ERRORS as e:
                raise _store_error(self.url, e) from None

    def ping(self) -> bool:
        """The store answers (for health checks)."""
        try:
            return self._one("SELECT 1") is not None
        except Exception:  # noqa: BLE001 - any failure means unhealthy
            return False

    def create(self, user_id: str, dataset: str, strategy: str, session_id: str | None = None) -> str:
        """A new session (``session_id``: one the caller chose; default a random id)."""
        sid = session_id or uuid.uuid4().hex[:12]
        now = time.time()
        self._exec("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?)", (sid, user_id, dataset, strategy, now, now, None))
        return sid

    def get(self, session_id: str) -> dict[str, Any] | None:
        row = self._one("SELECT session_id, user_id, dataset, strategy, created, updated, profile FROM sessions "
                        "WHERE session_id = ?", (session_id,))
        if row is None:
            return None
        keys = ["session_id", "user_id", "dataset", "strategy", "created", "updated", "profile"]
        d = dict(zip(keys, row))
        d["profile"] = Profile.from_json(d["profile"])
        return d

    def add_message(self, session_id: str, role: str, content: str, items: list | None = None,
                    trace: list | None = None, meta: dict | None = None) -> int:
        from convrec.textclean import valid_utf8

        now = time.time()
        content = valid_utf8(str(content)).replace("\x00", "\ufffd")  # storable on SQLite and PostgreSQL
        args = (session_id, role, content, json.dumps(items) if items is not None else None,
                json.dumps(trace, default=str) if trace is not None else None,
                json.dumps(meta, default=str) if meta is not None else None, now)
        with self.lock:
            row = self._one("INSERT INTO messages (session_id, role, content, items, trace, meta, created) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id", args)
            self._exec("UPDATE sessions SET updated = ? WHERE session_id = ?", (now, session_id))
        return int(row[0])

    def latest(self, user_id: str, dataset: str, strategy: str) -> str | None:
        """The user's most recently active session with this dataset and strategy."""
        row = self._one("SELECT session_id FROM sessions WHERE user_id = ? AND dataset = ? AND strategy = ? "
                        "ORDER BY updated DESC LIMIT 1", (user_id, dataset, strategy))
        return row[0] if row else None

    def messages(self, session_id: str) -> list[dict[str, Any]]:
        rows = self._all("SELECT role, content, items, trace, meta, created FROM messages WHERE session_id = ? "
                         "ORDER BY id", (session_id,))
        return [{"role": r, "content": c, "items": json.loads(i) if i else None, "trace": json.loads(t) if t else None,
                 "meta": json.loads(m) if m else None, "created": ts} for r, c, i, t, m, ts in rows]

    def save_profile(self, session_id: str, profile: Profile) -> None:
        """Short-term profile of the session, merged into the user's long-term profile."""
        with self.lock:
            s = self.get(session_id)
            if s is None:
                raise KeyError(session_id)
            self._exec("UPDATE sessions SET profile = ?, updated = ? WHERE session_id = ?",
                       (profile.to_json(), time.time(), session_id))
            long = self.long_term(s["user_id"], s["dataset"]).merge(profile)
            self._exec("INSERT INTO user_profiles VALUES (?, ?, ?, ?) ON CONFLICT(user_id, dataset) DO UPDATE SET "
                       "profile = excluded.profile, updated = excluded.updated",
                       (s["user_id"], s["dataset"], long.to_json(), time.time()))

    def forget(self, session_id: str, item_ids: list[str] | None = None) -> Profile:
        """Forget items the user liked or disliked (``None``: everything), in this session's
        profile and in the user's long-term one; returns the session's profile after."""
        with self.lock:
            s = self.get(session_id)
            if s is None:
                raise KeyError(session_id)
            drop = None if item_ids is None else set(item_ids)

            def without(p: Profile) -> Profile:
                if drop is None:
                    return Profile()
                return Profile([i for i in p.like_ids if i not in drop], [i for i in p.dislike_ids if i not in drop],
                               p.like_attrs, p.dislike_attrs, p.expect)

            short = without(s["profile"])
            self._exec("UPDATE sessions SET profile = ?, updated = ? WHERE session_id = ?",
                       (short.to_json(), time.time(), session_id))
            if drop is not None:
                long = without(self.long_term(s["user_id"], s["dataset"]))
                self._exec("UPDATE user_profiles SET profile = ?, updated = ? WHERE user_id = ? AND dataset = ?",
                           (long.to_json(), time.time(), s["user_id"], s["dataset"]))
            return short

    def long_term(self, user_id: str, dataset: str) -> Profile:
        row = self._one("SELECT profile FROM user_profiles WHERE user_id = ? AND dataset = ?", (user_id, dataset))
        return Profile.from_json(row[0]) if row else Profile()

    def close(self) -> None:
        with self.lock:
            self.con.close()

    @contextlib.contextmanager
    def turn_lock(self, session_id: str, timeout_s: float = LOCK_TIMEOUT_S) -> Iterator[None]:
        """Hold the session for one turn: two processes (two ``convrec ask --session S``) or
        two threads on the same session run one after the other, so its messages stay in
        user/assistant order. SQLite: an exclusive ``flock`` on a lock file beside the database
        (released by the OS if the process dies); an in-memory store: a thread lock."""
        if self.path is None or str(self.path) == ":memory:" or _fcntl() is None:
            with _thread_lock(id(self), session_id, timeout_s):
                yield
            return
        fcntl = _fcntl()
        d = Path(str(self.path) + ".locks")
        d.mkdir(parents=True, exist_ok=True)
        fd = os.open(d / f"{zlib.crc32(session_id.encode()) % LOCK_STRIPES:03x}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + timeout_s
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise SessionBusy(f"session {session_id} is busy with another turn (waited {timeout_s:.0f} s)") from None
                    time.sleep(0.02)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    @classmethod
    def in_memory(cls) -> "SessionStore":
        """A store that lives as long as the process (strategies built without a database)."""
        return cls(Path(":memory:"))


def _store_error(url: str, e: Exception) -> "StoreError":
    """One clear line for a store that cannot be written (the caller's message says what was kept)."""
    from convrec.errors import StoreError

    msg = str(e).lower()
    if "locked" in msg or "busy" in msg:
        return StoreError(f"the session store {url} is locked by another process (waited 30 s); try again")
    if "full" in msg or "no space" in msg or "too big" in msg:
        return StoreError(f"the session store {url} cannot grow: the disk is full; free some space and try again")
    if "disk i/o" in msg:
        return StoreError(f"the session store {url} cannot be written (disk I/O error: is the disk full?); "
                          "free some space and try again")
    if "readonly" in msg or "read-only" in msg:
        return StoreError(f"the session store {url} is read-only: check its permissions")
    return StoreError(f"the session store {url} failed: {' '.join(str(e).split())[:200]}")


class PgSessionStore(SessionStore):
    """The session store in PostgreSQL (``postgresql://...``): several server replicas behind a
    load balancer share sessions and profiles. Needs ``psycopg`` (``pip install "psycopg[binary]"``)."""

    _param = "%s"

    def __init__(self, url: str):
        try:
            import psycopg
        except ImportError:
            raise ConvrecError("a PostgreSQL session store needs psycopg: pip install \"psycopg[binary]\"") from None
        self._url = url
        self.path = None
        self.lock = threading.RLock()
        self._DB_ERRORS = (psycopg.OperationalError,)  # connection lost, disk full, ... (not a bug's SQL error)
        try:
            self.con = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as e:
            raise ConvrecError(f"cannot connect to the session store {_redact(url)}: {str(e).strip().splitlines()[0]}") from None
        with self.lock:
            self.con.execute("SELECT pg_advisory_lock(734021)")  # replicas starting together create the tables once
            try:
                for stmt in PG_SCHEMA:
                    self.con.execute(stmt)
            finally:
                self.con.execute("SELECT pg_advisory_unlock(734021)")

    @property
    def url(self) -> str:
        return _redact(self._url)

    def _exec(self, sql: str, args: tuple = ()) -> Any:
        with self.lock:
            try:
                return self.con.execute(sql.replace("?", self._param), args)
            except self._DB_ERRORS as e:
                raise _store_error(self.url, e) from None

    def save_profile(self, session_id: str, profile: Profile) -> None:
        with self.lock, self.con.transaction():
            super().save_profile(session_id, profile)

    @contextlib.contextmanager
    def turn_lock(self, session_id: str, timeout_s: float = LOCK_TIMEOUT_S) -> Iterator[None]:
        """The session held for one turn by a PostgreSQL advisory lock on a connection of its
        own, so workers on other machines sharing the database wait for each other too."""
        import psycopg

        key = zlib.crc32(("convrec-session:" + session_id).encode()) - 2**31
        with _thread_lock(id(self), session_id, timeout_s):  # this process's threads share self.con
            try:
                con = psycopg.connect(self._url, autocommit=True, connect_timeout=10)
            except psycopg.Error as e:
                raise _store_error(self.url, e) from None
            try:
                deadline = time.monotonic() + timeout_s
                while not con.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()[0]:
                    if time.monotonic() > deadline:
                        raise SessionBusy(f"session {session_id} is busy with another turn (waited {timeout_s:.0f} s)")
                    time.sleep(0.05)
                try:
                    yield
                finally:
                    con.execute("SELECT pg_advisory_unlock(%s)", (key,))
            finally:
                con.close()


_THREAD_LOCKS: dict[tuple[int, int], threading.Lock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()


@contextlib.contextmanager
def _thread_lock(store_id: int, session_id: str, timeout_s: float) -> Iterator[None]:
    with _THREAD_LOCKS_GUARD:
        lk = _THREAD_LOCKS.setdefault((store_id, zlib.crc32(session_id.encode()) % LOCK_STRIPES), threading.Lock())
    if not lk.acquire(timeout=timeout_s):
        raise SessionBusy(f"session {session_id} is busy with another turn (waited {timeout_s:.0f} s)")
    try:
        yield
    finally:
        lk.release()


def _fcntl():
    try:
        import fcntl
    except ImportError:  # Windows: turns of one session are serialised within a process only
        return None
    return fcntl


def _redact(url: str) -> str:
    """A URL without its password."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def open_store(target: str | Path | None, default: Path) -> SessionStore:
    """The session store named by ``target``: ``postgresql://...`` / ``postgres://...``,
    ``sqlite:///path`` or a plain path; ``None``: the SQLite file ``default``."""
    if target is None or str(target).strip() == "":
        return SessionStore(default)
    t = str(target).strip()
    if t.startswith(("postgresql://", "postgres://")):
        return PgSessionStore(t)
    if t.startswith("sqlite:///"):
        t = t[len("sqlite:///"):]  # sqlite:///rel.db is relative, sqlite:////abs.db absolute (as in SQLAlchemy)
    elif "://" in t:
        raise ConvrecError(f"unsupported session store URL {_redact(t)} (use postgresql://..., sqlite:///path or a path)")
    return SessionStore(Path(t).expanduser())
