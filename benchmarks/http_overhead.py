"""What the HTTP service adds to a turn: the same turns with a scripted brain, in process
(``strategy.turn``) and through ``POST /v1/chat/completions`` on loopback (one client, one turn at
a time), on the same engine.

    python benchmarks/http_overhead.py                    # movielens-small, 60 turns each way
    python benchmarks/http_overhead.py --dataset steam --n 100

Prints p50/p90 of both and their ratio, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main() -> None:
    from serve_load import MESSAGES, ScriptedBrain, _request

    from convrec.config import load_config
    from convrec.core.sessions import SessionStore
    from convrec.server import Engine, create_app, serving

    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--n", type=int, default=60)
    a = ap.parse_args()
    cfg = load_config()
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(cfg, [a.dataset], llm=ScriptedBrain.make(0), store=SessionStore(Path(tmp) / "s.db"))
        engine.warm()
        agent = engine.agent(a.dataset, engine.default_strategy)
        for m in MESSAGES[:3]:  # warm-up
            agent.strategy.turn(m, f"warm-{m[:5]}")
        inproc, http = [], []
        for i in range(a.n):
            m = MESSAGES[i % len(MESSAGES)]
            t = time.perf_counter()
            agent.strategy.turn(m, f"in-{i}")
            inproc.append(time.perf_counter() - t)
        with serving(create_app(engine)) as base:
            for i in range(a.n):
                m = MESSAGES[i % len(MESSAGES)]
                t = time.perf_counter()
                code, _, _ = _request(base, "POST", "/v1/chat/completions",
                                      {"model": "convrec", "messages": [{"role": "user", "content": m}]},
                                      {"X-Convrec-Session": f"http-{i}"})
                http.append(time.perf_counter() - t)
                assert code == 200, code
        engine.close()
    out = {"dataset": a.dataset, "turns": a.n, "inprocess_p50_ms": round(pct(inproc, 0.5) * 1000, 1),
           "http_p50_ms": round(pct(http, 0.5) * 1000, 1), "inprocess_p90_ms": round(pct(inproc, 0.9) * 1000, 1),
           "http_p90_ms": round(pct(http, 0.9) * 1000, 1),
           "ratio_p50": round(pct(http, 0.5) / pct(inproc, 0.5), 2),
           "ratio_mean": round(statistics.mean(http) / statistics.mean(inproc), 2)}
    print(f"{a.dataset}: in process p50 {out['inprocess_p50_ms']} ms, through HTTP p50 {out['http_p50_ms']} ms "
          f"(x{out['ratio_p50']}; mean x{out['ratio_mean']})", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
