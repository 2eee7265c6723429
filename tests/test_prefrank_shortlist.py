"""Above ``SHORTLIST_ABOVE`` candidates the preference ranker scores a shortlist (the union of
each view's best) instead of every candidate. On the shipped catalog, with the threshold lowered
so the shortlist is used: the top 10 is the one scoring every candidate gives, each shortlisted
item keeps its exact score, and the shortlist stays inside the candidates and is a small part of
the catalog."""

from __future__ import annotations

import numpy as np
import pytest

from convrec.catalog import prepare
from convrec.models.base import Context
from convrec.core.catalog import CatalogAccess


@pytest.fixture(scope="module")
def ranker(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config).ranker()


def _contexts(r, n=40, seed=0):
    rng = np.random.default_rng(seed)
    top = np.argsort(-r._prior_score(False, True))[:2000]
    words = ["a funny film for a rainy evening", "", "dark thriller with a twist", ""]
    out = []
    for t in range(n):
        liked = list(r.items.decode(rng.choice(top, int(rng.integers(1, 5)), replace=False)))
        conv = t % 3 == 0
        mentioned = list(r.items.decode(rng.choice(top, 2, replace=False))) + liked if conv else []
        out.append(Context(liked, [], ordered=False, text=words[t % 4], conversational=conv, mentioned=mentioned))
    return out


def test_shortlist_keeps_the_top_10_and_exact_scores(ranker, monkeypatch):
    n = len(ranker.items)
    overlap, sizes = [], []
    for ctx in _contexts(ranker):
        monkeypatch.setattr(ranker, "shortlist_above", 10**9)
        full_ids, full_s = ranker.score(ctx)
        monkeypatch.setattr(ranker, "shortlist_above", 1000)
        ids, s = ranker.score(ctx)
        sizes.append(len(ids))
        ok = np.isfinite(full_s)
        full_ids, full_s = full_ids[ok], full_s[ok]
        overlap.append(len(set(full_ids[:10]) & set(ids[:10])) / 10)
        exact = dict(zip(full_ids, full_s))
        fin = np.isfinite(s)
        np.testing.assert_allclose(s[fin], [exact[i] for i in ids[fin]], rtol=1e-6, atol=1e-6)
    assert np.mean(overlap) >= 0.97, overlap
    assert min(overlap) >= 0.8, overlap
    assert np.median(sizes) < 0.6 * n  # a shortlist, not the catalog


def test_shortlist_stays_inside_the_candidates(ranker, monkeypatch):
    monkeypatch.setattr(ranker, "shortlist_above", 1000)
    rng = np.random.default_rng(1)
    allowed = list(ranker.items.decode(rng.choice(len(ranker.items), 4000, replace=False)))
    checked = 0
    for ctx in _contexts(ranker, 10, seed=2):
        ids, s = ranker.score(ctx, allowed)
        assert len(ids) > 10
        assert set(ids) <= set(allowed)
        monkeypatch.setattr(ranker, "shortlist_above", 10**9)
        full_ids, full_s = ranker.score(ctx, allowed)
        monkeypatch.setattr(ranker, "shortlist_above", 1000)
        checked += len(set(full_ids[:10]) & set(ids[:10]))
    assert checked >= 95  # of 100


def test_sasrec_item_index_reads_a_request_without_scoring_every_item(ranker, monkeypatch):
    """A large catalog's order-free SASRec keeps an item index (``build_index``, above
    ``[models] ann_above``): a request's best items come from the index, the never-trained items'
    floor from the index asked the other way, the normaliser from the proposals and a fixed
    sample. Forced on the shipped catalog: every item's value is the full row's moved by one
    constant (so no order changes), a disliked item's push included, the floor is the full
    row's, the index finds most of the best items, and the ranker's top 10 through it is the top
    10 without it (a disliked item in half of the requests)."""
    import copy

    from convrec.models.prefrank import seq_log_softmax

    sas = ranker.views.sasrec
    assert not sas.indexed  # the shipped catalog is below the threshold: exact
    ix = copy.copy(sas)
    ix.build_index()
    assert ix.indexed
    rng = np.random.default_rng(3)
    top = np.argsort(-ranker._prior_score(False, True))[:2000]
    recall = []
    for t in range(20):
        picked = rng.choice(top, int(rng.integers(1, 5)) + 1, replace=False)
        liked, disliked = picked[:-1], (picked[-1:] if t % 2 else np.zeros(0, dtype=np.int64))
        full = seq_log_softmax(sas, [(liked, disliked)])[0]
        row = ix.sparse_log_softmax(liked, 100, disliked=disliked)
        some = rng.choice(len(full), 800, replace=False)
        shift = row.at(some).astype(np.float64) - full[some]
        assert shift.std() < 1e-4  # one constant for the request
        assert abs(np.median(shift)) < 0.5  # and a close estimate of the normaliser
        cold = np.flatnonzero(~sas.active)
        if len(cold):
            assert row.at(cold[:5])[0] == pytest.approx(full[cold[0]] + np.median(shift), abs=1e-4)
        assert set(row.top) <= set(np.flatnonzero(sas.active)) and len(row.top) == 100
        best = np.argpartition(-full, 99)[:100]
        recall.append(len(set(best) & set(row.top)) / 100)
    assert np.mean(recall) >= 0.7, recall

    agree = []
    for t, ctx in enumerate(_contexts(ranker, 20, seed=4)):
        if t % 2:
            ctx.disliked = [i for i in ranker.items.decode(top[:50]) if i not in ctx.history][:1]
        monkeypatch.setattr(ranker, "shortlist_above", 1000)
        ids, _ = ranker.score(ctx)
        monkeypatch.setattr(ranker.views, "sasrec", ix)
        ids2, _ = ranker.score(ctx)
        monkeypatch.setattr(ranker.views, "sasrec", sas)
        agree.append(len(set(ids[:10]) & set(ids2[:10])) / 10)
    assert np.mean(agree) >= 0.95, agree


def test_a_home_prepared_before_the_item_index_gets_it_once(ranker, session_config, tmp_path):
    """An order-free SASRec saved without its item index, on a catalog above ``ann_above``: the
    index is built once when the model is loaded and saved beside it (the model is not trained
    again); the next load reads it from disk; below the threshold nothing is built."""
    import shutil
    from types import SimpleNamespace

    from convrec.models.registry import _indexed, model_dir
    from convrec.models.sasrec import SASRec

    sas = ranker.views.sasrec
    ds = SimpleNamespace(dir=tmp_path, name="copy")
    d = model_dir(ds, "sasrec-set")
    sas.save(d)
    assert not (d / "index.faiss").exists()
    small = session_config.model_copy(update={"models": session_config.models.model_copy(update={"ann_above": 10**9})})
    assert not _indexed(ds, small, "sasrec-set", SASRec.load(d), None).indexed
    said = []
    low = session_config.model_copy(update={"models": session_config.models.model_copy(update={"ann_above": 100})})
    got = _indexed(ds, low, "sasrec-set", SASRec.load(d), said.append)
    assert got.indexed and (d / "index.faiss").is_file() and len(said) == 1
    weights = (d / "weights.npz").stat().st_mtime_ns
    again = _indexed(ds, low, "sasrec-set", SASRec.load(d), said.append)
    assert again.indexed and len(said) == 1  # read from disk, not built again
    assert (d / "weights.npz").stat().st_mtime_ns == weights
    liked = np.flatnonzero(sas.active)[:3]
    assert len(again.sparse_log_softmax(liked, 20).top) == 20
    shutil.rmtree(tmp_path / "models")
