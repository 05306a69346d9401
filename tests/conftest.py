"""Fixtures for every suite: the database a test runs on, each backend in turn;
and no test reads or writes the database of whoever runs the tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.databases import BACKENDS, Target, database_target

# No property test is timed: on a busy CI machine a slow first example is not a failure.
settings.register_profile("yukon", deadline=None)
settings.load_profile("yukon")

# The variables of the test run itself (scripts/test.sh), kept; every other YUKON_* is a
# setting of the app, and one left in a developer's shell would change what a test checks.
_TEST_RUN_VARIABLES = frozenset({"YUKON_TEST_POSTGRES_URL", "YUKON_EXPECT_BUILD"})


@pytest.fixture(autouse=True)
def _own_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A command run without ``--db`` (``yukon prune``, ``serve``, ``backup``, as the
    command-line fuzz runs them) works on the user's data folder: point it at an empty
    folder of this test, never at the real database of the machine's user; and leave
    out the app's settings from the environment (``YUKON_DATABASE_URL`` above all), and
    any proxy: every request of a test is to a server on this machine, and an
    ``HTTP_PROXY`` sent the test's requests to the proxy instead."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    for name in list(os.environ):
        setting = name.startswith("YUKON_") and name not in _TEST_RUN_VARIABLES
        if setting or name.lower().endswith("_proxy"):
            monkeypatch.delenv(name)


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    """A new, empty database: an SQLite file, then a PostgreSQL schema."""
    with database_target(request.param, tmp_path) as target:
        yield target
