"""The on-disk store of prefix KV states (no model needed: states are opaque bytes here)."""

from __future__ import annotations

import os
import time

from convrec.llm.kvstore import DiskPrefixStore


def test_round_trip_and_identity(tmp_path):
    s = DiskPrefixStore(tmp_path, "model-a", budget_mb=1, runtime="llama 1")
    toks = list(range(50))
    s.save(toks, b"x" * 1000)
    assert s.load(toks) == b"x" * 1000
    assert s.load(toks + [1]) is None  # another prefix
    assert DiskPrefixStore(tmp_path, "model-b", 1, runtime="llama 1").load(toks) is None  # another model
    assert DiskPrefixStore(tmp_path, "model-a", 1, runtime="llama 2").load(toks) is None  # another runtime


def test_corrupt_files_are_rejected_and_removed(tmp_path):
    s = DiskPrefixStore(tmp_path, "m", budget_mb=1)
    toks = [1, 2, 3, 4]
    for damage in (lambda b: b[:-1], lambda b: b[:-5] + b"abcde", lambda b: b"garbage", lambda b: b""):
        s.save(toks, b"state" * 100)
        p = s.path(toks)
        p.write_bytes(damage(p.read_bytes()))
        assert s.load(toks) is None
        assert not p.exists()
    assert s.stats["disk_rejected"] == 4


def test_least_recently_used_files_are_evicted(tmp_path):
    s = DiskPrefixStore(tmp_path, "m", budget_mb=1)
    blob = b"z" * (400 << 10)  # 400 KiB: two fit in 1 MiB, three do not
    s.save([1], blob)
    old = time.time() - 100
    os.utime(s.path([1]), (old, old))
    s.save([2], blob)
    os.utime(s.path([2]), (old + 10, old + 10))
    assert s.load([1]) == blob  # used: now the most recent
    s.save([3], blob)
    assert s.load([2]) is None  # the least recently used went
    assert s.load([1]) == blob and s.load([3]) == blob
    assert s.stats["disk_evicted"] == 1


def test_unwritable_directory_costs_only_the_cache(tmp_path):
    f = tmp_path / "file"
    f.write_text("not a directory")
    s = DiskPrefixStore(f / "kv", "m", budget_mb=1)
    s.save([1], b"abc")  # no exception
    assert s.load([1]) is None
