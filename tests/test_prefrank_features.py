"""The preference ranker reads ItemCF on the candidates' columns from the liked rows' stored
entries: the numbers equal reading whole rows with scipy (means, weighted means, maxima,
disliked items, repeated candidates, negative entries)."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from convrec.models.base import ItemIndex
from convrec.models.prefrank import FEATURES, PreferenceRanker, TimeCounts, Views


def _reference(sim, conf, liked, disliked, cand, wl=None):
    def avg(r):
        return np.asarray(r.mean(axis=0)).ravel() if wl is None else np.asarray(r.T @ wl).ravel()

    rows = sim[liked][:, cand]
    mean = avg(rows)
    if len(disliked):
        mean = mean - np.asarray(sim[disliked][:, cand].mean(axis=0)).ravel()
    if wl is not None:
        rows = rows.multiply((wl / wl.max())[:, None]).tocsr()
    return (np.sign(mean) * np.log1p(100 * np.abs(mean)), rows.max(axis=0).toarray().ravel(),
            np.log1p(100 * avg(conf[liked][:, cand])))


def test_itemcf_features_equal_whole_row_reads():
    rng = np.random.default_rng(3)
    n = 500
    sim = sp.random(n, n, density=0.04, random_state=2, format="csr", dtype=np.float32)
    conf = sp.random(n, n, density=0.03, random_state=5, format="csr", dtype=np.float32)

    class CF:
        pass

    cf = CF()
    cf.sim, cf.conf = sim, conf
    ranker = PreferenceRanker(ItemIndex([str(i) for i in range(n)]), Views(itemcf=cf),
                              TimeCounts.build(rng.integers(0, n, 3000), None, n), groups=("cf",))
    j = {f: i for i, f in enumerate(FEATURES)}
    checked = 0
    for trial in range(40):
        liked = rng.choice(n, int(rng.integers(1, 8)), replace=False)
        disliked = rng.choice(n, int(rng.integers(0, 3)), replace=False)
        cand = rng.choice(n, 150, replace=trial % 4 == 0)  # every fourth: candidates repeat
        weights = rng.uniform(0.2, 3.0, len(liked)) if trial % 2 else None
        wl = None if weights is None or len(liked) < 2 else weights / weights.sum()
        X = ranker.features(liked, disliked, cand, liked_weights=weights)
        mean, top, cf_conf = _reference(sim, conf, liked, disliked, cand, wl)
        np.testing.assert_allclose(X[:, j["cf_mean"]], mean, rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(X[:, j["cf_max"]], np.log1p(100 * top), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(X[:, j["cf_conf"]], cf_conf, rtol=1e-5, atol=1e-7)
        checked += int((X[:, j["cf_mean"]] != 0).sum())
    assert checked > 100  # the candidates met the liked rows' entries often enough to test something
    # negative entries: a column whose stored entries are all negative keeps its (negative) maximum
    neg = sim.copy()
    neg.data = -neg.data
    cf.sim = neg
    liked = np.array([1, 2, 3])
    cand = np.arange(n)
    X = ranker.features(liked, np.zeros(0, dtype=np.int64), cand)
    _, top, _ = _reference(neg, conf, liked, [], cand)
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(X[:, j["cf_max"]], np.log1p(100 * top), rtol=1e-5, atol=1e-7)


def test_sparse_time_counts_equal_a_dense_month_grid():
    rng = np.random.default_rng(1)
    n, months = 40, 30
    idx = rng.integers(0, n, 2000)
    ts = 1_400_000_000 + rng.uniform(0, months * 30.44 * 86400, 2000)
    ts[::17] = np.nan  # untimed rows are left out of the months
    tc = TimeCounts.build(idx, ts, n)
    ok = np.isfinite(ts)
    mo = ((ts[ok] - ts[ok].min()) // (30.44 * 86400)).astype(int)
    grid = np.zeros((n, mo.max() + 2), dtype=int)
    np.add.at(grid, (idx[ok], mo + 1), 1)
    cum = np.cumsum(grid, axis=1)
    assert tc.now == mo.max() + 1
    items = np.arange(n)
    for m in (0, 1, 5, 12, 13, tc.now):
        pop, recent, _ = tc.features(m, items)
        np.testing.assert_allclose(pop, np.log1p(cum[:, m]))
        np.testing.assert_allclose(recent, np.log1p(cum[:, m] - cum[:, max(m - 12, 0)]))
    assert (tc.first[idx[ok]] >= 0).all() and (tc.first[np.setdiff1d(items, idx[ok])] == -1).all()


def test_columns_read_repeated_candidates_and_negative_maxima():
    """``columns.positions`` gives a candidate named twice one slot; ``columns.sparse_max`` takes a
    column's largest stored entry, and zero where a row stores nothing there (a sparse row's
    missing entry is a zero similarity, larger than a stored negative one)."""
    from convrec.models.prefrank.columns import entries, positions, sparse_max

    pos, back = positions(6, np.array([4, 1, 4]))
    assert pos[4] >= 0 and pos[1] >= 0 and pos[0] == -1
    assert back[0] == back[2] != back[1]
    M = sp.csr_matrix(np.array([[0, -0.5, 0, 0.2], [0, -0.1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]))
    pos, back = positions(4, np.array([1, 3]))
    r, c, d = entries(M, np.array([0, 1]), pos)
    assert sorted(zip(r.tolist(), c.tolist(), d.tolist())) == [(0, 0, -0.5), (0, 1, 0.2), (1, 0, -0.1)]
    top = sparse_max(r, c, d, 2, 2)
    assert top[0] == -0.1  # both rows store item 1: its largest stored entry
    assert top[1] == 0.2
    top1 = sparse_max(r[r == 0], c[r == 0], d[r == 0], 2, 2)
    assert top1[0] == 0.0  # row 1 left out: it stores nothing for item 1 here, a zero
