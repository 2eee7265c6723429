"""Readers that generalise (issue 60, session 26, after round 14's first runs), each on a development
catalog of round 14 plus small catalogs written here: a lone letter or a digit-led qualifier in a
column's name is no word a person says (`T_flash` is "flash point", `viewers_7day` "viewers", and
the first of such siblings is meant); temperature columns with no unit in their header are kelvin
when the data says so, and "°C", "°F" and a bare "C" after a number convert with the scale's own
zero; a rare word said in the plural that several names carry names that family ("the acetates"),
and a word "in the name" that no name has alone is a part of a word ("amine" of Diethylamine);
"most watched" orders by the column "watched" means, not by a count column."""

from __future__ import annotations

import pytest

from convrec.catalog.meaning import affine, column_words, convert
from convrec.config import Config
from convrec.nlu import understand
from convrec.tools.filters import PART, word_pattern
from convrec.tools.verify import satisfies
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round14"))


@pytest.fixture(scope="module")
def chemicals(home):
    return _prepare(home, "r14a-flammable-chemicals")


@pytest.fixture(scope="module")
def bakeoff(home):
    return _prepare(home, "r14b-bakeoff-ratings")


@pytest.fixture(scope="module")
def solvents(home, tmp_path_factory):
    """Solvents: names with families (…ol, … Ketone), boiling and melting points in kelvin, no unit said."""
    rows = ["id,Name,T_boil,T_melt,density"]
    fam = ["Ketone", "Alcohol", "Ether"]
    for i in range(1, 31):
        rows.append(f"{i},{['Methyl', 'Ethyl', 'Propyl', 'Butyl', 'Pentyl'][i % 5]}{'amine' if i % 7 == 0 else ''} "
                    f"{fam[i % 3]} {i},{300 + 7 * i},{150 + 3 * i},{round(0.6 + i / 100, 3)}")
    return _csv(home, tmp_path_factory, "solvents", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def streams(home, tmp_path_factory):
    """Podcast episodes: listeners in unstated millions over two windows, a running count."""
    rows = ["id,show,listeners_1wk,listeners_4wk,episode_count"]
    for i in range(1, 41):
        rows.append(f"{i},Show {chr(65 + i % 6)},{round(1.5 + i / 8, 2)},{round(2.5 + i / 6, 2)},{i}")
    return _csv(home, tmp_path_factory, "streams", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def ovens(home, tmp_path_factory):
    """Ovens in Celsius (values at or below 0 appear): no kelvin guess."""
    rows = ["id,model,temp_min,temp_max"]
    for i in range(1, 31):
        rows.append(f"{i},Oven {i},{-10 + i},{200 + 5 * i}")
    return _csv(home, tmp_path_factory, "ovens", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_a_lone_letter_or_a_digit_qualifier_is_no_word_people_say():
    assert [g[0] for g in column_words(["t", "flash"], "other")] == ["flash"]
    assert [g[0] for g in column_words(["viewers", "7day"], "other")] == ["viewers"]
    assert [g[0] for g in column_words(["x"], "other")] == ["x"]  # alone, it is the name


def test_columns_named_without_their_symbol(chemicals, solvents, bakeoff, streams):
    it = understand("how many chemicals have no flash point listed?", chemicals.vocab)
    assert it.kind == "count" and ("t_flash", "missing", "") in _conds(it)
    assert any(c.column == "t_boil" for c in understand("solvents boiling above 400 kelvin", solvents.vocab).conditions)
    # of two sibling columns the first is meant; millions left unstated
    assert ("viewers_7day", ">", 12.0) in _conds(understand("epsiodes with more than 12 million viewers", bakeoff.vocab))
    assert ("viewers_7day", ">", 13.5) in _conds(understand("episodes watched by over 13,500,000 people", bakeoff.vocab))
    assert ("listeners_1wk", ">", 3.0) in _conds(understand("episodes with over 3 million listeners", streams.vocab))


def test_temperatures_in_kelvin_convert_from_celsius_and_fahrenheit(chemicals, solvents, ovens):
    assert chemicals.vocab.columns["t_flash"].unit == "kelvin" and solvents.vocab.columns["t_boil"].unit == "kelvin"
    assert not ovens.vocab.columns["temp_max"].unit  # values at 0 and below: no kelvin guess
    assert ("t_flash", "<", 310.93) in _conds(understand("flash point under 100°F", chemicals.vocab))
    assert ("t_flash", "<", 273.15) in _conds(understand("chemicals with a flash point under 0 °C", chemicals.vocab))
    assert ("t_flash", "<", 303.15) in _conds(understand("just the ones with a flash point below 30 C", chemicals.vocab))
    assert ("t_boil", ">", 373.15) in _conds(understand("solvents that boil above 100 celsius", solvents.vocab))
    assert affine("celsius", "kelvin") == (1.0, 273.15)
    assert round(convert(-40.0, "fahrenheit", "kelvin"), 2) == 233.15 and round(convert(233.15, "kelvin", "fahrenheit"), 2) == -40.0


def test_a_family_of_names_said_in_the_plural(chemicals, solvents):
    it = understand("show me the acetates", chemicals.vocab)
    (c,) = it.conditions
    assert c.column == "title" and c.op == "matches"
    names = chemicals.vocab.items["title"].astype(str)
    picked = [i for i, n in zip(chemicals.vocab.items["item_id"], names) if satisfies(chemicals.vocab, str(i), c)]
    assert len(picked) == 15 and all("Acetate" in n for n in names[names.str.contains("Acetate")])
    assert any(x.column == "title" for x in understand("any ketones?", solvents.vocab).conditions)
    # a common word is no family ("nights" names a mood or a subject more often)
    assert not any(x.column == "title" for x in understand("something for long nights", solvents.vocab).conditions)


def test_a_word_in_the_name_may_be_part_of_a_word(chemicals, solvents):
    for acc, n in ((chemicals, 13), (solvents, 4)):
        it = understand("ones with amine in the name", acc.vocab)
        (c,) = it.conditions
        assert c.value[0] == PART + "amine" and "*" not in c.describe()
        hits = [i for i in acc.vocab.items["item_id"] if satisfies(acc.vocab, str(i), c)]
        assert len(hits) == n
    # a word some name has alone stays a whole word
    assert understand("ones with ether in the name", solvents.vocab).conditions[0].value[0] == "ether"
    assert word_pattern(PART + "amine").search("Diethylamine") and not word_pattern("amine").search("Diethylamine")


def test_most_watched_orders_by_what_watched_means(bakeoff, streams):
    it = understand("the 3 least watched episodes", bakeoff.vocab)
    assert [(s.column, s.descending) for s in it.sort] == [("viewers_7day", False)]
    it = understand("what's the most watched episode?", bakeoff.vocab)
    assert it.sort[0].column == "viewers_7day" and it.sort[0].descending
    assert understand("which episode was the 2nd most watched", bakeoff.vocab).offset == 1


@pytest.fixture(scope="module")
def cholera(home):
    return _prepare(home, "r14a-london-cholera-1849")


@pytest.fixture(scope="module")
def nursing(home):
    return _prepare(home, "r14b-nursing-homes")


@pytest.fixture(scope="module")
def parishes(home, tmp_path_factory):
    """Parishes: a count and a rate cut to one letter (`flu_deaths`, `flu_drate`), people (`popn`) and
    people per acre (`pop_dens`) beside it."""
    rows = ["id,parish,flu_deaths,flu_drate,popn,pop_dens"]
    for i in range(1, 31):
        rows.append(f"{i},Parish {chr(65 + i % 26)}{i},{20 * i},{10 + 3 * i},{5000 * i},{12 + 7 * i}")
    return _csv(home, tmp_path_factory, "parishes", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def quiz(home, tmp_path_factory):
    """Quiz shows: seasons 1–6, episodes 1–8, two rank columns, an audience in unstated millions."""
    rows = ["id,season,episode,audience,network_rank,overall_rank"]
    for i in range(1, 49):
        rows.append(f"{i},{(i - 1) // 8 + 1},{(i - 1) % 8 + 1},{round(2 + i / 10, 2)},{i % 5 + 1},{i % 9 + 1}")
    return _csv(home, tmp_path_factory, "quiz", "\n".join(rows) + "\n")


def test_a_rate_cut_to_a_letter_and_said_per_base(cholera, parishes):
    for acc, rate, count in ((cholera, "cholera_drate", "cholera_deaths"), (parishes, "flu_drate", "flu_deaths")):
        disease = rate.split("_")[0]
        it = understand(f"which one had the highest {disease} death rate", acc.vocab)
        assert [s.column for s in it.sort] == [rate]
        assert (rate, "<", 50.0) in _conds(understand(f"which had under 50 {disease} deaths per 10,000?", acc.vocab))
        assert (count, "<", 50.0) in _conds(understand(f"which had under 50 {disease} deaths", acc.vocab))
        assert (rate, ">", 60.0) in _conds(understand(f"{disease} deaths per 100,000 people over 60", acc.vocab))


def test_a_name_cut_short_and_a_name_cut_from_a_word(cholera, parishes):
    for acc in (cholera, parishes):
        assert [s.column for s in understand("the 3 most densely populated ones", acc.vocab).sort] == ["pop_dens"]
        assert ("pop_dens", ">", 100.0) in _conds(understand("ones with a population density over 100", acc.vocab))
        assert ("popn", ">", 100000.0) in _conds(understand("ones with a population over 100000", acc.vocab))
    # "people" is half of `pop_dens`'s name: 100,000 people is no density in thousands
    assert not any(c.column == "pop_dens" for c in understand("which had more than 100,000 people?", parishes.vocab).conditions)


def test_places_in_a_numbered_sequence(bakeoff, quiz):
    assert ("series", "=", 3.0) in _conds(understand("episodes from the third series", bakeoff.vocab))
    assert ("season", "=", 2.0) in _conds(understand("episodes from the 2nd season", quiz.vocab))
    (c,) = understand("episodes from either the first or the last season", quiz.vocab).conditions
    assert c.column == "season" and c.op == "in" and set(c.value) == {1.0, 6.0}
    assert ("series", "!=", 2.0) in _conds(understand("not the second series", bakeoff.vocab))
    it = understand("the 3 seasons with the biggest audience", quiz.vocab)
    assert not it.conditions  # a count, not the third


def test_rank_columns_and_number_one(bakeoff, quiz):
    assert ("channels_rank", "=", 1.0) in _conds(understand("which episodes were number 1 across all channels that week?",
                                                              bakeoff.vocab))
    assert ("network_rank", "!=", 1.0) in _conds(understand("episodes that weren't number one on the network", bakeoff.vocab))
    assert ("overall_rank", "=", 2.0) in _conds(understand("episodes that were number 2 overall", quiz.vocab))
    # an episode number is no rank
    assert not any("rank" in c.column for c in understand("episode number 1 of season 3", quiz.vocab).conditions)


def test_a_compound_noun_before_an_id_is_a_look_up(nursing):
    it = understand("show me nursing home #40", nursing.vocab)
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["40"]
    assert understand("homes like home 40", nursing.vocab).kind == "recommend"


@pytest.fixture(scope="module")
def constants(home):
    return _prepare(home, "r14b-physical-constants")


def test_initials_said_in_full_and_a_whole_title_asked_about(constants, quiz, tmp_path_factory, home):
    assert ("sf_value", ">=", 13.0) in _conds(understand("constants known to at least 13 significant figures", constants.vocab))
    assert [s.column for s in understand("the 2 constants given to the most significant figures", constants.vocab).sort] \
        == ["sf_value"]
    gauges = _csv(home, tmp_path_factory, "gauges", "id,station,wl_peak,depth\n" + "".join(
        f"{i},Station {i},{3 + i / 10},{10 + i}\n" for i in range(1, 31)))
    assert ("wl_peak", ">", 4.0) in _conds(understand("stations whose peak water level is over 4", gauges.vocab))
    it = understand("value of the boltzmann constant", constants.vocab)
    assert it.kind == "fact" and [m.title for m in it.mentions] == ["Boltzmann constant"] and it.fact_columns == ("value",)


def test_a_plural_is_a_subject_where_items_carry_tags(home, tmp_path_factory):
    """Where tags or descriptions say what items are about, "detectives" is a subject (a preference),
    not a family of titles, even when several titles carry the word."""
    rows = ["id,title,genres"]
    for i in range(1, 31):
        words = ["Amber", "Borrowed", "Cobalt", "Dune", "Ember", "Falcon", "Gilded", "Harbor", "Ivory", "Jasper",
                 "Kestrel", "Lantern", "Meridian", "Nocturne", "Orchid", "Pewter", "Quarry", "Rampart", "Saffron",
                 "Tundra", "Umber", "Vesper", "Willow", "Xenon", "Yarrow", "Zephyr", "Alder", "Bramble", "Cinder", "Delta"]
        name = f"{words[i - 1]} Detective" if i % 6 == 0 else f"{words[i - 1]} {words[-i]}"
        rows.append(f"{i},{name},{'Crime|Film-Noir' if i % 2 else 'Drama|Romance'}")
    films = _csv(home, tmp_path_factory, "noirfilms", "\n".join(rows) + "\n")
    it = understand("old noir with detectives in trench coats", films.vocab)
    assert not any(c.column == "title" for c in it.conditions)
    assert any(c.column == "genres" for c in it.conditions)
