"""``convrec serve``: the session store on SQLite and PostgreSQL, the OpenAI-compatible API (with
the real ``openai`` client against a live server), REST, limits, queueing, auth and metrics.

Most tests serve the 20-game fixture catalog with the popularity baseline (no LLM), so they check
the service, not the recommender; ``test_real_model_*`` runs the real embedded model."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid

import pytest

from conftest import prepare_tiny_games
from convrec.core.sessions import PgSessionStore, Profile, SessionStore, open_store
from convrec.config import Config, DataConfig
from convrec.errors import ConvrecError

fastapi = pytest.importorskip("fastapi", reason="the server needs FastAPI: pip install -e '.[local]'")
from fastapi.testclient import TestClient  # noqa: E402

from convrec.server import Engine, create_app  # noqa: E402
from convrec.server.engine import Busy  # noqa: E402

PG_URL = os.environ.get("CONVREC_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


# ---------------------------------------------------------------------------- stores
def _pg_or_skip():
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[dev]'): PostgreSQL store tests not run")
    try:
        psycopg.connect(PG_URL, connect_timeout=3).close()
    except Exception as e:  # noqa: BLE001
        msg = f"no PostgreSQL server at {PG_URL} ({str(e).strip().splitlines()[0]}): PostgreSQL store tests not run"
        print(msg)
        pytest.skip(msg)
    return psycopg


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    """The same store contract on both backends; PostgreSQL in a fresh schema per test."""
    if request.param == "sqlite":
        s = SessionStore(tmp_path / "sessions.db")
        yield s
        s.close()
        return
    psycopg = _pg_or_skip()
    schema = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_URL, autocommit=True) as con:
        con.execute(f"CREATE SCHEMA {schema}")
    s = PgSessionStore(f"{PG_URL}?options=-csearch_path%3D{schema}")
    yield s
    s.close()
    with psycopg.connect(PG_URL, autocommit=True) as con:
        con.execute(f"DROP SCHEMA {schema} CASCADE")


def _second_handle(store):
    """Another handle on the same store, as another process or worker would open it."""
    from convrec.core.sessions import PgSessionStore

    return PgSessionStore(store._url) if isinstance(store, PgSessionStore) else SessionStore(store.path)


def test_turn_lock_serialises_two_handles(store):
    """Two handles (two processes, two workers) on one session: the second waits for the first
    turn to end; another session does not wait; a holder that never lets go times out clearly."""
    import threading
    import time as _time

    from convrec.core.sessions import SessionBusy

    other = _second_handle(store)
    sid, sid2 = store.create("a", "tiny", "x"), store.create("a", "tiny", "x")
    events: list[str] = []
    holding = threading.Event()

    def first():
        with store.turn_lock(sid):
            holding.set()
            events.append("first in")
            _time.sleep(0.6)
            events.append("first out")

    t = threading.Thread(target=first)
    t.start()
    holding.wait(10)
    t0 = _time.perf_counter()
    with other.turn_lock(sid2):  # another session: no wait
        free = _time.perf_counter() - t0
    with other.turn_lock(sid):
        events.append("second in")
    t.join()
    assert events == ["first in", "first out", "second in"] and free < 0.4
    holding.clear()
    t = threading.Thread(target=first)
    t.start()
    holding.wait(10)
    with pytest.raises(SessionBusy, match="busy"):
        with other.turn_lock(sid, timeout_s=0.2):
            pass
    t.join()
    other.close()


def test_store_contract(store):
    sid = store.create("alice", "tiny", "interecagent")
    store.add_message(sid, "user", "I loved Star Harvest — ünïcode ✓")
    store.add_message(sid, "assistant", "Try Galaxy Lords", items=[{"id": "2"}], trace=[{"tool": "rank", "ms": 1.5}])
    store.save_profile(sid, Profile(like_ids=["3"], dislike_ids=["4"]))
    s = store.get(sid)
    assert s["user_id"] == "alice" and s["dataset"] == "tiny" and s["profile"].like_ids == ["3"]
    msgs = store.messages(sid)
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[0]["content"].endswith("✓") and msgs[1]["items"] == [{"id": "2"}]
    assert store.get("nope") is None
    # a chosen id, the user's latest session, and the long-term profile across sessions
    own = store.create("alice", "tiny", "interecagent", session_id="chat-42")
    store.save_profile(own, Profile(like_ids=["4"]))
    assert store.latest("alice", "tiny", "interecagent") == "chat-42"
    assert store.latest("bob", "tiny", "interecagent") is None
    long = store.long_term("alice", "tiny")
    assert long.like_ids == ["3", "4"] and long.dislike_ids == []  # a newer like overrides the older dislike
    assert store.ping()


def test_store_concurrent_writers(store):
    sid = store.create("u", "tiny", "s")
    errors = []

    def write(t):
        try:
            for i in range(20):
                store.add_message(sid, "user", f"{t}-{i}")
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=write, args=(t,)) for t in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert not errors
    assert len(store.messages(sid)) == 80


def test_open_store_targets(tmp_path):
    assert isinstance(open_store(None, tmp_path / "a.db"), SessionStore)
    assert open_store(f"sqlite:///{tmp_path}/b.db", tmp_path / "x.db").path == tmp_path / "b.db"
    assert open_store(str(tmp_path / "c.db"), tmp_path / "x.db").path == tmp_path / "c.db"
    with pytest.raises(ConvrecError, match="unsupported"):
        open_store("mysql://h/db", tmp_path / "x.db")
    with pytest.raises(ConvrecError, match=r"cannot connect.*\*\*\*"):  # the password never shows
        open_store("postgresql://u:secret@127.0.0.1:9/db", tmp_path / "x.db")


# ---------------------------------------------------------------------------- the service
@pytest.fixture(scope="module")
def tiny_home(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("server_home"), data=DataConfig())
    prepare_tiny_games(cfg)
    return cfg


def make_engine(cfg: Config, store=None, **server) -> Engine:
    cfg = cfg.model_copy(update={"server": cfg.server.model_copy(update=server)})
    return Engine(cfg, ["tiny"], "baseline-popularity", store=store)


@pytest.fixture
def engine(tiny_home, store):
    e = make_engine(tiny_home, store=store)
    yield e
    e.close()


@pytest.fixture
def client(engine):
    return TestClient(create_app(engine))


def _chat(client, text="some strategy games", **kw):
    body = {"model": "convrec", "messages": [{"role": "user", "content": text}], **kw.pop("body", {})}
    return client.post("/v1/chat/completions", json=body, **kw)


def test_chat_completion_shape_and_session(client, engine):
    r = _chat(client)
    assert r.status_code == 200
    d = r.json()
    assert d["object"] == "chat.completion" and d["choices"][0]["message"]["role"] == "assistant"
    items = d["convrec"]["items"]
    assert len(items) == 10 and all(it["id"] in engine.agent("tiny", "baseline-popularity").strategy.catalog.items.index
                                    for it in items)
    content = d["choices"][0]["message"]["content"]
    assert all(it["title"] in content for it in items)  # the list is in the content too
    sid = r.headers["x-convrec-session"]
    assert d["convrec"]["session"] == sid and d["usage"]["total_tokens"] > 0
    # the header continues the same conversation; the store has both turns
    r2 = _chat(client, "more please", headers={"X-Convrec-Session": sid})
    assert r2.json()["convrec"]["session"] == sid
    assert [m["role"] for m in engine.store.messages(sid)] == ["user", "assistant", "user", "assistant"]


def test_chat_sessions_from_user_field_and_stateless_context(client, engine):
    first = _chat(client, "strategy games", body={"user": "carol"}).json()["convrec"]["session"]
    msgs = [{"role": "user", "content": "strategy games"}, {"role": "assistant", "content": "..."},
            {"role": "user", "content": "cheaper ones"}]
    again = client.post("/v1/chat/completions", json={"model": "convrec", "messages": msgs, "user": "carol"}).json()
    assert again["convrec"]["session"] == first  # the user's ongoing conversation
    fresh = _chat(client, "horror games", body={"user": "carol"}).json()["convrec"]["session"]
    assert fresh != first  # one user message = a new chat
    assert engine.store.get(fresh)["user_id"] == "carol"
    # no header, no user: the earlier messages become the stored conversation's context
    r = client.post("/v1/chat/completions", json={"model": "convrec", "messages": [
        {"role": "system", "content": "ignored"}, {"role": "user", "content": "I loved Star Harvest"},
        {"role": "assistant", "content": "Nice"}, {"role": "user", "content": "what next?"}]}).json()
    stored = engine.store.messages(r["convrec"]["session"])
    assert [m["content"] for m in stored[:3]] == ["I loved Star Harvest", "Nice", "what next?"]


def test_streaming_chunks_rebuild_the_reply(client):
    with client.stream("POST", "/v1/chat/completions", json={
            "model": "convrec-baseline-popularity:tiny", "stream": True,
            "messages": [{"role": "user", "content": "games"}]}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = [line[6:] for line in r.iter_lines() if line.startswith("data: ")]
    assert events[-1] == "[DONE]"
    chunks = [json.loads(e) for e in events[:-1]]
    assert chunks[0]["choices"][0]["delta"]["role"] == "assistant"
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    final = chunks[-1]
    assert final["choices"][0]["finish_reason"] == "stop"
    assert text.endswith(final["convrec"]["items"][-1]["title"])
    assert len(chunks) > 3  # the reply arrives in pieces


def test_models_and_errors(client):
    ids = [m["id"] for m in client.get("/v1/models").json()["data"]]
    assert "convrec" in ids and "convrec-omulet:tiny" in ids and "convrec-baseline-popularity" in ids
    r = _chat(client, body={"model": "gpt-4"})
    assert r.status_code == 404 and "unknown model" in r.json()["error"]["message"]
    r = client.post("/v1/chat/completions", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "json_invalid"  # what OpenAI clients expect
    r = client.post("/v1/chat/completions", json={"model": "convrec", "messages": []})
    assert r.status_code == 422 and "messages" in r.json()["error"]["message"]
    assert r.json()["error"]["code"] == "invalid_request"  # every error carries a code
    r = client.post("/v1/chat/completions", json={"messages": [{"role": "assistant", "content": "hi"}]})
    assert r.status_code == 400 and "no user message" in r.json()["error"]["message"]
    assert client.get("/api/sessions/nope").status_code == 404
    assert client.get("/no/such/route").json()["error"]["code"] == "not_found"
    metrics = client.get("/metrics").text
    assert 'convrec_errors_total{kind="not_found"}' in metrics  # 404s are counted


def test_rest_session_turn_feedback_and_item(client, engine):
    opts = client.get("/api/options").json()
    assert opts["datasets"] == ["tiny"] and "interecagent" in opts["strategies"]
    s = client.post("/api/sessions", json={"user": "dave"}).json()
    sid = s["session"]
    assert s["dataset"] == "tiny" and s["strategy"] == "baseline-popularity"
    t = client.post(f"/api/sessions/{sid}/turns", json={"message": "games", "k": 3}).json()
    assert len(t["items"]) == 3 and t["session"] == sid and isinstance(t["trace"], list)
    item = t["items"][0]["id"]
    fb = client.post(f"/api/sessions/{sid}/feedback", json={"item_id": item, "value": "up"}).json()
    assert fb["profile"]["like_ids"] == [item]
    fb = client.post(f"/api/sessions/{sid}/feedback", json={"item_id": item, "value": "down"}).json()
    assert fb["profile"]["like_ids"] == [] and fb["profile"]["dislike_ids"] == [item]
    assert engine.store.long_term("dave", "tiny").dislike_ids == [item]  # the user's long-term profile too
    assert client.post(f"/api/sessions/{sid}/feedback", json={"item_id": "nope", "value": "up"}).status_code == 404
    assert client.post(f"/api/sessions/{sid}/feedback", json={"item_id": item, "value": "meh"}).status_code == 422
    msgs = client.get(f"/api/sessions/{sid}/messages").json()["messages"]
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[1]["items"][0]["id"] == item and "title" in msgs[1]["items"][0]  # ids come back as cards
    detail = client.get(f"/api/items/tiny/{item}").json()
    assert detail["id"] == item and detail["title"]
    assert client.get("/api/items/tiny/nope").status_code == 404
    assert client.get("/api/items/steam/1").status_code == 404  # not served here


def test_feedback_is_read_by_the_next_interecagent_turn(tiny_home, tmp_path):
    """Thumbs down removes an item from the next list; thumbs up makes the next list lean on it."""
    from convrec.llm.fake import ScriptedLLM

    cfg = tiny_home.model_copy(update={"agent": tiny_home.agent.model_copy(update={"planner": "never",
                                                                                    "llm_intro": "off"})})
    llm = ScriptedLLM([lambda m: "Here you go."] * 10)
    e = Engine(cfg, ["tiny"], "interecagent", llm=llm, store=SessionStore(tmp_path / "s.db"))
    c = TestClient(create_app(e))
    sid = c.post("/api/sessions", json={}).json()["session"]
    first = c.post(f"/api/sessions/{sid}/turns", json={"message": "recommend games", "k": 5}).json()["items"]
    banned = first[0]["id"]
    c.post(f"/api/sessions/{sid}/feedback", json={"item_id": banned, "value": "down"})
    again = c.post(f"/api/sessions/{sid}/turns", json={"message": "recommend more games", "k": 5}).json()["items"]
    assert again and banned not in [it["id"] for it in again]
    e.close()


def test_limits(tiny_home, store):
    e = make_engine(tiny_home, store=store, max_message=200, max_body=5000)
    c = TestClient(create_app(e))
    r = _chat(c, "x" * 201)
    assert r.status_code == 413 and "too long" in r.json()["error"]["message"]
    r = c.post("/v1/chat/completions", content=b'{"messages": "' + b"y" * 6000 + b'"}',
               headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"

    def chunked():
        for _ in range(10):
            yield b"z" * 1000

    r = c.post("/v1/chat/completions", content=chunked(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "convrec_errors_total" in c.get("/metrics").text
    e.close()


def test_api_key(tiny_home, store):
    e = make_engine(tiny_home, store=store)
    c = TestClient(create_app(e, api_key="s3cret"))
    assert _chat(c).status_code == 401
    assert _chat(c, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert _chat(c, headers={"Authorization": "Bearer s3cret"}).status_code == 200
    assert c.get("/healthz").status_code == 200  # health checks need no key
    assert c.get("/metrics").status_code == 401
    e.close()


def test_health_metrics_and_openapi(client):
    _chat(client)
    h = client.get("/healthz").json()
    assert h["status"] == "ok" and h["store"] == "ok" and h["datasets"] == ["tiny"]
    m = client.get("/metrics").text
    assert 'convrec_turns_total{dataset="tiny",strategy="baseline-popularity",status="ok"} 1' in m
    assert "convrec_turn_latency_seconds_count 1" in m and "convrec_queue_depth 0" in m
    spec = client.get("/openapi.json").json()
    for path in ("/v1/chat/completions", "/v1/models", "/api/sessions", "/api/sessions/{sid}/turns",
                 "/api/sessions/{sid}/feedback", "/api/sessions/{sid}/messages", "/healthz", "/metrics"):
        assert path in spec["paths"], path
    page = client.get("/")
    assert page.status_code == 200 and "<title>convrec</title>" in page.text
    assert "http://" not in page.text and "https://" not in page.text  # no CDN: works offline


class Gate:
    """A strategy stand-in whose turns block until released; records overlaps."""

    def __init__(self, inner):
        self.inner, self.release, self.active, self.max_active, self.calls = inner, threading.Event(), 0, 0, 0
        self.lock = threading.Lock()

    def turn(self, *a, **kw):
        with self.lock:
            self.calls += 1
            self.active += 1
            self.max_active = max(self.max_active, self.active)
        try:
            self.release.wait(10)
            return self.inner.turn(*a, **kw)
        finally:
            with self.lock:
                self.active -= 1

    def __getattr__(self, name):
        return getattr(self.inner, name)


def _gated(e: Engine) -> Gate:
    agent = e.agent("tiny", "baseline-popularity")
    gate = Gate(agent.strategy)
    agent.strategy = gate
    return gate


def test_queue_full_gives_429_with_retry_after(tiny_home, tmp_path):
    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), workers=1, queue_size=1)
    gate = _gated(e)
    e.submit_turn("a")
    e.submit_turn("b")  # one running, one waiting: full
    with pytest.raises(Busy):
        e.submit_turn("c")
    r = _chat(TestClient(create_app(e)))
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert r.json()["error"]["type"] == "rate_limit_error"
    gate.release.set()
    deadline = time.time() + 10
    while e.queue.pending and time.time() < deadline:
        time.sleep(0.05)
    assert e.queue.pending == 0 and gate.calls == 2
    assert "convrec_rejected_total 2" in e.metrics.render(0, 0)
    e.close()


def test_turns_of_one_session_never_overlap(tiny_home, tmp_path):
    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), workers=3, queue_size=5)
    gate = _gated(e)
    sid = e.new_session()["session_id"]
    futs = [e.submit_turn(f"m{i}", sid)[1] for i in range(3)]
    time.sleep(0.3)
    gate.release.set()
    for f in futs:
        f.result(10)
    assert gate.max_active == 1
    msgs = e.store.messages(sid)
    assert [m["role"] for m in msgs] == ["user", "assistant"] * 3  # each turn whole before the next
    assert {m["content"] for m in msgs if m["role"] == "user"} == {"m0", "m1", "m2"}
    e.close()


def test_time_limit_gives_504_and_the_turn_is_still_stored(tiny_home, tmp_path):
    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), timeout_s=0.5)
    gate = _gated(e)
    c = TestClient(create_app(e))
    r = _chat(c, headers={"X-Convrec-Session": "slow-1"})
    assert r.status_code == 504 and "longer than" in r.json()["error"]["message"]
    gate.release.set()
    deadline = time.time() + 10
    while len(e.store.messages("slow-1")) < 2 and time.time() < deadline:
        time.sleep(0.05)
    assert [m["role"] for m in e.store.messages("slow-1")] == ["user", "assistant"]
    e.close()


def test_a_waiting_turn_whose_client_left_never_runs(tiny_home, tmp_path):
    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), workers=1, queue_size=3)
    gate = _gated(e)
    e.submit_turn("first")
    job, fut, s = e.submit_turn("second")
    job.cancelled = True  # what the HTTP layer does when the client disconnects
    fut.cancel()
    gate.release.set()
    deadline = time.time() + 10
    while e.queue.pending and time.time() < deadline:
        time.sleep(0.05)
    assert gate.calls == 1 and e.queue.pending == 0
    e.close()


# ---------------------------------------------------------------------------- live server, real client
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live(engine):
    from convrec.server import serving

    with serving(create_app(engine)) as base:
        yield base


def test_openai_client_against_a_live_server(live, engine):
    from openai import OpenAI

    client = OpenAI(base_url=live + "/v1", api_key="unused", max_retries=0)
    assert "convrec-baseline-popularity:tiny" in [m.id for m in client.models.list()]
    r = client.chat.completions.create(model="convrec", messages=[{"role": "user", "content": "strategy games"}])
    extra = r.model_extra["convrec"]
    assert r.choices[0].message.content and len(extra["items"]) == 10
    sid = extra["session"]
    stream = client.chat.completions.create(model="convrec", messages=[{"role": "user", "content": "more"}],
                                            stream=True, extra_headers={"X-Convrec-Session": sid})
    parts, last = [], None
    for ch in stream:
        parts.append(ch.choices[0].delta.content or "")
        last = ch
    assert last.choices[0].finish_reason == "stop" and last.model_extra["convrec"]["session"] == sid
    assert "".join(parts).strip() and len(engine.store.messages(sid)) == 4


def test_a_client_that_disconnects_frees_its_queue_slot(tiny_home, tmp_path):
    """Over a real socket: the client of a waiting turn hangs up; its turn never runs."""
    from urllib.parse import urlsplit

    from convrec.server import create_app as make, serving

    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), workers=1, queue_size=2)
    gate = _gated(e)
    e.submit_turn("occupies the worker")
    with serving(make(e)) as base:
        port = urlsplit(base).port
        body = json.dumps({"model": "convrec", "messages": [{"role": "user", "content": "hang up"}]}).encode()
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            deadline = time.time() + 5
            while e.queue.waiting < 1 and time.time() < deadline:
                time.sleep(0.05)
            assert e.queue.waiting == 1
        deadline = time.time() + 10  # the server notices within a poll interval
        while e.queue.pending > 1 and time.time() < deadline:
            time.sleep(0.1)
        assert e.queue.pending == 1  # only the running turn holds a slot
        gate.release.set()
        deadline = time.time() + 10
        while e.queue.pending and time.time() < deadline:
            time.sleep(0.05)
        assert gate.calls == 1  # the abandoned turn never ran
    e.close()


def test_serve_refuses_a_public_bind_without_a_key(tmp_path):
    env = {**os.environ, "CONVREC_HOME": str(tmp_path)}
    env.pop("CONVREC_API_KEY", None)
    p = subprocess.run([sys.executable, "-m", "convrec.cli", "serve", "--host", "0.0.0.0", "--no-warm"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and "API key" in p.stderr and "Traceback" not in p.stderr


def _get(url: str) -> dict:
    import urllib.request

    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


@pytest.mark.llm
def test_real_model_served_to_the_openai_client(tmp_path, clean_home):
    """`convrec serve` as users run it (movielens-small, interecagent, the embedded model), the
    real openai client, streaming and not — on the clean install's home (movielens-small prepared
    there once per test run by `convrec data prepare`, as a user's first command does)."""
    from openai import OpenAI

    port = _free_port()
    env = {**clean_home.env, "CONVREC_DB_URL": str(tmp_path / "sessions.db"), "OMP_NUM_THREADS": "1"}
    p = subprocess.Popen([sys.executable, "-m", "convrec.cli", "serve", "--port", str(port)], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 900  # first use prepares the dataset
        while time.time() < deadline:
            if p.poll() is not None:
                pytest.fail("server exited: " + p.stdout.read()[-2000:])
            try:
                if _get(base + "/healthz")["status"] == "ok":
                    break
            except OSError:
                time.sleep(1)
        client = OpenAI(base_url=base + "/v1", api_key="unused", max_retries=0, timeout=600)
        r = client.chat.completions.create(model="convrec", messages=[
            {"role": "user", "content": "I loved The Matrix. Recommend sci-fi movies from the 90s."}])
        items = r.model_extra["convrec"]["items"]
        assert items and r.choices[0].message.content
        assert all("Sci-Fi" in it.get("genres", []) and 1990 <= it.get("year", 0) <= 1999 for it in items)
        sid = r.model_extra["convrec"]["session"]
        # the same process serves another strategy with the same warm model: OMuleT always calls it
        stream = client.chat.completions.create(model="convrec-omulet", stream=True, messages=[
            {"role": "user", "content": "I loved The Matrix. Recommend sci-fi movies from the 90s."},
            {"role": "assistant", "content": "Try Dark City (1998)."},
            {"role": "user", "content": "only comedies now"}])
        chunks = list(stream)
        final = chunks[-1].model_extra["convrec"]
        assert final["strategy"] == "omulet" and final["items"] and final["llm_calls"] >= 1
        assert all("Comedy" in it.get("genres", []) for it in final["items"])
        text = "".join(c.choices[0].delta.content or "" for c in chunks)
        assert final["items"][0]["title"] in text
        # the stateless client's earlier messages were stored with the turn
        msgs = _get(f"{base}/api/sessions/{final['session']}/messages")["messages"]
        assert [m["role"] for m in msgs] == ["user", "assistant", "user", "assistant"]
        assert _get(f"{base}/api/sessions/{sid}")["strategy"] == "interecagent"
    finally:
        p.terminate()
        p.wait(30)


def test_retry_after_follows_the_measured_drain_rate():
    """Retry-After is the turns ahead over the rate turns have been finishing (the issue saw 56 s
    advertised for a queue that drained in 17 s), not a guess from a slow moving mean."""
    from convrec.server.engine import TurnQueue

    q = TurnQueue(workers=1, size=10)
    try:
        assert q.retry_after() == 10  # nothing measured yet: the mean turn time (10 s) per worker
        now = time.monotonic()
        q.finished.extend([now - 4, now - 3, now - 2, now - 1, now])  # one turn a second
        q.pending, q.running = 5, 1  # four waiting, one running
        assert q.retry_after() == 5  # 4 waiting + this one, at 1 turn/s
        q.finished.clear()
        q.finished.extend([now - 40, now - 39])  # two quick ends, then nothing for 39 s while one runs
        assert q.drain_rate(now) == pytest.approx(1 / 40)
    finally:
        q.shutdown()


def test_stopping_server_answers_a_waiting_turn_with_json_and_still_stores_it(tiny_home, tmp_path):
    """Ctrl-C while a turn runs longer than the shutdown grace: the client gets a JSON 503 with a
    code (not a plain-text 500 and a traceback), and the reply is stored when the turn ends."""
    import signal
    import socket
    import threading
    import urllib.error
    import urllib.request

    from convrec.server import make_server

    e = make_engine(tiny_home, store=SessionStore(tmp_path / "s.db"), workers=1, queue_size=2)
    gate = _gated(e)
    sid = e.new_session()["session_id"]
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        port = sk.getsockname()[1]
    server = make_server(create_app(e), "127.0.0.1", port, grace_s=2.0)
    t = threading.Thread(target=server.run, daemon=True)
    t.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    got: dict = {}

    def client():
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/sessions/{sid}/turns",
                                     data=json.dumps({"message": "strategy games"}).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                got["status"], got["body"] = r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            got["status"], got["body"], got["type"] = e.code, json.loads(e.read()), e.headers["content-type"]

    c = threading.Thread(target=client)
    c.start()
    while gate.calls == 0 and time.monotonic() < deadline:  # the turn is running (and held)
        time.sleep(0.05)
    server.handle_exit(signal.SIGINT, None)
    c.join(15)
    assert got["status"] == 503 and got["body"]["error"]["code"] == "shutting_down", got
    gate.release.set()
    t.join(15)
    deadline = time.monotonic() + 10
    while len(e.store.messages(sid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [m["role"] for m in e.store.messages(sid)] == ["user", "assistant"]
    e.close()
