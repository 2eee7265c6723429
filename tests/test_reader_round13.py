"""Readers that generalise (issue 60, session 25, after round 13's first runs), each on development
catalogs of different shapes plus small catalogs written here: amounts said in billions on money
columns kept in unstated millions; years written with their era ("2025 CE", "1050 BCE"); spans the
data shows are years; capital-letter codes (tickers) as titles; a grade with its sign ("A-", "B+ or
better") and a letter that is itself a grade ("B or higher"); two comparisons on two columns joined
by "or"; "above"/"higher" with a length picks the height; "the highest <item>" is no column of the
item's name."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from convrec.catalog.text import noun_plural, singular
from convrec.config import Config
from convrec.core.answers import describe_conditions
from convrec.nlu import understand
from convrec.tools.verify import satisfies
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round13"))


@pytest.fixture(scope="module")
def sp500(home):
    return _prepare(home, "r13b-sp500-companies")


@pytest.fixture(scope="module")
def volcanoes(home):
    return _prepare(home, "r13a-volcanoes")


@pytest.fixture(scope="module")
def leaders(home):
    return _prepare(home, "r13a-world-leaders")


@pytest.fixture(scope="module")
def polls(home):
    return _prepare(home, "r13b-election-polls")


@pytest.fixture(scope="module")
def fuels(home):
    return _prepare(home, "r13b-biomass-fuels")


@pytest.fixture(scope="module")
def frogs(home):
    return _prepare(home, "r13a-frog-sites")


@pytest.fixture(scope="module")
def funds(home, tmp_path_factory):
    """Fund houses: tickers, money in unstated millions, a grade, a start year and how long they have run."""
    rows = ["id,symbol,assets,cash,rating,founded,duration,fee"]
    grades = ["A+", "A", "A-", "B+", "B", "B-", "C+", "C"]
    for i in range(1, 41):
        sym = chr(65 + i % 26) + chr(65 + i // 26) + ("X" if i % 2 else "")
        rows.append(f"{i},{sym},{500 + 997 * i},{20 + 31 * i},{grades[i % 8]},"
                    f"{1960 + i},{max(1, (2001 - (1960 + i)) - i % 5)},{round(0.2 + i / 40, 2)}")
    return _csv(home, tmp_path_factory, "funds", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def digs(home, tmp_path_factory):
    """Excavations: a site name, an era year with blanks, depth in metres and a distance."""
    rows = ["id,site,last_occupied,depth_m,distance"]
    for i in range(1, 31):
        era = "Unknown" if i % 5 == 0 else (f"{100 * i} BCE" if i % 2 else f"{60 * i} CE")
        rows.append(f"{i},Site {chr(65 + i % 26)}{i},{era},{i % 9 + 1},{250 * i}")
    return _csv(home, tmp_path_factory, "digs", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def films(home, tmp_path_factory):
    """A film table: a year and a whole-number length that runs past the last year (minutes)."""
    rows = ["id,title,year,duration"]
    for i in range(1, 31):
        rows.append(f"{i},Film number {i},{1990 + i % 25},{85 + 3 * i}")
    return _csv(home, tmp_path_factory, "films13", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_billions_on_money_kept_in_unstated_millions(sp500, funds):
    assert ("market_cap", ">", 50000.0) in _conds(understand("compnies worth more than $50 billion", sp500.vocab))
    assert ("cash", "<", 500.0) in _conds(understand("which ones have less than half a billion in cash?", sp500.vocab))
    assert ("debt", "<=", 5000.0) in _conds(understand("companies that aren't carrying more than 5 billion in debt",
                                                       sp500.vocab))
    # a trillion is more than any company's 505,330 millions: read in millions, not as 1,000 billions
    assert ("market_cap", ">", 1e6) in _conds(understand("any company with a market cap over a trillion dollars?",
                                                         sp500.vocab))
    assert ("assets", ">", 20000.0) in _conds(understand("funds with assets over $20 billion", funds.vocab))


def test_capital_letter_codes_name_the_items(sp500, funds):
    assert sp500.vocab.domain == "company"  # the catalog's name, not the code column's header ("stock")
    it = understand("how much debt does VZ carry", sp500.vocab)
    assert it.kind == "fact" and [m.title for m in it.mentions] == ["VZ"]
    code = funds.vocab.linker.titles[5]
    assert code.isupper() and understand(f"what is the fee of {code}?", funds.vocab).mentions[0].title == code


def test_years_written_with_their_era(volcanoes, digs):
    info = volcanoes.vocab.columns["last_known_eruption"]
    assert info.role == "time" and info.min < 0 < info.max  # BCE below zero
    assert ("last_known_eruption", "=", 2025.0) in _conds(understand("which volcanoes erupted in 2025?", volcanoes.vocab))
    got = _conds(understand("sites last occupied after 1200", digs.vocab))
    assert ("last_occupied", ">", 1200.0) in got
    assert digs.vocab.columns["last_occupied"].min == -2900


def test_spans_the_data_shows_are_years(leaders, funds, films):
    assert leaders.vocab.columns["duration"].unit == "yr"
    assert ("duration", "<", 2.0) in _conds(understand("Italian heads of government who lasted less than 24 months",
                                                       leaders.vocab))
    assert funds.vocab.columns["duration"].unit == "yr"
    assert films.vocab.columns["duration"].unit == "min"  # 2014 + 175 runs past the last year: minutes
    it = understand("which two leaders held power the longest?", leaders.vocab)
    assert it.k == 2 and [s.column for s in it.sort] == ["duration"]


def test_grades_with_their_sign_and_a_letter_that_is_a_grade(polls, funds):
    got = {c.column: set(c.value) for c in understand("michigan polls rated B+ or better", polls.vocab).conditions}
    assert got["grade"] == {"B+", "A-", "A", "A+"}
    got = {c.column: set(c.value) for c in understand("polls with a grade of B or higher", polls.vocab).conditions}
    assert got["grade"] == {"B", "B+", "A-", "A", "A+"}
    got = {c.column: set(c.value) for c in understand("Pensylvania polls from A- rated pollsters", polls.vocab).conditions}
    assert got["grade"] == {"A-"} and got["state"] == {"Pennsylvania"}
    got = {c.column: set(c.value) for c in understand("funds rated C+ or worse", funds.vocab).conditions}
    assert got["rating"] == {"C+", "C"}


def test_two_comparisons_on_two_columns_joined_by_or(fuels, sp500, funds):
    it = understand("show me anything with sulfur above 3% or nitrogen above 6%", fuels.vocab)
    (c,) = [c for c in it.conditions if c.op == "any_of"]
    assert list(c.value) == ["sulfur", ">", 3.0, "nitrogen", ">", 6.0]
    assert describe_conditions([c], fuels.vocab) == "sulfur over 3 or nitrogen over 6"
    ids = list(fuels.vocab.items.index)
    both = [i for i in ids if satisfies(fuels.vocab, i, c)]
    s = {i for i in ids if satisfies(fuels.vocab, i, SimpleNamespace(column="sulfur", op=">", value=3.0))}
    n = {i for i in ids if satisfies(fuels.vocab, i, SimpleNamespace(column="nitrogen", op=">", value=6.0))}
    assert set(both) == s | n and s - n and n - s
    it = understand("either a trailing P/E over 40 or a forward P/E over 20", sp500.vocab)
    assert [list(c.value) for c in it.conditions] == [["trail_pe", ">", 40.0, "forward_pe", ">", 20.0]]
    it = understand("funds with a fee under 0.5 or cash over 1000", funds.vocab)
    assert [list(c.value) for c in it.conditions] == [["fee", "<", 0.5, "cash", ">", 1000.0]]
    # "and" keeps both
    assert len(understand("funds with a fee under 0.5 and cash over 1000", funds.vocab).conditions) == 2


def test_above_and_higher_with_a_length_pick_the_height(frogs, digs, volcanoes):
    assert ("altitude", ">", 1600.0) in _conds(understand("sites above 1600 m", frogs.vocab))
    assert ("altitude", ">", 1524.0) in _conds(understand("sites higher than 5,000 feet", frogs.vocab))
    assert ("distance", ">", 2000.0) in _conds(understand("sites over 2 km from the nearest population", frogs.vocab))
    assert volcanoes.vocab.columns["elevation_m"].unit == "m"
    assert ("elevation_m", ">", 4572.0) in _conds(understand("volcanoes over 15,000 feet", volcanoes.vocab))
    assert digs.vocab.columns["depth_m"].unit == "m"


def test_the_highest_item_is_no_column_of_the_items_name(volcanoes, frogs):
    it = understand("2nd highest volcano in Italy?", volcanoes.vocab)
    assert [s.column for s in it.sort] == ["elevation_m"] and it.offset == 1
    assert {c.column for c in it.conditions} == {"country"}
    it = understand("top 3 sites by number of pools", frogs.vocab)
    assert [s.column for s in it.sort] == ["noofpools"] and it.k == 3
    assert [s.column for s in understand("what's the second-highest site?", frogs.vocab).sort] == ["altitude"]


def test_words_in_oes_and_than_written_then(volcanoes):
    assert singular("volcanoes") == "volcano" and singular("shoes") == "shoe" and singular("heroes") == "hero"
    assert noun_plural("volcano") == "volcanoes" and noun_plural("photo") == "photos"
    got = _conds(understand("volcanoes in Indonesia taller then Merapi", volcanoes.vocab))
    assert any(c == "elevation_m" and op == ">" for c, op, _ in got)


@pytest.fixture(scope="module")
def otters(home, tmp_path_factory):
    """Survey ponds of a catalog named for its subject: a yes/no `detected` column."""
    rows = ["id,pond,area_ha,detected"]
    for i in range(1, 31):
        rows.append(f"{i},Pond {i},{1 + i % 7},{'yes' if i % 3 else 'no'}")
    return _csv(home, tmp_path_factory, "otter-ponds", "\n".join(rows) + "\n")


def test_the_catalogs_subject_said_present_or_absent(frogs, otters):
    def flags(msg, acc):
        return {(c.column, c.value) for c in understand(msg, acc.vocab).conditions if c.role == "flag"}
    assert flags("sites where frogs were found", frogs) == {("pres_abs", True)}
    assert flags("how many sites had frogs?", frogs) == {("pres_abs", True)}
    assert flags("sites over 1600 m where no frogs turned up", frogs) == {("pres_abs", False)}
    assert flags("ponds where otters were detected", otters) == {("detected", True)}
    assert flags("ponds without otters", otters) == {("detected", False)}
    got = understand("frog sites above 1500 m", frogs.vocab)
    assert {c.column for c in got.conditions} == {"altitude"}  # "frog sites": the items, no condition


@pytest.fixture(scope="module")
def rentals(home, tmp_path_factory):
    rows = ["id,title,checkout_date,return_date"]
    for i in range(1, 41):
        rows.append(f"{i},Rental {i},2023-{1 + i % 12:02d}-{1 + i % 27:02d},2023-{1 + (i + 2) % 12:02d}-{1 + i % 25:02d}")
    return _csv(home, tmp_path_factory, "rentals", "\n".join(rows) + "\n")


def test_of_several_date_columns_the_one_the_message_says(polls, rentals):
    def cols(msg, acc):
        return {c.column for c in understand(msg, acc.vocab).conditions if c.role == "date"}
    assert cols("Wisconsin polls that ended in November", polls) == {"enddate"}
    assert cols("polls that started in October", polls) == {"startdate"}
    assert cols("rentals returned in March", rentals) == {"return_date"}
    assert cols("rentals checked out in March", rentals) == {"checkout_date"}
    assert understand("polls that ended", polls.vocab).unmatched == ("ended",)  # no month: the word is not used up


def test_values_marked_plural_and_the_us_in_capitals(volcanoes, leaders):
    got = {c.column: set(c.value) for c in understand("italian volcanoes that aren't stratovolcanoes", volcanoes.vocab).conditions}
    assert {"Stratovolcano", "Stratovolcano(es)"} <= got["primary_volcano_type"]
    assert ("country", "in", ("United States",)) in _conds(understand("US volcanoes", volcanoes.vocab))
    assert not understand("show us volcanoes in Japan", volcanoes.vocab).conditions[0].value == ("United States",)
    got = {c.column: set(c.value) for c in understand("US presidents", leaders.vocab).conditions}
    assert got.get("ctryname") == {"United States of America"}


def test_a_name_the_catalog_lacks_is_no_nearest_value(volcanoes):
    # "Switzerland" is as near France as Germany: no paraphrase of either, a country this catalog lacks
    assert ("country", "in", ("Switzerland",)) in _conds(understand("are there any volcanoes in Switzerland?", volcanoes.vocab))
    assert ("country", "in", ("Norway",)) in _conds(understand("volcanoes in Norway", volcanoes.vocab))
    # an item's own text begins with it ("Hawaiian-Emperor …"): no absent country
    assert not [c for c in understand("volcanoes in Hawaii", volcanoes.vocab).conditions if c.column == "country"]


def test_dropping_the_ones_with_a_number_negates_it(sp500, fuels, leaders):
    assert ("debt", "<=", 10000.0) in _conds(understand("drop the ones with more than 10 billion of debt", sp500.vocab))
    assert ("sulfur", "<=", 2.0) in _conds(understand("exclude the ones with sulfur above 2", fuels.vocab))
    assert ("duration", "<", 10.0) in _conds(understand("leave out the ones with a duration of at least 10 years",
                                                        leaders.vocab))
    # a number wish of its own after a negated value stays as said
    got = _conds(understand("leaders not in Europe with a duration over 10 years", leaders.vocab))
    assert ("duration", ">", 10.0) in got
