"""A catalog scraped from a store page, as users bring them (issue 60, session 41): counts written
"10,000+", prices "$1.99" among plain "0", dates "March 3, 2019", sizes "19M" / "850k" / "Varies with
device", the item's name under a header that is the catalog's own noun (`Game` in "store-games"), and
the same item listed twice. Each is a class of catalog, none of them the catalog it came from."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv
from test_reader_round20 import _agent


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("scraped"))


_WORDS = ["Castle", "Rocket", "Puzzle", "Garden", "Pirate", "Dragon", "Farm", "Zombie", "Word", "Chess",
          "Racing", "Tower", "Bubble", "Ninja", "Candy", "Space", "Jungle", "Robot", "Ocean", "Hero"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]


@pytest.fixture(scope="module")
def games(home, tmp_path_factory):
    rows = ["id,Game,Genre,Stars,Size,Downloads,Price,Updated"]
    k = 0
    for a in range(20):
        for b, second in enumerate(("Quest", "Mania", "Saga")):
            k += 1
            size = "Varies with device" if k % 9 == 0 else (f"{300 + 17 * k}k" if k % 5 == 0 else f"{(k % 40) + 2}M")
            downloads = f"{[1, 5, 10, 50, 100][k % 5] * 1000 ** (1 + k % 2):,}+"
            price = "0" if k % 4 else f"${k % 7}.99"
            rows.append(f"{k},{_WORDS[a]} {second},{['Puzzle', 'Action', 'Strategy'][b]},{3.0 + (k % 20) / 10:.1f},"
                        f"{size},\"{downloads}\",{price},\"{_MONTHS[k % 10]} {1 + k % 27}, {2015 + k % 4}\"")
    top = rows[1].split(",", 1)[1]  # the first game listed again, as scraped tables do
    rows += [f"{k + 1},{top}", f"{k + 2},{top}"]
    return _csv(home, tmp_path_factory, "store-games", "\n".join(rows) + "\n")


def test_store_columns_are_read_as_what_they_hold(games):
    v = games.vocab
    assert v.items["title"].iloc[0] == "Castle Quest"  # named by `Game`, its names repeating
    assert v.columns["downloads"].type == "integer" and v.columns["downloads"].role == "count"
    assert int(v.items["downloads"].max()) == 100_000_000  # "100,000,000+": no list of "100", "000", "000+"
    assert v.columns["price"].role == "price" and v.columns["price"].unit == "$"
    assert float(v.items["price"].max()) == 6.99
    assert v.columns["updated"].role == "date"  # "March 3, 2019": a date's comma, no list
    assert v.columns["size_mb"].unit == "mb"
    sizes = v.items["size_mb"].dropna()
    assert 0.3 < float(sizes.min()) < 2 and float(sizes.max()) == 41.0  # "850k": 0.85 MB, "41M": 41 MB


def test_sizes_said_in_other_units_of_data(games):
    v = games.vocab
    it = understand("any games bigger than 1 GB?", v)
    assert [(c.column, c.op, c.value) for c in it.conditions] == [("size_mb", ">", 1000.0)]
    it = understand("games under 500 kb", v)
    assert [(c.column, c.op, c.value) for c in it.conditions] == [("size_mb", "<", 0.5)]


def test_an_item_listed_twice_is_shown_once(home, games, tmp_path):
    a = _agent(home, tmp_path, "store-games")
    t = a.chat("castle quest games")
    titles = [x["title"] for x in t.items]
    assert titles.count("Castle Quest") == 1
    t = a.chat("puzzle games with the most stars")
    titles = [x["title"] for x in t.items]
    assert len(titles) == len(set(titles)) >= 5


# ---------------------------------------------------------------- a standard list's names, typed with a slip
@pytest.fixture(scope="module")
def tolls(home, tmp_path_factory):
    codes = ["MA", "PA", "TN", "NH", "NC", "NV", "OH", "TX", "CA", "NY"]
    rows = ["id,st,yr,toll_cents"]
    k = 0
    for st in codes:
        for yr in (2001, 2002, 2003):
            k += 1
            rows.append(f"{k},{st},{yr},{50 + 7 * k}")
    return _csv(home, tmp_path_factory, "state-tolls", "\n".join(rows) + "\n")


def test_state_names_with_a_typo_are_their_codes(tolls):
    v = tolls.vocab
    for said, code in (("show me Massachusets", ("MA",)), ("pensylvania in 2002", ("PA",)),
                       ("tennesee and new hampshre", ("TN", "NH")), ("north carolna", ("NC",))):
        conds = [c for c in understand(said, v).conditions if c.column == "st"]
        assert conds and conds[0].value == code, said
    assert not [c for c in understand("show me messages", v).conditions if c.column == "st"]


# ---------------------------------------------------------------- a rate whose header writes its units
@pytest.fixture(scope="module")
def ferries(home, tmp_path_factory):
    rows = ["id,line,seat_km_per_week,crossings"]
    for k in range(1, 31):
        rows.append(f"{k},{_WORDS[k % 20]} Ferries {k},{k * 40_000_000},{k % 9}")
    return _csv(home, tmp_path_factory, "ferry-lines", "\n".join(rows) + "\n")


def test_units_and_periods_said_after_the_columns_words(ferries):
    v = ferries.vocab
    it = understand("lines with more than 500 million seat miles a week", v)
    assert [(c.column, c.op) for c in it.conditions] == [("seat_km_per_week", ">")]
    assert abs(it.conditions[0].value / (500e6 * 1.609344) - 1) < 1e-4  # miles said, km kept
    it = understand("lines under 50 million seat km per day", v)
    assert [(c.column, c.op, c.value) for c in it.conditions] == [("seat_km_per_week", "<", 350e6)]
    it = understand("lines with over 400 million seat km a week", v)
    assert [(c.column, c.op, c.value) for c in it.conditions] == [("seat_km_per_week", ">", 400e6)]
