"""User profile and sessions, persisted in SQLite under ``$CONVREC_HOME/sessions.db``.

The profile holds what the user likes, dislikes and expects — item ids and attribute values —
short-term (this session) and long-term (merged from earlier sessions of the same user).
Every message is written before the reply is returned, so a crash loses nothing acknowledged.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


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


class SessionStore:
    """Sessions, messages and long-term profiles in one SQLite file (WAL, durable writes)."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.con = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA synchronous=FULL")
        self.con.executescript(SCHEMA)

    def create(self, user_id: str, dataset: str, strategy: str) -> str:
        sid = uuid.uuid4().hex[:12]
        now = time.time()
        self.con.execute("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?)", (sid, user_id, dataset, strategy, now, now, None))
        return sid

    def get(self, session_id: str) -> dict[str, Any] | None:
        row = self.con.execute("SELECT session_id, user_id, dataset, strategy, created, updated, profile FROM sessions "
                               "WHERE session_id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        keys = ["session_id", "user_id", "dataset", "strategy", "created", "updated", "profile"]
        d = dict(zip(keys, row))
        d["profile"] = Profile.from_json(d["profile"])
        return d

    def add_message(self, session_id: str, role: str, content: str, items: list | None = None,
                    trace: list | None = None, meta: dict | None = None) -> int:
        cur = self.con.execute(
            "INSERT INTO messages (session_id, role, content, items, trace, meta, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (session_id, role, content, json.dumps(items) if items is not None else None,
             json.dumps(trace) if trace is not None else None, json.dumps(meta) if meta is not None else None, time.time()))
        self.con.execute("UPDATE sessions SET updated = ? WHERE session_id = ?", (time.time(), session_id))
        return int(cur.lastrowid)

    def messages(self, session_id: str) -> list[dict[str, Any]]:
        rows = self.con.execute("SELECT role, content, items, trace, meta, created FROM messages WHERE session_id = ? "
                                "ORDER BY id", (session_id,)).fetchall()
        return [{"role": r, "content": c, "items": json.loads(i) if i else None, "trace": json.loads(t) if t else None,
                 "meta": json.loads(m) if m else None, "created": ts} for r, c, i, t, m, ts in rows]

    def save_profile(self, session_id: str, profile: Profile) -> None:
        """Short-term profile of the session, merged into the user's long-term profile."""
        s = self.get(session_id)
        if s is None:
            raise KeyError(session_id)
        self.con.execute("UPDATE sessions SET profile = ?, updated = ? WHERE session_id = ?",
                         (profile.to_json(), time.time(), session_id))
        long = self.long_term(s["user_id"], s["dataset"]).merge(profile)
        self.con.execute("INSERT INTO user_profiles VALUES (?, ?, ?, ?) ON CONFLICT(user_id, dataset) DO UPDATE SET "
                         "profile = excluded.profile, updated = excluded.updated",
                         (s["user_id"], s["dataset"], long.to_json(), time.time()))

    def long_term(self, user_id: str, dataset: str) -> Profile:
        row = self.con.execute("SELECT profile FROM user_profiles WHERE user_id = ? AND dataset = ?",
                               (user_id, dataset)).fetchone()
        return Profile.from_json(row[0]) if row else Profile()

    def close(self) -> None:
        self.con.close()
