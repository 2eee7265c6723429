"""Readers that generalise (issue 60, session 39), on small catalogs written here (none of them round
29's): compass comparisons on coordinate columns ("north of 47°30'", "west of 7 degrees east",
"further south than X", "the northernmost"); a unitless speed read in the everyday unit the number
fits (not knots or m/s); a duration kept in milliseconds by its header's "ms"; a table named by
`track_name` where the only all-distinct text is a machine's key; stations named by their own
`station_id` codes ("station 4172"); a quoted name inside a title; "six and a half"; a unit's own
word naming its column ("bpm"); "who sings X"; of a start and an end speed, "the fastest" is the start."""

from __future__ import annotations

import pytest

from convrec.config import Config
from convrec.nlu import understand
from test_reader_round10 import _csv


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("round29"))


def _conds(it):
    return {(c.column, c.op, round(c.value, 2) if isinstance(c.value, float) else c.value) for c in it.conditions}


# ---------------------------------------------------------------- lighthouses: coordinates, quoted names
@pytest.fixture(scope="module")
def lighthouses(home, tmp_path_factory):
    rows = ["id,name,height_m,lat,lon,year_built"]
    for k in range(1, 41):
        name = f'Phare de Pointe {chr(65 + k % 26)}{k}' if k % 5 else f'Leuchtturm Kap {k} "Roter Sand {k}"'
        rows.append(f"{k},{name},{10 + k * 1.5:.1f},{43 + (k * 7 % 90) / 10:.4f},{-5 + (k * 13 % 150) / 10:.4f},{1800 + k * 3}")
    return _csv(home, tmp_path_factory, "lighthouses", "\n".join(rows) + "\n")


def test_compass_comparisons_on_coordinates(lighthouses):
    v = lighthouses.vocab
    assert _conds(understand("lighthouses north of 47°30'", v)) == {("lat", ">", 47.5)}
    assert _conds(understand("anything west of 6° 30′ E?", v)) == {("lon", "<", 6.5)}
    assert _conds(understand("how many are south of 46.5 degrees latitude", v)) == {("lat", "<", 46.5)}
    assert _conds(understand("the ones west of 2 degrees west", v)) == {("lon", "<", -2.0)}
    it = understand("the northernmost lighthouse", v)
    assert it.sort and it.sort[0].column == "lat" and it.sort[0].descending
    it = understand("the 3 westernmost ones", v)
    assert it.sort and it.sort[0].column == "lon" and not it.sort[0].descending
    # "further south than <a lighthouse>": below its latitude
    title = v.linker.titles[3]
    lat = float(v.items.loc[v.items["title"] == title, "lat"].iloc[0])
    assert ("lat", "<", round(lat, 2)) in _conds(understand(f"which are further south than {title}?", v))


def test_a_name_in_quotes_links(lighthouses):
    link = lighthouses.vocab.linker.link("Roter Sand 10")
    assert link.title == 'Leuchtturm Kap 10 "Roter Sand 10"'


# ---------------------------------------------------------------- a traffic table: speeds, station codes
@pytest.fixture(scope="module")
def stations(home, tmp_path_factory):
    rows = ["id,station_id,town,road_kind,mean_speed,peak_speed,vehicles_counted"]
    kinds = ["Highway", "Local Road", "Arterial"]
    for k in range(1, 61):
        code = f"{1000 + k * 7}" if k % 4 else f"RX{k:02d}-{100 + k}-00{k % 9}"
        speed = 12 + (k * 37 % 600) / 10  # 12 – 72: miles per hour, never said
        rows.append(f"{k},{code},Town {k % 9},{kinds[k % 3]},{speed:.2f},{speed + 8:.2f},{5000 + k * 911}")
    return _csv(home, tmp_path_factory, "traffic-stations", "\n".join(rows) + "\n")


def test_a_unitless_speed_in_the_everyday_unit(stations):
    v = stations.vocab
    # 110 km/h is 68 mph — inside the speeds — not 59 knots or 31 m/s
    assert _conds(understand("stations where the mean speed is over 110 km/h", v)) == {("mean_speed", ">", 68.35)}
    assert _conds(understand("mean speed over 60 mph", v)) == {("mean_speed", ">", 60.0)}


def test_stations_named_by_their_own_codes(stations):
    v = stations.vocab
    assert v.linker.titles[0] == "station 1007"  # the code the source gives, with the items' noun
    it = understand("what town is station 1021 in?", v)
    assert it.mentions and it.mentions[0].title == "station 1021"
    it = understand("what town is station RX04-104-004 in?", v)
    assert it.mentions and it.mentions[0].title == "RX04-104-004"


# ---------------------------------------------------------------- tracks: a machine key, names by header
@pytest.fixture(scope="module")
def tracks(home, tmp_path_factory):
    import random

    rnd = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    rows = ["id,track_id,artists,album_name,track_name,duration_ms,tempo,start_pitch,end_pitch"]
    for k in range(1, 81):
        key = "".join(rnd.choice(letters) for _ in range(20)) + str(k % 10)
        song = f"Song Number {k // 2}" if k % 3 else f"Ballad of {k}"  # names repeat: not every one its own
        artists = f"Singer {k % 12}" + (f";Guest Star {k % 4}" if k % 5 == 0 else "")  # a few joint tracks
        rows.append(f"{k},{key},{artists},Album {k % 20},{song},{150000 + k * 4100},{80 + k:.3f},{100 + k},{90 + k}")
    return _csv(home, tmp_path_factory, "spotify-tracks", "\n".join(rows) + "\n")


def test_tracks_named_by_their_header_not_their_key(tracks):
    v = tracks.vocab
    assert "Ballad of 3" in v.linker.titles and not any(len(t) > 19 and " " not in t for t in v.linker.titles)
    assert v.columns["duration_ms"].unit == "msec"
    assert _conds(understand("tracks over six and a half minutes long", v)) == {("duration_ms", ">", 390000.0)}
    it = understand("what's the bpm of Ballad of 3?", v)
    assert it.mentions and "tempo" in it.fact_columns
    it = understand("who sings Ballad of 3?", v)
    assert it.mentions and "artists" in it.fact_columns
    # joint artists written "Singer 5;Guest Star 1": each a value of the list ("features included")
    assert v.columns["artists"].type == "list"
    assert _conds(understand("how many tracks with Guest Star 1?", v)) == {("artists", "contains", "Guest Star 1")}


def test_the_fastest_of_a_start_and_an_end_speed(tracks):
    it = understand("the 3 highest start pitch tracks", tracks.vocab)  # (sanity: the column reads)
    assert it.sort and it.sort[0].column == "start_pitch"


@pytest.fixture(scope="module")
def throws(home, tmp_path_factory):
    rows = ["id,thrower,StartSpeed,EndSpeed,inning"]
    for k in range(1, 51):
        rows.append(f"{k},Pitcher {k % 5},{70 + (k * 7 % 26):.1f},{63 + (k * 7 % 24):.1f},{1 + k % 9}")
    return _csv(home, tmp_path_factory, "pitches", "\n".join(rows) + "\n")


def test_the_fastest_is_the_start_speed(throws):
    it = understand("the 3 fastest pitches", throws.vocab)
    assert it.sort and it.sort[0].column.lower() == "startspeed" and it.sort[0].descending
    # 150 km/h is 93 mph, among the speeds (not 81 knots)
    assert _conds(understand("pitches faster than 150 km/h", throws.vocab)) == {("startspeed", ">", 93.21)}


# ---------------------------------------------------------------- what coded values stand for
@pytest.fixture(scope="module")
def glass(home, tmp_path_factory):
    rows = ["id,kind,side,RI,Na"]
    kinds = ["WinF", "WinNF", "Veh", "Con", "Tabl", "Head"]
    for k in range(1, 61):
        rows.append(f"{k},{kinds[k % 6]},{'LR'[k % 2]},{-2 + (k * 7 % 40) / 10:.2f},{12 + (k * 3 % 30) / 10:.1f}")
    return _csv(home, tmp_path_factory, "glass-bits", "\n".join(rows) + "\n")


def test_coded_values_said_by_what_they_stand_for(glass, home):
    """A schema file's ``values`` (the user's, or an endpoint brain's proposal) make a code findable by its words."""
    import json

    from convrec.catalog.store import open_dataset
    from convrec.core.catalog import CatalogAccess

    assert not _conds(understand("bits of bottles", glass.vocab))  # unread without them
    (glass.ds.dir / "schema.json").write_text(json.dumps({"kind": {"values": {"Head": ["headlamp"], "Veh": "vehicle window",
                                                                              "Con": ["container", "bottle", "jar"],
                                                                              "WinF": ["window float"]}},
                                                          "side": {"values": {"L": ["left", "lefty"]}}}))
    v = CatalogAccess(open_dataset(home, "glass-bits"), home).vocab
    assert v.columns["kind"].glosses and ("kind", "in", ("Head",)) in _conds(understand("headlamp fragments", v))
    assert ("kind", "in", ("Veh",)) in _conds(understand("how many vehicle windows are there?", v))
    assert ("kind", "in", ("Con",)) in _conds(understand("bits of bottles", v))
    assert _conds(understand("lefties with a window float", v)) >= {("side", "in", ("L",)), ("kind", "in", ("WinF",))}
    (glass.ds.dir / "schema.json").unlink()


def test_the_brain_proposes_what_codes_stand_for_and_unspelled_ones_are_dropped(glass, home):
    import json

    from convrec.llm.fake import ScriptedLLM
    from convrec.setup import _spelled_by, coded_columns, value_glosses

    assert {c["name"] for c in coded_columns(glass.ds)} == {"kind", "side"}
    assert _spelled_by("WinF", "window float") and _spelled_by("FF", "four-seam fastball") and not _spelled_by("Con", "jar")
    brain = ScriptedLLM([
        {"codes": [{"code": "WinF", "means": "window float"}, {"code": "WinNF", "means": "window non float"},
                   {"code": "Con", "means": "jar"}, {"code": "Head", "means": "headlamp"}]},  # "jar" spells no Con
        {"codes": [{"code": "L", "means": "left"}, {"code": "R", "means": "wrong side"}]}])  # "wrong side": no R first
    got = value_glosses(home, glass.ds, brain=brain)
    assert got["kind"] == {"WinF": ["window float"], "WinNF": ["window non float"], "Head": ["headlamp"]}
    assert got["side"] == {"L": ["left"]}
    saved = json.loads((glass.ds.dir / "brain-schema.json").read_text())
    assert saved["kind"]["values"]["Head"] == ["headlamp"] and saved["kind"]["by"] == "llm"
    (glass.ds.dir / "brain-schema.json").unlink()


@pytest.mark.llm
def test_code_meanings_from_the_real_embedded_model_are_checked(glass, home):
    """The real model answers one coded column at a time; what it proposes is kept only where its words spell the code."""
    from convrec.setup import _spelled_by, value_glosses
    from test_llm_local import open_local_llm

    llm = open_local_llm(threads=1, n_ctx=4096, max_tokens=256)
    try:
        got = value_glosses(home, glass.ds, brain=llm)
    finally:
        llm.close()
    assert set(got) <= {"kind", "side"}
    for col, meant in got.items():
        for code, words in meant.items():
            assert _spelled_by(code, words[0]) and 1 <= len(words[0].split()) <= 4
    (glass.ds.dir / "brain-schema.json").unlink(missing_ok=True)



@pytest.fixture(scope="module")
def trial(home, tmp_path_factory):
    rows = ["id,arm,count_at_visit,Nasty,night,time,status"]
    for k in range(1, 61):
        rows.append(f"{k},{'AB'[k % 2]},{k % 4}-{k % 3},{30 + k % 50},{k % 7 == 0},{100 + k * 29},{k % 2}")
    return _csv(home, tmp_path_factory, "survival-trial", "\n".join(rows) + "\n")


def test_survival_counts_superlatives_and_flags_named_by_stop_words(trial):
    v = trial.vocab
    assert ("time", ">", 1095.75) in _conds(understand("patients who lived more than 3 years", v))
    it = understand("the 3 with the shortest survival", v)
    assert it.sort and it.sort[0].column == "time" and not it.sort[0].descending
    it = understand("show me the nastiest one", v)  # a superlative of the column's own word, no slip of "nasties"
    assert it.sort and it.sort[0].column == "nasty" and it.sort[0].descending
    assert ("count_at_visit", "in", ("3-2",)) in _conds(understand("visits at 3-2", v))  # a value, not 3 to 2
    assert _conds(understand("how many night ones are there", v)) == {("night", "=", True)}
