"""Readers that generalise (issue 60, session 28, after round 16's first runs), each on a development
catalog of round 16 plus small catalogs written here: the items' own noun is no maker's name; a
column's words said as one word ("nonwhite", "floodway") or in full where the file cut them
("vegetation" of `VegWidth`); a percent binds a share, not a count; a width takes any length unit,
and columns of one dimension share their unit; a superlative picks the column of its dimension a word
after it names; a yes/no column named by its verb ("failed" of `Failure`); a column the file spelled
wrong; codes written as capitalised words run together ("AmNat" said "American Naturalist"); "et al."
is Latin, not French; an amount in any currency word is money; "a million" and "between 1 and 2
million" on a column kept in thousands; "two dozen"; a negated verb before a bound; nouns of a
lower-case title column said in the plural, and items so named are those items."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from convrec.nlu.language import detect_language
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round16"))


@pytest.fixture(scope="module")
def levees(home):
    return _prepare(home, "r16a-mississippi-levees")


@pytest.fixture(scope="module")
def metros(home):
    return _prepare(home, "r16a-metro-crime-1968")


@pytest.fixture(scope="module")
def papers(home):
    return _prepare(home, "r16b-bio-papers")


@pytest.fixture(scope="module")
def engines(home):
    return _prepare(home, "r16b-jet-engines")


@pytest.fixture(scope="module")
def trades(home):
    return _prepare(home, "r16b-trades-1910")


@pytest.fixture(scope="module")
def bikes(home, tmp_path_factory):
    """Bicycles: makers whose names end in the items' noun, a glued `frameheight` and `wheelbase` with
    no unit written (centimetres), a fee in rupees, a `Closure`-like flag named by its noun, a shop code
    written as capitalised words run together."""
    makers = ["Acme Bikes", "Zen Bikes", "Volta Cycles"]
    shops = ["CityCentre", "NorthGate", "RiverSide"]
    rows = ["id,model,maker,frameheight,wheelbase,rentalfee,recall,shop"]
    for i in range(1, 31):
        rows.append(f"{i},Model {chr(64 + i)}{i},{makers[i % 3]},{45 + i},{95 + 2 * i},{200 + 50 * i},"
                    f"{1 if i % 4 == 0 else 0},{shops[i % 3]}")
    return _csv(home, tmp_path_factory, "bikes", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def crops(home, tmp_path_factory):
    """Crops with lower-case names, a share of irrigated land (0–100) beside a count of farms in thousands."""
    names = ["wheat", "barley", "maize", "rye", "oat", "millet", "sorghum", "rice", "bean", "pea", "lentil", "potato"]
    rows = ["id,crop,farms,irrigated,price"]
    for i, n in enumerate(names, 1):
        rows.append(f"{i},{n},{120 + 37 * i},{3 + 7 * i % 90},{10 + i}")
    return _csv(home, tmp_path_factory, "crops", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def _cols(it):
    return {c.column for c in it.conditions}


def test_the_items_own_noun_names_no_maker(engines, bikes):
    assert "manufacturer" not in _cols(understand("engines with a pressure ratio above 35", engines.vocab))
    assert ("manufacturer", "in", ("CFM International",)) in _conds(
        understand("show me CFM International engines", engines.vocab))
    assert "maker" not in _cols(understand("bikes with a rental fee under 1000", bikes.vocab))


def test_glued_column_words_and_cuts_said_in_full(metros, levees, bikes):
    assert ("nonwhite", ">", 15.0) in _conds(understand("cities with more than 15% nonwhite", metros.vocab))
    assert "floodwaywidth" in _cols(understand("floodway narrower than 2 miles", levees.vocab))
    assert "frameheight" in _cols(understand("bikes with a frameheight over 60", bikes.vocab))
    got = _conds(understand("sites with more than 5 km of vegetation buffer", levees.vocab))
    assert ("vegwidth", ">", 5000.0) in got  # metres: the unit the other widths of the catalog hold


def test_a_percent_binds_a_share_not_a_count(metros, crops):
    assert _cols(understand("metro areas where less than 2% of people are nonwhite", metros.vocab)) == {"nonwhite"}
    assert _cols(understand("crops grown on farms with under 20% irrigated", crops.vocab)) == {"irrigated"}


def test_a_width_takes_length_units(levees):
    got = _conds(understand("levee sites where the channel is between 1500 and 2000 m wide", levees.vocab))
    assert ("channelwidth", ">=", 1500.0) in got and ("channelwidth", "<=", 2000.0) in got
    got = _conds(understand("show me spots where the river channel is wider than 10,000 feet", levees.vocab))
    assert ("channelwidth", ">", 3048.0) in got


def test_a_superlative_picks_the_named_column_of_its_dimension(levees):
    it = understand("the 2nd widest river channel", levees.vocab)
    assert [s.column for s in it.sort] == ["channelwidth"] and it.offset == 1
    assert [s.column for s in understand("which site has the widest floodway", levees.vocab).sort] == ["floodwaywidth"]
    assert [(s.column, s.descending) for s in understand("the narrowest vegetation buffer", levees.vocab).sort] \
        == [("vegwidth", False)]


def test_a_flag_named_by_its_verb_and_a_column_spelled_wrong(levees, bikes):
    assert ("failure", "=", True) in _conds(understand("levees that failed in 1937", levees.vocab))
    it = understand("how many sites had a stone revetment?", levees.vocab)
    assert it.kind == "count" and ("revetement", "=", True) in _conds(it)
    assert ("recall", "=", True) in _conds(understand("bikes that were recalled", bikes.vocab))


def test_run_together_codes_said_in_words(papers, bikes):
    assert ("journal", "in", ("AmNat",)) in _conds(understand("American Naturalist papers with no equations", papers.vocab))
    it = understand("how many papers are from Proc B?", papers.vocab)
    assert it.kind == "count" and ("journal", "in", ("ProcB",)) in _conds(it)
    assert ("shop", "in", ("NorthGate",)) in _conds(understand("bikes at the north gate shop", bikes.vocab))


def test_et_al_is_latin():
    assert detect_language("papers by Jones et al. or Taylor et al.") == "en"
    assert detect_language("je voudrais des films avec Jean Gabin") == "fr"


def test_money_in_any_currency(trades, bikes):
    assert ("wage", ">=", 30.0) in _conds(understand("jobs paying 30 shillings or more a week", trades.vocab))
    it = understand("jobs paying 30 shillings or more a week", trades.vocab)
    assert it.k is None
    assert ("rentalfee", "<", 500.0) in _conds(understand("bikes for under 500 rupees", bikes.vocab))


def test_millions_on_a_column_of_thousands(metros, crops):
    got = _conds(understand("which metros had between 1 and 2 million people?", metros.vocab))
    assert ("population", ">=", 1000.0) in got and ("population", "<=", 2000.0) in got
    assert ("population", ">", 1000.0) in _conds(understand("metros with more than a million people", metros.vocab))
    assert ("population", ">=", 500.0) in _conds(
        understand("metros where the population isn't under half a million", metros.vocab))
    assert ("farms", ">", 300.0) in _conds(understand("crops with more than 300 thousand farms", crops.vocab))


def test_dozens(papers):
    assert ("equations", ">", 24.0) in _conds(understand("papers with more than two dozen equations", papers.vocab))


def test_a_negated_verb_before_a_bound(trades, bikes):
    assert ("wage", "<=", 25.0) in _conds(understand("jobs that didn't pay over 25 shillings", trades.vocab))
    assert ("rentalfee", "<=", 900.0) in _conds(understand("bikes that don't cost over 900 rupees", bikes.vocab))


def test_plural_nouns_of_lower_case_titles_name_those_items(trades, crops):
    it = understand("masons, plasterers or slaters", trades.vocab)
    assert ("title", "in", ("mason", "plasterer", "slater")) in _conds(it) and not it.mentions
    it = understand("how many bakers were sober?", trades.vocab)
    assert it.kind == "fact" and [m.title for m in it.mentions] == ["baker"]
    assert ("title", "in", ("barley", "oat")) in _conds(understand("barley or oats", crops.vocab))
    it = understand("something like barley", crops.vocab)  # "like": more like them, not the item itself
    assert [m.title for m in it.mentions] == ["barley"] and not _conds(it)


def test_a_maker_said_by_the_first_words_of_its_name(engines, bikes):
    got = _conds(understand("how many GE engines are in here?", engines.vocab))
    assert got == {("manufacturer", "in", ("GE Aircraft Engines",))}
    got = _conds(understand("rolls royce enignes", engines.vocab))  # every Rolls-Royce; the mistyped noun no maker
    assert got == {("manufacturer", "in", ("Rolls-Royce Corporation", "Rolls-Royce Deutschland", "Rolls-Royce plc"))}
    assert _conds(understand("Volta bikes please", bikes.vocab)) == {("maker", "in", ("Volta Cycles",))}


def test_initials_of_a_compound_word(engines):
    assert ("bpr", ">=", 10.0) in _conds(understand("engines with a bypass ratio of 10 or more", engines.vocab))
    assert ("pr", ">=", 40.0) in _conds(understand("engines with a pressure ratio of 40 or more", engines.vocab))


@pytest.fixture(scope="module")
def recessions(home):
    return _prepare(home, "r16a-us-recessions")


@pytest.fixture(scope="module")
def trials(home, tmp_path_factory):
    """Trials with a start and an end date and `dur`, the days between them (no word says so)."""
    import datetime as dt

    rows = ["id,code,opened,closed,dur,sites"]
    for i in range(1, 25):
        a = dt.date(2001, 1, 1) + dt.timedelta(days=37 * i)
        b = a + dt.timedelta(days=20 + 13 * i)
        rows.append(f"{i},T-{100 + i},{a.isoformat()},{b.isoformat()},{(b - a).days},{1 + i % 7}")
    return _csv(home, tmp_path_factory, "trials", "\n".join(rows) + "\n")


def test_a_length_the_data_shows_between_two_dates(recessions, trials):
    c = recessions.vocab.columns["p2t"]
    assert c.unit == "month" and "lasted" in c.words[0]
    assert ("p2t", ">", 12.0) in _conds(understand("recessions that lasted more than a year", recessions.vocab))
    assert ("p2t", ">", 24.0) in _conds(understand("which recessions went on for more than 2 years?", recessions.vocab))
    assert [s.column for s in understand("what was the longest recession", recessions.vocab).sort] == ["p2t"]
    assert ("p2t", "outside", (7.0, 36.0)) in _conds(
        understand("recessions that either lasted over 3 years or less than 7 months", recessions.vocab))
    assert trials.vocab.columns["dur"].unit == "d"
    assert ("dur", ">", 14.0) in _conds(understand("trials that lasted more than 2 weeks", trials.vocab))
    assert [s.column for s in understand("the shortest trial", trials.vocab).sort] == ["dur"]


def test_a_unit_word_of_two_units_is_the_one_the_catalog_measures(engines):
    # "kN": kilonewtons on a column of forces (knots elsewhere); the value in the unit kN is defined in
    assert ("max_thrust", ">", 300000.0) in _conds(understand("only ones with more than 300 kN of thrust", engines.vocab))


def test_a_column_asked_of_the_one_item_a_value_picks(levees):
    it = understand("how wide is the channel at river mile 952?", levees.vocab)
    assert it.kind == "fact" and it.fact_columns == ("channelwidth",)
    it = understand("floodway width at river mile 933.48?", levees.vocab)
    assert it.kind == "fact" and it.fact_columns == ("floodwaywidth",)
    assert understand("sites with a floodway width over 5000?", levees.vocab).kind == "recommend"


def test_a_verb_in_its_irregular_past_names_its_column(trades):
    it = understand("how many of the painters drank?", trades.vocab)
    assert it.kind == "fact" and it.fact_columns == ("drinks",) and [m.title for m in it.mentions] == ["painter"]


def test_the_year_of_the_items_after_a_preposition_and_the(levees):
    assert ("year", "=", 1910.0) in _conds(understand("how many sites are from the 1910 flood", levees.vocab))


def test_either_one_bound_or_another_on_two_columns(metros):
    got = understand("metros with either over 5 million people or a crime rate under 1000", metros.vocab)
    assert [(c.op, c.value) for c in got.conditions] == [("any_of", ("population", ">", 5000.0, "crime", "<", 1000.0))]


def test_when_an_item_the_data_dates_ended_and_how_many_units_it_lasted(recessions):
    it = understand("when did the 2007 recession end?", recessions.vocab)
    assert it.kind == "fact" and it.fact_columns == ("trough",)
    it = understand("how many months did the recession that began in August 1929 last?", recessions.vocab)
    assert it.kind == "fact" and it.fact_columns == ("p2t",)
    assert understand("how many recessions lasted exactly 18 months?", recessions.vocab).kind == "count"


def test_nobody_of_a_count_of_people(trades, crops):
    for said, col in (("trades where none of the men drank", "drinks"), ("trades where nobody was sober", "sober"),
                      ("in how many trades was not a single man sober?", "sober"), ("trades with no drinkers", "drinks")):
        assert (col, "<=", 0.0) in _conds(understand(said, trades.vocab)), said
    assert not any(c.op == "<=" and c.value == 0.0 for c in understand("none of the crops are cheap", crops.vocab).conditions)


@pytest.fixture(scope="module")
def teams(home, tmp_path_factory):
    """Clubs with home and away supporters counted and `tot`, their sum (no word says so)."""
    rows = ["id,club,home_fans,away_fans,tot,founded"]
    for i in range(1, 21):
        h, a = 100 + 17 * i, 20 + (7 * i) % 50
        rows.append(f"{i},Club {chr(64 + i)},{h},{a},{h + a},{1880 + 3 * i}")
    return _csv(home, tmp_path_factory, "clubs", "\n".join(rows) + "\n")


def test_a_count_of_people_is_the_total_the_data_shows(trades, teams):
    assert trades.vocab.columns["n"].parts == ("sober", "drinks")
    assert ("n", ">", 10.0) in _conds(understand("trades with more than 10 men in the sample", trades.vocab))
    got = _conds(understand("class A trades with more men in the sample than the shoemakers", trades.vocab))
    assert ("n", ">", 20.0) in got and ("class", "in", ("A",)) in got
    assert teams.vocab.columns["tot"].parts == ("home_fans", "away_fans")
    assert ("tot", ">", 300.0) in _conds(understand("clubs with more than 300 people", teams.vocab))


def test_the_quarter_of_a_date_the_data_shows(recessions):
    assert recessions.vocab.columns["peakq"].words[0][0] == "quarter"
    assert ("peakq", "=", 3.0) in _conds(understand("which downturns started in the 3rd quarter", recessions.vocab))
    assert ("troughq", "=", 4.0) in _conds(understand("recessions that ended in the fourth quarter", recessions.vocab))


@pytest.fixture(scope="module")
def routes(home, tmp_path_factory):
    """Bus routes named by colours, how often they run and how many people ride them."""
    names = ["Red Line", "Blue Line", "Green Line", "Orange Line", "Purple Line", "Silver Line", "Gold Line", "Teal Line",
             "Brown Line", "Pink Line", "Grey Line", "Lime Line"]
    rows = ["id,route,frequency,riders"]
    for i, n in enumerate(names, 1):
        rows.append(f"{i},{n},{3 + i},{1000 + 250 * i}")
    return _csv(home, tmp_path_factory, "routes", "\n".join(rows) + "\n")


def test_how_and_an_adverb_ask_the_column_its_stem_starts(metros, routes):
    it = understand("how densely populated is jersey city", metros.vocab)
    assert it.kind == "fact" and it.fact_columns == ("density",)
    assert understand("how populated is jersey city", metros.vocab).fact_columns == ("population",)
    it = understand("how frequently does the Teal Line run?", routes.vocab)
    assert it.kind == "fact" and it.fact_columns == ("frequency",)


@pytest.fixture(scope="module")
def licences(home):
    return _prepare(home, "r14a-marriage-licences")


def test_a_named_length_between_two_dates_and_an_age_that_is_none(licences, trials):
    cols = licences.vocab.columns
    assert cols["delay"].unit == "d" and "waited" in cols["delay"].words[0]
    assert "lasted" not in {x for g in cols["age"].words for x in g}  # from a birth: an age, no length
    got = _conds(understand("couples who waited more than two weeks between applying and the ceremony", licences.vocab))
    assert ("delay", ">", 14.0) in got
    assert ("dur", ">", 30.0) in _conds(understand("trials that lasted more than a month", trials.vocab)) or \
        ("dur", ">", 30.44) in _conds(understand("trials that lasted more than a month", trials.vocab))


def test_bigger_without_a_size_is_the_one_population_or_weight(metros, home):
    got = understand("metros bigger than boston", metros.vocab)
    assert [(c.column, c.op) for c in got.conditions] == [("population", ">")]
    assert [s.column for s in understand("the 3 biggest metros", metros.vocab).sort] == ["population"]
    mammals = _prepare(home, "r15b-running-mammals")
    assert [s.column for s in understand("the biggest mammals", mammals.vocab).sort] == ["weight"]


def test_a_value_just_past_a_column_is_kept_as_said(home):
    mammals = _prepare(home, "r15b-running-mammals")
    got = understand("either faster than 100 km/h or slower than 5 km/h", mammals.vocab)
    assert [(c.column, c.op, c.value) for c in got.conditions] == [("speed", "outside", (5.0, 100.0))]
