"""Readers that generalise (issue 60, session 32), on small catalogs written here: numbered sibling
columns (`Sales3m`, `Sales12m`; "5yr return") picked by the window or horizon a request says, which
is no value of any column; words of spending name the money columns; "six figures"; an amount of
millions on a column that holds millions in full; "mostly X" on a share column; an R export's
row numbers name its items; "what's in this dataset?" says what each item has."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round21"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


@pytest.fixture(scope="module")
def stores(home, tmp_path_factory):
    rows = ["id,Store,Sales3m,Sales12m,Visits3m,Visits12m,Staff"]
    for i in range(1, 41):
        rows.append(f"{i},{['North', 'East', 'West', 'South'][i % 4]} {i},{1000 + 250 * i},{5000 + 900 * i},"
                    f"{10 + i},{40 + 3 * i},{2 + i % 9}")
    return _csv(home, tmp_path_factory, "shops", "\n".join(rows) + "\n")


def test_a_window_picks_the_sibling_and_is_no_value(stores):
    v = stores.vocab
    assert v.columns["sales3m"].mark and v.columns["sales12m"].mark
    it = understand("shops with sales over 5000 in the last 3 months", v)
    assert _conds(it) == {("sales3m", ">", 5000.0)}
    it = understand("shops with more than 80 visits over the past year", v)
    assert _conds(it) == {("visits12m", ">", 80.0)}  # a year is 12 of a 3/12 pair
    it = understand("top 2 shops by visits in the last 3 months", v)
    assert it.sort and it.sort[0].column == "visits3m" and not it.conditions
    it = understand("shops that made more than $20,000 in sales over the past 12 months", v)
    assert _conds(it) == {("sales12m", ">", 20000.0)}


def test_spending_words_name_the_money_columns(stores):
    v = stores.vocab
    it = understand("which shops earned the most in the last 12 months", v)
    assert it.sort and it.sort[0].column == "sales12m"


@pytest.fixture(scope="module")
def funds(home, tmp_path_factory):
    rows = ["id,Fund,Return1yr,Return5yr,Age"]
    for i in range(1, 31):
        rows.append(f"{i},Fund {chr(65 + i % 26)}{i},{-5 + i * 0.7:.1f},{1 + i * 0.4:.1f},{1 + i % 20}")
    return _csv(home, tmp_path_factory, "funds", "\n".join(rows) + "\n")


def test_a_horizon_said_before_the_measure(funds):
    v = funds.vocab
    assert _conds(understand("funds with a 5-year return above 8", v)) == {("return5yr", ">", 8.0)}
    assert _conds(understand("funds with a 1 yr return under 0", v)) == {("return1yr", "<", 0.0)}
    # a number of years with a comparison and no family word after it is a value, not a horizon
    assert ("age", ">", 5.0) in _conds(understand("funds older than 5 years", v))


@pytest.fixture(scope="module")
def people(home, tmp_path_factory):
    rows = ["id,earnings,age,state"]
    for i in range(1, 61):
        rows.append(f"{i},{[12000, 45000, 98000, 150000, 2500000, 30000][i % 6] + i},{20 + i % 40},{['CA', 'TX', 'NY'][i % 3]}")
    return _csv(home, tmp_path_factory, "payroll", "\n".join(rows) + "\n")


def test_six_figures_and_millions_in_full(people):
    v = people.vocab
    assert ("earnings", ">=", 100000.0) in _conds(understand("how many people earn six figures", v))
    it = understand("anyone earning over 100 million?", v)
    assert ("earnings", ">", 100000000.0) in _conds(it)  # more than any: not 100 thousand


@pytest.fixture(scope="module")
def counties(home, tmp_path_factory):
    rows = ["id,County,Urban,Farming,Population"]
    for i in range(1, 41):
        rows.append(f"{i},County {i},{(i * 7.3) % 100:.1f},{(i * 11.9) % 90:.1f},{1000 * i}")
    return _csv(home, tmp_path_factory, "counties", "\n".join(rows) + "\n")


def test_mostly_x_is_over_half_of_a_share(counties):
    v = counties.vocab
    assert _conds(understand("mostly urban counties", v)) == {("urban", ">", 50.0)}
    assert _conds(understand("counties that aren't mostly urban", v)) == {("urban", "<=", 50.0)}
    assert _conds(understand("counties with a farming majority", v)) == {("farming", ">", 50.0)}
    assert not _conds(understand("mostly populated counties", v))  # a count is no share


@pytest.fixture(scope="module")
def plants(home, tmp_path_factory):
    rows = ["id,rownames,height,kind"]
    for i in range(1, 31):
        rows.append(f"{i},{20 + 4 * i},{10 + i},{['fern', 'moss'][i % 2]}")
    return _csv(home, tmp_path_factory, "plants", "\n".join(rows) + "\n")


def test_row_numbers_of_an_r_export_name_the_items(plants):
    v = plants.vocab
    it = understand("how tall is plant 100?", v)  # rownames 100 is row 20
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["20"]


def test_what_is_in_this_dataset_says_what_each_item_has(home, stores, tmp_path):
    from test_reader_round20 import _agent

    a = _agent(home, tmp_path, "shops")
    t = a.chat("hi there, what's in this dataset?")
    assert "sales" in t.reply.lower() and "visits" in t.reply.lower()
