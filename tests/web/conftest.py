"""The real app over a real SQLite file in a temporary folder, with a clock the
tests move by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.testclient import TestClient

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
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "yukon.sqlite3"


@pytest.fixture
def settings(db_path: Path, clock: FakeClock) -> AppSettings:
    return AppSettings(
        db_path=db_path, clock=clock, rng=random.Random(7), hint_seconds=0.3, analysis_seconds=0.5
    )


@pytest.fixture
def client(settings: AppSettings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def other_client(client: TestClient) -> TestClient:
    """A second player (no cookie shared) on the same server."""
    return TestClient(client.app)
