"""Metrics of the conversational protocols, on plain lists of item ids.

Session-wise (InteRecAgent §4.1)
    ``hit_at_k`` — share of conversations whose target was recommended within ``k`` turns;
    ``at_k`` — average turns to the hit, a miss counting ``k + 1``.
One list per case
    ``recall_at_k``, ``ndcg_at_k`` (binary relevance), ``precision_at_k``, ``hit_list_at_k``.
OMuleT (beyond accuracy), over a set of requests with ground-truth item sets
    ``Factual@k`` share of the named items that link to a real catalog item;
    ``Hit@k`` share of requests with at least one ground-truth item in the top k;
    ``Precision@k`` mean |top k ∩ truth| / k;
    ``Sim@k`` mean cosine between the embedding centroid of the top k and of the truth;
    ``Pop50@k`` share of recommended items among the catalog's 50 most popular (lower = more novel);
    ``RPop50@k`` Pop50@k of the recommendations divided by Pop50@k of the ground truth
    (1 = as popular as what users actually chose, > 1 = popularity-biased); our reading of the
    paper's relative popularity, stated here so numbers can be compared knowingly;
    ``Entropy@k`` Shannon entropy (bits) of how often each item appears across all top-k lists
    (higher = more diverse across requests);
    ``MaxFreq@k`` the largest share of requests in which one single item appears (lower = less
    repetitive).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

import numpy as np


# ---------------------------------------------------------------- session-wise
def hit_at_k(hit_turns: Sequence[int | None], k: int) -> float:
    """``hit_turns[i]`` = 1-based turn of the first hit, or ``None`` for a miss."""
    if not hit_turns:
        return 0.0
    return sum(1 for t in hit_turns if t is not None and t <= k) / len(hit_turns)


def at_k(hit_turns: Sequence[int | None], k: int) -> float:
    """Average turns: a hit at turn t counts t, a miss (or a hit after k) counts k + 1."""
    if not hit_turns:
        return 0.0
    return sum(t if t is not None and t <= k else k + 1 for t in hit_turns) / len(hit_turns)


# ---------------------------------------------------------------- one list
def recall_at_k(ranked: Sequence[str], truth: Iterable[str], k: int) -> float:
    t = set(truth)
    if not t:
        return 0.0
    return len(set(ranked[:k]) & t) / len(t)


def precision_at_k(ranked: Sequence[str], truth: Iterable[str], k: int) -> float:
    if k <= 0:
        return 0.0
    return len(set(ranked[:k]) & set(truth)) / k


def hit_list_at_k(ranked: Sequence[str], truth: Iterable[str], k: int) -> float:
    return 1.0 if set(ranked[:k]) & set(truth) else 0.0


def ndcg_at_k(ranked: Sequence[str], truth: Iterable[str], k: int) -> float:
    """Binary-relevance NDCG; a single target at 0-based rank r scores 1 / log2(r + 2)."""
    t = set(truth)
    if not t:
        return 0.0
    dcg = sum(1.0 / math.log2(i + 2) for i, x in enumerate(ranked[:k]) if x in t)
    idcg = sum(1.0 / math.log2(i + 2) for i in range(min(len(t), k)))
    return dcg / idcg


# ---------------------------------------------------------------- OMuleT
def factual(named: int, linked: int) -> float:
    """Share of the item names a system produced that link to a real catalog item."""
    return linked / named if named else 1.0


def pop50(ranked: Sequence[str], top50: set[str], k: int) -> float:
    top = ranked[:k]
    return sum(1 for x in top if x in top50) / len(top) if top else 0.0


def rpop50(ranked: Sequence[str], truth: Sequence[str], top50: set[str], k: int) -> float | None:
    """Pop50 of the list over Pop50 of the ground truth; ``None`` when the truth has no popular item."""
    base = pop50(list(truth), top50, len(truth))
    return pop50(ranked, top50, k) / base if base > 0 else None


def entropy_at_k(lists: Sequence[Sequence[str]], k: int) -> float:
    """Entropy (bits) of the item distribution over all top-k lists."""
    c = Counter(x for lst in lists for x in lst[:k])
    n = sum(c.values())
    if n == 0:
        return 0.0
    return float(-sum((v / n) * math.log2(v / n) for v in c.values()))


def max_freq_at_k(lists: Sequence[Sequence[str]], k: int) -> float:
    """The largest share of lists that contain one same item in their top k."""
    if not lists:
        return 0.0
    c = Counter(x for lst in lists for x in set(lst[:k]))
    return max(c.values()) / len(lists) if c else 0.0


def sim_at_k(rec_vecs: np.ndarray, truth_vecs: np.ndarray) -> float:
    """Cosine between the centroids of two sets of (normalised) item embeddings."""
    if len(rec_vecs) == 0 or len(truth_vecs) == 0:
        return 0.0
    a, b = rec_vecs.mean(axis=0), truth_vecs.mean(axis=0)
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    return float(a @ b / (na * nb)) if na > 0 and nb > 0 else 0.0


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    v = [x for x in values if x is not None]
    if not v:
        return 0.0, 0.0
    return float(np.mean(v)), float(np.std(v))
