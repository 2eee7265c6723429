"""Graded values compared (issue 60): "VS1 or better", "PG-13 or lower", "size M and up",
"at least level 2" — on three catalog shapes (gems with clarity/colour/cut grades, films with
audience ratings, clothes with sizes and a numbered level), the order decided at prepare time,
shown with the column and correctable with the schema file."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from convrec.catalog.custom import CustomSource
from convrec.catalog.meaning import load_schema_file, value_order
from convrec.catalog.registry import custom_source_path
from convrec.catalog.store import prepare
from convrec.config import Config
from convrec.core.catalog import CatalogAccess
from convrec.nlu import understand


def _write(path: Path, rows: list[dict]) -> Path:
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def _prepare(config: Config, name: str, items: Path, id_col: str, title_col: str) -> CatalogAccess:
    src = CustomSource(items=str(items), id_col=id_col, title_col=title_col)
    p = custom_source_path(config, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    return CatalogAccess(prepare(config, name, kcore_k=1), config)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("ordinal_home"))


@pytest.fixture(scope="module")
def gems(home, tmp_path_factory):
    rnd = random.Random(3)
    rows = [{"stone": f"G{1000 + i}", "carats": round(rnd.uniform(0.3, 2.5), 2),
             "clarity": rnd.choice(["IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2"]),
             "colour": rnd.choice("DEFGHIJ"), "cut": rnd.choice(["Fair", "Good", "Very Good", "Premium", "Ideal"]),
             "price": rnd.randint(400, 20000)} for i in range(300)]
    return _prepare(home, "gems", _write(tmp_path_factory.mktemp("g") / "gems.csv", rows), "stone", "stone")


@pytest.fixture(scope="module")
def films(home, tmp_path_factory):
    rnd = random.Random(5)
    rows = [{"id": i, "title": f"Film number {i}", "rated": rnd.choice(["G", "PG", "PG-13", "R", "NC-17"]),
             "minutes": rnd.randint(70, 190)} for i in range(200)]
    return _prepare(home, "ratedfilms", _write(tmp_path_factory.mktemp("f") / "films.csv", rows), "id", "title")


@pytest.fixture(scope="module")
def shirts(home, tmp_path_factory):
    rnd = random.Random(9)
    rows = [{"sku": f"TS-{i:04d}", "name": f"{rnd.choice(['Linen', 'Cotton', 'Wool'])} shirt {i}",
             "size": rnd.choice(["XS", "S", "M", "L", "XL"]), "warmth": rnd.choice(["Level 1", "Level 2", "Level 3"]),
             "condition": rnd.choice(["Fair", "Good", "Very Good", "Like New", "New"]), "price": rnd.randint(5, 80)}
            for i in range(250)]
    return _prepare(home, "shirts", _write(tmp_path_factory.mktemp("s") / "shirts.csv", rows), "sku", "name")


def _values(intent, column):
    return {v for c in intent.conditions if c.column == column and c.op == "in" for v in c.value}


def test_the_order_is_decided_from_the_values():
    assert value_order({"VS1": 3, "SI1": 2, "IF": 1, "VVS2": 4}) == ["SI1", "VS1", "VVS2", "IF"]
    assert value_order({"D": 1, "E": 1, "F": 1, "H": 1}) == ["H", "F", "E", "D"]  # letters: A is best
    assert value_order({"S": 1, "M": 1, "L": 1}) == ["S", "M", "L"]  # sizes, not grades
    assert value_order({"Level 10": 1, "Level 2": 1, "Level 1": 1}) == ["Level 1", "Level 2", "Level 10"]
    assert value_order({"Action": 3, "Drama": 2, "Comedy": 1}) is None
    assert value_order({"north": 3, "south": 2}) is None


def test_the_order_is_stored_with_the_column_and_shown(gems, shirts):
    cols = {c["name"]: c for c in gems.ds.columns}
    assert cols["clarity"]["order"] == ["SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]
    assert cols["cut"]["order"][0] == "Fair" and cols["cut"]["order"][-1] == "Ideal"
    assert "order" not in cols["price"]
    assert {c["name"]: c for c in shirts.ds.columns}["warmth"]["order"] == ["Level 1", "Level 2", "Level 3"]


def test_or_better_and_better_than(gems):
    v = gems.vocab
    assert _values(understand("diamonds with VS1 or better clarity", v), "clarity") == {"VS1", "VVS2", "VVS1", "IF"}
    assert _values(understand("clarity better than VS1 under 5000 dollars", v), "clarity") == {"VVS2", "VVS1", "IF"}
    assert _values(understand("colour G or better", v), "colour") == {"D", "E", "F", "G"}
    assert _values(understand("at least a very good cut", v), "cut") == {"Very Good", "Premium", "Ideal"}
    assert _values(understand("cut no better than good", v), "cut") == {"Fair", "Good"}
    i = understand("how many stones are SI1 or worse?", v)
    assert i.kind == "count" and _values(i, "clarity") == {"SI1", "SI2"}


def test_lower_and_and_up(films, shirts):
    assert _values(understand("movies rated pg-13 or lower", films.vocab), "rated") == {"G", "PG", "PG-13"}
    assert _values(understand("anything below R", films.vocab), "rated") == {"G", "PG", "PG-13"}
    assert _values(understand("shirts size M and up", shirts.vocab), "size") == {"M", "L", "XL"}
    assert _values(understand("warmth level 2 or higher", shirts.vocab), "warmth") == {"Level 2", "Level 3"}
    assert _values(understand("like new or better condition", shirts.vocab), "condition") == {"Like New", "New"}


def test_a_plain_grade_stays_one_value(gems):
    assert _values(understand("VS1 diamonds", gems.vocab), "clarity") == {"VS1"}


def test_the_agent_returns_only_items_on_the_right_side(gems, tmp_path):
    from convrec.core.sessions import SessionStore
    from convrec.llm.fake import ScriptedLLM
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent

    a = InteRecAgent(gems, ScriptedLLM(["Here you go:"] * 6, routed=True), SessionStore(tmp_path / "s.db"), DemoBank(gems.ds))
    t = a.turn("show me VVS2 or better diamonds")
    clarity = gems.ds.items.set_index("item_id")["clarity"]
    assert t.items and {clarity[i["id"]] for i in t.items} <= {"VVS2", "VVS1", "IF"}
    t = a.turn("clarity better than IF")  # past the top of the scale: nothing, and said so
    assert not t.items


def test_the_schema_file_orders_a_column(tmp_path):
    f = tmp_path / "schema.json"
    f.write_text('{"tier": {"order": ["bronze", "silver", "gold"]}}')
    assert load_schema_file(f)["tier"]["order"] == ["bronze", "silver", "gold"]
    f.write_text('{"tier": {"order": "gold"}}')
    with pytest.raises(ValueError, match="order"):
        load_schema_file(f)


# ---------------------------------------------------------------- superlatives of a dimension
def _sort(intent):
    return [(s.column, s.descending) for s in intent.sort]


def test_dimension_superlatives_sort_by_the_column_of_that_dimension(gems, films):
    assert _sort(understand("the biggest diamonds", gems.vocab)) == [("carats", True)]
    i = understand("the 5 lightest VS1 stones", gems.vocab)
    assert _sort(i) == [("carats", False)] and i.k == 5 and _values(i, "clarity") == {"VS1"}
    assert _sort(understand("the longest films", films.vocab)) == [("minutes", True)]
    assert _sort(understand("shortest ones rated PG", films.vocab)) == [("minutes", False)]


def test_a_dimension_no_column_carries_is_not_guessed(shirts):
    assert understand("the heaviest shirts", shirts.vocab).sort == ()


# ---------------------------------------------------------------- ids and codes link like titles
def _mentioned(intent):
    return [m.item_id for m in intent.mentions]


def test_codes_link_however_they_are_written(gems, shirts):
    i = understand("what's the price of G1005?", gems.vocab)
    assert i.kind == "fact" and _mentioned(i) == ["G1005"] and "price" in i.fact_columns
    assert _mentioned(understand("tell me about g1005", gems.vocab)) == ["G1005"]
    i = understand("how much is ts-0012", shirts.vocab)
    assert i.kind == "fact" and _mentioned(i) == ["TS-0012"]
    assert _mentioned(understand("what size is TS 0007", shirts.vocab)) in ([], ["TS-0007"])


def test_a_bare_number_is_an_id_only_when_a_word_says_so(films):
    assert _mentioned(understand("films under 120 minutes", films.vocab)) == []
    i = understand("what is item 12 rated?", films.vocab)
    assert _mentioned(i) == ["12"] and i.kind == "fact"
    assert _mentioned(understand("tell me about id 7", films.vocab)) == ["7"]
    assert _mentioned(understand("what about number 3", films.vocab)) == []  # a list position, not item 3


# ---------------------------------------------------------------- a yes/no column asked for by its opposite
@pytest.fixture(scope="module")
def schools(home, tmp_path_factory):
    rnd = random.Random(11)
    rows = [{"id": i, "name": f"{rnd.choice(['North', 'South', 'East'])} {rnd.choice(['Valley', 'Hill'])} College {i}",
             "private": rnd.choice(["Yes", "No"]), "tuition": rnd.randint(3000, 40000)} for i in range(120)]
    return _prepare(home, "schools", _write(tmp_path_factory.mktemp("c") / "schools.csv", rows), "id", "name")


@pytest.fixture(scope="module")
def cars(home, tmp_path_factory):
    rnd = random.Random(12)
    rows = [{"id": i, "model": f"Model {i}", "automatic": rnd.choice(["Y", "N"]), "used": rnd.choice([0, 1] * 20),
             "price": rnd.randint(3000, 40000)} for i in range(120)]
    return _prepare(home, "lot", _write(tmp_path_factory.mktemp("l") / "lot.csv", rows), "id", "model")


def test_an_opposite_word_asks_for_the_flag_off(schools, cars):
    assert ("private", "=", False) in {(c.column, c.op, c.value) for c in understand("public colleges", schools.vocab).conditions}
    i = understand("how many public ones?", schools.vocab)
    assert i.kind == "count" and [(c.column, c.value) for c in i.conditions] == [("private", False)]
    assert [(c.column, c.value) for c in understand("not public", schools.vocab).conditions] == [("private", True)]
    assert [(c.column, c.value) for c in understand("a manual car", cars.vocab).conditions] == [("automatic", False)]


# ---------------------------------------------------------------- a mistyped column word; a column of one value
def test_a_mistyped_column_word_is_read_as_the_column(gems, shirts):
    assert _values(understand("clartiy VS1 or better", gems.vocab), "clarity") == {"VS1", "VVS2", "VVS1", "IF"}
    i = understand("what's the pirce of TS-0012?", shirts.vocab)
    assert i.kind == "fact" and "price" in i.fact_columns
    # a superlative the lexicon knows is no typo of a column ("priciest" is not "prices")
    assert [(s.column, s.descending) for s in understand("the 2 priciest shirts", shirts.vocab).sort] == [("price", True)]


def test_a_column_with_one_value_takes_no_word(home, tmp_path_factory):
    rows = [{"id": i, "item": f"{['Garden', 'Chicken', 'Taco'][i % 3]} Salad {i}" if i % 2 else f"Burger {i}",
             "salad": "Other", "calories": 200 + 37 * i} for i in range(60)]
    menu = _prepare(home, "menu1", _write(tmp_path_factory.mktemp("m") / "m.csv", rows), "id", "item")
    i = understand("any salad over 1000 calories", menu.vocab)
    assert ("title", "matches", ("salad",)) in {(c.column, c.op, c.value) for c in i.conditions}


# ---------------------------------------------------------------- the brain that names a catalog, once
def test_the_larger_local_model_names_a_catalog_when_installed(monkeypatch):
    import convrec.llm.models as models
    from convrec.setup import prepare_brain

    cfg = Config()
    monkeypatch.setattr(models, "part_paths", lambda spec: [Path("/x")])
    assert prepare_brain(cfg).llm.model == "qwen2.5-coder-1.5b"

    def missing(spec):
        raise FileNotFoundError("not installed")

    monkeypatch.setattr(models, "part_paths", missing)
    assert prepare_brain(cfg) is None  # only the 0.5B: the rules' noun stands
    openai = cfg.model_copy(update={"llm": cfg.llm.model_copy(update={"backend": "openai", "model": "gpt-x"})})
    assert prepare_brain(openai) is openai


# ---------------------------------------------------------------- the brain reads what the rules left unread
def test_the_brain_reads_unread_words_and_the_catalog_checks_it(schools):
    from convrec.core.brain_read import brain_conditions, checked
    from convrec.llm.fake import ScriptedLLM

    v = schools.vocab
    assert checked(v, "tuition", "<", "20k", "cheap tuition").value == 20000.0
    assert checked(v, "tuition", "<", "2", "x") is None  # outside the column's values: bounds nothing
    top = float(v.columns["tuition"].max)
    assert checked(v, "tuition", "<", f"{top:g}", "x") is None  # the column's own end: no wish of the user's
    assert checked(v, "private", "=", "no", "state run").value is False
    assert checked(v, "nosuch", "=", "1", "x") is None
    brain = ScriptedLLM([{"filters": [{"column": "tuition", "op": "<=", "value": "15000"},
                                      {"column": "private", "op": "=", "value": "maybe"}]}])
    kept, step, sort = brain_conditions(brain, v, "state run places with fees below 15000", ["state run", "fees"], "colleges")
    assert sort is None
    assert [(c.column, c.op, c.value) for c in kept] == [("tuition", "<=", 15000.0)]  # "maybe" is no yes/no
    assert "kept 1" in step["output"] and "tuition" in brain.calls[0]["messages"][-1]["content"]


def test_the_brain_reads_a_superlative_no_rule_read_into_a_sort(schools):
    from convrec.core.brain_read import brain_conditions
    from convrec.llm.fake import ScriptedLLM

    v = schools.vocab
    brain = ScriptedLLM([{"filters": [], "sort": {"column": "tuition", "order": "highest"}}] * 2)
    kept, step, sort = brain_conditions(brain, v, "the poshest colleges", ["poshest"], "colleges")
    assert not kept and (sort.column, sort.descending) == ("tuition", True) and "sort tuition desc" in step["output"]
    _, _, sort = brain_conditions(brain, v, "colleges with a nice campus", ["nice campus"], "colleges")
    assert sort is None  # no superlative was written: a sort the brain imagined is not taken


def test_brain_read_joins_the_turn_for_a_capable_brain_only(schools, tmp_path):
    from convrec.core.sessions import SessionStore
    from convrec.llm.fake import ScriptedLLM
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent

    brain = ScriptedLLM([{"filters": [{"column": "tuition", "op": "<", "value": "10000"}]}] + ["Here you go:"] * 6,
                        routed=True)
    brain.backend = "openai"  # an endpoint: trusted to read
    a = InteRecAgent(schools, brain, SessionStore(tmp_path / "s.db"), DemoBank(schools.ds))
    t = a.turn("colleges where the fees are affordable, say less than ten grand a year")
    fees = schools.ds.items.set_index("item_id")["tuition"]
    assert any(s.get("tool") == "brain_read" for s in t.trace)
    assert t.items and max(fees[i["id"]] for i in t.items) < 10000


def test_the_brain_never_rereads_a_column_the_rules_read(schools, tmp_path):
    """The rules read "tuition under 20k"; the brain, handed the words left over, proposes another
    tuition bound (which would contradict the rules' reading) and a yes/no: only the yes/no joins."""
    from dataclasses import replace

    from convrec.core.sessions import SessionStore
    from convrec.core.loop import TurnContext
    from convrec.llm.fake import ScriptedLLM
    from convrec.strategies.interecagent.demos import DemoBank
    from convrec.strategies.interecagent.strategy import InteRecAgent

    brain = ScriptedLLM([{"filters": [{"column": "tuition", "op": ">", "value": "30000"},
                                      {"column": "private", "op": "=", "value": "no"}]}], routed=True)
    brain.backend = "openai"
    a = InteRecAgent(schools, brain, SessionStore(tmp_path / "s.db"), DemoBank(schools.ds))
    intent = understand("tuition under 20000", schools.vocab)
    assert [(c.column, c.op) for c in intent.conditions] == [("tuition", "<")]
    intent = replace(intent, kind="recommend", unmatched=("state run",))
    got = a._brain_read("colleges with tuition under 20000 that are state run", intent, TurnContext(session="t"))
    assert [(c.column, c.op, c.value) for c in got.conditions] == [("tuition", "<", 20000.0), ("private", "=", False)]


def test_brain_read_with_the_real_embedded_model_keeps_only_what_the_catalog_confirms(schools):
    from test_llm_local import open_local_llm

    from convrec.core.brain_read import brain_conditions

    llm = open_local_llm(max_tokens=120)
    try:
        kept, step, _ = brain_conditions(llm, schools.vocab, "colleges that are state run with fees below 15000",
                                      ["state run", "fees"], "colleges")
    finally:
        llm.close()
    assert step["tool"] == "brain_read" and step["error"] is None
    rng = schools.vocab.columns["tuition"]
    for c in kept:  # whatever the small model proposed, what is kept is a condition the catalog can check
        assert c.column in ("tuition", "private")
        assert c.column != "tuition" or rng.min <= c.value <= rng.max
        assert c.column != "private" or isinstance(c.value, bool)


# ---------------------------------------------------------------- a unit said for a column kept without one
@pytest.fixture(scope="module")
def trails(home, tmp_path_factory):
    rnd = random.Random(13)
    rows = [{"id": i, "trail": f"Trail {i}", "distance": round(rnd.uniform(1, 30), 1), "duration": rnd.randint(30, 600),
             "weight_limit": rnd.randint(50, 150)} for i in range(100)]
    return _prepare(home, "trails", _write(tmp_path_factory.mktemp("t") / "trails.csv", rows), "id", "trail")


def test_a_said_unit_binds_to_the_unitless_column_of_its_dimension(home, tmp_path_factory, trails):
    rnd = random.Random(14)
    rows = [{"id": i, "title": f"Picture {i}", "length": rnd.randint(60, 200), "price": rnd.randint(5, 60)}
            for i in range(80)]
    flicks = _prepare(home, "flicks", _write(tmp_path_factory.mktemp("fl") / "f.csv", rows), "id", "title")
    assert ("length", "<=", 100.0) in _conds(understand("nothing longer than 100 minutes", flicks.vocab))
    assert ("length", "<", 120.0) in _conds(understand("under 2 hours", flicks.vocab))
    # a trail table: its duration is in minutes (30–600), so "3 hours" is 180 of it
    assert ("duration", ">", 180.0) in _conds(understand("hikes that take more than 3 hours", trails.vocab))


def _conds(intent):
    return {(c.column, c.op, c.value) for c in intent.conditions}


def test_around_a_number_is_a_band_and_a_budget_number_beats_cheap(gems, films):
    assert {("carats", ">=", 1.8), ("carats", "<=", 2.2)} <= _conds(understand("around 2 carats", gems.vocab))
    i = understand("between 1 and 2 carats, budget 6k", gems.vocab)
    assert [c.value for c in i.conditions if c.column == "price"] == [6000.0]  # not also "cheap" ≤ 10
    assert {("minutes", ">=", 108.0), ("minutes", "<=", 132.0)} <= _conds(understand("about 120 minutes long", films.vocab))


def test_a_dimension_noun_names_the_column_of_that_dimension(gems):
    assert ("carats", ">=", 1.0) in _conds(understand("ideal cut, weight at least 1, price at most 7000", gems.vocab))
    assert ("carats", ">", 2.0) in _conds(understand("stones with a weight over 2", gems.vocab))


def test_small_talk_never_states_a_number_the_catalog_did_not_give(gems):
    from convrec.core.answers import answer_chitchat, invented_numbers
    from convrec.nlu import build_card
    from convrec.nlu.intent import RequestIntent

    card = build_card(gems.vocab)
    made_up = lambda _m: "That one costs about $4,250 and it is lovely."  # noqa: E731
    reply, _ = answer_chitchat(RequestIntent("chitchat", "hmm and what would that set me back, roughly?"), card,
                               gems.vocab, made_up)
    assert "4,250" not in reply and reply == card.greeting_text()
    kind = lambda _m: "Happy to help you find the right stone!"  # noqa: E731
    assert answer_chitchat(RequestIntent("chitchat", "i'm nervous about buying one honestly"), card, gems.vocab,
                           kind)[0] == "Happy to help you find the right stone!"
    assert invented_numbers("I have 300 of them", "My catalog has 300 gems") == []


# ---------------------------------------------------------------- abbreviated columns named once by the brain
def test_abbreviated_columns_get_plain_names_from_the_brain_and_a_schema_file_wins(home, tmp_path_factory):
    import json

    from convrec.catalog.store import open_dataset
    from convrec.llm.fake import ScriptedLLM
    from convrec.setup import name_columns, terse_columns

    rnd = random.Random(15)
    rows = [{"id": i, "name": f"Valley College {i}", "F.Undergrad": rnd.randint(500, 20000),
             "S.F.Ratio": round(rnd.uniform(5, 30), 1), "tuition": rnd.randint(3000, 40000)} for i in range(60)]
    acc = _prepare(home, "terse", _write(tmp_path_factory.mktemp("tr") / "t.csv", rows), "id", "name")
    assert {c["name"] for c in terse_columns(acc.ds)} == {"f_undergrad", "s_f_ratio"}  # "tuition" is said as is
    brain = ScriptedLLM([{"names": [{"column": "f_undergrad", "label": "full time undergrads"},
                                    {"column": "s_f_ratio", "label": "Student Faculty Ratio"},
                                    {"column": "s_f_ratio", "label": "x = 1; drop table"}]}])
    got = name_columns(home, acc.ds, brain=brain)
    assert got["f_undergrad"]["label"] == "full time undergrads" and got["s_f_ratio"]["label"] == "student faculty ratio"
    ds = open_dataset(home, "terse")
    assert {c["name"]: c["label"] for c in ds.columns}["s_f_ratio"] == "student faculty ratio"
    i = understand("colleges with a student faculty ratio under 12", CatalogAccess(ds, home).vocab)
    assert ("s_f_ratio", "<", 12.0) in _conds(i)
    (ds.dir / "schema.json").write_text(json.dumps({"s_f_ratio": {"label": "students per teacher"}}))
    assert {c["name"]: c["label"] for c in open_dataset(home, "terse").columns}["s_f_ratio"] == "students per teacher"


def test_a_stop_word_in_capitals_is_the_catalogs_value(gems):
    i = understand("how many IF diamonds are there", gems.vocab)
    assert i.kind == "count" and _values(i, "clarity") == {"IF"}
    assert not _values(understand("what if i want a cheap one", gems.vocab), "clarity")


def test_cheap_is_cheap_for_this_catalog(gems, shirts):
    (c,) = [c for c in understand("something cheap", gems.vocab).conditions if c.column == "price"]
    prices = sorted(gems.ds.items["price"])
    assert c.op == "<=" and prices[len(prices) // 5] <= c.value <= prices[len(prices) // 2]  # not $10 for diamonds
    (c,) = [c for c in understand("cheap shirts", shirts.vocab).conditions if c.column == "price"]
    assert c.value == 10.0 or c.value >= sorted(shirts.ds.items["price"])[len(shirts.ds.items) // 5]


# ---------------------------------------------------------------- round-1 classes: one item, ids past a list, amounts in words
def test_a_superlative_of_one_item_shows_one(gems, films, shirts):
    assert understand("what's the biggest diamond you've got?", gems.vocab).k == 1
    assert understand("which one is the longest?", films.vocab).k == 1
    assert understand("the cheapest shirt", shirts.vocab).k == 1
    assert understand("the cheapest shirts", shirts.vocab).k is None
    assert understand("the 3 longest films", films.vocab).k == 3


def test_numbered_items_by_number_or_hash(home, tmp_path_factory):
    rows = [{"id": n, "carat": round(0.3 + n / 100, 2), "price": 1000 + 7 * n} for n in range(1, 60)]
    stones = _prepare(home, "stones", _write(tmp_path_factory.mktemp("st") / "s.csv", rows), "id", "id")
    i = understand("how much is number 57?", stones.vocab)
    assert [m.item_id for m in i.mentions] == ["57"] and i.kind == "fact"
    assert [m.item_id for m in understand("whats the price on #33", stones.vocab).mentions] == ["33"]
    assert understand("tell me about number 3", stones.vocab).mentions == ()  # a list position
    i = understand("how many carats does item 12 have?", stones.vocab)
    assert i.kind == "fact" and "carat" in i.fact_columns


def test_amounts_said_in_words(gems, films):
    assert ("carats", ">=", 0.5) in _conds(understand("at least half a carat", gems.vocab))
    assert ("carats", "<", 0.25) in _conds(understand("under a quarter carat", gems.vocab))
    assert ("carats", "<", 1.0) in _conds(understand("D or E colour, under a carat", gems.vocab))
    assert ("carats", ">=", 1.0) in _conds(understand("a full carat or more", gems.vocab))
    assert ("minutes", "<=", 90.0) in _conds(understand("about an hour and a half, nothing longer", films.vocab))
    assert not any(c.column == "price" for c in understand("a very good cut", gems.vocab).conditions)


def test_a_plural_head_after_a_modifier_is_no_single_item(films, gems):
    assert understand("the longest action films", films.vocab).k is None
    assert understand("the biggest VS1 diamond", gems.vocab).k == 1


# ---------------------------------------------------------------- abbreviated column names, values as initials, code families
@pytest.fixture(scope="module")
def houses(home, tmp_path_factory):
    rnd = random.Random(21)
    rows = [{"id": i, "price": rnd.randint(25000, 190000), "bedrooms": rnd.randint(1, 6), "bathrms": rnd.randint(1, 4),
             "recroom": rnd.choice(["yes", "no"]), "airco": rnd.choice(["yes", "no"]), "gashw": rnd.choice(["yes", "no"]),
             "prefarea": rnd.choice(["yes", "no"]), "garagepl": rnd.randint(0, 3)} for i in range(200)]
    return _prepare(home, "houses", _write(tmp_path_factory.mktemp("h") / "houses.csv", rows), "id", "id")


@pytest.fixture(scope="module")
def hotels(home, tmp_path_factory):
    rnd = random.Random(22)
    rows = [{"id": i, "hotel": f"Hotel {rnd.choice(['Astor', 'Belle', 'Crown'])} {i}", "petfrndly": rnd.choice([0, 1]),
             "brkfst": rnd.choice([0, 1]), "room": rnd.choice(["DBL1", "DBL2", "SGL1", "SGL2", "STE"]),
             "rate": rnd.randint(60, 400)} for i in range(150)]
    return _prepare(home, "hotels", _write(tmp_path_factory.mktemp("ho") / "hotels.csv", rows), "id", "hotel")


@pytest.fixture(scope="module")
def autos(home, tmp_path_factory):
    rnd = random.Random(23)
    rows = [{"id": i, "model": f"Model {i}", "autotrans": rnd.choice(["Y", "N"]), "pwrsteer": rnd.choice(["Y", "N"]),
             "body": rnd.choice(["SUV", "Sedan", "Coupe"]), "price": rnd.randint(3000, 40000)} for i in range(150)]
    return _prepare(home, "autos", _write(tmp_path_factory.mktemp("au") / "autos.csv", rows), "id", "model")


def _flags(intent):
    return {(c.column, c.value) for c in intent.conditions if c.op == "="}


def test_an_abbreviated_column_is_named_by_the_words_it_was_cut_from(houses, hotels, autos):
    assert _flags(understand("houses with a rec room", houses.vocab)) == {("recroom", True)}
    assert _flags(understand("4 bedroom homes with air conditioning", houses.vocab)) >= {("airco", True)}
    assert _flags(understand("a place with central air", houses.vocab)) == {("airco", True)}
    assert _flags(understand("no gas water heating please", houses.vocab)) == {("gashw", False)}
    assert _flags(understand("not in the preferred area", houses.vocab)) == {("prefarea", False)}
    assert _flags(understand("pet friendly hotels", hotels.vocab)) == {("petfrndly", True)}
    assert _flags(understand("hotels with breakfast", hotels.vocab)) == {("brkfst", True)}
    assert _flags(understand("automatic transmission and power steering", autos.vocab)) == {("autotrans", True), ("pwrsteer", True)}
    i = understand("at least 2 bathrooms", houses.vocab)
    assert [(c.column, c.op, c.value) for c in i.conditions] == [("bathrms", ">=", 2)]
    # words that only start like a column are not it ("prefer", "gas" alone on a longer name, "air" in "airport")
    assert _flags(understand("I prefer cheap ones", houses.vocab)) == set()
    assert _flags(understand("near the airport", houses.vocab)) == set()


def test_a_value_written_as_initials_is_read_from_the_words(gems, autos):
    assert _values(understand("any internaly flawless stones?", gems.vocab), "clarity") == {"IF"}
    assert _values(understand("a sport utility vehicle under 20000", autos.vocab), "body") == {"SUV"}
    assert _values(understand("a very good stone", gems.vocab), "cut") == {"Very Good"}  # a value said in full stays itself


def test_a_code_family_is_read_by_its_code(gems, hotels):
    conds = understand("no SI clarity please", gems.vocab).conditions
    assert {v for c in conds if c.column == "clarity" and c.op in ("not_in", "not_contains", "!=")
            for v in (c.value if isinstance(c.value, tuple) else (c.value,))} == {"SI1", "SI2"}
    conds = understand("a DBL room under 200", hotels.vocab).conditions
    assert {v for c in conds if c.column == "room" for v in (c.value if isinstance(c.value, tuple) else (c.value,))} == {"DBL1", "DBL2"}


def _cs(intent):
    return {(c.column, c.op, c.value if not isinstance(c.value, tuple) else tuple(sorted(c.value))) for c in intent.conditions}


def test_number_words_where_a_quantity_is_meant(houses, gems, trails):
    assert _cs(understand("a three bedroom place", houses.vocab)) == {("bedrooms", "=", 3)}
    assert _cs(understand("two or more bathrooms", houses.vocab)) == {("bathrms", ">=", 2)}
    assert _cs(understand("at least two carats", gems.vocab)) == {("carats", ">=", 2)}
    assert ("duration", ">", 180.0) in _cs(understand("hikes that take more than three hours", trails.vocab))
    i = understand("give me two houses", houses.vocab)
    assert i.k == 2 and not i.conditions  # a count of items, not a quantity of a column


def test_a_list_of_one_columns_values_keeps_its_negation(gems, shirts, films):
    got = _cs(understand("no H, I or J colours", gems.vocab))
    assert {v for col, op, v in got if col == "colour" and op == "not_in"} == {("H",), ("I",), ("J",)}
    got = _cs(understand("no XS, S or M please", shirts.vocab))
    assert {v for col, op, v in got if col == "size" and op == "not_in"} >= {("XS",), ("M",)}
    assert not any(op == "in" for col, op, v in got if col == "size")
    got = _cs(understand("nothing rated R or NC-17", films.vocab))
    assert not any(op == "in" for col, op, v in got if col == "rated")
    # a comma without a closing conjunction ends the negation ("no H, G is fine")
    assert ("colour", "in", ("G",)) in _cs(understand("no H, G is fine", gems.vocab))


@pytest.fixture(scope="module")
def journals(home, tmp_path_factory):
    pubs = ["Oxford Univ Press", "Am Ec Assn", "Cambridge Univ Pres", "Elsevier", "Intl Monetary Fund", "Good Music"]
    rows = [{"code": f"J{i:03d}x", "title": f"{['Review', 'Journal', 'Letters'][i % 3]} of Topic {i}",
             "publisher": pubs[i % len(pubs)], "citations": 10 * i + 3, "issn": f"ISSN-{1000 + i}-{i % 7}X"}
            for i in range(80)]
    return _prepare(home, "journals", _write(tmp_path_factory.mktemp("j") / "j.csv", rows), "code", "title")


def test_a_value_written_short_is_read_from_the_full_words(journals):
    assert _cs(understand("anything from oxford university press", journals.vocab)) == {("publisher", "in", ("Oxford Univ Press",))}
    assert _cs(understand("anything by the American Economic Association", journals.vocab)) == {("publisher", "in", ("Am Ec Assn",))}
    assert _cs(understand("from the International Monetary Fund", journals.vocab)) == {("publisher", "in", ("Intl Monetary Fund",))}
    assert not _cs(understand("an oxford comma", journals.vocab))
    assert not _cs(understand("got any good musicals?", journals.vocab))  # "good musics" (an added plural) is no short form


def test_a_superlative_by_a_columns_root_and_a_second_id(journals, gems):
    assert [(s.column, s.descending) for s in understand("the 3 most cited journals", journals.vocab).sort] == [("citations", True)]
    i = understand("what's the publisher of ISSN-1012-5X?", journals.vocab)  # a code of another column links its item
    assert i.kind == "fact" and [m.item_id for m in i.mentions] == ["J012x"]


def test_british_and_american_spellings_read_the_same_values(home, tmp_path_factory):
    from convrec.nlu.vocab import spelling_variants

    assert spelling_variants("labour") == ["labor"] and "theatre" in spelling_variants("theater")
    rnd = random.Random(31)
    rows = [{"id": i, "name": f"Venue {i}", "kind": rnd.choice(["Theater", "Convention Center", "Stadium", "Good Music"]),
             "colour": rnd.choice(["Red", "Gray"]), "seats": rnd.randint(100, 5000)} for i in range(90)]
    venues = _prepare(home, "venues", _write(tmp_path_factory.mktemp("v") / "v.csv", rows), "id", "name")
    assert _values(understand("a theatre with 500 seats or more", venues.vocab), "kind") == {"Theater"}
    assert _values(understand("any convention centre?", venues.vocab), "kind") == {"Convention Center"}
    assert _values(understand("got any good musicals?", venues.vocab), "kind") == set()  # "good musics" is no short form


def test_a_year_column_written_as_dates_prepares(home, tmp_path_factory):
    """A user's file with model years written as dates ("1976-01-01") once crashed the agent's
    prepare step (round 3 of the zoo, classic cars)."""
    from convrec.strategies.interecagent.demos import placeholder_values

    rows = [{"id": i, "Name": f"car {i}", "Year": f"{1970 + i % 13}-01-01", "mpg": 10 + i % 30} for i in range(60)]
    cars = _prepare(home, "oldcars", _write(tmp_path_factory.mktemp("oc") / "c.csv", rows), "id", "Name")
    vals = placeholder_values(cars.ds)
    assert 1970 <= vals.get("YEAR", 1976) <= 1982


def test_a_word_that_starts_a_value_or_that_a_value_was_cut_from(home, tmp_path_factory):
    rnd = random.Random(41)
    rows = [{"id": i, "name": f"Animal {i}", "vore": rnd.choice(["carni", "herbi", "omni", "insecti"]),
             "order": rnd.choice(["Rodentia", "Primates", "Chiroptera"]), "weight_kg": rnd.randint(1, 500)} for i in range(80)]
    zoo = _prepare(home, "animals", _write(tmp_path_factory.mktemp("z") / "z.csv", rows), "id", "name")
    assert _values(understand("how many rodents are there?", zoo.vocab), "order") == {"Rodentia"}
    assert _values(understand("insect eaters", zoo.vocab), "vore") == {"insecti"}
    assert _values(understand("herbivores over 100 kg", zoo.vocab), "vore") == {"herbi"}
    assert _values(understand("something primal", zoo.vocab), "order") == set()  # "primal" is no cut of Primates


def test_a_column_named_by_initials(home, tmp_path_factory):
    rnd = random.Random(42)
    rows = [{"id": i, "district": f"District {i}", "str": round(rnd.uniform(14, 26), 1), "S.F.Ratio": rnd.randint(5, 30),
             "avginc": rnd.randint(5, 55)} for i in range(90)]
    d = _prepare(home, "districts", _write(tmp_path_factory.mktemp("d") / "d.csv", rows), "id", "district")
    assert _cs(understand("a student teacher ratio under 17", d.vocab)) == {("str", "<", 17)}
    assert _cs(understand("student-to-teacher ratio below 15", d.vocab)) == {("str", "<", 15)}
    assert _cs(understand("student faculty ratio under 10", d.vocab)) == {("s_f_ratio", "<", 10)}


def test_the_items_noun_is_not_a_measure_the_file_name_names(home, tmp_path_factory):
    from convrec.catalog.meaning import domain_from_names

    assert domain_from_names("mammal-sleep", "", ["sleep_total", "bodywt"]) == "mammal"
    assert domain_from_names("pc-prices", "", ["price", "speed", "ram"]) == "pc"
    assert domain_from_names("epa-cars", "model", ["city_mpg"]) == "car"
    assert domain_from_names("house-prices", "", ["price", "bedrooms"]) == "house"


def test_a_column_name_of_a_word_and_an_abbreviation_is_written_out():
    from convrec.catalog.meaning import expand, name_words

    assert expand(name_words("bodywt")) == ["body", "weight"]
    assert expand(name_words("avginc")) == ["average", "income"]
    assert expand(name_words("mathscr")) == ["math", "score"]
    assert expand(name_words("marketvalue")) == ["market", "value"]
    assert name_words("airco") == ["airco"]  # no known abbreviation in it: left for the reader (nlu/abbrev.py)


def test_a_superlative_made_from_a_columns_word(home, tmp_path_factory):
    rnd = random.Random(43)
    rows = [{"id": i, "name": f"Beast {i}", "sleep_total": round(rnd.uniform(2, 20), 1), "sleep_rem": rnd.uniform(0, 5),
             "rain_mm": rnd.randint(0, 900)} for i in range(60)]
    z = _prepare(home, "beasts", _write(tmp_path_factory.mktemp("b") / "b.csv", rows), "id", "name")
    i = understand("the 3 sleepiest animals", z.vocab)
    assert [(s.column, s.descending) for s in i.sort] == [("sleep_total", True)] and i.k == 3
    assert [(s.column, s.descending) for s in understand("the rainiest place", z.vocab).sort] == [("rain_mm", True)]
    assert understand("the honest truth", z.vocab).sort == ()  # an -est word that is no column's


def test_a_score_beyond_any_rating_scale_is_a_measure(home, tmp_path_factory):
    """Round 2's school districts: `mathscr` (605–709) written out as "math score" became a rating,
    and "math scores above 660" bound to nothing."""
    rnd = random.Random(44)
    rows = [{"id": i, "district": f"District {i}", "mathscr": round(rnd.uniform(605, 709), 1),
             "testscr": round(rnd.uniform(605, 706), 1), "rating": rnd.randint(1, 5)} for i in range(80)]
    d = _prepare(home, "scores", _write(tmp_path_factory.mktemp("sc") / "s.csv", rows), "id", "district")
    assert d.vocab.columns["mathscr"].role == "other" and d.vocab.columns["rating"].role == "rating"
    assert _cs(understand("math scores above 660", d.vocab)) == {("mathscr", ">", 660)}
