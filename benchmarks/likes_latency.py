"""Wall time of a grounded "I loved A, B and C — what else would I like?" request, each in a new
``convrec ask`` process (issue #37: p50 ≤ 2 s cold on 2 cores).

    python benchmarks/likes_latency.py                      # 20 requests, movielens-small
    python benchmarks/likes_latency.py --drop-caches        # also empty the OS page cache first (root)

The requests are the likes protocol's (``convrec eval likes``): three loved items of a real
user, stated by title in the ``listed``, ``like`` and ``fan`` phrasings, users chosen by the
protocol's hash. One untimed warm-up process runs first (the catalog prepared, the disk warm),
unless ``--drop-caches`` asks for every process to start from an empty page cache. Prints a
table and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def _drop_caches() -> bool:
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return True
    except OSError:
        return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--n", type=int, default=20, help="requests")
    ap.add_argument("--drop-caches", action="store_true", help="empty the page cache before each process (needs root)")
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()

    from convrec.catalog.process import user_likes
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config
    from convrec.eval.likes import _plural, held_out_users, make_cases, render
    from convrec.core.catalog import CatalogAccess

    cfg = load_config()
    ds = open_dataset(cfg, a.dataset)
    likes = user_likes(ds.interactions)
    cases = make_cases(likes, held_out_users(likes, a.n, 3), 3)
    cat = CatalogAccess(ds, cfg)
    plural = _plural(cat)
    phrasings = ("listed", "like", "fan")
    msgs = [render(phrasings[i % 3], [cat.distinct_title(s) for s in c.seeds], plural)[0] for i, c in enumerate(cases)]

    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1",
               TOKENIZERS_PARALLELISM="false")
    cmd = [sys.executable, "-m", "convrec", "ask", "-d", a.dataset, "--json"]
    if not a.drop_caches:
        subprocess.run(cmd + ["hello"], env=env, capture_output=True, timeout=a.timeout)
    walls, turns, calls, dropped = [], [], [], 0
    for i, m in enumerate(msgs, 1):
        if a.drop_caches:
            dropped += _drop_caches()
        t = time.perf_counter()
        p = subprocess.run(cmd + [m], env=env, capture_output=True, text=True, timeout=a.timeout)
        walls.append(time.perf_counter() - t)
        if p.returncode != 0:
            print(f"request {i} failed: {p.stderr.strip()[-300:]}", file=sys.stderr)
            continue
        out = json.loads(p.stdout.strip().splitlines()[-1])
        turns.append(float(out.get("latency_ms") or 0.0) / 1000)
        calls.append(int(out.get("llm_calls") or 0))
        print(f"[{i}/{len(msgs)}] {walls[-1]:.2f} s  {m[:70]}", file=sys.stderr)
    q = statistics.quantiles(walls, n=10) if len(walls) > 1 else walls * 9
    res = {"dataset": a.dataset, "requests": len(msgs), "ok": len(turns), "page_cache": "dropped" if a.drop_caches else "warm",
           "caches_dropped": dropped, "wall_p50_s": round(statistics.median(walls), 2), "wall_p90_s": round(q[8], 2),
           "wall_max_s": round(max(walls), 2), "turn_p50_s": round(statistics.median(turns), 2) if turns else None,
           "llm_calls_per_request": round(sum(calls) / max(1, len(calls)), 2)}
    print("| dataset | page cache | requests | wall p50 | wall p90 | wall max | turn p50 | LLM calls / request |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {a.dataset} | {res['page_cache']} | {len(msgs)} | {res['wall_p50_s']} s | {res['wall_p90_s']} s | "
          f"{res['wall_max_s']} s | {res['turn_p50_s']} s | {res['llm_calls_per_request']} |")
    print(json.dumps(res))


if __name__ == "__main__":
    main()
