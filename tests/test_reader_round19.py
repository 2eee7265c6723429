"""Readers that generalise (issue 60, session 30, after round 19's first run), on small catalogs
written here: prices written as text with thousands and ranges, a column of sentences with numbers
in them, a bare bound in a shop is the price, a category value beats a description's mention, a
product's head names it, two weights of which the items' noun names one, a share of one column over
another, a relative clause ends a negation, place names held by one item each, the first N of a
numbered sequence, the earliest item by its date, a count of a column's things, glued model codes,
"X of <item>" questions, existence questions about a kind of a kind."""

from __future__ import annotations

import pandas as pd
import pytest

from convrec.catalog.custom import templated_numbers
from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round19"))


def _conds(it):
    return {(c.column, c.op, c.value if not isinstance(c.value, float) else round(c.value, 2)) for c in it.conditions}


@pytest.fixture(scope="module")
def shop(home, tmp_path_factory):
    """A shop's gadgets: prices as text ("$1,049.99", "$219.99through-$249.99"), ratings in sentences."""
    kinds = ["Monitors", "TVs", "Headphones & Earbuds", "Laptops & Notebook Computers", "Streaming Devices"]
    rows = ['id,Section,Price,Stars,Name,Blurb']
    for i in range(1, 81):
        kind = kinds[i % 5]
        price = f"${(i * 37) % 1900 + 19}.99" if i % 9 else f"${(i * 37) % 1900 + 19}.99through-${(i * 37) % 1900 + 60}.99"
        if i % 13 == 0:
            price = f'"${1 + i % 3},{100 + i}.99"'  # "$2,113.99"
        name = f"Gizmo {['Vista', 'Nova', 'Aria', 'Flux', 'Orbit'][i % 5]} Q{100 + i}" + (" (2nd generation) with Case" if i % 4 == 0 else "")
        blurb = f"model {i}: a {['sleek', 'compact', 'bold', 'quiet', 'light'][i % 5]} design" + (
            ", works great with headphones" if i % 2 else ", bright screen")
        rows.append(f'{i},"{kind}",{price},"Rated {3 + (i % 20) / 10:.1f} out of 5 stars based on {i * 7 + 1} reviews.",'
                    f'"{name}","{blurb}"')
    rows.append('81,Headphones & Earbuds,$199.99,"Rated 4.8 out of 5 stars based on 945 reviews.",'
                '"AirPods Pro (2nd generation) with MagSafe Case (USB-C)","noise cancelling earbuds"')
    return _csv(home, tmp_path_factory, "gadgets", "\n".join(rows) + "\n")


def test_money_text_and_sentences_become_numbers(shop):
    cols = {c["name"]: c for c in shop.ds.columns}
    assert cols["price"]["type"] == "real" and cols["price"]["role"] == "price"
    assert cols["stars"]["type"] == "real" and cols["reviews"]["type"] == "integer"
    ranged = shop.ds.items.set_index("item_id").loc["9", "price"]
    assert abs(float(ranged) - 352.99) < 1e-6  # "$352.99through-$393.99": the lowest price
    (h, vals, written), = templated_numbers("w", pd.Series([f"{i} kg" for i in range(20)]))
    assert h == "w (kg)" and vals.iloc[3] == 3.0
    assert templated_numbers("room", pd.Series([f"Room {i}" for i in range(20)])) is None
    assert templated_numbers("d", pd.Series([f"2002-04-{i}" for i in range(10, 30)])) is None


def test_a_bare_bound_in_a_shop_is_the_price(shop):
    v = shop.vocab
    assert ("price", "<", 200.0) in _conds(understand("monitors under 200", v))
    assert ("price", ">", 1000.0) in _conds(understand("tvs over 1000", v))
    assert ("reviews", ">=", 500.0) in _conds(understand("monitors with at least 500 reviews", v))
    assert not [c for c in _conds(understand("monitors under 300 pages", v)) if c[0] == "price"]
    assert ("stars", ">", 4.5) in _conds(understand("rated above 4.5", v))


def test_values_before_descriptions_and_product_heads(shop):
    v = shop.vocab
    assert ("section", "in", ("Headphones & Earbuds",)) in _conds(understand("show me headphones", v))
    assert ("section", "in", ("TVs",)) in _conds(understand("how many items are in the TV section?", v))
    it = understand("headphones cheaper than the AirPods Pro", v)
    assert ("price", "<", 199.99) in _conds(it) and not [c for c in it.conditions if c.column == "name"]


@pytest.fixture(scope="module")
def packs(home, tmp_path_factory):
    """Students' backpacks: two weights (the pack's, the body's), a share of one over the other, a class year."""
    rows = ["id,BackpackWeight,BodyWeight,Ratio,BackProblems,Major,Year,Sex"]
    for i in range(1, 61):
        bw, body = 3 + i % 30, 110 + (i * 7) % 150
        rows.append(f"{i},{bw},{body},{bw / body:.6f},{i % 3 == 0 and 1 or 0},M{i % 9},{i % 6},{'Female' if i % 2 else 'Male'}")
    return _csv(home, tmp_path_factory, "packs", "\n".join(rows) + "\n")


def test_the_items_own_weight_a_share_and_a_class_year(packs):
    v = packs.vocab
    assert {c[0] for c in _conds(understand("backpacks heavier than 15 pounds", v))} == {"backpackweight"}
    assert {c[0] for c in _conds(understand("women carrying 10 lb or more", v))} >= {"backpackweight"}
    assert ("ratio", ">", 0.15) in _conds(understand("how many people carry more than 15% of their body weight?", v))
    s = understand("who carries the biggest share of their own body weight?", v).sort
    assert s and s[0].column == "ratio" and s[0].descending
    assert ("year", "=", 4.0) in {c[:3] for c in _conds(understand("4th year students with back problems", v))}
    c = _conds(understand("people without back problems who still carry more than 20 lbs", v))
    assert ("backproblems", "=", False) in c and [x for x in c if x[0] == "backpackweight" and x[1] == ">"]


@pytest.fixture(scope="module")
def stops(home, tmp_path_factory):
    """A show's audition stops: season, ISO date, a city each, tickets given."""
    cities = ["Honolulu, Hawaii", "Boston, Massachusetts", "Nashville, Tennessee", "Denver, Colorado",
              "San Juan, Puerto Rico", "Austin, Texas", "Chicago, Illinois", "Atlanta, Georgia"]
    rows = ["id,season,audition_date,audition_city,tickets_to_hollywood"]
    for i in range(1, 41):
        city = cities[i % 8] if i <= 8 else ["Boston, Massachusetts", "Nashville, Tennessee", "Denver, Colorado",
                                              "Austin, Texas", "Chicago, Illinois", "Atlanta, Georgia"][i % 6]
        rows.append(f'{i},{1 + (i - 1) // 3},{2002 + (i - 1) // 3}-0{1 + i % 9}-1{i % 10},"{city}",{10 + (i * 13) % 50}')
    return _csv(home, tmp_path_factory, "auditions", "\n".join(rows) + "\n")


def test_places_sequences_dates_and_counted_things(stops):
    v = stops.vocab
    assert [c for c in understand("what venue hosted the honolulu auditions?", v).conditions if "honolulu" in str(c.value).lower()]
    assert ("season", "<=", 5.0) in _conds(understand("the audition stops from the first five seasons", v))
    it = understand("what was the very first audition?", v)
    assert it.sort and it.sort[0].column == "audition_date" and not it.sort[0].descending and it.k == 1
    s = understand("which audition sent the most people through to hollywood?", v).sort
    assert s and s[0].column == "tickets_to_hollywood" and s[0].descending
    it = understand("how many golden tickets were given out in Denver?", v)
    assert it.kind == "count" and it.fact_columns == ("tickets_to_hollywood",)
    assert ("tickets_to_hollywood", "<=", 12.0) in _conds(understand("auditions that gave a dozen golden tickets or less", v))


@pytest.fixture(scope="module")
def zones(home, tmp_path_factory):
    rows = ["id,zone_name,trips,med_distance,med_fare,med_tip"]
    for i in range(1, 41):
        rows.append(f"{i},Zone {chr(65 + i % 26)}{i} Park,{i * 113},{1 + (i % 17) * 1.1:.2f},{8 + i * 1.3:.2f},{i % 7}.5")
    return _csv(home, tmp_path_factory, "zones", "\n".join(rows) + "\n")


def test_a_whole_word_of_a_header_is_no_cut_and_busy_is_traffic(zones):
    v = zones.vocab
    assert {c[0] for c in _conds(understand("zones where the median trip is longer than 12 km", v))} == {"med_distance"}
    assert {c[0] for c in _conds(understand("zones with a median trip under 1.5 miles", v))} == {"med_distance"}
    assert ("med_tip", ">", 5.0) in _conds(understand("zones with a median tip over 5", v))
    s = understand("top 3 busiest zones", v).sort
    assert s and s[0].column == "trips"
    assert [c for c in understand("zones with fewer trips then Zone K10 Park", v).conditions if c.column == "trips" and c.op == "<"]


@pytest.fixture(scope="module")
def alloys(home, tmp_path_factory):
    kinds = ["ANSI Silicon Bronze C87{:03d}", "JIS JIS S{:d}C", "ANSI Aluminum Alloy {:d}-T6", "ANSI Steel SAE {:d}"]
    rows = ["id,Material,Su,Sy,Ro"]
    for i in range(1, 41):
        rows.append(f"{i},{kinds[i % 4].format(100 + i)},{300 + i * 11},{200 + i * 7},{2700 + (i % 4) * 2000}")
    return _csv(home, tmp_path_factory, "alloys", "\n".join(rows) + "\n")


def test_glued_codes_of_questions_and_kinds_of_kinds(alloys):
    v = alloys.vocab
    it = understand("density of the C87104 silicon bronze?", v)
    assert it.kind == "fact" and it.mentions and it.mentions[0].title == "ANSI Silicon Bronze C87104"
    it = understand("poissons ratio for JIS S101C", v)
    assert it.kind == "fact" and it.mentions[0].title == "JIS JIS S101C"
    assert understand("do you have any titanium alloys?", v).missing == ("titanium",)
    assert not understand("are there any aluminum alloys?", v).missing
