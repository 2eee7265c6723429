"""Markdown table of ``convrec eval dialogues`` runs, recomputed from their saved conversations.

    python benchmarks/dialogue_table.py RUN_DIR [RUN_DIR ...]

One row per run (label: the run directory's name), then the reference system's recall on the
same cases (GPT-4 on redial-dev). Columns: Recall@1/5/10/20 ± 95 % half-width, R@10 with the
mentioned movies removed, the paired difference to the reference at 10 with its bootstrap
interval, cases, LLM calls and median seconds per turn. Then, for every run after the first,
the paired difference in R@10 −mentioned to the first run (same cases; bootstrap 95 % interval).
"""

from __future__ import annotations

import sys
from pathlib import Path

from convrec.eval.summary import load_run, summarize


def _per_case(recs) -> dict[str, float]:
    """R@10 with the mentioned movies removed, per case."""
    out = {}
    for r in recs:
        seen = set(r.get("mentioned", []))
        truth = [t for t in r["truth"] if t not in seen]
        items = [i for i in r["turns"][-1]["items"] if i not in seen][:10]
        if truth:
            out[r["case"]] = sum(t in items for t in truth) / len(truth)
    return out


def paired(base: dict[str, float], other: dict[str, float], n_boot: int = 5000) -> tuple[float, float, float]:
    import numpy as np

    keys = sorted(set(base) & set(other))
    d = np.array([other[k] - base[k] for k in keys])
    rng = np.random.default_rng(0)
    boots = d[rng.integers(0, len(d), size=(n_boot, len(d)))].mean(axis=1)
    return float(d.mean()), float(np.quantile(boots, 0.025)), float(np.quantile(boots, 0.975))


def main(dirs: list[str]) -> None:
    rows, ref, cases = [], None, []
    for d in map(Path, dirs):
        spec, recs = load_run(d)
        cases.append((d.name, _per_case(recs)))
        s = summarize(spec, recs)
        m = s["metrics"]
        cell = lambda k: f"{m[k]:.3f} ± {m[k + '_ci']:.3f}" if k in m else "–"  # noqa: E731
        lo, hi = m.get("diff_vs_ref@10_ci95", [float("nan")] * 2)
        rows.append(f"| {d.name} | {s['n']} | {cell('recall@1')} | {cell('recall@5')} | {cell('recall@10')} | "
                    f"{cell('recall@20')} | {cell('recall@10-mentioned')} | {m.get('diff_vs_ref@10', float('nan')):+.3f} "
                    f"[{lo:+.3f}, {hi:+.3f}] | {s['llm_calls_per_turn']:.2f} | {s['turn_latency_p50_s']:.2f} |")
        if ref is None and "ref_recall@10" in m:
            rc = lambda k: f"{m['ref_' + k]:.3f} ± {m['ref_' + k + '_ci']:.3f}"  # noqa: E731
            ref = (f"| GPT-4 zero-shot (flags in the file, same cases) | {s['n']} | {rc('recall@1')} | {rc('recall@5')} | "
                   f"{rc('recall@10')} | {rc('recall@20')} | {rc('recall@10-mentioned')} | – | – | – |")
    print("| run | n | R@1 | R@5 | R@10 | R@20 | R@10 −mentioned | Δ R@10 vs GPT-4 [95 % CI] | LLM calls | s / turn |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    if ref:
        print(ref)
    if len(cases) > 1:
        print(f"\nPaired difference in R@10 −mentioned to {cases[0][0]} (bootstrap 95 % interval):\n")
        for name, per in cases[1:]:
            m, lo, hi = paired(cases[0][1], per)
            print(f"- {name}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}]")


if __name__ == "__main__":
    main(sys.argv[1:])
