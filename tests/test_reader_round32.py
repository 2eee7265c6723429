"""Readers that generalise (issue 60, session 41, developed on round 32 after its first run), on small
catalogs written here (none of them round 32's): a maker's name that is also an item's title, said
before what it made ("led zeppelin albums"); one name written with and without "The"; an item named
like a conversation phrase ("Nevermind"); a number column with one row shifted into it; a column
named by the catalog's own noun that holds codes (`Type` of "jet-types": "B787-9")."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_round20 import _agent


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round32"))


_BANDS = ["Led Zeppelin", "The Kinks", "Kinks", "Blur", "Oasis", "Portishead", "Massive Attack", "The Cure"]


@pytest.fixture(scope="module")
def records(home, tmp_path_factory):
    rows = ["id,Record,Band,Year"]
    k = 0
    for b, band in enumerate(_BANDS):
        for n in range(5):
            k += 1
            rows.append(f"{k},{band} Sessions {n + 1},{band},{1965 + b * 4 + n}")
    rows += [f"{k + 1},Led Zeppelin,Led Zeppelin,1969", f"{k + 2},Nevermind,Nirvana,1991",
             f"{k + 3},Bleach,Nirvana,1989", f"{k + 4},In Utero,Nirvana,1993"]
    return _csv(home, tmp_path_factory, "band-records", "\n".join(rows) + "\n")


def test_a_makers_name_before_what_it_made_is_the_maker(records):
    v = records.vocab
    for said in ("led zeppelin records not from 1969", "only the Led Zeppelin ones", "how many led zeppelin records are there"):
        it = understand(said, v)
        assert ("band", ("Led Zeppelin",)) in [(c.column, c.value) for c in it.conditions], said
        assert not it.mentions, said
    it = understand("I loved Led Zeppelin", v)  # the album, liked
    assert [m.title for m in it.mentions] == ["Led Zeppelin"]


def test_a_name_with_and_without_the_is_one_name(records):
    v = records.vocab
    it = understand("kinks records", v)
    assert [set(c.value) for c in it.conditions if c.column == "band"] == [{"Kinks", "The Kinks"}]
    it = understand("records by the kinks", v)
    assert [set(c.value) for c in it.conditions if c.column == "band"] == [{"Kinks", "The Kinks"}]


def test_an_item_named_like_a_conversation_phrase(home, records, tmp_path):
    a = _agent(home, tmp_path, "band-records")
    t = a.chat("what year did Nevermind come out?")
    assert "1991" in t.reply
    s = a.new_session()
    a.chat("records from the 90s", session=s)
    t = a.chat("nevermind", session=s)
    assert not t.items  # the phrase alone still starts over


@pytest.fixture(scope="module")
def rescues(home, tmp_path_factory):
    rows = ["id,crew,Age,Station"]
    for k in range(1, 61):
        age = "" if k % 7 == 0 else ("Hammett" if k == 33 else str(20 + k))
        rows.append(f"{k},Crew {k},{age},Station {k % 4}")
    return _csv(home, tmp_path_factory, "rescue-crews", "\n".join(rows) + "\n")


def test_a_number_column_with_one_row_shifted_into_it(rescues):
    v = rescues.vocab
    assert v.columns["age"].type == "integer"
    it = understand("crews over 60", v)
    assert [(c.column, c.op, c.value) for c in it.conditions] == [("age", ">", 60.0)]


@pytest.fixture(scope="module")
def jets(home, tmp_path_factory):
    rows = ["id,Type,Maker,Engines,Span_m"]
    for k, (t, m, e) in enumerate([("B737-800", "Boeing", 2), ("B747-400", "Boeing", 4), ("B787-9", "Boeing", 2),
                                   ("A320-NEO", "Airbus", 2), ("A380-800", "Airbus", 4), ("A350-900", "Airbus", 2),
                                   ("E190", "Embraer", 2), ("CRJ900", "Bombardier", 2), ("B777-300ER", "Boeing", 2),
                                   ("A340-600", "Airbus", 4)], start=1):
        rows.append(f"{k},{t},{m},{e},{30 + k * 4.5}")
    return _csv(home, tmp_path_factory, "jet-types", "\n".join(rows) + "\n")


def test_a_column_named_by_the_catalogs_noun_names_the_items(jets):
    v = jets.vocab
    assert list(v.items["title"])[:3] == ["B737-800", "B747-400", "B787-9"]


def test_model_codes_said_without_the_makers_letter(jets):
    v = jets.vocab
    it = understand("what's the span of the 787-9?", v)
    assert [m.title for m in it.mentions] == ["B787-9"] and it.kind == "fact"
    it = understand("jets with a longer span than the 777-300ER", v)
    assert [(c.column, c.op) for c in it.conditions] == [("span_m", ">")]


def test_counts_said_as_compound_adjectives(jets):
    v = jets.vocab
    for said, n in (("four engined jets", 4.0), ("twin engine types", 2.0), ("twin-engine jets please", 2.0)):
        assert [(c.column, c.value) for c in understand(said, v).conditions] == [("engines", n)], said
    assert not understand("the twin towers", v).conditions


@pytest.fixture(scope="module")
def quasars(home, tmp_path_factory):
    rows = ["id,Name,Redshift,Survey,Magnitude"]
    for k in range(1, 41):
        rows.append(f"{k},Q{1000 + k},{0.05 * k:.3f},{['SDSS', 'ZTF', 'DES'][k % 3]},{14 + (k % 9) * 0.5}")
    return _csv(home, tmp_path_factory, "quasar-list", "\n".join(rows) + "\n")


def test_a_comparison_said_before_the_columns_words(quasars):
    v = quasars.vocab
    for said, op, x in (("non-ZTF quasars below redshift 0.2", "<", 0.2), ("only the ones above redshift 1", ">", 1.0),
                        ("any quasars beyond redshift 5?", ">", 5.0)):  # (5: beyond them all, answered "none")
        got = [(c.op, c.value) for c in understand(said, v).conditions if c.column == "redshift"]
        assert got == [(op, x)], said
    it = understand("quasars with more than 50% brightness", v)
    assert not [c for c in it.conditions if c.op == "matches" and "than" in str(c.value)]  # no code "than50"


@pytest.fixture(scope="module")
def nebulae(home, tmp_path_factory):
    rows = ["id,Designation,RA_deg,DEC_deg,Size_arcmin"]
    for k in range(1, 31):
        rows.append(f"{k},NGC {1000 + k * 7},{k * 11.5:.2f},{(-1) ** k * (3 + k * 2.1):+.4f},{1 + k % 6}")
    return _csv(home, tmp_path_factory, "planetary-nebulae", "\n".join(rows) + "\n")


def test_the_skys_halves_and_a_latin_plural(nebulae):
    v = nebulae.vocab
    assert v.domain == "nebula"
    assert [(c.column, c.op, c.value) for c in understand("nebulae in the southern sky", v).conditions] == [("dec_deg", "<", 0.0)]
    assert [(c.column, c.op, c.value) for c in understand("which are in the northern hemisphere?", v).conditions] == [
        ("dec_deg", ">", 0.0)]


@pytest.fixture(scope="module")
def lifeguards(home, tmp_path_factory):
    ranks = ["Lifeguard", "Lifeguard/EMT", "Senior Lifeguard", "Lifeguard - Trainer", "Captain", "Beach Chief",
             "Lifeguard", "Lifeguard", "Assistant Beach Chief", "Lifeguard"]
    rows = ["id,First Name,Last Name,Rank,Age"]
    firsts = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon"]
    for k in range(1, 51):
        rows.append(f"{k},{firsts[k % 10]},{['Smith', 'Jones', 'Brown', 'Taylor', 'Evans'][k % 5]}{'son' * (k // 5)},{ranks[k % 10]},{20 + k}")
    return _csv(home, tmp_path_factory, "lifeguard-rescues", "\n".join(rows) + "\n")


def test_the_items_own_noun_said_as_a_family_of_values(lifeguards):
    v = lifeguards.vocab
    it = understand("who was the oldest lifeguard on the list?", v)
    assert not it.conditions and it.sort and it.sort[0].column == "age"
    assert [(c.column, c.op) for c in understand("any lifeguards over 100 years old?", v).conditions] == [("age", ">")]
    assert [c.column for c in understand("beach chiefs over 40", v).conditions if c.op == "in"] == ["rank"]  # a few: a condition
    assert [c.op for c in understand("not lifeguards", v).conditions] == ["not_in"]


@pytest.fixture(scope="module")
def incidents(home, tmp_path_factory):
    kinds = ["Theft", "Theft of laptop", "Theft by staff", "Hacking", "Loss", "Theft", "Theft of paper", "Disposal"]
    rows = ["id,Entity,Kind,Affected"]
    for k in range(1, 41):
        rows.append(f"{k},Clinic {k},\"{kinds[k % 8]}\",{100 * k}")
    return _csv(home, tmp_path_factory, "data-incidents", "\n".join(rows) + "\n")


def test_a_kind_of_item_is_a_condition_where_items_are_no_people(incidents):
    it = understand("thefts affecting over 1000 people", incidents.vocab)
    assert "kind" in [c.column for c in it.conditions]


@pytest.fixture(scope="module")
def paints(home, tmp_path_factory):
    makers = {"Kestrel": "K", "Halcyon": "H", "Ostara": "OS"}
    rows = ["id,code,maker,name,desc,cover"]
    k = 0
    for m, pre in makers.items():
        for n in range(1, 16):
            k += 1
            desc = ["Full coverage in one coat", "Matte finish with light coverage", "Satin sheen, washable",
                    "Gloss for trim and doors", "Chalky look, two coats"][n % 5]
            rows.append(f"{k},{pre}{100 + n * 3},{m},{m} shade {n},{desc},{(40 + n) / 100:.2f}")
    return _csv(home, tmp_path_factory, "paint-colours", "\n".join(rows) + "\n")


def test_a_makers_name_and_number_is_the_item_coded_so(paints):
    v = paints.vocab
    it = understand("what's the coverage of Kestrel 103?", v)
    assert [m.title for m in it.mentions] == ["Kestrel shade 1"]
    assert it.kind == "fact" and it.fact_columns == ("cover",)  # "coverage", as the texts write it, of `cover`
    it = understand("halcyon paints with more coverage than ostara 109", v)
    assert [m.title for m in it.mentions] == ["Ostara shade 3"]
    assert ("cover", ">") in [(c.column, c.op) for c in it.conditions]


def test_one_of_a_few_makers_before_the_items_noun(paints):
    v = paints.vocab
    assert [(c.column, c.value) for c in understand("Ostara paints please", v).conditions] == [("maker", ("Ostara",))]


@pytest.fixture(scope="module")
def chips(home, tmp_path_factory):
    rows = ["id,title,maker,cores"]
    for k in range(1, 31):
        fam = ["Core i7", "Core i5", "Ryzen 7"][k % 3]
        rows.append(f"{k},{fam}-{8000 + k * 11}K,{'AMD' if fam.startswith('Ryzen') else 'Intel'},{4 + k % 8}")
    return _csv(home, tmp_path_factory, "desk-chips", "\n".join(rows) + "\n")


def test_a_code_led_by_a_stop_words_letter(chips):
    v = chips.vocab  # "i7": the letter is the pronoun "I", the code is the items' (not "than50")
    assert ("title", "matches", ("i7",)) in {(c.column, c.op, c.value) for c in understand("intel core i7 chips", v).conditions}
