"""Readers that generalise (issue 60, session 27, after round 15's first runs), each on a development
catalog of round 15 plus small catalogs written here: a code whose letters are the initials of the
words said before its number ("size class 3" for `sc3`); the signed measure named as such before one a
synonym ties to it, and "the most profitable" an order; a count of missing values said by "number of";
an amount of money far beyond a column of thousands kept in thousands, a count of people never
rescaled; "#1" and "the 12th ranked" as places in a ranking, and a comparison with the item a rank
picks; a superlative with a participle ("hardest hitting"); a name written without spaces; a value
with a typo beside another value; a yes/no column named by its doers said by the doing; the "top"
of a measure asked of one item; an order's words that leave a value before the column to be read."""

from __future__ import annotations

import pytest

from convrec.catalog.meaning import _doer_verbs
from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round15"))


@pytest.fixture(scope="module")
def retailers(home):
    return _prepare(home, "r15a-dutch-retailers")


@pytest.fixture(scope="module")
def schools(home):
    return _prepare(home, "r15b-law-schools")


@pytest.fixture(scope="module")
def heroes(home):
    return _prepare(home, "r15a-storm-heroes")


@pytest.fixture(scope="module")
def mammals(home):
    return _prepare(home, "r15b-running-mammals")


@pytest.fixture(scope="module")
def drugs(home):
    return _prepare(home, "r15a-mont-blanc-drugs")


@pytest.fixture(scope="module")
def homes(home, tmp_path_factory):
    """Houses: a tax band coded TB1…TB4, price in plain dollars, a pool flag, bedrooms with gaps."""
    rows = ["id,address,tax_band,price,swimmers,bedrooms,other_income,net_income"]
    for i in range(1, 41):
        rows.append(f"{i},{i} Elm Street,TB{1 + i % 4},{150000 + 25000 * i},{'yes' if i % 3 == 0 else 'no'},"
                    f"{'' if i % 9 == 0 else 1 + i % 5},{-50 + 7 * i},{-300 + 23 * i}")
    return _csv(home, tmp_path_factory, "houses", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def pupils(home, tmp_path_factory):
    """Pupils: grade levels GL1…GL6, a school rank 1…30, CamelCase nicknames, a typo-prone two-word house."""
    houses = ["Red Lion", "Red Dragon", "Blue Heron"]
    rows = ["id,name,grade,rank,house,score"]
    for i in range(1, 31):
        nick = ["TheBrain", "LittleStar", "QuickFox", "RAV4"][i % 4] + ("" if i < 5 else str(i))
        rows.append(f"{i},{nick},GL{1 + i % 6},{i},{houses[i % 3]},{40 + 2 * i}")
    return _csv(home, tmp_path_factory, "pupils", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_a_code_said_by_the_initials_of_its_words(retailers, homes, pupils):
    assert ("size", "in", ("sc3",)) in _conds(understand("how many retailers are in size class 3?", retailers.vocab))
    assert ("size", "not_in", ("sc3",)) in _conds(understand("retailers that aren't size class 3", retailers.vocab))
    assert ("tax_band", "in", ("TB2",)) in _conds(understand("houses in tax band 2", homes.vocab))
    assert ("grade", "in", ("GL4",)) in _conds(understand("pupils at grade level 4", pupils.vocab))
    # two words whose initials no code has are left alone
    assert not any(c.column == "grade" for c in understand("pupils with great luck 4 times", pupils.vocab).conditions)


def test_the_signed_measure_is_the_one_named_so(retailers, homes):
    assert ("profit", "<", 0.0) in _conds(understand("how many of them made a loss", retailers.vocab))
    assert ("net_income", "<", 0.0) in _conds(understand("which houses lost money", homes.vocab))
    it = understand("the 3 most profitable retailers", retailers.vocab)
    assert [(s.column, s.descending) for s in it.sort] == [("profit", True)] and it.k == 3 and not it.conditions


def test_missing_values_said_by_number_of(retailers, homes):
    assert ("staff", "missing", "") in _conds(understand("how many don't report their number of staff?", retailers.vocab))
    assert ("bedrooms", "missing", "") in _conds(understand("houses that don't list their number of bedrooms", homes.vocab))


def test_money_beyond_a_column_of_thousands_and_people_never_rescaled(retailers, homes):
    assert ("turnover", ">", 5000.0) in _conds(understand("a turnover of over 5 million euros", retailers.vocab))
    assert ("staff_costs", ">=", 300.0) in _conds(understand("staff costs of at least 300k €", retailers.vocab))
    it = understand("any retailer with more than 1000 employees?", retailers.vocab)
    assert ("staff", ">", 1000.0) in _conds(it)  # more staff than any: none, said so — not "more than 1"
    # prices kept in dollars: "$5 million" is more than any house, not 5,000 thousands
    assert ("price", ">", 5000000.0) in _conds(understand("houses over $5 million", homes.vocab))


def test_places_in_a_ranking(schools, pupils):
    assert ("rank", "=", 1.0) in _conds(understand("what's the median starting salary at the #1 school?", schools.vocab))
    it = understand("how many volumes does the library of the 12th ranked school hold", schools.vocab)
    assert it.kind == "fact" and it.fact_columns == ("libvol",) and ("rank", "=", 12.0) in _conds(it)
    assert ("rank", "<=", 25.0) in _conds(understand("top 25 ranked schools in the east", schools.vocab))
    assert ("rank", "=", 3.0) in _conds(understand("the #3 pupil", pupils.vocab))
    assert [m.item_id for m in understand("tell me about pupil #17", pupils.vocab).mentions] == ["17"]


def test_a_comparison_with_the_item_a_rank_picks(schools, pupils):
    libs = schools.vocab.items.set_index("rank")["libvol"]
    it = understand("schools with a bigger library than the one ranked #2", schools.vocab)
    assert ("libvol", ">", float(libs[2])) in _conds(it)
    it = understand("schools in the west that pay better than the school ranked 20th", schools.vocab)
    assert ("west", "in", (True,)) in _conds(it) or any(c.column == "west" for c in it.conditions)
    assert any(c.column == "salary" and c.op == ">" for c in it.conditions)
    it = understand("pupils who scored more than the pupil ranked 10th", pupils.vocab)
    assert ("score", ">", 60.0) in _conds(it)


def test_a_superlative_with_a_participle(heroes):
    it = understand("top 3 hardest hitting heroes (basic attack)", heroes.vocab)
    assert [(s.column, s.descending) for s in it.sort] == [("attack", True)] and it.k == 3
    # a noun after a superlative is the item, not a column named like it
    assert [s.column for s in understand("the warmest days", heroes.vocab).sort] != ["attack"]


def test_a_name_written_without_spaces(heroes, pupils):
    assert [m.title for m in understand("what's The Butcher's attack damage", heroes.vocab).mentions] == ["TheButcher"]
    assert [m.title for m in understand("tell me about the brain", pupils.vocab).mentions] == ["TheBrain"]
    # letters and digits run together are a code, not words: "rav 4" is no name of RAV4 here
    assert not [m for m in understand("rav 4", pupils.vocab).mentions if m.title == "RAV4"]


def test_a_typo_beside_another_value(heroes, pupils):
    assert ("role", "in", ("Ranged Assassin",)) in _conds(understand("how many ranged assasins are there", heroes.vocab))
    assert ("house", "in", ("Red Dragon",)) in _conds(understand("pupils of red dargon", pupils.vocab))


def test_a_yes_no_column_named_by_its_doers(mammals, homes):
    assert _doer_verbs("hoppers") == ["hopping", "hop", "hops"] and _doer_verbs("voters")[:2] == ["voting", "vote"]
    assert _doer_verbs("specials") == []
    assert ("hoppers", "=", True) in _conds(understand("show me the hopping ones", mammals.vocab))
    assert any(c.column == "hoppers" and (c.op in ("not_in", "!=") or c.value is False)
               for c in understand("mammals that don't hop", mammals.vocab).conditions)
    assert any(c.column == "swimmers" for c in understand("houses for swimming", homes.vocab).conditions)


def test_the_top_of_a_measure_asked_of_one_item(mammals, heroes):
    it = understand("what's the top speed of the heaviest mammal in the list?", mammals.vocab)
    assert it.kind == "fact" and it.fact_columns == ("speed",) and [s.column for s in it.sort] == ["weight"]
    it = understand("what's the top attack of the healthiest hero?", heroes.vocab)
    assert it.kind == "fact" and "attack" in it.fact_columns


def test_an_order_leaves_the_value_before_its_column(drugs, heroes):
    it = understand("top 3 THC concentrations", drugs.vocab)
    assert ("substance", "in", ("THC",)) in _conds(it) and [s.column for s in it.sort] == ["concentration"] and it.k == 3
    it = understand("highest acetazolomide concentration", drugs.vocab)
    assert it.k == 1 and ("substance", "in", ("Acetazolamide",)) in _conds(it)
    it = understand("top 5 melee health", heroes.vocab)
    assert ("attack_type", "in", ("Melee",)) in _conds(it) and [s.column for s in it.sort] == ["health"]


@pytest.fixture(scope="module")
def jobs(home, tmp_path_factory):
    """Jobs: a yearly salary and an hourly wage, no period in either header."""
    rows = ["id,title,salary,wage"]
    for i in range(1, 41):
        rows.append(f"{i},Job {i},{30000 + 2000 * i},{10 + i}")
    return _csv(home, tmp_path_factory, "jobs", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def patients(home, tmp_path_factory):
    """Patients: a heart rate per minute (unstated)."""
    rows = ["id,name,heart_rate,weight"]
    for i in range(1, 41):
        rows.append(f"{i},Patient {i},{40 + 4 * i},{50 + i}")
    return _csv(home, tmp_path_factory, "patients", "\n".join(rows) + "\n")


def test_an_amount_per_period_takes_the_period_the_values_show(heroes, schools, jobs, patients):
    assert ("attack_spd", ">", 1.33) in _conds(understand("who attacks more than 80 times a minute?", heroes.vocab))
    assert ("attack_spd", ">", 1.2) in _conds(understand("heroes with more than 1.2 attacks per second", heroes.vocab))
    assert ("salary", ">", 48000.0) in _conds(understand("schools where grads earn more than $4,000 a month", schools.vocab))
    assert ("salary", ">=", 52000.0) in _conds(understand("jobs with a salary of at least $25 an hour", jobs.vocab))
    assert ("wage", ">", 20.0) in _conds(understand("jobs with a wage over $800 a week", jobs.vocab))
    assert ("heart_rate", ">", 120.0) in _conds(understand("heart rate above 2 per second", patients.vocab))
    # said in the period the values are kept in: as said
    assert ("heart_rate", ">", 100.0) in _conds(understand("heart rate above 100 a minute", patients.vocab))


def test_the_time_between_events_is_their_rate_inverted(heroes):
    it = understand("which heroes take 1.2 seconds or longer between basic attacks", heroes.vocab)
    assert ("attack_spd", "<=", 0.83) in _conds(it) and not it.unmatched
    assert ("attack_spd", ">", 1.0) in _conds(understand("heroes with less than 1 second between attacks", heroes.vocab))


def test_a_glued_name_with_a_cut_word_and_a_bound_or_another(schools, jobs):
    from convrec.catalog.meaning import _split_compound, column_words

    assert _split_compound("clsize") == ["cl", "size"] and _split_compound("libvol") == ["lib", "vol"]
    assert "class" in column_words(["cl", "size"], "other")[0]
    it = understand("schools with an entering class under 80 students or over 600", schools.vocab)
    assert ("clsize", "outside", (80.0, 600.0)) in _conds(it)  # the class size, not the student-faculty ratio (1–9)
    assert ("salary", "outside", (40000.0, 90000.0)) in _conds(understand("jobs with a salary under 40000 or over 90000",
                                                                         jobs.vocab))


@pytest.fixture(scope="module")
def assays(home, tmp_path_factory):
    """Lab assays: a batch number shared by several rows, one analyte each, one measured reading."""
    rows = ["id,batch,analyte,reading"]
    names = ["Lead", "Zinc", "Copper", "Nickel"]
    for i in range(1, 61):
        rows.append(f"{i},{100 + (i - 1) // 4},{names[(i - 1) % 4]},{round(0.5 + (i * 37 % 50) / 7, 2)}")
    return _csv(home, tmp_path_factory, "assays", "\n".join(rows) + "\n")


def test_a_number_after_a_word_of_a_column_that_holds_it(drugs, assays):
    it = understand("how many different substances were found in sample 154?", drugs.vocab)
    assert it.kind == "count" and ("positive_sample", "=", 154.0) in _conds(it) and not it.mentions
    it = understand("how much caffeine was in sample 94", drugs.vocab)
    assert it.kind == "fact" and it.fact_columns == ("concentration",) and ("positive_sample", "=", 94.0) in _conds(it)
    it = understand("how much zinc was in batch 103", assays.vocab)
    assert it.kind == "fact" and it.fact_columns == ("reading",) and ("batch", "=", 103.0) in _conds(it)
    # a number the column does not hold stays a row's id (samples run to 154; row 200 is a finding)
    assert [m.item_id for m in understand("tell me about sample 200", drugs.vocab).mentions] == ["200"]


def test_the_one_measure_of_a_catalog(drugs, assays):
    it = understand("which sample had the 2nd highest codeine level?", drugs.vocab)
    assert [s.column for s in it.sort] == ["concentration"] and ("substance", "in", ("Codeine",)) in _conds(it)
    it = understand("THC results higher than the one in sample 139", drugs.vocab)
    assert any(c.column == "concentration" and c.op == ">" for c in it.conditions)
    it = understand("lead readings higher than the one in batch 104", assays.vocab)
    assert any(c.column == "reading" and c.op == ">" for c in it.conditions)
    it = understand("the highest nickel level", assays.vocab)
    assert [s.column for s in it.sort] == ["reading"] and ("analyte", "in", ("Nickel",)) in _conds(it)


@pytest.fixture(scope="module")
def constants(home):
    return _prepare(home, "r14b-physical-constants")


@pytest.fixture(scope="module")
def readings(home, tmp_path_factory):
    """Sensor readings, a row per measure, each with its own unit symbol."""
    units = ["kg", "m", "Pa", "W", "m s^-1"]
    rows = ["id,quantity,value,unit"]
    for i in range(1, 41):
        rows.append(f"{i},Quantity {i},{i * 1.5},{units[i % 5]}")
    return _csv(home, tmp_path_factory, "readings", "\n".join(rows) + "\n")


def test_unit_symbols_in_a_column_are_said_by_their_names(constants, readings):
    from convrec.catalog.meaning import unit_symbol_names

    assert {"joules per tesla", "jt"} <= unit_symbol_names("J T^-1") and "kelvin" in unit_symbol_names("K")
    assert not unit_symbol_names("E_h") and not unit_symbol_names("m^3 mol^-1") and not unit_symbol_names("hello")
    assert ("units", "in", ("J T^-1",)) in _conds(understand("which constants are in J/T?", constants.vocab))
    assert ("units", "in", ("Hz", "K")) in _conds(understand("show me the ones in hertz or kelvin", constants.vocab))
    assert ("units", "in", ("kg",)) in _conds(understand("which constant in kilograms has the biggest value?",
                                                         constants.vocab))
    assert ("unit", "in", ("Pa",)) in _conds(understand("readings in pascals", readings.vocab))
    assert ("unit", "in", ("m s^-1",)) in _conds(understand("readings in metres per second", readings.vocab))


@pytest.fixture(scope="module")
def licences(home):
    return _prepare(home, "r14a-marriage-licences")


@pytest.fixture(scope="module")
def athletes(home, tmp_path_factory):
    """Athletes: an age and a bib number, a sport."""
    rows = ["id,name,sport,age,bib"]
    for i in range(1, 41):
        rows.append(f"{i},Athlete {i},{['Rowing', 'Judo'][i % 2]},{17 + i % 20},{i * 3}")
    return _csv(home, tmp_path_factory, "athletes", "\n".join(rows) + "\n")


def test_a_bound_after_people_is_their_age(licences, athletes, jobs):
    assert ("age", "<", 21.0) in _conds(understand("brides under 21", licences.vocab))
    assert ("age", ">", 40.0) in _conds(understand("grooms over 40 years", licences.vocab))
    assert ("age", ">", 30.0) in _conds(understand("judo athletes over 30", athletes.vocab))
    # not where no age column holds it, nor after a noun for things
    assert not any(c.column == "age" for c in understand("bibs over 30", athletes.vocab).conditions)
    assert not any(c.column == "age" for c in understand("jobs over 50000", jobs.vocab).conditions)


def test_the_noun_after_a_superlative_is_the_item_asked_for(tmp_path_factory, home):
    bake = _prepare(home, "r14b-bakeoff-ratings")
    it = understand("what's the most watched episode?", bake.vocab)
    assert it.kind == "recommend" and it.k == 1 and [s.column for s in it.sort] == ["viewers_7day"]


def test_blank_marks_are_no_value():
    import pandas as pd

    from convrec.catalog.custom import infer_column

    kind, vals = infer_column(pd.Series(["2019-01-02", "n/a", "2020-03-04", "N/A", "-"] * 5), "|")
    assert kind == "text" and sum(v is None for v in vals) == 15
    kind, vals = infer_column(pd.Series(["12", "NA", "7", "?", "3"] * 5), "|")
    assert kind == "integer" and int(pd.Series(vals).isna().sum()) == 10
    # a list of two-letter codes keeps NA (North America beside EU, AS)
    kind, vals = infer_column(pd.Series(["NA", "EU", "AS", "NA", "SA"] * 5), "|")
    assert kind == "text" and vals.count("NA") == 10


def test_a_count_of_items_with_a_blank_marked_n_a(home):
    inv = _prepare(home, "r12a-solar-inverters")
    it = understand("how many models don't have a CEC listing date", inv.vocab)
    assert it.kind == "count" and ("cec_date", "missing", "") in _conds(it)


def test_a_noun_that_means_the_items_is_no_wish_and_top_n_items_for_a_column(home):
    colleges = _prepare(home, "hb-colleges")
    it = understand("which school got the most applications?", colleges.vocab)
    assert "school" not in it.unmatched and [s.column for s in it.sort] == ["apps"] and it.k == 1
    schools = _prepare(home, "ca-schools")
    it = understand("top 3 districts for reading", schools.vocab)
    assert [s.column for s in it.sort] == ["readscr"] and it.k == 3
    assert ("mathscr", ">", 700.0) in _conds(understand("districts with a math score over 700", schools.vocab))


def test_a_value_written_cut_short(home, tmp_path_factory):
    possums = _prepare(home, "r12b-brushtail-possums")
    assert ("pop", "not_in", ("Vic",)) in {(c.column.lower(), c.op, c.value) for c in
                                           understand("how many were caught outside Victoria", possums.vocab).conditions}
    rows = ["id,name,state,dept"] + [f"{i},Lab {i},{['Calif', 'Ariz', 'Minn', 'Okla'][i % 4]},{['Chem', 'Phys'][i % 2]}"
                                     for i in range(1, 41)]
    labs = _csv(home, tmp_path_factory, "labs", "\n".join(rows) + "\n")
    assert ("state", "in", ("Ariz",)) in _conds(understand("labs in Arizona", labs.vocab))
    assert ("dept", "in", ("Chem",)) in _conds(understand("Chemistry labs in Oklahoma", labs.vocab))
    assert ("state", "in", ("Okla",)) in _conds(understand("Chemistry labs in Oklahoma", labs.vocab))


def test_the_items_noun_from_a_name_with_digits_not_from_a_naming_header():
    from convrec.catalog.meaning import domain_from_names

    assert domain_from_names("pupils15", "nickname") == "pupil"  # a header that names, not what the rows are
    assert domain_from_names("cars2024", "") == "car"
    assert domain_from_names("forbes2000", "name") is None  # a proper name with digits says nothing
    assert domain_from_names("epa-cars", "carline") == "car"
