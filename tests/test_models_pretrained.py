"""The embedded default ships pre-trained sequence models (scripts/build_pretrained.py)."""

from __future__ import annotations

from convrec.catalog.store import prepare
from convrec.models.metrics import full_ranking
from convrec.eval.models_eval import heldout_users
from convrec.models.registry import load_or_train, pretrained_dir


def test_shipped_models_are_used_and_good(config):
    ds = prepare(config, "movielens-small")
    said = []
    sas = load_or_train(ds, config, "sasrec", say=said.append)
    assert said and "pre-trained 'sasrec'" in said[0]
    pop = load_or_train(ds, config, "popularity")
    _, hist, targets, _ = heldout_users(ds)
    s = full_ranking(sas.score_batch, hist, targets)["ndcg@10"]
    p = full_ranking(pop.score_batch, hist, targets)["ndcg@10"]
    assert s > p, (s, p)
    attr = load_or_train(ds, config, "attr-sasrec")
    assert {"genres", "decade"} <= set(attr.attributes)
    assert len(attr.rank_by("genres", type("C", (), {"history": ["1", "2355"], "disliked": [], "ordered": True})(), k=5)[0]) == 5


def test_shipped_models_ignored_for_other_data(config):
    ds = prepare(config, "movielens-small", kcore_k=10)
    assert pretrained_dir(ds, "sasrec") is None
