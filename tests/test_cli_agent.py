"""convrec ask through the real entry point: JSON contract, sessions across processes, bad input."""

from __future__ import annotations

import json

import pytest

from test_cli_data import assert_clean_error, run
from test_llm_local import need_local_model


def test_ask_bad_input_is_one_clear_line(tmp_path):
    assert_clean_error(run(["ask", "--dataset", "nosuch", "hi"], tmp_path), "unknown dataset 'nosuch'")
    assert_clean_error(run(["ask", "x" * 20_001], tmp_path), "message too long")
    assert_clean_error(run(["ask", "--llm", "gpt", "hi"], tmp_path), "--llm must be")


@pytest.mark.llm
def test_ask_json_and_session_continuation(clean_home):
    """On the clean install's home (prepared once per test session, as a user's first
    `data prepare` makes it)."""
    need_local_model()
    env = {"OMP_NUM_THREADS": "1", "CONVREC_DATA": clean_home.env["CONVREC_DATA"]}
    tmp_path = clean_home.home
    r = run(["ask", "--json", "   "], tmp_path, **env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["items"] == [] and out["reply"] and out["llm_calls"] == 0
    r = run(["ask", "--json", "recommend 3 comedy movies"], tmp_path, **env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert set(out) == {"reply", "items", "trace", "llm_calls", "latency_ms", "session", "intent", "degraded", "act", "memory"}
    assert out["degraded"] is None  # the brain was reachable (or not needed)
    assert len(out["items"]) == 3 and all(it["id"] and it["title"] for it in out["items"])
    assert sum(bool(it["reasons"]) for it in out["items"]) == 3  # reasons as data, in --json too
    r2 = run(["ask", "--json", "--session", out["session"], "thanks!"], tmp_path, **env)
    assert r2.returncode == 0, r2.stderr
    assert json.loads(r2.stdout)["session"] == out["session"]
    assert_clean_error(run(["ask", "--session", "nope", "hi"], tmp_path, **env), "no session 'nope'")


def _shop(tmp_path):
    items = tmp_path / "items.csv"
    items.write_text("id,name,genre,price\n" + "".join(f"{i},Item {i},g{i % 3}|all,{i}.5\n" for i in range(1, 13)))
    inter = tmp_path / "inter.csv"
    inter.write_text("user,item,when\n" + "".join(f"u{u},{1 + (u + j) % 12},2020-01-{1 + j:02d}\n"
                                                  for u in range(12) for j in range(6)))
    return ["--items", str(items), "--id-col", "id", "--title-col", "name", "--interactions", str(inter),
            "--user-col", "user", "--item-col", "item", "--time-col", "when", "--domain", "product"]


def test_first_ask_on_an_unready_dataset_builds_it_with_progress(tmp_path):
    """Only the item database exists: the first ask says it is preparing, how long it will
    take, builds the models before the turn (not inside it), and answers."""
    r = run(["data", "prepare", "shop", *_shop(tmp_path), "--items-only"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "datasets" / "shop" / "models").exists()
    r = run(["ask", "--json", "--dataset", "shop", "--strategy", "interecagent", "--llm", "openai",
             "--base-url", "http://127.0.0.1:9/v1", "how many products do you have?"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "first use of 'shop'" in r.stderr and "about" in r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "12" in out["reply"] and out["llm_calls"] == 0
    assert all((tmp_path / "datasets" / "shop" / "models" / a / "weights.npz").is_file()
               for a in ("popularity", "itemcf", "sasrec-set", "embeddings"))
    r = run(["ask", "--json", "--dataset", "shop", "--llm", "openai", "--base-url", "http://127.0.0.1:9/v1",
             "how many products do you have?"], tmp_path)
    assert r.returncode == 0 and "first use" not in r.stderr  # ready now


@pytest.mark.llm
def test_prepare_builds_everything_then_ask_is_fast(tmp_path):
    """`data prepare` builds the models and saves the planner's prompt state on disk; the next
    process restores it (the plan call evaluates only the request's own tokens), and
    --profile says where the time went."""
    need_local_model()
    env = {"OMP_NUM_THREADS": "1"}
    r = run(["data", "prepare", "shop", *_shop(tmp_path), "--json"], tmp_path, **env)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    stages = {s["stage"]: s for s in summary["stages"]}
    assert {"items and split", "model: popularity", "model: itemcf", "model: sasrec-set", "model: embeddings",
            "planner prompt state"} <= set(stages)
    assert summary["total_s"] >= sum(s["seconds"] for s in summary["stages"]) * 0.9
    assert list((tmp_path / "llm" / "kv").glob("*.kv"))
    # planner = always (CONVREC_PLANNER): the plan call restores the prompt state saved at prepare
    # time ("auto" sends a conversation to the ranker without the call)
    r = run(["ask", "--json", "--profile", "--dataset", "shop",
             "User: hi / Recommender: hello! / User: Item 3 was great, something for a cozy evening"], tmp_path,
            CONVREC_PLANNER="always", **env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    names = [p["stage"] for p in out["profile"]]
    assert names[0].startswith("start-up") and "understand" in names
    plan_calls = [p["stage"] for p in out["profile"] if p["stage"].startswith("LLM call: plan")]
    assert plan_calls and "prefix evaluated" not in names  # restored from disk, not evaluated
    assert "where the time went" in r.stderr and "first use" not in r.stderr
    assert out["items"] and all(it["id"] != "3" for it in out["items"])


def test_chat_commands_are_not_sent_as_messages(tmp_path):
    """/help (and a bare "help") lists the commands; an unknown /command says so; neither is a turn."""
    r = run(["chat", "--strategy", "baseline-popularity"], tmp_path, stdin="/help\nhelp\n/frobnicate\n/quit\n",
            COLUMNS="200")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert r.stdout.count("/trace") == 2 and r.stdout.count("/profile") == 2, r.stdout
    assert "unknown command /frobnicate" in r.stdout
    assert "convrec>" not in r.stdout  # no turn was taken


def test_chat_profile_and_trace_are_in_words(clean_home):
    """/profile says what the agent keeps in words with titles (not a Python repr with ids);
    /trace lists the steps in words before the raw trace."""
    env = {"OMP_NUM_THREADS": "1", "CONVREC_DATA": clean_home.env["CONVREC_DATA"]}
    r = run(["chat", "--strategy", "baseline-popularity"], clean_home.home,
            stdin="I loved Toy Story, anything similar?\n/profile\n/trace\n/quit\n", COLUMNS="200", **env)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert "you like Toy Story (1995)" in r.stdout, r.stdout
    assert "Profile(" not in r.stdout and "like_ids" not in r.stdout
    assert "1. Drew items" in r.stdout and '"tool": "popularity_sample"' in r.stdout


@pytest.mark.llm
def test_two_users_on_one_machine_and_convrec_profile(clean_home):
    """`--user` names whose memory an ask keeps: one user's likes never reach the other's answers;
    `convrec profile show|forget|off|on` shows and steers it; no name, no long-term memory."""
    import uuid

    need_local_model()
    env = {"OMP_NUM_THREADS": "1", "CONVREC_DATA": clean_home.env["CONVREC_DATA"]}
    home = clean_home.home
    ann, bob = "ann-" + uuid.uuid4().hex[:6], "bob-" + uuid.uuid4().hex[:6]

    def ask(user, text, *extra):
        r = run(["ask", "--json", "--user", user, *extra, text], home, **env)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout.strip().splitlines()[-1])

    def show(user):
        r = run(["profile", "show", "--json", "--user", user], home, **env)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout.strip().splitlines()[-1])

    ask(ann, "I loved Toy Story and Finding Nemo")
    ask(bob, "I've seen The Matrix")
    assert "Toy Story" not in ask(bob, "what do you know about me?")["reply"]
    mine = ask(ann, "what do you know about me?")["reply"]
    assert "you liked" in mine and "Toy Story" in mine, mine
    listed = ask(ann, "recommend 5 movies")
    assert listed["memory"] and {"1", "6377"} <= set(listed["memory"]["liked_before"])
    assert "convrec profile forget" in listed["reply"]
    p_ann, p_bob = show(ann)["profiles"]["movielens-small"], show(bob)["profiles"]["movielens-small"]
    assert {"1", "6377"} <= set(p_ann["like_ids"]) and not p_ann["seen_ids"]
    assert p_bob["seen_ids"] == ["2571"] and p_bob["like_ids"] == []  # seen is not liked
    r = run(["profile", "show", "--user", ann], home, **env)
    assert r.returncode == 0 and "liked: Toy Story [1]; Finding Nemo [6377]" in r.stdout, r.stdout
    # another user's session is not yours to continue
    r = run(["ask", "--user", bob, "--session", listed["session"], "why?"], home, **env)
    assert_clean_error(r, "belongs to another user")
    # off: nothing new kept, nothing used; forget: gone
    assert run(["profile", "off", "--user", bob], home, **env).returncode == 0
    ask(bob, "I loved Jumanji")
    assert show(bob)["memory"] == "off" and "2" not in show(bob)["profiles"]["movielens-small"]["like_ids"]
    assert run(["profile", "on", "--user", bob], home, **env).returncode == 0
    r = run(["profile", "forget", "--user", ann], home, **env)
    assert r.returncode == 0 and "forgot 1 profile" in r.stdout, r.stdout
    assert show(ann)["profiles"] == {}
    assert_clean_error(run(["profile", "show", "--user", ""], home, **env), "no long-term memory without a user name")
