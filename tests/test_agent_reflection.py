"""Reflection (actor-critic) and demonstration generation, with a scripted LLM."""

from __future__ import annotations

import json

import pytest

from convrec.strategies.interecagent.demogen import DemoGenerator, plan_signature, write_demos
from convrec.strategies.interecagent.demos import DemoBank, read_demos
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.core.sessions import SessionStore
from convrec.strategies.interecagent.plan import Plan
from convrec.catalog.store import prepare
from convrec.errors import ConvrecError
from convrec.llm.fake import ScriptedLLM
from convrec.core.catalog import CatalogAccess

COMEDY = {"action": "use_tools", "steps": [
    {"tool": "hard_filter", "conditions": [{"column": "genres", "op": "contains", "value": "Comedy"}]},
    {"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 5}]}
HORROR = {"action": "use_tools", "steps": [
    {"tool": "hard_filter", "conditions": [{"column": "genres", "op": "contains", "value": "Horror"}]},
    {"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 5}]}


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


def agent(catalog, tmp_path, replies, reflection=1, demos=None):
    return InteRecAgent(catalog, ScriptedLLM(replies), SessionStore(tmp_path / "s.db"), demos or DemoBank(catalog.ds),
                        reflection=reflection, planner="always")


def test_critic_yes_keeps_the_plan(catalog, tmp_path):
    a = agent(catalog, tmp_path, [HORROR, "Five horror films.", {"ok": True}])
    t = a.turn("recommend 5 popular horror movies")
    assert t.llm_calls == 3 and len(t.items) == 5
    assert t.reflections[0]["ok"] is True and t.trace[-1]["tool"] == "critic"
    assert "reflection_replan" not in t.repairs


def test_critic_no_replans_with_advice(catalog, tmp_path):
    a = agent(catalog, tmp_path, [COMEDY, "Five comedies.", {"ok": False, "advice": "The user asked for horror, filter genre Horror."},
                                  HORROR, "Five horror films.", {"ok": True}], reflection=2)
    t = a.turn("recommend 5 popular horror movies")
    calls = a.llm.calls
    assert len(calls) == 6 and t.llm_calls == 6
    replan_prompt = calls[3]["messages"][-1]["content"]
    assert "filter genre Horror" in replan_prompt and "A reviewer rejected this plan" in replan_prompt  # advice and the plan
    assert all("Horror" in it["genres"] for it in t.items) and len(t.items) == 5
    assert [r["ok"] for r in t.reflections] == [False, True]
    assert "reflection_replan" in t.repairs and t.reply.startswith("Five horror films.")
    # the stored assistant message is the final one
    assert a.store.messages(t.session)[-1]["content"] == t.reply


def test_rounds_are_bounded(catalog, tmp_path):
    no = {"ok": False, "advice": "try again"}
    a = agent(catalog, tmp_path, [HORROR, "r1", no, HORROR, "r2", no], reflection=1)
    t = a.turn("recommend 5 popular horror movies")
    assert t.llm_calls == 5 and len(t.reflections) == 1 and t.reply.startswith("r2")


def test_a_revision_cannot_lose_the_stated_conditions(catalog, tmp_path):
    # the revised plan stores made-up candidates; the repairs ground it in the request again
    nothing = {"action": "use_tools", "steps": [{"tool": "store_candidates", "items": ["Zzyzx Qwerty Nonexistent"]}]}
    a = agent(catalog, tmp_path, [HORROR, "Five horror films.", {"ok": False, "advice": "look it up instead"}, nothing,
                                  "Revised."])
    t = a.turn("recommend 5 popular horror movies")
    assert len(t.items) == 5 and all("Horror" in it["genres"] for it in t.items)
    assert "dropped_store" in t.repairs


def test_critic_failure_never_blocks(catalog, tmp_path):
    a = agent(catalog, tmp_path, [HORROR, "Five horror films.", "not json at all", "still not json"])
    t = a.turn("recommend 5 popular horror movies")
    assert len(t.items) == 5 and t.reflections[0]["ok"] is True


def test_reflection_off_makes_two_calls(catalog, tmp_path):
    a = agent(catalog, tmp_path, [HORROR, "Five horror films."], reflection=0)
    t = a.turn("recommend 5 popular horror movies")
    assert t.llm_calls == 2 and t.reflections == []


# ---------------------------------------------------------------- demonstrations
def test_read_demos_skips_invalid_lines(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text("\n".join([json.dumps({"request": "funny films", "plan": COMEDY}),
                            json.dumps({"request": "bad", "plan": {"action": "explode"}}),
                            "{not json", json.dumps({"plan": COMEDY}), ""]))
    demos, bad = read_demos(p)
    assert [d["request"] for d in demos] == ["funny films"] and bad == 3
    with pytest.raises(ConvrecError, match="does not exist"):
        read_demos(tmp_path / "missing.jsonl")


def test_demo_bank_adds_extra_demos(catalog, tmp_path):
    p = tmp_path / "d.jsonl"
    write_demos(p, [{"request": "something to laugh at", "plan": COMEDY}])
    base = DemoBank(catalog.ds)
    bank = DemoBank(catalog.ds, extra=p)
    assert len(bank.demos) == len(base.demos) + 1 and bank.n_seeds == len(base.demos)
    assert write_demos(p, [{"request": "scary stuff", "plan": HORROR}], append=True) == 2


def test_plan_signature():
    a = Plan.model_validate(COMEDY)
    b = Plan.model_validate({**COMEDY, "steps": [{"tool": "hard_filter", "conditions": [
        {"column": "genres", "op": "contains", "value": "comedy"}]}, {"tool": "rank", "schema": "popularity"},
        {"tool": "fetch", "k": 3}]})
    assert plan_signature(a) == plan_signature(b)  # case and fetch count do not matter
    assert plan_signature(a) != plan_signature(Plan.model_validate(HORROR))


def test_generator_input_first_and_output_first(catalog, tmp_path):
    replies = [
        {"request": "some scary movies please"},  # input-first: the new request
        HORROR,  # the planner plans it
        HORROR,  # output-first: a written plan
        {"request": "popular horror movies"},  # its request
        HORROR,  # re-planned: matches -> kept
        {"request": "SELECT title FROM items"},  # input-first: code, rejected
        COMEDY,  # output-first: written plan
        {"request": "scary movies"},  # its request
        HORROR,  # re-planned: differs -> rejected
    ]
    a = agent(catalog, tmp_path, replies, reflection=0)
    gen = DemoGenerator(a, seed=1)
    out = gen.run(4, "both")
    assert [d["strategy"] for d in out] == ["input-first", "output-first"]
    assert out[0]["request"] == "some scary movies please" and Plan.model_validate(out[0]["plan"]).steps
    assert gen.stats.rejected["output-first: re-planned plan differs"] == 1
    assert gen.stats.rejected["input-first: request is code, not a user message"] == 1


def test_agent_from_config_reads_generated_demos_and_reflection(session_config, tmp_path):
    from convrec.api import Agent, default_demos_path

    cfg = session_config.model_copy(update={"home": tmp_path, "agent": session_config.agent.model_copy(update={"reflection": 2})})
    said = []
    base = Agent.from_config(cfg, llm=ScriptedLLM([]), say=said.append, sessions_db=tmp_path / "s.db")
    assert base.strategy.reflection == 2 and base.strategy.demos.extra_source is None
    write_demos(default_demos_path(cfg, "movielens-small"), [{"request": "laugh out loud films", "plan": COMEDY},
                                                             {"request": "broken", "plan": {"action": "?"}}])
    a = Agent.from_config(cfg, llm=ScriptedLLM([]), say=said.append, sessions_db=tmp_path / "s.db", reflection=0)
    assert a.strategy.reflection == 0
    assert len(a.strategy.demos.demos) == len(base.strategy.demos.demos) + 1
    assert any("1 extra demonstrations" in m and "1 invalid" in m for m in said)
    assert a.strategy.demos.select("laugh out loud films", 1)[0]["request"] == "laugh out loud films"
