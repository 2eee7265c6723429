"""Learning tests on real data (movielens-100k): the models learn something real."""

from __future__ import annotations

import numpy as np
import pytest

from convrec.catalog.store import prepare
from convrec.models.metrics import full_ranking
from convrec.eval.models_eval import heldout_users
from convrec.models.attr_sasrec import AttrSASRec, item_attribute_values
from convrec.models.base import TrainData
from convrec.models.itemcf import ItemCF
from convrec.models.popularity import Popularity
from convrec.models.sasrec import SASRec

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]


@pytest.fixture(scope="module")
def ml100k(session_config, shared_data):
    ds = prepare(session_config, "movielens-100k")
    train = TrainData.from_dataset(ds)
    trainvalid = TrainData.from_dataset(ds, include_valid=True)
    _, hist, targets, _ = heldout_users(ds)
    return ds, train, trainvalid, hist, targets


@pytest.fixture(scope="module")
def sasrec(ml100k):
    _, train, *_ = ml100k
    # a short training with the product's settings (sasrec_params): 20 epochs of full-softmax,
    # post-norm SASRec over half-overlapping windows (about a minute on one thread)
    return SASRec(loss="ce", maxlen=50, stride=25, style="post", epochs=20, eval_every=5, patience=2,
                  threads=1).fit(train)


def test_sasrec_and_itemcf_beat_popularity(ml100k, sasrec):
    ds, train, trainvalid, hist, targets = ml100k
    pop = full_ranking(Popularity().fit(trainvalid).score_batch, hist, targets)["ndcg@10"]
    cf = full_ranking(ItemCF().fit(trainvalid).score_batch, hist, targets)["ndcg@10"]
    sas = full_ranking(sasrec.score_batch, hist, targets)["ndcg@10"]
    print(f"full NDCG@10: popularity {pop:.4f}, itemcf {cf:.4f}, sasrec {sas:.4f}")
    assert 0.03 < pop < 0.06
    assert cf > 1.15 * pop
    assert sas > 1.6 * pop


def test_sampled_softmax_learns_nearly_as_well(ml100k, sasrec):
    """The sampled softmax large catalogs train with (here 256 uniform negatives out of
    ~1,350 trained items, with log-q correction) clears popularity by the same margin as the
    full softmax and gets most of the way to it in the same 20 epochs (measured: 0.088 vs
    0.104; its gradient is noisier, so it converges more slowly per epoch)."""
    ds, train, trainvalid, hist, targets = ml100k
    sampled = SASRec(loss="ce", negatives=256, maxlen=50, stride=25, style="post", epochs=20, eval_every=5,
                     patience=2, threads=1).fit(train)
    pop = full_ranking(Popularity().fit(trainvalid).score_batch, hist, targets)["ndcg@10"]
    full = full_ranking(sasrec.score_batch, hist, targets)["ndcg@10"]
    samp = full_ranking(sampled.score_batch, hist, targets)["ndcg@10"]
    print(f"full NDCG@10: popularity {pop:.4f}, full softmax {full:.4f}, 256 sampled negatives {samp:.4f}")
    assert samp > 1.6 * pop
    assert samp > 0.75 * full


def test_attribute_head_moves_genre_mix_toward_history(ml100k, sasrec):
    """The mechanism: a trained genre head at a fixed attribute weight (0.3) pulls the top 20
    toward the history's genre mix. Without ``choose_weight=False`` the head keeps whatever
    weight validation users liked best, which on ml-100k is 0 (= plain SASRec), so the head's
    effect is asserted here and the choice by validation in tests/test_toolrec.py."""
    ds, train, trainvalid, hist, targets = ml100k
    train.attribute_values = item_attribute_values(ds.items, ds.columns)
    assert {"genres", "decade"} <= set(train.attribute_values)
    attr = AttrSASRec(sasrec, threads=1, choose_weight=False).fit(train)
    genres = attr.vocab["genres"]
    G = np.zeros((len(train.items), len(genres)))
    for i, vals in enumerate(attr.item_values["genres"]):
        G[i, vals] = 1

    def mix(idx):
        v = G[idx].sum(0)
        return v / (np.linalg.norm(v) + 1e-9)

    users = hist[:300]
    plain = sasrec.score_batch(users)
    cond = attr.score_batch(users, attribute="genres")
    sim_plain, sim_cond = [], []
    for h, p, c in zip(users, plain, cond):
        p, c = p.copy(), c.copy()
        p[h] = c[h] = -np.inf
        sim_plain.append(mix(h) @ mix(np.argsort(-p)[:20]))
        sim_cond.append(mix(h) @ mix(np.argsort(-c)[:20]))
    print(f"genre-mix cosine to history: plain {np.mean(sim_plain):.4f}, genre head {np.mean(sim_cond):.4f}")
    assert np.mean(sim_cond) > np.mean(sim_plain) + 0.01
    assert np.mean(np.asarray(sim_cond) > np.asarray(sim_plain)) > 0.5
