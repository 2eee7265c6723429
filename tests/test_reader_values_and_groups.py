"""Readers that generalise (issue 60, session 21), each on three or more development catalogs of
different domains: a measure said as a modifier ("3 year loans") is a value of the column that
holds it; value questions about the items the other words pick ("what rate is the hawaii borrower
on the 5-year loan paying?") or the first of an order ("how much did the longest one weigh?");
group questions ("which month had the most samples?") counted per value by the database;
superlatives and comparatives made from a column's opposite ("the easiest"); units nobody wrote
down, read by what the column's values make plausible."""

from __future__ import annotations

from pathlib import Path

import pytest

from convrec.catalog.custom import CustomSource
from convrec.catalog.registry import custom_source_path
from convrec.catalog.store import prepare
from convrec.config import Config
from convrec.core.catalog import CatalogAccess
from convrec.core.sessions import SessionStore
from convrec.llm.fake import ScriptedLLM
from convrec.models.embeddings import TextEncoder
from convrec.setup import name_domain
from convrec.nlu import understand
from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent

ZOO = Path(__file__).resolve().parents[1] / "benchmarks" / "catalogs"
_ENC: list = []


def _prepare(config: Config, name: str) -> CatalogAccess:
    src = CustomSource(items=str(ZOO / name / "items.csv"), id_col="id")
    p = custom_source_path(config, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    ds = prepare(config, name, kcore_k=1)
    name_domain(config, ds, llm=False)  # as `convrec data prepare` does: "loans" are what the items are
    acc = CatalogAccess(ds, config)
    if not _ENC:
        _ENC.append(TextEncoder())
    acc.vocab.encoder = _ENC[0]
    return acc


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("values_groups"))


@pytest.fixture(scope="module")
def loans(home):
    return _prepare(home, "r6a-loans")


@pytest.fixture(scope="module")
def peaks(home):
    return _prepare(home, "r6a-high-peaks")


@pytest.fixture(scope="module")
def scat(home):
    return _prepare(home, "r6a-scat")


@pytest.fixture(scope="module")
def penguins(home):
    return _prepare(home, "r6b-penguins")


@pytest.fixture(scope="module")
def pcs(home):
    return _prepare(home, "pc-prices")


def _conds(intent):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in intent.conditions}


def test_a_measure_said_as_a_modifier_is_a_value_of_the_column_that_holds_it(loans, peaks, pcs):
    # a `term` of 36/60 months holds "3 year" converted; a borrower's 0–10 years at work holds 3 as said,
    # but its values are less a class of loans (11 distinct against 2)
    assert ("term", "=", 36.0) in _conds(understand("3 year loans from california", loans.vocab))
    assert ("term", "=", 60.0) in _conds(understand("5-year loans with a grade of C or worse", loans.vocab))
    assert ("time", "=", 10.0) in _conds(understand("10 hour hikes", peaks.vocab))
    assert ("length", "=", 14.0) in _conds(understand("a 14 mile hike", peaks.vocab))
    assert ("ram", "=", 16.0) in _conds(understand("16 gb computers", pcs.vocab))
    # a value no column holds binds nothing ("7 year loans": terms are 3 or 5 years)
    assert not [c for c in understand("7 year loans", loans.vocab).conditions if c.column in ("term", "loan_amount")]
    # "a grade of C": the article is no grade A
    assert ("grade", "in", ("A",)) not in _conds(understand("loans with a grade of C or worse", loans.vocab))


def test_a_value_question_about_the_items_the_words_pick(loans, penguins, scat, peaks):
    i = understand("what rate is the hawaii borrower on the 5-year loan paying?", loans.vocab)
    assert i.kind == "fact" and i.fact_columns == ("interest_rate",) and ("state", "in", ("HI",)) in _conds(i)
    i = understand("how much did the person from new hampshire borrow?", loans.vocab)
    assert i.kind == "fact" and i.fact_columns == ("loan_amount",)
    i = understand("how heavy was gentoo N39A2 in the 2007 season", penguins.vocab)
    assert i.kind == "fact" and i.fact_columns == ("body_mass_g",)
    i = understand("how much did the longest one weigh?", scat.vocab)
    assert i.kind == "fact" and i.fact_columns == ("mass",) and [(s.column, s.descending) for s in i.sort] == [("length", True)]
    i = understand("how many miles is the santanoni hike", peaks.vocab)
    assert i.kind == "fact" and i.fact_columns == ("length",)
    # a count of items and a list stay what they are
    assert understand("how many 3 year loans are from texas", loans.vocab).kind == "count"
    assert understand("what loans are from texas", loans.vocab).kind == "recommend"


def test_value_questions_answered_from_the_catalog(loans, scat, tmp_path):
    for acc, msg, value in ((loans, "what rate is the hawaii borrower on the 5-year loan paying?", "18.06"),
                            (loans, "how much did the person from new hampshire borrow?", "5825"),
                            (scat, "how much did the longest one weigh?", "11.22")):
        a = InteRecAgent(acc, ScriptedLLM(["ok"] * 3, routed=True), SessionStore(tmp_path / f"{acc.ds.name}.db"),
                         DemoBank(acc.ds), llm_intro="off")
        assert value in a.turn(msg).reply


def test_group_questions_count_per_value(loans, scat, penguins, tmp_path):
    for acc, msg, col in ((scat, "which month had the most samples collected?", "month"),
                          (loans, "what state has the most loans?", "state"),
                          (penguins, "which island has the most penguins", "island")):
        i = understand(msg, acc.vocab)
        assert i.kind == "count" and i.group_by == col, (msg, i)
    i = understand("which grade has the fewest loans", loans.vocab)
    assert i.group_by == "grade" and i.group_fewest
    # an order of the items by a number is no group question
    assert not understand("which loan has the most interest", loans.vocab).group_by
    for acc, msg, head in ((scat, "which month had the most samples collected?", "November has the most"),
                           (loans, "what state has the most loans?", "CA has the most loans: 9"),
                           (penguins, "which island has the most penguins", "Biscoe has the most")):
        a = InteRecAgent(acc, ScriptedLLM(["ok"] * 3, routed=True), SessionStore(tmp_path / f"g-{acc.ds.name}.db"),
                         DemoBank(acc.ds), llm_intro="off")
        t = a.turn(msg)
        assert t.reply.startswith(head) and not t.items, t.reply


def test_orders_said_by_a_verb_or_the_columns_opposite(loans, peaks, scat):
    i = understand("who earns the most?", loans.vocab)
    assert i.k == 1 and [(s.column, s.descending) for s in i.sort] in ([("total_income", True)], [("annual_income", True)])
    i = understand("the 3 loans with the highest interest", loans.vocab)
    assert i.k == 3 and [(s.column, s.descending) for s in i.sort] == [("interest_rate", True)]
    i = understand("what's the easiest one", peaks.vocab)
    assert i.k == 1 and [(s.column, s.descending) for s in i.sort] == [("difficulty", False)]
    assert [(s.column, s.descending) for s in understand("the hardest hikes", peaks.vocab).sort] == [("difficulty", True)]
    assert ("difficulty", "<", 6.0) in _conds(understand("something easier than basin mountain", peaks.vocab))
    assert ("difficulty", ">", 5.0) in _conds(understand("harder than mount marcy", peaks.vocab))


def test_units_nobody_wrote_down(scat, penguins, peaks):
    assert ("mass", ">", 28.35) in _conds(understand("which ones weigh more than an ounce?", scat.vocab))
    assert ("diameter", ">", 25.4) in _conds(understand("any scats thicker than an inch across?", scat.vocab))
    assert penguins.vocab.columns["flipper_length_mm"].unit == "mm"  # millimetres, not millions
    assert ("flipper_length_mm", ">", 228.6) in _conds(understand("penguins with flippers longer than 9 inches", penguins.vocab))
    # hours are the `time` (a time only), not the `length` (a time or a distance)
    assert ("time", "<=", 8.0) in _conds(understand("which hikes can i do in 8 hours or less", peaks.vocab))
    # feet of climbing: the ascent, by what "climbing" means, not the elevation feet would pick
    assert ("ascent", "<", 2500.0) in _conds(understand("trails with less than 2500 ft of climbing", peaks.vocab))
    i = understand("how many of the penguins don't have their sex recorded?", penguins.vocab)
    assert i.kind == "count" and ("sex", "missing", "") in _conds(i)
    assert ("month", "in", ("October", "November")) in _conds(understand("samples from later in the year than september", scat.vocab))


@pytest.fixture(scope="module")
def teams(home):
    return _prepare(home, "r6b-mlb-teams")


@pytest.fixture(scope="module")
def jobs(home):
    return _prepare(home, "r5a-occupations")


@pytest.fixture(scope="module")
def companies(home):
    return _prepare(home, "forbes2000")


def test_places_in_a_ranking_and_an_ordinal_before_a_superlative(teams, companies, jobs, loans, tmp_path):
    c = _conds(understand("red sox seasons where they finished 2nd or better", teams.vocab))
    assert ("rank", "<=", 2.0) in c and ("team_name", "in", ("Boston Red Sox",)) in c
    i = understand("Cubs since 2000 that finished in the top 3 of their division", teams.vocab)
    assert ("rank", "<=", 3.0) in _conds(i) and i.k is None  # a place, not three items
    assert ("rank", ">=", 5.0) in _conds(understand("mets seasons ranked 5th or worse", teams.vocab))
    assert ("rank", "<=", 10.0) in _conds(understand("companies ranked in the top 10 from japan", companies.vocab))
    assert understand("top 10 companies by profits", companies.vocab).k == 10  # no rank verb: a count
    # winners of a one-word event said as people say it
    assert ("division_winner", "=", False) in _conds(
        understand("world series winners since 1990 that did NOT win their division", teams.vocab))
    # "the 2nd highest paying": one item past the first of the order
    i = understand("which job is the 2nd highest paying", jobs.vocab)
    assert i.k == 1 and i.offset == 1 and [s.column for s in i.sort] == ["income"]
    i = understand("the third biggest company by sales", companies.vocab)
    assert i.offset == 2 and [(s.column, s.descending) for s in i.sort] == [("sales", True)]
    a = InteRecAgent(jobs, ScriptedLLM(["ok"] * 3, routed=True), SessionStore(tmp_path / "jobs.db"), DemoBank(jobs.ds),
                     llm_intro="off")
    t = a.turn("which job is the 2nd highest paying")
    incomes = sorted(jobs.vocab.items["income"].astype(float), reverse=True)
    assert [it["id"] for it in t.items] and jobs.vocab.item_value(t.items[0]["id"], "income") == incomes[1]
    # either of two values of one column ("for a car or for a small business")
    assert ("loan_purpose", "in", ("car", "small_business")) in _conds(understand("loans for a car or for a small business", loans.vocab))
