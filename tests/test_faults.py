"""Faults through whole turns: the brain (a fake OpenAI-compatible server) times out, fails,
rate-limits, sends garbage or trickles; the session store is locked or full; the server is
killed mid-turn. Every turn still answers within a bound from the tools (marked ``degraded``
when the brain could not be reached or kept failing; not when it answered something the agent
rejected), every acknowledged message stays stored, and failures are
one clear line."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from conftest import prepare_tiny_games
from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.core.sessions import SessionStore
from convrec.config import Config, DataConfig
from convrec.llm.openai_backend import OpenAILLM
from convrec.core.catalog import CatalogAccess
from test_llm_openai import FakeOpenAIServer, Step, chat_body

ASK = "3 strategy games under $20 please"


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("faults_home"), data=DataConfig())
    ds = prepare_tiny_games(cfg)
    return cfg, CatalogAccess(ds, cfg)


def _agent(catalog, store, base_url, timeout_s=1.0):
    llm = OpenAILLM(base_url=base_url, api_key="k", model="m", timeout_s=timeout_s, max_retries=1,
                    backoff_s=0.01, max_backoff_s=1.0, json_mode="json_object")
    return InteRecAgent(catalog, llm, store, DemoBank(catalog.ds), planner="always", llm_intro="on")


PLAN = {"action": "use_tools", "steps": [
    {"tool": "hard_filter", "conditions": [{"column": "genres", "op": "contains", "value": "Strategy"}]},
    {"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 3}]}

FAULTS = {
    "timeout": ([Step(body=chat_body("{}"), delay_s=3.0)], True),
    "http_500": ([Step(status=500, body={"error": {"message": "boom"}})], True),
    "http_503_html": ([Step(status=503, body="<html>Service Unavailable</html>")], True),
    "rate_limited_then_ok": ([Step(status=429, body={"error": {"message": "slow down"}}, headers={"Retry-After": "0.2"}),
                              Step(body=chat_body(json.dumps(PLAN))), Step(body=chat_body("Here you go:"))], False),
    "invalid_json_body": ([Step(body="{not json")], True),
    "truncated_body": ([Step(body=b'{"id": "x", "choices": [{"message": {"content": "hel')], True),
    "wrong_shape": ([Step(body={"choices": []})], True),
    "plan_not_json": ([Step(body=chat_body("I think you should play chess."))], False),
    "slow_but_in_time": ([Step(body=chat_body(json.dumps(PLAN)), delay_s=0.4),
                          Step(body=chat_body("Three picks:"), delay_s=0.4)], False),
}


@pytest.mark.parametrize("fault", list(FAULTS), ids=list(FAULTS))
def test_a_faulty_brain_never_breaks_the_turn(fault, home, tmp_path):
    cfg, catalog = home
    steps, unreachable = FAULTS[fault]
    store = SessionStore(tmp_path / "s.db")
    with FakeOpenAIServer(list(steps)) as srv:
        agent = _agent(catalog, store, srv.base_url)
        t0 = time.monotonic()
        t = agent.turn(ASK)
        elapsed = time.monotonic() - t0
    assert elapsed < 20, elapsed  # bounded: timeouts and retries are capped
    assert len(t.items) == 3, (fault, t.reply, t.repairs)
    for it in t.items:  # the stated conditions hold whatever the brain did
        d = catalog.describe(it["id"])
        assert "Strategy" in d["genres"] and d["cost"] <= 20
    assert t.items and all(it["title"] in t.reply for it in t.items)
    assert bool(t.degraded) == unreachable, t.degraded
    msgs = store.messages(t.session)
    assert [m["role"] for m in msgs] == ["user", "assistant"] and msgs[0]["content"] == ASK


def test_a_locked_session_store_waits_then_writes(home, tmp_path):
    """Another process holds the store's write lock for a while: the turn waits (busy timeout)
    and stores both messages once it is free."""
    _, catalog = home
    path = tmp_path / "s.db"
    store = SessionStore(path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # the write lock

    def release():
        time.sleep(1.5)
        other.execute("COMMIT")

    threading.Thread(target=release, daemon=True).start()
    from convrec.strategies.baselines import PopularityBaseline

    s = PopularityBaseline(catalog, k=3)
    s.store = store
    t0 = time.monotonic()
    t = s.turn(ASK)
    assert time.monotonic() - t0 >= 1.0
    assert [m["role"] for m in store.messages(t.session)] == ["user", "assistant"]


def _run_cli(args, env, **kw):
    return subprocess.run([sys.executable, "-m", "convrec", *args], env=env, capture_output=True, text=True,
                          timeout=180, **kw)


def test_a_full_disk_is_one_clear_line(home, tmp_path):
    """The session store cannot grow (a file-size limit stands in for a full disk): `ask` says so
    in one line and exits non-zero, no traceback."""
    import resource

    cfg, _ = home
    env = dict(os.environ, CONVREC_HOME=str(cfg.home))
    assert _run_cli(["ask", "-d", "tiny", "-s", "baseline-popularity", "warm up"], env).returncode == 0
    db = cfg.home / "sessions.db"
    env["PYTHONDONTWRITEBYTECODE"] = "1"

    def limit():  # no file may grow past 4 kB: the store's next WAL frame cannot be written
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    big = "strategy games please"
    p = _run_cli(["ask", "-d", "tiny", "-s", "baseline-popularity", big], env, preexec_fn=limit)
    assert p.returncode != 0
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr[-800:]
    assert "disk" in p.stderr.lower() or "space" in p.stderr.lower() or "full" in p.stderr.lower(), p.stderr[-400:]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def test_kill_9_mid_turn_then_restart_loses_nothing(home, tmp_path):
    """`convrec serve` is killed (SIGKILL) while a turn waits on a slow brain (the LLM-only baseline:
    one LLM call every turn); after a restart
    the user's message is in the session, and the session goes on."""
    cfg, _ = home
    with FakeOpenAIServer([Step(body=chat_body("{}"), delay_s=30)]) as brain:
        env = dict(os.environ, CONVREC_HOME=str(cfg.home))
        port = _free_port()
        cmd = ["serve", "--port", str(port), "-d", "tiny", "-s", "baseline-llm-only", "--llm", "openai",
               "--base-url", brain.base_url, "--model", "m", "--no-warm", "--db-url", str(tmp_path / "s.db")]

        def start():
            proc = subprocess.Popen([sys.executable, "-m", "convrec", *cmd], env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
            deadline = time.time() + 90
            while time.time() < deadline:
                try:
                    if _get(f"http://127.0.0.1:{port}/healthz")["status"]:
                        return proc
                except OSError:
                    time.sleep(0.3)
            proc.kill()
            raise AssertionError("the server did not start")

        proc = start()
        base = f"http://127.0.0.1:{port}"
        body = json.dumps({"model": "convrec", "messages": [{"role": "user", "content": "I loved Star Harvest, more like it"}]})

        def send():
            req = urllib.request.Request(base + "/v1/chat/completions", data=body.encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-Convrec-Session": "kill-me"})
            try:
                urllib.request.urlopen(req, timeout=60).read()
            except OSError:
                pass

        procs = [proc]
        try:
            threading.Thread(target=send, daemon=True).start()
            deadline = time.time() + 30
            while time.time() < deadline and not brain.chat_requests:
                time.sleep(0.1)  # the turn is mid-way: the brain has been asked
            assert brain.chat_requests, "the turn never reached the brain"
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            procs.append(start())
            msgs = _get(f"{base}/api/sessions/kill-me/messages")["messages"]
            assert [m["content"] for m in msgs if m["role"] == "user"] == ["I loved Star Harvest, more like it"]
        finally:
            for p in procs:
                p.kill()
                p.wait(10)
