"""Turn latency as users meet it: a cold ``convrec ask`` process per request (the disk caches
warm), and turns inside one running process (``convrec chat``), each compared with a "before"
version of the code measured in the same run on the same machine.

    python benchmarks/latency.py                                   # both datasets, before = --before-ref
    python benchmarks/latency.py --datasets steam --before-ref none   # only the current code
    python benchmarks/latency.py --prepare steam                   # first `data prepare` on a fresh home

The "before" code is a git worktree of ``--before-ref`` run with the same installed packages
and the same ``$CONVREC_HOME`` (``PYTHONPATH=<worktree>/src``). Requests come from
``benchmarks/requests/latency-<dataset>.jsonl`` (single-turn cases of the blind request sets:
recommendations of every kind plus a fact, a count, a catalog question and small talk).
Each process gets one untimed warm-up request first, so "cold" means a new process with the
caches on disk, not a first install. Prints a table per dataset and one JSON line at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RECOMMEND = {"recommend", "choice"}


def _env(src: Path | None, home: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", TOKENIZERS_PARALLELISM="false")
    if src is not None:
        env["PYTHONPATH"] = str(src) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if home:
        env["CONVREC_HOME"] = home
    return env


SET = "latency"  # --set: requests come from benchmarks/requests/<set>-<dataset>.jsonl


def _requests(dataset: str, n: int) -> list[dict]:
    rows = [json.loads(l) for l in (HERE / "requests" / f"{SET}-{dataset}.jsonl").read_text().splitlines() if l.strip()]
    return rows[:n] if n else rows


def _p(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def _ask(src: Path | None, dataset: str, message: str, timeout: float) -> dict:
    cmd = [sys.executable, "-m", "convrec.cli", "ask", "--json", "--dataset", dataset, message]
    t0 = time.perf_counter()
    try:
        r = subprocess.run(cmd, env=_env(src), capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"wall_s": timeout, "error": "timeout"}
    wall = time.perf_counter() - t0
    try:
        line = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"wall_s": wall, "error": (r.stderr or r.stdout)[-300:]}
    kind = (line.get("intent") or {}).get("kind")
    return {"wall_s": wall, "turn_s": line.get("latency_ms", 0) / 1000, "llm_calls": line.get("llm_calls"),
            "kind": kind, "items": len(line.get("items") or [])}


def cold(src: Path | None, dataset: str, reqs: list[dict], timeout: float, label: str) -> list[dict]:
    from rich.progress import track

    _ask(src, dataset, "hello", timeout * 3)  # untimed: prepares data, trains on first use, writes disk caches
    out = []
    for r in track(reqs, description=f"{label} cold ask · {dataset}", console=_console()):
        res = _ask(src, dataset, r["message"], timeout)
        res["id"] = r["id"]
        res["kind"] = res.get("kind") or r["kind"]
        out.append(res)
    return out


def inproc(src: Path | None, dataset: str, n: int, timeout: float) -> list[dict]:
    """The in-process measurement runs in a child process, so "before" imports its own code."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", dataset, "--n", str(n), "--set", SET]
    r = subprocess.run(cmd, env=_env(src), capture_output=True, text=True, timeout=timeout * (n + 5), cwd=ROOT)
    try:
        return json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise SystemExit(f"in-process worker failed: {r.stderr[-2000:]}")


def worker(dataset: str, n: int) -> None:
    """One process: build the agent once, answer every request in a fresh session."""
    from convrec.api import Agent
    from convrec.config import load_config

    t0 = time.perf_counter()
    agent = Agent.from_config(load_config(), dataset)
    agent.chat("hello")  # untimed warm-up, as a chat session's first turn
    build_s = time.perf_counter() - t0
    out = []
    for r in _requests(dataset, n):
        t = time.perf_counter()
        turn = agent.chat(r["message"])
        out.append({"id": r["id"], "wall_s": time.perf_counter() - t, "llm_calls": turn.llm_calls,
                    "kind": (turn.intent or {}).get("kind") or r["kind"], "items": len(turn.items)})
    out.append({"build_s": build_s})
    sys.stdout.write(json.dumps(out) + "\n")


def summarize(rows: list[dict]) -> dict:
    rows = [r for r in rows if "wall_s" in r and "id" in r]
    ok = [r for r in rows if "error" not in r]
    rec = [r for r in ok if r.get("kind") in RECOMMEND]
    walls = [r["wall_s"] for r in ok]
    calls = [r["llm_calls"] for r in rec if r.get("llm_calls") is not None]
    llm = [r["wall_s"] for r in ok if (r.get("llm_calls") or 0) > 0]  # turns that called the brain
    return {
        "llm_turns": len(llm), "llm_p50_s": _round(_p(llm, 0.5)), "llm_p95_s": _round(_p(llm, 0.95)),
        "n": len(rows), "errors": len(rows) - len(ok),
        "p50_s": _round(_p(walls, 0.5)), "p90_s": _round(_p(walls, 0.9)), "max_s": _round(max(walls) if walls else None),
        "rec_turns": len(rec), "llm_calls_per_rec_turn": _round(statistics.mean(calls) if calls else None, 2),
        "rec_turns_without_llm": sum(1 for c in calls if c == 0),
    }


def _round(x, nd=2):
    return None if x is None else round(x, nd)


def _console():
    from rich.console import Console

    return Console(stderr=True)


def worktree(ref: str) -> Path:
    d = Path(tempfile.gettempdir()) / f"convrec-before-{ref.replace('/', '_')}"
    if not (d / "src" / "convrec").is_dir():
        if d.exists():
            shutil.rmtree(d)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(d), ref],
                       check=True, capture_output=True)
    return d / "src"


def prepare_fresh(dataset: str, timeout: float) -> dict:
    """``convrec data prepare DATASET`` on an empty home: total and per-stage time."""
    home = tempfile.mkdtemp(prefix="convrec-home-")
    try:
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "convrec.cli", "data", "prepare", dataset, "--json"],
                           env=_env(None, home), capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        wall = time.perf_counter() - t0
        try:
            summary = json.loads(r.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            summary = {"error": r.stderr[-1000:]}
        return {"dataset": dataset, "wall_s": round(wall, 1), **summary}
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", default="movielens-small,steam")
    ap.add_argument("--n", type=int, default=0, help="requests per dataset (0 = the whole latency set)")
    ap.add_argument("--before-ref", default="32f287a", help="git ref of the 'before' code; 'none' to skip")
    ap.add_argument("--skip-inproc", action="store_true")
    ap.add_argument("--timeout", type=float, default=240.0, help="seconds per request")
    ap.add_argument("--prepare", default=None, help="also time a first `data prepare` of this dataset on a fresh home")
    ap.add_argument("--out", default=None, help="also write the JSON result here")
    ap.add_argument("--set", default="latency", help="request set: benchmarks/requests/<set>-<dataset>.jsonl "
                    "(latency-llm: turns that call the LLM — small talk, pasted dialogues, soft words)")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    global SET
    SET = a.set
    if a.worker:
        worker(a.worker, a.n)
        return
    from rich.table import Table

    con = _console()
    variants: list[tuple[str, Path | None]] = [("after", ROOT / "src")]
    if a.before_ref != "none":
        variants.insert(0, ("before", worktree(a.before_ref)))
    result: dict = {"before_ref": None if a.before_ref == "none" else a.before_ref,
                    "commit": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                             capture_output=True, text=True).stdout.strip(),
                    "cores": os.cpu_count()}
    for ds in [d.strip() for d in a.datasets.split(",") if d.strip()]:
        reqs = _requests(ds, a.n)
        res: dict = {}
        for label, src in variants:
            rows_c = cold(src, ds, reqs, a.timeout, label)
            res[label] = {"cold": {**summarize(rows_c), "rows": rows_c}}
            if not a.skip_inproc:
                rows = inproc(src, ds, a.n, a.timeout)
                res[label]["inproc"] = summarize(rows)
                res[label]["inproc"]["build_s"] = _round(rows[-1].get("build_s"))
        if "before" in res:
            for mode in res["after"]:
                b, f = res["before"][mode].get("p50_s"), res["after"][mode].get("p50_s")
                res["after"][mode]["speedup_vs_before"] = _round(b / f if b and f else None)
        t = Table("variant", "mode", "n", "p50 s", "p90 s", "max s", "LLM calls / rec turn", "rec turns w/o LLM",
                  "LLM turns: n · p50 · p95 s", "speed-up", title=f"latency · {ds} · {len(reqs)} requests")
        for label in res:
            for mode, s in res[label].items():
                t.add_row(label, mode, str(s["n"]), str(s["p50_s"]), str(s["p90_s"]), str(s["max_s"]),
                          str(s["llm_calls_per_rec_turn"]), f"{s['rec_turns_without_llm']}/{s['rec_turns']}",
                          f"{s['llm_turns']} · {s['llm_p50_s']} · {s['llm_p95_s']}", str(s.get("speedup_vs_before", "")))
        con.print(t)
        result[ds] = res
    if a.prepare:
        result["prepare"] = prepare_fresh(a.prepare, a.timeout * 20)
        con.print(result["prepare"])
    line = json.dumps(result)
    if a.out:
        Path(a.out).write_text(line + "\n")
    sys.stdout.write(line + "\n")


if __name__ == "__main__":
    main()
