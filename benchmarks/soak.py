"""Soak: ``convrec serve`` under mixed traffic with injected faults, for a fixed time.

    python benchmarks/soak.py                      # 30 minutes, 6 client sessions
    python benchmarks/soak.py --minutes 5 --clients 4

Bounded and loopback only. It starts a fake OpenAI-compatible brain on 127.0.0.1 that answers
most calls but injects faults — HTTP 500 and 503, 429 with Retry-After, timeouts (answers
slower than the server's LLM timeout), garbage bodies, slow answers — and a real ``convrec
serve`` process (movielens-small) that uses it. Client threads then send turns for
``--minutes``: OpenAI-style (plain and streaming), REST turns, thumbs up/down, item details, over
several strategies, with ordinary requests mixed with hostile ones from the security corpus.

At the end: every acknowledged user message must be in its session (read back over REST),
the server process must still be the one that started (no crash), and its RSS is reported at
the start (after warm-up) and the end. Prints a table and one JSON line; exit status 1 on a lost
message or a crash.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from convrec.textclean import clean_message  # noqa: E402
ORDINARY = [
    "I loved Toy Story and Finding Nemo, recommend some animated films", "a thriller from the 90s",
    "no horror please", "comedies after 2005", "tell me more about the first one", "what year was Heat released?",
    "how many documentaries are there?", "something like The Matrix but older", "thanks!", "3 dramas under 2 hours",
    "which is better, Alien or Aliens?", "more like the second one",
]
STRATEGIES = ["interecagent", "interecagent", "interecagent", "omulet", "baseline-llm-only", "baseline-chat-rec",
              "baseline-popularity"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------ the faulty brain
class Brain:
    """A fake OpenAI-compatible endpoint with injected faults (``rates``: fault → probability)."""

    def __init__(self, rates: dict[str, float], timeout_s: float, seed: int = 0):
        self.rates = rates
        self.timeout_s = timeout_s
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.served = Counter()
        outer = self

        class H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def _send(self, code, body: bytes, headers=None, ctype="application/json"):
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(body)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self):
                self._send(200, json.dumps({"object": "list", "data": [{"id": "m", "object": "model"}]}).encode())

            def do_POST(self):
                n = int(self.headers.get("Content-Length") or 0)
                payload = json.loads(self.rfile.read(n) or b"{}")
                fault = outer.pick()
                with outer.lock:
                    outer.served[fault] += 1
                if fault == "http_500":
                    return self._send(500, b'{"error": {"message": "injected 500"}}')
                if fault == "http_503":
                    return self._send(503, b"<html>503 Service Unavailable</html>", ctype="text/html")
                if fault == "rate_limit":
                    return self._send(429, b'{"error": {"message": "injected 429"}}', {"Retry-After": "1"})
                if fault == "garbage":
                    return self._send(200, b'{"choices": [{"message": {"content": "trunc')
                if fault == "timeout":
                    time.sleep(outer.timeout_s + 1)
                elif fault == "slow":
                    time.sleep(outer.timeout_s * 0.5)
                if payload.get("stream"):
                    return self._stream()
                text = outer.answer(payload)
                body = {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}
                self._send(200, json.dumps(body).encode())

            def _stream(self):
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    for w in ["Here ", "you ", "go."]:
                        ch = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
                              "choices": [{"index": 0, "delta": {"content": w}, "finish_reason": None}]}
                        self.wfile.write(f"data: {json.dumps(ch)}\n\n".encode())
                    self.wfile.write(b"data: [DONE]\n\n")
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def pick(self) -> str:
        with self.lock:
            r = self.rng.random()
        acc = 0.0
        for fault, p in self.rates.items():
            acc += p
            if r < acc:
                return fault
        return "ok"

    def answer(self, payload) -> str:
        fmt = payload.get("response_format")
        system = next((m["content"] for m in payload.get("messages", []) if m.get("role") == "system"), "")
        if fmt is None and "JSON" not in system:
            return "Here are a few you may like:"
        if '"titles"' in system:
            return json.dumps({"titles": ["Toy Story", "Heat", "Alien"], "reply": "Three classics."})
        if '"picks"' in system:
            return json.dumps({"picks": [1, 2, 3], "reply": "My picks."})
        return json.dumps({"action": "use_tools", "steps": [{"tool": "rank", "schema": "preference"},
                                                            {"tool": "fetch", "k": 5}]})

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"


# ------------------------------------------------------------------ clients
def _req(base, method, path, body=None, headers=None, timeout=120):
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(base + path, data=data, method=method,
                               headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(r, timeout=timeout) as resp:
            raw = resp.read()
            return resp.status, raw
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def client(n: int, base: str, deadline: float, hostile: list[str], out: dict, lock: threading.Lock, seed: int):
    rng = random.Random(seed * 1000 + n)
    sessions: dict[str, tuple[str, list[str]]] = {}  # sid -> (strategy, acknowledged messages)
    stats = Counter()
    lat = []
    while time.time() < deadline:
        if not sessions or rng.random() < 0.15:
            st = rng.choice(STRATEGIES)
            try:
                code, raw = _req(base, "POST", "/api/sessions", {"strategy": st, "user": f"soak-{n}"})
            except OSError:
                code = None
            if code not in (200, 201):
                stats[f"new-session:{code}"] += 1
                time.sleep(1)
                continue
            sessions[json.loads(raw)["session"]] = (st, [])
        sid = rng.choice(list(sessions))
        st, acked = sessions[sid]
        msg = rng.choice(hostile) if rng.random() < 0.2 else rng.choice(ORDINARY)
        msg = f"{msg} #{n}.{len(acked)}"
        kind = rng.choices(["chat", "stream", "rest", "feedback", "item"], [0.45, 0.2, 0.2, 0.1, 0.05])[0]
        t0 = time.perf_counter()
        try:
            if kind in ("chat", "stream"):
                code, raw = _req(base, "POST", "/v1/chat/completions",
                                 {"model": f"convrec-{st}", "stream": kind == "stream",
                                  "messages": [{"role": "user", "content": msg}]}, {"X-Convrec-Session": sid})
                if code == 200 and kind == "stream":
                    for line in raw.decode("utf-8", "replace").splitlines():
                        if line.startswith("data: {") and '"error"' in line[:20]:
                            code = 599  # an error reported inside the stream
                            err = json.loads(line[6:])["error"].get("message", "")[:90]
                            stats[f"stream-error {err}:599"] += 1
                if code == 200:
                    acked.append(msg)
            elif kind == "rest":
                code, raw = _req(base, "POST", f"/api/sessions/{sid}/turns", {"message": msg, "k": 5})
                if code == 200:
                    acked.append(msg)
            elif kind == "feedback":
                code, raw = _req(base, "POST", f"/api/sessions/{sid}/feedback",
                                 {"item_id": rng.choice(["1", "318", "2571", "nope"]), "value": rng.choice(["up", "down"])})
            else:
                code, raw = _req(base, "GET", f"/api/items/movielens-small/{rng.choice(['1', '50', '99999999'])}")
        except OSError as e:
            code = f"conn:{type(e).__name__}"
        stats[f"{kind}:{code}"] += 1
        if kind in ("chat", "stream", "rest") and code == 200:
            lat.append(time.perf_counter() - t0)
        if code == 429:
            time.sleep(1)
    lost = 0
    for sid, (_, acked) in sessions.items():
        code, raw = _req(base, "GET", f"/api/sessions/{sid}/messages")
        stored = [m["content"] for m in json.loads(raw).get("messages", []) if m["role"] == "user"] if code == 200 else []
        stored = {x.strip() for x in stored}
        missing = [m for m in acked if clean_message(m).strip() not in stored]  # stored as the agent reads it
        lost += len(missing)
        for m in missing:
            stats[f"lost {sid} {m[:60]!r}:lost"] += 1
    with lock:
        out["stats"].update(stats)
        out["lat"].extend(lat)
        out["lost"] += lost
        out["acked"] += sum(len(a) for _, a in sessions.values())
        out["sessions"] += len(sessions)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--clients", type=int, default=6)
    ap.add_argument("--llm-timeout", type=float, default=3.0, help="the server's LLM timeout (s)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from rich.console import Console
    from rich.table import Table

    con = Console(stderr=True)
    rates = {"http_500": 0.05, "http_503": 0.03, "rate_limit": 0.04, "garbage": 0.04, "timeout": 0.03, "slow": 0.06}
    brain = Brain(rates, args.llm_timeout, args.seed)
    home = os.environ.get("CONVREC_HOME")
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"convrec-soak-{os.getpid()}"
    work.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    env = dict(os.environ, OMP_NUM_THREADS="1")
    if home:
        env["CONVREC_HOME"] = home
    (work / "convrec.toml").write_text(f"[llm]\ntimeout_s = {args.llm_timeout}\nmax_retries = 1\n")
    cmd = [sys.executable, "-m", "convrec", "--config", str(work / "convrec.toml"), "serve", "--port", str(port), "-d", "movielens-small", "--llm", "openai",
           "--base-url", brain.base_url, "--model", "m", "--db-url", str(work / "sessions.db"), "--threads", "2",
           "--queue", "16", "--timeout", "60"]
    log = open(work / "server.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    con.print(f"starting convrec serve (pid {proc.pid}) against a faulty brain at {brain.base_url} ...")
    t_start = time.time()
    while True:
        if proc.poll() is not None:
            con.print(f"the server exited with {proc.returncode}; see {log.name}")
            return 1
        try:
            if _req(base, "GET", "/healthz", timeout=2)[0] in (200, 503):
                break
        except OSError:
            pass
        if time.time() - t_start > 900:
            proc.kill()
            return 1
        time.sleep(1)
    hostile = [json.loads(line)["message"] for line in (ROOT / "tests/security/corpus/chat.jsonl").read_text().splitlines()
               if line.strip()]
    hostile = [h for h in hostile if len(h) < 5000]
    out = {"stats": Counter(), "lat": [], "lost": 0, "acked": 0, "sessions": 0}
    lock = threading.Lock()
    deadline = time.time() + args.minutes * 60
    threads = [threading.Thread(target=client, args=(n, base, deadline, hostile, out, lock, args.seed), daemon=True)
               for n in range(args.clients)]
    [t.start() for t in threads]
    samples = []
    warm_rss = None
    from rich.progress import Progress

    with Progress(console=con) as bar:
        task = bar.add_task(f"soak {args.minutes:g} min, {args.clients} clients", total=args.minutes * 60)
        t0 = time.time()
        while any(t.is_alive() for t in threads):
            time.sleep(5)
            bar.update(task, completed=min(time.time() - t0, args.minutes * 60))
            if proc.poll() is None:
                r = rss_mb(proc.pid)
                samples.append((round(time.time() - t0), round(r, 1)))
                if warm_rss is None and time.time() - t0 > min(120, args.minutes * 60 / 4):
                    warm_rss = r
    crashed = proc.poll() is not None
    end_rss = rss_mb(proc.pid) if not crashed else float("nan")
    try:
        metrics = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode() if not crashed else ""
    except OSError:
        metrics = ""
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()
    lat = sorted(out["lat"])
    pct = lambda q: round(lat[min(len(lat) - 1, int(q * len(lat)))], 2) if lat else None  # noqa: E731
    codes = Counter()
    for k, v in out["stats"].items():
        codes[k.split(":", 1)[1]] += v
    summary = {
        "minutes": args.minutes, "clients": args.clients, "sessions": out["sessions"], "requests": sum(out["stats"].values()),
        "turns_acknowledged": out["acked"], "lost": out["lost"], "crashed": crashed,
        "status_counts": dict(sorted(codes.items(), key=lambda kv: str(kv[0]))),
        "brain_calls": dict(brain.served), "turn_p50_s": pct(0.5), "turn_p99_s": pct(0.99),
        "rss_warm_mb": round(warm_rss, 1) if warm_rss else None, "rss_end_mb": round(end_rss, 1),
        "rss_growth_mb": round(end_rss - warm_rss, 1) if warm_rss else None,
        "server_5xx": sum(v for k, v in codes.items() if str(k).startswith("5") and k not in ("503",)),
    }
    tab = Table(title="convrec serve soak (injected faults)")
    tab.add_column("measure")
    tab.add_column("value", justify="right")
    for k, v in summary.items():
        tab.add_row(k.replace("_", " "), json.dumps(v) if isinstance(v, dict) else str(v))
    Console().print(tab)
    con.print("RSS samples (s, MB): " + " ".join(f"{s}:{r}" for s, r in samples[:: max(1, len(samples) // 12)]))
    for k, v in out["stats"].items():
        if k.startswith(("stream-error", "lost ")):
            con.print(f"  {v} x {k}")
    for line in metrics.splitlines():
        if line.startswith(("convrec_errors_total", "convrec_turns_total")):
            con.print("  " + line)
    print(json.dumps(summary))
    return 0 if out["acked"] and not out["lost"] and not crashed else 1


if __name__ == "__main__":
    sys.exit(main())
