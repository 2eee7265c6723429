"""Readers that generalise (issue 60, session 43, developed on rounds 33–34), on small catalogs written
here (none of the zoo's): a blank said by a general noun before its column ("no figure for the
Greens", "no score for 2015" of a measure by year); "which"/"when" questions in the singular ask for
one item; "the cheapest X" where X is a number column and no price is; "the busiest" of the one
column that counts people; of several columns of a dimension, the one whose other words are said
("at the company the longest"); an amount of money said bare ("got $0", "zero dollars"); a whole and
its part in two units ("the heaviest" of a body in kg beside a brain in g)."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round35"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 4)) for c in it.conditions}


@pytest.fixture(scope="module")
def polls(home, tmp_path_factory):
    """Elections with party vote shares, a party column blank before it stood; seats won."""
    rows = ["id,date,Seats,Labour,Greens,Liberal,Turnout"]
    for i in range(1, 25):
        greens = "" if i < 12 else f"{1 + i * 0.3:.1f}"
        rows.append(f"{i},{1950 + 3 * i}-05-0{1 + i % 8},{120 + i},{35 + i % 12},{greens},{30 + i % 9},{90 + i % 6}")
    return _csv(home, tmp_path_factory, "polls", "\n".join(rows) + "\n")


_LANDS = ("Norway", "Chad", "Peru", "Nepal", "Ghana", "Chile", "Japan", "Kenya", "Spain", "Yemen", "Italy", "Egypt",
          "Sudan", "Qatar", "Benin", "Gabon", "Haiti", "Libya", "Malta", "Niger", "Oman", "Palau", "Samoa", "Tonga",
          "Wales", "Zambia", "Laos", "Fiji", "Cuba", "Iran")


@pytest.fixture(scope="module")
def indexes(home, tmp_path_factory):
    """A score by year per country (`score 2014` … `score 2016`), some years blank."""
    rows = ["id,Country,Region,score 2014,score 2015,score 2016"]
    for i in range(1, 31):
        s14 = "" if i % 5 == 0 else str(20 + i)
        s15 = "" if i % 7 == 0 else str(22 + i)
        rows.append(f"{i},{_LANDS[i - 1]},{['North', 'South'][i % 2]},{s14},{s15},{25 + i}")
    return _csv(home, tmp_path_factory, "indexes", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def parcels(home, tmp_path_factory):
    """Parcels with a weight that is sometimes missing and a shipping fee."""
    rows = ["id,parcel,weight,fee,depot"]
    for i in range(1, 31):
        rows.append(f"{i},Parcel {i},{'' if i % 6 == 0 else 1 + i * 0.5},{4 + i % 10},{['Leeds', 'York'][i % 2]}")
    return _csv(home, tmp_path_factory, "parcels", "\n".join(rows) + "\n")


def test_no_value_noun_for_a_column_is_a_blank(polls, indexes, parcels):
    it = understand("how many elections have no figure for the Greens?", polls.vocab)
    assert it.kind == "count" and _conds(it) == {("greens", "missing", "")}
    it = understand("how many countries have no score for 2015", indexes.vocab)
    assert _conds(it) == {("score_2015", "missing", "")}  # that year's member, not the latest
    it = understand("how many countries have no score in 2014?", indexes.vocab)
    assert _conds(it) == {("score_2014", "missing", "")}
    it = understand("parcels with no value for weight", parcels.vocab)
    assert _conds(it) == {("weight", "missing", "")}
    # a value noun not followed by a column is no blank ("no data for Leeds" names a depot)
    assert ("weight", "missing", "") not in _conds(understand("parcels with no value for Leeds", parcels.vocab))


def test_which_and_when_in_the_singular_ask_for_one(polls, parcels, indexes):
    assert understand("which election had the highest turnout?", polls.vocab).k == 1
    assert understand("when was the Labour vote at its highest?", polls.vocab).k == 1
    assert understand("which parcel has the heaviest weight", parcels.vocab).k == 1
    it = understand("which countries had the highest score in 2016", indexes.vocab)
    assert it.k != 1 and it.sort  # a plural: a list


@pytest.fixture(scope="module")
def commodities(home, tmp_path_factory):
    """Monthly prices of commodities, one column each, no price column as such."""
    rows = ["id,date,oil_brent,sugar_world,tea_mombasa"]
    for i in range(1, 37):
        rows.append(f"{i},{2000 + (i - 1) // 12}-{(i - 1) % 12 + 1:02d}-01,{20 + (i * 7) % 30},{0.1 + (i * 13 % 17) / 100:.2f},"
                    f"{1 + (i * 5 % 11) / 10:.2f}")
    return _csv(home, tmp_path_factory, "commodities", "\n".join(rows) + "\n")


def test_the_cheapest_of_a_named_number_column(commodities):
    v = commodities.vocab
    for msg, col, desc in (("which month had the cheapest world sugar?", "sugar_world", False),
                           ("what is the cheapest month for mombasa tea?", "tea_mombasa", False),
                           ("the 3 priciest months for brent oil", "oil_brent", True)):
        it = understand(msg, v)
        assert it.sort and (it.sort[0].column, it.sort[0].descending) == (col, desc), msg


@pytest.fixture(scope="module")
def ferries(home, tmp_path_factory):
    rows = ["id,crossing,riders,hightemp,delays"]
    for i in range(1, 31):
        rows.append(f"{i},Crossing {i},{100 + (i * 37) % 400},{50 + i % 30},{i % 4}")
    return _csv(home, tmp_path_factory, "ferries", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def rallies(home, tmp_path_factory):
    rows = ["id,rally,city,voters,stages"]
    for i in range(1, 31):
        rows.append(f"{i},Rally {i},{['Ayr', 'Bude'][i % 2]},{500 + (i * 91) % 3000},{1 + i % 5}")
    return _csv(home, tmp_path_factory, "rallies", "\n".join(rows) + "\n")


def test_busiest_is_the_column_that_counts_people(ferries, rallies, parcels):
    for v, col in ((ferries.vocab, "riders"), (rallies.vocab, "voters")):
        it = understand("the 3 busiest ones", v)
        assert it.sort and (it.sort[0].column, it.sort[0].descending) == (col, True)
        it = understand("the quietest one", v)
        assert it.sort and (it.sort[0].column, it.sort[0].descending) == (col, False)
    assert not understand("the busiest parcels", parcels.vocab).sort  # nothing there counts people


@pytest.fixture(scope="module")
def staff(home, tmp_path_factory):
    rows = ["id,name,YearsAtCompany,YearsInCurrentRole,YearsWithCurrManager,TrainingTimesLastYear"]
    for i in range(1, 31):
        rows.append(f"{i},Person {i},{1 + i % 25},{i % 9},{(i * 3) % 11},{i % 6}")
    return _csv(home, tmp_path_factory, "staff", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def trips(home, tmp_path_factory):
    rows = ["id,trip,drive_hours,flight_hours,stop_count"]
    for i in range(1, 31):
        rows.append(f"{i},Trip {i},{1 + i % 12},{(i * 5) % 14},{i % 4}")
    return _csv(home, tmp_path_factory, "trips", "\n".join(rows) + "\n")


def test_of_a_dimensions_columns_the_one_whose_words_are_said(staff, trips):
    it = understand("who's been at the company the longest?", staff.vocab)
    assert it.sort and it.sort[0].column == "yearsatcompany" and it.k == 1
    it = understand("who has been in their current role the longest", staff.vocab)
    assert it.sort and it.sort[0].column == "yearsincurrentrole"
    it = understand("the trips with the longest flight", trips.vocab)
    assert it.sort and it.sort[0].column == "flight_hours"
    it = understand("the trips with the shortest drive", trips.vocab)
    assert it.sort and (it.sort[0].column, it.sort[0].descending) == ("drive_hours", False)


@pytest.fixture(scope="module")
def donors(home, tmp_path_factory):
    rows = ["id,Senator,Party,Contribution,Vote"]
    for i in range(1, 41):
        rows.append(f"{i},Senator {i},{['R', 'D'][i % 2]},{0 if i % 8 == 0 else 1000 * i},{i % 2}")
    return _csv(home, tmp_path_factory, "donors", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def grants(home, tmp_path_factory):
    rows = ["id,school,grant,pupils"]
    for i in range(1, 31):
        rows.append(f"{i},School {i},{0 if i % 5 == 0 else 250 * i},{100 + i}")
    return _csv(home, tmp_path_factory, "grants", "\n".join(rows) + "\n")


def test_an_amount_of_money_said_bare(donors, grants):
    for msg in ("how many got $0", "how many got zero dollars from the car industry", "how many senators received 0 dollars"):
        it = understand(msg, donors.vocab)
        assert _conds(it) == {("contribution", "=", 0.0)}, msg
    assert _conds(understand("schools that got $500", grants.vocab)) == {("grant", "=", 500.0)}
    assert _conds(understand("who got $5000 or more", donors.vocab)) == {("contribution", ">=", 5000.0)}
    # a number no money marks is no amount of money ("how many got 0 votes" is the vote)
    assert ("contribution", "=", 0.0) not in _conds(understand("schools with 0 pupils", grants.vocab))


def test_a_whole_and_its_part_in_two_units(home, tmp_path_factory):
    import json

    rows = ["id,animal,body,brain"] + [f"{i},Animal {i},{0.5 * i * i},{3 + 2 * i}" for i in range(1, 31)]
    zoo = _csv(home, tmp_path_factory, "zoo2", "\n".join(rows) + "\n")
    (zoo.ds.dir / "schema.json").write_text(json.dumps({"body": {"unit": "kg"}, "brain": {"unit": "g"}}))
    from convrec.catalog.store import open_dataset
    from convrec.core.catalog import CatalogAccess

    v = CatalogAccess(open_dataset(home, "zoo2"), home).vocab
    it = understand("the 3 heaviest animals", v)
    assert it.sort and it.sort[0].column == "body"  # 450 kg beside 63 g: the whole
    assert _conds(understand("animals heavier than 1000 lbs", v)) == {("body", ">", 453.5924)}


@pytest.fixture(scope="module")
def cases(home, tmp_path_factory):
    """Counts per group and year (each row counts many cases), a `time` column that is the year."""
    rows = ["id,branch,severity,time,diagnosed"]
    k = 0
    for b in ("Army", "Navy"):
        for s in ("Mild", "Severe"):
            for y in range(2006, 2012):
                k += 1
                rows.append(f"{k},{b},{s},{y},{100 + 37 * k}")
    return _csv(home, tmp_path_factory, "cases", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def sightings(home, tmp_path_factory):
    rows = ["id,station,nest,week,count"]
    for i in range(1, 41):
        rows.append(f"{i},{['C1', 'C2', 'B1'][i % 3]},{['no', 'partial', 'full'][i % 3]},{1 + i % 10},{1 + (i * 7) % 30}")
    return _csv(home, tmp_path_factory, "sightings", "\n".join(rows) + "\n")


def test_how_many_by_the_verb_of_a_count_column(cases, sightings):
    it = understand("how many mild injuries were diagnosed in the navy in 2009?", cases.vocab)
    assert it.kind == "count" and it.fact_columns == ("diagnosed",)
    it = understand("how many birds were counted at station C1?", sightings.vocab)
    assert it.kind == "count" and it.fact_columns == ("count",)
    it = understand("how many rows are from 2009?", cases.vocab)
    assert it.fact_columns != ("diagnosed",)  # no verb of the column: rows are counted


def test_periods_times_and_described_numbers(cases, sightings, ferries):
    it = understand("how many times did a group go over 1500 diagnosed in a year?", cases.vocab)
    assert _conds(it) == {("diagnosed", ">", 1500.0)}  # "times" is no `time`; "in a year" no amount
    it = understand("rows with over 500 diagnosed in a year", cases.vocab)
    assert _conds(it) == {("diagnosed", ">", 500.0)}
    it = understand("full nests with a moderate number of birds", sightings.vocab)
    assert it.kind == "recommend"  # an amount described, not a count asked
    assert understand("how many full nests are there", sightings.vocab).kind == "count"


@pytest.fixture(scope="module")
def wines(home, tmp_path_factory):
    rows = ["id,wine,points,price,country"]
    for i in range(1, 41):
        rows.append(f"{i},Wine {i},{80 + i % 21},{10 + i},{['Italy', 'Chile'][i % 2]}")
    return _csv(home, tmp_path_factory, "wines", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def films(home, tmp_path_factory):
    rows = ["id,film,rating,year"]
    for i in range(1, 41):
        rows.append(f"{i},Film {i},{1 + (i * 0.23) % 9:.1f},{1970 + i}")
    return _csv(home, tmp_path_factory, "films", "\n".join(rows) + "\n")


def test_a_score_said_on_another_scale(indexes, wines, films):
    it = understand("countries that got more than 7 out of 10 in 2016", indexes.vocab)
    assert _conds(it) == {("score_2016", ">", 70.0)}
    it = understand("countries with a score under 3 out of 10 in 2015", indexes.vocab)
    assert _conds(it) == {("score_2015", "<", 30.0)}
    it = understand("wines rated at least 9 out of 10", wines.vocab)
    assert _conds(it) == {("points", ">=", 90.0)}
    it = understand("films rated 4 out of 5 or more", films.vocab)
    assert _conds(it) == {("rating", ">=", 8.0)}


def test_compared_with_an_item_in_a_year(indexes):
    v = indexes.vocab
    it = understand("countries that scored higher than Norway in 2015", v)
    assert {(c.column, c.op) for c in it.conditions} == {("score_2015", ">")} and "scored" not in it.unmatched
    it = understand("countries with a higher score than Norway", v)
    assert {(c.column, c.op) for c in it.conditions} == {("score_2016", ">")}  # no year said: the latest
    it = understand("countries with a lower score than Norway in 2014", v)
    assert {(c.column, c.op, c.value) for c in it.conditions} == {("score_2014", "<", 21.0)}


@pytest.fixture(scope="module")
def payroll(home, tmp_path_factory):
    rows = ["id,name,MonthlyIncome,DailyRate,Department"]
    for i in range(1, 41):
        rows.append(f"{i},Person {i},{1000 + 450 * i},{100 + 30 * i},{['Sales', 'Research'][i % 2]}")
    return _csv(home, tmp_path_factory, "payroll", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def budgets(home, tmp_path_factory):
    rows = ["id,Year,debt,deficit"]
    for i in range(1, 41):
        rows.append(f"{i},{1980 + i},{(1 + i) * 1e12:.0f},{-5000 * i}")
    return _csv(home, tmp_path_factory, "budgets", "\n".join(rows) + "\n")


def test_a_period_the_header_states_and_top_as_a_verb(payroll, budgets):
    it = understand("who makes more than 150k a year?", payroll.vocab)
    assert _conds(it) == {("monthlyincome", ">", 12500.0)}  # the header says monthly: a year is 12 of them
    it = understand("people with a daily rate over 2000 a week", payroll.vocab)
    assert _conds(it) == {("dailyrate", ">", 285.7143)}  # the header says daily: a week is 7 of them
    it = understand("how many years did the debt top 20 trillion dollars?", budgets.vocab)
    assert _conds(it) == {("debt", ">", 2e13)}
    it = understand("top 5 years by debt", budgets.vocab)
    assert it.k == 5 and not it.conditions


@pytest.fixture(scope="module")
def trial(home, tmp_path_factory):
    """A trial table whose headers share a group prefix (`preOp_`, `postOp_`)."""
    rows = ["id,preOp_age,preOp_bmi,postOp_pain,postOp_cough,treat"]
    for i in range(1, 41):
        rows.append(f"{i},{20 + i},{18 + i % 15},{i % 5},{i % 3},{i % 2}")
    return _csv(home, tmp_path_factory, "trial", "\n".join(rows) + "\n")


def test_a_group_prefix_is_no_initials(trial):
    it = understand("the oldest patient", trial.vocab)
    assert it.sort and (it.sort[0].column, it.sort[0].descending) == ("preop_age", True) and it.k == 1
    it = understand("the oldest patients in the trial", trial.vocab)
    assert it.sort and it.sort[0].column == "preop_age"


@pytest.fixture(scope="module")
def races(home, tmp_path_factory):
    rows = ["id,State,TrumpWin,Income"]
    for i, st in enumerate(_LANDS[:20], start=1):
        rows.append(f"{i},{st},{i % 2},{40000 + 1000 * i}")
    return _csv(home, tmp_path_factory, "races", "\n".join(rows) + "\n")


def test_an_irregular_past_of_a_short_column_word(races):
    it = understand("states where trump won", races.vocab)
    assert _conds(it) == {("trumpwin", "=", True)}
    it = understand("how many states did Trump win", races.vocab)
    assert it.kind == "count" and _conds(it) == {("trumpwin", "=", True)}


@pytest.fixture(scope="module")
def drinks(home, tmp_path_factory):
    rows = ["id,country,beer_servings,total_litres_of_pure_alcohol,hours_of_sunshine"]
    for i, st in enumerate(_LANDS, start=1):
        rows.append(f"{i},{st},{i * 9},{(i * 0.47) % 14:.1f},{1200 + 40 * i}")
    return _csv(home, tmp_path_factory, "drinks", "\n".join(rows) + "\n")


def test_a_unit_said_before_of(drinks):
    v = drinks.vocab
    assert v.columns["total_litres_of_pure_alcohol"].unit == "l"  # litres of it, not the alcohol's percent
    assert v.columns["hours_of_sunshine"].unit == "h"
    it = understand("countries that drink more than 2 gallons of pure alcohol a year", v)
    assert _conds(it) == {("total_litres_of_pure_alcohol", ">", 7.5708)}
    it = understand("countries with under 4 pints of pure alcohol", v)
    assert _conds(it) == {("total_litres_of_pure_alcohol", "<", 1.8927)}


@pytest.fixture(scope="module")
def houses(home, tmp_path_factory):
    """A wide table of pairs: each row's two parties (`p1`, `p2`) and their seats (`np1`, `np2`)."""
    rows = ["id,congress,seats,p1,np1,p2,np2"]
    for i in range(1, 41):
        rows.append(f"{i},{i},{300 + i},{'Democrats' if i % 3 else 'Whigs'},{150 + (i * 7) % 120},{'Republicans' if i % 4 else 'Federalists'},{100 + (i * 11) % 150}")
    return _csv(home, tmp_path_factory, "houses", "\n".join(rows) + "\n")


@pytest.fixture(scope="module")
def matches(home, tmp_path_factory):
    rows = ["id,match,team1,goals_team1,team2,goals_team2,attendance"]
    for i in range(1, 41):
        rows.append(f"{i},Match {i},{['Rovers', 'United'][i % 2]},{i % 5},{['City', 'Athletic'][i % 2]},{(i * 3) % 4},{1000 + 90 * i}")
    return _csv(home, tmp_path_factory, "matches", "\n".join(rows) + "\n")


def test_a_number_said_of_a_paired_name_binds_its_count(houses, matches):
    it = understand("congresses where the republicans held more than 240 seats", houses.vocab)
    assert ("np2", ">", 240.0) in _conds(it) and not any(c.column == "seats" for c in it.conditions)
    it = understand("which congress had the most democrats", houses.vocab)
    assert it.sort and it.sort[0].column == "np1" and it.k == 1
    it = understand("congresses with more than 320 seats", houses.vocab)
    assert _conds(it) == {("seats", ">", 320.0)}  # no party said: the total
    it = understand("matches where Rovers scored more than 3 goals", matches.vocab)
    assert ("goals_team1", ">", 3.0) in _conds(it)


@pytest.fixture(scope="module")
def bestiary(home, tmp_path_factory):
    """A game table with dotted headers under one namespace, each stat printed (text) and as a number."""
    rows = ["id,name,stats.hit_dice.raw,stats.hit_dice.value,stats.xp.raw,stats.xp.value,stats.morale.value,book"]
    for i in range(1, 41):
        hd = 1 + i % 15
        rows.append(f"{i},Beast {i},{hd}{'*' * (i % 3)},{hd},\"{(i * 137) % 9000:,}{'*' * (i % 2)}\",{(i * 137) % 9000},{2 + i % 11},"
                    f"{['core', 'fg1'][i % 2]}")
    return _csv(home, tmp_path_factory, "bestiary", "\n".join(rows) + "\n")


def test_a_namespace_is_no_word_to_say_and_a_bound_is_no_printed_text(bestiary, trial):
    v = bestiary.vocab
    it = understand("top 5 by xp", v)
    assert it.sort and it.sort[0].column == "stats_xp_value" and it.k == 5
    it = understand("creatures with at least 10 hit dice", v)
    assert _conds(it) == {("stats_hit_dice_value", ">=", 10.0)}
    it = understand("the one with the most hit dice", v)
    assert it.sort and it.sort[0].column == "stats_hit_dice_value"
    it = understand("patients with a bmi over 30", trial.vocab)  # `preOp_bmi` said without its prefix
    assert _conds(it) == {("preop_bmi", ">", 30.0)}


def test_worth_before_a_bound_is_no_value(home, tmp_path_factory):
    rows = ["id,name,treasure,xp"] + [f"{i},Beast {i},{['300 gp worth of gems', 'none', 'a chest worth 50 gp'][i % 3]},{100 * i}"
                                      for i in range(1, 41)]
    v = _csv(home, tmp_path_factory, "hoard", "\n".join(rows) + "\n").vocab
    assert _conds(understand("monsters worth more than 2000 xp", v)) == {("xp", ">", 2000.0)}
    assert _conds(understand("ones worth under 500 xp", v)) == {("xp", "<", 500.0)}


def test_a_negation_inside_a_two_word_flag(races, home, tmp_path_factory):
    it = understand("states trump didn't win where income is below 55k", races.vocab)
    assert _conds(it) == {("trumpwin", "=", False), ("income", "<", 55000.0)}
    assert _conds(understand("how many states did trump not win", races.vocab)) == {("trumpwin", "=", False)}
    rows = ["id,game,HomeWin,crowd"] + [f"{i},Game {i},{i % 2},{500 + 10 * i}" for i in range(1, 31)]
    v = _csv(home, tmp_path_factory, "games2", "\n".join(rows) + "\n").vocab
    assert _conds(understand("games the home side didn't win", v)) == {("homewin", "=", False)}
    assert _conds(understand("games where home won", v)) == {("homewin", "=", True)}


def test_a_namespace_never_outranks_a_column_that_has_the_word(home, tmp_path_factory):
    rows = ["id,name,max_thrust,cruise_thrust,cruise_sfc,cruise_mach,cruise_alt"]
    rows += [f"{i},Jet {i},{1000 * i},{'' if i % 3 else 40 * i},{0.5 + i / 100},{0.8},{35000}" for i in range(1, 31)]
    v = _csv(home, tmp_path_factory, "jets", "\n".join(rows) + "\n").vocab
    it = understand("engines with more thrust than Jet 12", v)
    assert {(c.column, c.op) for c in it.conditions} == {("max_thrust", ">")}
