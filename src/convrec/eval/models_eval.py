"""Offline evaluation of the recommender models: leave-one-out test users, both protocols of
the seed papers — full ranking Recall@10 / NDCG@10 (ToolRec) and the target against 100
sampled unseen items HR@10 / NDCG@10 (SASRec paper). Ties count at their expected rank."""

from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from convrec.catalog.store import PreparedDataset
from convrec.config import Config
from convrec.errors import ConvrecError
from convrec.models.metrics import full_ranking, sample_negatives, sampled_ranking
from convrec.models.base import TrainData
from convrec.models.registry import ARTIFACTS, load_or_train


def heldout_users(ds: PreparedDataset, max_users: int | None = None, seed: int = 0):
    """Histories (train + valid, chronological), test targets and user ids."""
    td = TrainData.from_dataset(ds, include_valid=True)
    test = ds.split("test").set_index("user_id")["item_id"]
    keep = [i for i, u in enumerate(td.users) if u in test.index]
    if max_users is not None and len(keep) > max_users:
        keep = sorted(np.random.default_rng(seed).choice(keep, max_users, replace=False).tolist())
    hist = [td.sequences[i] for i in keep]
    users = [td.users[i] for i in keep]
    targets = td.items.encode([test[u] for u in users])
    return td, hist, targets, users


def evaluate_models(ds: PreparedDataset, config: Config, models: Sequence[str] = ARTIFACTS,
                    max_users: int | None = None, seed: int = 0,
                    say: Callable[[str], None] | None = None, train_progress=None,
                    eval_progress: Callable[[int], None] | None = None) -> dict:
    if ds.manifest["split"]["test"] == 0:
        raise ConvrecError(f"dataset '{ds.name}' has no test interactions to evaluate on")
    td, hist, targets, _ = heldout_users(ds, max_users, seed)
    negatives = sample_negatives(len(td.items), hist, targets, n=100, seed=seed)
    out = {"dataset": ds.name, "users": len(hist), "models": {}}
    for name in models:
        model = load_or_train(ds, config, name, progress=train_progress, say=say)
        t0 = time.perf_counter()
        full = full_ranking(model.score_batch, hist, targets, progress=eval_progress)
        sampled = sampled_ranking(model.score_batch, hist, targets, negatives)
        out["models"][name] = {
            "full": {k: round(v, 4) for k, v in full.items()},
            "sampled": {k: round(v, 4) for k, v in sampled.items()},
            "fit_s": getattr(model, "fit_s", None),
            "eval_s": round(time.perf_counter() - t0, 2),
        }
    return out
