"""Shared fixtures.

The shared datasets are read from ``CONVREC_DATA`` if set, else ``../shared/data`` relative to
the repository root; tests that need them are skipped, with that reason printed, when absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from convrec.config import Config, DataConfig, default_data_root

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_data_root() -> Path:
    env = os.environ.get("CONVREC_DATA")
    return Path(env) if env else default_data_root(REPO)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    root = shared_data_root()
    if not (root / "movielens-100k").is_dir():
        pytest.skip(f"shared datasets not found at {root} (set CONVREC_DATA to run these tests)")
    return root


@pytest.fixture
def config(tmp_path) -> Config:
    """A config whose cache lives in a fresh temporary directory."""
    return Config(home=tmp_path / "home", data=DataConfig(root=shared_data_root()))


@pytest.fixture(scope="session")
def session_config(tmp_path_factory) -> Config:
    """One cache for the whole test session, so each shared dataset is prepared once."""
    home = tmp_path_factory.mktemp("convrec_home")
    return Config(home=home, data=DataConfig(root=shared_data_root()))
