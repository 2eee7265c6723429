"""Recompute every reason the agent gives from the data (convrec.eval.reasons) over the request
sets in benchmarks/: the share of reasons that verify (must be 100 %) and the replies where one
reason text stands on more than two items (must be 0).

    python benchmarks/reasons_check.py                       # every set, tools only (no LLM)
    python benchmarks/reasons_check.py --sets benchmarks/requests/steam.jsonl --llm-on
    python benchmarks/reasons_check.py --every 3             # every third case of each set

Cases on a bring-your-own catalog (benchmarks/catalogs/<name>/) prepare it first. Prints a
table per set and one JSON line at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.progress import track
from rich.table import Table

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
console = Console(stderr=True)


def default_sets() -> list[Path]:
    return sorted((HERE / "requests").glob("*.jsonl")) + [HERE / "agent_requests.jsonl", HERE / "agent_requests_heldout.jsonl"] \
        + sorted((HERE / "conversations").glob("*.jsonl"))


def main() -> None:
    from agent_eval import ensure_catalog
    from convrec.api import Agent
    from convrec.config import load_config
    from convrec.eval.build import apply_ablations
    from convrec.eval.conversations import fill
    from convrec.eval.reasons import ReasonChecker, ReasonReport

    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", nargs="*", default=None, help="JSONL request sets (default: all of benchmarks/)")
    ap.add_argument("--every", type=int, default=1, help="every N-th case only")
    ap.add_argument("--llm-on", action="store_true", help="with the configured LLM (default: tools and rules only)")
    ap.add_argument("--out", help="write the summary with every failure here (JSON)")
    args = ap.parse_args()
    sets = [Path(s) for s in args.sets] if args.sets else default_sets()
    cfg = load_config()
    total = ReasonReport()
    rows = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        agents: dict = {}

        def agent_for(ds: str):
            if ds not in agents:
                ensure_catalog(ds)
                a = Agent.from_config(cfg, ds, sessions_db=Path(tmp) / "s.db", say=lambda m: console.print(f"[dim]{m}[/]"))
                if not args.llm_on:
                    apply_ablations(a.strategy, a.catalog, ["llm"])
                agents[ds] = (a, ReasonChecker(a.catalog))
            return agents[ds]

        for path in sets:
            cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()][::max(args.every, 1)]
            rep = ReasonReport()
            for case in track(cases, description=path.stem, console=console):
                agent, checker = agent_for(case.get("dataset", "movielens-small"))
                agent.strategy.user_id = f"reasons-{path.stem}-{case.get('id')}"
                turns = case.get("turns") or [case.get("request") or case.get("message")]
                sid, prev = None, []
                for t in turns:
                    msg = fill(t["user"] if isinstance(t, dict) else str(t), prev)
                    turn = agent.chat(msg, sid)
                    sid = turn.session
                    r = checker.check_items(turn.items)
                    for f in r.failures:
                        f.update({"set": path.name, "case": case.get("id"), "message": msg})
                    rep.add(r)
                    prev = turn.items or prev
            rows.append((path.name, rep))
            total.add(rep)
    t = Table("set", "replies", "items with reasons", "reasons", "verified", "replies with a text on >2 items",
              title="reasons recomputed from the data" + (" (LLM on)" if args.llm_on else " (tools only)"))
    for name, r in rows + [("all", total)]:
        t.add_row(name, str(r.replies), f"{r.items_with_reasons}/{r.items}", str(r.reasons),
                  f"{r.verified}/{r.reasons}" + (f" ({r.verified / r.reasons:.1%})" if r.reasons else ""),
                  str(r.replies_with_repeats))
    console.print(t)
    for f in total.failures[:10]:
        console.print(f"[red]{f['set']} {f['case']}[/] {f['title']}: {f['text']} — {f['why']}")
    summary = total.to_dict() | {"sets": {n: r.to_dict() | {"failures": len(r.failures)} for n, r in rows},
                                 "llm": args.llm_on, "seconds": round(time.perf_counter() - t0, 1)}
    if args.out:
        Path(args.out).write_text(json.dumps(summary, indent=1))
    print(json.dumps({k: v for k, v in summary.items() if k not in ("sets", "failures")}))


if __name__ == "__main__":
    main()
