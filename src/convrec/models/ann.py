"""Nearest neighbours over unit vectors: exact below a size, an inverted-file index (faiss IVF)
above it.

Exact search over N vectors costs N·d multiply-adds per query: 4 ms at 100k × 384 on this CPU,
40 ms and more at a million, every request. The IVF index clusters the vectors once (k-means on
a sample) and a query scans only the ``nprobe`` nearest clusters; conditions are applied inside
the scan (a bitmap of allowed rows), and a condition so narrow that the probed clusters hold
fewer than ``k`` allowed rows is answered exactly over the allowed rows instead, so a filtered
search never comes back short.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

EXACT_SUBSET = 20_000
"""Allowed rows up to this many are scanned exactly (cheaper than probing, and exact)."""


def _topk(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` largest scores, best first, ties by position (stable)."""
    n = len(scores)
    if k >= n:
        return np.lexsort((np.arange(n), -scores))
    part = np.argpartition(-scores, k - 1)[:k]
    kth = scores[part].min()
    tied = np.flatnonzero(scores >= kth)  # keep every tie at the cut, then order stably
    return tied[np.lexsort((tied, -scores[tied]))][:k]


def exact_search(vectors: np.ndarray, q: np.ndarray, k: int, rows: np.ndarray | None = None):
    """(row indices, scores) of the best ``k`` rows by inner product (over ``rows`` if given)."""
    if rows is None:
        s = vectors @ q
        top = _topk(s, min(k, len(s)))
        return top, s[top].astype(np.float64)
    s = vectors[rows] @ q
    top = _topk(s, min(k, len(s)))
    return rows[top], s[top].astype(np.float64)


def _nprobe(nlist: int) -> int:
    """Clusters scanned per query: 1/32 of them, at least 8 (all of a small index)."""
    return min(nlist, max(8, nlist // 32))


RERANK = 4
"""The index proposes ``RERANK`` × k rows (at least k + 40), re-scored exactly from the float vectors."""


PROPOSE_PROBES = 0.5
"""Share of a search's clusters a shortlist's proposals over the whole catalog scan: every
shortlisted item is scored exactly after, and the shortlist is a union of views; the top 10
stayed identical in 40/40 requests at a million items with 1/4 of them
(``benchmarks/shortlist_agreement.py``). Within a condition a search's full number is scanned."""


class IVFIndex:
    """faiss IVF (inner product) over unit vectors, codes quantised to 8 bits a dimension: a
    quarter of the memory of a flat copy (384 MB instead of 1.5 GB at a million × 384); its
    proposals are re-scored exactly by :class:`VectorSearch`."""

    def __init__(self, index, nprobe: int):
        self.index = index
        self.nprobe = nprobe

    @classmethod
    def build(cls, vectors: np.ndarray, threads: int = 1, seed: int = 0, progress=None) -> "IVFIndex":
        import faiss

        faiss.omp_set_num_threads(max(1, threads))
        n, d = vectors.shape
        nlist = int(min(4096, max(64, 2 ** round(math.log2(math.sqrt(n)))), max(1, n // 40)))
        x = np.ascontiguousarray(vectors, dtype=np.float32)
        quant = faiss.IndexFlatIP(d)
        index = faiss.IndexIVFScalarQuantizer(quant, d, nlist, faiss.ScalarQuantizer.QT_8bit, faiss.METRIC_INNER_PRODUCT)
        rng = np.random.default_rng(seed)
        sample = x[rng.choice(n, size=min(n, 40 * nlist), replace=False)]
        index.cp.seed = seed
        index.train(sample)
        for s in range(0, n, 100_000):
            index.add(x[s : s + 100_000])
            if progress:
                progress({"indexed": min(n, s + 100_000), "total": n})
        return cls(index, nprobe=_nprobe(nlist))

    def search(self, q: np.ndarray, k: int, allowed: np.ndarray | None = None):
        """(row indices, scores), best first; ``allowed``: a boolean mask over rows."""
        i, d = self.search_many(q.reshape(1, -1), k, allowed)
        ok = i[0] >= 0
        return i[0][ok].astype(np.int64), d[0][ok].astype(np.float64)

    def search_many(self, Q: np.ndarray, k: int, allowed: np.ndarray | None = None, nprobe: int | None = None):
        """(indices, scores) arrays ``[len(Q), k]`` for several queries in one call (-1: none);
        ``nprobe``: clusters scanned (default: the index's)."""
        import faiss

        qq = np.ascontiguousarray(Q, dtype=np.float32)
        nprobe = nprobe or self.nprobe
        if allowed is None:
            params = faiss.SearchParametersIVF(nprobe=nprobe)
        else:
            bits = np.packbits(allowed.astype(np.uint8), bitorder="little")
            self._keep = bits  # faiss reads the buffer during the search
            sel = faiss.IDSelectorBitmap(len(allowed), faiss.swig_ptr(bits))
            params = faiss.SearchParametersIVF(nprobe=nprobe, sel=sel)
        d, i = self.index.search(qq, k, params=params)
        return i, d

    def save(self, path: Path) -> None:
        import faiss

        faiss.write_index(self.index, str(path))

    @classmethod
    def load(cls, path: Path, nprobe: int | None = None) -> "IVFIndex":
        import faiss

        index = faiss.read_index(str(path))
        return cls(index, nprobe or _nprobe(index.nlist))


class VectorSearch:
    """Top-k inner-product search over ``vectors``: exact, or IVF when an index is given."""

    def __init__(self, vectors: np.ndarray, index: IVFIndex | None = None):
        self.vectors = vectors
        self.index = index

    @property
    def approximate(self) -> bool:
        return self.index is not None

    def search(self, q: np.ndarray, k: int, rows: np.ndarray | None = None):
        """(row indices, scores) best first; ``rows``: only these rows (any order)."""
        n = len(self.vectors)
        k = max(0, min(k, n if rows is None else len(rows)))
        if k == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64)
        if self.index is None or (rows is not None and len(rows) <= EXACT_SUBSET):
            return exact_search(self.vectors, q, k, rows)
        mask = None
        if rows is not None:
            mask = np.zeros(n, dtype=bool)
            mask[rows] = True
        idx, _ = self.index.search(q, max(RERANK * k, k + 40), mask)
        if len(idx) < k:  # the probed clusters held too few allowed rows: answer exactly
            return exact_search(self.vectors, q, k, rows)
        return exact_search(self.vectors, q, k, idx)  # the proposals, scored exactly

    def propose(self, Q: np.ndarray, ks: list[int], allowed: np.ndarray | None = None) -> np.ndarray:
        """Rows among the ``ks[j]`` nearest to each query ``Q[j]`` by the index alone (no exact
        re-scoring: for a shortlist whose members are scored exactly after), in one call that
        scans half the clusters a search does (``PROPOSE_PROBES``); ``allowed``: a boolean mask
        over rows (None: every row). Exact without an index."""
        if self.index is None:
            return np.unique(np.concatenate([exact_search(self.vectors, q, k, None if allowed is None else
                                                          np.flatnonzero(allowed))[0] for q, k in zip(Q, ks)]))
        # over the whole catalog half the clusters suffice; within a condition the scanned
        # clusters hold only its share of items, so a search's full number is kept
        probes = max(8, int(self.index.nprobe * PROPOSE_PROBES)) if allowed is None else None
        i, _ = self.index.search_many(Q, max(ks), allowed, nprobe=probes)
        got = np.concatenate([i[j, :k] for j, k in enumerate(ks)])
        return np.unique(got[got >= 0])
