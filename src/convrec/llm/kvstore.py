"""KV-cache states of prompt prefixes on disk, so a new process restores them instead of
evaluating the prefix again (every ``convrec ask`` is a new process).

One file per prefix under ``$CONVREC_HOME/llm/kv/``, named by a hash of (model identity,
llama.cpp version, prefix tokens). A file holds a small JSON header and the llama.cpp
sequence state; the header carries the model's sha256, the token count, a hash of the tokens
and a hash of the payload, so a corrupt, truncated or foreign file is detected before llama.cpp
sees it, deleted, and rebuilt by the caller. The directory is bounded: after each write the
least recently used files (by modification time, refreshed on every load) are removed until
the total fits the budget. Writes go to a temporary file and are renamed into place, so
concurrent processes never read half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from array import array
from pathlib import Path
from typing import Sequence

MAGIC = b"CVRKV1\n"
SUFFIX = ".kv"


def tokens_digest(tokens: Sequence[int]) -> str:
    return hashlib.sha256(array("i", tokens).tobytes()).hexdigest()


class DiskPrefixStore:
    """Prefix states for one model.

    Parameters
    ----------
    directory
        Where the files live (created on first write).
    model_id
        What identifies the model's weights: its sha256, or for an unverified file its path,
        size and modification time. States of another model are never loaded.
    budget_mb
        Total size the directory may keep.
    """

    def __init__(self, directory: str | Path, model_id: str, budget_mb: int = 256, runtime: str = ""):
        self.dir = Path(directory)
        self.model_id = model_id
        self.runtime = runtime
        self.budget = budget_mb << 20
        self.stats = {"disk_hits": 0, "disk_writes": 0, "disk_rejected": 0, "disk_evicted": 0}

    def path(self, tokens: Sequence[int]) -> Path:
        key = hashlib.sha256(f"{self.model_id}|{self.runtime}|{tokens_digest(tokens)}".encode()).hexdigest()[:32]
        return self.dir / f"{key}{SUFFIX}"

    def load(self, tokens: Sequence[int]) -> bytes | None:
        """The saved state of exactly this prefix, or None (a bad file is removed)."""
        p = self.path(tokens)
        try:
            with open(p, "rb") as f:
                raw = f.read()
        except OSError:
            return None
        payload = self._check(raw, tokens)
        if payload is None:
            self.stats["disk_rejected"] += 1
            try:
                p.unlink()
            except OSError:
                pass
            return None
        try:
            os.utime(p)  # most recently used
        except OSError:
            pass
        self.stats["disk_hits"] += 1
        return payload

    def _check(self, raw: bytes, tokens: Sequence[int]) -> bytes | None:
        if not raw.startswith(MAGIC) or len(raw) < len(MAGIC) + 4:
            return None
        (hlen,) = struct.unpack_from("<I", raw, len(MAGIC))
        start = len(MAGIC) + 4
        try:
            header = json.loads(raw[start : start + hlen])
        except ValueError:
            return None
        payload = raw[start + hlen :]
        if not isinstance(header, dict):
            return None
        if (header.get("model") != self.model_id or header.get("runtime") != self.runtime
                or header.get("n_tokens") != len(tokens) or header.get("tokens") != tokens_digest(tokens)
                or header.get("size") != len(payload)
                or header.get("payload") != hashlib.blake2b(payload, digest_size=16).hexdigest()):
            return None
        return payload

    def save(self, tokens: Sequence[int], payload: bytes) -> None:
        """Write the state (best effort: a full or read-only disk only costs the speed-up)."""
        if not payload or self.budget <= 0 or len(payload) > self.budget:
            return
        header = json.dumps({"model": self.model_id, "runtime": self.runtime, "n_tokens": len(tokens),
                             "tokens": tokens_digest(tokens), "size": len(payload),
                             "payload": hashlib.blake2b(payload, digest_size=16).hexdigest()}).encode()
        p = self.path(tokens)
        tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                f.write(MAGIC + struct.pack("<I", len(header)) + header)
                f.write(payload)
            os.replace(tmp, p)
            self.stats["disk_writes"] += 1
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass
            return
        self.evict()

    def evict(self) -> None:
        """Remove least recently used files until the directory fits the budget."""
        try:
            files = [(f.stat().st_mtime, f.stat().st_size, f) for f in self.dir.glob(f"*{SUFFIX}")]
        except OSError:
            return
        total = sum(s for _, s, _ in files)
        for _, size, f in sorted(files, key=lambda x: x[0]):
            if total <= self.budget:
                break
            try:
                f.unlink()
                total -= size
                self.stats["disk_evicted"] += 1
            except OSError:
                pass

    def clear(self) -> int:
        n = 0
        for f in self.dir.glob(f"*{SUFFIX}"):
            try:
                f.unlink()
                n += 1
            except OSError:
                pass
        return n
