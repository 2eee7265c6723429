"""Readers that generalise (issue 60, session 29, after round 17's first runs), each on a development
catalog of round 17 plus small catalogs written here: dates written as text in any form (days with a
time, quarters "1998 Q1", months) read as periods, with their years as a column; a value of several
words said by its initials ("NSW"); an amount in millions no word names bound to the one measure that
holds it; columns headed by chemical element symbols said as the element, its oxide or its formula,
with their unit (% of a whole) decided from the row sums; "bill length" is a length, not a bill's
dollars; a comparative picks the column of its dimension ("a bill longer than"); a unit whose every
reading falls outside a column takes the nearest (an impossible "heavier than 4 ounces"); "is it A or
B?" asks a value; a code value answered with its name ("F (female)"); a header's run of capitals
before a word ("AHCAvote"); a flag's verb cast either way ("voted against"); a header cut said in full
("uninsured" of `uni2015`) and the year said picking the member of a measure by year; a bound the next
turn narrows; the items' noun never a place in the catalog's name ("kansas")."""

from __future__ import annotations

import pytest

from convrec.catalog.meaning import domain_from_names, name_words
from convrec.config import Config
from convrec.core.answers import answer_fact
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round17"))


@pytest.fixture(scope="module")
def stays(home):
    return _prepare(home, "r17a-aus-accommodation")


@pytest.fixture(scope="module")
def pottery(home):
    return _prepare(home, "r17a-roman-pottery")


@pytest.fixture(scope="module")
def jays(home):
    return _prepare(home, "r17b-blue-jays")


@pytest.fixture(scope="module")
def house(home):
    return _prepare(home, "r17a-ahca-house-vote")


@pytest.fixture(scope="module")
def orders(home, tmp_path_factory):
    """Orders with US-style dates and times, a region spelled in words, and a money column of millions
    that no word names."""
    regions = ["North West Coast", "South East Plains", "Central Highlands"]
    rows = ["id,order_ref,placed,region,revenue,staff"]
    for i in range(1, 41):
        rows.append(f"{i},ORD-{1000 + i},{1 + i % 12}/{1 + i % 27}/{2010 + i % 6} 0:00:00,{regions[i % 3]},"
                    f"{round(12.5 + 9.7 * i, 2)},{3 + i % 9}")
    return _csv(home, tmp_path_factory, "orders", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def glass(home, tmp_path_factory):
    """Glass fragments by element (weight % of oxides, summing under 100), beside a refractive index."""
    rows = ["id,RI,Na,Mg,Al,Si,K,Ca"]
    for i in range(1, 31):
        rows.append(f"{i},{1.51 + i / 1000:.4f},{12 + i % 5 * 0.4:.2f},{i % 4 * 0.9:.2f},{0.8 + i % 6 * 0.3:.2f},"
                    f"{71 + i % 3 * 0.5:.2f},{i % 5 * 0.15:.2f},{7 + i % 7 * 0.6:.2f}")
    return _csv(home, tmp_path_factory, "glass", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


# ------------------------------------------------------------------------------------------ dates
def test_text_dates_get_their_years_and_quarters_read_as_periods(stays, orders):
    v = stays.vocab
    assert v.columns["date_year"].role == "time" and v.first("time") == "date_year"
    assert ("date_year", ">=", 2015.0) in _conds(understand("victoria since 2015", v))
    q = next(c for c in understand("occupancy in Tasmania in 2005 Q3", v).conditions if c.column == "date")
    assert q.value == ("2005 Q3",)
    dec = next(c for c in understand("South Australia, only the December quarters", v).conditions if c.column == "date")
    assert dec.value and all(x.endswith("Q4") for x in dec.value)  # the quarter that holds December
    third = next(c for c in understand("the third quarter of 2000", v).conditions if c.column == "date")
    assert third.value == ("2000 Q3",)
    # a US date with a time of day: its year is a column too, and a month said picks its days
    o = orders.vocab
    assert "placed_year" in o.columns
    assert ("placed_year", "=", 2012.0) in _conds(understand("orders placed in 2012", o))
    march = next(c for c in understand("orders placed in march 2012", o).conditions if c.column == "placed")
    assert march.value and all(x.startswith("3/") and "/2012" in x for x in march.value)


def test_a_code_with_dashes_is_no_date(home, tmp_path_factory):
    rows = ["id,nsn,item,cost"] + [f"{i},1005-00-{100 + i:03d}-94{i:02d},thing {i},{10 * i}" for i in range(1, 21)]
    acc = _csv(home, tmp_path_factory, "stock", "\n".join(rows) + "\n")
    assert acc.vocab.columns["nsn"].role != "date" and "nsn_year" not in acc.vocab.columns


# ------------------------------------------------------------------------- initials and magnitude
def test_values_said_by_their_initials_and_amounts_by_the_measure_that_holds_them(stays, orders):
    v = stays.vocab
    c = _conds(understand("how many quarters did NSW take more than 800 million", v))
    assert ("state", "in", ("New South Wales",)) in c and ("takings", ">", 800.0) in c
    c = _conds(understand("quarters outside NSW and Victoria with takings over 300 million", v))
    assert ("state", "not_in", ("New South Wales",)) in c and ("state", "not_in", ("Victoria",)) in c
    assert ("takings", ">", 500.0) in _conds(understand("more than half a billion dollars", v))
    assert not [c for c in understand("what does the act say", v).conditions if c.column == "state"]  # lower case: a word
    o = orders.vocab
    c = _conds(understand("NWC orders with more than 200 million", o))
    assert ("region", "in", ("North West Coast",)) in c and ("revenue", ">", 200.0) in c


# ------------------------------------------------------------------------------------ elements
def test_element_columns_said_as_elements_oxides_and_formulas(pottery, glass):
    v = pottery.vocab
    assert v.columns["fe"].label == "iron" and v.columns["fe"].unit == "%"
    assert v.columns["mg"].unit == "%"  # not milligrams
    assert ("mg", ">", 5.0) in _conds(understand("welsh pottery with more than 5% magnesium oxide", v))
    assert ("al", ">=", 15.0) in _conds(understand("alumina between 15 and 18%", v))
    assert ("ba", ">", 0.02) in _conds(understand("which samples have more than 200 ppm barium oxide?", v))
    assert ("na", ">=", 0.5) in _conds(understand("a soda (Na2O) content of 5 g/kg or more", v))
    assert ("ti", ">", 1.0) in _conds(understand("how many samples have over 1% titanium oxide", v))
    assert ("region", "in", ("NF",)) in _conds(understand("show me the sherds from the New Forest", v))
    g = glass.vocab
    assert g.columns["si"].label == "silicon" and g.columns["si"].unit == "%"
    assert g.columns["ri"].unit != "%"  # the refractive index is no element
    assert ("ca", "<", 8.0) in _conds(understand("fragments with less than 8% CaO", g))
    assert ("k", ">", 0.3) in _conds(understand("potash above 0.3 percent", g))


# ------------------------------------------------------------------------- dimensions of a name
def test_measure_heads_comparatives_and_the_nearest_unit(jays):
    v = jays.vocab
    assert not v.columns["billlength"].unit  # a length, not a bill's dollars
    assert ("billlength", ">", 26.0) in _conds(understand("birds with a bill longer than 26 mm", v))
    assert ("billlength", "<", 25.4) in _conds(understand("which jays have a bill shorter than an inch?", v))
    assert ("billdepth", "<=", 8.0) in _conds(understand("birds whose bill isn't deeper than 8mm", v))
    (heavy,) = understand("any jays heavier than 4 ounces?", v).conditions
    assert heavy.column == "mass" and round(heavy.value) == 113  # grams: nothing weighs that


def test_is_it_a_or_b_asks_the_value_and_codes_are_named(jays, house):
    v = jays.vocab
    it = understand("is jay 1142-05907 a male or a female", v)
    assert it.kind == "fact" and it.fact_columns == ("knownsex",)
    assert "F (female)" in answer_fact(it, v, "4")  # jay 4 is 1142-05907
    assert understand("female jays heavier than 70 grams", v).kind == "recommend"


# ------------------------------------------------------------------------------- votes and years
def test_flag_verbs_cut_headers_and_year_members(house):
    v = house.vocab
    assert name_words("AHCAvote") == ["ahca", "vote"] and name_words("HTMLparser") == ["html", "parser"]
    assert name_words("PhD") == ["phd"] and name_words("IDs") == ["ids"]
    assert v.columns["dist"].label == "dist"  # district codes ("AK-1"): no distance
    c = _conds(understand("how many republicans voted against the bill?", v))
    assert ("ahcavote", "=", False) in c and ("party", "in", ("R",)) in c
    assert ("ahcavote", "=", True) in _conds(understand("any Democrats who voted for the AHCA?", v))
    assert ("ahcavote", "=", True) in _conds(understand("who voted yes from pensylvania", v))
    assert ("uni2015", "<", 0.05) in _conds(understand("districts where under 5% were uninsured in 2015", v))
    it = understand("what was the uninsured rate in Nancy Pelosi's district in 2013?", v)
    assert it.kind == "fact" and it.fact_columns == ("uni2013",)
    it = understand("who had the 2nd lowest uninsured rate in 2013", v)
    assert it.sort[0].column == "uni2013" and not it.sort[0].descending


# ------------------------------------------------------------------------------ a bound narrowed
def test_a_later_bound_on_the_other_side_narrows(home, tmp_path):
    from convrec.api import Agent
    from convrec.eval.build import apply_ablations
    from convrec.llm.errors import LLMConnectionError
    from convrec.llm.fake import ScriptedLLM

    class NoBrain(ScriptedLLM):
        backend = "none"

        def _next(self, messages, json_call=False):
            raise LLMConnectionError("no LLM in this test")

    counties = _prepare(home, "r17b-swedish-counties")
    a = Agent.from_config(home, dataset="r17b-swedish-counties", llm=NoBrain(model="none"), sessions_db=tmp_path / "s.db")
    apply_ablations(a.strategy, a.catalog, ["llm"])
    s = a.new_session()
    a.chat("show me counties with at least 250,000 residents", session=s)
    t = a.chat("and under 400k people", session=s)
    pops = [counties.vocab.item_value(i["id"], "pop2019") for i in t.items]
    assert pops and all(250_000 <= x < 400_000 for x in pops)
    t = a.chat("what about ones over 1 million", session=s)  # the same side: replaced
    pops = [counties.vocab.item_value(i["id"], "pop2019") for i in t.items]
    assert pops and all(x > 1_000_000 for x in pops)


# ------------------------------------------------------------------------------------- the noun
def test_a_place_in_the_catalog_name_is_no_item_noun():
    assert domain_from_names("r17b-kansas-surplus") is None
    assert domain_from_names("texas-towns") == "town" and domain_from_names("epa-cars") == "car"
    assert domain_from_names("inverters") == "inverter"


# ------------------------------------------------------------------ amounts, labels, distinct values
@pytest.fixture(scope="module")
def surplus(home):
    return _prepare(home, "r17b-kansas-surplus")


def test_quarter_millions_whole_labels_besides_and_distinct_values(surplus):
    v = surplus.vocab
    assert "ship_date_year" in v.columns and v.columns["nsn"].role != "date"
    c = _conds(understand("which shipments were worth a quarter million or more in total", v))
    assert ("total_cost", ">=", 250000.0) in c
    assert ("total_cost", ">=", 500000.0) in _conds(understand("shipments worth a half million or more", v))
    # of two columns named by "cost", the one whose whole label is said
    assert ("total_cost", ">=", 250000.0) in _conds(understand("a total cost of at least 250000", v))
    assert ("acquisition_cost", ">", 500.0) in _conds(understand("acquisition cost over 500", v))
    c = _conds(understand("what did Sedgwick get besides rifles", v))
    assert ("title", "not_matches", ("rifles",)) in c and ("county", "in", ("SEDGWICK",)) in c
    it = understand("how many different counties received something", v)
    assert it.kind == "count" and it.group_by == "county" and it.group_distinct and not it.conditions
    it = understand("how many distinct counties got rifles", v)
    assert it.group_distinct and it.group_by == "county" and any(c.column == "title" for c in it.conditions)
    assert not understand("how many rifles are there", v).group_distinct


def test_sizes_in_titles_and_square_miles(surplus, home):
    v = surplus.vocab
    c = _conds(understand("how many 5.56mm rifles are on the list?", v))
    assert ("title", "matches", ("5.56 millimeter",)) in c
    assert not [x for x in _conds(understand("rifles under 500 dollars", v)) if x[0] == "title" and "500" in str(x[2])]
    counties = _prepare(home, "r17b-swedish-counties")
    (area,) = understand("counties under 2000 sq miles", counties.vocab).conditions
    assert area.column == "area" and round(area.value) == 5180  # km², the column's assumed unit


def test_is_there_any_thing_the_catalog_never_holds(surplus):
    v = surplus.vocab
    it = understand("did any county get a helicopter or an airplane?", v)
    assert it.kind == "recommend" and set(it.missing) == {"helicopter", "airplane"}
    assert not understand("are there any rifles?", v).missing  # the catalog holds rifles: a list of them
    assert not understand("any grenade launchers?", v).missing
    assert not understand("helicopter stuff please", v).missing  # no question of whether any is: a preference


def test_a_count_of_rows_that_each_hold_several_says_their_sum(surplus):
    from convrec.core.answers import answer_count
    from convrec.nlu.columns import units_column

    v = surplus.vocab
    assert units_column(v) == "quantity"
    it = understand("how many night vision viewers did sedgwick county get", v)
    assert "(13 in all by quantity)" in answer_count(3, it.conditions, v, ("quantity", 13))
    assert "in all" not in answer_count(3, it.conditions, v, ("quantity", 3))  # one each: nothing to add


def test_the_x_of_a_named_item_is_a_question_about_it(home):
    counties = _prepare(home, "r17b-swedish-counties")
    v = counties.vocab
    assert v.columns["title"] is not None and counties.title("8") == "Kronoberg"  # names in words, not "SE-G"
    for q in ("what's the main town of Kronoberg county?", "what is the capital of Kronoberg"):
        it = understand(q, v)
        assert it.kind == "fact" and it.mentions[0].title == "Kronoberg", q
    it = understand("what is the capital of Kronoberg", v)
    assert "centre" in it.fact_columns  # a short name each county has its own of is part of what is known
    assert understand("counties like Kronoberg", v).kind == "recommend"


def test_a_difference_of_two_years_said_by_its_direction(house, home, tmp_path_factory):
    v = house.vocab
    assert ("unichange", ">", 0.05) in _conds(understand("districts where the uninsured rate dropped by over 5 percent", v))
    it = understand("top 3 biggest drops in the uninsured rate", v)
    assert it.sort[0].column == "unichange" and it.sort[0].descending and it.k == 3
    # the other way: a later year minus an earlier one is a growth
    rows = ["id,town,pop2016,pop2021,popgain"]
    for i in range(1, 25):
        a, b = 1000 + 37 * i, 1000 + 37 * i + (i % 7) * 15 - 20
        rows.append(f"{i},Town {i},{a},{b},{b - a}")
    towns = _csv(home, tmp_path_factory, "towns-gain", "\n".join(rows) + "\n")
    t = towns.vocab
    assert t.columns["popgain"].words and any("grew" in g for g in t.columns["popgain"].words)
    assert not any("fell" in g for g in t.columns["popgain"].words)  # "fell by 10" is no growth of 10
    assert ("popgain", ">", 50.0) in _conds(understand("towns whose population grew by more than 50", t))


def test_compared_with_the_item_a_bracket_and_the_words_before_pick(stays):
    v = stays.vocab
    it = understand("NSW quarters with higher occupancy than during the Sydney Olympics (2000 Q3)", v)
    c = _conds(it)
    assert ("state", "in", ("New South Wales",)) in c and not [x for x in c if x[0] == "date"]
    (occ,) = [x for x in it.conditions if x.column == "occupancy"]
    assert occ.op == ">" and round(occ.value, 1) == 59.7  # NSW's 2000 Q3, not the Olympics' words
