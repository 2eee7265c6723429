"""Memory belongs to one person (issue 59): no long-term profile without an identity, none shared
between visitors, relations kept apart, the request ahead of what was remembered, memory a person
can see and clear — in the store, in whole agent turns, over the HTTP API and the command line."""

from __future__ import annotations

import json
import uuid

import numpy as np
import pytest

from conftest import prepare_tiny_games
from convrec.config import Config, DataConfig
from convrec.core.sessions import Profile, SessionStore, is_person
from convrec.llm.fake import ScriptedLLM


def _profile_rows(store) -> list[tuple]:
    return store._all("SELECT user_id, dataset FROM user_profiles")


# ---------------------------------------------------------------- the store
def test_no_identity_no_long_term_memory(tmp_path):
    store = SessionStore(tmp_path / "s.db")
    for nobody in ("", "anonymous", "mcp"):
        assert not is_person(nobody)
        sid = store.create(nobody, "steam", "interecagent")
        store.save_profile(sid, Profile(like_ids=["440"]))
        assert store.get(sid)["profile"].like_ids == ["440"]  # the session itself remembers
        assert store.long_term(nobody, "steam").is_empty()
    assert _profile_rows(store) == []
    alice = store.create("alice", "steam", "interecagent")
    store.save_profile(alice, Profile(like_ids=["730"]))
    assert store.long_term("alice", "steam").like_ids == ["730"]
    assert _profile_rows(store) == [("alice", "steam")]


def test_profiles_an_older_version_shared_are_deleted_on_open(tmp_path):
    store = SessionStore(tmp_path / "s.db")
    store._exec("INSERT INTO user_profiles VALUES (?, ?, ?, ?)", ("anonymous", "steam", Profile(["1"]).to_json(), 0.0))
    store._exec("INSERT INTO user_profiles VALUES (?, ?, ?, ?)", ("mcp", "steam", Profile(["2"]).to_json(), 0.0))
    store._exec("INSERT INTO user_profiles VALUES (?, ?, ?, ?)", ("carol", "steam", Profile(["3"]).to_json(), 0.0))
    store.close()
    again = SessionStore(tmp_path / "s.db")
    assert _profile_rows(again) == [("carol", "steam")]


def test_memory_off_forget_and_relations(tmp_path):
    store = SessionStore(tmp_path / "s.db")
    sid = store.create("dave", "steam", "interecagent")
    store.save_profile(sid, Profile(like_ids=["1"], seen_ids=["2"], asked_ids=["3"]))
    long = store.long_term("dave", "steam")
    assert (long.like_ids, long.seen_ids, long.asked_ids) == (["1"], ["2"], ["3"])
    store.set_memory("dave", False)
    assert store.long_term("dave", "steam").is_empty()  # off: not used ...
    store.save_profile(sid, Profile(like_ids=["1", "4"]))
    assert store.long_term("dave", "steam", stored=True).like_ids == ["1"]  # ... and nothing new kept
    store.set_memory("dave", True)
    assert store.long_term("dave", "steam").like_ids == ["1"]
    assert store.forget_user("dave") == 1 and store.profiles("dave") == {}
    with pytest.raises(Exception, match="user name"):
        store.set_memory("", False)
    # an older store's profile JSON (no seen/asked fields) still reads
    assert Profile.from_json(json.dumps({"like_ids": ["9"], "dislike_ids": [], "like_attrs": [], "dislike_attrs": [],
                                         "expect": []})).like_ids == ["9"]


# ---------------------------------------------------------------- whole turns (movielens-small)
@pytest.fixture(scope="module")
def catalog(session_config):
    from convrec.catalog.store import prepare
    from convrec.core.catalog import CatalogAccess

    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


def _agent(catalog, store, user):
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent

    return InteRecAgent(catalog, ScriptedLLM([lambda m: "Hello!"] * 200), store, DemoBank(catalog.ds), user_id=user,
                        planner="never", llm_intro="off")


def _ids(turn) -> list[str]:
    return [str(it["id"]) for it in turn.items]


def unrelated_asks(catalog, n: int, avoid: set[str]) -> list[str]:
    """``n`` "I loved A, B and C" requests from real users' 4.5-star items (other people's tastes)."""
    inter = catalog.ds.interactions
    loved = inter[inter["rating"] >= 4.5]
    out = []
    for u, g in loved.groupby(loved["user_id"].astype(str), sort=True):
        ids = [i for i in g["item_id"].astype(str) if i not in avoid][:3]
        if len(ids) == 3:
            out.append("I loved " + ", ".join(catalog.distinct_title(i) for i in ids[:2]) + " and "
                       + catalog.distinct_title(ids[2]) + ". What else would I like?")
        if len(out) == n:
            break
    return out


STATED = "I loved The Matrix, Alien and Blade Runner. What else would I like?"
STATED_IDS = {"2571", "1214", "541"}
TOLERANCE = 0
"""Items of the stated set's top 10 that 30 unrelated earlier asks may change. Measured: 0 — a
conversation that states liked items is ranked from them alone; remembered likes fill in only
when nothing is stated (``eval likes --history 30``: docs/results/memory.md)."""


def test_a_stated_set_ranks_the_same_after_30_unrelated_asks(catalog, tmp_path):
    store = SessionStore(tmp_path / "s.db")
    fresh = _ids(_agent(catalog, store, "fresh-" + uuid.uuid4().hex[:6]).turn(STATED))
    assert len(fresh) == 10
    busy = _agent(catalog, store, "busy")
    asks = unrelated_asks(catalog, 30, STATED_IDS)
    assert len(asks) == 30
    for a in asks:
        busy.turn(a)  # each in a new session, as 30 `convrec ask` would
    assert len(store.long_term("busy", "movielens-small").like_ids) >= 60
    after = busy.turn(STATED)
    assert len(set(_ids(after)) - set(fresh)) <= TOLERANCE, (fresh, _ids(after))
    assert _ids(after)[:10] == fresh  # the same order too
    assert after.memory is None and "liked before" not in after.reply


def test_remembered_likes_fill_in_when_nothing_is_stated_and_the_reply_says_so(catalog, tmp_path):
    store = SessionStore(tmp_path / "s.db")
    eve = _agent(catalog, store, "eve")
    eve.turn("I loved Toy Story and Finding Nemo")
    t = eve.turn("recommend 5 movies")
    assert t.memory is not None and {"1", "6377"} <= set(t.memory["liked_before"])
    assert "also using 2 movies you liked before" in t.reply.lower(), t.reply
    assert "forget what you know about me" in t.reply
    assert not {"1", "6377"} & set(_ids(t))  # what they told us they liked is not offered back
    texts = [r["text"] for it in t.items for r in it["reasons"]]
    assert any("Toy Story" in x or "Finding Nemo" in x for x in texts), texts  # the reasons name what memory used
    # anonymous: session memory only, nothing written for later
    nobody = _agent(catalog, store, "")
    nobody.turn("I loved Toy Story and Finding Nemo")
    t2 = nobody.turn("recommend 5 movies")
    assert t2.memory is None and ("", "movielens-small") not in _profile_rows(store)


def test_seen_is_not_liked_and_a_new_session_says_what_memory_holds(catalog, tmp_path):
    store = SessionStore(tmp_path / "s.db")
    fay = _agent(catalog, store, "fay")
    first = fay.turn("I've seen The Matrix and Inception, what else?")
    p = store.get(first.session)["profile"]
    assert {"2571", "79132"} <= set(p.seen_ids) and not {"2571", "79132"} & set(p.like_ids)
    fay.turn("I loved Toy Story")
    fay.turn("what year was Jumanji released?")
    long = store.long_term("fay", "movielens-small")
    assert "1" in long.like_ids and "2571" in long.seen_ids and "2" in long.asked_ids
    assert "2571" not in long.like_ids
    about = fay.turn("what do you know about me?")  # a new session: long-term memory, each relation apart
    text = about.reply
    assert "From earlier conversations" in text and "you liked Toy Story" in text, text
    assert "you'd seen" in text and "Matrix" in text.split("you'd seen")[1], text
    assert "you asked about Jumanji" in text, text
    assert "don't know anything about you" not in text
    # another person sees none of it
    other = _agent(catalog, store, "gus").turn("what do you know about me?").reply
    assert "Toy Story" not in other and "Matrix" not in other and "don't know anything" in other
    # "forget what you know about me" clears it
    gone = fay.turn("forget what you know about me")
    assert "forgotten" in gone.reply and store.long_term("fay", "movielens-small").is_empty()
    assert "don't know anything" in fay.turn("what do you know about me?").reply


# ---------------------------------------------------------------- the HTTP API (tiny catalog)
fastapi = pytest.importorskip("fastapi", reason="the server needs FastAPI: pip install -e '.[local]'")
from fastapi.testclient import TestClient  # noqa: E402

from convrec.server import Engine, create_app  # noqa: E402


@pytest.fixture(scope="module")
def tiny_home(tmp_path_factory):
    cfg = Config(home=tmp_path_factory.mktemp("memory_home"), data=DataConfig())
    prepare_tiny_games(cfg)
    return cfg.model_copy(update={"agent": cfg.agent.model_copy(update={"planner": "never", "llm_intro": "off"})})


@pytest.fixture
def engine(tiny_home, tmp_path):
    e = Engine(tiny_home, ["tiny"], "interecagent", llm=ScriptedLLM([lambda m: "Hello!"] * 200),
               store=SessionStore(tmp_path / "s.db"))
    yield e
    e.close()


def _say(client, text, user=None, session=None):
    body = {"model": "convrec", "messages": [{"role": "user", "content": text}], **({"user": user} if user else {})}
    r = client.post("/v1/chat/completions", json=body, headers={"X-Convrec-Session": session} if session else {})
    assert r.status_code == 200, r.text
    return r.json()


def test_two_api_users_and_an_anonymous_caller(engine):
    c = TestClient(create_app(engine))
    _say(c, "I loved Star Harvest", user="alice")
    assert "Star Harvest" not in _say(c, "what do you know about me?", user="bob")["convrec"]["reply"]
    mine = _say(c, "what do you know about me?", user="alice")["convrec"]["reply"]  # a new conversation
    assert "Star Harvest" in mine and "From earlier conversations" in mine, mine
    before = _profile_rows(engine.store)
    anon = _say(c, "I loved Deep Crawl")  # no user, no cookie: session memory only
    assert _profile_rows(engine.store) == before
    again = _say(c, "what do you know about me?", session=anon["convrec"]["session"])["convrec"]["reply"]
    assert "Deep Crawl" in again and "Star Harvest" not in again
    fresh = _say(c, "what do you know about me?")["convrec"]["reply"]
    assert "Deep Crawl" not in fresh and "Star Harvest" not in fresh
    # a session of alice's is not bob's to read or continue
    sid = _say(c, "hi", user="alice")["convrec"]["session"]
    r = c.post("/v1/chat/completions", json={"model": "convrec", "user": "bob",
                                             "messages": [{"role": "user", "content": "what do you know about me?"}]},
               headers={"X-Convrec-Session": sid})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"


def test_each_browser_gets_its_own_identity(engine):
    a, b = TestClient(create_app(engine)), TestClient(create_app(engine))
    assert a.get("/").status_code == 200 and b.get("/").status_code == 200
    ca, cb = a.cookies.get("convrec_visitor"), b.cookies.get("convrec_visitor")
    assert ca and cb and ca != cb
    sa = a.post("/api/sessions", json={}).json()
    assert sa["user"] == f"web:{ca}"
    a.post(f"/api/sessions/{sa['session']}/turns", json={"message": "I loved Galaxy Lords"})
    sb = b.post("/api/sessions", json={}).json()
    got = b.post(f"/api/sessions/{sb['session']}/turns", json={"message": "what do you know about me?"}).json()
    assert "Galaxy Lords" not in got["reply"]
    assert b.get(f"/api/sessions/{sa['session']}").status_code == 403  # another browser's session
    sa2 = a.post("/api/sessions", json={}).json()
    got = a.post(f"/api/sessions/{sa2['session']}/turns", json={"message": "what do you know about me?"}).json()
    assert "Galaxy Lords" in got["reply"]
    # no page loaded, no cookie: an API caller without a user has no identity
    assert TestClient(create_app(engine)).post("/api/sessions", json={}).json()["user"] == ""


def test_rest_names_the_allowed_fields(engine):
    c = TestClient(create_app(engine))
    r = c.post("/api/sessions", json={"usr": "alice"})
    assert r.status_code == 422
    msg = r.json()["error"]["message"]
    assert "'usr'" in msg and "allowed: dataset, strategy, user" in msg, msg
    sid = c.post("/api/sessions", json={}).json()["session"]
    r = c.post(f"/api/sessions/{sid}/turns", json={"message": "hi", "count": 3})
    assert r.status_code == 422 and "allowed: message, k" in r.json()["error"]["message"]
