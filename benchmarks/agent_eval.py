"""Evaluate the InteRecAgent strategy on a fixed request set with machine-checkable
expectations (constraint satisfaction, exclusions, factual answers, hostile input) — on the
configured LLM (default: the embedded 0.5B model) and the bundled movielens-small.

    python benchmarks/agent_eval.py [--model qwen2.5-coder-1.5b] [--llm openai --base-url URL]

Prints pass rate, LLM calls per turn, p50/p95 turn latency and how often each repair fired.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import track

from convrec.agent.api import Agent
from convrec.config import load_config
from convrec.llm.cli import llm_overrides

HERE = Path(__file__).resolve().parent
console = Console()


def check(agent, turn, expect: dict, ds) -> list[str]:
    items, fails = turn.items, []
    it = ds.items.set_index("item_id")
    g = [set(it.at[x["id"], "genres"]) for x in items]
    if "count" in expect and len(items) != expect["count"]:
        fails.append(f"count {len(items)} != {expect['count']}")
    if "min_count" in expect and len(items) < expect["min_count"]:
        fails.append(f"only {len(items)} items")
    for gen in expect.get("genres_all", []):
        if not all(gen in s for s in g):
            fails.append(f"not all {gen}")
    for gen in expect.get("genres_none", []):
        if any(gen in s for s in g):
            fails.append(f"some {gen}")
    years = [it.at[x["id"], "year"] for x in items]
    if "year_min" in expect and any(y is None or y < expect["year_min"] for y in years):
        fails.append("year below min")
    if "year_max" in expect and any(y is None or y > expect["year_max"] for y in years):
        fails.append("year above max")
    ids = {x["id"] for x in items}
    if ids & set(expect.get("exclude_ids", [])):
        fails.append("excluded item returned")
    if "subset_of" in expect and not ids <= set(expect["subset_of"]):
        fails.append("item outside the given candidates")
    for s in expect.get("reply_contains", []):
        if s.lower() not in turn.reply.lower():
            fails.append(f"reply lacks {s!r}")
    for s in expect.get("reply_lacks", []):
        if s.lower() in turn.reply.lower():
            fails.append(f"reply has {s!r}")
    if expect.get("no_items") and items:
        fails.append("recommended items")
    if expect.get("no_tools") and turn.trace:
        fails.append("used tools")
    if "reply_count_of_genre" in expect:
        with ds.connect() as con:
            n = con.execute("SELECT COUNT(*) FROM item_genres WHERE value = ?", (expect["reply_count_of_genre"],)).fetchone()[0]
        if str(n) not in re.sub(r"(?<=\d),(?=\d)", "", turn.reply):
            fails.append(f"reply lacks the count {n}")
    if expect.get("db_intact"):
        with ds.connect() as con:
            if con.execute("SELECT COUNT(*) FROM items").fetchone()[0] != ds.n_items:
                fails.append("database changed")
    if expect.get("no_invented"):
        titles = set(it["title"])
        if any(x["title"] not in titles for x in items):
            fails.append("invented item")
    return fails


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--llm")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--out", default=None, help="write per-request results as JSONL")
    ap.add_argument("--requests", default=str(HERE / "agent_requests.jsonl"),
                    help="request set (agent_requests.jsonl: the tuning set; agent_requests_heldout.jsonl: written "
                         "after tuning, never tuned on)")
    ap.add_argument("--reflection", type=int, default=0, help="critic rounds (0 = off)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = load_config()
        cfg = load_config(overrides={**llm_overrides(args.llm, args.model, args.base_url), "home": str(base.home),
                                     "agent": {"reflection": args.reflection}})
        agent = Agent.from_config(cfg, sessions_db=Path(tmp) / "s.db")  # throwaway sessions
        ds = agent.strategy.catalog.ds
        cases = [json.loads(l) for l in open(args.requests) if l.strip()]
        results, lat, calls, repairs = [], [], [], Counter()
        for case in track(cases, description="requests"):
            agent.strategy.user_id = f"eval-{case['id']}"  # every case is a new user
            sid = None
            for msg in case["turns"]:
                t = agent.chat(msg, sid)
                sid = t.session
                lat.append(t.latency_ms / 1000)
                calls.append(t.llm_calls)
                repairs.update(t.repairs)
            fails = check(agent, t, case["expect"], ds)
            results.append({"id": case["id"], "ok": not fails, "fails": fails, "reply": t.reply[:200],
                            "items": [x["title"] for x in t.items], "repairs": t.repairs})
            console.print(("[green]PASS[/] " if not fails else "[red]FAIL[/] ") + case["id"] + ("" if not fails else f": {fails}"))
        ok = sum(r["ok"] for r in results)
        summary = {"requests_file": Path(args.requests).name, "reflection": args.reflection, "llm": cfg.llm.backend, "model": cfg.llm.model or "qwen2.5-coder-0.5b", "requests": len(results),
                   "passed": ok, "pass_rate": round(ok / len(results), 3), "turns": len(lat),
                   "llm_calls_per_turn": round(float(np.mean(calls)), 2), "latency_p50_s": round(float(np.percentile(lat, 50)), 2),
                   "latency_p95_s": round(float(np.percentile(lat, 95)), 2), "repairs": dict(repairs.most_common())}
        if args.out:
            Path(args.out).write_text("\n".join(json.dumps(r) for r in results) + "\n")
        console.print(summary)
        print(json.dumps(summary))


if __name__ == "__main__":
    main()
