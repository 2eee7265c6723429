"""The stages a catalog's columns are read in, each on its own (split out of `catalog/meaning.py`):
the word lists, a header's words, units and their conversions, graded values, the domain noun."""

from __future__ import annotations

import pytest

from convrec.catalog.domains import domain_from_names, valid_domain
from convrec.catalog.grades import value_order
from convrec.catalog.headers import counted_noun, expand, name_words, skeleton_word
from convrec.catalog.unitconv import affine, convert, unit_for_word, unit_symbol_names
from convrec.catalog.wordlists import word_rank, words_starting


def test_word_lists():
    assert word_rank("time") is not None and word_rank("time") < word_rank("castle")
    assert word_rank("chemestry") is None
    assert "density" in words_starting("dens")


def test_a_headers_words():
    assert name_words("comb_mpg") == ["comb", "mpg"] and name_words("ManufacturerName") == ["manufacturer", "name"]
    assert name_words("marketvalue") == ["market", "value"] and name_words("Pop1831") == ["pop", "1831"]
    assert expand(["comb", "mpg"]) == ["combined", "mpg"]
    assert skeleton_word("hlth") == "health" and skeleton_word("grs") is None
    assert counted_noun("numbids") == "bids" and counted_noun("bids") is None


def test_units_and_conversions():
    assert unit_for_word("grams") == "g" and unit_for_word("banana") is None
    assert convert(1.0, "kg", "g") == pytest.approx(1000.0) and convert(1.0, "kg", "km") is None
    assert convert(0.0, "celsius", "kelvin") == pytest.approx(273.15)
    assert affine("celsius", "kelvin") == pytest.approx((1.0, 273.15)) and affine("kg", "g") is None
    assert "joules per tesla" in unit_symbol_names("J T^-1") and unit_symbol_names("zz") == set()


def test_graded_values():
    assert value_order({"III": 4, "I": 2, "II": 9}) == ["I", "II", "III"]
    assert value_order({"A": 3, "B": 2, "C+": 1, "C": 4}) == ["C", "C+", "B", "A"]
    assert value_order({"Level 3": 1, "Level 1": 5, "Level 2": 2}) == ["Level 1", "Level 2", "Level 3"]
    assert value_order({"red": 3, "blue": 2}) is None


def test_the_domain_noun():
    assert domain_from_names("epa-cars") == "car" and domain_from_names("mammal-sleep", columns=["sleep_total"]) == "mammal"
    assert domain_from_names("data") is None
    assert valid_domain("Wines") == "wine" and valid_domain("items") is None and valid_domain("a b c d") is None
