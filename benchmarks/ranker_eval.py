"""Offline check of the preference ranker against the views it combines, without the agent.

Two protocols, both over stated items (order-free), printed as one table per dataset:

users      held-out test users of a prepared dataset; the last ``--seeds`` items of their
           history are the stated likes, the test item is the target. Full ranking over the
           catalog (history masked): Recall@10 / NDCG@10; and the target among 19 random unseen
           items (the one-turn ranking protocol): NDCG@20.
dialogues  redial-dev cases read by ``understand`` (the conversation as context): liked items
           are the seeds, every mentioned item is excluded; Recall@10 (-mentioned) per model.
           ``--fold tune`` / ``holdout`` as in ``convrec eval dialogues``.

    python benchmarks/ranker_eval.py users --dataset movielens-small --n 600
    python benchmarks/ranker_eval.py dialogues --fold tune
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np


def _ndcg(rank: np.ndarray, k: int) -> np.ndarray:
    return np.where(rank < k, 1.0 / np.log2(rank + 2.0), 0.0)


def _scorers(cat, names):
    from convrec.models.base import Context

    out = {}
    for name in names:
        if name == "pref-ranker":
            model = cat.ranker()
        else:
            model = cat.model(name)
        out[name] = (lambda m: (lambda liked, dis, cand, text="", conv=False: m.score(Context(liked, dis, ordered=False, text=text, conversational=conv), cand)))(model)
    return out


def users(args, cfg) -> dict:
    from convrec.catalog.store import open_dataset
    from convrec.eval.models_eval import heldout_users
    from convrec.core.catalog import CatalogAccess

    ds = open_dataset(cfg, args.dataset)
    cat = CatalogAccess(ds, cfg)
    td, hist, targets, _ = heldout_users(ds, args.n, args.seed)
    ids = td.items.ids
    names = args.models.split(",")
    scorers = _scorers(cat, names)
    rng = np.random.default_rng(args.seed)
    res = {n: {"full": [], "ranking": []} for n in names}
    all_ids = ids.tolist()
    for h, t in zip(hist, targets):
        liked = [ids[i] for i in h[-args.seeds:]]
        target = ids[t]
        seen = set(ids[h].tolist())
        negs = []
        while len(negs) < 19:
            x = all_ids[int(rng.integers(0, len(all_ids)))]
            if x not in seen and x != target and x not in negs:
                negs.append(x)
        for n, f in scorers.items():
            rid, s = f(liked, [], None)
            s = np.asarray(s, dtype=float)
            order = [i for i, v in zip(rid, s) if np.isfinite(v) and i not in seen]
            r = order.index(target) if target in order else len(order)
            res[n]["full"].append(r)
            cid, cs = f(liked, [], negs + [target])
            cs = np.asarray(cs, dtype=float)
            tv = cs[list(cid).index(target)]
            res[n]["ranking"].append((cs > tv).sum() + ((cs == tv).sum() - 1) / 2.0)
    out = {}
    for n in names:
        full, rk = np.asarray(res[n]["full"], float), np.asarray(res[n]["ranking"], float)
        out[n] = {"recall@10": float(np.mean(full < 10)), "ndcg@10": float(np.mean(_ndcg(full, 10))),
                  "ranking_ndcg@20": float(np.mean(_ndcg(rk, 20))),
                  "ranking_ndcg@20_ci": float(1.96 * _ndcg(rk, 20).std(ddof=1) / np.sqrt(len(rk)))}
    return {"protocol": "users", "dataset": args.dataset, "n": len(hist), "seeds": args.seeds, "models": out}


def dialogues(args, cfg) -> dict:
    from convrec.catalog.store import open_dataset
    from convrec.eval.harness import default_dialogues_file, dialogue_cases
    from convrec.nlu import understand
    from convrec.core.catalog import CatalogAccess

    ds = open_dataset(cfg, "movielens-small")
    cat = CatalogAccess(ds, cfg)
    cases = dialogue_cases(default_dialogues_file(cfg), 10_000, args.fold, set(ds.items["item_id"].astype(str)))
    names = args.models.split(",")
    scorers = _scorers(cat, names)
    res = {n: [] for n in names}
    n_seeds = []
    for c in cases:
        intent = understand(c.request, cat.vocab, history=c.context)
        liked = [i for i in intent.liked if i in cat.items.index]
        dis = [i for i in intent.disliked if i in cat.items.index]
        mentioned = set(c.meta["mentioned"]) | set(intent.excluded)
        truth = [t for t in c.truth if t not in set(c.meta["mentioned"])]
        n_seeds.append(len(liked))
        for n, f in scorers.items():
            words = " ".join(m["content"] for m in list(c.context) + [{"role": "user", "content": c.request}]
                             if m["role"] == "user")
            rid, s = f(liked, dis, None, words, bool(c.context))
            top = [i for i, v in zip(rid, s) if np.isfinite(v) and i not in mentioned][:10]
            res[n].append(sum(t in top for t in truth) / len(truth) if truth else np.nan)
    out = {n: {"recall@10-mentioned": float(np.nanmean(v)),
               "ci": float(1.96 * np.nanstd(v, ddof=1) / np.sqrt(np.sum(~np.isnan(v))))} for n, v in
           ((n, np.asarray(v, float)) for n, v in res.items())}
    return {"protocol": "dialogues", "fold": args.fold, "n": len(cases),
            "cases_with_liked": float(np.mean([x > 0 for x in n_seeds])), "models": out}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("protocol", choices=["users", "dialogues"])
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--n", type=int, default=600)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fold", default="tune")
    ap.add_argument("--models", default="popularity,itemcf,sasrec-set,embeddings,pref-ranker")
    args = ap.parse_args()
    from convrec.config import load_config

    cfg = load_config()
    t = time.perf_counter()
    out = users(args, cfg) if args.protocol == "users" else dialogues(args, cfg)
    out["seconds"] = round(time.perf_counter() - t, 1)
    for n, m in out["models"].items():
        print(f"{n:14s} " + "  ".join(f"{k} {v:.4f}" for k, v in m.items()), file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
