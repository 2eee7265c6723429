"""Local LLM benchmark: load time, token speeds, and a realistic two-call agent turn.

For each local model whose packages are installed: load time; prompt and generation tok/s;
then N agent turns of two calls each — an intent/plan JSON call (schema-constrained, static
system prompt with tool descriptions) and a short reply over five fetched items — once with
the static prefixes cached and once without (prefix cache off and the KV cache cleared before
every call). Reports p50/p90 turn latency. Goal: default model, cached, p50 ≤ 5 s.

Run (serialised with other heavy jobs on a shared machine):

    flock /tmp/convrec-heavy.lock python benchmarks/llm.py [--turns 6] [--threads 1 2 auto] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Annotated, Literal, Optional

from pydantic import BaseModel, Field, StringConstraints

from convrec.config import load_config
from convrec.llm import Message
from convrec.errors import ConvrecError
from convrec.llm.errors import LLMOutputError, ModelNotAvailableError
from convrec.llm.local import LocalLLM
from convrec.llm.models import REGISTRY, resolve_local_model


Title = Annotated[str, StringConstraints(max_length=80)]


class Step(BaseModel):
    tool: Literal["search", "similar", "filter", "rank"]
    arg: Title = Field(description="search: a query; similar: seed titles; filter: a condition like 'price <= 20'; rank: popularity|rating")


class Plan(BaseModel):
    """Bounded lists and strings: the grammar then stops a small model that loops inside the JSON."""

    liked: list[Title] = Field(max_length=5, description="titles the user liked")
    disliked: list[Title] = Field(max_length=5, description="titles the user disliked")
    genres: list[Title] = Field(max_length=5, description="genres the user asks for")
    released_after: Optional[int] = Field(description="only items released after this year, or null")
    max_price: Optional[float] = Field(description="price limit in dollars, or null")
    steps: list[Step] = Field(max_length=4, description="tool calls in order, at most four")


PLANNER = """You are the planner of a conversational game recommender. Read the user's message, extract \
what they want, and plan tool calls that find matching games in the catalog.

Tools (items move between tools as ids on a candidate list; the catalog has columns title, year, \
genres, tags, price, rating, popularity):
- search(query): candidates whose title, genres or tags match the query.
- similar(titles): candidates similar to the given liked titles (collaborative filtering).
- filter(condition): keep candidates satisfying a condition on one column, e.g. "year > 2015", \
"price <= 30", "genres contains strategy".
- rank(by): order candidates by popularity or rating and keep the best.

Rules: use at most four steps; start with similar when the user names liked titles, else search; \
add one filter per hard condition (price, year, genre); end with rank. Never invent titles. \
"After 2015" means released_after 2015. Disliked titles go to disliked, never to liked."""

REPLY = """You are a friendly game recommender. Given the user's request and the games found for it, \
reply in two or three short sentences: name the games and say in a few words why each fits. \
Only mention games from the list."""

ITEMS = [
    "Into the Breach (2018; strategy, turn-based; $14.99; rating 4.6)",
    "Mindustry (2019; strategy, tower defense, automation; $9.99; rating 4.5)",
    "Baba Is You (2019; puzzle; $14.99; rating 4.7)",
    "Dicey Dungeons (2019; roguelike, deckbuilding; $14.99; rating 4.4)",
    "Shapez (2020; automation, puzzle; $9.99; rating 4.6)",
]

MESSAGES = [
    "I loved Factorio and Undertale, want 2D strategy games after 2015 under $30.",
    "Something like Stardew Valley but not Minecraft, cheap please, under 10 dollars.",
    "I enjoyed Into the Breach and FTL. Any turn-based tactics from after 2017?",
    "Give me relaxing puzzle games. I did not like The Witness. Budget 15 dollars.",
    "My friends and I liked Overcooked. Co-op games under 20 dollars?",
    "I hated Dark Souls, too hard. I liked Celeste and Hollow Knight. Platformers after 2016.",
    "Recommend popular automation games like Satisfactory, any price.",
    "I loved Slay the Spire. Deckbuilders after 2018 below $25?",
]


def turn(llm: LocalLLM, message: str, cached: bool) -> dict:
    """One agent turn: plan JSON call, then a short reply. Returns latencies and the plan."""
    if not cached:
        llm.clear_cache()
    t0 = time.perf_counter()
    try:
        plan = llm.generate_json([Message.system(PLANNER), Message.user(message)], Plan, max_tokens=200,
                                 purpose="plan").model_dump()
    except LLMOutputError as e:  # counted, and the turn goes on as an agent's would (with a fallback plan)
        plan = {"error": str(e)}
    t1 = time.perf_counter()
    if not cached:
        llm.clear_cache()
    items = "\n".join(f"- {x}" for x in ITEMS)
    reply = llm.generate([Message.system(REPLY), Message.user(f"Request: {message}\nGames found:\n{items}")],
                         max_tokens=80, purpose="reply")
    t2 = time.perf_counter()
    return {"plan_s": t1 - t0, "reply_s": t2 - t1, "turn_s": t2 - t0, "plan": plan, "reply": reply.text,
            "plan_ok": "error" not in plan}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1]


def speeds(llm: LocalLLM) -> dict:
    """Prompt tok/s on a ~400-token prompt (cold), generation tok/s on 96 tokens."""
    llm.clear_cache()
    text = " ".join(ITEMS * 8)
    c = llm.generate([Message.user(text + "\nWhich is cheapest?")], max_tokens=1)
    prompt_tok_s = c.usage.prompt_tokens / (c.ttft_s or c.latency_s)
    g = llm.generate([Message.user("Count from 1 to 100, separated by commas.")], max_tokens=96)
    gen_tok_s = (g.usage.completion_tokens - 1) / max(1e-6, g.latency_s - (g.ttft_s or 0))
    return {"prompt_tokens": c.usage.prompt_tokens, "prompt_tok_s": round(prompt_tok_s, 1), "gen_tok_s": round(gen_tok_s, 1)}


def bench_model(name: str, threads: Optional[int], turns: int, home, log) -> dict:
    resolved = resolve_local_model(name, home, notify=log)
    t0 = time.perf_counter()
    llm = LocalLLM(resolved.path, name=resolved.name, threads=threads, n_ctx=4096, max_tokens=200)
    load_s = time.perf_counter() - t0
    out: dict = {"model": resolved.name, "threads": threads or "auto", "load_s": round(load_s, 2)}
    out.update(speeds(llm))
    msgs = (MESSAGES * ((turns + len(MESSAGES) - 1) // len(MESSAGES)))[:turns]
    for cached in (True, False):
        rows = []
        if cached:
            llm.clear_cache()
            # the first turn of a session pays for the static prefixes once; report it separately
            llm.meter.start_turn()
            first = turn(llm, MESSAGES[-1], cached=True)
            out["first_turn_s"] = round(first["turn_s"], 2)
        for m in msgs:
            llm.meter.start_turn()
            r = turn(llm, m, cached)
            s = llm.meter.turn_summary()
            r.update(calls=s.calls, prompt_tokens=s.prompt_tokens, cached_tokens=s.cached_tokens,
                     completion_tokens=s.completion_tokens)
            rows.append(r)
            log(f"  {resolved.name} threads={threads or 'auto'} cached={cached}: turn {r['turn_s']:.2f} s "
                f"(plan {r['plan_s']:.2f} + reply {r['reply_s']:.2f}; {s.calls} calls, "
                f"{s.prompt_tokens - s.cached_tokens} of {s.prompt_tokens} prompt tokens evaluated)")
        key = "cached" if cached else "uncached"
        ts = [r["turn_s"] for r in rows]
        out[key] = {
            "turn_p50_s": round(pct(ts, 50), 2), "turn_p90_s": round(pct(ts, 90), 2),
            "plan_p50_s": round(pct([r["plan_s"] for r in rows], 50), 2),
            "reply_p50_s": round(pct([r["reply_s"] for r in rows], 50), 2),
            "calls_per_turn": statistics.mean(r["calls"] for r in rows),
            "plan_valid": f"{sum(r['plan_ok'] for r in rows)}/{len(rows)}",
            "prompt_tokens_per_turn": round(statistics.mean(r["prompt_tokens"] for r in rows)),
            "evaluated_prompt_tokens_per_turn": round(statistics.mean(r["prompt_tokens"] - r["cached_tokens"] for r in rows)),
            "completion_tokens_per_turn": round(statistics.mean(r["completion_tokens"] for r in rows)),
        }
        if cached:
            out["example"] = {"message": msgs[0], "plan": rows[0]["plan"], "reply": rows[0]["reply"]}
    out["threads_used"] = llm.threads
    llm.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="*", default=list(REGISTRY), help="registry names (default: all installed)")
    ap.add_argument("--threads", nargs="*", default=["1", "2"], help="thread settings to compare: numbers or 'auto'")
    ap.add_argument("--turns", type=int, default=6)
    ap.add_argument("--json", action="store_true", help="one JSON line per result on stdout")
    args = ap.parse_args(argv)
    home = load_config().home

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    results = []
    for name in args.models:
        try:
            resolve_local_model(name, home, notify=log)
        except ModelNotAvailableError as e:
            log(f"skip {name}: {e}")
            continue
        for t in args.threads:
            try:
                r = bench_model(name, None if t == "auto" else int(t), args.turns, home, log)
            except ConvrecError as e:
                log(f"error: {name} threads={t}: {e}")
                continue
            results.append(r)
            if args.json:
                print(json.dumps(r), flush=True)
    if not args.json:
        hdr = f"{'model':20} {'thr':>4} {'load s':>6} {'prompt t/s':>10} {'gen t/s':>7} {'1st turn':>8} " \
              f"{'p50 cached':>10} {'p90 cached':>10} {'p50 no cache':>12} {'eval tok/turn c|nc':>18} {'plans ok':>8}"
        print(hdr)
        for r in results:
            c, u = r["cached"], r["uncached"]
            print(f"{r['model']:20} {str(r['threads']):>4} {r['load_s']:>6} {r['prompt_tok_s']:>10} {r['gen_tok_s']:>7} "
                  f"{r['first_turn_s']:>8} {c['turn_p50_s']:>10} {c['turn_p90_s']:>10} {u['turn_p50_s']:>12} "
                  f"{c['evaluated_prompt_tokens_per_turn']:>8} | {u['evaluated_prompt_tokens_per_turn']:<8} {c['plan_valid']:>8}")
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
