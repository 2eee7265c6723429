"""Markdown table of ``convrec eval dialogues`` runs, recomputed from their saved conversations.

    python benchmarks/dialogue_table.py RUN_DIR [RUN_DIR ...]

One row per run (label: the run directory's name), then the reference system's recall on the
same cases (GPT-4 on redial-dev). Columns: Recall@1/5/10/20 ± 95 % half-width, R@10 with the
mentioned movies removed, the paired difference to the reference at 10 with its bootstrap
interval, cases, LLM calls and median seconds per turn.
"""

from __future__ import annotations

import sys
from pathlib import Path

from convrec.eval.summary import load_run, summarize


def main(dirs: list[str]) -> None:
    rows, ref = [], None
    for d in map(Path, dirs):
        spec, recs = load_run(d)
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


if __name__ == "__main__":
    main(sys.argv[1:])
