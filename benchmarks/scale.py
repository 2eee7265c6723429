"""How convrec grows with the catalog: prepare time and peak memory, a grounded turn's latency,
text search and similar-items latency.

    python benchmarks/scale.py prepare steam                      # `convrec data prepare` timed, peak RSS
    python benchmarks/scale.py prepare synth1m --items /tmp/synth1m/items.csv --interactions /tmp/synth1m/interactions.csv --kcore 1
    python benchmarks/scale.py turns steam --n 40                 # grounded turns in one process (tools only)
    python benchmarks/scale.py search steam --n 200               # text search / similar items

Requests for ``turns`` are made from the catalog itself (its frequent list values, its popular
titles, its domain noun), so the same script measures a real catalog and a synthetic one
(benchmarks/synth_catalog.py). Each prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

for _v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_v, "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))] if xs else None


def cmd_prepare(a) -> dict:
    cmd = ["/usr/bin/time", "-v", sys.executable, "-m", "convrec.cli", "data", "prepare", a.dataset, "--json", "--no-llm"]
    if a.items:
        cmd += ["--items", a.items, "--id-col", "item_id", "--title-col", "title"]
        if a.interactions:
            cmd += ["--interactions", a.interactions]
    if a.force:
        cmd.append("--force")
    if a.kcore is not None:
        cmd += ["--kcore", str(a.kcore)]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr)
    if r.returncode != 0:
        sys.stderr.write(r.stderr[-3000:])
        sys.exit(f"prepare failed ({r.returncode})")
    out = json.loads(r.stdout.strip().splitlines()[-1])
    out.update(wall_s=round(wall, 1), peak_rss_gb=round(int(m.group(1)) / 1024 ** 2, 2) if m else None)
    print(f"{'stage':40s} {'seconds':>8s}", file=sys.stderr)
    for s in out["stages"]:
        print(f"{s['stage']:40s} {s['seconds']:8.1f}", file=sys.stderr)
    print(f"{'total (wall)':40s} {wall:8.1f}   peak RSS {out['peak_rss_gb']} GB", file=sys.stderr)
    return out


def catalog_requests(ds, n: int, seed: int = 0) -> list[str]:
    """Grounded requests made from the catalog: frequent list values, popular titles."""
    rng = np.random.default_rng(seed)
    noun = ds.domain if ds.domain != "item" else "item"
    with ds.connect() as con:
        lists = [c["name"] for c in ds.columns if c["type"] == "list"]
        values = []
        for col in lists[:3]:
            from convrec.catalog.store import junction_table

            rows = con.execute(f'SELECT value, COUNT(*) c FROM "{junction_table(col)}" GROUP BY value ORDER BY c DESC LIMIT 40').fetchall()
            values += [r[0] for r in rows if r[0] and len(r[0]) < 30]
        titles = [r[0] for r in con.execute("SELECT title FROM items ORDER BY popularity DESC LIMIT 300").fetchall()
                  if r[0] and len(r[0]) < 40]
    out = []
    for i in range(n):
        v1, v2 = (rng.choice(values, 2, replace=False) if len(values) >= 2 else ("good", "new"))
        t1, t2 = rng.choice(titles, 2, replace=False)
        out.append([f"{v1} {noun}s please", f"something like {t1}", f"I loved {t1} and {t2}, what else?",
                    f"{v1} {noun}s with {v2}", f"a {v1} {noun} but nothing {v2}"][i % 5])
    return out


def cmd_turns(a) -> dict:
    import tempfile

    from convrec.api import Agent
    from convrec.config import load_config
    from convrec.eval.build import apply_ablations

    cfg = load_config()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        agent = Agent.from_config(cfg, a.dataset, sessions_db=Path(tmp) / "s.db", with_llm=False)
        apply_ablations(agent.strategy, agent.catalog, ["llm"])
        load_s = time.perf_counter() - t0
        reqs = catalog_requests(agent.catalog.ds, a.n + 5, a.seed)
        for m in reqs[:5]:  # warm-up: first-use caches (one request of each kind)
            agent.chat(m, agent.new_session())
        lat, shown = [], []
        for m in reqs[5:]:
            s = agent.new_session()
            t = time.perf_counter()
            turn = agent.chat(m, s)
            lat.append((time.perf_counter() - t) * 1000)
            shown.append(len(turn.items))
    out = {"dataset": a.dataset, "items": agent.catalog.ds.n_items, "turns": len(lat), "load_s": round(load_s, 1),
           "p50_ms": round(pct(lat, 0.5), 1), "p95_ms": round(pct(lat, 0.95), 1),
           "mean_items": round(statistics.mean(shown), 1)}
    print(f"{a.dataset}: {out['items']:,} items, agent loaded in {out['load_s']} s; turn p50 {out['p50_ms']} ms, "
          f"p95 {out['p95_ms']} ms, {out['mean_items']} items shown on average", file=sys.stderr)
    return out


def cmd_search(a) -> dict:
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config
    from convrec.models.registry import load_artifact

    cfg = load_config()
    ds = open_dataset(cfg, a.dataset)
    emb = load_artifact(ds, "embeddings", config=cfg)
    rng = np.random.default_rng(a.seed)
    queries = [q for q in catalog_requests(ds, a.n, a.seed)]
    ids = emb.items.decode(rng.integers(0, len(emb.items), size=a.n))
    emb.search(queries[0], k=10)
    t_search, t_similar = [], []
    for q, i in zip(queries, ids):
        t = time.perf_counter()
        emb.search(q, k=10)
        t_search.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        emb.similar_items([i], k=10)
        t_similar.append((time.perf_counter() - t) * 1000)
    out = {"dataset": a.dataset, "items": len(emb.items), "encoder": emb.encoder_kind, "approximate": emb.approximate,
           "search_p50_ms": round(pct(t_search, 0.5), 2), "search_p95_ms": round(pct(t_search, 0.95), 2),
           "similar_p50_ms": round(pct(t_similar, 0.5), 2), "similar_p95_ms": round(pct(t_similar, 0.95), 2)}
    print(f"{a.dataset}: {out['items']:,} items ({out['encoder']}, {'IVF' if out['approximate'] else 'exact'}): "
          f"search p50 {out['search_p50_ms']} ms p95 {out['search_p95_ms']} ms; similar p50 {out['similar_p50_ms']} ms "
          f"p95 {out['similar_p95_ms']} ms", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["prepare", "turns", "search"])
    ap.add_argument("dataset")
    ap.add_argument("--items", help="prepare: a custom catalog's items file")
    ap.add_argument("--interactions", help="prepare: its interactions file")
    ap.add_argument("--force", action="store_true", help="prepare: again even when prepared")
    ap.add_argument("--kcore", type=int, default=None, help="prepare: k-core filter (synthetic long tails collapse "
                    "under the default 5: use 1 to keep every interaction)")
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    out = {"prepare": cmd_prepare, "turns": cmd_turns, "search": cmd_search}[a.what](a)
    print(json.dumps({"what": a.what, **out}))


if __name__ == "__main__":
    main()
