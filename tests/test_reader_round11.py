"""Readers that generalise (issue 60, session 24, after round 11's first runs), each on development
catalogs of different shapes plus small catalogs written here: a minus sign and a temperature said
in the other scale on a column with no unit; amounts of money on columns a noun names (bills, fees)
and a bare "$150" on their total; months said as lists, ranges and seasons; yes/no columns asked by
their verb's family and its opposite (survivors, died, didn't die, cavities); values that are ranges
("2_11-20", "4_51+"); comparisons with an item described by its values; two values of a one-value
column are either; "item N" is the row."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round11"))


@pytest.fixture(scope="module")
def bills(home):
    return _prepare(home, "r11a-utility-bills")


@pytest.fixture(scope="module")
def weather(home):
    return _prepare(home, "r7b-city-weather")


@pytest.fixture(scope="module")
def titanic(home):
    return _prepare(home, "r5a-titanic")


@pytest.fixture(scope="module")
def donner(home):
    return _prepare(home, "r11a-donner-party")


@pytest.fixture(scope="module")
def crashes(home):
    return _prepare(home, "r11a-air-crashes")


@pytest.fixture(scope="module")
def trial(home):
    return _prepare(home, "r11b-strep-tb-trial")


@pytest.fixture(scope="module")
def clinic(home, tmp_path_factory):
    rows = ["id,visit,month,year,consult_fee,lab_fee,total_fee,age_band,smoker,vaccinated"]
    bands = ["18-24", "25-34", "35-49", "50-64", "65+"]
    for i in range(1, 61):
        rows.append(f"{i},V{100 + i},{(i % 12) + 1},{2015 + i % 5},{40 + i},{10 + i % 7},{50 + i + i % 7},"
                    f"{bands[i % 5]},{'yes' if i % 3 == 0 else 'no'},{'yes' if i % 4 else 'no'}")
    return _csv(home, tmp_path_factory, "clinic", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_a_minus_sign_and_the_other_temperature_scale(bills, weather):
    # a month averaging 9–78 (°F, unwritten): -5 °C is 23 °F, 5 °C is 41 °F
    assert ("temp", "<", 23.0) in _conds(understand("which months averaged below -5°C?", bills.vocab))
    assert ("temp", "<", 41.0) in _conds(understand("months colder than 5 °C", bills.vocab))
    got = _conds(understand("days in auckland with an average below -2°C", weather.vocab))
    assert any(c.endswith("_temp") and op == "<" and v == 28.4 for c, op, v in got)


def test_money_named_by_a_noun_and_a_bare_amount_on_the_total(bills, clinic):
    assert ("totalbill", ">", 150.0) in _conds(understand("only the ones over $150", bills.vocab))
    assert ("gasbill", ">", 100.0) in _conds(understand("gas bills over $100", bills.vocab))
    assert [(s.column, s.descending) for s in understand("cheapest electric bill?", bills.vocab).sort] == [("elecbill", False)]
    assert ("total_fee", "<", 80.0) in _conds(understand("visits under $80", clinic.vocab))
    assert ("lab_fee", ">", 12.0) in _conds(understand("a lab fee over $12", clinic.vocab))
    assert not understand("visits under $80", clinic.vocab).absent  # there are amounts of money: none is absent


def test_months_as_lists_ranges_and_seasons(bills, weather, clinic):
    assert ("month", "in", (1.0, 2.0, 12.0)) in _conds(understand("winter bills since 2007", bills.vocab))
    assert ("month", "in", (6.0, 7.0, 8.0)) in _conds(understand("summer bills, june to august", bills.vocab))
    assert ("month", "not_in", (1.0, 2.0, 12.0)) in _conds(understand("bills not from dec, jan or feb", bills.vocab))
    assert ("month", "in", (1.0, 2.0, 11.0, 12.0)) in _conds(understand("visits from november to february", clinic.vocab))
    days = understand("winter days in auckland", weather.vocab).conditions
    dated = [c for c in days if c.column == "date"]
    assert dated and {v[5:7] for v in dated[0].value} == {"01", "02", "12"}


def test_yes_no_columns_by_the_verbs_family_and_its_opposite(titanic, donner, trial, clinic):
    for cat in (titanic, donner):
        col = "survived"
        assert (col, "=", True) in _conds(understand("list the survivors", cat.vocab))
        assert (col, "=", False) in _conds(understand("the ones who died", cat.vocab))
        assert (col, "=", True) in _conds(understand("women that didn't die", cat.vocab))
    assert ("baseline_cavitation", "=", True) in _conds(understand("patients with cavities on the x-ray", trial.vocab))
    assert ("vaccinated", "=", False) in _conds(understand("patients who were not vaccinated", clinic.vocab))


def test_values_that_are_ranges(trial, clinic):
    assert ("baseline_esr", "in", ("3_21-50", "4_51+")) in _conds(understand("patients with an ESR over 20", trial.vocab))
    assert ("baseline_esr", "in", ("2_11-20", "3_21-50")) in _conds(understand("patients whose ESR wasn't above 50", trial.vocab))
    assert ("baseline_temp", "in", ("1_98-98.9F",)) in _conds(
        understand("patients who started with a temperature below 37.2 °C", trial.vocab))
    got = _conds(understand("patients with an age band over 49", clinic.vocab))
    assert ("age_band", "in", ("50-64", "65+")) in {(c, op, tuple(sorted(v))) for c, op, v in got if c == "age_band"}


def test_a_comparison_with_an_item_described_by_its_values(crashes, bills, clinic):
    assert ("fatalities", ">", 298.0) in _conds(understand("crashes deadlier than the one on 17 July 2014", crashes.vocab))
    got = _conds(understand("months that used more electricity than December 2008", bills.vocab))
    assert ("kwh", ">", 1205.0) in got and not any(c in ("year", "month") for c, _, _ in got)
    v = understand("visits with a higher total fee than the one in march 2016", clinic.vocab)
    asked = [c for c in v.conditions if c.column == "total_fee"]
    assert asked and asked[0].op == ">"


def test_two_values_of_a_one_value_column_are_either(crashes, titanic):
    assert ("phase", "in", ("take-off", "standing")) in _conds(understand("crashes during take-off or while standing", crashes.vocab))
    got = _conds(understand("1st and 2nd class passengers", titanic.vocab))
    assert any(c == "pclass" and op == "in" and set(v) == {"1st", "2nd"} for c, op, v in got)


def test_item_n_is_the_row_even_where_a_column_numbers_the_items(trial):
    it = understand("show me item 60", trial.vocab)
    assert [m.item_id for m in it.mentions] == ["60"]


# ------------------------------------------------ after round 12's first runs (session 24, late)
@pytest.fixture(scope="module")
def pay(home):
    return _prepare(home, "r12a-ceo-pay")


@pytest.fixture(scope="module")
def tracks(home):
    return _prepare(home, "r12b-chinook-tracks")


@pytest.fixture(scope="module")
def mixes(home):
    return _prepare(home, "r12a-concrete-mixes")


@pytest.fixture(scope="module")
def shop(home, tmp_path_factory):
    rows = ["id,product,price,discount,weight_grams,runtime_ms,file_bytes,power_w"]
    for i in range(1, 41):
        rows.append(f"{i},Gadget {i},\"${1000 + 37 * i:,}.00\",{'-' if i % 2 else ''}{i % 9}%,{100 + 13 * i},"
                    f"{60000 * (i % 12 + 1)},{1_000_000 * i},{250 * i}")
    rows.append("41,Gadget 41,n/a,n/a,99,60000,1000,100")
    return _csv(home, tmp_path_factory, "shop", "\n".join(rows) + "\n")


def test_numbers_written_as_text_with_their_sign(pay, shop):
    assert pay.vocab.columns["total_pay"].type == "real" and pay.vocab.columns["total_pay"].unit == "$"
    assert ("total_pay", "<", 0.5) in _conds(understand("who earned less than 500 grand in total?", pay.vocab))
    assert ("change", "<", 0.0) in _conds(understand("which CEOs saw their pay go down?", pay.vocab))
    c = shop.vocab.columns["price"]
    assert c.type == "real" and c.unit == "$" and c.max >= 2480
    assert ("price", "<", 1500.0) in _conds(understand("gadgets under $1,500", shop.vocab))
    assert shop.vocab.columns["discount"].unit == "%" and shop.vocab.columns["discount"].min < 0


def test_units_of_time_size_power_and_pressure(tracks, mixes, shop):
    assert ("milliseconds", ">", 600000.0) in _conds(understand("tracks longer than 10 minutes", tracks.vocab))
    assert ("bytes", ">", 400000000.0) in _conds(understand("which files are over 400 MB?", tracks.vocab))
    assert [(s.column, s.descending) for s in understand("the 3 shortest tracks", tracks.vocab).sort] == [("milliseconds", False)]
    got = _conds(understand("which mixes are stronger than 6000 psi?", mixes.vocab))
    assert any(c == "compressive_strength" and op == ">" and 41 < v < 42 for c, op, v in got)
    assert [(s.column, s.descending) for s in understand("the 3 strongest mixes", mixes.vocab).sort] == [("compressive_strength", True)]
    assert ("runtime_ms", "<", 120000.0) in _conds(understand("gadgets running under 2 minutes", shop.vocab))
    assert ("file_bytes", ">", 5000000.0) in _conds(understand("files over 5 MB", shop.vocab))
    assert ("power_w", ">=", 2000.0) in _conds(understand("at least 2 kW", shop.vocab))


def test_a_list_of_numbers_after_a_bound_one(shop, bills):
    got = _conds(understand("bills in 2005 or 2007", bills.vocab))
    assert ("year", "in", (2005.0, 2007.0)) in got
    got = _conds(understand("gadgets weighing 113 or 126 grams", shop.vocab))
    assert ("weight_grams", "in", (113.0, 126.0)) in got
