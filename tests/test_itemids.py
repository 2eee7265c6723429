"""Candidates held as catalog indices (ItemIds) behave as the list of ids they stand for, and
the partial top-k order is the full stable sort's first k."""

from __future__ import annotations

import numpy as np
import pytest

from convrec.models.base import ItemIds, ItemIndex, UnknownItemError, top_order
from convrec.tools.bus import CandidateBus


def test_item_ids_read_as_the_list_they_stand_for():
    ix = ItemIndex(["a", "b", "c", "d", "e"])
    v = ix.view([2, 0, 2, 4])
    assert len(v) == 4 and v[0] == "c" and v[-1] == "e" and list(v) == ["c", "a", "c", "e"]
    assert v == ["c", "a", "c", "e"] and v != ["c", "a", "e"] and v.tolist() == ["c", "a", "c", "e"]
    assert isinstance(v[1:3], ItemIds) and v[1:3] == ["a", "c"]
    assert v[np.array([True, False, False, True])] == ["c", "e"]
    assert "a" in v and "b" not in v and "zz" not in v and 7 not in v
    assert v.unique() == ["c", "a", "e"] and v.without(["c", "zz"]) == ["a", "e"]
    assert np.asarray(v).tolist() == ["c", "a", "c", "e"]
    assert not ix.view([]) and bool(v)
    # a model's index with the same ids reads the integers as they are; another catalog's does not
    assert ix.encode(v).tolist() == [2, 0, 2, 4]
    assert ItemIndex(["a", "b", "c", "d", "e"]).encode(v).tolist() == [2, 0, 2, 4]
    other = ItemIndex(["e", "d", "c", "b", "a"])
    assert other.encode(v).tolist() == [2, 4, 2, 0]  # mapped by id, not by position
    with pytest.raises(UnknownItemError):
        ItemIndex(["a", "b"]).encode(v)


def test_the_bus_keeps_indices_and_each_item_once():
    ix = ItemIndex([str(i) for i in range(10)])
    bus = CandidateBus(10)
    bus.set(ix.view([3, 1, 3, 7]), [0.9, 0.8, 0.7, 0.1], ranked=True)
    assert isinstance(bus.candidates, ItemIds) and bus.candidates == ["3", "1", "7"] and bus.count == 3
    assert bus.scores == {"3": 0.9, "1": 0.8, "7": 0.1}  # each item's first place
    assert bus.top(2) == ["3", "1"] and isinstance(bus.top(2), list)


@pytest.mark.parametrize("seed", range(5))
def test_top_k_is_the_stable_sorts_first_k(seed):
    rng = np.random.default_rng(seed)
    for _ in range(400):
        n = int(rng.integers(1, 400))
        s = rng.integers(0, 6, n).astype(float)  # many ties
        s[rng.integers(0, n, 3)] = -np.inf
        k = int(rng.integers(1, n + 1))
        full = np.lexsort((np.arange(n), -s))
        assert np.array_equal(top_order(s, k), full[:k])
        assert np.array_equal(top_order(s), full)
