"""The real app over a real database, an SQLite file and a PostgreSQL schema in
turn (the ``database`` fixture), with a clock the tests move by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from tests.databases import Target
from tests.web.helpers import another_client
from yukon.web import AppSettings, create_app


@dataclass
class FakeClock:
    """Wall-clock seconds that move only when a test says so."""

    now: float = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(database: Target, clock: FakeClock) -> AppSettings:
    return AppSettings(
        db_path=database, clock=clock, rng=random.Random(7), hint_seconds=0.3, analysis_seconds=0.5
    )


@pytest.fixture
def client(settings: AppSettings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def other_client(client: TestClient) -> TestClient:
    """A second player (no cookie shared) on the same server."""
    return another_client(client)
