"""Loaded SASRec models score in NumPy (no torch import on a turn): the same numbers as the
torch network, for every architecture variant."""

from __future__ import annotations

import numpy as np
import pytest

from convrec.models.base import TrainData
from convrec.models.sasrec import SASRec


@pytest.mark.parametrize("style,positions,heads,use_position", [
    ("paper", "end", 1, True), ("paper", "start", 2, True), ("post", "start", 2, True), ("post", "end", 1, False)])
def test_numpy_scoring_matches_torch(tiny_ds, tmp_path, style, positions, heads, use_position):
    data = TrainData.from_dataset(tiny_ds)
    m = SASRec(dim=16, blocks=2, heads=heads, maxlen=8, epochs=2, eval_every=1, style=style, positions=positions,
               use_position=use_position, loss="ce", seed=1).fit(data)
    m.save(tmp_path / "m")
    loaded = SASRec.load(tmp_path / "m")
    assert loaded._net_obj is None  # not built on load
    hist = [np.array([0, 3, 5]), np.array([7]), np.arange(12) % len(loaded.items), np.array([], dtype=int)]
    fast = loaded.score_batch(hist)
    assert loaded._net_obj is None  # scoring did not need torch
    ref = m.score_batch(hist)  # the trained torch network
    assert fast.shape == ref.shape and np.abs(fast - ref).max() < 1e-4
    assert np.allclose(loaded.item_vectors(), m.item_vectors(), atol=1e-6)
    assert loaded.net is not None and np.abs(loaded.score_batch(hist) - ref).max() < 1e-4  # torch path on demand
