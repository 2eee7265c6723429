"""Readers that generalise (issue 60, session 31), on small catalogs written here: "rated 5" on the
one small graded score, a number before a unit is no id, "drop anyone with …" negates a bound, a
negation on a plain column carries into the next turn, a value that denies the words is not them,
a nominalised flag said as its adjective, air temperatures in Fahrenheit decided from the data,
"warmer than" of a high/average/low family, "a year" names the annual column, comparisons with an
item: the column it has a value of, "than company 8", "the 1973 one"."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round20"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


@pytest.fixture(scope="module")
def hikes(home, tmp_path_factory):
    rows = ["id,Peak,Difficulty,Ascent,Length"]
    for i in range(1, 41):
        rows.append(f"{i},{['Mt.', 'Big', 'Lower', 'Grey'][i % 4]} Peak {i},{2 + i % 6},{1800 + 60 * i},{4.5 + (i % 14)}")
    return _csv(home, tmp_path_factory, "high-peaks", "\n".join(rows) + "\n")


def test_rated_n_is_the_one_small_graded_score(hikes):
    v = hikes.vocab
    assert ("difficulty", "=", 5.0) in _conds(understand("show me hikes rated 5", v))
    assert ("difficulty", ">=", 5.0) in _conds(understand("peaks rated 5 or higher", v))
    assert not [c for c in _conds(understand("hikes rated 9", v)) if c[0] == "difficulty"]  # no such grade


@pytest.fixture(scope="module")
def horses(home, tmp_path_factory):
    rows = ["id,HorseID,Price,Height,Sex"]
    for i in range(1, 51):
        rows.append(f"{i},{100 + 3 * i},{1000 * (5 + i % 40)},{14.25 + (i % 13) * 0.25},{'mf'[i % 2]}")
    return _csv(home, tmp_path_factory, "horses", "\n".join(rows) + "\n")


def test_a_number_before_a_unit_is_no_id(horses):
    v = horses.vocab
    it = understand("horses 16 hands and up", v)
    assert ("height", ">=", 16.0) in _conds(it) and not it.mentions
    it = understand("how tall is horse 16", v)
    assert it.kind == "fact" and it.mentions


@pytest.fixture(scope="module")
def judges(home, tmp_path_factory):
    rows = ["id,rownames,PREP,DECI,PHYS"]
    for i in range(1, 44):
        rows.append(f'{i},"JUDGE{i},A.B.",{6 + (i % 30) / 10},{5.5 + (i % 35) / 10},{7 + (i % 25) / 10}')
    return _csv(home, tmp_path_factory, "judges", "\n".join(rows) + "\n")


def test_drop_anyone_with_a_bound_negates_it(judges):
    v = judges.vocab
    assert ("phys", ">=", 8.8) in _conds(understand("drop anyone with physical ability under 8.8", v))
    assert ("phys", ">=", 8.8) in _conds(understand("exclude the ones with phys under 8.8", v))
    assert ("phys", "<", 8.8) in _conds(understand("judges with phys under 8.8", v))


def _agent(home, tmp_path, name):
    from convrec.api import Agent
    from convrec.eval.build import apply_ablations
    from convrec.llm.errors import LLMConnectionError
    from convrec.llm.fake import ScriptedLLM

    class NoBrain(ScriptedLLM):
        backend = "none"

        def _next(self, messages, json_call=False):
            raise LLMConnectionError("no LLM in this test")

    a = Agent.from_config(home, dataset=name, llm=NoBrain(model="none"), sessions_db=tmp_path / "s.db")
    apply_ablations(a.strategy, a.catalog, ["llm"])
    return a


@pytest.fixture(scope="module")
def possums(home, tmp_path_factory):
    rows = ["id,rownames,Pop,sex,age,taill"]
    for i in range(1, 61):
        rows.append(f"{i},C{i},{'Vic' if i % 3 == 0 else 'other'},{'mf'[i % 2]},{1 + i % 8},{32 + i % 9}")
    return _csv(home, tmp_path_factory, "possums", "\n".join(rows) + "\n")


def test_a_negation_on_a_plain_column_carries_into_the_next_turn(home, possums, tmp_path):
    a = _agent(home, tmp_path, "possums")
    s = a.new_session()
    a.chat("possums from outside Vic", session=s)
    t = a.chat("just the males", session=s)
    got = [(possums.vocab.item_value(i["id"], "pop"), possums.vocab.item_value(i["id"], "sex")) for i in t.items]
    assert got and all(p == "other" and x == "m" for p, x in got)
    t = a.chat("which of those are 5 or older", session=s)
    ages = [(possums.vocab.item_value(i["id"], "pop"), possums.vocab.item_value(i["id"], "age")) for i in t.items]
    assert ages and all(p == "other" and float(x) >= 5 for p, x in ages)


@pytest.fixture(scope="module")
def nests(home, tmp_path_factory):
    notes = ["Nest never observed with full clutch.", "Not enough blood for isotopes.", "", "Adult not sampled."]
    rows = ["id,Species,Clutch Completion,Comments,Body Mass (g)"]
    for i in range(1, 61):
        rows.append(f'{i},{["Adelie", "Gentoo", "Chinstrap"][i % 3]},{"No" if i % 5 == 0 else "Yes"},"{notes[i % 4]}",{3000 + 25 * i}')
    return _csv(home, tmp_path_factory, "nests", "\n".join(rows) + "\n")


def test_a_value_that_denies_the_words_and_a_nominalised_flag(nests):
    v = nests.vocab
    it = understand("penguins with a full clutch", v)
    assert not [c for c in it.conditions if c.column == "comments"]  # "never observed with full clutch" is the opposite
    assert ("clutch_completion", "=", True) in _conds(understand("penguins with a complete clutch", v))
    assert ("clutch_completion", "=", True) in _conds(understand("completed clutches only", v))


@pytest.fixture(scope="module")
def weather(home, tmp_path_factory):
    rows = ["id,city,date,high_temp,avg_temp,low_temp"]
    for i in range(1, 91):
        hi = 20 + (i * 7) % 83
        rows.append(f"{i},{['Chicago', 'Auckland', 'Mumbai'][i % 3]},2016-{1 + i % 12:02d}-{1 + i % 28:02d},{hi},{hi - 8},{hi - 18}")
    return _csv(home, tmp_path_factory, "city-weather", "\n".join(rows) + "\n")


def test_air_temperatures_in_fahrenheit_and_the_side_of_a_family(weather):
    v = weather.vocab
    assert v.columns["high_temp"].unit == "fahrenheit" and v.columns["low_temp"].unit == "fahrenheit"
    assert ("high_temp", ">", 77.0) in _conds(understand("days in auckland warmer than 25°C", v))
    assert ("low_temp", "<", 10.0) in _conds(understand("nights colder than 10 degrees", v))
    assert ("avg_temp", ">", 20.0) in _conds(understand("days with an average warmer than 20", v))


@pytest.fixture(scope="module")
def loans(home, tmp_path_factory):
    rows = ["id,state,annual_income,total_income,loan_amount"]
    for i in range(1, 51):
        rows.append(f"{i},{['WI', 'MD', 'VA'][i % 3]},{28000 + 6000 * i},{30000 + 6500 * i},{1000 * (3 + i % 30)}")
    return _csv(home, tmp_path_factory, "loans", "\n".join(rows) + "\n")


def test_a_year_names_the_annual_column(loans):
    v = loans.vocab
    assert ("annual_income", ">", 100000.0) in _conds(understand("people making more than 100k a year", v))
    assert ("annual_income", ">", 100000.0) in _conds(understand("an annual income over 100k", v))


@pytest.fixture(scope="module")
def engines(home, tmp_path_factory):
    rows = ["id,Name,manufacturer,max_thrust,cruise_thrust"]
    for i in range(1, 41):
        cruise = "" if i % 2 else str(3000 + 100 * i)
        rows.append(f"{i},Trent {900 + 10 * i}-G{i % 4},{['Rolls-Royce', 'GE', 'CFM'][i % 3]},{50000 + 7000 * i},{cruise}")
    return _csv(home, tmp_path_factory, "jet-engines", "\n".join(rows) + "\n")


def test_a_comparison_with_an_item_takes_the_column_it_has(engines):
    v = engines.vocab
    it = understand("engines with more thrust than the Trent 1010-G3", v)  # item 11: no cruise thrust
    assert ("max_thrust", ">", 127000.0) in _conds(it)


@pytest.fixture(scope="module")
def firms(home, tmp_path_factory):
    rows = ["id,sector,nation,interlocks,assets"]
    for i in range(1, 61):
        rows.append(f"{i},{['AGR', 'MAN', 'WOD'][i % 3]},{['US', 'CAN'][i % 2]},{(i * 7) % 40},{100 + 13 * i}")
    return _csv(home, tmp_path_factory, "firms", "\n".join(rows) + "\n")


def test_than_a_noun_and_a_number_is_that_item(firms):
    v = firms.vocab
    value = float(v.item_value("8", "interlocks"))
    assert ("interlocks", ">", value) in _conds(understand("firms with more interlocks than company 8", v))


@pytest.fixture(scope="module")
def recessions(home, tmp_path_factory):
    rows = ["id,peak_year,months,gdp_drop"]
    for i, y in enumerate(range(1900, 2020, 4), start=1):
        rows.append(f"{i},{y},{6 + (i * 5) % 30},{0.5 + (i % 7) / 2}")
    return _csv(home, tmp_path_factory, "recessions", "\n".join(rows) + "\n")


def test_the_year_one_is_that_item(recessions):
    v = recessions.vocab
    it = understand("recessions longer than the 1972 one", v)  # the one of 1972: item 19
    months = float(v.item_value("19", "months"))
    assert any(c.op == ">" and c.value == months and c.column == "months" for c in it.conditions), _conds(it)
