"""Readers that generalise (issue 60, session 32), on small catalogs written here: numbered sibling
columns (`Sales3m`, `Sales12m`; "5yr return") picked by the window or horizon a request says, which
is no value of any column; words of spending name the money columns; "six figures"; an amount of
millions on a column that holds millions in full; "mostly X" on a share column; an R export's
row numbers name its items; "what's in this dataset?" says what each item has."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round21"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


@pytest.fixture(scope="module")
def stores(home, tmp_path_factory):
    rows = ["id,Store,Sales3m,Sales12m,Visits3m,Visits12m,Staff"]
    for i in range(1, 41):
        rows.append(f"{i},{['North', 'East', 'West', 'South'][i % 4]} {i},{1000 + 250 * i},{5000 + 900 * i},"
                    f"{10 + i},{40 + 3 * i},{2 + i % 9}")
    return _csv(home, tmp_path_factory, "shops", "\n".join(rows) + "\n")


def test_a_window_picks_the_sibling_and_is_no_value(stores):
    v = stores.vocab
    assert v.columns["sales3m"].mark and v.columns["sales12m"].mark
    it = understand("shops with sales over 5000 in the last 3 months", v)
    assert _conds(it) == {("sales3m", ">", 5000.0)}
    it = understand("shops with more than 80 visits over the past year", v)
    assert _conds(it) == {("visits12m", ">", 80.0)}  # a year is 12 of a 3/12 pair
    it = understand("top 2 shops by visits in the last 3 months", v)
    assert it.sort and it.sort[0].column == "visits3m" and not it.conditions
    it = understand("shops that made more than $20,000 in sales over the past 12 months", v)
    assert _conds(it) == {("sales12m", ">", 20000.0)}


def test_spending_words_name_the_money_columns(stores):
    v = stores.vocab
    it = understand("which shops earned the most in the last 12 months", v)
    assert it.sort and it.sort[0].column == "sales12m"


@pytest.fixture(scope="module")
def funds(home, tmp_path_factory):
    rows = ["id,Fund,Return1yr,Return5yr,Age"]
    for i in range(1, 31):
        rows.append(f"{i},Fund {chr(65 + i % 26)}{i},{-5 + i * 0.7:.1f},{1 + i * 0.4:.1f},{1 + i % 20}")
    return _csv(home, tmp_path_factory, "funds", "\n".join(rows) + "\n")


def test_a_horizon_said_before_the_measure(funds):
    v = funds.vocab
    assert _conds(understand("funds with a 5-year return above 8", v)) == {("return5yr", ">", 8.0)}
    assert _conds(understand("funds with a 1 yr return under 0", v)) == {("return1yr", "<", 0.0)}
    # a number of years with a comparison and no family word after it is a value, not a horizon
    assert ("age", ">", 5.0) in _conds(understand("funds older than 5 years", v))


@pytest.fixture(scope="module")
def people(home, tmp_path_factory):
    rows = ["id,earnings,age,state"]
    for i in range(1, 61):
        rows.append(f"{i},{[12000, 45000, 98000, 150000, 2500000, 30000][i % 6] + i},{20 + i % 40},{['CA', 'TX', 'NY'][i % 3]}")
    return _csv(home, tmp_path_factory, "payroll", "\n".join(rows) + "\n")


def test_six_figures_and_millions_in_full(people):
    v = people.vocab
    c = _conds(understand("how many people earn six figures", v))
    assert ("earnings", ">=", 100000.0) in c and ("earnings", "<=", 999999.0) in c
    it = understand("anyone earning over 100 million?", v)
    assert ("earnings", ">", 100000000.0) in _conds(it)  # more than any: not 100 thousand


@pytest.fixture(scope="module")
def counties(home, tmp_path_factory):
    rows = ["id,County,Urban,Farming,Population"]
    for i in range(1, 41):
        rows.append(f"{i},County {i},{(i * 7.3) % 100:.1f},{(i * 11.9) % 90:.1f},{1000 * i}")
    return _csv(home, tmp_path_factory, "counties", "\n".join(rows) + "\n")


def test_mostly_x_is_over_half_of_a_share(counties):
    v = counties.vocab
    assert _conds(understand("mostly urban counties", v)) == {("urban", ">", 50.0)}
    assert _conds(understand("counties that aren't mostly urban", v)) == {("urban", "<=", 50.0)}
    assert _conds(understand("counties with a farming majority", v)) == {("farming", ">", 50.0)}
    assert not _conds(understand("mostly populated counties", v))  # a count is no share


@pytest.fixture(scope="module")
def plants(home, tmp_path_factory):
    rows = ["id,rownames,height,kind"]
    for i in range(1, 31):
        rows.append(f"{i},{20 + 4 * i},{10 + i},{['fern', 'moss'][i % 2]}")
    return _csv(home, tmp_path_factory, "plants", "\n".join(rows) + "\n")


def test_row_numbers_of_an_r_export_name_the_items(plants):
    v = plants.vocab
    it = understand("how tall is plant 100?", v)  # rownames 100 is row 20
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["20"]


def test_what_is_in_this_dataset_says_what_each_item_has(home, stores, tmp_path):
    from test_reader_round20 import _agent

    a = _agent(home, tmp_path, "shops")
    t = a.chat("hi there, what's in this dataset?")
    assert "sales" in t.reply.lower() and "visits" in t.reply.lower()


# ---------------------------------------------------------------- other words for columns (aliases)
@pytest.fixture(scope="module")
def lakes(home, tmp_path_factory):
    rows = ["id,Lake,maxdep,SA_km2,fishing"]
    for i in range(1, 41):
        rows.append(f"{i},Lake {chr(65 + i % 26)}{i},{3 + 9 * i},{round(0.5 + i * 1.7, 1)},{'yes' if i % 3 else 'no'}")
    return _csv(home, tmp_path_factory, "lakes", "\n".join(rows) + "\n")


def test_aliases_from_a_schema_file_name_the_column(lakes, home):
    import json

    from convrec.catalog.store import open_dataset
    from convrec.core.catalog import CatalogAccess

    (lakes.ds.dir / "schema.json").write_text(json.dumps({"maxdep": {"aliases": ["deepest point"]}}))
    v = CatalogAccess(open_dataset(home, "lakes"), home).vocab
    assert v.columns["maxdep"].aliases == ("deepest point",)
    assert ("maxdep", ">", 100.0) in _conds(understand("lakes whose deepest point is over 100", v))
    assert ("maxdep", ">", 30.0) in _conds(understand("lakes whose deepest point is over 30", v))
    # without it: unread, where both number columns hold the number (over 100 no area reaches: the depth, by magnitude)
    assert not _conds(understand("lakes whose deepest point is over 30", lakes.vocab))
    (lakes.ds.dir / "schema.json").unlink()


def test_the_prepare_brain_proposes_aliases_and_junk_is_dropped(lakes, home):
    import json

    from convrec.llm.fake import ScriptedLLM
    from convrec.setup import column_aliases

    brain = ScriptedLLM([{"columns": [
        {"column": "maxdep", "says": ["deepest point", "high", "maxdep"]},  # "high" also below; the name again
        {"column": "sa_km2", "says": ["surface area", "high", "place"]},  # a stop word first, a noun of the items: dropped
        {"column": "fishing", "says": ["catch fish", "true", "electricity"]}]}])  # far in meaning: dropped
    got = column_aliases(home, lakes.ds, brain=brain)
    assert got == {"maxdep": ["deepest point"], "sa_km2": ["surface area"], "fishing": ["catch fish"]}
    saved = json.loads((lakes.ds.dir / "brain-schema.json").read_text())
    assert saved["maxdep"]["aliases"] == ["deepest point"] and saved["maxdep"]["by"] == "llm"
    (lakes.ds.dir / "brain-schema.json").unlink()


@pytest.mark.llm
def test_aliases_from_the_real_embedded_model_are_checked(lakes, home):
    """The real model (the embedded 0.5B, passed as the brain) answers the catalog's schema; what it
    proposes is kept only where it passes the checks (plain words, not a column's own, not vague)."""
    from convrec.catalog.text import norm
    from convrec.setup import column_aliases
    from test_llm_local import open_local_llm

    llm = open_local_llm(threads=1, n_ctx=4096, max_tokens=256)
    try:
        got = column_aliases(home, lakes.ds, brain=llm)
    finally:
        llm.close()
    assert set(got) <= {"maxdep", "sa_km2", "fishing"}
    for col, says in got.items():
        assert 1 <= len(says) <= 3
        for a in says:
            assert a == norm(a) and 1 <= len(a.split()) <= 3 and a not in ("lake", "lakes", "high", "low")
    (lakes.ds.dir / "brain-schema.json").unlink(missing_ok=True)


@pytest.fixture(scope="module")
def timber(home, tmp_path_factory):
    rows = ["id,dbh,branch,Examination,kind"]
    for i in range(1, 41):
        rows.append(f"{i},{4 + i},{10 + 3 * i},{5 + i % 30},{['oak', 'ash'][i % 2]}")
    return _csv(home, tmp_path_factory, "timber", "\n".join(rows) + "\n")


def test_short_and_expanded_column_words(timber):
    v = timber.vocab
    assert ("dbh", ">=", 20.0) in _conds(understand("trees with a dbh of at least 20", v))  # the cut, though read in full
    assert ("dbh", ">", 30.0) in _conds(understand("trees thicker than 30 cm", v))  # a comparative before "than"
    assert ("branch", ">", 50.0) in _conds(understand("ones with more than 50 kg of branches", v))  # -ch plural
    assert ("examination", ">", 20.0) in _conds(understand("trees with an exam score above 20", v))  # a word said short


def test_carried_conditions_let_go_are_said(home, counties, tmp_path):
    from test_reader_round20 import _agent

    a = _agent(home, tmp_path, "counties")
    t = a.chat("counties with urban over 90")
    t = a.chat("and farming over 80", t.session)
    assert t.reply.startswith("Nothing matches that together with what you asked before") and "urban" in t.reply


@pytest.fixture(scope="module")
def refrigerants(home, tmp_path_factory):
    rows = ["id,Name,Code,Lifetime,Potency"]
    for i in range(1, 41):
        rows.append(f"{i},{['chloro', 'fluoro', 'bromo', 'iodo'][i % 4]}{'meth eth prop but'.split()[i % 4]}ane {i},"
                    f"R-{100 + 7 * i}{'ab'[i % 2]},{round(0.5 + i * 1.3, 1)},{50 * i}")
    return _csv(home, tmp_path_factory, "refrigerants", "\n".join(rows) + "\n")


def test_an_item_named_by_its_code_column(refrigerants):
    v = refrigerants.vocab
    it = understand("what's the potency of R-114a?", v)  # item 2: R-114a
    assert it.kind == "fact" and [m.item_id for m in it.mentions] == ["2"] and "R" in it.mentions[0].text
    it = understand("ones that last longer than R-170a", v)  # item 10: lifetime 13.5
    assert ("lifetime", ">", 13.5) in _conds(it)


@pytest.fixture(scope="module")
def autos(home, tmp_path_factory):
    rows = ["id,car,mpg,model_year,cylinders"]
    for i in range(1, 61):
        rows.append(f"{i},{['ford', 'chevy', 'toyota', 'datsun'][i % 4]} model {i},{12 + i % 30},{70 + i % 13},{[4, 6, 8][i % 3]}")
    return _csv(home, tmp_path_factory, "autos", "\n".join(rows) + "\n")


def test_two_digit_years(autos, stores):
    v = autos.vocab
    assert v.columns["model_year"].role == "time" and v.columns["model_year"].year_base == 1900
    assert _conds(understand("cars from 1976-78", v)) == {("model_year", ">=", 76.0), ("model_year", "<=", 78.0)}
    assert _conds(understand("cars made after 1980", v)) == {("model_year", ">", 80.0)}
    assert _conds(understand("cars not from the 70s", v)) == {("model_year", "outside", (70.0, 79.0))}
    assert stores.vocab.columns["staff"].role != "time"  # no year in the name: a count


def test_horizons_in_orders_and_denied_bounds(funds):
    v = funds.vocab
    it = understand("top 3 funds by 5-year return", v)
    assert it.sort and it.sort[0].column == "return5yr" and not it.conditions
    assert _conds(understand("funds that don't have a 5 yr return above 4", v)) == {("return5yr", "<=", 4.0)}
    assert _conds(understand("funds with a return5yr under 3", v)) == {("return5yr", "<", 3.0)}


def test_a_bound_after_with_a_column_is_no_negation(home, tmp_path_factory):
    rows = ["id,rank,GPA,cost,salary"]
    for i in range(1, 41):
        rows.append(f"{i},{41 - i},{2.5 + (i % 15) * 0.1:.2f},{5000 + 300 * i},{30000 + 500 * i}")
    v = _csv(home, tmp_path_factory, "law-schools", "\n".join(rows) + "\n").vocab
    it = understand("what's the median starting salary at the #1 school?", v)  # rank 1, not "school 1"
    assert not it.mentions and ("rank", "=", 1.0) in _conds(it)
    assert ("gpa", ">=", 3.5) in _conds(understand("schools with a median GPA of 3.5 or more", v))
    assert ("cost", ">=", 9000.0) in _conds(understand("schools with a cost of 9000 or more", v))


def test_the_greeting_names_the_items_as_the_catalog_does(home, tmp_path_factory, tmp_path):
    from convrec.nlu.card import build_card

    rows = ["id,type,price,volume"]
    for i in range(1, 31):
        rows.append(f"{i},{['organic', 'conventional'][i % 2]},{1 + i * 0.03:.2f},{1000 * i}")
    acc = _csv(home, tmp_path_factory, "avocado-sales", "\n".join(rows) + "\n")
    card = build_card(acc.vocab)
    assert card.named_plural == "avocado sales" and "avocado sales" in card.greeting_text() and "avocado" in card.size_text()


def test_a_glued_column_word_said_apart_is_no_bound(home, tmp_path_factory):
    rows = ["id,country,under5_mortality_1990,under5_mortality_2018,pm25"]
    for i in range(1, 41):
        rows.append(f"{i},Land {chr(65 + i % 26)}{i},{20 + 7 * i},{5 + 3 * i},{10 + i}")
    v = _csv(home, tmp_path_factory, "child-deaths", "\n".join(rows) + "\n").vocab
    for said in ("countries where under-5 mortality was above 80", "countries where under five mortality was above 80"):
        assert _conds(understand(said, v)) == {("under5_mortality_2018", ">", 80.0)}, said
    assert ("under5_mortality_1990", ">", 80.0) in _conds(understand("under-5 mortality above 80 in 1990", v))


def test_a_title_of_two_words_said_as_one(home, tmp_path_factory):
    rows = ["id,country,rate"]
    for i, name in enumerate(["Viet Nam", "New Zealand", "Peru", "Chad", "Costa Rica", "Mali"] * 1, start=1):
        rows.append(f"{i},{name},{3 * i}")
    v = _csv(home, tmp_path_factory, "nations", "\n".join(rows) + "\n").vocab
    it = understand("what is vietnam's rate?", v)
    assert it.kind == "fact" and [m.title for m in it.mentions] == ["Viet Nam"]
    assert [m.title for m in understand("tell me about newzealand", v).mentions] == ["New Zealand"]
