"""Metrics of a run, computed from its saved conversations (never from live objects), so a
report can be regenerated at any time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from convrec.errors import ConvrecError
from convrec.eval import conv_metrics as cm


def load_run(run_dir: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    meta_path, conv_path = run_dir / "run.json", run_dir / "conversations.jsonl"
    if not meta_path.is_file():
        raise ConvrecError(f"{run_dir} is not an evaluation run (no run.json)")
    spec = json.loads(meta_path.read_text())["spec"]
    recs = []
    if conv_path.is_file():
        for line in conv_path.read_text(encoding="utf-8").splitlines():
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    # a resumed run may hold a case twice if it was killed between append and exit: keep the last
    by_case = {r["case"]: r for r in recs}
    return spec, list(by_case.values())


def _ranking_rank(rec: dict[str, Any]) -> float:
    """0-based rank of the target among the 20 candidates: its place in the returned list, or
    the expected place among the candidates the strategy did not return."""
    items, target, cands = rec["turns"][0]["items"], rec["target"], rec["candidates"] or []
    if target in items:
        return float(items.index(target))
    returned = len([i for i in items if i in set(cands)])
    rest = max(len(cands) - returned, 1)
    return returned + (rest - 1) / 2.0


def _mean_ci(x) -> tuple[float, float]:
    """Mean and the half-width of its 95 % normal interval over cases."""
    x = np.asarray(x, dtype=float)
    if not len(x):
        return 0.0, 0.0
    return float(x.mean()), float(1.96 * x.std(ddof=1) / np.sqrt(len(x))) if len(x) > 1 else 0.0


def summarize(spec: dict[str, Any], recs: list[dict[str, Any]], catalog=None) -> dict[str, Any]:
    """The metrics of one run. ``catalog`` (a CatalogAccess) is needed only for the OMuleT
    metrics that read popularity and embeddings."""
    p, k = spec["protocol"], spec["k"]
    turns = [t for r in recs for t in r["turns"]]
    m: dict[str, Any] = {}
    if p in ("simulator", "long-chat", "long-context"):
        K = spec["turns"]
        hits = [r["hit_turn"] for r in recs]
        texts = [r.get("hit_text_turn") for r in recs]
        m[f"hit@{K}"] = cm.hit_at_k(hits, K)
        m[f"at@{K}"] = cm.at_k(hits, K)
        m[f"hit@{K}_text"] = cm.hit_at_k(texts, K)
        m[f"at@{K}_text"] = cm.at_k(texts, K)
        m["hit_by_turn"] = [cm.hit_at_k(hits, t) for t in range(1, K + 1)]
        m["sim_regenerations"] = sum(r.get("sim_regenerations", 0) for r in recs)
        m["sim_fallbacks"] = sum(r.get("sim_fallbacks", 0) for r in recs)
    elif p == "one-turn-retrieval":
        rec = [cm.recall_at_k(r["turns"][0]["items"], [r["target"]], k) for r in recs]
        nd = [cm.ndcg_at_k(r["turns"][0]["items"], [r["target"]], k) for r in recs]
        m[f"recall@{k}"], m[f"recall@{k}_ci"] = _mean_ci(rec)
        m[f"ndcg@{k}"], m[f"ndcg@{k}_ci"] = _mean_ci(nd)
        m["llm_conversations"] = sum(1 for r in recs if r.get("conversation") == "llm")
    elif p == "one-turn-ranking":
        ranks = np.asarray([_ranking_rank(r) for r in recs])
        m[f"ndcg@{k}"], m[f"ndcg@{k}_ci"] = _mean_ci(np.where(ranks < k, 1.0 / np.log2(ranks + 2.0), 0.0))
        m["mrr"] = float(np.mean(1.0 / (ranks + 1.0))) if len(ranks) else 0.0
        m["hit@1"] = float(np.mean(ranks < 1)) if len(ranks) else 0.0
    elif p == "topn":
        per_run: dict[int, list[tuple[float, float]]] = {}
        for r in recs:
            items = r["turns"][0]["items"]
            per_run.setdefault(r.get("run", 0), []).append(
                (cm.recall_at_k(items, [r["target"]], k), cm.ndcg_at_k(items, [r["target"]], k)))
        rec_means = [float(np.mean([x[0] for x in v])) for v in per_run.values()]
        ndcg_means = [float(np.mean([x[1] for x in v])) for v in per_run.values()]
        m[f"recall@{k}"], m[f"recall@{k}_std"] = cm.mean_std(rec_means)
        m[f"ndcg@{k}"], m[f"ndcg@{k}_std"] = cm.mean_std(ndcg_means)
        m["runs"] = len(per_run)
        m["per_sample"] = [{"sample": r + 1, "users": len(v), f"recall@{k}": float(np.mean([x[0] for x in v])),
                            f"ndcg@{k}": float(np.mean([x[1] for x in v]))} for r, v in sorted(per_run.items())]
    elif p == "requests":
        m.update(omulet_metrics(recs, k, catalog))
        if k > 5:  # the paper reports @5 and @10 (Factual counts the first k names only: @k)
            m.update({key: v for key, v in omulet_metrics(recs, 5, catalog).items() if not key.startswith("factual")})
    elif p == "dialogues":
        m.update(dialogue_metrics(recs, k))
    lat = [t["latency_ms"] / 1000 for t in turns]
    calls = [t["llm_calls"] for t in turns]
    factual_named = sum(t["named_items"] for t in turns if t.get("named_items") is not None)
    factual_linked = sum(t["linked_items"] if t.get("linked_items") is not None else len(t["items"])
                         for t in turns if t.get("named_items") is not None)
    out = {"protocol": p, "strategy": spec["strategy"], "dataset": spec["dataset"], "llm": spec.get("llm") or None,
           "n": len(recs), "metrics": m,
           "llm_calls_per_turn": round(float(np.mean(calls)), 3) if calls else 0.0,
           "turn_latency_p50_s": round(float(np.percentile(lat, 50)), 3) if lat else 0.0,
           "turn_latency_p95_s": round(float(np.percentile(lat, 95)), 3) if lat else 0.0,
           "total_time_s": round(float(np.sum(lat)), 1),
           "turns": len(turns), "tokens_per_turn": round(float(np.mean([t.get("tokens", 0) for t in turns])), 1) if turns else 0.0,
           "seed": spec.get("seed"), "sim_llm": spec.get("sim_llm") or None}
    rounds = [sum(1 for x in t.get("trace") or [] if x.get("step") == "round" and x.get("action")) for t in turns]
    if any(rounds):  # ToolRec: Thought/Action/Observation rounds the LLM took
        out["rounds_per_turn"] = round(float(np.mean(rounds)), 3)
    if any(t.get("named_items") is not None for t in turns) and not any(key.startswith("factual") for key in m):
        m["factual"] = cm.factual(factual_named, factual_linked)
    return out


DIALOGUE_KS = (1, 5, 10, 20)


def _dialogue_recall(ranked: list[str], truth: list[str], mentioned: set[str], k: int, drop: bool) -> float:
    if drop:
        ranked = [i for i in ranked if i not in mentioned]
        truth = [t for t in truth if t not in mentioned]
    if not truth:
        return float("nan")
    return sum(t in ranked[:k] for t in truth) / len(truth)


def _anchor_recall(rec: dict[str, Any], k: int, drop: bool) -> float | None:
    flags = rec.get("gpt4_hit_seen_removed" if drop else "gpt4_hit")
    if not flags or str(k) not in flags:
        return None
    mentioned = set(rec.get("mentioned", []))
    keep = [j for j, t in enumerate(rec["truth"]) if not (drop and t in mentioned)]
    return sum(flags[str(k)][j] for j in keep) / len(keep) if keep else None


def dialogue_metrics(recs: list[dict[str, Any]], k_max: int, boot: int = 2000) -> dict[str, Any]:
    """Recall@k per case (share of its targets in the top k), averaged; ``_ci`` is the 95 %
    half-width (1.96 SD/√n). ``-mentioned``: movies named earlier removed from list and targets.
    Where the cases carry a reference system's hit flags (redial-dev: GPT-4), its recall on the
    same cases and the paired difference (bootstrap over cases) are reported next to ours."""
    m: dict[str, Any] = {}
    rng = np.random.default_rng(0)
    for drop in (False, True):
        tag = "-mentioned" if drop else ""
        for k in DIALOGUE_KS:
            if k > k_max:
                continue
            ours = np.array([_dialogue_recall(r["turns"][0]["items"], r["truth"], set(r.get("mentioned", [])), k, drop)
                             for r in recs], dtype=float)
            ok = ~np.isnan(ours)
            x = ours[ok]
            m[f"recall@{k}{tag}"], m[f"recall@{k}{tag}_ci"] = _mean_ci(x)
            anchor = [_anchor_recall(r, k, drop) for r in recs]
            pairs = [(o, a) for o, a, keep in zip(ours, anchor, ok) if keep and a is not None]
            if pairs and k in (1, 5, 10, 20):
                a = np.array([q for _, q in pairs])
                d = np.array([o - q for o, q in pairs])
                m[f"ref_recall@{k}{tag}"], m[f"ref_recall@{k}{tag}_ci"] = _mean_ci(a)
                if k == 10:
                    bs = rng.integers(0, len(d), size=(boot, len(d)))
                    means = d[bs].mean(axis=1)
                    m[f"diff_vs_ref@10{tag}"] = float(d.mean())
                    m[f"diff_vs_ref@10{tag}_ci95"] = [float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))]
    lists = [r["turns"][0]["items"] for r in recs]
    m["cases_with_items"] = float(np.mean([bool(l) for l in lists])) if lists else 0.0
    return m


def omulet_metrics(recs: list[dict[str, Any]], k: int, catalog=None) -> dict[str, Any]:
    lists = [r["turns"][0]["items"][:k] for r in recs]
    truths = [r["truth"] for r in recs]
    m: dict[str, Any] = {}
    named = [r["turns"][0].get("named_items") for r in recs]
    linked = [r["turns"][0].get("linked_items") for r in recs]
    if any(x is not None for x in named):
        m[f"factual@{k}"] = cm.factual(sum(x or 0 for x in named),
                                       sum((y if y is not None else len(l)) for l, x, y in zip(lists, named, linked)
                                           if x is not None))
    else:
        m[f"factual@{k}"] = 1.0  # every item comes from the catalog by construction
    m[f"hit@{k}"] = float(np.mean([cm.hit_list_at_k(l, t, k) for l, t in zip(lists, truths)])) if recs else 0.0
    m[f"precision@{k}"] = float(np.mean([cm.precision_at_k(l, t, k) for l, t in zip(lists, truths)])) if recs else 0.0
    m[f"entropy@{k}"] = cm.entropy_at_k(lists, k)
    m[f"maxfreq@{k}"] = cm.max_freq_at_k(lists, k)
    if catalog is not None:
        items = catalog.ds.items
        top50 = set(items.sort_values("popularity", ascending=False)["item_id"].astype(str).head(50))
        m[f"pop50@{k}"] = float(np.mean([cm.pop50(l, top50, k) for l in lists if l])) if any(lists) else 0.0
        rp = [cm.rpop50(l, t, top50, k) for l, t in zip(lists, truths) if l]
        rp = [x for x in rp if x is not None]
        m[f"rpop50@{k}"] = float(np.mean(rp)) if rp else None
        emb = catalog.model("embeddings")
        idx = emb.items

        def vecs(ids):
            ids = [i for i in ids if i in idx]
            return emb.vectors[idx.encode(ids)] if ids else np.zeros((0, emb.vectors.shape[1]))

        m[f"sim@{k}"] = float(np.mean([cm.sim_at_k(vecs(l), vecs(t)) for l, t in zip(lists, truths)])) if recs else 0.0
    return m

