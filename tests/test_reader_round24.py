"""Readers that generalise (issue 60, session 34), on small catalogs written here (none of them round
24's): a terse header said by its words' initials keeps the comparison said with it ("a tail longer
than 90" on `TL`, "a wider head than …" on `HW`); one-letter codes said by a word's first letter where
the word names a kind of item ("green males", "lizards that aren't red"), but not two letters that only
happen to be element symbols; an item said by its values and its number within them ("green female
12"); clock times on a column of hours ("after 5:30 pm", "before 8 in the morning", "in the evening");
parts of the week; money said with a currency on the amount as written (not its inflation-adjusted copy);
"the biggest" where no column is a size; a value's capital initials across a lower-case joining word
("INS" of "Instituto Nacional de Salud"); an accented header; a reference picked by its year alone
("lower turnout than in 1990") or by the year said elsewhere ("in 2000 … than Peru did"); a common
English word is no typo of a text word ("programs" is not "programa")."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round24"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


@pytest.fixture(scope="module")
def lizards(home, tmp_path_factory):
    rows = ["id,sp,sex,index,SVL,TL,HW"]
    n = 0
    for sp in ("G", "R"):
        for sex in ("M", "F"):
            for idx in range(1, 16):
                n += 1
                rows.append(f"{n},{sp},{sex},{idx},{40 + (n * 7) % 35}.{n % 10},{70 + (n * 11) % 60}.5,{8 + (n * 3) % 9}.{n % 7}")
    return _csv(home, tmp_path_factory, "lizards24", "\n".join(rows) + "\n")


def test_initials_header_keeps_its_comparative(lizards):
    v = lizards.vocab
    it = understand("lizards with a tail longer than 90 mm", v)
    assert ("tl", ">", 90.0) in _conds(it) and not it.unmatched
    it = understand("which ones have a tail length under 80", v)
    assert _conds(it) == {("tl", "<", 80.0)} and not it.unmatched  # "tail" said, not left unread


def test_one_letter_codes_by_a_words_first_letter(lizards):
    v = lizards.vocab
    assert _conds(understand("green males please", v)) == {("sp", "in", ("G",)), ("sex", "in", ("M",))}
    assert ("sp", "not_in", ("R",)) in _conds(understand("lizards that aren't red with a head width under 10", v))
    # a word that names no kind of item stays unread: no code by its first letter
    assert not any(c.column == "sp" for c in understand("good lizards", v).conditions)


def test_an_item_by_its_values_and_its_number_within_them(lizards):
    v = lizards.vocab
    items = v.items.set_index("item_id")
    it = understand("green female 12", v)
    assert it.mentions and items.loc[it.mentions[0].item_id, "sex"] == "F" and items.loc[it.mentions[0].item_id, "index"] == 12
    ref = items[(items["sp"] == "R") & (items["sex"] == "M") & (items["index"] == 3)]
    it = understand("lizards with a wider head than red male 3", v)
    assert ("hw", ">", round(float(ref["hw"].iloc[0]), 2)) in _conds(it)
    it = understand("lizard 12", v)  # the id, said with the items' noun, stays the id
    assert it.mentions and it.mentions[0].item_id == "12"


@pytest.fixture(scope="module")
def trips(home, tmp_path_factory):
    days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    rows = ["id,start_hour,weekday,distance_km"]
    for i in range(1, 57):
        rows.append(f"{i},{(i * 0.43) % 24:.3f},{days[i % 7]},{2 + i % 17}")
    return _csv(home, tmp_path_factory, "trips24", "\n".join(rows) + "\n")


def test_clock_times_on_a_column_of_hours(trips):
    v = trips.vocab
    assert _conds(understand("trips starting after 5:30 pm", v)) == {("start_hour", ">", 17.5)}
    assert _conds(understand("any trips before 8 in the morning?", v)) == {("start_hour", "<", 8.0)}
    assert _conds(understand("trips in the evening", v)) == {("start_hour", ">=", 17.0), ("start_hour", "<=", 21.0)}
    assert _conds(understand("trips after noon", v)) == {("start_hour", ">", 12.0)}


def test_parts_of_the_week(trips):
    v = trips.vocab
    assert _conds(understand("weekend trips", v)) == {("weekday", "in", ("Saturday", "Sunday"))}
    assert ("weekday", "in", ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")) in \
        _conds(understand("trips on weekdays over 10 km", v))


@pytest.fixture(scope="module")
def grants(home, tmp_path_factory):
    agencies = ["Instituto Nacional de Salud", "Consejo Nacional de Ciencia", "Fondo Verde"]
    rows = ["id,Año,Agencia,Descripcion,Monto,Factor,Monto_Real"]
    for i in range(1, 46):
        amount = 50_000 * (i * 37 % 97 + 1)
        topics = ["vacunas", "agua potable", "bosques", "suelos", "energia solar", "pesca", "salud rural", "escuelas",
                  "caminos", "riego", "clima", "costas", "residuos", "aire limpio", "semillas"]
        desc = f"{'Programa' if i % 3 == 0 else 'Apoyo'} de {topics[i % 15]} en la region {i % 7 + 1} ({i})"
        rows.append(f'{i},{2010 + i % 9},{agencies[i % 3]},{desc},"${amount:,}.00",1.{i % 5 + 1},"${amount / 1.3:,.2f}"')
    return _csv(home, tmp_path_factory, "grants24", "\n".join(rows) + "\n")


def test_money_said_with_a_currency_binds_the_amount_as_written(grants):
    v = grants.vocab
    assert "ano" in v.columns  # "Año": the accent dropped, not "a_o"
    it = understand("grants over 2 million pesos", v)
    assert _conds(it) == {("monto", ">", 2_000_000.0)} and not it.unmatched
    it = understand("the biggest grant", v)
    assert it.sort and it.sort[0].column == "monto" and it.sort[0].descending


def test_initials_across_a_lower_case_joining_word(grants):
    it = understand("INS grants in 2015", grants.vocab)
    assert ("agencia", "in", ("Instituto Nacional de Salud",)) in _conds(it)


def test_a_common_word_is_no_typo_of_a_text_word(grants):
    it = understand("programs in 2012", grants.vocab)
    assert not any(c.column == "descripcion" for c in it.conditions)  # "programs", not the Spanish "Programa"


@pytest.fixture(scope="module")
def turnout(home, tmp_path_factory):
    rows = ["id,country,year,turnout"]
    n = 0
    for c, base in (("Chile", 70), ("Peru", 80), ("Bolivia", 60), ("Uruguay", 88)):
        for y in range(1985, 2011, 5):
            n += 1
            rows.append(f"{n},{c},{y},{base + (y * 7 + n) % 13 - 6}.{n % 10}")
    return _csv(home, tmp_path_factory, "turnout24", "\n".join(rows) + "\n")


def test_a_reference_picked_by_its_year(turnout):
    v = turnout.vocab
    items = v.items
    chile90 = float(items[(items["country"] == "Chile") & (items["year"] == 1990)]["turnout"].iloc[0])
    it = understand("years when Chile had lower turnout than in 1990", v)
    assert _conds(it) == {("country", "in", ("Chile",)), ("turnout", "<", round(chile90, 2))}
    peru00 = float(items[(items["country"] == "Peru") & (items["year"] == 2000)]["turnout"].iloc[0])
    it = understand("in 2000 which countries had a higher turnout than Peru did", v)
    assert _conds(it) == {("year", "=", 2000.0), ("turnout", ">", round(peru00, 2))}


@pytest.fixture(scope="module")
def towns(home, tmp_path_factory):
    names = ["Oxford", "Reading", "Banbury", "Witney", "Abingdon", "Didcot", "Thame", "Bicester", "Wantage", "Henley",
             "Wallingford", "Chipping Norton"]
    rows = ["id,name,population,dist_oxford"]
    for i, n in enumerate(names, 1):
        rows.append(f"{i},{n},{5000 + i * 1371},{0 if n == 'Oxford' else 8 + (i * 7) % 40}")
    return _csv(home, tmp_path_factory, "towns24", "\n".join(rows) + "\n")


def test_a_distance_from_the_item_a_column_measures_from(towns):
    v = towns.vocab
    it = understand("towns more than 20 km away from Oxford", v)
    assert _conds(it) == {("dist_oxford", ">", 20.0)} and not it.mentions
    it = understand("towns like Oxford", v)  # no distance said: the town is the one liked
    assert it.mentions and not it.conditions


@pytest.fixture(scope="module")
def votes(home, tmp_path_factory):
    states = ["Alabama", "Alaska", "Arizona", "DC", "Florida", "Georgia", "Ohio", "Texas", "Utah", "Vermont"]
    rows = ["id,state,year,demVote"]
    n = 0
    for y in (2008, 2012, 2016):
        for s in states:
            n += 1
            rows.append(f"{n},{s},{y},{20 + (n * 13) % 70}.{n % 10}")
    return _csv(home, tmp_path_factory, "votes24", "\n".join(rows) + "\n")


def test_a_standard_code_is_said_by_its_own_name(votes):
    v = votes.vocab
    it = understand("states where the democratic candidate got less than 30 percent", v)
    assert not any(c.column == "state" for c in it.conditions)  # no "DC" from "democratic candidate"
    assert ("state", "in", ("DC",)) in _conds(understand("results for the district of columbia", v))


def test_best_and_worst_for_what_a_column_measures(votes):
    it = understand("the 3 worst states for the Democrat in 2016", votes.vocab)
    assert it.k == 3 and it.sort and it.sort[0].column == "demvote" and not it.sort[0].descending
    assert ("year", "=", 2016.0) in _conds(it)


def test_a_blended_name_of_a_value(grants):
    it = understand("Convenci grants", grants.vocab)  # not a blend of any one value: said back, never guessed
    assert not any(c.column == "agencia" for c in it.conditions)
    it = understand("Conaci grants", grants.vocab)  # CONsejo NACIonal de Ciencia
    assert ("agencia", "in", ("Consejo Nacional de Ciencia",)) in _conds(it)


@pytest.fixture(scope="module")
def launches(home, tmp_path_factory):
    rows = ["id,FlightNumber,Temperature,Pressure,Fail,nFailures"]
    codes = [str(i) for i in range(1, 10)] + ["41B", "41C", "41D", "41G", "51A", "51C", "51D", "51B", "51G", "51F", "51I",
                                              "51J", "61A", "61B", "61C"]
    for i, c in enumerate(codes, 1):
        n = (i * 5) % 3 if i % 4 == 0 else 0
        rows.append(f"{i},{c},{53 + (i * 7) % 29},{50 if i < 9 else (100 if i < 12 else 200)},{'yes' if n else 'no'},{n}.0")
    return _csv(home, tmp_path_factory, "launches24", "\n".join(rows) + "\n")


def test_how_many_of_one_named_item_is_its_number(launches):
    v = launches.vocab
    items = v.items.set_index("item_id")
    failed = items[items["nfailures"] > 0]
    code = str(failed["flightnumber"].iloc[-1])
    it = understand(f"how many failures did {code} have", v)
    assert it.kind == "fact" and it.mentions and "nfailures" in it.fact_columns
    it = understand(f"how many o-rings failed on flight {code}", v)
    assert it.kind == "fact" and "nfailures" in it.fact_columns  # not the flight number it is named by
    it = understand("launches that didn't have a failure", v)
    assert _conds(it) & {("fail", "=", False), ("nfailures", "=", 0.0), ("nfailures", "<=", 0.0)}
    assert not any(c.op == "missing" for c in it.conditions)  # none, not "not recorded"
    it = understand("flights not at 200 psi that were warmer than 70F", v)
    assert _conds(it) == {("pressure", "!=", 200.0), ("temperature", ">", 70.0)}


def test_a_code_with_a_letter_is_no_temperature(launches):
    v = launches.vocab
    it = understand("what was the temperature for flight 51C?", v)  # not "51 °C"
    assert it.kind == "fact" and it.mentions and it.mentions[0].text == "51C" and "temperature" in it.fact_columns
    assert _conds(understand("flights warmer than 70F", v)) == {("temperature", ">", 70.0)}


def test_a_brain_label_must_spell_a_header_of_initials(lizards):
    from convrec.llm.fake import ScriptedLLM
    from convrec.setup import name_columns, terse_columns

    terse = {c["name"] for c in terse_columns(lizards.ds)}
    assert {"tl", "hw"} <= terse
    brain = ScriptedLLM([{"names": [{"column": "tl", "label": "tail length"},
                                    {"column": "hw", "label": "head width size"}]}])
    got = name_columns(lizards.config, lizards.ds, brain=brain)
    assert got.get("tl", {}).get("label") == "tail length"
    assert "hw" not in got  # three words are no two initials: the header stays as it is
