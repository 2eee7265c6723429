"""Readers that generalise (issue 60, session 36), on small catalogs written here (none of them round
26's): one-letter codes of sex (B/G) and of sides (L/R) with the side's column told by the words said
near it; places kept as one-letter codes (a `area` of U, E, A, M, O); a domain noun spelled as one word
though its letters make two ("tycoons"); a bound the values of one column straddle; an amount said in
billions on a column kept in billions; a quantity kept as its logarithm, restored at prepare; the
catalog's measure not being a group's value; comparisons with a superlative's item, a group and a place
("than in Chile"); counts said per day on yearly figures; growth said as "doubled"; "the worst" of a
measure whose best is its lowest; a code cell holding two codes; "didn't reach"; "how many years of data"."""

from __future__ import annotations

import math

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round26"))


def _round(v):
    return round(v, 2) if isinstance(v, float) else tuple(_round(x) for x in v) if isinstance(v, tuple) else v


def _conds(it):
    return {(c.column, c.op, _round(c.value)) for c in it.conditions}


# ---------------------------------------------------------------- one-letter codes: sex, sides, places
@pytest.fixture(scope="module")
def pupils(home, tmp_path_factory):
    names = ["Ada", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lea", "Max", "Nia", "Oz", "Pia"]
    rows = ["id,name,birthmonth,birthyear,height,armspan,sex,dom_eye,strongarm"]
    for i, n in enumerate(names, 1):
        rows.append(f"{i},{n},{1 + i % 12},{2015 if i % 3 else 2014},{128 + i},{125 + i},{'G' if i % 2 else 'B'},"
                    f"{'L' if i % 4 == 0 else 'R'},{'R' if i % 5 else 'L'}")
    return _csv(home, tmp_path_factory, "pupils", "\n".join(rows) + "\n")


def test_codes_of_sex_and_of_sides(pupils):
    v = pupils.vocab
    assert _conds(understand("girls in the class", v)) == {("sex", "in", ("G",))}
    assert _conds(understand("how many boys are there?", v)) == {("sex", "in", ("B",))}
    # two columns of L and R: the one whose word is said nearest ("eyed" of `dom_eye`, "arm" of `strongarm`)
    assert _conds(understand("left-eyed pupils", v)) == {("dom_eye", "in", ("L",))}
    assert _conds(understand("girls whose strong arm isn't the left one", v)) == {("sex", "in", ("G",)),
                                                                                 ("strongarm", "not_in", ("L",))}
    assert not understand("the right one for me", v).conditions  # "right" alone: the English word


def test_when_born_answers_every_part_of_the_date(pupils):
    it = understand("when was Lea born?", pupils.vocab)
    assert it.kind == "fact" and it.fact_columns == ("birthmonth", "birthyear")


def test_a_number_a_unit_bound_to_the_column_that_holds_it(pupils):
    # height 129–144 and armspan 126–141 are both lengths in cm: "over 142 cm" only a height reaches
    assert _conds(understand("pupils with an armspan over 130 cm", pupils.vocab)) == {("armspan", ">", 130.0)}
    assert _conds(understand("pupils over 142 cm", pupils.vocab)) == {("height", ">", 142.0)}


@pytest.fixture(scope="module")
def tycoons(home, tmp_path_factory):
    rows = ["id,wealth,age,area"]
    areas = "UEAMOUEAUU"
    for i in range(1, 41):
        rows.append(f"{i},{round(1 + (i * 7) % 36, 1)},{20 + (i * 13) % 80},{areas[i % 10]}")
    return _csv(home, tmp_path_factory, "tycoons", "\n".join(rows) + "\n")


def test_places_kept_as_one_letter_codes(tycoons):
    v = tycoons.vocab
    assert v.domain == "tycoon"  # a word of its own, though "tycoons" is no compound
    assert _conds(understand("tycoons from europe", v)) == {("area", "in", ("E",))}
    assert _conds(understand("tycoons not from the US or Asia", v)) == {("area", "not_in", ("U",)), ("area", "not_in", ("A",))}
    assert _conds(understand("middle eastern tycoons", v)) == {("area", "in", ("M",))}
    assert _conds(understand("americans worth at least 3 billion", v)) == {("area", "in", ("U",)), ("wealth", ">=", 3.0)}


def test_a_bound_only_one_column_straddles(tycoons):
    v = tycoons.vocab  # wealth 1–36, ages 20–99: "under 60" keeps some of the ages, all of the wealth
    assert _conds(understand("tycoons under 60", v)) == {("age", "<", 60.0)}
    assert _conds(understand("tycoons who aren't over 70", v)) == {("age", "<=", 70.0)}
    # billions said on a column kept in billions: beyond every value, in the column's own scale
    assert _conds(understand("anyone worth more than 50 billion?", v)) == {("wealth", ">", 50.0)}


def test_richer_than_the_richest_of_a_group(tycoons):
    it = understand("tycoons richer than the richest asian one", tycoons.vocab)
    top = max(float(x) for x, a in zip(tycoons.vocab.items["wealth"], tycoons.vocab.items["area"]) if a == "A")
    assert _conds(it) == {("wealth", ">", top)}


# ---------------------------------------------------------------- a quantity kept as its logarithm
@pytest.fixture(scope="module")
def wells(home, tmp_path_factory):
    counties = ["ADAMS", "BROWN", "CLARK", "DODGE", "ELK"]
    rows = ["id,log.arsenic,depth,county,county.name,rainfall"]
    for i in range(1, 51):
        c = (i - 1) % 5
        rows.append(f"{i},{math.log(0.5 + (i * 37 % 50) / 2):.6f},{20 + i * 3},{c + 1},{counties[c]},{0.2 * c - 0.4:.2f}")
    return _csv(home, tmp_path_factory, "wells", "\n".join(rows) + "\n")


def test_a_logarithm_restored_and_said_in_its_units(wells):
    v = wells.vocab
    assert "arsenic" in v.columns and v.columns["arsenic"].type == "real"
    assert _conds(understand("wells with arsenic over 10", v)) == {("arsenic", ">", 10.0)}
    assert _conds(understand("wells at or above the safe limit of 10 arsenic", v)) == {("arsenic", ">=", 10.0)}
    # the measure is the wells' own arsenic: not its logarithm, not the county's rainfall on every well of it
    it = understand("what's the highest reading in Clark county", v)
    assert it.sort and it.sort[0].column == "arsenic" and it.sort[0].descending and it.k == 1


def test_group_values_and_codes_of_a_group(wells):
    v = wells.vocab
    it = understand("wells from counties with more rainfall than Brown", v)
    assert _conds(it) == {("rainfall", ">", -0.2)}
    it = understand("which county is well 30 from?", v)
    assert it.kind == "fact" and it.fact_columns == ("county_name",)  # the name, not the number coding it


# ---------------------------------------------------------------- yearly figures, growth, codes, worst
@pytest.fixture(scope="module")
def stations(home, tmp_path_factory):
    rows = ["id,station,line,year,riders,delays"]
    names = ["Alder", "Birch", "Cedar", "Dogwood", "Elm", "Fir"]
    k = 0
    for y in range(2015, 2020):
        for n, s in enumerate(names):
            k += 1
            rows.append(f"{k},{s},{'Red' if n % 2 else 'Blue'},{y},{20000 + 9000 * n + 500 * (y - 2015)},{10 + n}")
    return _csv(home, tmp_path_factory, "stations", "\n".join(rows) + "\n")


def test_counts_said_per_day_on_yearly_figures(stations):
    v = stations.vocab
    assert _conds(understand("stations averaging over 100 riders a day in 2019", v)) == {("riders", ">", 36500.0),
                                                                                         ("year", "=", 2019.0)}
    assert _conds(understand("stations with more than 3000 riders a month", v)) == {("riders", ">", 36000.0)}
    it = understand("how many years of data are there", v)
    assert it.kind == "count" and it.group_by == "year" and it.group_distinct
    it = understand("which station had the 2nd highest number of riders in 2019?", v)
    assert it.kind == "recommend" and it.offset == 1 and it.sort[0].column == "riders"


@pytest.fixture(scope="module")
def hubs(home, tmp_path_factory):
    rows = ["id,Hub,Codes,Country,Passengers,Growth"]
    data = [("Northgate International", "NGT/KNGT", "United States", 91000000, "23.8%"),
            ("Southport Airport", "SPT/ESPT", "Sweden", 64000000, "110.5%"),
            ("Eastfield Airport", "EFD/LEFD", "Spain", 58000000, "150.2%"),
            ("Westbay Airport", "WBY/KWBY", "United States", 52000000, "12.0%"),
            ("Lakeside Airport", "LKS/CLKS", "Canada", 47000000, "95.0%"),
            ("Hillcrest Airport", "HCR/KHCR", "United States", 41000000, "30.1%"),
            ("Riverton Airport", "RVT/YRVT", "Australia", 36000000, "210.0%"),
            ("Meadow Airport", "MDW/EMDW", "Germany", 33000000, "60.0%"),
            ("Pinecone Airport", "PNC/KPNC", "United States", 31000000, "8.4%"),
            ("Oakridge Airport", "OKR/ROKR", "Japan", 30000000, "44.0%")]
    for i, (h, c, co, pax, g) in enumerate(data, 1):
        rows.append(f'{i},{h},{c},{co},{pax},{g}')
    return _csv(home, tmp_path_factory, "hubs", "\n".join(rows) + "\n")


def test_hubs_by_their_codes_growth_and_traffic(hubs):
    v = hubs.vocab
    it = understand("airports busier than MDW", v)  # one of the two codes a cell holds ("MDW/EMDW")
    assert it.mentions and it.mentions[0].item_id == "8" and _conds(it) == {("passengers", ">", 33000000.0)}
    assert _conds(understand("airports where passenger numbers more than doubled from the year before", v)) \
        == {("growth", ">", 100.0)}
    assert _conds(understand("which airports didn't reach 35 million passengers?", v)) == {("passengers", "<", 35000000.0)}
    assert _conds(understand("airports averaging over 150,000 passengers a day", v)) == {("passengers", ">", 54750000.0)}
    it = understand("what's the 2nd busiest airport outside the US?", v)
    assert it.kind == "recommend" and it.offset == 1 and not it.fact_columns


@pytest.fixture(scope="module")
def health(home, tmp_path_factory):
    rows = ["id,country,region,mortality,income"]
    data = [("Chile", "Americas", 60.0, 900), ("Peru", "Americas", 95.0, 500), ("Canada", "Americas", 16.0, 4000),
            ("Mali", "Africa", 180.0, 80), ("Kenya", "Africa", 55.0, 200), ("Japan", "Asia", 12.0, 3300),
            ("Nepal", "Asia", 160.0, 90), ("Norway", "Europe", 11.0, 4500), ("Spain", "Europe", 20.0, 1600)]
    for i, (c, r, m, inc) in enumerate(data, 1):
        rows.append(f"{i},{c},{r},{m},{inc}")
    return _csv(home, tmp_path_factory, "health", "\n".join(rows) + "\n")


def test_the_worst_of_a_measure_whose_best_is_lowest(health):
    v = health.vocab
    it = understand("which country has the worst mortality", v)
    assert it.sort[0].column == "mortality" and it.sort[0].descending
    assert not understand("the best mortality in Europe", v).sort[0].descending
    it = understand("where is mortality lower than in Chile?", v)  # a place compared with, not a question about it
    assert _conds(it) == {("mortality", "<", 60.0)} and it.mentions[0].relation == "reference"
    assert _conds(understand("countries in the americas poorer than Chile", v)) == {("region", "in", ("Americas",)),
                                                                                    ("income", "<", 900.0)}


def test_a_bare_bound_in_a_follow_up_is_of_the_column_bound_before(wells, home, tmp_path):
    from test_reader_round20 import _agent

    a = _agent(home, tmp_path, "wells")
    t = a.chat("wells from Clark county")
    t = a.chat("only those with arsenic over 2", t.session)
    t = a.chat("and under 8", t.session)
    vals = [float(x) for x in wells.vocab.items.set_index("item_id").loc[[it["id"] for it in t.items], "arsenic"]]
    assert t.items and all(2 < x < 8 for x in vals) and "could not use" not in t.reply


def test_a_month_of_the_year_is_said_by_its_name(pupils, home, tmp_path):
    from test_reader_round20 import _agent

    t = _agent(home, tmp_path, "pupils").chat("when was Lea born?")
    assert "(Jan)" in t.reply and "2014" in t.reply  # Lea (12): month 12 % 12 + 1, year 2014 (12 % 3 == 0)


def test_a_code_read_from_words_is_shown_with_them(pupils, home, tmp_path):
    from test_reader_round20 import _agent

    t = _agent(home, tmp_path, "pupils").chat("left-eyed girls")
    assert "left (L)" in t.reply and "girls (G)" in t.reply  # the heading says the reading, not the code alone
