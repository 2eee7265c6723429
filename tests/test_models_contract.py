"""One contract, one shared test mixin: every model passes the same tests.

Tiny synthetic data: items 0-14 are "space" items, 15-29 "romance" items; each user sticks
to one cluster and walks through it in order, so a model that learns anything recommends
from the user's cluster.
"""

from __future__ import annotations

import numpy as np
import pytest

from convrec.models.attr_sasrec import AttrSASRec
from convrec.models.base import Context, ItemIndex, NotFittedError, TrainData, UnknownItemError
from convrec.models.embeddings import ItemEmbeddings
from convrec.models.itemcf import ItemCF
from convrec.models.popularity import Popularity
from convrec.models.sasrec import SASRec

N_ITEMS = 30
A = [f"i{j}" for j in range(15)]
B = [f"i{j}" for j in range(15, 30)]


def synthetic_data(seed: int = 0) -> TrainData:
    rng = np.random.default_rng(seed)
    items = ItemIndex([f"i{j}" for j in range(N_ITEMS)])
    seqs, valid = [], []
    for u in range(80):
        base = 0 if u % 2 == 0 else 15
        start = int(rng.integers(0, 6))
        length = int(rng.integers(6, 10))
        s = np.asarray([base + (start + t) % 15 for t in range(length + 1)], dtype=np.int64)
        seqs.append(s[:-1])
        valid.append(s[-1])
    # item i0 is the most popular overall
    seqs.append(np.asarray([0, 15, 16, 1], dtype=np.int64))
    valid.append(2)
    td = TrainData(items, seqs, [f"u{u}" for u in range(len(seqs))], np.asarray(valid))
    td.item_texts = [f"a space opera about starships and aliens, part {j}" for j in range(15)] + \
                    [f"a romantic comedy about love and weddings, part {j}" for j in range(15)]
    td.attribute_values = {"theme": [["space"]] * 15 + [["romance"]] * 15}
    return td


class RecommenderContract:
    """Mixed into one test class per model. Subclasses implement ``make``."""

    learns = True  # recommends from the user's cluster

    def make(self):
        raise NotImplementedError

    @pytest.fixture(scope="class")
    def model(self):
        return self.make().fit(synthetic_data())

    def test_fit_sets_catalog(self, model):
        assert len(model.items) == N_ITEMS

    def test_score_all_sorted(self, model):
        ids, s = model.score(Context(["i0", "i1"]))
        assert len(ids) == N_ITEMS and len(s) == N_ITEMS
        assert set(ids) == {f"i{j}" for j in range(N_ITEMS)}
        assert np.all(np.diff(s[np.isfinite(s)]) <= 1e-9)

    def test_score_given_candidates_only(self, model):
        cand = ["i3", "i20", "i7", "i29"]
        ids, s = model.score(Context(["i0"]), cand)
        assert sorted(ids) == sorted(cand) and np.isfinite(s).all()

    def test_empty_candidates(self, model):
        ids, s = model.score(Context(["i0"]), [])
        assert len(ids) == 0 and len(s) == 0
        ids, s = model.rank(Context(["i0"]), [], k=5)
        assert len(ids) == 0

    def test_unknown_candidate_raises_clearly(self, model):
        with pytest.raises(UnknownItemError, match="nope"):
            model.score(Context(["i0"]), ["i1", "nope"])

    def test_unknown_history_raises_clearly(self, model):
        with pytest.raises(UnknownItemError, match="ghost"):
            model.rank(Context(["ghost"]))

    def test_empty_history_gives_prior(self, model):
        ids, s = model.score(Context([]))
        assert len(ids) == N_ITEMS and np.isfinite(s).all()

    def test_history_excluded(self, model):
        hist = ["i0", "i1", "i2"]
        ids, s = model.score(Context(hist))
        assert np.isneginf(s[np.isin(ids, hist)]).all()
        top, _ = model.rank(Context(hist), k=None)
        assert not set(hist) & set(top) and len(top) == N_ITEMS - 3
        ids, s = model.score(Context(hist), exclude_seen=False)
        assert np.isfinite(s).all()

    def test_disliked_never_returned(self, model):
        top, _ = model.rank(Context(["i0"], disliked=["i1", "i2"]), k=None)
        assert "i1" not in top and "i2" not in top

    def test_dislike_pushes_similar_down(self, model):
        cand = B[2:]
        _, base = model.score(Context(["i3", "i4"]), cand)
        ids2, pushed = model.score(Context(["i3", "i4"], disliked=["i15", "i16"]), cand)
        ids1, base = model.score(Context(["i3", "i4"]), cand)
        b = dict(zip(ids1, base))
        p = dict(zip(ids2, pushed))
        assert np.mean([p[i] for i in cand]) < np.mean([b[i] for i in cand])

    def test_rank_k(self, model):
        ids, s = model.rank(Context(["i0"]), k=5)
        assert len(ids) == 5 and len(s) == 5

    def test_learns_cluster(self, model):
        for hist, cluster in ((["i3", "i4", "i5"], A), (["i18", "i19", "i20"], B)):
            top, _ = model.rank(Context(hist), k=5)
            assert sum(t in cluster for t in top) >= 4, (hist, top)

    def test_similar_items(self, model):
        ids, s = model.similar_items(["i5"], k=6)
        assert "i5" not in ids and len(ids) == 6
        assert np.all(np.diff(s) <= 1e-9)
        if self.learns:
            assert sum(i in A for i in ids) >= 4
        ids, _ = model.similar_items(["i5"], candidates=["i1", "i20", "i5"], k=None)
        assert sorted(ids) == ["i1", "i20"]
        assert len(model.similar_items([], k=3)[0]) == 0

    def test_deterministic(self, model):
        a = model.rank(Context(["i0", "i16"]), k=10)
        b = model.rank(Context(["i0", "i16"]), k=10)
        assert list(a[0]) == list(b[0])

    def test_save_load_identical_scores(self, model, tmp_path):
        model.save(tmp_path / "m")
        loaded = type(model).load(tmp_path / "m")
        for ctx in (Context(["i0", "i1"]), Context(["i20"], disliked=["i21"]), Context([])):
            a_ids, a = model.score(ctx)
            b_ids, b = loaded.score(ctx)
            assert list(a_ids) == list(b_ids)
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)

    def test_unfitted_raises(self):
        with pytest.raises(NotFittedError):
            self.make().rank(Context(["i0"]))


class TestPopularity(RecommenderContract):
    learns = False

    def make(self):
        return Popularity()

    def test_dislike_pushes_similar_down(self, model):
        # documented: popularity has no similarity, a dislike only excludes the item itself
        ids1, s1 = model.score(Context(["i3"]), B[2:])
        ids2, s2 = model.score(Context(["i3"], disliked=["i15"]), B[2:])
        assert list(ids1) == list(ids2) and np.allclose(s1, s2)

    def test_learns_cluster(self, model):
        # not personalised: the same order whatever the history
        a, _ = model.rank(Context(["i3", "i4"]), k=None, exclude_seen=False)
        b, _ = model.rank(Context(["i18"]), k=None, exclude_seen=False)
        assert list(a) == list(b)

    def test_most_popular_first(self, model):
        counts = np.bincount(np.concatenate(synthetic_data().sequences), minlength=N_ITEMS)
        ids, _ = model.rank(Context([]), k=8)
        got = [int(counts[int(i[1:])]) for i in ids]
        assert got[0] == counts.max() and got == sorted(got, reverse=True), (ids, got)
        # the top 8 are exactly the 8 most-counted items (ties aside)
        assert got[-1] >= sorted(counts, reverse=True)[7]

    def test_recency_window(self):
        td = synthetic_data()
        td.timestamps = [np.arange(len(s), dtype=float) * 86400 for s in td.sequences]
        recent = Popularity(window_days=1).fit(td)
        assert recent.counts.sum() < Popularity().fit(td).counts.sum()


class TestItemCF(RecommenderContract):
    def make(self):
        return ItemCF(neighbors=10)

    def test_neighbours_are_sparse(self, model):
        assert (np.diff(model.sim.indptr) <= 10).all()

    def test_soft_filter_keeps_top_ratio(self, model):
        ids, s = model.soft_filter(["i3", "i4"], ratio=0.2)
        n_keep = int(np.ceil(0.2 * N_ITEMS))
        cos_ids, _ = model.similar_items(["i3", "i4"], k=n_keep)
        assert list(ids[:n_keep]) == list(cos_ids)  # the cosine's top ratio first, in its order
        assert len(set(ids)) == len(ids) <= 4 * n_keep and "i3" not in ids and "i4" not in ids
        assert (s > 0).all() and (np.diff(s) <= 0).all()

    def test_soft_filter_over_the_catalog_equals_naming_every_item(self, model):
        """Without candidates only the items sharing users with a seed are scored: the same
        items, scores and order as passing the whole catalog as candidates."""
        every = list(model.items.ids)
        for seeds, ratio in ((["i3", "i4"], 0.2), (["i1"], 0.05), (["i7", "i2", "i9"], 0.5)):
            a_ids, a_s = model.soft_filter(seeds, None, ratio=ratio)
            b_ids, b_s = model.soft_filter(seeds, every, ratio=ratio)
            assert len(a_ids) > 0
            assert list(a_ids) == list(b_ids)
            np.testing.assert_allclose(a_s, b_s)

    def test_soft_filter_keeps_co_liked_items_the_cosine_drops(self):
        """An item most people who liked the seed also liked (but everyone liked) is below the
        cosine's top ratio; the co-liking share keeps it a candidate for a later preference rank."""
        items = ItemIndex(["seed", "rare", "popular"] + [f"f{j}" for j in range(17)])
        seqs = []
        for u in range(400):  # everybody has "popular" and a filler item; 20 also the seed
            seq = [2, 3 + u % 17] + ([0] if u < 20 else [])
            seqs.append(np.asarray(seq, dtype=np.int64))
        seqs += [np.asarray([0, 1], dtype=np.int64)] * 3  # three people with the seed and "rare"
        model = ItemCF(neighbors=10).fit(TrainData(items, seqs, [f"u{u}" for u in range(len(seqs))], np.full(len(seqs), -1)))
        cos_ids, _ = model.similar_items(["seed"], k=1)
        assert list(cos_ids) == ["rare"]
        ids, _ = model.soft_filter(["seed"], ratio=0.05)
        assert ids[0] == "rare" and "popular" in set(ids)

    def test_lift_discounts_popular_co_items_and_survives_save(self, model, tmp_path):
        """lift = co-count / (n_i^0.5 · n_j^alpha): between the share (alpha 0) and the cosine."""
        import scipy.sparse as sp

        x = TrainData.interaction_matrix(synthetic_data()).tocsc()
        x.data[:] = 1
        n = np.asarray(x.sum(axis=0)).ravel()
        co = (x.T @ x).toarray()
        i = 3
        row = model.lift[i].toarray().ravel()
        j = int(np.argmax(row))
        assert row[j] > 0 and j != i
        assert row[j] == pytest.approx(co[i, j] / (np.sqrt(n[i]) * n[j] ** model.lift_alpha), rel=1e-5)
        assert sp.isspmatrix_csr(model.lift) and (np.diff(model.lift.indptr) <= 10).all()
        back = type(model).load(model.save(tmp_path / "cf"))
        assert (back.lift != model.lift).nnz == 0 and back.lift_alpha == model.lift_alpha
        assert model.lift_liked is None  # no ratings: nothing to tell likes apart

    def test_co_liking_reads_only_liked_interactions(self, tmp_path):
        """With likes known (a good rating), ``lift_liked`` counts only the liked interactions:
        an item nobody liked has no co-liking neighbours; it survives save/load."""
        td = synthetic_data()
        td.liked = [np.asarray([int(i) != 4 for i in s], dtype=bool) for s in td.sequences]  # nobody liked i4
        m = ItemCF(neighbors=10).fit(td)
        assert m.lift_liked is not None
        assert m.lift_liked[4].nnz == 0 and m.lift_liked[:, 4].nnz == 0
        assert m.lift[4].nnz > 0  # the plain view still sees it
        assert m.lift_liked[3].nnz > 0
        back = ItemCF.load(m.save(tmp_path / "cfl"))
        assert (back.lift_liked != m.lift_liked).nnz == 0


class TestSASRec(RecommenderContract):
    def make(self):
        return SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=1)


class TestSASRecPostNormCE(RecommenderContract):
    """The data-chosen settings (sasrec_params): post-norm blocks, full softmax, overlapping windows."""

    def make(self):
        return SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=2,
                      style="post", loss="ce", stride=5, dropout=0.5, ff_dropout=False)


def test_sasrec_ff_dropout_is_only_the_inner_one():
    import torch

    from convrec.models.sasrec import build_net

    def rates(ff_dropout):
        net = build_net(10, 8, 5, 1, 1, 0.5, True, "post", "start", ff_dropout)
        return [m.p for m in net.blocks[0].ff if isinstance(m, torch.nn.Dropout)]

    assert rates(True) == [0.5, 0.5]
    assert rates(False) == [0.0, 0.5]  # the output dropout stays


class TestSASRecOrderFree(RecommenderContract):
    def make(self):
        return SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=1,
                      use_position=False, shuffle=True)

    def test_order_does_not_matter_much(self, model):
        a, _ = model.rank(Context(["i3", "i4", "i5"], ordered=False), k=5)
        b, _ = model.rank(Context(["i5", "i3", "i4"], ordered=False), k=5)
        assert len(set(a) & set(b)) >= 3


class TestEmbeddings(RecommenderContract):
    def make(self):
        return ItemEmbeddings()

    def test_free_text_search(self, model):
        ids, s = model.search("a love story with a wedding", k=5)
        assert len(ids) == 5 and all(i in B for i in ids)


class TestEmbeddingsStatic(RecommenderContract):
    """The static encoder distilled from MiniLM keeps the contract (a large catalog's default)."""

    @pytest.fixture(scope="class")
    def model(self, static_home):
        return ItemEmbeddings(encoder="static", home=static_home).fit(synthetic_data())

    def make(self):  # the contract's unfitted check needs no home
        return ItemEmbeddings(encoder="static")

    def test_free_text_search(self, model):
        ids, s = model.search("a love story with a wedding", k=5)
        assert len(ids) == 5 and all(i in B for i in ids)
        assert model.vectors.shape == (N_ITEMS, 384)  # mapped into MiniLM's space

    def test_loads_without_its_home(self, model, tmp_path):
        """A saved static model carries its encoder: it answers text queries with no home."""
        model.save(tmp_path / "m")
        back = ItemEmbeddings.load(tmp_path / "m")
        assert back.home is None and back.encoder_kind == "static"
        a, sa = model.search("starships", k=5)
        b, sb = back.search("starships", k=5)
        assert list(a) == list(b) and np.allclose(sa, sb)


class TestEmbeddingsIndexed(RecommenderContract):
    """Above ``ann_above`` items, search and similar items go through the IVF index."""

    def make(self):
        return ItemEmbeddings(ann_above=0)

    def test_uses_the_index(self, model, tmp_path):
        assert model.approximate
        model.save(tmp_path / "m")
        assert (tmp_path / "m" / "ann.faiss").is_file() and ItemEmbeddings.load(tmp_path / "m").approximate

    def test_free_text_search(self, model):
        ids, s = model.search("a love story with a wedding", k=5)
        assert len(ids) == 5 and all(i in B for i in ids)
        ids, _ = model.search("a love story", candidates=A[:3], k=5)
        assert sorted(ids) == sorted(A[:3])


class TestAttrSASRec(RecommenderContract):
    def make(self):
        base = SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=1)
        base.fit(synthetic_data())
        return AttrSASRec(base, epochs=3)

    def test_rank_by_attribute(self, model):
        ids, _ = model.rank_by("theme", Context(["i3", "i4"]), k=5)
        assert len(ids) == 5
        with pytest.raises(KeyError):
            model.rank_by("nope", Context(["i3"]))


def test_sasrec_windows_train_every_transition_once():
    seq = np.arange(23)
    for stride in (5, 3, 1):
        owners, chunks, fresh = SASRec._windows([7], [seq], 5, stride)
        assert set(owners) == {7} and all(len(c) <= 6 for c in chunks)
        trained = [int(t) for c, f in zip(chunks, fresh) for t in c[1:][len(c) - 1 - f:]]
        assert sorted(trained) == list(range(1, 23))  # every item after the first, exactly once
        assert chunks[0][-1] == 22  # newest first
        # a trained target sees at least L - stride items of context (or everything before it)
        for c, f in zip(chunks, fresh):
            for j in range(len(c) - 1 - f, len(c) - 1):
                assert j + 1 >= min(5 - stride + 1, c[j + 1])
    assert len(SASRec._windows([0], [seq], 5, 3)[1]) > len(SASRec._windows([0], [seq], 5, 5)[1])  # overlap
    assert SASRec._windows([0], [np.arange(1)], 5, 5) == ([], [], [])  # nothing to predict


def test_sasrec_padding_does_not_change_scores():
    """Padding keys are masked, so a history scores the same however much padding precedes
    it (batches are trimmed to their longest history, in training and in scoring)."""
    import torch

    for style, positions in (("paper", "end"), ("post", "end"), ("post", "start")):
        m = SASRec(maxlen=12, epochs=3, eval_every=3, threads=1, dropout=0.3, style=style,
                   positions=positions).fit(synthetic_data())
        short, long = np.asarray([0, 1, 2]), np.arange(15, 27)
        alone = m.score_batch([short])[0]
        batched = m.score_batch([short, long])[0]
        np.testing.assert_allclose(alone, batched, rtol=1e-5, atol=1e-5)
        x = torch.tensor([[1, 2, 3]])
        padded = torch.tensor([[0, 0, 0, 0, 1, 2, 3]])
        with torch.no_grad():
            np.testing.assert_allclose(m.net(x)[0].numpy(), m.net(padded)[0, -3:].numpy(), rtol=1e-5, atol=1e-5)
            assert torch.isfinite(m.net(padded)).all()  # padding rows see only themselves: no NaN


def test_sasrec_batches_group_similar_lengths():
    inp = np.zeros((1000, 10), dtype=np.int64)
    rng = np.random.default_rng(0)
    lengths = rng.integers(1, 11, size=1000)
    for i, n in enumerate(lengths):
        inp[i, 10 - n:] = 1
    batches = SASRec._batches(np.random.default_rng(1), inp, 32)
    assert sorted(int(r) for b in batches for r in b) == list(range(1000))  # each row once
    spread = np.mean([lengths[b].max() - lengths[b].min() for b in batches])
    assert spread < 2  # random batches of 32 would span nearly the whole 1-10 range


class TestSASRecSampledBF16(RecommenderContract):
    """Sampled softmax (shared uniform negatives) under bfloat16 autocast."""

    def make(self):
        return SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=4,
                      style="post", loss="ce", negatives=16, precision="bf16", stride=5, dropout=0.5)


def test_sasrec_bad_precision_is_clear():
    with pytest.raises(ValueError, match="precision must be fp32 or bf16 or auto"):
        SASRec(precision="fp16")


def test_sasrec_items_never_trained_rank_last(tmp_path):
    """The softmax runs over items seen in training only; a catalog item nobody interacted
    with is ranked below every trained item, is never 'similar' first, and this survives a
    save/load round trip (also through the attribute heads)."""
    td = synthetic_data()
    cold = [f"x{j}" for j in range(5)]
    td.items = ItemIndex([f"i{j}" for j in range(N_ITEMS)] + cold)
    td.item_texts += ["an unreviewed item"] * 5
    td.attribute_values = {"theme": td.attribute_values["theme"] + [["space"]] * 5}
    m = SASRec(dim=16, maxlen=10, epochs=10, eval_every=5, batch_size=32, lr=5e-3, seed=1, loss="ce",
               style="post").fit(td)
    seen = np.zeros(N_ITEMS + 5, dtype=bool)
    seen[np.concatenate(td.sequences)] = True
    np.testing.assert_array_equal(m.active, seen)
    assert not seen[N_ITEMS:].any() and 25 <= seen.sum() < N_ITEMS  # some synthetic items are only valid targets
    s = m.score_batch([np.asarray([0, 1, 2])])[0]
    assert s[~seen].max() < s[seen].min()
    ids, _ = m.rank(Context(["i0", "i1"]), k=None)
    n_cold = int((~seen).sum())
    assert set(ids[-n_cold:]) == set(td.items.decode(np.flatnonzero(~seen)))
    sim, _ = m.similar_items(["i3"], k=int(seen.sum()) - 1)
    assert not set(sim) & set(cold)
    loaded = SASRec.load(m.save(tmp_path / "m"))
    np.testing.assert_array_equal(loaded.active, m.active)
    # a loaded model scores in NumPy: the same as torch up to float32 rounding
    np.testing.assert_allclose(loaded.score_batch([np.asarray([0, 1, 2])])[0], s, rtol=1e-5, atol=1e-5)
    attr = AttrSASRec(m, epochs=1).fit(td)
    a = attr.score_batch([np.asarray([0, 1, 2])])[0]
    assert a[~seen].max() < a[seen].min()


@pytest.mark.parametrize("negatives", [None, 16])
def test_sasrec_chunked_softmax_gives_the_same_model(monkeypatch, negatives):
    """The softmax is back-propagated in row chunks for speed; the gradient, hence the
    trained model, is the same as with one big logit matrix."""
    import convrec.models.sasrec as sasrec_mod

    def train(chunk):
        monkeypatch.setattr(sasrec_mod, "CHUNK_ELEMENTS", chunk)
        return SASRec(dim=16, maxlen=10, epochs=4, eval_every=4, batch_size=32, lr=5e-3, seed=5, loss="ce",
                      style="post", stride=5, negatives=negatives).fit(synthetic_data())

    one, many = train(10**9), train(1)  # one chunk per batch vs 32-row chunks
    h = [np.asarray([0, 1, 2]), np.asarray([15, 16])]
    np.testing.assert_allclose(one.score_batch(h), many.score_batch(h), rtol=1e-4, atol=1e-4)
    assert [r["loss"] for r in one.history] == pytest.approx([r["loss"] for r in many.history], rel=1e-5)


def test_sasrec_params_regularise_by_data_size():
    """Sparse data: dropout 0.5, none inside the feed-forward; small dense data: 0.2 in both
    places; large dense data (movielens-1m sized): 0.2 only after the feed-forward."""
    from types import SimpleNamespace

    from convrec.config import Config
    from convrec.models.registry import FF_DROPOUT_BELOW, sasrec_params

    def params(users, items, interactions, **overrides):
        return sasrec_params(SimpleNamespace(manifest=dict(users=users, items=items, interactions=interactions)),
                             Config(), **overrides)

    sparse = params(22_363, 12_101, 198_502)  # beauty
    assert (sparse["dropout"], sparse["ff_dropout"]) == (0.5, False)
    small = params(943, 1_682, 99_287)  # movielens-100k
    assert (small["dropout"], small["ff_dropout"]) == (0.2, True)
    large = params(2_999, 3_883, 486_907)  # the movielens-1m subset
    assert (large["dropout"], large["ff_dropout"]) == (0.2, False)
    assert params(943, 1_682, FF_DROPOUT_BELOW - 1)["ff_dropout"] and not params(943, 10_000, FF_DROPOUT_BELOW)["ff_dropout"]
    assert params(943, 1_682, 99_287, ff_dropout=False)["ff_dropout"] is False  # an explicit choice wins


class RankerAsRecommender:
    """The learned preference ranker behind the shared contract: ``fit`` fits the views it reads
    (ItemCF, the order-free SASRec, text embeddings) on the data and then the ranker's weights on
    each user's leave-one-out query (their items stated, the next one to find); ``save`` keeps
    the views beside the weights so ``load`` gives the same scores."""

    def __init__(self):
        self.ranker = None

    @staticmethod
    def _views(td):
        from convrec.models.prefrank import Views

        seq = SASRec(dim=16, maxlen=10, epochs=30, eval_every=10, patience=5, batch_size=32, lr=5e-3, seed=1,
                     use_position=False, shuffle=True)
        return Views(ItemCF().fit(td), seq.fit(td), ItemEmbeddings().fit(td))

    def fit(self, td):
        from convrec.models.prefrank import PreferenceRanker, Query, TimeCounts

        views = self._views(td)
        counts = TimeCounts.build(np.concatenate(td.sequences), None, len(td.items))
        r = PreferenceRanker(td.items, views, counts, None)
        none = np.zeros(0, dtype=np.int64)
        queries = [Query(np.asarray(s, dtype=np.int64), none, int(v), np.asarray(s, dtype=np.int64))
                   for s, v in zip(td.sequences, td.valid_targets)]
        self.ranker = r.fit(queries, views, rng=np.random.default_rng(0), pool_size=20)
        self.views = views
        return self

    def _fitted(self):
        if self.ranker is None:
            raise NotFittedError("the preference ranker is not fitted")
        return self.ranker

    @property
    def items(self):
        return self._fitted().items

    def score(self, context, candidates=None, exclude_seen=True):
        return self._fitted().score(context, candidates, exclude_seen=exclude_seen)

    def rank(self, context, candidates=None, k=10):
        return self._fitted().rank(context, candidates, k)

    def similar_items(self, seeds, candidates=None, k=10):
        """The items the ranker puts first for the seeds stated as liked (seeds left out)."""
        if not seeds:
            return np.asarray([], dtype=object), np.asarray([], dtype=np.float64)
        return self.rank(Context(list(seeds), ordered=False), candidates, k)

    def save(self, directory):
        from pathlib import Path

        d = Path(directory)
        self._fitted().save(d / "ranker")
        for name, m in (("itemcf", self.views.itemcf), ("sasrec", self.views.sasrec), ("embeddings", self.views.embeddings)):
            m.save(d / name)

    @classmethod
    def load(cls, directory):
        from pathlib import Path

        from convrec.models.prefrank import PreferenceRanker, Views

        d = Path(directory)
        obj = cls()
        obj.views = Views(ItemCF.load(d / "itemcf"), SASRec.load(d / "sasrec"), ItemEmbeddings.load(d / "embeddings"))
        obj.ranker = PreferenceRanker.load(d / "ranker", obj.views)
        return obj


class TestPreferenceRanker(RecommenderContract):
    def make(self):
        return RankerAsRecommender()

    def test_learned_weights_are_finite(self, model):
        w = model.ranker.weights(stated=True)
        assert w and all(np.isfinite(v) for v in w.values())
