"""Readers that generalise across catalogs nobody tuned on (issue 60), each tested on real
catalogs of different domains from the zoo's development side: names without their class word
and by initials, comparisons with a named item, units that chain, codes said as words, the
items' name column found from the data."""

from __future__ import annotations

from pathlib import Path

import pytest

from convrec.catalog.custom import CustomSource
from convrec.catalog.linking import ItemLinker, core_forms, initials, normalize_title
from convrec.catalog.meaning import convert
from convrec.catalog.registry import custom_source_path
from convrec.catalog.store import prepare
from convrec.config import Config
from convrec.core.catalog import CatalogAccess
from convrec.nlu import understand

ZOO = Path(__file__).resolve().parents[1] / "benchmarks" / "catalogs"


def _prepare(config: Config, name: str) -> CatalogAccess:
    src = CustomSource(items=str(ZOO / name / "items.csv"), id_col="id")
    p = custom_source_path(config, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    return CatalogAccess(prepare(config, name, kcore_k=1), config)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("new_catalogs"))


@pytest.fixture(scope="module")
def colleges(home):
    return _prepare(home, "hb-colleges")


@pytest.fixture(scope="module")
def countries(home):
    return _prepare(home, "r3a-countries")


@pytest.fixture(scope="module")
def cereals(home):
    return _prepare(home, "hb-us-cereals")


@pytest.fixture(scope="module")
def hitters(home):
    return _prepare(home, "r3b-hitters-1986")


@pytest.fixture(scope="module")
def sprints(home):
    return _prepare(home, "r3a-olympic-100m")


def _conds(intent):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in intent.conditions}


def _value(acc, title, col):
    i = acc.vocab.linker.titles.index(title)
    return float(acc.vocab.item_value(acc.vocab.linker.ids[i], col))


def test_core_forms_and_initials_of_names():
    names = ["Harvard University", "Yale University", "Boston College", "Boston University", "University of Chicago",
             "Massachusetts Institute of Technology", "Denver Intl", "Chicago Ohare Intl", "Carnegie Mellon University",
             "Smith College", "Wellesley College"]
    forms = core_forms([normalize_title(n) for n in names])
    assert forms["harvard"] == [0] and forms["carnegie mellon"] == [8] and forms["yale"] == [1]
    assert "boston" not in forms  # two Bostons: ambiguous, never guessed
    assert initials(names)["mit"] == [5]
    linker = ItemLinker([str(i) for i in range(len(names))], names)
    assert linker.exact_indices("MIT") == [5] and linker.exact_indices("mit") == []  # initials only in capitals
    assert linker.exact("denver international") == "6"  # "Intl" is "international"
    assert linker.link("o'hare").item_id == "7"  # the one name with "ohare" in it
    assert core_forms([f"film number {i}" for i in range(50)]) == {}  # no class word left a name


def test_units_chain_both_ways():
    assert convert(0.25, "g", "mg") == pytest.approx(250)
    assert convert(1, "lb", "t") == pytest.approx(0.000453592, rel=1e-4)
    assert convert(36, "kmh", "ms") == pytest.approx(10, rel=1e-4)
    assert convert(1, "g", "ghz") is None


def test_the_name_column_is_found_from_the_data(countries):
    assert "Japan" in countries.vocab.linker.titles  # the `country` column names the items
    i = understand("whats the life expectancy in japan", countries.vocab)
    assert i.kind == "fact" and i.fact_columns == ("life_exp_at_birth",) and i.mentions[0].title == "Japan"


def test_names_without_their_class_word(colleges):
    i = understand("whats the graduation rate at harvard", colleges.vocab)
    assert i.kind == "fact" and i.fact_columns == ("grad_rate",) and i.mentions[0].title == "Harvard University"
    i = understand("how many applications did yale get", colleges.vocab)
    assert i.kind == "fact" and i.mentions[0].title == "Yale University"


def test_comparisons_with_a_named_item(colleges, countries, cereals):
    mit = _value(colleges, "Massachusetts Institute of Technology", "grad_rate")
    assert ("grad_rate", ">", mit) in _conds(understand("colleges with a better grad rate than MIT", colleges.vocab))
    fr = _value(countries, "France", "internet_users")
    assert ("internet_users", ">", fr) in _conds(understand("which ones have more internet users than france", countries.vocab))
    us = round(_value(countries, "United States", "death_rate"), 2)
    got = _conds(understand("countries with a lower death rate than the united states and more than 10 million people",
                            countries.vocab))
    assert ("death_rate", "<", us) in got and ("population", ">", 10000000.0) in got
    k = _value(cereals, "Special K", "protein")
    i = understand("more protein than special k", cereals.vocab)
    assert ("protein", ">", k) in _conds(i) and [m.relation for m in i.mentions] == ["reference"]


def test_numbers_bind_by_named_columns_and_units(cereals, hitters):
    assert ("sugars", "<", 5.0) in _conds(understand("something low in sugar, under 5 grams", cereals.vocab))
    assert ("sodium", "<", 250.0) in _conds(understand("less than a quarter gram of sodium per cup", cereals.vocab))
    assert ("fat", "=", 0.0) in _conds(understand("cereals with zero fat", cereals.vocab))
    i = understand("which cereal has the most fiber", cereals.vocab)  # the column is `fibre`
    assert [(s.column, s.descending) for s in i.sort] == [("fibre", True)] and i.k == 1
    assert ("salary", ">", 1000.0) in _conds(understand("who earned more than a million a year?", hitters.vocab))
    i = understand("who's the highest paid player", hitters.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("salary", True)] and i.k == 1


def test_codes_said_as_words(sprints, hitters):
    assert ("country", "in", ("JAM",)) in _conds(understand("all the jamaican medalists", sprints.vocab))
    assert ("country", "in", ("TRI", "BAR")) in _conds(understand("runners from either trinidad or barbados", sprints.vocab))
    got = _conds(understand("american league east players", hitters.vocab))
    assert ("league", "in", ("A",)) in got and ("division", "in", ("E",)) in got
    got = _conds(understand("players outside the east division with 100+ rbi", hitters.vocab))
    assert ("division", "not_in", ("E",)) in got and ("rbi", ">=", 100.0) in got
    i = understand("the fastest time in the list", sprints.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("time", False)]


@pytest.fixture(scope="module")
def pcs(home):
    return _prepare(home, "pc-prices")


@pytest.fixture(scope="module")
def stones(home):
    return _prepare(home, "diamonds")


def test_yes_no_columns_and_units_the_data_decides(pcs):
    got = _conds(understand("i want a pc with a cd rom drive and the multimedia kit", pcs.vocab))
    assert ("cd", "=", True) in got and ("multi", "=", True) in got  # a two-letter name; a word it starts
    got = _conds(understand("no premium brand and no cd drive, under 1500", pcs.vocab))
    assert ("premium", "=", False) in got and ("cd", "=", False) in got and not any(c[0] == "price" and c[1] == ">" for c in got)
    got = _conds(understand("at least 16 megs of memory and more than 500 mb of hard disk", pcs.vocab))
    assert ("ram", ">=", 16.0) in got and ("hd", ">", 500.0) in got  # `ram` holds 2–32: megabytes, whatever its name says


def test_a_rate_column_is_not_its_denominator(stones):
    got = _conds(understand("anything with clarity better than VS2 that's bigger than 1.5 ct?", stones.vocab))
    assert ("carat", ">", 1.5) in got
    assert ("priceperct", "<", 5000.0) in _conds(understand("price per carat under 5000", stones.vocab))


@pytest.fixture(scope="module")
def storms(home):
    return _prepare(home, "r3b-hurricanes")


@pytest.fixture(scope="module")
def mammals(home):
    return _prepare(home, "mammal-sleep")


def test_standard_code_lists_and_no_made_up_popularity(storms, mammals):
    i = understand("hurricanes that hit texas", storms.vocab)
    assert ("affectedstates", "contains", "TX") in _conds(i) and not i.sort  # "hit" is no popularity here
    got = {c.value for c in understand("which hurricanes hit either georgia or virginia", storms.vocab).conditions}
    assert ("GA", "VA") in got or {"GA", "VA"} <= got
    assert understand("was there ever a hurricane that hit california?", storms.vocab).missing == ("california",)
    assert not any(c.column == "affectedstates" for c in understand("the 3 deadliest hurricanes", storms.vocab).conditions)
    (c,) = [c for c in understand("which ones are near threatened or worse?", mammals.vocab).conditions]
    assert c.column == "conservation" and {"nt", "vu", "en"} <= set(c.value) and "lc" not in c.value


@pytest.fixture(scope="module")
def airports(home):
    return _prepare(home, "hb-airports")


def test_time_zones_by_name_and_the_one_height_column(airports):
    got = _conds(understand("how many airports are in the central time zone", airports.vocab))
    assert ("tzone", "in", ("America/Chicago",)) in got
    i = understand("top 3 highest airports on pacific time", airports.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("alt", True)] and i.k == 3
    assert ("tzone", "in", ("Pacific/Honolulu",)) in _conds(understand("show me airports in hawaii", airports.vocab))
    i = understand("how high is o'hare airport", airports.vocab)
    assert i.kind == "fact" and i.fact_columns == ("alt",) and i.mentions[0].title == "Chicago Ohare Intl"
    i = understand("anything higher up than denver international?", airports.vocab)
    assert [(c.column, c.op) for c in i.conditions] == [("alt", ">")]


def test_the_whole_before_its_part_and_the_plain_name_before_a_longer_one(mammals):
    assert ("bodywt", "<", 0.1) in _conds(understand("mammals that weigh less than 100 grams", mammals.vocab))
    assert ("bodywt", ">", 500.0) in _conds(understand("anything heavier than half a tonne?", mammals.vocab))
    i = understand("the two heaviest animals", mammals.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("bodywt", True)] and i.k == 2
    assert ("sleep_total", ">", 15.0) in _conds(understand("animals that sleep more than 15 hours a day", mammals.vocab))


@pytest.fixture(scope="module")
def districts(home):
    return _prepare(home, "ca-schools")


def test_codes_written_short_and_numbers_that_belong_to_no_column(districts):
    got = _conds(understand("k-8 districts outside los angeles county", districts.vocab))
    assert ("grspan", "in", ("KK-08",)) in got and ("county", "not_in", ("Los Angeles",)) in got
    assert not any(c[0] == "str" for c in got)  # "str" is inside "district", not a word of it
    assert not any(c.column == "str" for c in understand("i want a big district, over 5000 students", districts.vocab).conditions)


@pytest.fixture(scope="module")
def ssds(home):
    return _prepare(home, "r3a-ssds")


def test_comparatives_before_numbers_and_makers_before_names(ssds, sprints):
    assert ("read", ">", 2000.0) in _conds(understand("something that reads faster than 2 GB/s", ssds.vocab))
    assert ("time", "<", 10.0) in _conds(understand("who ran faster than 10 seconds", sprints.vocab))
    i = understand("what's the read speed of the samsung 970 evo plus?", ssds.vocab)
    assert i.kind == "fact" and i.fact_columns == ("read",) and not i.conditions  # Samsung is part of the name
    got = _conds(understand("anything that reads quicker than the samsung 860 evo?", ssds.vocab))
    assert got == {("read", ">", _value(ssds, "860 Evo", "read"))}
    got = _conds(understand("i want something that writes faster than my wd black sn750", ssds.vocab))
    assert got == {("write", ">", _value(ssds, "Black SN750", "write"))}  # "wd": Western Digital's initials


def test_initials_that_stand_for_a_compound_and_best_as_a_superlative(colleges):
    assert ("f_undergrad", "<", 1000.0) in _conds(understand("small private colleges, fewer than 1000 full time undergrads",
                                                              colleges.vocab))
    assert ("f_undergrad", ">", 20000.0) in _conds(understand("over 20k full-time undergrads", colleges.vocab))
    i = understand("which of those has the best graduation rate?", colleges.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("grad_rate", True)]


@pytest.fixture(scope="module")
def players(home):
    return _prepare(home, "r4a-nba-2019")


@pytest.fixture(scope="module")
def birds(home):
    return _prepare(home, "r4b-bird-nests")


def test_lengths_and_durations_in_everyday_units(players, birds):
    assert ("height", ">=", 84.0) in _conds(understand("players 7 feet or taller", players.vocab))  # inches, unsaid
    (c,) = [c for c in understand("guards shorter than 1.85 m", players.vocab).conditions if c.column == "height"]
    assert c.op == "<" and abs(c.value - 72.83) < 0.01
    i = understand("the 3 shortest players", players.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("height", False)] and i.k == 3
    assert ("length", "<", 12.7) in _conds(understand("small birds, under 5 inches long", birds.vocab))  # cm, unsaid
    assert ("incubate", ">", 14.0) in _conds(understand("birds that incubate for more than two weeks", birds.vocab))


def test_a_superlative_before_a_column_name_sorts_that_column(birds):
    i = understand("the 3 with the shortest total care time", birds.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("totcare", False)] and i.k == 3
