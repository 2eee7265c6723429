"""The plan schema and the repair pipeline: each repair against a table of cases over the
20-game fixture catalog (no LLM: the "model's plan" is written out in each case)."""

from __future__ import annotations

import pytest

from convrec.strategies.interecagent.plan import FetchStep, FilterStep, Plan, RankStep, SimilarStep, StoreStep
from convrec.strategies.interecagent.repairs import (REGISTRY, RepairContext, all_labels, choice_candidates, fetch_count, ground_conditions,
                                   ground_items, recommend_when_asked, run_repairs, similar_for_reference, structure)
from convrec.nlu import understand
from convrec.tools.filters import Condition


@pytest.fixture(scope="module")
def ctx(tiny_vocab):
    linker = tiny_vocab.linker

    def title(i):
        return str(tiny_vocab.items.at[i, "title"])

    return RepairContext(title=title, link=lambda names: [l.item_id for l in linker.link_many(names)], k=10)


def tools(plan):
    return [s.tool for s in plan.steps]


def conds(plan):
    f = next((s for s in plan.steps if isinstance(s, FilterStep)), None)
    return {(c.column, c.op, tuple(c.value) if isinstance(c.value, list) else c.value) for c in (f.conditions if f else [])}


R = lambda **kw: RankStep(tool="rank", schema=kw.pop("schema", "preference"), **kw)  # noqa: E731
F = lambda *cs: FilterStep(tool="hard_filter", conditions=[Condition(column=c, op=o, value=v) for c, o, v in cs])  # noqa: E731


def test_registry_order_and_labels():
    names = [n for n, _, _ in REGISTRY]
    assert names == ["structure", "recommend_when_asked", "ground_conditions", "ground_items", "similar_for_reference",
                     "choice_candidates", "fetch_count"]
    assert len(all_labels()) == len(set(all_labels()))


STRUCTURE = [
    (Plan(action="reply", steps=[R()]), "use_tools", ["action_with_steps"]),
    (Plan(action="use_tools", steps=[]), "reply", ["empty_plan"]),
    (Plan(action="use_tools", steps=[F(("genres", "contains", "RPG")), F(("year", ">", 2010))]), "use_tools", ["merged_filters"]),
    (Plan(action="use_tools", steps=[R(), R(schema="popularity")]), "use_tools", ["duplicate_step"]),
    (Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=3)]), "use_tools", []),
]


@pytest.mark.parametrize("plan,action,labels", STRUCTURE)
def test_structure(tiny_vocab, ctx, plan, action, labels):
    out, got = structure(plan, understand("anything", tiny_vocab), ctx)
    assert out.action == action and got == labels


def test_recommend_when_asked(tiny_vocab, ctx):
    intent = understand("a racing game please", tiny_vocab)
    out, got = recommend_when_asked(Plan(action="reply"), intent, ctx)
    assert got == ["intent_made_a_request"] and tools(out) == ["rank", "fetch"]
    look = Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=5)] + [
        __import__("convrec.strategies.interecagent.plan", fromlist=["LookupStep"]).LookupStep(tool="lookup", sql="SELECT 1")])
    out, got = recommend_when_asked(look, intent, ctx)
    assert "dropped_lookup" in got and "lookup" not in tools(out)


GROUND = [
    # message, model's filter, expected conditions, labels that must appear
    ("strategy games after 2015", [("genres", "contains", "Strategy"), ("year", ">=", 2015)],
     {("genres", "contains", "Strategy"), ("year", ">", 2015)}, {"dropped_ungrounded_condition", "added_condition"}),
    ("games like Star Harvest", [("year", ">=", 2017), ("genres", "contains", "Star Harvest")], set(),
     {"dropped_ungrounded_condition"}),
    ("racing games but no sports", [("genres", "contains", "Racing")],
     {("genres", "contains", "Racing"), ("genres", "not_contains", "Sports")}, {"applied_negation"}),
    ("free shooters", [], {("cost", "<=", 0.0), ("tags", "contains", "Shooter")}, {"added_condition"}),
    ("games in french or german", [], set(), set()),
]


@pytest.mark.parametrize("msg,model,want,labels", GROUND, ids=[g[0] for g in GROUND])
def test_ground_conditions(tiny_vocab, ctx, msg, model, want, labels):
    plan = Plan(action="use_tools", steps=([F(*model)] if model else []) + [R(), FetchStep(tool="fetch", k=10)])
    out, got = ground_conditions(plan, understand(msg, tiny_vocab), ctx)
    assert want <= conds(out) and labels <= set(got)
    if not want and not understand(msg, tiny_vocab).conditions:
        assert "hard_filter" not in tools(out)


def test_ground_conditions_applies_session_dislikes(tiny_vocab, ctx):
    c2 = RepairContext(title=ctx.title, link=ctx.link, disliked_attrs=[("genres", "Horror")])
    plan = Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=10)])
    out, got = ground_conditions(plan, understand("some action games", tiny_vocab), c2)
    assert ("genres", "not_contains", "Horror") in conds(out) and "applied_disliked_attribute" in got
    out, _ = ground_conditions(plan, understand("ok, horror games now", tiny_vocab), c2)  # asked for again
    assert ("genres", "not_contains", "Horror") not in conds(out)


def test_ground_items(tiny_vocab, ctx):
    intent = understand("I loved Star Harvest and hated Night Terror, what next?", tiny_vocab)
    plan = Plan(action="use_tools", steps=[R(prefer=["Night Terror", "Minecraft"], unwanted=["Star Harvest"])])
    out, got = ground_items(plan, intent, ctx)
    rank = next(s for s in out.steps if isinstance(s, RankStep))
    assert rank.prefer == ["Star Harvest"] and rank.unwanted == ["Night Terror"]
    assert {"dropped_unmentioned_item", "liked_item_in_unwanted"} <= set(got)
    out, _ = ground_items(Plan(action="use_tools", steps=[R()]), understand("popular racing games", tiny_vocab), ctx)
    assert next(s for s in out.steps if isinstance(s, RankStep)).schema_ == "popularity"
    # talk (a turn of a conversation, or words without items): the ranker may read what was
    # said, so the plan does not force plain popularity (the rank tool decides)
    talk = RepairContext(title=ctx.title, link=ctx.link, conversational=True)
    for schema in ("preference", "popularity"):
        out, _ = ground_items(Plan(action="use_tools", steps=[R(schema=schema)]),
                              understand("popular racing games", tiny_vocab), talk)
        assert next(s for s in out.steps if isinstance(s, RankStep)).schema_ == "preference"


def test_similar_for_reference(tiny_vocab, ctx):
    plan = Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=10)])
    out, got = similar_for_reference(plan, understand("games like Ocean Story", tiny_vocab), ctx)
    assert got == ["added_similar_to"] and next(s for s in out.steps if isinstance(s, SimilarStep)).seed_items == ["Ocean Story"]
    _, got = similar_for_reference(plan, understand("racing games like Kart Mania", tiny_vocab), ctx)
    assert got == []  # stated conditions: similarity must not narrow the filter


def test_catalog_titles_longer_than_the_planner_bound_fit_in_steps(tiny_vocab, ctx):
    """Amazon titles reach 865 characters; the planner's 120-character bound is for the model's
    JSON, not for the titles the repairs put in a step (beauty's one-turn protocols crashed)."""
    from dataclasses import replace

    long = replace(ctx, title=lambda i: str(tiny_vocab.items.at[i, "title"]) + " - " + "x" * 400)
    plan = Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=10)])
    out, got = similar_for_reference(plan, understand("games like Ocean Story", tiny_vocab), long)
    assert got == ["added_similar_to"]
    assert len(next(s for s in out.steps if isinstance(s, SimilarStep)).seed_items[0]) > 400
    out, got = choice_candidates(plan, understand("which should I play: Sky Duel, Kart Mania or Free Fall?", tiny_vocab), long)
    assert got == ["store_choice_candidates"] and all(len(x) > 400 for x in next(s for s in out.steps if isinstance(s, StoreStep)).items)
    full, _ = run_repairs(Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=10)]),
                          understand("which should I play: Sky Duel, Kart Mania or Free Fall?", tiny_vocab), long)
    assert any(isinstance(s, StoreStep) for s in full.steps)


def test_choice_candidates(tiny_vocab, ctx):
    intent = understand("which should I play: Sky Duel, Kart Mania or Free Fall?", tiny_vocab)
    plan = Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=10)])
    out, got = choice_candidates(plan, intent, ctx)
    store = next(s for s in out.steps if isinstance(s, StoreStep))
    assert got == ["store_choice_candidates"] and set(store.items) == {"Sky Duel", "Kart Mania", "Free Fall"}
    assert next(s for s in out.steps if isinstance(s, FetchStep)).k == 3


@pytest.mark.parametrize("msg,model_k,k,labels", [("3 racing games", 10, 3, ["fetch_k_from_request"]),
                                                   ("racing games", 5, 10, ["fetch_k_default"]), ("racing games", 10, 10, []), ("top 40 games", 10, 30, ["fetch_k_from_request"])])
def test_fetch_count(tiny_vocab, ctx, msg, model_k, k, labels):
    out, got = fetch_count(Plan(action="use_tools", steps=[R(), FetchStep(tool="fetch", k=model_k)]), understand(msg, tiny_vocab), ctx)
    assert next(s for s in out.steps if isinstance(s, FetchStep)).k == k and got == labels


def test_pipeline_end_to_end(tiny_vocab, ctx):
    intent = understand("I loved Deep Crawl, give me 2 rogue-likes under $15 without pixel graphics", tiny_vocab)
    out, labels = run_repairs(Plan(action="reply"), intent, ctx)
    assert tools(out) == ["hard_filter", "rank", "fetch"]
    assert {("tags", "contains", "Rogue-like"), ("cost", "<", 15.0), ("tags", "not_contains", "Pixel Graphics")} <= conds(out)
    assert next(s for s in out.steps if isinstance(s, FetchStep)).k == 2


def test_plan_schema_is_constrainable():
    schema = Plan.model_json_schema()
    assert schema["properties"]["action"]["enum"] == ["use_tools", "reply", "ask_user"]
    r = RankStep.model_validate({"tool": "rank", "schema": "similarity", "prefer": ["X"]})
    assert r.schema_ == "similarity"


@pytest.mark.parametrize("message", [
    "I liked Star Harvest. But I can't say I enjoyed Night Terror.",
    "I never liked Night Terror but I loved Star Harvest",
    "Not a big fan of Night Terror, I loved Star Harvest",
])
def test_hedged_dislikes_are_dislikes(tiny_vocab, message):
    """A hedged rejection ("can't say I enjoyed X") is read as one, not as a liked item (a real
    ReDial turn read it as liked, and the ranker then sought films like the one rejected)."""
    intent = understand(message, tiny_vocab)
    assert intent.liked == ["1"] and intent.disliked == ["3"], intent.mentions


def test_every_label_a_turn_can_report_is_declared():
    """Each repair label written anywhere in InteRecAgent's code (plan-level or around the plan)
    is declared with its repair, so repair frequencies are measured against one list."""
    import re
    from pathlib import Path

    import convrec.strategies.interecagent as pkg

    written = set()
    for path in Path(pkg.__file__).parent.glob("*.py"):
        text = path.read_text()
        written |= set(re.findall(r'(?:repairs|labels|extra)\.append\("([a-z_]+)"\)', text))
        written |= set(re.findall(r'(?:labels|repairs2) \+ \["([a-z_]+)"\]', text))
        written |= set(re.findall(r'"(planner_[a-z_]+)"', text)) - {"planner_system"}  # a prompt's name
    assert len(written) >= 15
    assert written <= set(all_labels()), sorted(written - set(all_labels()))
