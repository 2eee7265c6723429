"""ToolRec's protocol (issue #20), resumable across sittings and machines.

Each (dataset, strategy, LLM, user sample) is one `convrec eval topn --sample K` run; its numbers
(and each user's rank of the held-out item, no histories: ML-1M is not redistributed) are
appended to a committed JSONL, so a later session on a fresh machine runs only what is missing.
`table` prints the side-by-side table: Recall@10 / NDCG@10 as mean ± std over the samples done.

    python benchmarks/toolrec_protocol.py run --dataset movielens-1m --sample 1 \\
        --strategies toolrec-sasrec,toolrec-attr,baseline-llm-rank,toolrec
    python benchmarks/toolrec_protocol.py run --dataset movielens-1m --sample 1 --strategies toolrec \\
        --model qwen2.5-coder-1.5b
    python benchmarks/toolrec_protocol.py table --write docs/results/toolrec.md   # the tables there
    python benchmarks/toolrec_protocol.py explain ~/.cache/convrec/eval/topn/toolrec-movielens-1m-n50-s0-...
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
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
    t0, commit = time.time(), _commit()
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
            "threads": os.environ.get("CONVREC_THREADS", ""), "commit": commit, "ranks": ranks}


def _commit() -> str:
    """The code the numbers came from (``+`` when the checkout had uncommitted changes)."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
                               text=True).stdout.strip()
        return rev + ("+" if dirty else "")
    except OSError:
        return ""


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


def sign_p(win: int, lose: int) -> float:
    """Two-sided exact sign test: how likely a split at least this uneven is if gains and losses
    were equally likely."""
    n, k = win + lose, min(win, lose)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n) if n else 1.0


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
        # per sample: the same users in every row of a column
        samples = sorted({r["sample"] for k in keys for r in by[k]})
        out += ["Per sample (Recall@10 / NDCG@10; the same 50 users in every row of a column; – not run):", "",
                "| strategy | " + " | ".join(f"sample {s}" for s in samples) + " |",
                "|---|" + "---|" * len(samples)]
        for k in keys:
            got = {r["sample"]: r for r in by[k]}
            out.append(f"| {k[1]} | " + " | ".join(
                f"{got[s]['recall@10']:.3f} / {got[s]['ndcg@10']:.3f}" if s in got else "–" for s in samples) + " |")
        out.append("")
        # paired: the same users, toolrec against the SASRec tool
        base = {r["sample"]: r for k, v in by.items() if k[0] == ds and k[2] == "toolrec-sasrec" for r in v}
        for k in keys:
            if k[2] == "toolrec-sasrec":
                continue
            win = lose = 0
            mine, theirs = [], []  # NDCG@10 over the samples both have
            for r in by[k]:
                b = base.get(r["sample"])
                if not b:
                    continue
                mine.append(r["ndcg@10"])
                theirs.append(b["ndcg@10"])
                for u, rk in r["ranks"].items():
                    bk = b["ranks"].get(u)
                    win += rk is not None and bk is None
                    lose += rk is None and bk is not None
            if mine:
                n = len(mine)
                out.append(f"- {k[1]} vs the SASRec tool, same users ({n} sample{'' if n == 1 else 's'}): "
                           f"{win} hit{'' if win == 1 else 's'} it alone has, {lose} it loses"
                           f"{f' (sign test p = {sign_p(win, lose):.2f})' if win + lose else ''}; "
                           f"NDCG@10 {np.mean(mine):.3f} vs {np.mean(theirs):.3f} "
                           f"({np.mean(mine) - np.mean(theirs):+.3f})")
        out.append("")
    text = "\n".join(out)
    if a.write:  # between <!-- table --> and <!-- /table --> in a markdown file
        doc = a.write.read_text(encoding="utf-8")
        start, end = "<!-- table -->", "<!-- /table -->"
        if start not in doc:
            raise SystemExit(f"{a.write} has no {start} marker")
        head, rest = doc.split(start, 1)
        tail = rest.split(end, 1)[1] if end in rest else rest
        a.write.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")
    print(text)


def cmd_explain(a) -> None:
    """Where ToolRec's answer comes from, read off a run directory's traces: the candidates the
    rank step saw are rebuilt by re-running the logged (deterministic) retrievals; then how often
    the held-out item was among them, how often the LLM kept it in its top 10, and how far the
    LLM's order moved from the retrieval order (an unchanged order = the tools' answer)."""
    from convrec.tools.bus import CandidateBus, round_robin
    from convrec.catalog.store import open_dataset
    from convrec.config import load_config
    from convrec.tools.base import ToolContext
    from convrec.core.catalog import CatalogAccess
    from convrec.tools.toolrec import AttributeRetrieval

    cfg = load_config()
    recs = []
    for line in (a.run_dir / "conversations.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            recs.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    spec = json.loads((a.run_dir / "run.json").read_text())["spec"]
    cat = CatalogAccess(open_dataset(cfg, spec["dataset"]), cfg)

    n = in_shown = kept = hit = same_top = 0
    moved = []
    for r in recs:
        t = r["turns"][0]
        tools = next((s["tools"] for s in t["trace"] if s.get("step") == "tools"), [])
        lists = []
        for s in tools:  # the traces log each retrieval's input: re-run it for its list
            if s["tool"] != "retrieval" or s.get("error"):
                continue
            ctx = ToolContext(CandidateBus(len(cat.items)), cat, k=10)
            lists.append([str(i) for i in AttributeRetrieval()(s["input"], ctx).data.get("ids", [])])
        ranks = [s for s in t["trace"] if s.get("step") == "rank"]
        if not ranks or not lists:
            continue
        n += 1
        pool = round_robin(lists)
        shown = pool[: ranks[-1]["shown"]]
        target, items = r["target"], t["items"][:10]
        in_shown += target in shown
        kept += target in shown and target in items
        hit += target in items
        hist = [m["item_id"] for m in t["intent"]["mentions"] if m.get("item_id")] if t.get("intent") else []
        same_top += items == [i for i in shown if i not in set(hist)][:10]
        pos = {i: j for j, i in enumerate(shown)}
        moved.append(float(np.mean([abs(pos[i] - j) for j, i in enumerate(items) if i in pos])) if items else 0.0)
    print(f"{a.run_dir.name}: {n} users with a rank step")
    print(f"  held-out item among the candidates the LLM ranked: {in_shown} ({in_shown / max(n, 1):.2f})")
    print(f"  ... and kept in the final top 10: {kept}; hits in all: {hit}")
    print(f"  final top 10 = the retrieval order's top 10 (the LLM changed nothing): {same_top} ({same_top / max(n, 1):.2f})")
    print(f"  mean |position in the LLM's list - position in the candidates|: {np.mean(moved):.2f}")


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
    t.add_argument("--write", type=Path, default=None, help="put the table into this markdown file (markers)")
    e = sub.add_parser("explain", help="where a ToolRec run's answers come from (its run directory)")
    e.add_argument("run_dir", type=Path)
    a = ap.parse_args()
    {"run": cmd_run, "table": cmd_table, "explain": cmd_explain}[a.cmd](a)


if __name__ == "__main__":
    main()
