"""Readers that generalise (issue 60, session 23, after round 10's freeze), each on development
catalogs of different shapes plus small catalogs written here: ranked short labels said in full
("1:Sm"/"2:Med"/"3:Lg" ← "a small / big main city"); the items' own noun names no column in an order
or a comparison; a year glued to a header ("Pop1831"); shares and scales said in words ("half a
million", "two thirds of"); a negated verb negates the time after it; a repeated column (`play1`
beside `play`) takes a bare value second; a unit only a noun implied, re-decided by the value said
and never shown; codes of digits joined by dashes are items, not ranges; "X of ITEM" asks a fact."""

from __future__ import annotations

import pytest

from convrec.catalog.custom import CustomSource
from convrec.catalog.registry import custom_source_path
from convrec.catalog.store import prepare
from convrec.config import Config
from convrec.core.answers import answer_fact
from convrec.core.catalog import CatalogAccess
from convrec.nlu import understand
from convrec.setup import name_domain
from test_reader_values_and_groups import _prepare


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round10"))


def _csv(home: Config, tmp_path_factory, name: str, text: str) -> CatalogAccess:
    path = tmp_path_factory.mktemp(name) / f"{name}.csv"
    path.write_text(text)
    src = CustomSource(items=str(path), id_col="id")
    p = custom_source_path(home, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    ds = prepare(home, name, kcore_k=1)
    name_domain(home, ds, llm=False)
    return CatalogAccess(ds, home)


@pytest.fixture(scope="module")
def guerry(home):
    return _prepare(home, "r10b-guerry-departments")


@pytest.fixture(scope="module")
def hawks(home):
    return _prepare(home, "r10b-hawks")


@pytest.fixture(scope="module")
def homes(home):
    return _prepare(home, "r10b-duke-forest-homes")


@pytest.fixture(scope="module")
def foe(home):
    return _prepare(home, "r10a-friend-or-foe")


@pytest.fixture(scope="module")
def windsor(home):
    return _prepare(home, "windsor-houses")


@pytest.fixture(scope="module")
def planes(home):
    return _prepare(home, "r7b-faa-planes")


@pytest.fixture(scope="module")
def textbooks(home):
    return _prepare(home, "r9b-ucla-textbooks")


@pytest.fixture(scope="module")
def survey(home, tmp_path_factory):
    """Rated shops: a graded code of rank and word (1_Poor … 3_Good), a size written "1) Small",
    a weight with no unit (grams), a year glued to a header, a repeated column (`rating2`)."""
    rows = ["id,shop,condition,size,weight,sales2019,owner,owner2"]
    conds, sizes, owners = ["1_Poor", "2_Fair", "3_Good"], ["1) Small", "2) Medium", "3) Large"], ["family", "chain"]
    for i in range(1, 31):
        rows.append(f"{i},shop {i},{conds[i % 3]},{sizes[(i // 3) % 3]},{100 + 37 * i},{10000 * i},"
                    f"{owners[i % 2]},{owners[(i // 2) % 2]}")
    return _csv(home, tmp_path_factory, "rated-shops", "\n".join(rows) + "\n")


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


def test_ranked_short_labels_said_in_full(guerry, survey):
    assert ("maincity", "in", ("3:Lg",)) in _conds(understand("which departments had a large main city", guerry.vocab))
    assert ("maincity", "in", ("3:Lg",)) in _conds(understand("only those with a big main city", guerry.vocab))
    it = understand("how many departments have only a small main city?", guerry.vocab)
    assert it.kind == "count" and ("maincity", "in", ("1:Sm",)) in _conds(it)
    assert ("maincity", "not_in", ("2:Med",)) in _conds(understand("departments whose main city isn't medium sized",
                                                                   guerry.vocab))
    assert ("condition", "in", ("1_Poor",)) in _conds(understand("shops in poor condition", survey.vocab))
    assert ("size", "in", ("3) Large",)) in _conds(understand("large shops", survey.vocab))
    assert ("size", "in", ("1) Small",)) in _conds(understand("little shops please", survey.vocab))


def test_the_items_noun_names_no_column_in_orders(guerry, planes):
    it = understand("most literate department", guerry.vocab)
    assert [s.column for s in it.sort] == ["literacy"] and it.k == 1
    it = understand("top 3 most populous departments", guerry.vocab)  # not the constant `popularity`
    assert [s.column for s in it.sort] == ["pop1831"] and it.k == 3
    it = understand("departments more literate than the Seine", guerry.vocab)
    assert [(c.column, c.op) for c in it.conditions] == [("literacy", ">")]


def test_years_glued_to_headers_and_amounts_in_words(guerry, survey):
    it = understand("which ones had over half a million people in 1831?", guerry.vocab)
    assert ("pop1831", ">", 500.0) in _conds(it)  # in thousands, and 1831 names the column
    it = understand("population of Nord in 1831?", guerry.vocab)
    assert it.kind == "fact" and it.fact_columns == ("pop1831",) and not it.conditions
    assert _conds(understand("shops with sales over a quarter of a million in 2019", survey.vocab)) == \
        {("sales2019", ">", 250000.0)}


def test_a_negated_verb_negates_the_time_after_it(hawks, foe):
    assert ("month", "!=", 10.0) in _conds(understand("birds not caught in october", hawks.vocab))
    assert ("round", "!=", 1.0) in _conds(understand("players who weren't knocked out in round 1", foe.vocab))
    # a negated value keeps its own scope: "no red-tailed hawks in 2001" is 2001, without red-tails
    it = understand("no red-tailed hawks in 2001", hawks.vocab)
    assert ("year", "=", 2001.0) in _conds(it) and ("species", "not_in", ("RT",)) in _conds(it)


def test_a_repeated_column_takes_a_bare_value_second(foe, survey):
    assert ("play", "in", ("foe",)) in _conds(understand("how many contestants played foe?", foe.vocab))
    assert ("play", "in", ("friend",)) in _conds(understand("contestants who played friend", foe.vocab))
    assert ("owner", "in", ("chain",)) in _conds(understand("chain shops", survey.vocab))


def test_a_unit_only_its_noun_implied_follows_the_value_said(hawks, homes, survey):
    assert ("weight", ">", 1500.0) in _conds(understand("birds heavier than 1.5 kg", hawks.vocab))
    assert ("weight", ">", 3000.0) in _conds(understand("any hawks over 3 kilos?", hawks.vocab))  # beyond them all
    assert ("weight", "<", 453.59) in _conds(understand("cooper's hawks under a pound", hawks.vocab))
    it = understand("houses bigger than 300 square meters", homes.vocab)
    assert [(c.column, c.op, round(c.value)) for c in it.conditions] == [("area", ">", 3229)]
    assert ("weight", "<", 500.0) in _conds(understand("shops with weight under half a kilo", survey.vocab)) or \
        ("weight", "<", 500.0) in _conds(understand("shops weighing under 0.5 kg", survey.vocab))
    info = hawks.vocab.columns["weight"]
    assert info.unit_assumed and info.shown_unit == ""  # the file never said kg: no reply says it
    it = understand("weight of hawk 45", hawks.vocab)
    assert it.kind == "fact" and "kg" not in answer_fact(it, hawks.vocab)


def test_short_headers_of_listings(homes, windsor):
    assert ("bed", "=", 4.0) in _conds(understand("4 bedroom houses", homes.vocab))
    assert ("bed", ">=", 7.0) in _conds(understand("anything with 7 or more bedrooms?", homes.vocab))
    assert ("bath", "=", 3.0) in _conds(understand("houses with 3 baths", homes.vocab))
    assert ("bathrms", ">=", 2.0) in _conds(understand("homes with at least 2 bathrooms", windsor.vocab))


def test_dashed_codes_are_items_and_a_column_of_an_item_is_a_fact(hawks, textbooks, planes):
    it = understand("how much did the hawk with band 788-36611 weigh?", hawks.vocab)
    assert it.kind == "fact" and [m.title for m in it.mentions] and not it.conditions
    it = understand("wing length of band 804-00205", hawks.vocab)
    assert it.kind == "fact" and it.fact_columns[0] == "wing" and len(it.mentions) == 1
    it = understand("cooper's hawks with longer wings than band 745-49508", hawks.vocab)
    assert ("wing", ">", 265.0) in _conds(it)
    it = understand("what does 978-0803272620 cost at amazon", textbooks.vocab)
    assert len(it.mentions) == 1 and not any(c.op in ("<=", ">=") for c in it.conditions)
    it = understand("seats of N10156", planes.vocab)
    assert it.kind == "fact" and it.fact_columns == ("seats",)
    assert ("day", ">=", 3.0) in _conds(understand("hawks caught on days 3-5", hawks.vocab))  # a range stays a range


@pytest.fixture(scope="module")
def oils(home):
    return _prepare(home, "r10a-olive-oils")


@pytest.fixture(scope="module")
def cereals(home):
    return _prepare(home, "hb-us-cereals")


def test_no_amount_of_a_filled_number_column_is_zero(oils, cereals):
    it = understand("how many samples show no linolenic acid at all?", oils.vocab)
    assert it.kind == "count" and _conds(it) == {("linolenic", "<=", 0.0)}
    assert _conds(understand("cereals with no sugar", cereals.vocab)) == {("sugars", "<=", 0.0)}
    assert ("oleic", ">", 75.0) in _conds(understand("oils where oleic acid is more than three quarters of the fatty acids",
                                                     oils.vocab))
    # a column with empty cells keeps its own reading: "no age listed" is a missing value, not 0
    it = understand("oils from sardinia with no palmitic", oils.vocab)
    assert ("palmitic", "<=", 0.0) not in _conds(it)  # palmitic is never 0 in this catalog


@pytest.fixture(scope="module")
def starwars(home):
    return _prepare(home, "r5b-starwars")


@pytest.fixture(scope="module")
def elements(home):
    return _prepare(home, "r4b-elements")


def test_an_unread_refinement_keeps_the_request_and_names_its_words(starwars, elements, guerry, tmp_path):
    from convrec.core.sessions import SessionStore
    from convrec.eval.build import apply_ablations
    from convrec.llm.fake import ScriptedLLM
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent

    for acc, first, then, word in ((starwars, "who's from tatooine", "which of them have a bmi over 30", "bmi"),
                                   (elements, "metals that melt above 2500 K", "and lighter than 15 g/cm3", "lighter"),
                                   (guerry, "northern departments", "and with a lot of lotteries please", "lotter")):
        a = InteRecAgent(acc, ScriptedLLM(["ok"] * 6, routed=True), SessionStore(tmp_path / f"r-{acc.ds.name}.db"),
                         DemoBank(acc.ds), llm_intro="off")
        apply_ablations(a, acc, ["llm"])  # the rules and tools alone
        t1 = a.turn(first)
        t2 = a.turn(then, t1.session)
        assert t2.intent["kind"] == "recommend" and word in t2.reply, (then, t2.reply)  # no greeting: the words named
        assert not t2.reply.startswith("Hi!")
    a = InteRecAgent(guerry, ScriptedLLM(["ok"] * 6, routed=True), SessionStore(tmp_path / "social.db"),
                     DemoBank(guerry.ds), llm_intro="off")
    apply_ablations(a, guerry, ["llm"])
    t1 = a.turn("northern departments")
    assert a.turn("and thanks a lot", t1.session).intent["kind"] != "recommend"  # small talk stays small talk


@pytest.fixture(scope="module")
def horses(home):
    return _prepare(home, "r7a-horses")


@pytest.fixture(scope="module")
def titanic(home):
    return _prepare(home, "r5a-titanic")


def test_either_side_of_a_range(horses, titanic, homes, tmp_path):
    from convrec.core.sessions import SessionStore
    from convrec.eval.build import apply_ablations
    from convrec.llm.fake import ScriptedLLM
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent
    from convrec.tools.verify import satisfies

    for acc, msg, col, lo, hi in ((horses, "either under 5k or over 50k", "price", 5000.0, 50000.0),
                                  (horses, "horses over 50k or under 5k", "price", 5000.0, 50000.0),
                                  (titanic, "babies under a year old or anyone older than 65", "age", 1.0, 65.0),
                                  (homes, "anything under 200k or over a million", "price", 200000.0, 1000000.0)):
        it = understand(msg, acc.vocab)
        assert _conds(it) == {(col, "outside", (lo, hi))}, (msg, it.conditions)
        a = InteRecAgent(acc, ScriptedLLM(["ok"] * 3, routed=True), SessionStore(tmp_path / f"o-{acc.ds.name}.db"),
                         DemoBank(acc.ds), llm_intro="off")
        apply_ablations(a, acc, ["llm"])
        t = a.turn(msg)
        assert t.items and all(satisfies(acc.vocab, str(x["id"]), it.conditions[0]) for x in t.items)
        values = [float(acc.vocab.item_value(str(x["id"]), col)) for x in t.items]
        assert any(v < lo for v in values) or any(v > hi for v in values)
    # "between" and "or so" stay what they were
    assert {c.op for c in understand("horses between 5k and 10k", horses.vocab).conditions} == {">=", "<="}


def test_ordinals_of_a_counted_column_and_superlative_tails(foe, hawks, survey):
    assert ("round", "=", 3.0) in _conds(understand("contestents eliminated in the third round", foe.vocab))
    assert ("season", "=", 2.0) in _conds(understand("players from the 2nd season", foe.vocab))
    # a list position stays a position, a fraction stays a fraction
    assert not understand("why the third one?", foe.vocab).conditions
    it = understand("what's the heaviest hawk on record here", hawks.vocab)
    assert [s.column for s in it.sort] == ["weight"] and not it.unmatched
    it = understand("the heaviest shop of all time", survey.vocab)
    assert [s.column for s in it.sort] == ["weight"] and not it.unmatched
