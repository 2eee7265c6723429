"""What the static text encoder (distilled from MiniLM) costs in quality, measured on the text
search the tools run, against exact MiniLM on the same item texts.

    python benchmarks/encoder_quality.py                       # movielens-small and steam
    python benchmarks/encoder_quality.py --datasets steam

Per dataset and encoder:
- soft requests (benchmarks/requests/soft-<dataset>.jsonl: moods, themes, occasions written by a
  helper from the raw data): text search for the request, top 10; the share of returned items
  carrying one of the expected values, and the share of requests at >= 60 % (the agent_eval pass
  rule);
- item recall: for 300 random items, a query made of the item's own list values (no title), the
  share whose item comes back in the top 10 over the whole catalog;
- speed: texts encoded per second over the whole catalog (for ``static``, the projected encoder
  ``[models] text_encoder = "static"`` builds, this includes MiniLM on its 2,000-text sample).
Encoders: ``minilm`` (every item through MiniLM), ``static-raw`` (the distilled static model
alone), ``static`` (static vectors projected into MiniLM's space, requests by MiniLM).
Also the overlap of the two encoders' top 10 lists. One JSON line at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

for _v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

HERE = Path(__file__).resolve().parent


def soft_cases(dataset: str) -> list[dict]:
    p = HERE / "requests" / f"soft-{dataset}.jsonl"
    return [json.loads(l) for l in p.read_text().splitlines() if l.strip()] if p.is_file() else []


def carries(row: dict, soft: dict) -> bool:
    for col, vals in soft.items():
        v = row.get(col)
        have = {str(x).lower() for x in v} if isinstance(v, list) else {str(v).lower()}
        if have & {str(x).lower() for x in vals}:
            return True
    return False


def saved_minilm(ds, n: int):
    """The MiniLM item vectors of the prepared embeddings model, when it was built with MiniLM."""
    from convrec.models.embeddings import ItemEmbeddings
    from convrec.models.registry import model_dir

    try:
        m = ItemEmbeddings.load(model_dir(ds, "embeddings"))
    except (OSError, ValueError, KeyError):
        return None
    return m.vectors if m.encoder_kind == "minilm" and len(m.vectors) == n else None


def main() -> None:
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config
    from convrec.models.embeddings import TextEncoder
    from convrec.models.registry import item_texts
    from convrec.models.static_text import load_or_distill

    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", nargs="*", default=["movielens-small", "steam"])
    ap.add_argument("--n-items", type=int, default=300)
    a = ap.parse_args()
    cfg = load_config()
    out = []
    for name in a.datasets:
        ds = open_dataset(cfg, name)
        texts = item_texts(ds)
        rows = ds.items.to_dict("records")
        lists = [c["name"] for c in ds.columns if c["type"] == "list"]
        rng = np.random.default_rng(0)
        probe = [i for i in rng.permutation(len(rows)) if any(rows[i].get(c) for c in lists)][: a.n_items]
        probe_q = [". ".join(f"{c}: {', '.join(map(str, rows[i][c][:6]))}" for c in lists if rows[i].get(c)) for i in probe]
        cases = soft_cases(name)
        tops = {}
        for kind in ("minilm", "static-raw", "static"):
            t = time.perf_counter()
            if kind == "minilm":
                enc = TextEncoder(threads=2)
                V = saved_minilm(ds, len(texts))
                cached = V is not None  # the prepared MiniLM vectors: not timed here
                V = enc.encode(texts) if V is None else V
            elif kind == "static-raw":
                enc, cached = load_or_distill(cfg.home), False
                V = enc.encode(texts)
            else:  # what [models] text_encoder = "static" builds: static vectors projected into MiniLM's space
                from convrec.models.static_text import ProjectedStatic

                enc, V = ProjectedStatic.fit(load_or_distill(cfg.home), TextEncoder(threads=2), texts)
                cached = False
            enc_s = time.perf_counter() - t
            shares, passed, top_soft = [], 0, []
            for c in cases:
                q = enc.encode([c["turns"][-1]])[0]
                top = np.argsort(-(V @ q))[:10]
                top_soft.append(top)
                share = np.mean([carries(rows[i], c["expect"]["soft_any"]) for i in top])
                shares.append(share)
                passed += share >= 0.6
            Q = enc.encode(probe_q)
            hits = sum(int(i in np.argsort(-(V @ q))[:10]) for i, q in zip(probe, Q))
            tops[kind] = top_soft
            r = {"dataset": name, "encoder": kind, "items": len(texts), "dim": int(V.shape[1]),
                 "soft_cases": len(cases), "soft_precision@10": round(float(np.mean(shares)), 3) if shares else None,
                 "soft_pass": round(passed / len(cases), 3) if cases else None,
                 "item_recall@10": round(hits / len(probe), 3),
                 "texts_per_s": None if cached else round(len(texts) / enc_s)}
            out.append(r)
            print(json.dumps(r), file=sys.stderr)
        if cases:
            ov = np.mean([len(set(x) & set(y)) / 10 for x, y in zip(tops["minilm"], tops["static"])])  # projected
            out.append({"dataset": name, "soft_top10_overlap": round(float(ov), 3)})
    print(f"{'dataset':16s} {'encoder':10s} {'soft prec@10':>12s} {'soft pass':>9s} {'item R@10':>9s} {'texts/s':>8s}", file=sys.stderr)
    for r in out:
        if "encoder" in r:
            print(f"{r['dataset']:16s} {r['encoder']:10s} {r['soft_precision@10'] or 0:12.3f} {r['soft_pass'] or 0:9.3f} "
                  f"{r['item_recall@10']:9.3f} {r['texts_per_s'] or '-':>8}", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
