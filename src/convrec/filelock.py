"""One process at a time on a piece of the cache: an exclusive lock on a file, across processes.

Two processes that want the same prepared dataset or the same trained model (two servers
starting, ``convrec ask`` while ``convrec data prepare`` runs, test workers sharing one home)
must not build it twice into the same temporary folder: the second waits for the first, then
finds the result ready. POSIX ``flock``; where it does not exist (Windows) the lock only
serialises threads of this process.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

_local = threading.Lock()


@contextmanager
def file_lock(path: Path, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created with its folder). When another process holds
    it, ``waiting()`` is called once before blocking until it is released."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        with _local:
            yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting:
                waiting()
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
