"""Play the multi-turn conversation sets (benchmarks/conversations/) against the agent and print
the share of cases whose every check held, per act and per dataset.

    python benchmarks/conversations.py                          # dev.jsonl, the embedded LLM
    python benchmarks/conversations.py --set heldout --out runs/conv-heldout.json
    python benchmarks/conversations.py --ablate-llm             # no LLM (tools and rules only)

The held-out set is never tuned on. One JSON summary line on stdout at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
console = Console(stderr=True)


def main() -> None:
    from convrec.api import Agent
    from convrec.config import llm_overrides, load_config
    from convrec.eval.build import apply_ablations
    from convrec.eval.conversations import Fields, run_case

    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="dev", help="dev | heldout | a path to a JSONL file")
    ap.add_argument("--dataset", help="only the cases of this dataset")
    ap.add_argument("--strategy", default="interecagent")
    ap.add_argument("--llm")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--ablate-llm", action="store_true", help="the tools and rules only (no planner call, template replies)")
    ap.add_argument("--only", help="comma-separated case ids")
    ap.add_argument("--out", help="write every case's turns and checks here (JSON)")
    args = ap.parse_args()
    path = Path(args.set) if args.set.endswith(".jsonl") else HERE / "conversations" / f"{args.set}.jsonl"
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if args.dataset:
        cases = [c for c in cases if c.get("dataset") == args.dataset]
    if args.only:
        keep = set(args.only.split(","))
        cases = [c for c in cases if c["id"] in keep]
    base = load_config()
    cfg = load_config(overrides={**llm_overrides(args.llm, args.model, args.base_url), "home": str(base.home)})
    results = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        agents: dict = {}
        llm = None
        for n, case in enumerate(cases, 1):
            ds = case.get("dataset", "movielens-small")
            if ds not in agents:
                a = Agent.from_config(cfg, ds, llm=llm, sessions_db=Path(tmp) / "s.db", strategy=args.strategy,
                                      say=lambda m: console.print(f"[dim]{m}[/]"))
                if args.ablate_llm:
                    apply_ablations(a.strategy, a.catalog, ["llm"])
                llm = llm or a.strategy.llm
                agents[ds] = (a, Fields(a.catalog.vocab))
            agent, fields = agents[ds]
            agent.strategy.user_id = f"conv-{case['id']}"  # no long-term profile carried between cases
            r = run_case(case, lambda m, s: agent.chat(m, s), fields)
            results.append(r)
            bad = [f"{c['check']}: {c['why']}" for t in r["turns"] for c in t["checks"] if not c["ok"]]
            console.print(f"[{'green' if r['passed'] else 'red'}]{n}/{len(cases)} {case['id']}[/] "
                          + ("ok" if r["passed"] else "; ".join(bad)[:300]))
    by_act, by_ds = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    for r in results:
        for d, key in ((by_act, r["act"]), (by_ds, r["dataset"])):
            d[key][0] += r["passed"]
            d[key][1] += 1
    t = Table("act", "passed", title=f"conversations: {path.name} ({args.strategy}{', no LLM' if args.ablate_llm else ''})")
    for k, (p, n) in sorted(by_act.items()):
        t.add_row(k, f"{p}/{n}")
    for k, (p, n) in sorted(by_ds.items()):
        t.add_row(f"[bold]{k}[/]", f"{p}/{n}")
    passed = sum(r["passed"] for r in results)
    t.add_row("[bold]all[/]", f"{passed}/{len(results)} ({passed / max(len(results), 1):.0%})")
    console.print(t)
    checks = sum(r["checks"] for r in results)
    summary = {"set": path.name, "strategy": args.strategy, "llm": not args.ablate_llm, "cases": len(results),
               "passed": passed, "pass_rate": round(passed / max(len(results), 1), 3), "checks": checks,
               "checks_passed": sum(r["checks_passed"] for r in results), "by_act": dict(by_act),
               "by_dataset": dict(by_ds), "seconds": round(time.perf_counter() - t0, 1)}
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps({"summary": summary, "cases": results}, indent=1))
    print(json.dumps(summary))


if __name__ == "__main__":
    sys.exit(main())
