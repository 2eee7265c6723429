"""Load on ``convrec serve``: many concurrent chat sessions against a live server on loopback.

    python benchmarks/serve_load.py                          # scripted LLM, 50 sessions x 10 turns
    python benchmarks/serve_load.py --llm embedded           # the real embedded model, 4 sessions x 3 turns
    python benchmarks/serve_load.py --llm embedded --sessions 4 --turns 5 --queue 2

Bounded: a fixed number of turns, then it stops by itself; the server binds 127.0.0.1 only.

* ``--llm scripted``: the server runs in this process (uvicorn in a thread) around a scripted
  brain that answers every call at once (``--llm-ms`` adds a delay per call): it measures the
  service — queue, sessions, store, HTTP — not the model. The scripted brain exists only here and
  in the tests; it is never what ``convrec serve`` runs.
* ``--llm embedded``: a real ``convrec serve`` subprocess with the embedded model.

Each session is one client thread that sends its turns one after another through the
OpenAI-compatible endpoint (``X-Convrec-Session`` keeps the conversation), as a polite client
would: on 429 it waits for ``Retry-After`` and sends the same message again. At the end every
session's stored messages are read back (``GET /api/sessions/{id}/messages``) and compared with
the messages the server acknowledged (HTTP 200): a missing or extra user message is "lost".

Prints a table and one JSON line; exit status 1 if any turn failed with something other than
an intended 429 or if anything was lost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MESSAGES = [
    "I loved Toy Story and Finding Nemo, recommend some animated films",
    "something darker, a thriller from the 90s",
    "no horror please",
    "any comedies after 2005?",
    "tell me more about the first one",
    "what about science fiction with a great soundtrack",
    "I didn't like the second one",
    "more like Heat (1995)",
    "short films under 100 minutes",
    "thanks! one more crime drama?",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _request(base: str, method: str, path: str, body: dict | None = None, headers: dict | None = None,
             timeout: float = 600) -> tuple[int, dict, dict]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            payload = json.loads(raw or b"{}")
        except ValueError:
            payload = {"error": {"message": raw[:200].decode("utf-8", "replace")}}
        return e.code, dict(e.headers), payload


# ------------------------------------------------------------------ servers
class ScriptedBrain:
    """Answers every LLM call at once: JSON calls with an empty object (the agent's validation
    rejects it and falls back to its deterministic plan), text calls with a short reply."""

    @staticmethod
    def make(delay_ms: float):
        from convrec.llm.fake import ScriptedLLM

        class _Brain(ScriptedLLM):
            def _next(self, messages, json_call=False):
                if delay_ms:
                    time.sleep(delay_ms / 1000)
                return "Here are some films you may like." if not json_call else "{}"

            def _complete(self, messages, *, json_schema=None, **kw):
                self.calls.clear()  # keep memory flat over thousands of calls
                kw.pop("schema_name", None)
                from convrec.llm.base import Completion, Usage

                text = self._next(messages, json_schema is not None)
                return Completion(text, Usage(sum(len(m["content"].split()) for m in messages), len(text.split())),
                                  0.0, delay_ms / 1000, "stop", self.model)

        return _Brain(model="scripted-load-brain")


def start_scripted(args) -> tuple[str, callable]:
    from convrec.setup import is_ready
    from convrec.cli._setup import run_setup
    from convrec.config import load_config
    from convrec.server import Engine, create_app, serving

    cfg = load_config(None)
    cfg = cfg.model_copy(update={"server": cfg.server.model_copy(update={
        "workers": args.workers, "queue_size": args.queue, "db_url": str(args.db)})})
    if not is_ready(cfg, args.dataset):
        run_setup(cfg, args.dataset, llm=False, first_use=True)
    engine = Engine(cfg, [args.dataset], args.strategy, llm=ScriptedBrain.make(args.llm_ms))
    engine.warm()
    stack = contextlib.ExitStack()
    stack.callback(engine.close)
    base = stack.enter_context(serving(create_app(engine)))
    return base, stack.close


def _until_up(proc, base: str, log, seconds: float) -> tuple[str, callable]:
    """Wait for a `convrec serve` subprocess to answer /healthz; returns (base URL, stop)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}; see {log.name}")
        try:
            if _request(base, "GET", "/healthz", timeout=2)[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.5)
    else:
        proc.kill()
        raise SystemExit(f"the server did not come up within {seconds:.0f} s")

    def stop():
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()

    return base, stop


def start_embedded(args) -> tuple[str, callable]:
    port = _free_port()
    env = dict(os.environ, OMP_NUM_THREADS="2")
    cmd = [sys.executable, "-m", "convrec", "serve", "--host", "127.0.0.1", "--port", str(port), "-d", args.dataset,
           "-s", args.strategy, "--queue", str(args.queue), "--db-url", str(args.db)]
    if args.model:
        cmd += ["--model", args.model]
    log = open(args.db.with_suffix(".server.log"), "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    return _until_up(proc, f"http://127.0.0.1:{port}", log, 900)


def start_workers(args) -> tuple[str, callable]:
    """``convrec serve --workers N`` in a subprocess, against a scripted OpenAI-compatible brain
    on loopback (benchmarks/soak.py's, with no faults): what many users meet."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from soak import Brain

    brain = Brain({}, 30.0)
    port = _free_port()
    env = dict(os.environ, OMP_NUM_THREADS="1")
    cmd = [sys.executable, "-m", "convrec", "serve", "--host", "127.0.0.1", "--port", str(port), "-d", args.dataset,
           "-s", args.strategy, "--queue", str(args.queue), "--workers", str(args.processes), "--threads", str(args.workers),
           "--llm", "openai", "--base-url", brain.base_url, "--model", "m", "--db-url", args.db_url or str(args.db)]
    if args.redis_url:
        cmd += ["--redis-url", args.redis_url]
    log = open(args.db.with_suffix(".server.log"), "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    base, stop = _until_up(proc, f"http://127.0.0.1:{port}", log, 600)
    time.sleep(3 * args.processes)  # every worker warms its agent
    args.server_pid = proc.pid
    return base, stop


def worker_pids(pid: int) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                state, ppid = (p / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            except OSError:
                continue
            if int(ppid) == pid and state != "Z":
                out.append(int(p.name))
    return out


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


# ------------------------------------------------------------------ clients
def run_session(base: str, n: int, turns: int, model: str, max_wait: float, progress, retry: bool = False) -> dict:
    """One client's session. ``retry``: on a connection error or a 5xx (a worker killed) the
    client sends the same message again with the same Idempotency-Key, as a careful client would."""
    sid = f"load-{os.getpid()}-{n}-{int(time.time())}"
    out = {"session": sid, "acked": [], "latencies": [], "rejected": 0, "errors": [], "empty": 0, "retried": 0}
    for t in range(turns):
        msg = f"{MESSAGES[(n + t) % len(MESSAGES)]} [s{n} t{t}]"
        waited = 0.0
        while True:
            t0 = time.perf_counter()
            try:
                code, headers, payload = _request(base, "POST", "/v1/chat/completions",
                                                  {"model": model, "messages": [{"role": "user", "content": msg}]},
                                                  {"X-Convrec-Session": sid, "Idempotency-Key": f"{sid}-t{t}"})
            except OSError as e:
                if retry and waited < max_wait:
                    out["retried"] += 1
                    waited += 0.5
                    time.sleep(0.5)
                    continue
                out["errors"].append(f"connection: {e}")
                break
            dt = time.perf_counter() - t0
            if retry and code >= 500 and waited < max_wait:
                out["retried"] += 1
                waited += 0.5
                time.sleep(0.5)
                continue
            if code == 429:
                out["rejected"] += 1
                wait = float(headers.get("Retry-After") or headers.get("retry-after") or 1)
                if waited + wait > max_wait:
                    out["errors"].append(f"429 for more than {max_wait:.0f} s")
                    break
                waited += wait
                time.sleep(wait)
                continue
            if code == 200:
                out["acked"].append(msg)
                out["latencies"].append(dt)
                items = payload.get("convrec", {}).get("items") or []
                if not payload["choices"][0]["message"]["content"].strip():
                    out["empty"] += 1
                out.setdefault("items", []).append(len(items))
            else:
                out["errors"].append(f"HTTP {code}: {payload.get('error', {}).get('message', '')[:120]}")
            break
        progress()
    # read back what the server stored
    code, _, payload = _request(base, "GET", f"/api/sessions/{sid}/messages")
    stored = [m["content"] for m in payload.get("messages", []) if m["role"] == "user"] if code == 200 else []
    answered = [m for m in payload.get("messages", []) if m["role"] == "assistant"] if code == 200 else []
    out["lost"] = [m for m in out["acked"] if m not in stored]
    out["unacked_stored"] = [m for m in stored if m not in out["acked"]]
    out["stored_twice"] = [m for m in set(stored) if stored.count(m) > 1]
    out["answers_stored"] = len(answered)
    return out


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q / 100 * len(xs) + 0.5)) - 1))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llm", choices=["scripted", "embedded"], default="scripted")
    ap.add_argument("--sessions", type=int, default=None, help="concurrent sessions (50 scripted, 4 embedded)")
    ap.add_argument("--turns", type=int, default=None, help="turns per session (10 scripted, 3 embedded)")
    ap.add_argument("--dataset", default="movielens-small")
    ap.add_argument("--strategy", default="interecagent")
    ap.add_argument("--model", default=None, help="embedded: another local model (e.g. qwen2.5-coder-1.5b)")
    ap.add_argument("--workers", type=int, default=1, help="turns at once in each server process")
    ap.add_argument("--processes", type=int, default=0,
                    help="run `convrec serve --workers N` in a subprocess (N processes) against an HTTP scripted brain")
    ap.add_argument("--db-url", default=None, help="--processes: the session store (e.g. postgresql://...)")
    ap.add_argument("--redis-url", default=None, help="--processes: Redis for locks and limits")
    ap.add_argument("--kill-after", type=float, default=0, help="--processes: SIGKILL one worker after this many s")
    ap.add_argument("--queue", type=int, default=8, help="the server's queue size (429 past it)")
    ap.add_argument("--llm-ms", type=float, default=0.0, help="scripted: delay per LLM call")
    ap.add_argument("--max-wait", type=float, default=1800, help="a client gives up after this many s of 429s")
    ap.add_argument("--db", type=Path, default=None, help="session store file (default: a fresh temp file)")
    args = ap.parse_args()
    args.sessions = args.sessions or (50 if args.llm == "scripted" else 4)
    args.turns = args.turns or (10 if args.llm == "scripted" else 3)
    if args.db is None:
        import tempfile

        args.db = Path(tempfile.mkdtemp(prefix="convrec-load-")) / "sessions.db"
    os.environ.setdefault("OMP_NUM_THREADS", "1")

    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    con = Console(stderr=True)
    con.print(f"starting the server ({args.llm} LLM, {args.dataset}, {args.strategy}, queue {args.queue}) ...")
    starter = start_workers if args.processes else (start_scripted if args.llm == "scripted" else start_embedded)
    base, stop = starter(args)
    killed = []
    if args.processes and args.kill_after:
        def kill_one():
            time.sleep(args.kill_after)
            pids = worker_pids(args.server_pid)
            if pids:
                os.kill(max(pids), 9)
                killed.append(max(pids))
                con.print(f"killed worker {max(pids)} (SIGKILL)")

        threading.Thread(target=kill_one, daemon=True).start()
    model = f"convrec-{args.strategy}:{args.dataset}"
    total = args.sessions * args.turns
    results = []
    try:
        t0 = time.perf_counter()
        with Progress(console=con) as bar:
            task = bar.add_task(f"{args.sessions} sessions x {args.turns} turns", total=total)
            lock = threading.Lock()

            def tick():
                with lock:
                    bar.advance(task)

            with ThreadPoolExecutor(args.sessions) as pool:
                futs = [pool.submit(run_session, base, n, args.turns, model, args.max_wait, tick, bool(args.processes))
                        for n in range(args.sessions)]
                results = [f.result() for f in futs]
        wall = time.perf_counter() - t0
        metrics = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
    finally:
        stop()

    lat = [x for r in results for x in r["latencies"]]
    acked = sum(len(r["acked"]) for r in results)
    errors = [e for r in results for e in r["errors"]]
    lost = sum(len(r["lost"]) for r in results)
    extra = sum(len(r["unacked_stored"]) for r in results)
    rejected = sum(r["rejected"] for r in results)
    no_items = sum(1 for r in results for n in r.get("items", []) if n == 0)
    summary = {
        "llm": args.llm, "dataset": args.dataset, "strategy": args.strategy, "sessions": args.sessions,
        "turns_per_session": args.turns, "queue": args.queue, "turns": total, "answered": acked,
        "rejected_429": rejected, "errors": len(errors), "lost": lost, "stored_unacknowledged": extra,
        "turns_without_items": no_items, "processes": args.processes or 1,
        "stored_twice": sum(len(r.get("stored_twice", [])) for r in results),
        "retried": sum(r.get("retried", 0) for r in results), "workers_killed": len(killed),
        "p50_s": round(pct(lat, 50), 3), "p99_s": round(pct(lat, 99), 3), "max_s": round(max(lat), 3) if lat else None,
        "mean_s": round(statistics.mean(lat), 3) if lat else None,
        "throughput_turns_per_s": round(acked / wall, 3), "wall_s": round(wall, 1),
    }
    tab = Table(title=f"convrec serve under load ({args.llm} LLM, {args.dataset}, {args.strategy})")
    tab.add_column("measure")
    tab.add_column("value", justify="right")
    for k, v in summary.items():
        if k not in ("llm", "dataset", "strategy"):
            tab.add_row(k.replace("_", " "), str(v))
    Console().print(tab)
    for e in sorted(set(errors))[:10]:
        con.print(f"  error: {e}")
    for line in metrics.splitlines():
        if line.startswith(("convrec_turns_total", "convrec_rejected_total", "convrec_errors_total")):
            con.print("  " + line)
    print(json.dumps(summary))
    return 0 if not errors and not lost and not extra and not summary["stored_twice"] and acked == total else 1


if __name__ == "__main__":
    sys.exit(main())
