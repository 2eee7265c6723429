"""Readers that generalise (issue 60, session 29, after round 18's first run), on small catalogs
written here: capital codes said by the word they are cut from ("banks" → BNK, "mining" → MIN, "wood"
→ WOD, not "company" → CON, not "controlled" → CON); a negated verb negates the source after it ("not
controlled from the US"); items with no names of their own named by any noun the user calls them
("company 60")."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round18"))


@pytest.fixture(scope="module")
def firms(home, tmp_path_factory):
    """Firms with no names: a sector code and a nation code each, assets and board interlocks."""
    sectors = ["BNK", "MIN", "WOD", "HLD", "MER", "CON", "TRN"]
    nations = ["CAN", "US", "UK", "OTH"]
    rows = ["id,assets,sector,nation,interlocks"]
    for i in range(1, 61):
        rows.append(f"{i},{100 + 97 * i},{sectors[i % 7]},{nations[i % 4]},{i % 23}")
    return _csv(home, tmp_path_factory, "firms", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_codes_said_by_the_word_they_are_cut_from(firms):
    v = firms.vocab
    assert ("sector", "in", ("BNK",)) in _conds(understand("how many banks are on the list", v))
    assert ("sector", "in", ("MIN",)) in _conds(understand("2nd biggest mining firm?", v))
    c = _conds(understand("wood and paper companies that aren't Canadian-controlled", v))
    assert ("sector", "in", ("WOD",)) in c and ("nation", "not_in", ("CAN",)) in c
    assert not [x for x in c if x[0] == "sector" and "CON" in x[2]]  # "companies", "controlled": no construction
    assert ("sector", "in", ("BNK", "HLD")) in _conds(understand("banks or holding companies", v))
    assert ("sector", "in", ("CON",)) in _conds(understand("construction firms", v))


def test_a_negated_verb_negates_the_source_after_it(firms):
    v = firms.vocab
    assert ("nation", "not_in", ("US",)) in _conds(understand("firms not controlled from the US", v))
    assert ("nation", "in", ("US",)) in _conds(understand("firms controlled from the US", v))


def test_items_with_no_names_are_named_by_any_noun(firms):
    v = firms.vocab
    it = understand("what are the assets of company 60", v)
    assert it.kind == "fact" and it.mentions[0].item_id == "60" and it.fact_columns == ("assets",)
    it = understand("firms with more interlocks than company 28", v)
    (c,) = it.conditions
    assert c.column == "interlocks" and c.op == ">" and c.value == 5.0  # firm 28 has 5
    assert ("interlocks", ">", 20.0) in _conds(understand("firms with more than 20 interlocks", v))
    assert understand("top 10 firms", v).k == 10 and not understand("top 10 firms", v).mentions
    for q in ("firms with interlocks above 20", "how many firms have assets below 600", "firms that have 20 or more interlocks"):
        assert not understand(q, v).mentions, q  # an amount after a comparison or before "or more": no firm 20


@pytest.fixture(scope="module")
def judges(home, tmp_path_factory):
    """Judges rated on a 10-point scale under four-letter headers no dictionary knows."""
    rows = ["id,name,CONT,INTG,DMNR,RTEN"]
    for i in range(1, 31):
        rows.append(f"{i},JUDGE {chr(64 + i % 26)}{i},{5 + i % 5 + 0.3},{5.5 + (i % 8) * 0.5:.1f},{6 + (i % 6) * 0.6:.1f},"
                    f"{5 + (i % 9) * 0.55:.2f}")
    return _csv(home, tmp_path_factory, "judges", "\n".join(rows) + "\n")


def test_header_skeletons_and_scores_out_of_another_scale(judges):
    v = judges.vocab
    assert ("intg", ">", 8.0) in _conds(understand("judges with integrity over 8", v))
    assert ("dmnr", ">=", 8.0) in _conds(understand("demeanor of at least 8", v))
    assert ("intg", ">=", 9.0) in _conds(understand("any judges scoring at least 4.5 out of 5 for integrity?", v))
    assert ("rten", ">", 8.5) in _conds(understand("judges whose retention score is above 85 percent", v))
    it = understand("which judge had the second most contacts", v)
    assert it.sort[0].column == "cont" and it.sort[0].descending


@pytest.fixture(scope="module")
def races(home, tmp_path_factory):
    """House races: each party's votes under its letter, the incumbent's party, a True/False flag,
    candidates' votes by year."""
    rows = ["id,district,D,R,IncParty,IncName,contested,Bush2004,Kerry2004,Bush2000"]
    for i in range(1, 41):
        rows.append(f"{i},{i},{40000 + 3100 * i},{90000 - 1900 * i},{'D' if i % 3 else 'R'},Name{i},{i % 5 != 0},"
                    f"{100000 + 2000 * i},{150000 - 1500 * i},{90000 + 1700 * i}")
    return _csv(home, tmp_path_factory, "races", "\n".join(rows) + "\n")


def test_party_letters_as_headers_numbering_columns_and_un_flags(races):
    v = races.vocab
    assert v.columns["d"].label == "democrat"
    assert ("d", ">", 100000.0) in _conds(understand("races where the Democrat got more than 100k votes", v))
    assert ("r", "<", 20000.0) in _conds(understand("districts where the republican got under 20 thousand votes", v))
    it = understand("how many districts had a Democratic incumbent", v)
    assert it.kind == "count" and ("incparty", "in", ("D",)) in _conds(it)
    it = understand("top 3 districts for Bush in 2004", v)
    assert it.k == 3 and it.sort[0].column == "bush2004"
    assert ("contested", "=", False) in _conds(understand("uncontested seats", v))
    assert ("contested", "=", True) in _conds(understand("contested races", v))


@pytest.fixture(scope="module")
def survey(home, tmp_path_factory):
    """Developers: a yearly salary with no period in its header, 0/1 role flags one of which is a
    glued abbreviation (`DevOps`)."""
    rows = ["id,Country,Salary,DevOps,Web_developer"]
    for i in range(1, 41):
        rows.append(f"{i},{['India', 'Germany', 'United States'][i % 3]},{20000 + 4500 * i},{i % 4 == 0:d},{i % 3 == 0:d}")
    return _csv(home, tmp_path_factory, "devs", "\n".join(rows) + "\n")


def test_yearly_pay_and_bounds_beyond_every_value(survey):
    v = survey.vocab
    assert ("salary", ">", 120000.0) in _conds(understand("US developers earning more than 10k a month", v))
    assert ("salary", ">", 500000.0) in _conds(understand("anyone making over half a million a year?", v))
    it = understand("top 3 best paid developers in India", v)
    assert it.sort[0].column == "salary" and not [c for c in it.conditions if c.column == "devops"]  # a word, not DevOps
    assert ("devops", "=", True) in _conds(understand("devops people in Germany", v))


@pytest.fixture(scope="module")
def sales(home, tmp_path_factory):
    """House sales: square feet and a cost per square foot in headers, three prices, the sale date in parts."""
    rows = ["id,Address,SquareFeet,CostPerSqFt,OrigPrice,ListPrice,SalePrice,YearBuilt,YearSold,MonthSold,DaySold"]
    for i in range(1, 41):
        rows.append(f"{i},{100 + i} Main St,{900 + 45 * i},{60 + i},{90000 + 5000 * i},{88000 + 5000 * i},"
                    f"{85000 + 5100 * i},{1950 + i},{2005 + i % 10},{1 + i % 12},{1 + i % 28}")
    return _csv(home, tmp_path_factory, "small-town-houses", "\n".join(rows) + "\n")


def test_square_units_sale_words_and_dates_in_parts(sales):
    v = sales.vocab
    assert v.columns["squarefeet"].unit == "ft2" and v.columns["costpersqft"].unit != "ft"
    (c,) = understand("houses with more than 200 m2 of living space", v).conditions
    assert c.column == "squarefeet" and round(c.value) == 2153
    it = understand("whats the most expensive house that sold", v)
    assert it.kind == "recommend" and it.sort[0].column == "saleprice" and it.k == 1
    assert ("saleprice", ">=", 200000.0) in _conds(understand("how many sold for 200k or more?", v))
    c = _conds(understand("what sold in the summer of 2008", v))
    assert ("monthsold", "in", (6.0, 7.0, 8.0)) in c and ("yearsold", "=", 2008.0) in c
    assert ("yearbuilt", "=", 1990.0) in _conds(understand("houses built in 1990", v))


@pytest.fixture(scope="module")
def imports(home, tmp_path_factory):
    """Yearly imports by country, one row per country and year, the amount under `value`, no title."""
    rows = ["id,country,year,value"]
    k = 0
    for y in range(2000, 2010):
        for n, c in enumerate(["France", "Germany", "Japan", "Italy", "Spain"]):
            k += 1
            rows.append(f"{k},{c},{y},{100.5 + 37 * n + 3 * (y - 2000)}")
    return _csv(home, tmp_path_factory, "wine-imports", "\n".join(rows) + "\n")


def test_the_items_noun_ranks_by_the_one_measure_and_made_up_titles_are_no_text(imports):
    v = imports.vocab
    assert "title" not in v.text_words  # "import 1", "import 2": nothing to match
    it = understand("top 3 wine importers in 2009", v)
    assert it.k == 3 and it.sort[0].column == "value" and it.sort[0].descending
    assert ("year", "=", 2009.0) in _conds(it) and not [c for c in it.conditions if c.column == "title"]
    it = understand("who was the 2nd biggest importer in 2001", v)
    assert it.sort[0].column == "value" and it.offset == 1
