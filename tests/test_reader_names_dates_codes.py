"""Readers that generalise (issue 60, session 22, after round 8's freeze), each on three or more
development catalogs: people named as people say them (a nickname, a slip, "Last, First" titles, a
first-name column with a last initial, "First Last" titles); dates said as people say them on a date
column; a column's letter code said as its word and number ("season 4" = S04); a value as the subject
of a negated verb; "where" questions ask for the place column; model families ("757s")."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("names_dates"))


@pytest.fixture(scope="module")
def congress(home):
    return _prepare(home, "r7b-sopa-legislators")


@pytest.fixture(scope="module")
def race(home):
    return _prepare(home, "r7a-dunn-run")


@pytest.fixture(scope="module")
def oscars(home):
    return _prepare(home, "r8a-oscar-winners")


@pytest.fixture(scope="module")
def weather(home):
    return _prepare(home, "r7b-city-weather")


@pytest.fixture(scope="module")
def drag(home):
    return _prepare(home, "r8a-drag-race-episodes")


@pytest.fixture(scope="module")
def cars90(home):
    return _prepare(home, "r8a-cars-1990")


@pytest.fixture(scope="module")
def montreal(home):
    return _prepare(home, "r8b-montreal-election")


@pytest.fixture(scope="module")
def planes(home):
    return _prepare(home, "r7b-faa-planes")


@pytest.fixture(scope="module")
def mlb(home):
    return _prepare(home, "r6b-mlb-teams")


def _conds(it):
    return {(c.column, c.op) for c in it.conditions}


def test_people_named_as_people_say_them(congress, race, oscars):
    it = understand("how many yrs has orin hatch been in congress", congress.vocab)  # a slip in the first name
    assert it.kind == "fact" and it.fact_columns == ("years",) and [m.title for m in it.mentions] == ["Hatch, Orrin"]
    it = understand("where did bernie sanders stand on pipa?", congress.vocab)  # a nickname
    assert [m.title for m in it.mentions] == ["Sanders, Bernard"]
    it = understand("half marathon runners who were faster than roxana c", race.vocab)  # first name + last initial
    assert ("run_time_minutes", "<") in _conds(it) and ("race", "in") in _conds(it)
    it = understand("how many times did katherine hepburn win", oscars.vocab)  # her several rows
    assert it.kind == "count" and [c.value for c in it.conditions] == [("Katharine Hepburn",)]


def test_dates_as_people_say_them(weather, oscars, drag):
    it = understand("what was the high in chicago on christmas day 2017?", weather.vocab)
    assert it.kind == "fact" and it.fact_columns == ("high_temp",)
    assert [c.value for c in it.conditions if c.column == "date"] == [("2017-12-25",)]
    it = understand("beijing weather for july 2017", weather.vocab)
    dates = next(c.value for c in it.conditions if c.column == "date")
    assert len(dates) == 31 and all(d.startswith("2017-07-") for d in dates)
    it = understand("actresses born before 1950", oscars.vocab)  # a year said with its column's word
    assert ("birth_y", "<") in _conds(it)
    it = understand("winners born in the 1800s", oscars.vocab)  # a century
    assert sorted(c.value for c in it.conditions if c.column == "birth_y") == [1800.0, 1899.0]
    it = understand("episodes that aired in march 2019", drag.vocab)
    assert any(c.column == "airdate" and c.value and all(str(d).startswith("2019-03") for d in c.value)
               for c in it.conditions)


def test_a_letter_code_said_as_its_word_and_number(drag, cars90, planes):
    assert [c.value for c in understand("season 4 epsiodes", drag.vocab).conditions] == [("S04",)]
    it = understand("how many episodes does season 3 have?", drag.vocab)
    assert it.kind == "count" and [c.value for c in it.conditions] == [("S03",)]
    assert [c.value for c in understand("anything on 15 inch rims?", cars90.vocab).conditions] == [("R15",)]
    it = understand("boeing planes that aren't 737s", planes.vocab)  # a model family, negated
    fam = next(c for c in it.conditions if c.column == "title")
    assert fam.op == "not_in" and all(v.startswith("737-") for v in fam.value) and len(fam.value) > 5


def test_a_value_as_the_subject_of_a_negated_verb(montreal, congress, drag):
    assert _conds(understand("districts that Coderre did not win", montreal.vocab)) == {("winner", "not_in")}
    it = understand("only where he didn't get a majority", montreal.vocab)  # the object is what is negated
    assert _conds(it) == {("result", "not_in")}
    it = understand("california house members who aren't democrats", congress.vocab)
    assert ("party", "not_in") in _conds(it) and ("state", "in") in _conds(it)
    it = understand("republicans from tx", congress.vocab)  # a party code; a state code in lower case
    assert {(c.column, c.value) for c in it.conditions} == {("party", ("R",)), ("state", ("TX",))}


def test_where_asks_for_the_place(oscars, mlb, race):
    assert understand("where was charlize theron born", oscars.vocab).fact_columns == ("birth_pl",)
    it = understand("where did the 1927 yankees play their home games", mlb.vocab)
    assert it.kind == "fact" and it.fact_columns == ("ball_park",)
    assert set(understand("where is roxana c. from?", race.vocab).fact_columns) == {"city", "state"}
