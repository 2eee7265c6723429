"""Shared fixtures.

The shared datasets are read from ``CONVREC_DATA`` if set, else ``../shared/data`` relative to
the repository root; tests that need them are skipped, with that reason printed, when absent.

In CI (``CI`` set to true/1/yes) a test never skips: a skip for a missing dependency, service or
dataset is reported as a failure with its reason, and the summary line counts what ran.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
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


@dataclass
class CleanHome:
    home: Path
    env: dict
    """the environment of a process using this home: CONVREC_HOME, and CONVREC_DATA = an empty folder"""
    prepared: dict
    """the JSON line ``convrec data prepare movielens-small --json`` printed"""


def shared_tmp(tmp_path_factory, worker_id: str) -> Path:
    """A temporary folder every worker of this run sees (pytest-xdist gives each worker its own
    base folder, under one parent for the run)."""
    base = tmp_path_factory.getbasetemp()
    return base if worker_id == "master" else base.parent


@pytest.fixture(scope="session")
def clean_home(tmp_path_factory, worker_id) -> CleanHome:
    """A home made the way a user's install makes it: ``convrec data prepare movielens-small``
    in a fresh CONVREC_HOME with an empty data folder (no ../shared), run once per test run
    and shared by the run's workers (the bundled catalog and everything its ranker learns from
    ship in the package)."""
    from convrec.filelock import file_lock

    reuse = os.environ.get("CONVREC_TEST_CLEAN_INSTALL")  # local iteration only: a clean_install folder an
    # earlier run left (copy it out of /tmp/pytest-of-*/); CI never sets it, so CI always prepares afresh
    root = Path(reuse) if reuse and not in_ci() else shared_tmp(tmp_path_factory, worker_id) / "clean_install"
    done = root / "prepared.json"
    env = {**os.environ, "CONVREC_HOME": str(root / "home"), "CONVREC_DATA": str(root / "no-shared-data")}
    with file_lock(root.with_name("clean_install.lock")):  # the first worker prepares, the others wait
        if not done.is_file():
            (root / "no-shared-data").mkdir(parents=True, exist_ok=True)
            r = subprocess.run([sys.executable, "-m", "convrec.cli", "data", "prepare", "movielens-small", "--no-llm",
                                "--json"], capture_output=True, text=True, env=env, timeout=1500)
            assert r.returncode == 0, r.stderr[-2000:]
            done.write_text(r.stdout.strip().splitlines()[-1])
    return CleanHome(root / "home", env, json.loads(done.read_text()))


@pytest.fixture(scope="session")
def session_config(clean_home) -> Config:
    """One cache for the whole test session, so each dataset is prepared once: the clean
    install's home (movielens-small prepared there by the command line), with the shared
    datasets readable for the tests that prepare them."""
    return Config(home=clean_home.home, data=DataConfig(root=shared_data_root()))


def prepare_tiny_games(config: Config, name: str = "tiny", interactions: bool = True):
    """The 20-game fixture catalog (tests/fixtures/tiny_games.csv), prepared under ``config``:
    columns year, genres, tags, cost, studio, score, votes, language (roles inferred)."""
    from convrec.catalog.custom import CustomSource
    from convrec.catalog.registry import custom_source_path
    from convrec.catalog.store import prepare

    src = CustomSource(items=str(FIXTURES / "tiny_games.csv"),
                       interactions=str(FIXTURES / "tiny_games_plays.csv") if interactions else None,
                       id_col="id", title_col="name", user_col="user", item_col="game", time_col="ts",
                       rating_col=None, domain="game")
    p = custom_source_path(config, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(src.to_json())
    return prepare(config, name, kcore_k=1)


@pytest.fixture(scope="session")
def static_home(tmp_path_factory, worker_id) -> Path:
    """A home holding the static text encoder distilled from the bundled MiniLM (once per test
    run, shared by the run's workers: about 40 s)."""
    from convrec.filelock import file_lock
    from convrec.models.static_text import load_or_distill

    home = shared_tmp(tmp_path_factory, worker_id) / "static_home"
    with file_lock(home.with_name("static_home.lock")):
        load_or_distill(home)
    return home


@pytest.fixture(scope="session")
def tiny_config(tmp_path_factory) -> Config:
    return Config(home=tmp_path_factory.mktemp("tiny_home"), data=DataConfig(root=shared_data_root()))


@pytest.fixture(scope="session")
def tiny_ds(tiny_config):
    return prepare_tiny_games(tiny_config)


@pytest.fixture(scope="session")
def tiny_vocab(tiny_ds):
    from convrec.nlu import Vocabulary

    return Vocabulary.from_dataset(tiny_ds)


# ---------------------------------------------------------------------------- security corpus tally
# (here, not in tests/security/conftest.py: a second conftest module would shadow this one for
# the test files that import helpers from it)
from collections import defaultdict  # noqa: E402

TALLY: dict[str, list[int]] = defaultdict(lambda: [0, 0])


@pytest.fixture
def tally(request):
    """``tally(category, held)`` inside a case: counted whether the case passes or fails (carried
    on the test's report, so the counts add up in the main process when xdist workers run it)."""
    def record(category: str, held: bool) -> None:
        request.node.user_properties.append(("security-tally", [category, bool(held)]))
    return record


def _security_summary(terminalreporter):
    if not TALLY:
        return
    tried = sum(t for t, _ in TALLY.values())
    held = sum(h for _, h in TALLY.values())
    parts = " · ".join(f"{c} {h}/{t}" for c, (t, h) in sorted(TALLY.items()))
    terminalreporter.write_line(f"security corpus: {held}/{tried} cases held ({parts})")


# ---------------------------------------------------------------------------- CI: a skip is a failure
def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if in_ci() and rep.skipped and not hasattr(rep, "wasxfail"):
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        rep.outcome = "failed"
        rep.longrepr = f"skipped under CI, which must run every test: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    rep = outcome.get_result()
    if in_ci() and rep.skipped:  # a module-level importorskip: the whole file would not run
        reason = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        rep.outcome = "failed"
        rep.longrepr = f"skipped under CI, which must run every test: {reason}"


def pytest_collection_modifyitems(config, items):
    """Longest first: tests marked ``slow`` (training, full protocols), then ``llm`` (the real
    model), then the rest, each in collection order. With the workers pytest-xdist starts
    (``-n auto --dist loadfile`` in pyproject), a file is scheduled when its first test comes up,
    so the hour-long files start at once instead of last."""
    rank = {id(it): (0 if it.get_closest_marker("slow") else 1 if it.get_closest_marker("llm") else 2) for it in items}
    items.sort(key=lambda it: rank[id(it)])  # stable: the collection order within each rank


RAN: dict[str, int] = defaultdict(int)
"""Tests that need an outside part, counted when they pass (printed at the end of the run)."""


def pytest_runtest_logreport(report):
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == "security-tally":
                TALLY[value[0]][0] += 1
                TALLY[value[0]][1] += int(value[1])
    if report.when == "call" and report.passed:
        node = report.nodeid.lower()
        if "chromium" in node:
            RAN["in Chromium"] += 1
        if "postgres" in node:
            RAN["on PostgreSQL"] += 1
        if "llm" in report.keywords or "real_llm" in node or "real_model" in node:
            RAN["with the real embedded LLM"] += 1


def pytest_terminal_summary(terminalreporter):
    _security_summary(terminalreporter)
    parts = ", ".join(f"{n} {what}" for what, n in sorted(RAN.items()))
    terminalreporter.write_line(f"tests that ran against real parts: {parts or 'none'}" + (" (CI)" if in_ci() else ""))
