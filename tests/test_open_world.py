"""Open-world understanding (issue #38): catalogs of shapes the project was not tuned on.

A film table of the common public shape (genres as one 0/1 column per genre, running time in
minutes, budget in dollars, titles written "Matrix, The", a director column kept surname first),
and the bring-your-own fast-food menu (numbers with implied units, descriptive item names):
each class of the issue's "Why" has a test here, and an unusable word is named in the reply."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.core.sessions import SessionStore
from convrec.tools.verify import satisfies
from convrec.catalog.custom import CustomSource, infer_column
from convrec.catalog.meaning import annotate, load_schema_file
from convrec.catalog.registry import custom_source_path
from convrec.catalog.store import prepare
from convrec.config import Config
from convrec.llm.fake import ScriptedLLM
from convrec.nlu import understand
from convrec.core.catalog import CatalogAccess

REPO = Path(__file__).resolve().parent.parent
POPULAR = {"action": "use_tools", "steps": [{"tool": "rank", "schema": "popularity"}, {"tool": "fetch", "k": 10}]}
GENRES = ["Action", "Animation", "Drama", "Documentary", "Comedy", "Short"]
NAMED = ["Matrix, The", "Matrix Reloaded, The", "Godfather, The", "Godfather: Part II, The", "Toy Story",
         "Lion King, The", "Spirited Away", "Heat", "Fargo", "Jaws", "Toy, The"]


def _films_csv(path: Path) -> Path:
    rnd = random.Random(7)
    syll = ["ka", "lo", "mi", "ra", "to", "ve", "su", "pen", "dor", "lix", "qua", "zem", "fo", "bar", "nel", "tis"]
    titles = list(NAMED)
    while len(titles) < 120:  # made-up creative titles: no word recurs the way menu item names do
        titles.append(" ".join("".join(rnd.sample(syll, 3)).capitalize() for _ in range(rnd.randint(1, 3))))
    rows = []
    for i, name in enumerate(titles):
        g = {x: 0 for x in GENRES}
        for x in rnd.sample(GENRES, 2):
            g[x] = 1
        if name in ("Toy Story", "Lion King, The", "Spirited Away"):
            g["Animation"] = 1
        rows.append({"movie_id": i + 1, "name": name, "year": 1960 + (i * 7) % 60, "runtime": 70 + (i * 13) % 130,
                     "budget": int((1 + (i * 37) % 250) * 1_000_000), "mpaa": rnd.choice(["G", "PG", "PG-13", "R"]),
                     "director": rnd.choice(["Wachowski, Lana", "Lasseter, John", "Coppola, Francis Ford"]), **g})
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def _prepare(config: Config, name: str, items: Path, id_col: str, title_col: str):
    src = CustomSource(items=str(items), id_col=id_col, title_col=title_col, domain="movie" if name == "films" else "item")
    p = custom_source_path(config, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    return CatalogAccess(prepare(config, name, kcore_k=1), config)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("open_world_home"))


@pytest.fixture(scope="module")
def films(home, tmp_path_factory):
    return _prepare(home, "films", _films_csv(tmp_path_factory.mktemp("films") / "films.csv"), "movie_id", "name")


@pytest.fixture(scope="module")
def menu(home):
    return _prepare(home, "fastfood", REPO / "benchmarks" / "catalogs" / "fastfood" / "items.csv", "id", "item")


def _conds(intent):
    return {(c.column, c.op, c.value if not isinstance(c.value, tuple) else tuple(c.value)) for c in intent.conditions}


# ---------------------------------------------------------------- the catalog's schema, from its names
def test_column_meaning_from_names():
    cols = annotate([{"name": "comb_mpg", "type": "real", "role": "other"},
                     {"name": "city_mpg", "type": "real", "role": "other"},
                     {"name": "no_cylinders", "type": "integer", "role": "other"},
                     {"name": "sodium", "type": "integer", "role": "other"},
                     {"name": "runtime_min", "type": "integer", "role": "other"},
                     {"name": "budget_musd", "type": "real", "role": "other"},
                     {"name": "genre_action", "type": "boolean", "role": "flag"},
                     {"name": "genre_drama", "type": "boolean", "role": "flag"},
                     {"name": "ind_study", "type": "boolean", "role": "flag"}])
    by = {c["name"]: c for c in cols}
    assert by["comb_mpg"]["label"] == "combined mpg" and by["comb_mpg"]["words"][0][0] == "mpg"  # "combined" may be left out
    assert [g[0] for g in by["city_mpg"]["words"]] == ["city", "mpg"]
    assert by["no_cylinders"]["label"] == "number of cylinders"
    assert by["sodium"]["unit"] == "mg" and "salt" in by["sodium"]["words"][0]
    assert by["runtime_min"]["unit"] == "min"
    assert by["budget_musd"]["scale"] == 1_000_000 and by["budget_musd"]["label"] == "budget"
    assert by["genre_action"]["facet"] == "genre" and by["genre_action"]["label"] == "action"
    assert by["ind_study"]["facet"] == "features" and by["ind_study"]["label"] == "independent study"


def test_schema_file_overrides_and_errors(tmp_path):
    f = tmp_path / "schema.json"
    f.write_text('{"gross": {"label": "box office", "words": ["box office", "gross"], "unit": "$", "scale": 1000000}}')
    spec = load_schema_file(f)
    cols = annotate([{"name": "gross", "type": "real", "role": "other"}], spec)
    assert cols[0]["label"] == "box office" and cols[0]["scale"] == 1_000_000 and cols[0]["words"] == [["box office", "gross"]]
    f.write_text('{"gross": {"colour": "red"}}')
    with pytest.raises(ValueError, match="unknown key"):
        load_schema_file(f)
    f.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_schema_file(f)


def test_yes_no_columns_are_flags():
    import pandas as pd

    assert infer_column(pd.Series(["Y", "N"] * 5), "|")[0] == "boolean"
    assert infer_column(pd.Series(["1", "0"] * 15), "|")[0] == "boolean"  # one 0/1 column per genre
    assert infer_column(pd.Series(["1", "0", "2"] * 10), "|")[0] == "integer"


# ---------------------------------------------------------------- a film table of a common public shape
def test_genre_columns_are_one_facet(films):
    v = films.vocab
    i = understand("animated films", v)
    assert i.kind == "recommend" and ("animation", "=", True) in _conds(i)
    i = understand("something under 80 minutes, not a documentary", v)
    assert ("documentary", "=", False) in _conds(i) and ("runtime", "<", 80.0) in _conds(i)


def test_units_convert_to_the_column(films):
    v = films.vocab
    assert ("runtime", ">", 180.0) in _conds(understand("a drama over 3 hours", v))
    assert ("budget", ">", 100_000_000.0) in _conds(understand("films with a budget over 100 million dollars", v))


def test_trailing_article_titles_link_to_the_film_not_its_sequel(films):
    v = films.vocab
    i = understand("when did the godfather come out", v)
    assert i.kind == "fact" and [m.title for m in i.mentions] == ["Godfather, The"]
    i = understand("how long is The Matrix", v)
    assert i.kind == "fact" and i.fact_columns == ("runtime",) and [m.title for m in i.mentions] == ["Matrix, The"]


def test_either_decade(films):
    v = films.vocab
    assert _conds(understand("movies from the 60s or 70s", v)) == {("year", ">=", 1960.0), ("year", "<=", 1979.0)}
    (c,) = understand("movies from the 60s or 90s", v).conditions
    assert c.op == "in" and 1965.0 in c.value and 1995.0 in c.value and 1975.0 not in c.value
    assert c.describe() == "year 1960–1969 or 1990–1999"


def test_surname_first_creators_are_found_by_name(films):
    i = understand("films by francis ford coppola", films.vocab)
    assert ("director", "in", ("Coppola, Francis Ford",)) in _conds(i)


def test_creative_titles_are_not_read_as_words(films):
    assert "title" not in films.vocab.text_words  # film titles do not say what a film is


def test_fact_about_a_number_column_is_answered(films, tmp_path):
    a = InteRecAgent(films, ScriptedLLM([POPULAR], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(films.ds))
    t = a.turn("how long is The Matrix")
    runtime = films.vocab.item_value(films.vocab.linker.ids[films.vocab.linker.titles.index("Matrix, The")], "runtime")
    assert not t.items and str(runtime) in t.reply and "Matrix" in t.reply


# ---------------------------------------------------------------- a menu: units, item words, unread words
def test_numbers_bind_by_unit_and_words(menu):
    v = menu.vocab
    assert ("sodium", "<", 500.0) in _conds(understand("low sodium options, less than 500 mg please", v))
    assert ("total_fat", "<", 10.0) in _conds(understand("subway stuff with under 10 grams of fat", v))
    c = _conds(understand("high protein (40g+) but under 600 calories", v))
    assert ("protein", ">=", 40.0) in c and ("calories", "<", 600.0) in c


def test_item_words_are_conditions_with_or_and_not(menu):
    v = menu.vocab
    c = _conds(understand("burgers, no bacon", v))
    assert ("title", "matches", ("burgers",)) in c and ("title", "not_matches", ("bacon",)) in c
    (cal, words) = sorted(understand("tacos or burritos under 350 calories", v).conditions, key=lambda x: x.column)
    assert words.column == "title" and words.op == "matches" and set(words.value) == {"tacos", "burritos"}
    ids = v.linker.ids
    tacos = [i for i in ids if satisfies(v, i, words)]
    assert tacos and all("taco" in v.item_value(i, "title").lower() or "burrito" in v.item_value(i, "title").lower()
                         for i in tacos)


def test_typo_in_a_two_word_value(menu):
    assert ("restaurant", "in", ("Taco Bell",)) in _conds(understand("buritos from tako bell", menu.vocab))


def test_unusable_word_is_named_in_the_reply(menu, tmp_path):
    a = InteRecAgent(menu, ScriptedLLM([POPULAR, "Here you go:"], routed=True), SessionStore(tmp_path / "s.db"),
                     DemoBank(menu.ds))
    t = a.turn("i'm bulking, what has at least 50g of protein")
    assert t.items and all(float(menu.vocab.item_value(i["id"], "protein")) >= 50 for i in t.items)
    assert "“bulking”" in t.reply and ("could not use" in t.reply or "as a preference, not a condition" in t.reply)


def test_a_source_the_catalog_lacks_is_said_not_replaced(menu, tmp_path):
    a = InteRecAgent(menu, ScriptedLLM([POPULAR], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(menu.ds))
    t = a.turn("what's good at wendy's")
    assert not t.items and "wendy" in t.reply.lower() and "nothing in this catalog" in t.reply


def test_fact_about_items_named_by_their_words(menu, tmp_path):
    a = InteRecAgent(menu, ScriptedLLM([POPULAR], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(menu.ds))
    t = a.turn("how many calories in a big mac")
    assert "540" in t.reply and not t.items


# ---------------------------------------------------------------- bad input: named, and the rest prepared
def test_broken_rows_duplicate_ids_and_empty_columns_are_named(tmp_path):
    import subprocess
    import sys

    rows = ["id,name,price,empty,is_new"] + [f"{i},Item {i},{i * 1.5},,{i % 2}" for i in range(1, 30)]
    rows.insert(5, "5x,Broken, row, with too many, fields, here")
    rows.append("7,Duplicate Seven,3.0,,1")
    f = tmp_path / "bad.csv"
    f.write_text("\n".join(rows) + "\n")
    env = {**__import__("os").environ, "CONVREC_HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "convrec.cli", "data", "prepare", "badcat", "--items", str(f),
                        "--id-col", "id", "--title-col", "name", "--items-only"], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert "line 6 (6 fields, expected 5)" in r.stderr
    assert "7 (line 32)" in r.stderr and "empty columns left out: empty" in r.stderr
    assert "29 items" in r.stdout  # every good row, the first of each id


# ---------------------------------------------------------------- yes/no feature columns (course catalog)
@pytest.fixture(scope="module")
def courses(home):
    return _prepare(home, "ucla-courses", REPO / "benchmarks" / "catalogs" / "ucla-courses" / "items.csv", "id", "course")


def test_feature_columns_negation_and_either(courses):
    v = courses.vocab
    c = _conds(understand("physics courses that are not seminars", v))
    assert ("seminar", "=", False) in c and ("subject", "in", ("Physics",)) in c
    (either,) = understand("internships or apprenticeships", v).conditions
    assert either.op == "any_true" and set(either.value) == {"internship", "apprenticeship"}
    hits = [i for i in v.linker.ids if satisfies(v, i, either)]
    assert hits and all(v.item_value(i, "internship") or v.item_value(i, "apprenticeship") for i in hits)
    assert len(hits) > sum(1 for i in v.linker.ids if v.item_value(i, "internship"))


def test_course_number_fact_by_words(courses, tmp_path):
    a = InteRecAgent(courses, ScriptedLLM([POPULAR], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(courses.ds))
    t = a.turn("what's the course number for Kant in philosophy?")
    assert "C115" in t.reply.split("\n")[0 if "match" not in t.reply.split("\n")[0] else 1]


def test_count_of_a_genre_column_and_a_franchise_left_out(films):
    v = films.vocab
    i = understand("how many comedies do you have", v)
    assert i.kind == "count" and ("comedy", "=", True) in _conds(i)
    i = understand("an action movie, but no more godfather films", v)
    c = [x for x in i.conditions if x.column == "title"]
    assert c and c[0].op == "not_matches"
    assert not any(satisfies(v, iid, c[0]) for iid in v.linker.ids if "Godfather" in v.item_value(iid, "title"))


def test_other_languages_are_answered_in_their_language_without_a_call(films, tmp_path):
    llm = ScriptedLLM([], routed=True)
    a = InteRecAgent(films, llm, SessionStore(tmp_path / "s.db"), DemoBank(films.ds))
    t = a.turn("me recomiendas una película de terror de los 80s por favor")
    assert not t.items and t.llm_calls == 0 and "inglés" in t.reply
    t = a.turn("Kannst du mir bitte einen Film empfehlen")
    assert not t.items and "Englisch" in t.reply
    assert understand("I loved Amelie and La Haine", films.vocab).language == "en"


def test_surprise_me_is_a_varied_list(films, tmp_path):
    a = InteRecAgent(films, ScriptedLLM([], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(films.ds),
                     llm_intro="off")
    t = a.turn("surprise me")
    assert len(t.items) == 10 and t.llm_calls == 0


def test_a_typo_in_a_longer_title_wins_over_its_first_word(films):
    # "Toy Stroy": not a film titled by its first word, the film the two words name
    (m,) = understand("I loved Toy Stroy", films.vocab).mentions
    assert m.title == "Toy Story" and m.relation == "liked"


def test_rating_and_count_columns_keep_their_own_readers(tiny_vocab):
    # "ratings"/"votes" name the count column, "score" the rating one — the words-and-units
    # binder reads only columns of no other role (goodbooks: "100k ratings" is ratings_count)
    c = _conds(understand("games from 2015 with at least 100 votes and a score above 80", tiny_vocab))
    assert ("votes", ">=", 100.0) in c and ("score", ">", 80.0) in c and ("year", "=", 2015.0) in c


# ---------------------------------------------------------------- a numeric car table (model codes, value words)
@pytest.fixture(scope="module")
def cars(home):
    return _prepare(home, "epa-cars", REPO / "benchmarks" / "catalogs" / "epa-cars" / "items.csv", "id", "carline")


def _compact(s: str) -> str:
    return "".join(ch for ch in str(s).lower() if ch.isalnum())


def test_model_codes_however_they_are_spaced(cars):
    v = cars.vocab
    assert [m.title for m in understand("mx5 please", v).mentions] == ["MX-5"]  # the whole title: the car itself
    for said, code in (("rav 4 hybrid", "rav4"), ("a RAV-4", "rav4"), ("ford f-150", "f150")):
        conds = [c for c in understand(said, v).conditions if c.op == "matches" and code in str(c.value)]
        assert conds, said
        hits = [x for x in v.linker.ids if satisfies(v, x, conds[0])]
        assert hits, said
        assert all(code in _compact(v.item_value(x, "title")) for x in hits), said


def test_a_words_start_and_ordinary_words_name_values(cars):
    v = cars.vocab
    c = _conds(understand("two seater, no turbo", v))
    assert any(col == "air_aspir_method_desc" and op == "not_in" and "Turbocharged" in val for col, op, val in c), c
    (suv,) = [x for x in understand("a small suv", v).conditions if x.column == "class"]
    assert suv.op == "in" and set(suv.value) == {"Small SUV 2WD", "Small SUV 4WD"}


def test_named_ranges_from_the_schema_file(courses, home):
    from convrec.catalog.store import open_dataset, write_schema_overrides

    assert courses.vocab.columns["course_numeric"].bands == ()  # prepared without the schema file: none
    write_schema_overrides(home, "ucla-courses", load_schema_file(
        REPO / "benchmarks" / "catalogs" / "ucla-courses" / "schema.json"))
    v = CatalogAccess(open_dataset(home, "ucla-courses"), home).vocab
    c = _conds(understand("2 upper division physics classes", v))
    assert ("course_numeric", ">=", 100.0) in c and ("course_numeric", "<=", 199.0) in c
    c = _conds(understand("only grad level ones", v))
    assert ("course_numeric", ">=", 200.0) in c and not any(op == "<=" for _, op, _ in c)
    c = _conds(understand("lower div history", v))
    assert ("course_numeric", "<=", 99.0) in c
    bad = home.home / "bad-schema.json"
    bad.write_text('{"course_numeric": {"bands": {"grad": [200]}}}')
    with pytest.raises(ValueError, match="band 'grad' must be"):
        load_schema_file(bad)


def test_the_item_noun_from_names_or_the_brain(tmp_path):
    from convrec.catalog.meaning import domain_from_names, valid_domain

    assert domain_from_names("epa-cars") == "car" and domain_from_names("ucla_courses") == "course"
    assert domain_from_names("fastfood", "item") is None and domain_from_names("tate-art", "title") is None
    assert domain_from_names("my-catalog", "recipe") == "recipe"
    assert valid_domain("Menu Items") == "menu item" and valid_domain("item") is None
    assert valid_domain("a very long answer about food") is None


def test_an_llm_names_the_item_only_with_a_noun_that_is_not_a_column(courses, home):
    """The brain's answer at prepare time is checked: a column's name ("subject") is not what a
    row is; a valid noun is kept and used by replies."""
    from convrec.setup import _domain_by_llm

    said = _domain_by_llm(home, courses.ds, None, brain=ScriptedLLM([{"noun": "subject"}]))
    assert said is None
    said = _domain_by_llm(home, courses.ds, None, brain=ScriptedLLM([{"noun": "Courses"}]))
    assert said == {"domain": "course", "by": "llm"}


# ---------------------------------------------------------------- information the catalog does not record
@pytest.fixture(scope="module")
def films_no_people(home, tmp_path_factory):
    import pandas as pd

    d = tmp_path_factory.mktemp("films_np")
    pd.read_csv(_films_csv(d / "f.csv")).drop(columns=["director", "runtime"]).to_csv(d / "films.csv", index=False)
    return _prepare(home, "films-np", d / "films.csv", "movie_id", "name")


def test_information_the_catalog_lacks_is_said(films_no_people, menu, tmp_path):
    a = InteRecAgent(films_no_people, ScriptedLLM([POPULAR] * 4, routed=True), SessionStore(tmp_path / "s.db"),
                     DemoBank(films_no_people.ds), llm_intro="off")
    t = a.turn("who directed The Matrix?")
    assert t.intent["kind"] == "fact" and not t.items  # a question about the film, not a list
    assert "no director information" in t.reply and "Matrix" in t.reply
    t = a.turn("an action film under 90 minutes")
    assert "no length or running time information" in t.reply and "“90 minutes”" in t.reply
    assert t.items and all(films_no_people.vocab.item_value(it["id"], "action") for it in t.items)
    m = InteRecAgent(menu, ScriptedLLM([POPULAR] * 2, routed=True), SessionStore(tmp_path / "m.db"), DemoBank(menu.ds),
                     llm_intro="off")
    t = m.turn("burgers rated 4.5 stars")
    assert "no rating information" in t.reply and "“rated 4.5 stars”" in t.reply and t.items
    assert understand("burgers under 600 calories", menu.vocab).absent == ()  # what the catalog records is read


# ---------------------------------------------------------------- ordinary words, ages and soft requests
def test_ordinary_words_are_not_typos_or_surnames():
    from convrec.catalog.text import COMMON_WORD_RANK, word_rank

    assert word_rank("fights") is not None and word_rank("chemestry") is None and word_rank("subaroo") is None
    assert word_rank("castle") < COMMON_WORD_RANK < word_rank("tolkien")


def test_soft_requests_are_requests_and_ages_are_not_counts(films):
    v = films.vocab
    i = understand("a movie to unwind after work", v)
    assert i.kind == "recommend" and "unwind" in " ".join(i.unmatched)
    i = understand("something for my 12 yo nephew, an animated film", v)
    assert i.k is None and ("animation", "=", True) in _conds(i)
    assert understand("im a total scaredy cat but i want scary movies", v).kind == "recommend"
    assert understand("are you a person or a bot", v).kind == "chitchat"


def test_the_item_noun_is_used_in_replies(courses, home, tmp_path):
    from convrec.setup import name_domain
    from convrec.catalog.store import open_dataset

    got = name_domain(home, courses.ds, llm=False)
    assert got == {"domain": "course", "by": "rules"}
    ds = open_dataset(home, "ucla-courses")
    assert ds.domain == "course"
    ca = CatalogAccess(ds, home)
    a = InteRecAgent(ca, ScriptedLLM([POPULAR], routed=True), SessionStore(tmp_path / "s.db"), DemoBank(ds), llm_intro="off")
    t = a.turn("physics seminars")
    assert t.items and " courses" in t.reply.split("\n")[0] and "items" not in t.reply.split("\n")[0]


# ---------------------------------------------------------------- a catalog met after the code was final (cpus)
@pytest.fixture(scope="module")
def cpus(home):
    return _prepare(home, "cpus", REPO / "benchmarks" / "catalogs" / "cpus" / "items.csv", "id", "name")


def test_numbers_names_and_comparisons_on_an_unseen_catalog(cpus, tmp_path):
    v = cpus.vocab
    c = _conds(understand("intel cpu with 128 cores", v))
    assert ("cores", "=", 128.0) in c and ("company", "in", ("Intel",)) in c
    assert ("cores", "=", 8.0) in _conds(understand("8 core processors not made by intel", v))
    i = understand("how many AMD cpus are in here", v)
    assert i.kind == "count" and ("company", "in", ("AMD",)) in _conds(i)
    assert not understand("at least 32 MB of L3 cache", v).missing  # "least" is no maker the user named
    a = InteRecAgent(cpus, ScriptedLLM([POPULAR] * 2, routed=True), SessionStore(tmp_path / "s.db"), DemoBank(cpus.ds),
                     llm_intro="off")
    t = a.turn("intel cpu with 128 cores")  # before: a validation error instead of an answer
    assert not t.items and "128" in t.reply and "error" not in t.reply.lower()


def test_hardware_units_and_the_column_next_to_the_number(cpus):
    v = cpus.vocab
    assert ("tdp", "<", 15.0) in _conds(understand("low power stuff, under 15 watts", v))
    assert ("boost_clock", ">=", 4.3) in _conds(understand("only ones that boost to at least 4.3 ghz", v))
    c = _conds(understand("4 cores, base clock at least 3.5ghz, and less than 65W tdp", v))
    assert {("cores", "=", 4.0), ("base_clock", ">=", 3.5), ("tdp", "<", 65.0)} <= c
    assert ("l3_cache", ">=", 32.0) in _conds(understand("at least 32 MB of L3 cache", v))


def test_short_labels_lowercase_acronyms_and_open_questions(cpus):
    """Session 4, from the cpus catalog's failures: a socket ("AM4" of 59 CPUs) is a category
    value; "amd" written in lower case is the maker the catalog writes "AMD" (an acronym, no
    common word); "X specs?" / "how much cache does X have" is a question about X, answered
    from its columns."""
    v = cpus.vocab
    assert v.columns["socket"].role == "category"
    assert ("company", "in", ("AMD",)) in _conds(understand("give me 3 amd chips with 12 cores", v))
    i = understand("how many chips use the AM4 socket?", v)
    assert i.kind == "count" and ("socket", "in", ("AM4",)) in _conds(i)
    i = understand("how much l3 cache does the EPYC 7742 have?", v)
    assert i.kind == "fact" and "l3_cache" in i.fact_columns
    assert {"cores", "threads", "tdp"} <= set(i.fact_columns)  # what the catalog knows of it, not one column
    assert understand("more cpus like the EPYC 7742?", v).kind == "recommend"
    i = understand("EPYC 7742 specs?", v)  # a title with a model number names one item, not a kind of them
    assert i.kind == "fact" and cpus.title(i.mentions[0].item_id) == "EPYC 7742" and "cores" in i.fact_columns


# ---------------------------------------------------------------- a measure by year (ontario-towns)
@pytest.fixture(scope="module")
def towns(home):
    return _prepare(home, "ontario-towns", REPO / "benchmarks" / "catalogs" / "ontario-towns" / "items.csv", "id", "name")


def test_a_measure_by_year_is_one_measure(towns, tmp_path):
    """population_1996 … population_2021: "people" means the latest unless a year is said, and
    the year that picks the column is no condition of its own."""
    v = towns.vocab
    assert v.columns["population_2021"].latest and v.columns["population_2016"].years == (2016,)
    assert _conds(understand("towns under 3000 residents", v)) >= {("population_2021", "<", 3000.0)}
    c = _conds(understand("how many places had over 100,000 people in 2016", v))
    assert ("population_2016", ">", 100000.0) in c and not any(x[0] != "population_2016" for x in c)
    i = understand("what was the population of Ajax in 2016?", v)
    assert i.kind == "fact" and i.fact_columns == ("population_2016",)
    a = InteRecAgent(towns, ScriptedLLM([POPULAR] * 2, routed=True), SessionStore(tmp_path / "s.db"),
                     DemoBank(towns.ds), llm_intro="off")
    t = a.turn("how big is Algonquin Highlands in square km")
    assert t.intent["kind"] == "fact" and "999.69" in t.reply and len(t.items) <= 1  # no list; at most its card


# ---------------------------------------------------------------- a catalog met after the session-4 freeze (forbes2000)
@pytest.fixture(scope="module")
def companies(home):
    return _prepare(home, "forbes2000", REPO / "benchmarks" / "catalogs" / "forbes2000" / "items.csv", "id", "name")


def test_countries_head_nouns_possessives_and_amounts_in_billions(companies, towns):
    """From the forbes2000 catalog's untouched run: "swiss" is Switzerland; "companies" alone is
    not the category "Trading companies"; "Microsoft's market value" asks about Microsoft's
    "marketvalue" column; "100 billion in sales" on a column of 0.01–256 means 100 (billions),
    while "5 million people" on a population column stays five million."""
    v = companies.vocab
    assert ("country", "in", ("Switzerland",)) in _conds(understand("swiss pharma compnaies", v))
    c = _conds(understand("swedish or danish companies", v))
    assert c == {("country", "in", ("Sweden", "Denmark"))}
    assert ("category", "in", ("Trading companies",)) in _conds(understand("trading companies", v))
    i = understand("whats microsoft's market value", v)
    assert i.kind == "fact" and i.fact_columns == ("marketvalue",) and companies.title(i.mentions[0].item_id) == "Microsoft"
    assert v.columns["sales"].role == "other"  # 256.33 of sales is an amount, not a count of things
    assert ("sales", ">", 100.0) in _conds(understand("companies with more than 100 billion dollars in sales", v))
    assert ("marketvalue", "<", 1.0) in _conds(understand("small caps with a market value under $1bn", v))
    assert ("population_2021", ">", 5_000_000.0) in _conds(understand("a city with more than 5 million people", towns.vocab))


def test_the_users_word_for_unnamed_items_and_orders_by_a_named_column(companies):
    """A catalog that never said what its rows are: "companies" is the user's word for them (no
    condition, nothing left unread), a later noun is still a wish ("companies that make phones");
    "top 5 … by profits", "the highest sales", "sorted by market value" order by that column."""
    v = companies.vocab
    for msg in ("oil and gas companies", "any software companies?", "companies"):
        i = understand(msg, v)
        assert ("category", "in", ("Trading companies",)) not in _conds(i) and "companies" not in " ".join(i.unmatched), msg
    assert "phones" in " ".join(understand("companies that make phones", v).unmatched)
    i = understand("list the top 5 companies by profits", v)
    assert [(h.column, h.descending) for h in i.sort] == [("profits", True)] and i.k == 5 and not i.unmatched
    assert [(h.column, h.descending) for h in understand("which companies have the lowest assets", v).sort] == [("assets", False)]
    i = understand("japanese companies sorted by market value", v)
    assert ("country", "in", ("Japan",)) in _conds(i) and [h.column for h in i.sort] == ["marketvalue"] and not i.unmatched


def test_losses_absent_places_and_country_abbreviations(companies):
    """A signed measure: "lost money" is below zero, "lost more than a billion" below −1 on a
    column kept in billions, "didn't lose money" at or above zero; a people the catalog's
    places lack ("icelandic") is said back as missing, not dropped; "the uk", "the US"."""
    v = companies.vocab
    assert ("profits", "<", 0.0) in _conds(understand("how many companies lost money", v))
    assert ("profits", "<", -1.0) in _conds(understand("which companies lost more than a billion dollars", v))
    assert ("profits", ">=", 0.0) in _conds(understand("telecom companies that didn't lose money", v))
    assert ("profits", ">", 0.0) in _conds(understand("profitable banks in japan", v))
    i = understand("any icelandic companies?", v)
    assert i.missing == ("Iceland",) and not i.conditions
    assert ("country", "not_in", ("United States",)) in _conds(understand("oil companies not from the US", v))
    assert any(c[0] == "country" and "United Kingdom" in c[2] for c in _conds(understand("insurance companies in the uk", v)))
    assert not any(c[0] == "country" for c in _conds(understand("give us some banks", v)))


def test_model_codes_percent_fractions_square_units_and_scope(cpus, towns):
    """A model code one title carries names that item ("threadripper 3990x - how many threads");
    "20%" on a change column kept as fractions is 0.2 and "between 2016 and 2021" picks that
    column instead of being read as values; "km2"/"km²"/"square miles" convert to the column's
    km²; words of the catalog's name are its scope (Ontario is not Toronto)."""
    i = understand("threadripper 3990x - how many threads", cpus.vocab)
    assert i.kind == "fact" and i.fact_columns == ("threads",) and cpus.title(i.mentions[0].item_id) == "Ryzen Threadripper 3990X"
    assert cpus.title(understand("i7 8700k specs?", cpus.vocab).mentions[0].item_id) == "Core i7-8700K"
    v = towns.vocab
    c = _conds(understand("places that grew by more than 20% between 2016 and 2021", v))
    assert ("pop_change_2016_2021_pct", ">", 0.2) in c and not any(x[0] == "population_1996" for x in c)
    assert ("land_area_km2", ">", 5000.0) in _conds(understand("a town that covers more than 5000 km2", v))
    assert ("land_area_km2", ">", 300.0) in _conds(understand("towns over 300 km²", v))
    assert any(x[0] == "land_area_km2" and abs(x[2] - 258.9988) < 0.01 for x in _conds(understand("towns bigger than 100 square miles", v)))
    i = understand("cities in ontario", v)
    assert not any(x[0] == "census_div" for x in _conds(i)) and not i.unmatched


def test_instead_swaps_one_value_and_keeps_the_rest(towns, tmp_path):
    a = InteRecAgent(towns, ScriptedLLM([]), SessionStore(tmp_path / "s.db"), DemoBank(towns.ds), llm_intro="off")
    t = a.turn("show me townships in Hastings")
    t = a.turn("what about lanark instead", session=t.session)
    assert t.items and {towns.vocab.item_value(it["id"], "census_div") for it in t.items} == {"Lanark"}
    assert {it["csd_type"] for it in t.items} == {"township"}


# ---------------------------------------------------------------- a catalog met after the session-5 freeze (paris-metro)
@pytest.fixture(scope="module")
def stations(home):
    return _prepare(home, "paris-metro", REPO / "benchmarks" / "catalogs" / "paris-metro" / "items.csv", "id", "name")


def test_comma_lists_column_words_and_presence(stations):
    """From the paris-metro catalog's untouched run (3/30): "1, 4" is a list of lines; "line 4"
    is that value of that column, "line 15" a value the catalog lacks (said back, not dropped);
    "the 15th" is the one value holding that word; a mostly-empty list column's own word asks
    for items with any value there ("with a tram"), negated for none ("don't connect to the rer");
    "st" is "saint"; a bare name in a catalog without interactions is a look-up."""
    v = stations.vocab
    assert v.columns["lines"].type == "list" and v.columns["connect_rer"].type == "list"
    assert ("lines", "contains", "4") in _conds(understand("stations on line 4", v))
    i = understand("stations on line 15", v)
    assert i.missing == ("line 15",) and not i.conditions
    assert ("location", "contains", "Paris 15th") in _conds(understand("how many stations are there in the 15th", v))
    c = _conds(understand("line 9 stations that don't connect to the rer", v))
    assert ("lines", "contains", "9") in c and any(x[0] == "connect_rer" and x[1] == "not_in" and set(x[2]) == set("ABCDE") for x in c)
    assert any(x[0] == "connect_tramway" and x[1] == "in" for x in _conds(understand("any metro stations where you can hop on a tram", v)))
    i = understand("info on strasbourg st denis", v)
    assert i.kind == "fact" and stations.title(i.mentions[0].item_id) == "Strasbourg—Saint-Denis"
    i = understand("montparnasse bienvenue", v)
    assert i.kind == "fact" and stations.title(i.mentions[0].item_id) == "Montparnasse—Bienvenüe"
    assert understand("tell me about charles de gaulle etoile", v).language == "en"


# ---------------------------------------------------------------- a catalog met after the session-5 code was final (billboard2000)
@pytest.fixture(scope="module")
def songs(home):
    return _prepare(home, "billboard2000", REPO / "benchmarks" / "catalogs" / "billboard2000" / "items.csv", "id", "track")


def test_iso_dates_title_words_and_cut_off_titles(songs):
    """From billboard2000's untouched run (8/30): a text column of ISO dates gets a year column
    people ask by ("entered in 1999"); "with love in the title" is words of the title; a title the
    source cut off ("Oops!.. I Did It Aga...") is linked by what the user types in full."""
    v = songs.vocab
    assert v.columns["date_entered_year"].role == "time"
    assert ("date_entered_year", "=", 1999.0) in _conds(understand("how many songs entered the chart in 1999?", v))
    i = understand("any songs with love in the title", v)
    assert _conds(i) == {("title", "matches", ("love",))} and not i.unmatched
    i = understand("oops i did it again", v)
    assert i.mentions and songs.title(i.mentions[0].item_id) == "Oops!.. I Did It Aga..."


# ---------------------------------------------------------------- titles that end in a character no word holds
def test_a_title_ending_in_a_sign_is_read_whole(home, tmp_path):
    """"Go! Go! Nippon! ~My First Trip to Japan~" (steam): the closing "~" is no token, so the
    whole title was never matched and its words went to the planner; a sentence's own full stop
    after a title is still not part of it."""
    titles = ["Go! Go! Nippon! ~My First Trip to Japan~", "Team Fortress 2", "Sniper Elite V2", "Heat",
              "Recettear: An Item Shop's Tale", "Airplane!", "Dota 2", "Portal", "Braid", "Limbo"]
    f = tmp_path / "games.csv"
    with open(f, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["id", "name", "year"])
        w.writerows([[i + 1, t, 2000 + i] for i, t in enumerate(titles)])
    games = _prepare(home, "signgames", f, "id", "name")
    v = games.vocab
    it = understand("I loved Sniper Elite V2, Go! Go! Nippon! ~My First Trip to Japan~ and Team Fortress 2. "
                    "What else would I like?", v)
    assert [games.title(i) for i in it.liked] == ["Sniper Elite V2", "Go! Go! Nippon! ~My First Trip to Japan~",
                                                  "Team Fortress 2"] and not it.unmatched
    it = understand("I loved Go! Go! Nippon! ~My First Trip to Japan~", v)
    assert [games.title(i) for i in it.liked] == ["Go! Go! Nippon! ~My First Trip to Japan~"]
    it = understand("I loved Heat. And Airplane! too", v)
    assert [games.title(i) for i in it.liked] == ["Heat", "Airplane!"]


# ---------------------------------------------------------------- a table without titles; bare compared numbers
@pytest.fixture(scope="module")
def gems(home, tmp_path_factory):
    """A loose-stone table as a user brings it: an "ID" column, no title, unitless numbers."""
    path = tmp_path_factory.mktemp("gems") / "gems.csv"
    rows = [(i, round(0.3 + 0.05 * (i % 15), 2), "DEFGH"[i % 5], 900 + 173 * i) for i in range(1, 41)]
    path.write_text("ID,carat,colour,price\n" + "".join(f"{a},{b},{c},{d}\n" for a, b, c, d in rows))
    src = CustomSource(items=str(path))  # the defaults: no --id-col, no --title-col
    p = custom_source_path(home, "gems")
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    return CatalogAccess(prepare(home, "gems", kcore_k=1), home)


def test_a_table_without_titles_names_items_by_noun_and_id(gems):
    titles = list(gems.items["title"])
    assert titles[:2] == ["gem 1", "gem 2"] and "title" in gems.ds.manifest["stats"]
    i = understand("the 2 priciest ones", gems.vocab)
    assert i.k == 2 and not i.mentions  # "2" is a count, not item 2
    assert [(s.column, s.descending) for s in i.sort] == [("price", True)]
    (m,) = understand("tell me about gem 3", gems.vocab).mentions
    assert m.item_id == "3"


@pytest.fixture(scope="module")
def metro(home):
    return _prepare(home, "paris-metro", REPO / "benchmarks" / "catalogs" / "paris-metro" / "items.csv", "id", "name")


def test_a_bare_compared_number_binds_to_the_one_column_its_magnitude_fits(gems, menu, films, metro, tiny_vocab):
    # métro stations: ten million is a yearly passenger count (not a longitude, not a line count) ...
    assert ("passengers", ">", 10_000_000.0) in _conds(understand("over 10 million entries a year", metro.vocab))
    # ... while "3 or more metro lines" counts a list column's values: no measure is bounded by it
    assert not understand("stations served by 3 or more metro lines", metro.vocab).conditions
    # gems: 3000 is a price (900..7820), not a carat (0.3..1.0)
    assert ("price", "<", 3000.0) in _conds(understand("anything under 3000", gems.vocab))
    assert ("carat", ">=", 0.5) in _conds(understand("at least 0.5 please", gems.vocab))
    # fast food: calories, sodium, cholesterol… several columns could hold 500: no guess, the number stays unread
    assert not understand("something under 500", menu.vocab).conditions
    # films: 1,500,000 fits the budget alone (runtime 70..199 minutes)
    assert ("budget", ">=", 1500000.0) in _conds(understand("at least 1500000", films.vocab))
    # games: a bare number with no comparison is never bound by size alone
    assert not understand("25", tiny_vocab).conditions


def test_the_cheapest_and_the_most_expensive_with_a_count(gems, tiny_vocab):
    for v, col in ((gems.vocab, "price"), (tiny_vocab, "cost")):
        cheap = understand("the cheapest 3", v)
        dear = understand("show me the 4 most expensive", v)
        assert [(s.column, s.descending) for s in cheap.sort] == [(col, False)] and cheap.k == 3
        assert [(s.column, s.descending) for s in dear.sort] == [(col, True)] and dear.k == 4


@pytest.mark.llm
def test_a_sample_of_the_catalog_zoo(menu, home):
    """CI's sample of ``benchmarks/zoo.py``: every 8th request of the fast-food catalog through the
    whole agent (the embedded model where a turn calls it), checked by the benchmark's own checker;
    no returned item may break a stated condition."""
    import argparse
    import importlib.util

    from test_llm_local import need_local_model
    from convrec.api import Agent

    need_local_model()
    spec = importlib.util.spec_from_file_location("zoo", REPO / "benchmarks" / "zoo.py")
    zoo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(zoo)
    group = zoo.catalogs(untouched=False)
    assert {"fastfood", "forbes2000", "paris-metro"} <= set(group) and len(group) >= 9
    assert len(zoo.catalogs(untouched=True)) >= 5  # kept for a first run
    agent = Agent.from_config(home, "fastfood", sessions_db=home.home / "zoo-sample.db")
    s = zoo._agent_eval().run_set(group["fastfood"][1], argparse.Namespace(every=8), lambda _ds: agent)
    assert s["requests"] == 5 and s["violating_items"] == 0, s["results"]
    assert sum(int(v.split("/")[1]) for v in s["by_kind"].values()) == 5
    md = zoo.table("fastfood", s, zoo.first_run("fastfood"))
    assert "| kind | first run | now |" in md and "first run 11/40" in md
