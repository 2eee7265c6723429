"""How much the preference ranker's shortlist changes what a person sees: for requests made of
popular and random items (with and without words), the top 10 scored on the shortlist against
the top 10 scoring every item of the catalog, and the time of each.

    python benchmarks/shortlist_agreement.py synth1m --n 40
    python benchmarks/shortlist_agreement.py synth1m --n 40 --disliked --within 0.04   # a disliked item in every
                                                                  # other request; candidates a 4 % subset (a condition)
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
    ap.add_argument("--disliked", action="store_true", help="every other request also names a disliked item")
    ap.add_argument("--within", type=float, default=None,
                    help="rank within a random share of the catalog (as a condition leaves), e.g. 0.04")
    a = ap.parse_args()

    from convrec.catalog import open_dataset
    from convrec.config import load_config
    from convrec.models.base import Context
    from convrec.core.catalog import CatalogAccess

    cfg = load_config()
    r = CatalogAccess(open_dataset(cfg, a.dataset), cfg).ranker()  # opened as prepared, never re-prepared
    if a.each:
        r.shortlist_each = a.each
    rng = np.random.default_rng(a.seed)
    n = len(r.items)
    top = np.argsort(-r._prior_score(False, True))[:5000]
    words = ["", "a relaxing game with a great story", "", "fast competitive multiplayer"]
    overlap, t_full, t_short, sizes = [], [], [], []
    for q in range(a.n):
        src = top if q % 2 == 0 else np.arange(n)  # popular items, then any items
        picked = rng.choice(src, int(rng.integers(1, 5)) + 1, replace=False)
        liked = list(r.items.decode(picked[:-1]))
        disliked = list(r.items.decode(picked[-1:])) if a.disliked and q % 2 == 1 else []
        ctx = Context(liked, disliked, ordered=False, text=words[q % 4])
        cand = None
        if a.within:
            cand = list(r.items.decode(np.sort(rng.choice(n, int(a.within * n), replace=False))))
        r.shortlist_above, r.seq_index = 10**12, False  # the reference: every item, SASRec's whole row
        t = time.perf_counter()
        full, _ = r.rank(ctx, cand, k=10)
        t_full.append((time.perf_counter() - t) * 1000)
        r.shortlist_above, r.seq_index = 0, True
        t = time.perf_counter()
        ids, _ = r.score(ctx, cand)
        t_short.append((time.perf_counter() - t) * 1000)
        sizes.append(len(ids))
        short = [i for i in ids[:10 + len(liked) + len(disliked)] if i not in liked and i not in disliked][:10]
        overlap.append(len(set(full) & set(short)) / 10)
    out = {"dataset": a.dataset, "items": n, "requests": a.n, "each": r.shortlist_each, "disliked": a.disliked,
           "within": a.within, "top10_overlap": round(statistics.mean(overlap), 3),
           "same_top10_share": round(float(np.mean(np.array(overlap) == 1.0)), 3), "min_overlap": min(overlap),
           "shortlist_median": int(statistics.median(sizes)), "full_ms_p50": round(statistics.median(t_full), 1),
           "shortlist_ms_p50": round(statistics.median(t_short), 1)}
    print(f"{a.dataset}: {n:,} items, {a.n} requests: top-10 overlap {out['top10_overlap']} (identical in "
          f"{out['same_top10_share']:.0%}, lowest {out['min_overlap']}); shortlist {out['shortlist_median']:,} items; "
          f"p50 {out['full_ms_p50']} ms scoring every item vs {out['shortlist_ms_p50']} ms", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
