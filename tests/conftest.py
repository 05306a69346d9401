"""Fixtures for every suite: the database a test runs on, each backend in turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.databases import BACKENDS, Target, database_target

# No property test is timed: on a busy CI machine a slow first example is not a failure.
settings.register_profile("yukon", deadline=None)
settings.load_profile("yukon")


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    """A new, empty database: an SQLite file, then a PostgreSQL schema."""
    with database_target(request.param, tmp_path) as target:
        yield target
