"""The honesty contract on the 20-game fixture catalog, with a scripted LLM that plans badly
and writes misleading replies: returned items always meet the stated conditions, an
impossible request returns nothing and says which condition to relax, the reply's titles are
the returned items verbatim, and a catalog without interactions still ranks."""

from __future__ import annotations

import json

import pytest

from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.core.sessions import SessionStore
from convrec.tools.verify import satisfies
from convrec.llm.fake import ScriptedLLM
from convrec.core.catalog import CatalogAccess
from conftest import prepare_tiny_games

POPULAR = {"action": "use_tools", "steps": [{"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 10}]}


@pytest.fixture(scope="module")
def catalog(tiny_ds, tiny_config):
    return CatalogAccess(tiny_ds, tiny_config)


_PLANNER = {"mode": "always"}


@pytest.fixture(params=["always", "auto"], autouse=True)
def planner(request):
    """Every contract holds whether the planner writes a bad plan (always) or is skipped
    because the request was fully grounded (auto, the default)."""
    _PLANNER["mode"] = request.param
    return request.param


def make(catalog, tmp_path, *replies):
    return InteRecAgent(catalog, ScriptedLLM(list(replies), routed=True), SessionStore(tmp_path / "s.db"),
                        DemoBank(catalog.ds), planner=_PLANNER["mode"])


def test_items_meet_every_condition_whatever_the_plan(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "Here you go:")
    t = a.turn("relaxing indie games under $15 but no pixel graphics")
    assert t.items
    v = catalog.vocab
    for it in t.items:
        tags = v.item_value(it["id"], "tags")
        assert "Relaxing" in tags and "Pixel Graphics" not in tags and "Indie" in v.item_value(it["id"], "genres")
        assert float(v.item_value(it["id"], "cost")) < 15
        assert it["title"] in t.reply


def test_fewer_than_asked_is_said(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "Here are 5 great horror games:")
    t = a.turn("give me 5 horror games under $5")
    assert [it["title"] for it in t.items] == ["Haunted Manor"]
    assert t.reply.startswith("Only 1 game matches")  # not the model's "5 great horror games"


def test_impossible_request_returns_nothing_and_says_what_to_relax(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "Sure! Here are some racing games:")
    t = a.turn("racing games from before 2000")
    assert t.items == []
    assert "Racing" in t.reply and "2000" in t.reply and "Without" in t.reply


def test_reply_naming_other_titles_or_rejected_values_is_replaced(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "You will love Night Terror and these:")
    t = a.turn("3 strategy games please")
    assert "Night Terror" not in t.reply and t.reply.startswith("Here are")
    b = make(catalog, tmp_path, POPULAR, "Some great horror picks:")
    t = b.turn("3 games without horror")
    assert "horror picks" not in t.reply and not any("Horror" in catalog.vocab.item_value(i["id"], "genres") for i in t.items)


def test_catalog_questions_facts_and_greetings_use_the_catalog(catalog, tmp_path):
    a = make(catalog, tmp_path)  # no LLM call is allowed
    assert "20 games" in a.turn("how many games do you have?").reply
    assert "$29.99" in a.turn("how much does Galaxy Lords cost?").reply
    assert "Pond Studio" in a.turn("who made Star Harvest?").reply
    t = a.turn("how many horror games are there?")
    assert "3 games" in t.reply and t.items == []
    t = a.turn("hi!")
    assert "20" in t.reply and "games" in t.reply and t.llm_calls == 0


def test_small_talk_that_names_items_is_not_shown(catalog, tmp_path):
    """Small talk goes to the LLM; a reply that recommends items by name (without the tools, and
    often wrongly) or repeats the instructions is replaced by the card's greeting."""
    for said in ['I recommend "Galaxy Lords", a classic by Pond Studio.', "Sure! Star Harvest is great.",
                 "You are a friendly game recommender assistant. Write a short reply (at most 4 sentences)"]:
        a = make(catalog, tmp_path, said)
        t = a.turn("how is your day going?")
        assert said not in t.reply and "20" in t.reply and "games" in t.reply, t.reply
    a = make(catalog, tmp_path, "Weekends are for playing! What kind of games do you enjoy?")
    assert a.turn("how is your day going?").reply.startswith("Weekends are for playing")


def test_a_catalog_without_interactions_ranks_by_its_own_signals(tiny_config, tmp_path):
    ds = prepare_tiny_games(tiny_config, name="tinycat", interactions=False)
    cat = CatalogAccess(ds, tiny_config)
    plan = {"action": "use_tools", "steps": [{"tool": "rank", "schema": "preference", "prefer": ["Star Harvest"]},
                                             {"tool": "fetch", "k": 3}]}
    a = make(cat, tmp_path, POPULAR, "ok", plan, "ok")
    t = a.turn("most popular strategy games")
    assert [it["title"] for it in t.items][:2] == ["Card Quest", "Galaxy Lords"]  # by votes, the count column
    t = a.turn("I loved Star Harvest, 3 more like it")
    assert len(t.items) == 3 and "Star Harvest" not in {i["title"] for i in t.items}


def test_a_refinement_keeps_the_values_it_narrows(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "ok", POPULAR, "ok")
    t1 = a.turn("a strategy game please")
    t2 = a.turn("only ones with pixel graphics", session=t1.session)
    v = catalog.vocab
    assert t2.items and all("Strategy" in v.item_value(i["id"], "genres") and "Pixel Graphics" in v.item_value(i["id"], "tags")
                            for i in t2.items)


def test_a_request_with_more_conditions_than_the_planner_may_write(catalog, tmp_path):
    # the planner's schema allows 6 conditions; what the user states is not bounded by it
    a = make(catalog, tmp_path, POPULAR, "ok")
    t = a.turn("indie games from 2010 to 2020 under $25 rated above 3.5 with over 1000 votes, no horror, "
               "no racing, no gore and no pixel graphics")
    assert "error" not in t.reply.lower()
    v = catalog.vocab
    assert len(t.plan["steps"][0]["conditions"]) >= 8
    for it in t.items:
        assert "Indie" in v.item_value(it["id"], "genres") and "Pixel Graphics" not in v.item_value(it["id"], "tags")


def test_an_intro_with_a_number_nothing_shown_holds_is_dropped(catalog, tmp_path):
    a = make(catalog, tmp_path, POPULAR, "Here are 3 relaxing games, the top one sold 4400 copies:")
    t = a.turn("3 relaxing games")
    assert t.items and "4400" not in t.reply  # a number no item shown and no word of the user holds
    b = InteRecAgent(catalog, ScriptedLLM([POPULAR, "Here are 3 calm relaxing games to unwind with:"], routed=True),
                     SessionStore(tmp_path / "b.db"), DemoBank(catalog.ds), planner=_PLANNER["mode"])
    t = b.turn("3 relaxing games")
    assert t.items and "to unwind with" in t.reply  # the model's own words stand where every number is grounded
