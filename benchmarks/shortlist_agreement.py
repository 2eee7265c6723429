"""How much the preference ranker's shortlist changes what a person sees: for requests made of
popular and random items (with and without words), the top 10 scored on the shortlist against
the top 10 scoring every item of the catalog, and the time of each.

    python benchmarks/shortlist_agreement.py synth1m --n 40
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

for _v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dataset")
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--each", type=int, default=None, help="items each view adds (default: SHORTLIST_EACH)")
    a = ap.parse_args()

    import convrec.models.prefrank as pr
    from convrec.catalog import open_dataset
    from convrec.config import load_config
    from convrec.models.base import Context
    from convrec.tools.catalog import CatalogAccess

    if a.each:
        pr.SHORTLIST_EACH = a.each
    cfg = load_config()
    r = CatalogAccess(open_dataset(cfg, a.dataset), cfg).ranker()  # opened as prepared, never re-prepared
    rng = np.random.default_rng(a.seed)
    n = len(r.items)
    top = np.argsort(-r._prior_score(False, True))[:5000]
    words = ["", "a relaxing game with a great story", "", "fast competitive multiplayer"]
    overlap, t_full, t_short, sizes = [], [], [], []
    for q in range(a.n):
        src = top if q % 2 == 0 else np.arange(n)  # popular items, then any items
        liked = list(r.items.decode(rng.choice(src, int(rng.integers(1, 5)), replace=False)))
        ctx = Context(liked, [], ordered=False, text=words[q % 4])
        pr.SHORTLIST_ABOVE = 10**12
        t = time.perf_counter()
        full, _ = r.rank(ctx, None, k=10)
        t_full.append((time.perf_counter() - t) * 1000)
        pr.SHORTLIST_ABOVE = 0
        t = time.perf_counter()
        ids, _ = r.score(ctx)
        t_short.append((time.perf_counter() - t) * 1000)
        sizes.append(len(ids))
        short = [i for i in ids[:10 + len(liked)] if i not in liked][:10]
        overlap.append(len(set(full) & set(short)) / 10)
    out = {"dataset": a.dataset, "items": n, "requests": a.n, "each": pr.SHORTLIST_EACH, "top10_overlap": round(statistics.mean(overlap), 3),
           "same_top10_share": round(float(np.mean(np.array(overlap) == 1.0)), 3), "min_overlap": min(overlap),
           "shortlist_median": int(statistics.median(sizes)), "full_ms_p50": round(statistics.median(t_full), 1),
           "shortlist_ms_p50": round(statistics.median(t_short), 1)}
    print(f"{a.dataset}: {n:,} items, {a.n} requests: top-10 overlap {out['top10_overlap']} (identical in "
          f"{out['same_top10_share']:.0%}, lowest {out['min_overlap']}); shortlist {out['shortlist_median']:,} items; "
          f"p50 {out['full_ms_p50']} ms scoring every item vs {out['shortlist_ms_p50']} ms", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
