"""ToolRec's retrieval tools alone, on held-out users: the frozen SASRec and each attribute head,
fed the user's history (the full one, or only the last ``--last`` items as the topn protocol
states them), full ranking with the history masked: Recall@10 / NDCG@10.

    python benchmarks/toolrec_tools.py --dataset movielens-small --n 600
"""

from __future__ import annotations

import argparse

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--n", type=int, default=600)
    ap.add_argument("--last", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()

    from rich.console import Console
    from rich.table import Table

    from convrec.catalog.store import prepare
    from convrec.config import load_config
    from convrec.eval.models_eval import heldout_users
    from convrec.core.catalog import CatalogAccess

    cfg = load_config()
    ds = prepare(cfg, a.dataset)
    cat = CatalogAccess(ds, cfg)
    td, hist, targets, _ = heldout_users(ds, a.n, a.seed)
    sas, attr = cat.model("sasrec"), cat.model("attr-sasrec")
    t = Table(title=f"ToolRec's tools, {a.dataset}, {len(hist)} held-out users, full ranking (history masked)")
    for c in ("tool", "history", "attribute weight", "recall@10", "ndcg@10"):
        t.add_column(c, justify="right")

    def row(name, scorer, histories, label, weight=""):
        rec, ndcg = [], []
        for s0, (h, y) in enumerate(zip(histories, targets)):
            s = scorer(h).astype(float)
            s[h] = -np.inf
            rank = int((s > s[y]).sum())
            rec.append(rank < 10)
            ndcg.append(1 / np.log2(rank + 2) if rank < 10 else 0.0)
        t.add_row(name, label, weight, f"{np.mean(rec):.4f}", f"{np.mean(ndcg):.4f}")

    for label, hs in (("full", hist), (f"last {a.last}", [h[-a.last:] for h in hist])):
        row("SASRec (none)", lambda h: sas.score_batch([h])[0], hs, label)
        for name in attr.attributes:
            w = attr.weights.get(name, attr.cfg["attr_weight"])
            row(f"head: {name}", lambda h, n=name: attr.score_batch([h], attribute=n)[0], hs, label, f"{w:g}")
    Console().print(t)


if __name__ == "__main__":
    main()
