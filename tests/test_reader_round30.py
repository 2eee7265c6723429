"""Readers that generalise (issue 60, session 40), on small catalogs written here (none of them round
30's): places named with their group ("Jefferson, Ohio") and linked by the name alone; "<group value>
towns" read as the group, not a word of the names; clock times kept as HHMM digits; a column named
apart from the number's unit; "the shortest waits"; comparisons with an item by its bare code; a
catalog written in Spanish (headers read in English, metric units for unitless lengths, cognate
values, day-first dates, bounds written as "menos de 1"); ISO country codes said by name; statistics
offices' header codes (PC_, _CAP, …XP); glued label words ("spacewalks"); people with "Jr."."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round30"))


def _conds(it):
    return {(c.column, c.op, round(c.value, 2) if isinstance(c.value, float) else c.value) for c in it.conditions}


# ---------------------------------------------------------------- towns: a name told apart by its province
_PROVINCES = ["Ontario", "Quebec", "Manitoba", "Alberta", "Nova Scotia"]


@pytest.fixture(scope="module")
def towns(home, tmp_path_factory):
    rows = ["id,town,province,median_income,residents"]
    names = ["Springfield", "Riverside", "Kingston", "Fairview", "Lakeview", "Milton", "Ashford", "Brookfield"]
    k = 0
    for n in names:
        for j, prov in enumerate(_PROVINCES):
            if (len(n) + j) % 3 == 0 and n not in ("Kingston",):
                continue
            k += 1
            rows.append(f"{k},{n},{prov},{30000 + (k * 977) % 40000},{800 + k * 1234}")
    k += 1
    rows.append(f"{k},Peggy's Cove,Nova Scotia,41000,600")
    k += 1
    rows.append(f"{k},Manitoba Bay,Ontario,52000,2100")  # a town named by a province's word
    return _csv(home, tmp_path_factory, "canadian-towns", "\n".join(rows) + "\n")


def test_names_made_of_a_name_and_its_group(towns):
    v = towns.vocab
    assert "Kingston, Quebec" in v.linker.titles and "Peggy's Cove, Nova Scotia" in v.linker.titles
    assert v.linker.link("Peggy's Cove").title == "Peggy's Cove, Nova Scotia"  # the name alone links
    # "Manitoba towns": the province, not a town whose name holds the word
    assert _conds(understand("Manitoba towns", v)) == {("province", "in", ("Manitoba",))}
    assert _conds(understand("towns in Nova Scotia or Alberta", v)) == {("province", "in", ("Nova Scotia", "Alberta"))}


def test_verbs_of_exceeding_and_their_negation(towns):
    v = towns.vocab
    assert ("median_income", "<=", 45000.0) in _conds(understand("Ontario towns where incomes don't top $45k", v))
    assert ("median_income", ">", 60000.0) in _conds(understand("towns whose median income tops $60k", v))


# ---------------------------------------------------------------- a geyser log: clock digits, waits, codes
@pytest.fixture(scope="module")
def geyser(home, tmp_path_factory):
    rows = ["id,eruption_id,date,time,waiting,duration"]
    for k in range(1, 81):
        hh, mm = 5 + (k * 7) % 15, (k * 13) % 60
        rows.append(f"{k},{2460000 + k * 37},2024-07-{1 + k % 28:02d},{hh * 100 + mm},{95 + (k * 29) % 110},{100 + (k * 41) % 200}")
    return _csv(home, tmp_path_factory, "geyser-log", "\n".join(rows) + "\n")


def test_clock_times_kept_as_digits(geyser):
    v = geyser.vocab
    assert _conds(understand("eruptions before 10 in the morning", v)) == {("time", "<", 1000.0)}
    assert _conds(understand("anything before 7am or after 7pm?", v)) == {("time", "outside", (700.0, 1900.0))}
    assert _conds(understand("which were in the afternoon?", v)) == {("time", ">=", 1200.0), ("time", "<=", 1759.0)}


def test_a_column_named_apart_from_the_unit_and_the_items_noun(geyser):
    v = geyser.vocab
    assert v.domain == "eruption"  # from `eruption_id`, not the catalog's name
    # "minutes" names `duration` by its unit's word; "waiting" is said apart from it
    assert _conds(understand("eruptions with a waiting time of at least 190 minutes", v)) == {("waiting", ">=", 190.0)}
    it = understand("the 3 shortest waits between eruptions", v)
    assert it.sort and it.sort[0].column == "waiting" and not it.sort[0].descending
    code = str(v.items["eruption_id"].iloc[4])
    wait = float(v.items["waiting"].iloc[4])
    assert _conds(understand(f"which ones had a shorter wiat than {code}?", v)) == {("waiting", "<", wait)}


# ---------------------------------------------------------------- a catalog written in Spanish
@pytest.fixture(scope="module")
def sismos(home, tmp_path_factory):
    rows = ["id,Fecha,Magnitud,Profundidad,Estatus"]
    for k in range(1, 61):
        depth = "menos de 1" if k % 7 == 0 else f"{1 + (k * 3) % 18}"
        rows.append(f"{k},{1 + k % 28:02d}/{1 + k % 12:02d}/{2010 + k % 12},{1 + (k * 17 % 30) / 10:.1f},{depth},"
                    f"{'verificado' if k % 5 == 0 else 'revisado'}")
    return _csv(home, tmp_path_factory, "sismos-cdmx", "\n".join(rows) + "\n")


def test_a_catalog_in_spanish_read_in_english(sismos):
    v = sismos.vocab
    assert _conds(understand("quakes deeper than 3 miles", v)) == {("profundidad", ">", 4.83)}  # km, not miles
    assert _conds(understand("anything more than 30,000 feet down?", v)) == {("profundidad", ">", 9.14)}
    assert _conds(understand("how many were shallower than 1 km?", v)) == {("profundidad", "<", 1.0)}  # "menos de 1" is under 1
    it = understand("the strongest quake", v)
    assert it.sort and it.sort[0].column == "magnitud" and it.sort[0].descending
    assert _conds(understand("show me the verified events", v)) == {("estatus", "in", ("verificado",))}
    assert _conds(understand("was there any quake over magnitude 5?", v)) == {("magnitud", ">", 5.0)}


def test_dates_written_day_first(sismos):
    v = sismos.vocab
    row = v.items.iloc[12]  # 14/01/2023
    day, month, year = (int(x) for x in str(row["fecha"]).split("/"))
    months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december"]
    it = understand(f"what magnitude was the quake on {months[month - 1]} {day}, {year}?", v)
    assert ("fecha", "in", (str(row["fecha"]),)) in _conds(it)


# ---------------------------------------------------------------- a statistics office's table
@pytest.fixture(scope="module")
def spending(home, tmp_path_factory):
    rows = ["id,LOCATION,TIME,PC_HEALTHXP,PC_GDP,USD_CAP,TOTAL_SPEND"]
    k = 0
    for c, base in (("DEU", 500), ("FRA", 450), ("GBR", 300), ("USA", 900), ("JPN", 600), ("SWE", 350)):
        for t in range(2008, 2016):
            k += 1
            rows.append(f"{k},{c},{t},{8 + (k * 7) % 20:.3f},{0.5 + (k % 9) / 5:.3f},{base + (t - 2008) * 12:.2f},"
                        f"{base * (300 if c == 'USA' else 60) + t:.1f}")
    return _csv(home, tmp_path_factory, "health-spending", "\n".join(rows) + "\n")


def test_codes_and_countries_of_a_statistics_table(spending):
    v = spending.vocab
    assert _conds(understand("UK figures from 2010", v)) == {("location", "in", ("GBR",)), ("time", "=", 2010.0)}
    assert ("location", "not_in", ("USA",)) in _conds(understand("2015 figures for every country except the US", v))
    assert ("pc_healthxp", "<=", 10.0) in _conds(understand("years where drugs were not more than 10% of health spending", v))
    assert ("total_spend", ">", 100000.0) in _conds(understand("years where total spending topped 100 billion dollars", v))
    de = float(v.items[(v.items["location"] == "DEU") & (v.items["time"] == 2015)]["usd_cap"].iloc[0])
    assert ("usd_cap", ">", round(de, 2)) in _conds(understand("in 2015, who spent more per person than Germany?", v))
    it = understand("greece 2015, spending as a share of GDP?", v)
    assert ("time", "=", 2015.0) in _conds(it)  # the year of the row, no amount
    assert it.missing or not it.conditions or all(c.column != "total_spend" for c in it.conditions)


def test_how_many_countries_counts_the_codes(spending):
    from convrec.nlu.kinds import read_distinct  # noqa: F401  (the reader the count goes through)

    it = understand("how many different countries are covered?", spending.vocab)
    assert it.kind == "count"
    assert [c for c in spending.vocab.columns["location"].words[0] if c in ("country", "countries")]


# ---------------------------------------------------------------- astronauts: glued words, Jr.
@pytest.fixture(scope="module")
def crew(home, tmp_path_factory):
    rows = ["id,name,status,space_flights,space_flight_hours,space_walks,space_walks_hours"]
    first = ["Anna", "Boris", "Carla", "Dmitri", "Elena", "Felix", "Greta", "Hugo", "Irene", "Jonas"]
    for k in range(1, 41):
        name = f"{first[k % 10]} {chr(65 + k % 26)}. Stone{k}" + (" Jr." if k % 6 == 0 else "")
        rows.append(f"{k},{name},{'Active' if k % 3 else 'Retired'},{1 + k % 6},{200 + k * 97},{k % 8},{(k % 8) * 6}")
    return _csv(home, tmp_path_factory, "crew-roster", "\n".join(rows) + "\n")


def test_glued_words_and_the_column_whose_label_is_said(crew):
    v = crew.vocab
    assert _conds(understand("active crew who've done at least one spacewalk", v)) == {
        ("status", "in", ("Active",)), ("space_walks", ">=", 1.0)}
    it = understand("who did the most spacewalks?", v)
    assert it.sort and it.sort[0].column == "space_walks"
    assert _conds(understand("anyone with more than 10 flights?", v)) == {("space_flights", ">", 10.0)}
    assert _conds(understand("at least two full days of spacewalking", v)) == {("space_walks_hours", ">=", 48.0)}


def test_a_name_with_a_suffix_links_by_first_and_last_name(crew):
    v = crew.vocab
    it = understand("when did Greta Stone6 retire?", v)
    assert [m.title for m in it.mentions] == ["Greta G. Stone6 Jr."]


# ---------------------------------------------------------------- numbers with a few words among them
def test_numbers_with_a_few_words_and_bounds_prepare(home, tmp_path_factory):
    rows = ["id,name,reviews,depth"]
    for k in range(1, 41):
        reviews = "Free" if k % 13 == 0 else str(100 + k * 7)  # a word among numbers: no value, no crash
        depth = "less than 1" if k % 9 == 0 else str(1 + k % 5)
        rows.append(f"{k},App {k:03d} {'Pro' if k % 2 else 'Lite'},{reviews},{depth}")
    cat = _csv(home, tmp_path_factory, "app-list", "\n".join(rows) + "\n")
    v = cat.vocab
    assert v.columns["reviews"].type == "integer" and v.columns["depth"].type in ("real", "integer")
    assert float(v.items["depth"].iloc[8]) == 0.5  # "less than 1": under the bound
    assert _conds(understand("which ones have a depth under 1", v)) == {("depth", "<", 1.0)}
