"""Readers that generalise (issue 60, session 42, developed on round 34 after its first run), on small
catalogs written here (none of them round 34's): a daily series (rows are days, "5 April 2005"; "days
with rain" of a `precip` column; the greeting names the catalog); a yearly table (rows are years, "the 3
years with the highest …" is three of them; "worse than in 2009" of a measure whose best is its lowest;
a headcount kept in thousands, `population.K`)."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_round20 import _agent


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round34"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 4)) for c in it.conditions}


@pytest.fixture(scope="module")
def ferry(home, tmp_path_factory):
    """Daily ferry crossings with the day's rain, a gap now and then, no title column."""
    import datetime

    rows = ["id,date,precip,crossings,windspeed"]
    d, k = datetime.date(2011, 3, 1), 0
    while k < 60:
        d += datetime.timedelta(days=1 + (k % 7 == 3))
        k += 1
        rows.append(f"{k},{d.isoformat()}T00:00:00Z,{(k * 37 % 11) / 10 if k % 3 else 0.0},{300 + (k * 53) % 400},{(k * 7) % 30}")
    return _csv(home, tmp_path_factory, "harbour-ferry", "\n".join(rows) + "\n")


def test_a_daily_series_names_its_rows_by_day(home, ferry, tmp_path):
    v = ferry.vocab
    assert v.domain == "day" and v.linker.titles[0] == "2 March 2011"
    a = _agent(home, tmp_path, "harbour-ferry")
    hello = a.chat("hi").reply
    assert "harbour ferry" in hello and "days" in hello  # the catalog's own name says what it is about


def test_rain_is_the_precipitation_said_present_or_absent(ferry):
    v = ferry.vocab
    assert ("precip", ">", 0.0) in _conds(understand("days with rain", v))
    assert ("precip", ">", 0.0) in _conds(understand("days that had some rain", v))
    assert ("precip", "<=", 0.0) in _conds(understand("how many days had no rain at all?", v))
    s = understand("the 2nd rainiest day", v).sort
    assert s and s[0].column == "precip" and s[0].descending


@pytest.fixture(scope="module")
def towns(home, tmp_path_factory):
    rows = ["id,Year,population.K,jobless,output"]
    for k, y in enumerate(range(1950, 2011), start=1):
        rows.append(f"{k},{y},{50 + k * 1.5:.1f},{3 + (k * 7) % 9 + 0.25},{1000 + k * 13}")
    return _csv(home, tmp_path_factory, "mill-town-years", "\n".join(rows) + "\n")


def test_a_yearly_table_counts_years_and_compares_by_what_is_better(towns):
    v = towns.vocab
    assert v.domain == "year"
    it = understand("the 3 years with the highest output", v)
    assert it.k == 3 and it.sort and it.sort[0].column == "output" and not it.conditions
    assert ("population_k", ">", 120.0) in _conds(understand("years with a population over 120 thousand", v))
    it = understand("years with a population of more than half a billion", v)  # beyond every town: no bound re-guessed
    assert not any(c.column == "population_k" and float(c.value) <= 141.5 for c in it.conditions), it.conditions


@pytest.fixture(scope="module")
def labour(home, tmp_path_factory):
    rows = ["id,Year,unemployment,wages"] + [f"{k},{1950 + k},{2 + (k * 5) % 7}.5,{100 + k}" for k in range(1, 40)]
    return _csv(home, tmp_path_factory, "labour-years", "\n".join(rows) + "\n")


def test_worse_than_a_year_of_a_measure_whose_best_is_lowest(labour):
    v = labour.vocab
    u = float(labour.items.loc[labour.items["year"] == 1980, "unemployment"].iloc[0])
    assert ("unemployment", ">", round(u, 4)) in _conds(understand("years where unemployment was worse than in 1980", v))
    assert ("unemployment", "<", round(u, 4)) in _conds(understand("years where unemployment was better than in 1980", v))
    w = float(labour.items.loc[labour.items["year"] == 1980, "wages"].iloc[0])
    assert ("wages", ">", round(w, 4)) in _conds(understand("years where wages were better than in 1980", v))


@pytest.fixture(scope="module")
def herons(home, tmp_path_factory):
    """Counts of a bird at colony sites, the count headed only `count`; ages of the observers in bands."""
    rows = ["id,site,week,count,observer_age"]
    bands = ["18-24", "25-34", "35-44", "45-54", "55+"]
    for k in range(1, 81):
        rows.append(f"{k},{'NS'[k % 2]}{k % 4},{1 + k % 10},{1 + (k * 7) % 15},{bands[k % 5]}")
    return _csv(home, tmp_path_factory, "heron-colony", "\n".join(rows) + "\n")


def test_a_count_headed_count_takes_the_things_counted(herons):
    v = herons.vocab
    assert ("count", ">=", 5.0) in _conds(understand("sightings with 5 or more herons", v))
    it = understand("rows with more than 3 birds", v)
    assert ("count", ">", 3.0) in _conds(it) and "birds" not in " ".join(it.unmatched)
    assert not any(c.column == "count" for c in understand("week 3 at site N1", v).conditions)


def test_bands_said_as_ranges_and_open_tops(herons):
    v = herons.vocab
    assert ("observer_age", "in", ("25-34",)) in _conds(understand("observers aged 25 to 34", v))
    assert ("observer_age", "in", ("35-44",)) in _conds(understand("counts by 35-44 year olds", v))
    assert ("observer_age", "in", ("55+",)) in _conds(understand("observers 55 and over", v))
    got = _conds(understand("any observer age except 18-24 and 25-34", v))
    assert ("observer_age", "not_in", ("18-24",)) in got and ("observer_age", "not_in", ("25-34",)) in got


@pytest.fixture(scope="module")
def donors(home, tmp_path_factory):
    rows = ["id,Member,Party,Contribution"]
    for k in range(1, 41):
        rows.append(f'{k},"Name{chr(65 + k % 26)}, Given{k}",{"DR"[k % 2]},{(k * 1370) % 40000}')
    return _csv(home, tmp_path_factory, "member-donations", "\n".join(rows) + "\n")


def test_money_said_of_the_one_column_of_money(donors):
    v = donors.vocab
    s = understand("which member got the most money", v).sort
    assert s and s[0].column == "contribution" and s[0].descending
    s = understand("top 3 members by money", v).sort
    assert s and s[0].column == "contribution"
