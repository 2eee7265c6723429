"""Readers that generalise (issue 60, session 22), each on three or more development catalogs of
different domains: a number before a superlative counts the items ("3 cheapest horses", not the
horse with code 3); a superlative asked of one ("who had the fastest time") answers with one; of a
high/low pair of columns the superlative's way picks the column ("the coldest nights" → the lows);
"the oldest" with only a year is the earliest; an item named by the catalog's own number code
("horse 97", "#156"); a comparative whose column only the words after it name ("higher incomes than
Linden Hills"); a value missing after any negated verb ("listings that don't give a height"); a
percent no word names exactly binds to the share column the words beside it mean."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("orders_gaps"))


@pytest.fixture(scope="module")
def horses(home):
    return _prepare(home, "r7a-horses")


@pytest.fixture(scope="module")
def race(home):
    return _prepare(home, "r7a-dunn-run")


@pytest.fixture(scope="module")
def planes(home):
    return _prepare(home, "r7b-faa-planes")


@pytest.fixture(scope="module")
def weather(home):
    return _prepare(home, "r7b-city-weather")


@pytest.fixture(scope="module")
def towns(home):
    return _prepare(home, "r7a-mpls-neighborhoods")


@pytest.fixture(scope="module")
def congress(home):
    return _prepare(home, "r7b-sopa-legislators")


def _sort(it):
    return [(h.column, h.descending) for h in it.sort]


def _conds(it):
    return {(c.column, c.op) for c in it.conditions}


def test_a_number_before_a_superlative_counts(horses, race, planes):
    it = understand("3 cheapest horses", horses.vocab)
    assert it.k == 3 and _sort(it) == [("price", False)] and not it.conditions and not it.unmatched
    it = understand("the 3 slowest half marathon finishers", race.vocab)
    assert it.k == 3 and _sort(it) == [("run_time_minutes", True)] and not it.unmatched  # the finishers are the rows
    it = understand("the 3 oldest planes", planes.vocab)
    assert it.k == 3 and _sort(it) == [("year", False)]  # only a year says how old: the earliest


def test_a_superlative_asked_of_one(race, weather, horses):
    it = understand("who had the fastest 5k time", race.vocab)
    assert it.k == 1 and _sort(it) == [("run_time_minutes", False)]
    it = understand("what was the hottest day in san diego", weather.vocab)
    assert it.k == 1 and _sort(it) == [("high_temp", True)] and ("city", "in") in _conds(it)
    it = understand("which horse is the most expensive", horses.vocab)
    assert it.k == 1 and _sort(it) == [("price", True)]
    assert understand("the hottest days in chicago", weather.vocab).k != 1


def test_a_high_low_pair_follows_the_superlative(weather):
    assert _sort(understand("the 2 coldest nights in chicago", weather.vocab)) == [("low_temp", False)]
    assert _sort(understand("the warmest days in auckland", weather.vocab)) == [("high_temp", True)]


def test_an_items_own_number_code(horses, planes):
    it = understand("whats the asking price for horse #156", horses.vocab)
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["2"]  # HorseID 156 is row 2
    it = understand("horses taller than horse 97", horses.vocab)
    assert ("height", ">") in _conds(it) and [c.value for c in it.conditions] == [16.75]
    it = understand("females yonger than horse 135", horses.vocab)  # a slip in the comparative too
    assert ("age", "<") in _conds(it) and ("sex", "in") in _conds(it)
    it = understand("what year was N10156 built", planes.vocab)  # a code with letters: its own column
    assert [m.item_id for m in it.mentions] and it.kind == "fact"


def test_a_comparative_of_the_column_named_after_it(towns, congress, race):
    it = understand("which neighborhoods have higher incomes than linden hills", towns.vocab)
    assert it.kind == "recommend" and _conds(it) == {("hhincome", ">")}
    it = understand("senators who've served longer than mitch mcconnell", congress.vocab)
    assert ("years", ">") in _conds(it)
    it = understand("5k runners older than 60", race.vocab)
    assert ("age", ">") in _conds(it)


def test_a_value_missing_after_any_negated_verb(horses, planes, congress):
    it = understand("how many of the listings don't give a height", horses.vocab)
    assert it.kind == "count" and _conds(it) == {("height", "missing")}
    it = understand("how many planes dont have a build year listed?", planes.vocab)
    assert it.kind == "count" and _conds(it) == {("year", "missing")}
    it = understand("for how many of them is the pro-sopa money amount missing?", congress.vocab)
    assert it.kind == "count" and _conds(it) == {("money_pro", "missing")}
    assert not any(c.op == "missing" for c in understand("horses that don't cost much", horses.vocab).conditions)


def test_a_percent_binds_to_the_share_it_means(towns):
    it = understand("places where over 60% have a college degree", towns.vocab)
    assert [(c.column, c.op, round(c.value, 3)) for c in it.conditions] == [("collegegrad", ">", 0.6)]
    it = understand("where less than 10% are foreign born", towns.vocab)
    assert [(c.column, c.op, round(c.value, 3)) for c in it.conditions] == [("foreignborn", "<", 0.1)]
    it = understand("neighborhoods where under 5 percent live in poverty", towns.vocab)
    assert [(c.column, c.op, round(c.value, 3)) for c in it.conditions] == [("poverty", "<", 0.05)]


def test_a_dash_between_a_name_and_its_question_reads(horses, race):
    """A message with an em dash ("horse #156 — what's the price?") is read, not a crash: the
    tokenizer's positions run past the text it splits, and no reader may index beyond it."""
    it = understand("horse #156 — whats the asking price?", horses.vocab)
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["2"]
    assert understand("5k runners — under 25 minutes please — 2018 only", race.vocab).conditions
