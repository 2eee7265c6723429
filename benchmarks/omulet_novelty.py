"""OMuleT's list without its LLM (fixed policy + rank step), for a grid of popularity penalties
(``[omulet] novelty``) and candidate orders (``[omulet] order``: global | pools): Hit@10 against
MaxFreq@10 / Pop50@10 / Entropy@10. ``--llm`` runs the whole strategy with the configured LLM
(slow: ≈ 15 s a request with the embedded model).

Runs on a *tuning* request set built from other users than the shipped evaluation set
(``src/convrec/eval/data/<dataset>-requests.jsonl`` is never read here except to exclude its
users), so the chosen penalty is not fitted on the numbers it is reported with.

    python benchmarks/omulet_novelty.py --dataset movielens-small --n 100
    python benchmarks/omulet_novelty.py --grid 0.5:global,0.5:pools,1:pools
    python benchmarks/omulet_novelty.py --grid 0.5:global:40,0.5:pools:25 --llm --n 40
"""

from __future__ import annotations

import argparse
import json

import numpy as np


class _Memo:
    """The LLM with its answers remembered per (messages, schema): variants that differ only
    after the LLM's calls (the fusion) reuse them instead of decoding again."""

    def __init__(self, llm):
        self.llm, self.memo = llm, {}

    def __getattr__(self, name):
        return getattr(self.llm, name)

    def generate_json(self, messages, schema, **kw):
        key = (json.dumps(messages, sort_keys=True), json.dumps(schema.model_json_schema(), sort_keys=True))
        if key not in self.memo:
            self.memo[key] = self.llm.generate_json(messages, schema, **kw)
        return self.memo[key]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--grid", default="0,0.25,0.5,0.75,1,1.5",
                    help="comma-separated novelty[:order[:n_candidates[:fuse]]] variants; 'base' = baseline-llm-only (with --llm)")
    ap.add_argument("--llm", action="store_true", help="with the configured LLM (intent + enumeration)")
    a = ap.parse_args()

    from rich.console import Console
    from rich.table import Table
    from tqdm import tqdm

    from convrec.strategies.omulet.strategy import Omulet
    from convrec.catalog.store import prepare
    from convrec.config import load_config
    from convrec.eval import conv_metrics as cm
    from convrec.eval.harness import default_requests_file
    from convrec.eval.requests_set import build_request_set
    from convrec.core.catalog import CatalogAccess

    cfg = load_config()
    ds = prepare(cfg, a.dataset)
    cat = CatalogAccess(ds, cfg)
    shipped = default_requests_file(a.dataset)
    taken = {json.loads(l)["id"] for l in shipped.read_text().splitlines() if l.strip()} if shipped.is_file() else set()
    rows = [r for r in build_request_set(ds, n=a.n + len(taken), seed=a.seed) if r["id"] not in taken][: a.n]
    top50 = set(ds.items.sort_values("popularity", ascending=False)["item_id"].astype(str).head(50))
    t = Table(title=f"OMuleT {'with' if a.llm else 'without'} its LLM, {a.dataset}, {len(rows)} tuning requests (seed {a.seed})")
    llm = None
    if a.llm:
        from convrec.llm.factory import make_llm

        llm = _Memo(make_llm(cfg))
    for c in ("variant", "hit@10", "precision@10", "maxfreq@10", "entropy@10", "pop50@10", "rpop50@10"):
        t.add_column(c, justify="right")
    for spec in a.grid.split(","):
        parts = spec.split(":")
        beta = float(parts[0]) if spec != "base" else 0.0
        order = parts[1] if len(parts) > 1 else "global"
        n_cand = int(parts[2]) if len(parts) > 2 and parts[2] else cfg.omulet.n_candidates
        fuse = parts[3] if len(parts) > 3 else "llm"
        if spec == "base":  # the base LLM alone (baseline-llm-only), for reference
            from convrec.strategies import StrategyDeps, build_strategy

            o = build_strategy("baseline-llm-only", StrategyDeps.from_config(cat.config, cat, "baseline-llm-only", llm, k=10, seed=0))
        else:
            o = Omulet(cat, llm, k=10, novelty=beta, order=order, n_candidates=n_cand, fuse=fuse)
        lists = [[it["id"] for it in o.turn(r["request"]).items] for r in tqdm(rows, desc=spec, leave=False)]
        truths = [r["truth"] for r in rows]
        rp = [x for x in (cm.rpop50(l, tr, top50, 10) for l, tr in zip(lists, truths)) if x is not None]
        row = (f"{np.mean([cm.hit_list_at_k(l, tr, 10) for l, tr in zip(lists, truths)]):.3f}",
               f"{np.mean([cm.precision_at_k(l, tr, 10) for l, tr in zip(lists, truths)]):.3f}",
               f"{cm.max_freq_at_k(lists, 10):.3f}", f"{cm.entropy_at_k(lists, 10):.2f}",
               f"{np.mean([cm.pop50(l, top50, 10) for l in lists]):.3f}", f"{np.mean(rp):.2f}" if rp else "–")
        t.add_row(spec, *row)
        print(spec, *row, flush=True)
    Console().print(t)


if __name__ == "__main__":
    main()
