"""Fixtures for every suite: the database a test runs on, each backend in turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import BACKENDS, Target, database_target


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    """A new, empty database: an SQLite file, then a PostgreSQL schema."""
    with database_target(request.param, tmp_path) as target:
        yield target
