"""User profile and sessions, persisted in SQLite under ``$CONVREC_HOME/sessions.db``.

The profile holds what the user likes, dislikes, has seen, has asked about and expects — item
ids and attribute values — short-term (this session) and long-term (merged from earlier sessions
of the same user). Long-term memory belongs to one person: it is written and read only for a
user id that names one (:func:`is_person`: a CLI ``--user``, an API ``user``, a browser's own
id), never for a session without an identity, and a person can switch theirs off
(:meth:`SessionStore.set_memory`) or clear it (:meth:`SessionStore.forget_user`).
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


ANONYMOUS = ""
"""The user id of a session without an identity: session memory only, no long-term profile."""
SHARED_IDS = frozenset({"", "anonymous", "mcp"})
"""Ids that never name one person: the empty id, and the shared ids earlier versions gave every
web/API visitor ("anonymous") and every MCP client ("mcp"). Their long-term profiles are never
read or written, and the ones an older store holds are deleted when it is opened."""
MAX_REMEMBERED = 200
"""Items kept per relation in a long-term profile (the most recent ones)."""


def is_person(user_id: str | None) -> bool:
    """Whether ``user_id`` names one person, so long-term memory may be kept for it."""
    return user_id is not None and str(user_id).strip() not in SHARED_IDS


@dataclass
class Profile:
    """What is kept about a person, relations apart: only ``like_ids`` and ``dislike_ids`` shape
    ranking; ``seen_ids`` (items the person said they have seen, liked or not) and ``asked_ids``
    (items they asked about) are remembered and shown, never used as taste."""

    like_ids: list[str] = field(default_factory=list)
    dislike_ids: list[str] = field(default_factory=list)
    like_attrs: list[str] = field(default_factory=list)
    dislike_attrs: list[str] = field(default_factory=list)
    expect: list[str] = field(default_factory=list)
    seen_ids: list[str] = field(default_factory=list)
    asked_ids: list[str] = field(default_factory=list)

    def merge(self, other: "Profile") -> "Profile":
        """Union, where a newer like overrides an older dislike of the same item and vice versa."""
        def union(a, b):
            return list(dict.fromkeys(list(a) + list(b)))[-MAX_REMEMBERED:]

        likes = union(self.like_ids, other.like_ids)
        dislikes = union(self.dislike_ids, other.dislike_ids)
        likes = [i for i in likes if i not in other.dislike_ids]
        dislikes = [i for i in dislikes if i not in other.like_ids]
        return Profile(likes, dislikes, union(self.like_attrs, other.like_attrs),
                       union(self.dislike_attrs, other.dislike_attrs), union(self.expect, other.expect)[-10:],
                       union(self.seen_ids, other.seen_ids), union(self.asked_ids, other.asked_ids))

    def without(self, drop: set[str]) -> "Profile":
        """The same profile with the items ``drop`` forgotten in every relation."""
        keep = lambda xs: [i for i in xs if i not in drop]  # noqa: E731
        return Profile(keep(self.like_ids), keep(self.dislike_ids), self.like_attrs, self.dislike_attrs, self.expect,
                       keep(self.seen_ids), keep(self.asked_ids))

    def is_empty(self) -> bool:
        return not (self.like_ids or self.dislike_ids or self.like_attrs or self.dislike_attrs or self.expect
                    or self.seen_ids or self.asked_ids)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | None) -> "Profile":
        if not text:
            return cls()
        data = json.loads(text)
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})


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
CREATE TABLE IF NOT EXISTS user_settings (user_id TEXT PRIMARY KEY, memory INTEGER NOT NULL, updated REAL NOT NULL);
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
    "CREATE TABLE IF NOT EXISTS user_settings (user_id TEXT PRIMARY KEY, memory INTEGER NOT NULL, "
    "updated DOUBLE PRECISION NOT NULL)",
]
PURGE_SHARED = "DELETE FROM user_profiles WHERE user_id IN ('', 'anonymous', 'mcp')"
"""Run when a store opens: long-term profiles an earlier version kept for a shared id (every
anonymous web/API visitor, every MCP client) mixed several people's words; they are dropped."""


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
            self.con.execute(PURGE_SHARED)
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
            if not self.memory_on(s["user_id"]):
                return  # no identity, or the person switched long-term memory off: this session only
            self.put_long_term(s["user_id"], s["dataset"], self.long_term(s["user_id"], s["dataset"]).merge(profile))

    def put_long_term(self, user_id: str, dataset: str, profile: Profile) -> None:
        """Replace ``user_id``'s long-term profile on ``dataset`` (nothing for an id that is not a person's)."""
        if not is_person(user_id):
            return
        self._exec("INSERT INTO user_profiles VALUES (?, ?, ?, ?) ON CONFLICT(user_id, dataset) DO UPDATE SET "
                   "profile = excluded.profile, updated = excluded.updated",
                   (user_id, dataset, profile.to_json(), time.time()))

    def forget(self, session_id: str, item_ids: list[str] | None = None) -> Profile:
        """Forget items the user liked or disliked (``None``: everything), in this session's
        profile and in the user's long-term one; returns the session's profile after."""
        with self.lock:
            s = self.get(session_id)
            if s is None:
                raise KeyError(session_id)
            drop = None if item_ids is None else set(item_ids)

            def without(p: Profile) -> Profile:
                return Profile() if drop is None else p.without(drop)

            short = without(s["profile"])
            self._exec("UPDATE sessions SET profile = ?, updated = ? WHERE session_id = ?",
                       (short.to_json(), time.time(), session_id))
            if drop is not None and is_person(s["user_id"]):
                long = without(self.long_term(s["user_id"], s["dataset"], stored=True))
                self._exec("UPDATE user_profiles SET profile = ?, updated = ? WHERE user_id = ? AND dataset = ?",
                           (long.to_json(), time.time(), s["user_id"], s["dataset"]))
            return short

    def long_term(self, user_id: str, dataset: str, stored: bool = False) -> Profile:
        """What is remembered about ``user_id`` on ``dataset`` from earlier sessions: empty for an
        id that is not a person's and (unless ``stored``) while the person has memory switched off."""
        if not is_person(user_id) or (not stored and not self.memory_on(user_id)):
            return Profile()
        row = self._one("SELECT profile FROM user_profiles WHERE user_id = ? AND dataset = ?", (user_id, dataset))
        return Profile.from_json(row[0]) if row else Profile()

    def profiles(self, user_id: str) -> dict[str, Profile]:
        """Every dataset's long-term profile of ``user_id`` as stored (``convrec profile show``)."""
        if not is_person(user_id):
            return {}
        rows = self._all("SELECT dataset, profile FROM user_profiles WHERE user_id = ? ORDER BY dataset", (user_id,))
        return {d: Profile.from_json(p) for d, p in rows}

    def forget_user(self, user_id: str, dataset: str | None = None) -> int:
        """Delete ``user_id``'s long-term profile (on ``dataset``, or on every dataset); returns how
        many profiles were deleted. Their sessions' own profiles are emptied too."""
        if not is_person(user_id):
            return 0
        where, args = ("user_id = ?", (user_id,)) if dataset is None else ("user_id = ? AND dataset = ?", (user_id, dataset))
        with self.lock:
            n = len(self._all(f"SELECT dataset FROM user_profiles WHERE {where}", args))
            self._exec(f"DELETE FROM user_profiles WHERE {where}", args)
            self._exec(f"UPDATE sessions SET profile = NULL WHERE {where}", args)
        return n

    def memory_on(self, user_id: str) -> bool:
        """Long-term memory is kept for ``user_id``: a person who has not switched it off."""
        if not is_person(user_id):
            return False
        row = self._one("SELECT memory FROM user_settings WHERE user_id = ?", (user_id,))
        return row is None or bool(row[0])

    def set_memory(self, user_id: str, on: bool) -> None:
        """Switch ``user_id``'s long-term memory on or off (off: nothing new is remembered and what
        is stored is not used; ``forget_user`` deletes it)."""
        if not is_person(user_id):
            raise ConvrecError("long-term memory needs a user name (this session has none)")
        self._exec("INSERT INTO user_settings VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET "
                   "memory = excluded.memory, updated = excluded.updated", (user_id, 1 if on else 0, time.time()))

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
                for stmt in PG_SCHEMA + [PURGE_SHARED]:
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
