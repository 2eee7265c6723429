"""Read-only, validated, time-limited SQL over the item database.

LLM-written SQL runs on a ``mode=ro`` connection with an authorizer that allows only reads
(no ATTACH, PRAGMA, writes or schema changes), one statement, a row limit and a deadline
enforced by SQLite's progress handler.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path
from typing import Any, Sequence

from convrec.tools.base import ToolError

_ALLOWED = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION}
if hasattr(sqlite3, "SQLITE_RECURSIVE"):
    _ALLOWED.add(sqlite3.SQLITE_RECURSIVE)
_FORBIDDEN_FUNCS = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"}
MAX_VALUE_BYTES = 4_000_000
"""The largest string or blob a query may build (SQLite's own limit is 1 GB)."""
_START = re.compile(r"^\s*(select|with)\b", re.IGNORECASE)
MAX_FORMAT_WIDTH = 10_000
"""The widest field printf()/format() may pad to: SQLite checks its length limit only after
padding, so printf('%.*c', 900000000, 'x') spins for seconds inside one call, where the
progress handler cannot stop it."""
_FMT_SPEC = re.compile(r"%[-+ 0#,!]*(\*|\d+)?(?:\.(\*|\d+))?([a-zA-Z%])")


class _FormatTooWide(ValueError):
    pass


def _guarded_printf(fmt, *args):
    """SQLite's printf() with every width and precision (literal or ``*``) bounded."""
    if fmt is None:
        return None
    used = 0
    for m in _FMT_SPEC.finditer(str(fmt)):
        for part in (m.group(1), m.group(2)):
            if part == "*":
                v = args[used] if used < len(args) else 0
                used += 1
                try:
                    n = abs(int(float(v)))
                except (TypeError, ValueError, OverflowError):
                    n = 0
            elif part:
                n = int(part[:12])
            else:
                continue
            if n > MAX_FORMAT_WIDTH:
                raise _FormatTooWide(n)
        if m.group(3) != "%":
            used += 1
    con = sqlite3.connect(":memory:")
    try:
        con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        return con.execute("SELECT printf(" + ",".join("?" * (len(args) + 1)) + ")", (fmt, *args)).fetchone()[0]
    finally:
        con.close()


def _authorizer(action, arg1, arg2, dbname, source):
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _FORBIDDEN_FUNCS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK if action in _ALLOWED else sqlite3.SQLITE_DENY


def run_readonly(db_path: Path, sql: str, params: Sequence[Any] = (), max_rows: int = 50,
                 timeout_s: float = 2.0) -> tuple[list[str], list[tuple]]:
    """Run one SELECT; returns (column names, rows). Raises ToolError with a clear message."""
    sql = sql.strip().rstrip(";").strip()
    if not sql:
        raise ToolError("empty SQL")
    if not _START.match(sql):
        raise ToolError("only SELECT queries are allowed")
    if ";" in re.sub(r"'(?:[^']|'')*'", "", sql):
        raise ToolError("only one SQL statement is allowed")
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        con.set_authorizer(_authorizer)
        for limit, value in ((sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES), (sqlite3.SQLITE_LIMIT_SQL_LENGTH, 100_000),
                             (sqlite3.SQLITE_LIMIT_ATTACHED, 0)):
            con.setlimit(limit, value)  # no 900 MB zeroblob() or printf() from a query
        for name in ("printf", "format"):
            con.create_function(name, -1, _guarded_printf, deterministic=True)
        deadline = time.monotonic() + timeout_s
        con.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10_000)
        wrapped = f"SELECT * FROM ({sql}) LIMIT {int(max_rows)}"
        try:
            cur = con.execute(wrapped, tuple(params))
            rows = cur.fetchall()
        except sqlite3.DatabaseError as e:
            msg = str(e)
            if "interrupted" in msg:
                raise ToolError(f"query took longer than {timeout_s:g} s and was stopped") from None
            if "too big" in msg or "user-defined function raised" in msg:
                raise ToolError("query builds a value larger than allowed and was stopped") from None
            if "not authorized" in msg:
                raise ToolError("query not allowed: only reading the item tables is permitted") from None
            raise ToolError(f"SQL error: {msg}") from None
        cols = [d[0] for d in cur.description or []]
        return cols, rows
    finally:
        con.close()
