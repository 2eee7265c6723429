"""Readers that generalise (issue 60, session 42, developed on round 33 after its first run), on small
catalogs written here (none of them round 33's): a monthly series (rows are months, named "June 2014";
"than it did in June 2014" is that month's row; "at its cheapest" of the column named before; "12 cents";
"below $2 or above $90"); a table with a row a year ("a higher turnout than 1983"); items numbered by
the source's own row names ("employee 1625" beside an id that only counts the rows); a score kept one
column a year under an acronym (`XYZ score 2018`, "scoring under 20 in 2018")."""

from __future__ import annotations

import math

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_round20 import _agent


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round33"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 4)) for c in it.conditions}


@pytest.fixture(scope="module")
def metals(home, tmp_path_factory):
    """Monthly prices of two metals and two grains, no title column, no unit in any header."""
    rows = ["id,month,copper_chile,copper_peru,wheat_kansas,wheat_delta"]
    k = 0
    for y in range(1990, 2000):
        for m in range(1, 13):
            k += 1
            t = k / 10
            rows.append(f"{k},{y}-{m:02d}-01,{1.5 + math.sin(t) + k / 100:.4f},{1.4 + math.cos(t) + k / 90:.4f},"
                        f"{0.10 + (k % 17) / 100:.4f},{0.09 + (k % 13) / 80:.4f}")
    return _csv(home, tmp_path_factory, "metal-grain-prices", "\n".join(rows) + "\n")


def test_a_monthly_series_names_its_rows_by_month(metals):
    v = metals.vocab
    assert v.linker.titles[0] == "January 1990" and v.linker.titles[17] == "June 1991"
    assert v.domain == "month"
    assert "weekday" not in v.columns  # every date is a 1st: no day of the week to ask by
    assert not any(c.unit == "g" for c in v.columns.values())


def test_a_month_said_after_than_is_that_months_row(metals):
    v = metals.vocab
    june = float(metals.items.loc[metals.items["title"] == "June 1994", "copper_peru"].iloc[0])
    it = understand("months when peru copper cost more than it did in june 1994", v)
    assert ("copper_peru", ">", round(june, 4)) in _conds(it)
    it = understand("copper peru in march 1995", v)
    assert [m.title for m in it.mentions] == ["March 1995"] or any(c.column == "month" for c in it.conditions)


def test_a_superlative_said_of_the_column_before_it(metals):
    v = metals.vocab
    s = understand("when was kansas wheat at its cheapest?", v).sort
    assert s and s[0].column == "wheat_kansas" and not s[0].descending
    s = understand("when was chile copper the highest", v).sort
    assert s and s[0].column == "copper_chile" and s[0].descending


def test_cents_and_a_second_bound_with_its_currency(metals):
    v = metals.vocab
    assert ("wheat_delta", "<", 0.12) in _conds(understand("when was delta wheat cheaper than 12 cents", v))
    got = _conds(understand("months where chile copper was below $1.25 or above $3", v))
    assert ("copper_chile", "outside", (1.25, 3.0)) in got


@pytest.fixture(scope="module")
def polls(home, tmp_path_factory):
    rows = ["id,date,Seats,Turnout,GovShare"]
    for k, y in enumerate(range(1950, 2000, 3), start=1):
        rows.append(f"{k},{y}-05-{10 + k % 9:02d},{120 + k},{90 + (k * 7) % 9 + 0.25},{40 + (k * 5) % 13}.5")
    return _csv(home, tmp_path_factory, "state-polls", "\n".join(rows) + "\n")


def test_a_bare_year_after_than_is_that_years_row(polls):
    v = polls.vocab
    row = polls.items[polls.items["date"].astype(str).str.startswith("1971")].iloc[0]
    assert ("turnout", ">", round(float(row["turnout"]), 4)) in _conds(understand("polls with a higher turnout than 1971", v))
    assert ("turnout", "<", round(float(row["turnout"]), 4)) in _conds(understand("polls where turnout was lower than in 1971", v))
    got = _conds(understand("polls older than 1971", v))  # a year compared with a year
    assert any(c[1] == "<" and c[2] == 1971.0 for c in got), got


@pytest.fixture(scope="module")
def staff(home, tmp_path_factory):
    rows = ["id,rownames,Age,Dept,MonthlyPay"]
    for k in range(1, 61):
        rows.append(f"{k},{k * 3 + 100},{22 + (k * 7) % 40},{['Sales', 'Research', 'Support'][k % 3]},{2000 + k * 37}")
    return _csv(home, tmp_path_factory, "staff-list", "\n".join(rows) + "\n")


def test_items_numbered_by_the_sources_row_names(home, staff, tmp_path):
    v = staff.vocab
    row = staff.items[staff.items["title"].str.endswith(" 154")].iloc[0]  # the source's number 154 is row 18
    it = understand("how old is employee 154?", v)
    assert [m.item_id for m in it.mentions] == [str(row["item_id"])]
    it = understand("sales people older than employee 154", v)
    assert ("age", ">", float(row["age"])) in _conds(it)
    it = understand("show me item 18", v)  # "item N" stays the row the id counts
    assert [m.item_id for m in it.mentions] == ["18"]
    a = _agent(home, tmp_path, "staff-list")
    assert str(int(row["age"])) in a.chat("how old is employee 154?").reply


@pytest.fixture(scope="module")
def index(home, tmp_path_factory):
    rows = ["id,Country,XYZ score 2019,Rank 2019,XYZ score 2018,Rank 2018"]
    for k in range(1, 41):
        rows.append(f"{k},Land {chr(64 + k % 26)}{k},{10 + (k * 7) % 80},{k},{12 + (k * 11) % 78},{41 - k}")
    return _csv(home, tmp_path_factory, "xyz-index", "\n".join(rows) + "\n")


def test_a_score_kept_a_column_a_year_under_an_acronym(index):
    v = index.vocab
    assert ("xyz_score_2018", "<", 20.0) in _conds(understand("countries scoring under 20 in 2018", v))
    assert ("xyz_score_2018", "<", 20.0) in _conds(understand("countries with a score under 20 in 2018", v))
    s = understand("which country had the lowest score in 2018", v).sort
    assert s and s[0].column == "xyz_score_2018" and not s[0].descending


@pytest.fixture(scope="module")
def excise(home, tmp_path_factory):
    """A state × year table whose tax is kept in cents (no column holds 0.30, `tax` holds 30)."""
    rows = ["id,state,year,tax,packs"]
    k = 0
    for y in (1990, 1991, 1992):
        for n, st in enumerate(["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE"]):
            k += 1
            rows.append(f"{k},{st},{y},{5 + (n * 13 + y) % 80},{60 + (n * 7 + y) % 90}")
    return _csv(home, tmp_path_factory, "state-excise", "\n".join(rows) + "\n")


def test_cents_where_the_catalog_keeps_cents(excise, metals):
    assert ("tax", "<=", 30.0) in _conds(understand("1990 states where the tax was not above 30 cents", excise.vocab))
    assert ("wheat_delta", "<", 0.12) in _conds(understand("when was delta wheat cheaper than 12 cents", metals.vocab))
