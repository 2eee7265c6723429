"""Ranking metrics with ties broken by expected rank (a constant scorer gets no free hits)."""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np


def expected_rank(scores: np.ndarray, target_scores: np.ndarray) -> np.ndarray:
    """0-based rank of each row's target among that row's scores (ties: the expected position)."""
    t = target_scores[:, None]
    greater = (scores > t).sum(axis=1)
    equal = (scores == t).sum(axis=1) - 1  # the target itself
    return greater + equal / 2.0


def ndcg_from_rank(rank: np.ndarray, k: int) -> np.ndarray:
    return np.where(rank < k, 1.0 / np.log2(rank + 2.0), 0.0)


MAX_CELLS = 1 << 25
"""Scores one full-ranking batch may hold (users × items)."""


def full_ranking(score_batch: Callable[[Sequence[np.ndarray]], np.ndarray], histories: Sequence[np.ndarray],
                 targets: np.ndarray, k: int = 10, batch: int = 256, progress=None) -> dict[str, float]:
    """Recall@k / NDCG@k of one held-out target per user against all items, the user's
    history masked out."""
    ranks = []
    if len(histories):  # at most ~2**25 scores at once: a million items means 32 users a batch, not 256
        n_items = np.asarray(score_batch(histories[:1])).shape[1]
        batch = max(1, min(batch, MAX_CELLS // max(n_items, 1)))
    for s in range(0, len(histories), batch):
        h = histories[s : s + batch]
        sc = np.array(score_batch(h), copy=True)  # the model's precision: a float64 copy doubled the peak
        tg = targets[s : s + batch]
        tscore = sc[np.arange(len(h)), tg]
        for r, hist in enumerate(h):
            sc[r, hist] = -np.inf
        ranks.append(expected_rank(sc, tscore))
        if progress:
            progress(len(h))
    rank = np.concatenate(ranks) if ranks else np.zeros(0)
    return {f"recall@{k}": float(np.mean(rank < k)) if len(rank) else 0.0,
            f"ndcg@{k}": float(np.mean(ndcg_from_rank(rank, k))) if len(rank) else 0.0}


def sampled_ranking(score_batch, histories, targets: np.ndarray, negatives: np.ndarray, k: int = 10,
                    batch: int = 256, progress=None) -> dict[str, float]:
    """HR@k / NDCG@k of the target among ``negatives`` (``[users, n_neg]``) — the SASRec protocol."""
    ranks = []
    for s in range(0, len(histories), batch):
        h = histories[s : s + batch]
        sc = np.asarray(score_batch(h), dtype=np.float64)
        rows = np.arange(len(h))[:, None]
        cand = np.concatenate([targets[s : s + batch, None], negatives[s : s + batch]], axis=1)
        cs = sc[rows, cand]
        t, neg = cs[:, :1], cs[:, 1:]
        ranks.append((neg > t).sum(axis=1) + (neg == t).sum(axis=1) / 2.0)
        if progress:
            progress(len(h))
    rank = np.concatenate(ranks) if ranks else np.zeros(0)
    return {f"hr@{k}": float(np.mean(rank < k)) if len(rank) else 0.0,
            f"ndcg@{k}": float(np.mean(ndcg_from_rank(rank, k))) if len(rank) else 0.0}


def sample_negatives(n_items: int, histories: Sequence[np.ndarray], targets: np.ndarray, n: int = 100,
                     seed: int = 0) -> np.ndarray:
    """``n`` random items per user that the user never interacted with (fixed by ``seed``).

    On catalogs too small for ``n``, every user gets as many as all users can have."""
    rng = np.random.default_rng(seed)
    most_seen = max((len(np.unique(h)) for h in histories), default=0)
    n = max(0, min(n, n_items - 1 - most_seen))
    out = np.empty((len(histories), n), dtype=np.int64)
    for u, (h, t) in enumerate(zip(histories, targets)):
        seen = set(h.tolist())
        seen.add(int(t))
        picked: list[int] = []
        while len(picked) < n:
            c = rng.integers(0, n_items, size=2 * n)
            for x in c:
                x = int(x)
                if x not in seen:
                    seen.add(x)
                    picked.append(x)
        out[u] = picked[:n]
    return out
