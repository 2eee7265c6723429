"""Plan validation and deterministic repairs."""

from __future__ import annotations

import pytest

from convrec.agent.plan import FetchStep, FilterStep, Plan, RankStep, repair, requested_count, time_and_price_conditions
from convrec.tools.filters import Condition

COLS = {"item_id", "title", "year", "genres", "price", "popularity"}


def steps(plan):
    return [s.tool for s in plan.steps]


@pytest.mark.parametrize("msg,n", [("recommend 5 animated movies", 5), ("give me three games", 3),
                                   ("a few good books please", 3), ("something fun", None), ("top 12 sci-fi films", 12)])
def test_requested_count(msg, n):
    assert requested_count(msg) == n


def test_stated_conditions():
    c = time_and_price_conditions("strategy games after 2015 under $30", COLS)
    assert [(x.column, x.op, x.value) for x in c] == [("year", ">", 2015), ("price", "<=", 30.0)]
    c = time_and_price_conditions("animated movies from the 1990s", COLS)
    assert [(x.op, x.value) for x in c] == [(">=", 1990), ("<=", 1999)]
    assert time_and_price_conditions("movies from the 80s", COLS)[0].value == 1980
    assert time_and_price_conditions("under 10 minutes of fame", {"year"}) == []


def test_repair_adds_fetch_fixes_year_and_k():
    plan = Plan(action="use_tools", steps=[
        RankStep(tool="rank", schema="preference", prefer=["Toy Story"], unwanted=["Toy Story", "Cars"]),
        FilterStep(tool="hard_filter", conditions=[Condition(column="year", op=">=", value=2015)]),
    ])
    fixed, reps = repair(plan, "I loved Toy Story, 5 movies after 2015 please", COLS)
    assert steps(fixed) == ["hard_filter", "rank", "fetch"]
    assert fixed.steps[0].conditions[0].op == ">" and fixed.steps[0].conditions[0].value == 2015
    assert fixed.steps[1].unwanted == ["Cars"]
    assert fixed.steps[2].k == 5
    assert set(reps) >= {"added_fetch", "fixed_year_condition", "liked_item_in_unwanted", "fetch_k_from_message",
                         "reordered_steps"}


def test_repair_leaves_good_plans_alone():
    plan = Plan(action="use_tools", steps=[
        FilterStep(tool="hard_filter", conditions=[Condition(column="genres", op="contains", value="Comedy")]),
        RankStep(tool="rank", schema="popularity"), FetchStep(tool="fetch", k=10)])
    fixed, reps = repair(plan, "popular comedies", COLS)
    assert reps == [] and steps(fixed) == ["hard_filter", "rank", "fetch"]


def test_chit_chat_and_empty_plans():
    assert repair(Plan(action="reply"), "hello", COLS) == (Plan(action="reply"), [])
    fixed, reps = repair(Plan(action="use_tools", steps=[]), "hello", COLS)
    assert fixed.action == "reply" and reps == ["empty_plan"]


def test_plan_schema_is_constrainable():
    schema = Plan.model_json_schema()
    assert schema["properties"]["action"]["enum"] == ["use_tools", "reply", "ask_user"]
    # the LLM writes "schema" (alias), the tool input is the same model
    r = RankStep.model_validate({"tool": "rank", "schema": "similarity", "prefer": ["X"]})
    assert r.schema_ == "similarity"
