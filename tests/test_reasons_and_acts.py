"""Reasons as data on items, recomputed from the data; conversation acts answered from the
session's stored turns (#40). Tools and rules only (a scripted brain that is never called)."""

from __future__ import annotations

import pytest

from convrec.catalog.store import prepare
from convrec.core.sessions import SessionStore
from convrec.eval.reasons import ReasonChecker
from convrec.llm.fake import ScriptedLLM
from convrec.nlu.acts import read_act
from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.tools.catalog import CatalogAccess


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


@pytest.fixture
def agent(catalog, tmp_path):
    a = InteRecAgent(catalog, ScriptedLLM([]), SessionStore(tmp_path / "s.db"), DemoBank(catalog.ds), planner="never")
    a.llm_intro = False
    return a


def years(catalog, items):
    return sorted(int(catalog.vocab.item_value(str(it["id"]), "year")) for it in items)


def test_reasons_verify_against_the_data_and_do_not_repeat(agent, catalog):
    t = agent.turn("I loved Toy Story and Finding Nemo, recommend some animated movies")
    assert len(t.items) == 10
    rep = ReasonChecker(catalog).check_items(t.items)
    assert rep.reasons >= 10 and rep.verified == rep.reasons, rep.failures
    assert rep.replies_with_repeats == 0
    co = [r for it in t.items for r in it["reasons"] if r["kind"] == "co_liked"]
    assert co and all(r["evidence"]["seed_title"] in ("Toy Story", "Finding Nemo") for r in co)
    # a tampered number no longer verifies
    bad = dict(co[0], evidence=dict(co[0]["evidence"], both=co[0]["evidence"]["both"] + 1))
    assert ReasonChecker(catalog).check(str(t.items[0]["id"]), bad) is not None


def test_why_more_older_recall_profile_forget_start_over(agent, catalog):
    t1 = agent.turn("I loved Toy Story and Finding Nemo, recommend some animated movies")
    sid = t1.session
    first = t1.items[1]
    why = agent.turn("why the second one?", sid)
    assert why.items == [] and first["title"] in why.reply and first["reasons"][0]["text"] in why.reply
    more = agent.turn("more", sid)
    assert more.items and not {it["id"] for it in more.items} & {it["id"] for it in t1.items}
    assert all("Animation" in catalog.vocab.item_value(str(it["id"]), "genres") for it in more.items)
    older = agent.turn("anything older?", sid)
    before = years(catalog, more.items)
    assert older.items and max(years(catalog, older.items)) < before[len(before) // 2] + 1
    assert not {it["id"] for it in older.items} & {it["id"] for it in t1.items + more.items}
    asked = agent.turn("what did I ask?", sid)
    assert "recommend some animated movies" in asked.reply and not asked.items
    me = agent.turn("what do you know about me?", sid)
    assert "Toy Story" in me.reply and "Finding Nemo" in me.reply
    agent.turn("forget that I like Finding Nemo", sid)
    me2 = agent.turn("what do you know about me?", sid)
    assert "Toy Story" in me2.reply and "Finding Nemo" not in me2.reply
    fresh = agent.turn("start over. I want something like Alien", sid)
    assert fresh.items and not any("Animation" in catalog.vocab.item_value(str(it["id"]), "genres") for it in fresh.items[:3])
    assert "recommend some animated" not in agent.turn("what did I ask?", sid).reply
    stored = agent.store.messages(sid)
    assert [m["role"] for m in stored] == ["user", "assistant"] * (len(stored) // 2)
    assert stored[3]["meta"]["act"]["kind"] == "why" and stored[-3]["meta"]["act"]["kind"] == "reset"


@pytest.mark.parametrize("message,kind", [
    ("why the third one?", "why"), ("why?", "why"), ("tell me more about Heat", "tell_more"), ("others?", "more"),
    ("something newer", "relative"), ("cheaper ones pls", "relative"), ("what was my first question?", "recall"),
    ("forget that I like Titanic", "forget"), ("let's start over. games like Portal", "reset"),
    ("I loved Toy Story, recommend animated movies", None), ("more horror movies please", None), ("thanks!", None),
])
def test_acts_are_read_from_the_lexicon(message, kind):
    act = read_act(message, plural_words=frozenset({"movies", "games"}))
    assert (act.kind if act else None) == kind
