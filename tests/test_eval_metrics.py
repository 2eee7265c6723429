"""Metric functions against hand-computed examples."""

import math

import numpy as np
import pytest

from convrec.eval import conv_metrics as cm
from convrec.eval.summary import _ranking_rank, summarize


def test_hit_and_average_turns_with_misses():
    hits = [1, 3, None, 6]  # the 6th-turn hit is a miss for k = 5
    assert cm.hit_at_k(hits, 5) == 0.5
    assert cm.at_k(hits, 5) == pytest.approx((1 + 3 + 6 + 6) / 4)
    assert cm.hit_at_k(hits, 1) == 0.25 and cm.at_k([], 5) == 0.0


def test_recall_precision_ndcg():
    ranked = ["a", "b", "c", "d", "e"]
    assert cm.recall_at_k(ranked, ["c", "z"], 5) == 0.5
    assert cm.precision_at_k(ranked, ["c", "z"], 5) == 0.2
    assert cm.ndcg_at_k(ranked, ["c"], 5) == pytest.approx(1 / math.log2(4))  # rank 2 (0-based)
    assert cm.ndcg_at_k(ranked, ["a", "b"], 5) == pytest.approx(1.0)
    assert cm.ndcg_at_k(ranked, ["e"], 3) == 0.0
    assert cm.hit_list_at_k(ranked, ["e"], 4) == 0.0 and cm.hit_list_at_k(ranked, ["e"], 5) == 1.0


def test_entropy_maxfreq_pop():
    lists = [["a", "b"], ["a", "c"], ["a", "d"], ["e", "f"]]
    # counts a:3 b,c,d,e,f:1 over 8 -> H = -(3/8 log2 3/8 + 5 * 1/8 log2 1/8)
    h = -(3 / 8 * math.log2(3 / 8) + 5 * (1 / 8) * math.log2(1 / 8))
    assert cm.entropy_at_k(lists, 2) == pytest.approx(h)
    assert cm.max_freq_at_k(lists, 2) == 0.75
    assert cm.entropy_at_k([["a"], ["a"]], 1) == 0.0
    top = {"a", "b"}
    assert cm.pop50(["a", "c", "b", "d"], top, 4) == 0.5
    assert cm.rpop50(["a", "c"], ["a", "x", "y", "z"], top, 2) == pytest.approx(0.5 / 0.25)
    assert cm.rpop50(["a"], ["x"], top, 1) is None
    assert cm.factual(4, 3) == 0.75 and cm.factual(0, 0) == 1.0


def test_sim_of_centroids():
    a = np.array([[1.0, 0.0], [0.0, 1.0]])
    assert cm.sim_at_k(a, np.array([[1.0, 1.0]])) == pytest.approx(1.0)
    assert cm.sim_at_k(a[:1], a[1:]) == pytest.approx(0.0)


def test_ranking_rank_and_summary():
    cands = [str(i) for i in range(20)]
    rec = {"case": "u", "target": "7", "candidates": cands, "turns": [{"items": ["3", "7"], "llm_calls": 0, "latency_ms": 1}]}
    assert _ranking_rank(rec) == 1.0
    missing = {**rec, "turns": [{"items": ["3", "4"], "llm_calls": 0, "latency_ms": 1}]}
    assert _ranking_rank(missing) == 2 + (18 - 1) / 2  # expected place among the 18 not returned
    spec = {"protocol": "one-turn-ranking", "strategy": "x", "dataset": "d", "k": 20}
    s = summarize(spec, [rec])
    assert s["metrics"]["ndcg@20"] == pytest.approx(1 / math.log2(3)) and s["metrics"]["mrr"] == 0.5


def test_session_summary():
    spec = {"protocol": "simulator", "strategy": "x", "dataset": "d", "k": 10, "turns": 5}
    t = {"items": [], "llm_calls": 2, "latency_ms": 1000.0}
    recs = [{"case": "1", "hit_turn": 2, "hit_text_turn": 2, "turns": [t, t]},
            {"case": "2", "hit_turn": None, "hit_text_turn": 1, "turns": [t] * 5}]
    s = summarize(spec, recs)
    assert s["metrics"]["hit@5"] == 0.5 and s["metrics"]["at@5"] == (2 + 6) / 2
    assert s["metrics"]["hit@5_text"] == 1.0 and s["metrics"]["hit_by_turn"] == [0.0, 0.5, 0.5, 0.5, 0.5]
    assert s["llm_calls_per_turn"] == 2.0 and s["turn_latency_p50_s"] == 1.0 and s["n"] == 2
