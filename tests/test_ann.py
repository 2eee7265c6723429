"""Nearest-neighbour search: the IVF index finds what exact search finds on clustered vectors,
never returns a row outside the allowed ones, and never comes back short under a narrow filter."""

from __future__ import annotations

import numpy as np
import pytest

from convrec.models.ann import EXACT_SUBSET, IVFIndex, VectorSearch, _topk, exact_search


def clustered(n: int, d: int = 32, centers: int = 50, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    c = rng.normal(size=(centers, d))
    x = c[rng.integers(0, centers, size=n)] + 0.3 * rng.normal(size=(n, d))
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


@pytest.fixture(scope="module")
def data():
    x = clustered(45_000)
    return x, IVFIndex.build(x, threads=1)


def test_topk_matches_a_full_sort_with_ties():
    s = np.asarray([0.5, 0.9, 0.5, 0.1, 0.9, 0.5])
    assert list(_topk(s, 3)) == [1, 4, 0]
    assert list(_topk(s, 10)) == [1, 4, 0, 2, 5, 3]


def test_index_recall_against_exact(data):
    x, index = data
    rng = np.random.default_rng(1)
    hits = 0
    for q in x[rng.integers(0, len(x), size=50)]:
        truth, _ = exact_search(x, q, 10)
        got, s = VectorSearch(x, index).search(q, 10)
        assert len(got) == 10 and np.all(np.diff(s) <= 1e-6)
        hits += len(set(truth) & set(got))
    assert hits / 500 >= 0.9


def test_filtered_search_stays_inside_and_is_never_short(data):
    x, index = data
    vs = VectorSearch(x, index)
    q = x[0]
    wide = np.arange(0, len(x), 2)  # half the rows: through the index with a bitmap
    assert len(wide) > EXACT_SUBSET
    got, _ = vs.search(q, 20, wide)
    assert len(got) == 20 and set(got) <= set(wide)
    # rows far from the query only: the probed clusters hold none of them, the answer is exact
    far = np.argsort(x @ q)[: EXACT_SUBSET + 1000]
    got, s = vs.search(q, 15, far)
    truth, ts = exact_search(x, q, 15, far)
    assert list(got) == list(truth) and np.allclose(s, ts)


def test_exact_below_threshold_is_the_plain_sort():
    x = clustered(500)
    q = x[3]
    got, s = VectorSearch(x).search(q, 7)
    full = np.lexsort((np.arange(len(x)), -(x @ q)))[:7]
    assert list(got) == list(full)


def test_save_and_load(data, tmp_path):
    x, index = data
    index.save(tmp_path / "i.faiss")
    back = IVFIndex.load(tmp_path / "i.faiss")
    q = x[5]
    a, _ = index.search(q, 10)
    b, _ = back.search(q, 10)
    assert list(a) == list(b)
