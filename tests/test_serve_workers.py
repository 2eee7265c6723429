"""Many users: worker processes behind one address, sessions in PostgreSQL, session locks, the
queue bound and rate limits in Redis (real services, real processes)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import prepare_tiny_games
from convrec.config import Config, DataConfig
from test_llm_openai import FakeOpenAIServer, Step, chat_body
from test_server import PG_URL

REDIS_URL = os.environ.get("CONVREC_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="module")
def redis_url():
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as e:  # noqa: BLE001 - any failure means: no usable Redis here
        pytest.skip(f"no Redis at {REDIS_URL} ({e}): worker coordination tests not run")
    return REDIS_URL


@pytest.fixture(scope="module")
def pg_url():
    try:
        import psycopg

        psycopg.connect(PG_URL, connect_timeout=3).close()
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"no PostgreSQL at {PG_URL} ({e}): worker tests not run")
    schema = "w" + uuid.uuid4().hex[:8]
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as con:
        con.execute(f"CREATE SCHEMA {schema}")
    yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_URL, autocommit=True) as con:
        con.execute(f"DROP SCHEMA {schema} CASCADE")


def coord(url):
    from convrec.server.coord import RedisCoordinator

    return RedisCoordinator(url, prefix="test-" + uuid.uuid4().hex[:8])


# ---------------------------------------------------------------------------- the coordinator
def test_admission_is_one_bound_across_processes(redis_url):
    a = coord(redis_url)
    b = coord(redis_url)
    b.prefix = a.prefix  # two workers, one Redis
    assert a.admit("j1", 3, 30) and b.admit("j2", 3, 30) and a.admit("j3", 3, 30)
    assert not b.admit("j4", 3, 30)  # the bound holds whichever worker asks
    a.release("j1")
    assert b.admit("j4", 3, 30)
    assert not a.admit("j5", 3, 30)
    # a worker killed mid-turn never releases: its admission lapses with the time limit
    c = coord(redis_url)
    assert c.admit("dead", 1, 0.3) and not c.admit("next", 1, 0.3)
    time.sleep(0.4)
    assert c.admit("next", 1, 0.3)


def test_session_lock_excludes_other_workers_and_lapses(redis_url):
    from convrec.core.sessions import SessionBusy

    a = coord(redis_url)
    b = coord(redis_url)
    b.prefix = a.prefix
    order, held = [], []

    def other_worker():
        cm = b.session_lock("s1", timeout_s=5, hold_s=30)
        cm.__enter__()
        held.append(cm)  # still held after this thread ends
        order.append("b")

    with a.session_lock("s1", timeout_s=5, hold_s=30):
        t = threading.Thread(target=other_worker)
        t.start()
        time.sleep(0.3)
        order.append("a done")
    t.join(5)
    assert order == ["a done", "b"]
    with pytest.raises(SessionBusy):
        with a.session_lock("s1", timeout_s=0.2, hold_s=30):
            pass
    # a long turn keeps its hold by renewing it: another worker still waits past hold_s
    with a.session_lock("s3", timeout_s=1, hold_s=0.6):
        time.sleep(1.2)
        with pytest.raises(SessionBusy):
            with b.session_lock("s3", timeout_s=0.2, hold_s=0.6):
                pass
    # a holder that died: the hold lapses
    c = coord(redis_url)
    c.r.set(f"{c.prefix}:session:s2", "a-killed-worker", px=300)  # held, no longer renewed
    with c.session_lock("s2", timeout_s=2, hold_s=5):
        pass
    held[0].__exit__(None, None, None)


def test_rate_limit_per_client(redis_url):
    a = coord(redis_url)
    assert a.over_rate("ip:1", 2) is None and a.over_rate("ip:1", 2) is None
    wait = a.over_rate("ip:1", 2)
    assert wait is not None and 1 <= wait <= 61
    assert a.over_rate("ip:2", 2) is None  # another client has its own count


def test_unreachable_redis_is_one_clear_error():
    from convrec.server.coord import CoordinationUnavailable, RedisCoordinator

    c = RedisCoordinator("redis://127.0.0.1:1/0", socket_timeout=0.5)
    assert c.ping() is False
    t = time.monotonic()
    with pytest.raises(CoordinationUnavailable, match="Redis at redis://127.0.0.1:1/0 cannot be reached"):
        c.admit("x", 1, 10)
    assert time.monotonic() - t < 5


# ---------------------------------------------------------------------------- real worker processes
@pytest.fixture(scope="module")
def tiny_home(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("workers_home"), data=DataConfig())
    prepare_tiny_games(cfg)
    return cfg


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _req(base, method, path, body=None, headers=None, timeout=60):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None, method=method,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def _children(pid: int) -> list[int]:
    out = []
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                stat = (p / "stat").read_text()
            except OSError:
                continue
            state, ppid = stat.rsplit(")", 1)[1].split()[:2]
            if int(ppid) == pid and state != "Z":  # a killed child stays a zombie until reaped
                out.append(int(p.name))
    return out


def _serve(tiny_home, args, env_extra=None):
    env = dict(os.environ, CONVREC_HOME=str(tiny_home.home), **(env_extra or {}))
    return subprocess.Popen([sys.executable, "-m", "convrec", "serve", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _wait_up(base, proc, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {proc.stderr.read()[-2000:]}")
        try:
            if _req(base, "GET", "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise AssertionError("the server did not come up")


def test_two_workers_share_sessions_and_survive_a_kill(tiny_home, pg_url, redis_url):
    """`convrec serve --workers 2` on PostgreSQL + Redis: concurrent sessions all answered, every
    message stored once and in order whichever worker took it; a worker killed with SIGKILL is
    replaced and the service goes on."""
    with FakeOpenAIServer([Step(body=chat_body("{}"))]) as brain:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        proc = _serve(tiny_home, ["--port", str(port), "-d", "tiny", "--workers", "2", "--llm", "openai", "--base-url",
                                  brain.base_url, "--model", "m", "--db-url", pg_url, "--redis-url", redis_url,
                                  "--queue", "50"])
        try:
            _wait_up(base, proc)
            workers = len(_children(proc.pid))
            assert workers >= 2  # two workers (and maybe a helper process)
            msgs = ["strategy games under $20", "something cozy", "no horror please"]

            def session(n):
                sid = f"w-{n}"
                codes = []
                for m in msgs:
                    code, _ = _req(base, "POST", "/v1/chat/completions",
                                   {"model": "convrec", "messages": [{"role": "user", "content": f"{m} #{n}"}]},
                                   {"X-Convrec-Session": sid})
                    codes.append(code)
                return sid, codes

            with ThreadPoolExecutor(8) as pool:
                done = list(pool.map(session, range(8)))
            pids = {_req(base, "GET", "/healthz")[1]["pid"] for _ in range(20)}
            for sid, codes in done:
                assert codes == [200, 200, 200], codes
                stored = _req(base, "GET", f"/api/sessions/{sid}/messages")[1]["messages"]
                n = sid.split("-")[1]
                assert [m["content"] for m in stored if m["role"] == "user"] == [f"{m} #{n}" for m in msgs]
                assert [m["role"] for m in stored] == ["user", "assistant"] * 3
            health = _req(base, "GET", "/healthz")[1]
            assert health["coordination"] == "redis ok" and health["processes"] == 2 and pids

            victim = max(_children(proc.pid))
            os.kill(victim, signal.SIGKILL)
            deadline = time.time() + 90
            code = None
            while time.time() < deadline:  # a client retrying on errors gets its answer
                try:
                    code, _ = _req(base, "POST", "/v1/chat/completions",
                                   {"model": "convrec", "messages": [{"role": "user", "content": "more please"}]},
                                   {"X-Convrec-Session": "after-kill"}, timeout=30)
                    if code == 200:
                        break
                except OSError:
                    time.sleep(0.5)
            assert code == 200
            deadline = time.time() + 60
            while time.time() < deadline and (victim in _children(proc.pid) or len(_children(proc.pid)) < workers):
                time.sleep(0.5)
            assert victim not in _children(proc.pid) and len(_children(proc.pid)) >= workers  # replaced
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_workers_without_redis_or_postgres_say_so(tiny_home, tmp_path):
    port = _free_port()
    t = time.monotonic()
    proc = _serve(tiny_home, ["--port", str(port), "-d", "tiny", "--workers", "2", "--no-warm", "--llm", "openai",
                              "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--db-url", str(tmp_path / "s.db"),
                              "--redis-url", "redis://127.0.0.1:1/0"])
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode != 0 and "Traceback" not in err
    assert "Redis at redis://127.0.0.1:1/0 cannot be reached" in err
    proc = _serve(tiny_home, ["--port", str(port), "-d", "tiny", "--workers", "2", "--no-warm", "--llm", "openai",
                              "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                              "--db-url", "postgresql://nobody@127.0.0.1:1/none"])
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode != 0 and "Traceback" not in err and "cannot connect to the session store" in err
    assert time.monotonic() - t < 60


def test_rate_limit_answers_429_with_retry_after(tiny_home, tmp_path):
    """``[server] rate_limit``: a client's turns past the limit this minute get 429
    ``rate_limited`` with Retry-After; another client is not affected."""
    from fastapi.testclient import TestClient

    from convrec.core.sessions import SessionStore
    from convrec.llm.fake import ScriptedLLM
    from convrec.server import Engine, create_app

    cfg = tiny_home.model_copy(update={"server": tiny_home.server.model_copy(update={"rate_limit": 2})})
    engine = Engine(cfg, ["tiny"], llm=ScriptedLLM(["{}"] * 60), store=SessionStore(tmp_path / "s.db"))
    client = TestClient(create_app(engine))
    body = {"model": "convrec", "messages": [{"role": "user", "content": "strategy games"}]}
    codes = [client.post("/v1/chat/completions", json=body, headers={"Authorization": "Bearer a"}).status_code
             for _ in range(3)]
    assert codes[:2] == [200, 200] and codes[2] == 429
    r = client.post("/v1/chat/completions", json=body, headers={"Authorization": "Bearer a"})
    assert r.json()["error"]["code"] == "rate_limited" and int(r.headers["Retry-After"]) >= 1
    assert client.post("/v1/chat/completions", json=body, headers={"Authorization": "Bearer b"}).status_code == 200
    engine.close()


def test_a_retried_message_is_stored_once(tiny_home, tmp_path):
    """A client that lost its answer (a worker killed, a dropped connection) sends the message
    again with the same Idempotency-Key: the stored reply comes back, or — when the turn died
    before replying — the turn runs without storing the message a second time."""
    from fastapi.testclient import TestClient

    from convrec.core.sessions import SessionStore
    from convrec.llm.fake import ScriptedLLM
    from convrec.server import Engine, create_app

    store = SessionStore(tmp_path / "s.db")
    engine = Engine(tiny_home, ["tiny"], llm=ScriptedLLM(["{}"] * 60), store=store)
    client = TestClient(create_app(engine))

    def send(text, key, sid):
        return client.post("/v1/chat/completions", json={"model": "convrec", "messages": [{"role": "user", "content": text}]},
                           headers={"X-Convrec-Session": sid, "Idempotency-Key": key})

    a = send("strategy games under $20", "k1", "idem")
    b = send("strategy games under $20", "k1", "idem")
    assert a.status_code == b.status_code == 200
    assert a.json()["choices"][0]["message"]["content"] == b.json()["choices"][0]["message"]["content"]
    assert [m["role"] for m in store.messages("idem")] == ["user", "assistant"]
    # the worker died after storing the message, before the reply: the retry answers it once
    store.add_message("idem", "user", "something cozy", meta={"key": "k2"})
    c = send("something cozy", "k2", "idem")
    assert c.status_code == 200
    assert [(m["role"], m["content"]) for m in store.messages("idem") if m["role"] == "user"] == [
        ("user", "strategy games under $20"), ("user", "something cozy")]
    assert [m["role"] for m in store.messages("idem")] == ["user", "assistant", "user", "assistant"]
    # another key is another message
    assert send("something cozy", "k3", "idem").status_code == 200
    assert len(store.messages("idem")) == 6
    assert send("x", "", "idem").status_code == 400
    engine.close()
