"""A game service on each test's database (an SQLite file, then a PostgreSQL schema),
with a clock the test sets by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.databases import Target
from tests.storage.helpers import Clock
from yukon.storage import GameService, open_store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(database: Target, clock: Clock) -> Iterator[GameService]:
    service = GameService(open_store(database), clock=clock)
    yield service
    service.close()
