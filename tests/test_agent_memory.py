"""Sessions and profiles persist in SQLite; nothing acknowledged is lost."""

from __future__ import annotations

from convrec.agent.memory import Profile, SessionStore


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
