"""Sessions and profiles persist in SQLite; nothing acknowledged is lost."""

from __future__ import annotations

from convrec.core.sessions import Profile, SessionStore


def test_session_round_trip_and_resume(tmp_path):
    store = SessionStore(tmp_path / "sessions.db")
    sid = store.create("alice", "movielens-small", "interecagent")
    store.add_message(sid, "user", "I loved The Matrix")
    store.add_message(sid, "assistant", "Try Dark City", items=[{"item_id": "1748"}], trace=[{"tool": "rank"}])
    store.save_profile(sid, Profile(like_ids=["2571"], like_attrs=["Sci-Fi"]))
    store.close()
    again = SessionStore(tmp_path / "sessions.db")  # a new process resuming by id
    s = again.get(sid)
    assert s["user_id"] == "alice" and s["profile"].like_ids == ["2571"]
    msgs = again.messages(sid)
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[1]["items"] == [{"item_id": "1748"}] and msgs[1]["trace"] == [{"tool": "rank"}]
    assert again.get("nope") is None


def test_long_term_profile_merges_sessions(tmp_path):
    store = SessionStore(tmp_path / "s.db")
    a = store.create("bob", "steam", "interecagent")
    store.save_profile(a, Profile(like_ids=["440"], dislike_ids=["730"]))
    b = store.create("bob", "steam", "interecagent")
    store.save_profile(b, Profile(like_ids=["730"], dislike_attrs=["Horror"]))
    long = store.long_term("bob", "steam")
    assert long.like_ids == ["440", "730"] and long.dislike_ids == [] and long.dislike_attrs == ["Horror"]
    assert store.long_term("bob", "movielens-small").is_empty()


# ---------------------------------------------------------------- memory through whole turns
import pytest  # noqa: E402

from convrec.strategies.interecagent.demos import DemoBank  # noqa: E402
from convrec.strategies.interecagent.strategy import InteRecAgent  # noqa: E402
from convrec.catalog.store import prepare  # noqa: E402
from convrec.llm.errors import LLMConnectionError  # noqa: E402
from convrec.llm.fake import ScriptedLLM  # noqa: E402
from convrec.core.catalog import CatalogAccess  # noqa: E402

ASK = "recommend 10 movies"


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


def _agent(catalog, store, memory=True, user="bob"):
    llm = ScriptedLLM([lambda m: "Here you go."] * 20)
    return InteRecAgent(catalog, llm, store, DemoBank(catalog.ds), user_id=user, memory=memory,
                        planner="never", llm_intro="off")


def _ids(turn):
    return [it["id"] for it in turn.items]


def test_a_like_in_one_session_changes_the_next_sessions_ranking(catalog, tmp_path):
    store = SessionStore(tmp_path / "s.db")
    fresh = _ids(_agent(catalog, store, user="someone-else").turn(ASK))
    bob = _agent(catalog, store)
    first = bob.turn("I loved Toy Story and Finding Nemo")  # session 1: likes, stored in the profile
    assert {"1", "6377"} <= set(store.get(first.session)["profile"].like_ids)
    later = bob.turn(ASK)  # session 2, nothing named
    assert later.session != first.session
    assert _ids(later) != fresh  # the long-term likes lean the ranking
    vec, index = catalog.model("embeddings").vectors, catalog.ranker().items
    liked = vec[index.encode(["1", "6377"])]

    def closeness(ids):  # how close in content the list is to the remembered likes
        return float((vec[index.encode(ids)] @ liked.T).max(axis=1).mean())

    assert closeness(_ids(later)) > closeness(fresh) + 0.02
    # without memory the sessions are apart: the same list as a stranger's
    assert _ids(_agent(catalog, store, memory=False).turn(ASK)) == fresh


def test_a_later_dislike_wins_over_an_earlier_like(catalog, tmp_path):
    store = SessionStore(tmp_path / "s.db")
    bob = _agent(catalog, store)
    bob.turn("I loved Toy Story")
    s2 = bob.turn("I didn't like Toy Story after all")
    assert "1" in store.get(s2.session)["profile"].dislike_ids
    long = store.long_term("bob", "movielens-small")
    assert "1" in long.dislike_ids and "1" not in long.like_ids
    again = bob.turn("recommend animated movies")
    assert "1" not in _ids(again)


def test_the_reply_call_failing_mid_turn_keeps_the_turn(catalog, tmp_path):
    """The planner answered, then the reply call cannot reach the model: the items come with a
    template reply, and the user's message and the answer are both stored."""
    def down(messages):
        raise LLMConnectionError("cannot reach http://127.0.0.1:9/v1 (ConnectionRefusedError)")

    store = SessionStore(tmp_path / "s.db")
    plan = {"action": "use_tools", "steps": [
        {"tool": "hard_filter", "conditions": [{"column": "genres", "op": "contains", "value": "Comedy"}]},
        {"tool": "rank", "schema": "popularity"}]}
    a = InteRecAgent(catalog, ScriptedLLM([plan, down]), store, DemoBank(catalog.ds), planner="always",
                     llm_intro="on")
    t = a.turn("5 comedies please, something light")
    assert len(t.items) == 5 and all("Comedy" in it["genres"] for it in t.items)
    assert t.degraded and all(it["title"] in t.reply for it in t.items)
    msgs = store.messages(t.session)
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[0]["content"] == "5 comedies please, something light" and msgs[1]["content"] == t.reply
    assert [i["id"] for i in msgs[1]["items"]] == _ids(t)
