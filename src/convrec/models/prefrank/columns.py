"""How a view's column is read on a set of candidates: the stored ItemCF entries that fall on them,
and the order-free SASRec's log-softmax, in batches."""

from __future__ import annotations

from typing import Sequence

import numpy as np


def positions(n: int, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(pos, back)``: per item, its slot among the candidates (-1: not one), and per candidate
    its slot (a candidate given twice shares one)."""
    cand = np.asarray(cand, dtype=np.int64)
    pos = np.full(n, -1, dtype=np.int64)
    if not len(cand):
        return pos, np.zeros(0, dtype=np.int64)
    pos[cand] = np.arange(len(cand))
    back = pos[cand]
    if not np.array_equal(back, np.arange(len(cand))):  # repeated candidates: one slot per distinct item
        uniq, back = np.unique(cand, return_inverse=True)
        pos[:] = -1
        pos[uniq] = np.arange(len(uniq))
    return pos, back


def entries(M, rows: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stored entries of ``M``'s ``rows`` that fall on candidate columns: (row number among
    ``rows``, candidate position, value)."""
    rows = np.asarray(rows, dtype=np.int64)
    st = M.indptr[rows].astype(np.int64)
    ln = M.indptr[rows + 1] - st
    r = np.repeat(np.arange(len(rows)), ln)
    at = np.arange(int(ln.sum())) + np.repeat(st - (np.cumsum(ln) - ln), ln)  # where each entry is stored
    c = pos[M.indices[at]]
    keep = c >= 0
    return r[keep], c[keep], M.data[at[keep]].astype(np.float64)


def sparse_max(r: np.ndarray, c: np.ndarray, d: np.ndarray, k: int, m: int) -> np.ndarray:
    """Column maxima over ``k`` sparse rows: a column with fewer than ``k`` stored entries also
    holds a zero."""
    top = np.full(m, -np.inf)
    np.maximum.at(top, c, d)
    full = np.bincount(c, minlength=m) >= k
    return np.where(full, top, np.maximum(top, 0.0))


def sparse_seq(sasrec) -> bool:
    """Whether a request's SASRec column is read through the model's item index (a large
    catalog's model has one: ``SASRec.build_index``)."""
    return bool(getattr(sasrec, "indexed", False))


def seq_log_softmax(sasrec, pairs: Sequence[tuple[np.ndarray, np.ndarray]], out: np.ndarray | None = None) -> np.ndarray:
    """SASRec's log-softmax over the whole catalog for each (liked, disliked) pair with liked
    items (``[len(pairs), n_items]``, float32): ``_score_indices`` for many contexts in one batch.
    Computed in the scores' float32 with the normaliser summed in float64 (a float64 copy of
    every row was most of the cost on a large catalog). ``out``: a buffer for the rows."""
    hists = [np.asarray(l) for l, _ in pairs]
    x = sasrec.score_batch(hists, out=out) if out is not None else sasrec.score_batch(hists)
    x = x if x.dtype == np.float32 else x.astype(np.float32)
    dis = [r for r, (_, d) in enumerate(pairs) if len(d)]
    for r in dis:  # rare: items said to be disliked push their likes down
        row = x[r].astype(np.float64)
        row -= sasrec.cfg["dislike_weight"] * (sasrec.trained_std(row) or 1.0) * sasrec._similar_scores(pairs[r][1])
        x[r] = row
    if dis:
        sasrec.floor_untrained(x)
    mx = x.max(axis=1, keepdims=True)
    lse = np.empty((len(x), 1), dtype=np.float64)
    e = np.empty(x.shape[1], dtype=np.float32)
    for r in range(len(x)):  # one row's temporary at a time
        np.subtract(x[r], mx[r], out=e)
        np.exp(e, out=e)
        lse[r, 0] = float(mx[r, 0]) + np.log(e.sum(dtype=np.float64))
    x -= lse.astype(np.float32)
    return x


def seq_columns(sasrec, pairs: Sequence[tuple[np.ndarray, np.ndarray]], pools: Sequence[np.ndarray]) -> list[np.ndarray]:
    """:func:`seq_log_softmax` read on each pair's pool, in batches whose score rows stay
    within ~256 MB whatever the catalog's size."""
    n = len(sasrec.items)
    step = max(1, min(256, (256 << 20) // (4 * max(n, 1))))
    out: list[np.ndarray] = []
    buf = np.empty((min(step, len(pairs)), n), dtype=np.float32)  # one buffer for every batch
    for a in range(0, len(pairs), step):
        m = min(step, len(pairs) - a)
        rows = seq_log_softmax(sasrec, pairs[a : a + step], out=buf[:m])
        out.extend(rows[i][pools[a + i]].astype(np.float64) for i in range(len(rows)))
    return out

