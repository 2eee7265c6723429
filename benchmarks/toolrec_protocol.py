"""ToolRec's protocol (issue #20), resumable across sittings and machines.

Each (dataset, strategy, LLM, user sample) is one `convrec eval topn --sample K` run; its numbers
(and each user's rank of the held-out item, no histories: ML-1M is not redistributed) are
appended to a committed JSONL, so a later session on a fresh machine runs only what is missing.
`table` prints the side-by-side table: Recall@10 / NDCG@10 as mean ± std over the samples done.

    python benchmarks/toolrec_protocol.py run --dataset movielens-1m --sample 1 \\
        --strategies toolrec-sasrec,toolrec-attr,baseline-llm-rank,toolrec
    python benchmarks/toolrec_protocol.py run --dataset movielens-1m --sample 1 --strategies toolrec \\
        --model qwen2.5-coder-1.5b
    python benchmarks/toolrec_protocol.py table            # markdown, for docs/results/toolrec.md
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results" / "toolrec" / "protocol.jsonl"
ORDER = ["toolrec-sasrec", "toolrec-attr", "baseline-popularity", "baseline-chat-rec", "baseline-llm-rank",
         "toolrec-single", "toolrec-multi", "toolrec-plan", "toolrec"]
NO_LLM = {"toolrec-sasrec", "toolrec-attr", "baseline-popularity", "baseline-random"}


def load(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]


def key(row: dict) -> tuple:
    return row["dataset"], row["strategy"], row.get("model") or "", row["n"], row["sample"]


def rank_of(items: list[str], target: str) -> int | None:
    return items.index(target) if target in items[:10] else None


def run_one(dataset: str, strategy: str, sample: int, n: int, model: str | None, seed: int) -> dict:
    cmd = [sys.executable, "-m", "convrec", "eval", "topn", "-d", dataset, "-s", strategy, "--n", str(n),
           "--seed", str(seed), "--sample", str(sample), "--json"]
    if model and strategy not in NO_LLM:
        cmd += ["--model", model]
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise SystemExit(f"failed ({p.returncode}): {' '.join(cmd)}")
    s = json.loads(p.stdout.strip().splitlines()[-1])
    run_dir = Path(s["run_dir"])
    recs = {}
    for line in (run_dir / "conversations.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            continue
        if r.get("run", 0) == sample - 1:
            recs[r["case"]] = r
    turns = [r["turns"][0] for r in recs.values()]
    ranks = {c.split(":")[-1]: rank_of(r["turns"][0]["items"], r["target"]) for c, r in recs.items()}
    rounds = [sum(1 for x in t.get("trace") or [] if x.get("step") == "round" and x.get("action")) for t in turns]
    ps = s["metrics"]["per_sample"][0]
    return {"dataset": dataset, "strategy": strategy, "llm": s.get("llm") or "",
            "model": (model or "") if strategy not in NO_LLM else "", "n": n, "seed": seed,
            "sample": sample, "users": ps["users"], "recall@10": ps["recall@10"], "ndcg@10": ps["ndcg@10"],
            "llm_calls_per_user": float(np.mean([t["llm_calls"] for t in turns])),
            "rounds_per_user": float(np.mean(rounds)),
            "p50_s": float(np.median([t["latency_ms"] / 1000 for t in turns])),
            "total_min": round(sum(t["latency_ms"] for t in turns) / 60000, 1),
            "wall_min": round((time.time() - t0) / 60, 1), "date": dt.date.today().isoformat(),
            "threads": os.environ.get("OMP_NUM_THREADS", ""), "ranks": ranks}


def cmd_run(a) -> None:
    rows = load(a.results)
    done = {key(r) for r in rows}
    strategies = [s.strip() for s in a.strategies.split(",") if s.strip()]
    for sample in a.sample:
        for strategy in strategies:
            model = (a.model or "") if strategy not in NO_LLM else ""
            if (a.dataset, strategy, model, a.n, sample) in done:
                print(f"done already: {a.dataset} {strategy} {model} sample {sample}", file=sys.stderr)
                continue
            print(f"running: {a.dataset} {strategy} {model} sample {sample} (n={a.n})", file=sys.stderr, flush=True)
            row = run_one(a.dataset, strategy, sample, a.n, a.model, a.seed)
            a.results.parent.mkdir(parents=True, exist_ok=True)
            with open(a.results, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            done.add(key(row))
            print(f"  recall@10 {row['recall@10']:.3f}  ndcg@10 {row['ndcg@10']:.4f}  LLM calls/user "
                  f"{row['llm_calls_per_user']:.2f}  rounds/user {row['rounds_per_user']:.2f}  "
                  f"{row['total_min']:.1f} min", file=sys.stderr, flush=True)


def label(row: dict) -> str:
    llm = row["llm"]
    if not llm:
        return row["strategy"]
    return row["strategy"] + (" (1.5B)" if "1.5b" in llm.lower() else " (0.5B)" if "0.5b" in llm.lower() else f" ({llm})")


def cmd_table(a) -> None:
    rows = load(a.results)
    by: dict[tuple, list[dict]] = {}
    for r in rows:
        by.setdefault((r["dataset"], label(r), r["strategy"]), []).append(r)
    out = []
    for ds in sorted({r["dataset"] for r in rows}):
        out += [f"### {ds}", "",
                "| strategy | samples × users | Recall@10 | NDCG@10 | LLM calls / user | rounds / user | p50 s / user | time (min) |",
                "|---|---|---|---|---|---|---|---|"]
        keys = sorted((k for k in by if k[0] == ds), key=lambda k: (ORDER.index(k[2]) if k[2] in ORDER else 99, k[1]))
        for k in keys:
            rs = sorted(by[k], key=lambda r: r["sample"])
            rec = [r["recall@10"] for r in rs]
            nd = [r["ndcg@10"] for r in rs]
            ms = (lambda x: f"{np.mean(x):.3f} ± {np.std(x):.3f}" if len(x) > 1 else f"{x[0]:.3f}")
            users = "+".join(str(r["users"]) for r in rs)
            out.append(f"| {k[1]} | {len(rs)} × ({users}) | {ms(rec)} | {ms(nd)} | "
                       f"{np.mean([r['llm_calls_per_user'] for r in rs]):.2f} | "
                       f"{np.mean([r['rounds_per_user'] for r in rs]):.2f} | "
                       f"{np.median([r['p50_s'] for r in rs]):.1f} | {sum(r['total_min'] for r in rs):.0f} |")
        out.append("")
        # paired: the same users, toolrec against the SASRec tool
        base = {r["sample"]: r for k, v in by.items() if k[0] == ds and k[2] == "toolrec-sasrec" for r in v}
        for k in keys:
            if k[2] == "toolrec-sasrec":
                continue
            win = lose = 0
            for r in by[k]:
                b = base.get(r["sample"])
                if not b:
                    continue
                for u, rk in r["ranks"].items():
                    bk = b["ranks"].get(u)
                    win += rk is not None and bk is None
                    lose += rk is None and bk is not None
            if win or lose:
                out.append(f"- {k[1]} vs the SASRec tool, same users: {win} hits it alone has, {lose} it loses")
        out.append("")
    print("\n".join(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--dataset", required=True)
    r.add_argument("--strategies", default=",".join(ORDER))
    r.add_argument("--sample", type=int, nargs="+", default=[1], choices=[1, 2, 3])
    r.add_argument("--n", type=int, default=50)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--model", default=None)
    r.add_argument("--results", type=Path, default=RESULTS)
    t = sub.add_parser("table")
    t.add_argument("--results", type=Path, default=RESULTS)
    a = ap.parse_args()
    (cmd_run if a.cmd == "run" else cmd_table)(a)


if __name__ == "__main__":
    main()
