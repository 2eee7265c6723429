"""Readers that generalise (issue 60, session 40, developed on round 31 after its first run), on small
catalogs written here (none of them round 31's): measures by period (`deaths_90_04` beside
`deaths_05_19`) picked by the years said; short codes written in pieces said by their words ("window
float" → WinF); a number written as a code column's value; "contain X" / "don't contain X" of an
amount; size adjectives naming graded values; SAT is no "saturated"; shares said "half their …",
"one in twenty"."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round31"))


def _conds(it):
    return {(c.column, c.op, round(c.value, 2) if isinstance(c.value, float) else c.value) for c in it.conditions}


# ---------------------------------------------------------------- railway operators: counts by period
@pytest.fixture(scope="module")
def railways(home, tmp_path_factory):
    rows = ["id,operator,km_of_track,derailments_90_04,deaths_90_04,derailments_05_19,deaths_05_19"]
    names = [f"{a} {b}" for a in ("Amber", "Birch", "Cedar", "Dune", "Elm", "Fern", "Glen", "Heath", "Iris", "Juniper")
             for b in ("Rail", "Lines", "Railway", "Express")]
    for k in range(1, 41):
        rows.append(f"{k},{names[k - 1]},{500 + k * 37},{k % 7},{(k * 3) % 11 if k % 4 else 0},"
                    f"{(k + 2) % 5},{(k * 5) % 9 if k % 3 else 0}")
    return _csv(home, tmp_path_factory, "rail-operators", "\n".join(rows) + "\n")


def test_measures_by_period_picked_by_the_years_said(railways):
    v = railways.vocab
    assert v.columns["deaths_90_04"].mark == (1990, "", 2004)
    assert _conds(understand("operators with more than 4 derailments between 1990 and 2004", v)) == {
        ("derailments_90_04", ">", 4.0)}
    assert _conds(understand("operators with no deaths from 2005 to 2019", v)) == {("deaths_05_19", "<=", 0.0)}
    assert _conds(understand("which ones did not have a single derailment in 05-19", v)) == {
        ("derailments_05_19", "<=", 0.0)}
    it = understand("top 3 operators by deaths in 1990-2004", v)
    assert it.sort and it.sort[0].column == "deaths_90_04"
    other = v.linker.titles[6]
    value = float(v.items[v.items["title"] == other]["derailments_05_19"].iloc[0])
    assert _conds(understand(f"operators with more derailments than {other} after 2005", v)) == {
        ("derailments_05_19", ">", value)}
    it = understand(f"number of deaths for {other} in 90-04", v)
    assert it.kind == "fact" and it.fact_columns == ("deaths_90_04",)


# ---------------------------------------------------------------- glass kinds: codes in pieces, amounts
@pytest.fixture(scope="module")
def shards(home, tmp_path_factory):
    kinds = ["WinF", "WinNF", "Veh", "Con", "Tabl", "Head"]
    rows = ["id,RI,Na,Mg,Ba,Fe,kind"]
    for k in range(1, 61):
        rows.append(f"{k},{1.51 + k / 1000:.4f},{12 + k % 4},{(k * 7 % 45) / 10:.2f},{0 if k % 3 else (k % 5) / 2:.2f},"
                    f"{0 if k % 4 else 0.1 * (k % 3):.2f},{kinds[k % 6]}")
    return _csv(home, tmp_path_factory, "glass-shards", "\n".join(rows) + "\n")


def test_codes_in_pieces_said_by_their_words(shards):
    v = shards.vocab
    assert ("kind", "in", ("WinF",)) in _conds(understand("window float glass with more than 3% magnesium", v))
    assert ("kind", "in", ("WinNF",)) in _conds(understand("just the non-float window ones", v))
    assert ("kind", "in", ("Veh",)) in _conds(understand("vehicle window pieces", v))
    assert ("kind", "in", ("Tabl",)) in _conds(understand("tableware shards", v))


def test_containing_an_amount(shards):
    v = shards.vocab
    assert _conds(understand("how many shards contain barium?", v)) == {("ba", ">", 0.0)}
    assert _conds(understand("shards that don't contain barium", v)) == {("ba", "<=", 0.0)}


# ---------------------------------------------------------------- census tracts: codes kept as numbers
@pytest.fixture(scope="module")
def tracts(home, tmp_path_factory):
    rows = ["id,county,fips,median_income,population,shop_type,shops"]
    k = 0
    for t in range(1, 31):
        for shop in ("bakery", "cafe"):
            k += 1
            rows.append(f"{k},{['Kent', 'Essex', 'Surrey'][t % 3]},{33001000100 + t * 211},{40000 + t * 1733},"
                        f"{2000 + t * 97},{shop},{(t + (shop == 'cafe')) % 4}")
    return _csv(home, tmp_path_factory, "shop-tracts", "\n".join(rows) + "\n")


def test_a_code_number_is_those_rows(tracts):
    v = tracts.vocab
    code = 33001000100 + 7 * 211
    assert _conds(understand(f"what's the median income in tract {code}?", v)) == {("fips", "=", float(code))}
    income = float(v.items[v.items["fips"] == code]["median_income"].iloc[0])
    assert _conds(understand(f"tracts with a higher median income than tract {code}", v)) == {
        ("median_income", ">", income)}


# ---------------------------------------------------------------- schools: graded sizes, SAT, shares
@pytest.fixture(scope="module")
def schools(home, tmp_path_factory):
    rows = ["id,school_name,size,average_sat_math,perc_low_income"]
    for k in range(1, 41):
        rows.append(f"{k},School {k} High,{['small', 'medium', 'large'][k % 3]},{450 + k * 7},{(k * 13) % 90 + 2}")
    return _csv(home, tmp_path_factory, "state-schools", "\n".join(rows) + "\n")


def test_sizes_sat_and_shares(schools):
    v = schools.vocab
    assert "saturated" not in v.columns["average_sat_math"].label
    assert _conds(understand("big schools averaging at least 600 on SAT math", v)) == {
        ("size", "in", ("large",)), ("average_sat_math", ">=", 600.0)}
    assert ("perc_low_income", ">", 50.0) in _conds(understand("schools where more than half their students are low income", v))
    assert ("perc_low_income", "<", 5.0) in _conds(understand("schools where fewer than one in twenty kids are low income", v))
