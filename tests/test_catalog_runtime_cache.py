"""Items, linker and vocabulary are built once per prepared dataset and loaded by later
processes; a damaged or stale cache is rebuilt, never trusted."""

from __future__ import annotations

import pandas as pd

from convrec.catalog.store import PreparedDataset
from convrec.core.catalog import CatalogAccess
from conftest import prepare_tiny_games


def _fresh(ds, config):
    return CatalogAccess(PreparedDataset(ds.name, ds.dir), config)


def test_second_process_loads_the_cache(tiny_config, monkeypatch, tmp_path):
    ds = prepare_tiny_games(tiny_config, "tiny_cache")
    first = _fresh(ds, tiny_config)
    v1 = first.vocab
    files = list((ds.dir / "cache").glob("runtime-*.pkl"))
    assert len(files) == 1

    def no_sql(*a, **k):
        raise AssertionError("items were read from SQLite instead of the cache")

    monkeypatch.setattr(pd, "read_sql_query", no_sql)
    second = _fresh(ds, tiny_config)
    v2 = second.vocab
    assert v2.values.keys() == v1.values.keys() and v2.encoder is None
    assert second.linker.titles == first.linker.titles
    assert list(second.items.index) == list(first.items.index)
    assert second.linker.link("Haunted Manor").item_id == first.linker.link("Haunted Manor").item_id


def test_damaged_cache_is_rebuilt(tiny_config):
    ds = prepare_tiny_games(tiny_config, "tiny_cache2")
    _fresh(ds, tiny_config).vocab
    (f,) = list((ds.dir / "cache").glob("runtime-*.pkl"))
    f.write_bytes(b"not a pickle")
    again = _fresh(ds, tiny_config)
    assert again.vocab.values  # built from the database
    assert again.linker.link("Haunted Manor").item_id is not None


def test_key_follows_the_lexicon_and_the_data(tiny_config, monkeypatch, tmp_path):
    import convrec.core.catalog as cat

    ds = prepare_tiny_games(tiny_config, "tiny_cache3")
    a = _fresh(ds, tiny_config)._runtime_path()
    extra = tmp_path / "extra.toml"
    extra.write_text("# a changed lexicon\n")
    real = cat._runtime_sources
    monkeypatch.setattr(cat, "_runtime_sources", lambda: real() + [extra])
    assert _fresh(ds, tiny_config)._runtime_path() != a
    monkeypatch.setattr(cat, "_runtime_sources", real)
    ds2 = prepare_tiny_games(tiny_config, "tiny_cache3")  # same sources: same data, same key
    assert _fresh(ds2, tiny_config)._runtime_path() == a
