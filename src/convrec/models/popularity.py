"""Popularity: log-scaled interaction counts in the training data."""

from __future__ import annotations

from typing import Any

import numpy as np

from convrec.models.base import ItemIndex, Recommender, TrainData


class Popularity(Recommender):
    """Scores every item by ``log1p(count)``.

    Parameters
    ----------
    window_days
        Count only interactions in the last ``window_days`` before the latest training
        timestamp (recency window); ``None`` counts everything.
    """

    name = "popularity"

    def __init__(self, window_days: float | None = None):
        self.window_days = window_days
        self.items: ItemIndex | None = None
        self.counts = np.zeros(0)

    def fit(self, data: TrainData, progress=None) -> "Popularity":
        self.items = data.items
        seqs = data.sequences
        idx = np.concatenate(seqs) if seqs else np.zeros(0, dtype=np.int64)
        if self.window_days is not None and data.timestamps is not None and len(idx):
            ts = np.concatenate(data.timestamps)
            if np.isfinite(ts).any():
                cutoff = np.nanmax(ts) - self.window_days * 86400
                idx = idx[~(ts < cutoff)]
        self.counts = np.bincount(idx, minlength=len(self.items)).astype(np.float64)
        return self

    @property
    def scores(self) -> np.ndarray:
        return np.log1p(self.counts)

    def _score_indices(self, history, disliked, ordered):
        return self.scores

    def score_batch(self, histories):
        return np.broadcast_to(self.scores, (len(histories), len(self.scores)))

    def _similar_scores(self, seeds):
        # popularity has no notion of similarity: the most popular items come first
        return self.scores

    def _state(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        return {"window_days": self.window_days}, {"counts": self.counts}

    def _restore(self, config, arrays):
        self.window_days = config["window_days"]
        self.counts = arrays["counts"]
